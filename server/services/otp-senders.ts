/**
 * The real code senders and how a code finds one: email codes go by SMTP (otp-smtp.ts), phone
 * codes by the WhatsApp Cloud API (otp-whatsapp.ts), each only when its settings are given
 * (docs/decisions/0016-code-delivery.md). A channel without a sender is refused with an Indonesian
 * 503 SRV-2 that names the other channel; with no sender at all, demo mode keeps the development
 * outbox and production does not start (production-checks.ts).
 */
import type { LoginChannel } from '../../contract';
import type { Database } from '../db/client';
import type { Logger } from '../logger';
import { notConfigured } from './errors';
import { noOtpSender, outboxSender, type OtpSender } from './otp-delivery';
import { smtpSender } from './otp-smtp';
import { whatsappSender } from './otp-whatsapp';
import type { SmtpSettings, WhatsappSettings } from './otp-settings';

/** What a traveller reads when the channel they chose has no sender here. */
export const CHANNEL_NOT_CONFIGURED: Record<LoginChannel, string> = {
  email: 'Kode OTP lewat email belum tersedia. Silakan masuk dengan nomor handphone.',
  telp: 'Kode OTP lewat WhatsApp belum tersedia. Silakan masuk dengan email.',
};

/** Each channel to its own sender; a channel without one is refused, never sent elsewhere. */
export function routedSender(senders: Partial<Record<LoginChannel, OtpSender>>): OtpSender {
  return {
    configured: true,
    send(message) {
      const sender = senders[message.channel];
      if (!sender) return Promise.reject(notConfigured(CHANNEL_NOT_CONFIGURED[message.channel]));
      return sender.send(message);
    },
  };
}

export interface OtpDelivery {
  sender: OtpSender;
  /** The channels a real sender serves; empty for the outbox or no sender. */
  channels: LoginChannel[];
  /** Closes pooled connections (shutdown). */
  close(): Promise<void>;
}

/**
 * The sender a process uses. Configured senders are used in either mode, so a demo can send real
 * mail; the outbox stands in only when no sender is configured at all, and only in demo mode.
 */
export function otpDelivery(
  settings: { smtp: SmtpSettings | undefined; whatsapp: WhatsappSettings | undefined; demo: boolean },
  deps: { db: Database; logger: Logger },
): OtpDelivery {
  const email = settings.smtp
    ? smtpSender(settings.smtp, { logger: deps.logger, requireTls: !settings.demo })
    : undefined;
  const telp = settings.whatsapp ? whatsappSender(settings.whatsapp, { logger: deps.logger }) : undefined;
  const channels: LoginChannel[] = [...(telp ? ['telp' as const] : []), ...(email ? ['email' as const] : [])];
  if (channels.length === 0)
    return {
      sender: settings.demo ? outboxSender(deps.db, deps.logger) : noOtpSender,
      channels,
      close: () => Promise.resolve(),
    };
  return {
    sender: routedSender({ email, telp }),
    channels,
    close: () => {
      email?.close();
      return Promise.resolve();
    },
  };
}
