/**
 * What production mode refuses to start without (docs/decisions/0010-modes-and-secrets.md). Each
 * refusal is one Indonesian line naming the setting and what to do; index.ts prints them all and
 * exits, so an operator fixes everything in one round.
 */
import { inArray } from 'drizzle-orm';
import { DEFAULT_BASIC_CREDENTIALS, type Platform } from '../contract';
import type { Database } from './db/client';
import { customerSessions } from './db/schema';
import { DEMO_TOKENS } from './db/seed-data/accounts';
import type { Env } from './env';
import { tokenHash } from './lib/token-hash';
import { isLoopbackHost } from './services/otp-settings';

const PLATFORM_SETTINGS: readonly { platform: Platform; setting: string; label: string }[] = [
  { platform: 'WEB', setting: 'BASIC_AUTH_WEB', label: 'web' },
  { platform: 'APP-ANDROID', setting: 'BASIC_AUTH_ANDROID', label: 'aplikasi Android' },
  { platform: 'APP-IOS', setting: 'BASIC_AUTH_IOS', label: 'aplikasi iOS' },
];

export const DEMO_IN_PRODUCTION =
  'DEMO_MODE menyala bersama NODE_ENV=production: mode demo (data contoh, token demo, simulasi pembayaran) tidak boleh berjalan sebagai produksi; hapus DEMO_MODE, atau jalankan demo tanpa NODE_ENV=production';

/** The lines that stop a start in these settings; empty when it may start. */
export function startRefusals(env: Env): string[] {
  if (env.demo) return env.production ? [DEMO_IN_PRODUCTION] : [];
  const lines: string[] = [];
  if (!env.databaseUrl)
    lines.push(
      'DATABASE_URL belum diisi: mode produksi hanya berjalan di PostgreSQL (postgres://...); PGlite tidak tahan lama dan hanya untuk mode demo',
    );
  if (!env.orderKeySecret)
    lines.push(
      'ORDER_KEY_SECRET belum diisi: isi rahasia acak minimal 32 karakter (mis. `openssl rand -base64 48`); di mode produksi rahasia tidak pernah diambil dari database',
    );
  if (!env.otpSecret)
    lines.push(
      'OTP_SECRET belum diisi: isi rahasia acak minimal 32 karakter, berbeda dari ORDER_KEY_SECRET; di mode produksi rahasia tidak pernah diambil dari database',
    );
  if (env.orderKeySecret && env.orderKeySecret === env.otpSecret)
    lines.push('ORDER_KEY_SECRET dan OTP_SECRET sama: isi dua rahasia yang berbeda');
  if (!env.midtrans)
    lines.push(
      'MIDTRANS_SERVER_KEY belum diisi: mode produksi hanya menerima pembayaran lewat Midtrans (server key dari dashboard Midtrans; MIDTRANS_BASE_URL=https://api.midtrans.com untuk transaksi sungguhan); simulasi pembayaran hanya untuk mode demo',
    );
  for (const { platform, setting, label } of PLATFORM_SETTINGS) {
    const given = env.credentials[platform];
    const fallback = DEFAULT_BASIC_CREDENTIALS[platform];
    if (given.user === fallback.user && given.password === fallback.password)
      lines.push(
        `${setting} belum diisi atau masih kredensial bawaan pengembangan: isi user:password milik platform ${label}`,
      );
  }
  if (!env.smtp && !env.whatsapp)
    lines.push(
      'SMTP_URL atau WHATSAPP_TOKEN belum diisi: pasang pengirim kode OTP, email lewat SMTP (SMTP_URL dan SMTP_FROM) dan/atau WhatsApp Cloud API (WHATSAPP_TOKEN, WHATSAPP_PHONE_NUMBER_ID, WHATSAPP_TEMPLATE); tanpa pengirim tidak ada yang bisa masuk',
    );
  if (env.whatsapp) {
    const api = new URL(env.whatsapp.apiUrl);
    if (api.protocol !== 'https:' && !isLoopbackHost(api.hostname))
      lines.push('WHATSAPP_API_URL bukan https://: token WhatsApp dan kode OTP tidak boleh dikirim tanpa enkripsi');
  }
  if (env.midtrans) {
    // Every call carries the server key in its Basic auth header.
    const gateway = new URL(env.midtrans.baseUrl);
    if (gateway.protocol !== 'https:' && !isLoopbackHost(gateway.hostname))
      lines.push('MIDTRANS_BASE_URL bukan https://: server key Midtrans tidak boleh dikirim tanpa enkripsi');
  }
  return lines;
}

/**
 * The demo tokens (seed-data/accounts.ts) whose session is in this database: a database once
 * seeded in demo mode still opens those accounts to anyone who read the README.
 */
export async function demoTokensIn(db: Database): Promise<string[]> {
  const byHash = new Map(DEMO_TOKENS.map((token) => [tokenHash(token), token]));
  const rows = await db
    .select({ tokenHash: customerSessions.tokenHash })
    .from(customerSessions)
    .where(inArray(customerSessions.tokenHash, [...byHash.keys()]));
  return DEMO_TOKENS.filter((token) => rows.some((row) => byHash.get(row.tokenHash) === token));
}

/** The one line that refuses a database holding demo tokens, with the statement that removes them. */
export function demoTokenRefusal(tokens: readonly string[]): string {
  const hashes = tokens.map((token) => `'${tokenHash(token)}'`).join(', ');
  return `Database masih menyimpan token demo (${tokens.join(', ')}): hapus dengan SQL "DELETE FROM customer_sessions WHERE token_hash IN (${hashes});" atau pakai database PostgreSQL yang kosong, lalu jalankan lagi`;
}
