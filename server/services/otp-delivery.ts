/**
 * How one-time codes reach the traveller. The server only knows this interface. The real senders
 * (email by SMTP, phones by the WhatsApp Cloud API) are in otp-senders.ts, chosen by settings;
 * a demo without any keeps the development outbox (server log and the otp_outbox table, read by
 * demo/otp-outbox). A sender that fails rejects, and the code is then never usable (otp.ts).
 */
import { and, desc, eq } from 'drizzle-orm';
import { OTP, type LoginChannel, type OtpOutboxResults } from '../../contract';
import type { Database } from '../db/client';
import { otpOutbox } from '../db/schema';
import type { Logger } from '../logger';
import { notConfigured } from './errors';

export interface OtpMessage {
  channel: LoginChannel;
  /** The normalised phone (08…) or lower-case email. */
  address: string;
  code: string;
  /** What the traveller reads, in Indonesian. */
  text: string;
  at: Date;
}

export interface OtpSender {
  /** False for the stand-in that refuses every code (no sender configured). */
  readonly configured?: boolean;
  /** Resolves once the message is handed over; a rejection means nothing was sent. */
  send(message: OtpMessage): Promise<void>;
}

export const NO_OTP_SENDER_MESSAGE =
  'Masuk dengan kode OTP belum tersedia: pengirim SMS, WhatsApp atau email belum dipasang. Silakan coba lagi nanti.';

/**
 * Production before a real sender is configured: every code request is answered 503 SRV-2 and
 * the code goes nowhere, neither to the log nor to a table.
 */
export const noOtpSender: OtpSender = {
  configured: false,
  send() {
    return Promise.reject(notConfigured(NO_OTP_SENDER_MESSAGE));
  },
};

export function otpText(code: string): string {
  return `Kode OTP Berangkat kamu: ${code}. Berlaku ${OTP.ttlSeconds / 60} menit. Jangan berikan kode ini kepada siapa pun.`;
}

/** 0812****7890 and ri***@contoh.id: enough for the traveller to recognise, too little to harvest. */
export function maskAddress(channel: LoginChannel, address: string): string {
  if (channel === 'telp') {
    if (address.length <= 8) return `${address.slice(0, 2)}${'*'.repeat(Math.max(1, address.length - 2))}`;
    return `${address.slice(0, 4)}${'*'.repeat(address.length - 8)}${address.slice(-4)}`;
  }
  const at = address.lastIndexOf('@');
  const local = at < 0 ? address : address.slice(0, at);
  const domain = at < 0 ? '' : address.slice(at);
  return `${local.slice(0, local.length > 2 ? 2 : 1)}***${domain}`;
}

/**
 * The development outbox, demo mode only: nothing leaves the machine, and a tester reads the code
 * in clear from the log or demo/otp-outbox. Never wired outside demo mode (app.ts, index.ts).
 */
export function outboxSender(db: Database, logger: Logger): OtpSender {
  return {
    async send(message) {
      await db.insert(otpOutbox).values({
        channel: message.channel,
        address: message.address,
        message: message.text,
        code: message.code,
        createdAt: message.at,
      });
      logger.info(
        { channel: message.channel, to: maskAddress(message.channel, message.address), message: message.text },
        'otp outbox',
      );
    },
  };
}

/** The newest outbox rows of one phone or email (demo/otp-outbox). */
export async function readOutbox(db: Database, channel: LoginChannel, address: string): Promise<OtpOutboxResults> {
  const rows = await db
    .select()
    .from(otpOutbox)
    .where(and(eq(otpOutbox.channel, channel), eq(otpOutbox.address, address)))
    .orderBy(desc(otpOutbox.createdAt), desc(otpOutbox.id))
    .limit(10);
  return {
    list: rows.map((row) => ({
      tipe: row.channel,
      tujuan: row.address,
      pesan: row.message,
      kode: row.code,
      dibuat_pada: row.createdAt.toISOString(),
    })),
  };
}
