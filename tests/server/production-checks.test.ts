import { describe, expect, it } from 'vitest';
import { readEnv } from '../../server/env';
import { DEMO_IN_PRODUCTION, demoTokenRefusal, startRefusals } from '../../server/production-checks';
import { tokenHash } from '../../server/lib/token-hash';

/** Everything production needs, none of it a development default. */
const COMPLETE = {
  NODE_ENV: 'production',
  DATABASE_URL: 'postgres://berangkat@db.internal:5432/berangkat',
  ORDER_KEY_SECRET: 'k'.repeat(40),
  OTP_SECRET: 'o'.repeat(40),
  MIDTRANS_SERVER_KEY: 'Mid-server-uji-produksi',
  BASIC_AUTH_WEB: 'web-prod:rahasia-web-1',
  BASIC_AUTH_ANDROID: 'android-prod:rahasia-android-2',
  BASIC_AUTH_IOS: 'ios-prod:rahasia-ios-3',
  SMTP_URL: 'smtps://otp%40berangkat.id:sandi-smtp@mail.berangkat.id:465',
  SMTP_FROM: 'Berangkat <no-reply@berangkat.id>',
};
const WHATSAPP = {
  WHATSAPP_TOKEN: 'EAAJBtokenproduksi123',
  WHATSAPP_PHONE_NUMBER_ID: '106540352242922',
  WHATSAPP_TEMPLATE: 'kode_masuk_berangkat',
};

const refusals = (source: Record<string, string>) => startRefusals(readEnv(source));
/** The setting each line starts with. */
const named = (lines: string[]) => lines.map((line) => line.split(/[ :]/)[0]);

describe('production start refusals', () => {
  it('demo mode (npm start) starts with nothing set', () => {
    expect(refusals({})).toEqual([]);
    expect(refusals({ NODE_ENV: 'development' })).toEqual([]);
  });

  it('production with nothing set names every missing item, one line each', () => {
    const lines = refusals({ NODE_ENV: 'production' });
    expect(named(lines)).toEqual([
      'DATABASE_URL',
      'ORDER_KEY_SECRET',
      'OTP_SECRET',
      'MIDTRANS_SERVER_KEY',
      'BASIC_AUTH_WEB',
      'BASIC_AUTH_ANDROID',
      'BASIC_AUTH_IOS',
      'SMTP_URL',
    ]);
    for (const line of lines) expect(line).not.toContain('\n');
    expect(lines[0]).toContain('PostgreSQL');
  });

  it('production with every setting starts', () => {
    expect(refusals(COMPLETE)).toEqual([]);
  });

  it('each missing setting is named on its own', () => {
    for (const key of [
      'DATABASE_URL',
      'ORDER_KEY_SECRET',
      'OTP_SECRET',
      'MIDTRANS_SERVER_KEY',
      'BASIC_AUTH_ANDROID',
    ] as const) {
      const { [key]: _gone, ...rest } = COMPLETE;
      expect(named(refusals(rest))).toEqual([key]);
    }
  });

  it('the development credentials of contract/platform.ts count as unset', () => {
    const lines = refusals({
      ...COMPLETE,
      BASIC_AUTH_WEB: 'berangkat-web:web-2026',
      BASIC_AUTH_IOS: 'berangkat-ios:ios-2026',
    });
    expect(named(lines)).toEqual(['BASIC_AUTH_WEB', 'BASIC_AUTH_IOS']);
    expect(lines[0]).toContain('bawaan pengembangan');
  });

  it("without a code sender production refuses to start, naming both senders' settings; either one is enough", () => {
    const { SMTP_URL: _url, SMTP_FROM: _from, ...noSender } = COMPLETE;
    const lines = refusals(noSender);
    expect(lines).toEqual([
      'SMTP_URL atau WHATSAPP_TOKEN belum diisi: pasang pengirim kode OTP, email lewat SMTP (SMTP_URL dan SMTP_FROM) dan/atau WhatsApp Cloud API (WHATSAPP_TOKEN, WHATSAPP_PHONE_NUMBER_ID, WHATSAPP_TEMPLATE); tanpa pengirim tidak ada yang bisa masuk',
    ]);
    expect(refusals({ ...noSender, ...WHATSAPP })).toEqual([]);
    expect(refusals({ ...COMPLETE, ...WHATSAPP })).toEqual([]);
  });

  it('a WhatsApp API address without TLS is refused unless it is this machine', () => {
    expect(refusals({ ...COMPLETE, ...WHATSAPP, WHATSAPP_API_URL: 'http://graph.facebook.com/v23.0' })).toEqual([
      'WHATSAPP_API_URL bukan https://: token WhatsApp dan kode OTP tidak boleh dikirim tanpa enkripsi',
    ]);
    expect(refusals({ ...COMPLETE, ...WHATSAPP, WHATSAPP_API_URL: 'http://127.0.0.1:8080/v23.0' })).toEqual([]);
  });

  it('a Midtrans address without TLS is refused unless it is this machine: the server key rides in every call', () => {
    expect(refusals({ ...COMPLETE, MIDTRANS_BASE_URL: 'http://api.midtrans.com' })).toEqual([
      'MIDTRANS_BASE_URL bukan https://: server key Midtrans tidak boleh dikirim tanpa enkripsi',
    ]);
    expect(refusals({ ...COMPLETE, MIDTRANS_BASE_URL: 'http://127.0.0.1:9' })).toEqual([]);
    expect(refusals({ ...COMPLETE, MIDTRANS_BASE_URL: 'https://api.midtrans.com' })).toEqual([]);
  });

  it('one secret used for both order keys and codes is refused', () => {
    expect(refusals({ ...COMPLETE, OTP_SECRET: COMPLETE.ORDER_KEY_SECRET })).toEqual([
      'ORDER_KEY_SECRET dan OTP_SECRET sama: isi dua rahasia yang berbeda',
    ]);
  });

  it('DEMO_MODE=1 together with NODE_ENV=production is refused with one line', () => {
    expect(refusals({ ...COMPLETE, DEMO_MODE: '1' })).toEqual([DEMO_IN_PRODUCTION]);
    expect(refusals({ NODE_ENV: 'production', DEMO_MODE: 'true' })).toEqual([DEMO_IN_PRODUCTION]);
  });

  it('DEMO_MODE=0 is production mode whatever NODE_ENV says: the same checks apply', () => {
    expect(named(refusals({ DEMO_MODE: '0' }))).toContain('DATABASE_URL');
    const { NODE_ENV: _production, ...rest } = COMPLETE;
    expect(refusals({ ...rest, DEMO_MODE: '0' })).toEqual([]);
  });

  it('the demo-token refusal names the tokens and the statement that removes them', () => {
    const line = demoTokenRefusal(['demo-token-berangkat', 'cs-token-berangkat']);
    expect(line).not.toContain('\n');
    expect(line).toContain('demo-token-berangkat, cs-token-berangkat');
    expect(line).toContain(
      `DELETE FROM customer_sessions WHERE token_hash IN ('${tokenHash('demo-token-berangkat')}', '${tokenHash('cs-token-berangkat')}');`,
    );
  });
});
