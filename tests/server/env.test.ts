import { describe, expect, it } from 'vitest';
import { readEnv } from '../../server/env';

describe('readEnv: demo mode, secrets and rate limits', () => {
  it('demo mode is on by default and off in production unless asked for', () => {
    expect(readEnv({}).demo).toBe(true);
    expect(readEnv({ NODE_ENV: 'production' }).demo).toBe(false);
    expect(readEnv({ NODE_ENV: 'production', DEMO_MODE: '1' }).demo).toBe(true);
    expect(readEnv({ NODE_ENV: 'production', DEMO_MODE: 'true' }).demo).toBe(true);
    expect(readEnv({ DEMO_MODE: '0' }).demo).toBe(false);
    expect(readEnv({ DEMO_MODE: 'false' }).demo).toBe(false);
    expect(() => readEnv({ DEMO_MODE: 'ya' })).toThrow(/DEMO_MODE/);
  });

  it('ORDER_KEY_SECRET is optional and at least 32 characters', () => {
    expect(readEnv({}).orderKeySecret).toBeUndefined();
    expect(readEnv({ ORDER_KEY_SECRET: 'k'.repeat(32) }).orderKeySecret).toBe('k'.repeat(32));
    expect(() => readEnv({ ORDER_KEY_SECRET: 'pendek' })).toThrow(/ORDER_KEY_SECRET/);
  });

  it('REDIS_URL is optional and must be a redis:// or rediss:// address', () => {
    expect(readEnv({}).redisUrl).toBeUndefined();
    expect(readEnv({ REDIS_URL: 'redis://127.0.0.1:6379' }).redisUrl).toBe('redis://127.0.0.1:6379');
    expect(readEnv({ REDIS_URL: 'rediss://cache.contoh.id:6380/0' }).redisUrl).toBe('rediss://cache.contoh.id:6380/0');
    expect(() => readEnv({ REDIS_URL: 'http://127.0.0.1:6379' })).toThrow(
      /REDIS_URL: harus diawali redis:\/\/ atau rediss:\/\//,
    );
  });

  it('OTP_SECRET is optional and at least 32 characters', () => {
    expect(readEnv({}).otpSecret).toBeUndefined();
    expect(readEnv({ OTP_SECRET: 's'.repeat(32) }).otpSecret).toBe('s'.repeat(32));
    expect(() => readEnv({ OTP_SECRET: 'pendek' })).toThrow(/OTP_SECRET: minimal 32 karakter/);
  });

  it('CLIENT_RATE_FACTOR is 1 unless raised, and a whole number', () => {
    expect(readEnv({}).clientRateFactor).toBe(1);
    expect(readEnv({ CLIENT_RATE_FACTOR: '100' }).clientRateFactor).toBe(100);
    expect(() => readEnv({ CLIENT_RATE_FACTOR: 'banyak' })).toThrow(/CLIENT_RATE_FACTOR/);
    expect(() => readEnv({ CLIENT_RATE_FACTOR: '0' })).toThrow(/CLIENT_RATE_FACTOR/);
  });

  it("SHUTDOWN_TIMEOUT_MS is today's 10 s unless set, a whole number of ms from 100", () => {
    expect(readEnv({}).shutdownTimeoutMs).toBe(10_000);
    expect(readEnv({ SHUTDOWN_TIMEOUT_MS: '25000' }).shutdownTimeoutMs).toBe(25_000);
    expect(() => readEnv({ SHUTDOWN_TIMEOUT_MS: 'lama' })).toThrow(/SHUTDOWN_TIMEOUT_MS: harus berupa angka/);
    expect(() => readEnv({ SHUTDOWN_TIMEOUT_MS: '50' })).toThrow(/SHUTDOWN_TIMEOUT_MS: minimal 100/);
    expect(() => readEnv({ SHUTDOWN_TIMEOUT_MS: '1.5' })).toThrow(/SHUTDOWN_TIMEOUT_MS: harus bilangan bulat/);
  });

  it("the database pool settings default to today's pool (10 connections, driver timeouts, no statement limit)", () => {
    expect(readEnv({}).databasePool).toEqual({
      max: 10,
      connectTimeoutS: undefined,
      idleTimeoutS: undefined,
      statementTimeoutMs: undefined,
    });
    expect(
      readEnv({
        DATABASE_POOL_MAX: '40',
        DATABASE_CONNECT_TIMEOUT_S: '5',
        DATABASE_IDLE_TIMEOUT_S: '0',
        DATABASE_STATEMENT_TIMEOUT_MS: '30000',
      }).databasePool,
    ).toEqual({ max: 40, connectTimeoutS: 5, idleTimeoutS: 0, statementTimeoutMs: 30_000 });
  });

  it.each([
    // One connection would be held by the sweep leader's lock: every request would wait for ever.
    ['DATABASE_POOL_MAX', '1', 'minimal 2'],
    ['DATABASE_POOL_MAX', '1001', 'maksimal 1000'],
    ['DATABASE_POOL_MAX', 'sepuluh', 'harus berupa angka'],
    ['DATABASE_CONNECT_TIMEOUT_S', '0', 'minimal 1'],
    ['DATABASE_CONNECT_TIMEOUT_S', '2.5', 'harus bilangan bulat'],
    ['DATABASE_IDLE_TIMEOUT_S', '-1', 'minimal 0'],
    ['DATABASE_STATEMENT_TIMEOUT_MS', '-5', 'minimal 0'],
    ['DATABASE_STATEMENT_TIMEOUT_MS', '99999999999', 'maksimal 2147483647'],
  ])('%s=%s is refused in Indonesian (%s)', (name, value, message) => {
    expect(() => readEnv({ [name]: value })).toThrow(`${name}: ${message}`);
  });
});

describe('readEnv: code senders', () => {
  it('no sender by default', () => {
    expect([readEnv({}).smtp, readEnv({}).whatsapp]).toEqual([undefined, undefined]);
  });

  it('SMTP_URL is smtp:// or smtps:// and comes with SMTP_FROM', () => {
    const url = 'smtps://otp%40berangkat.id:sandi@mail.berangkat.id:465';
    expect(readEnv({ SMTP_URL: url, SMTP_FROM: 'Berangkat <no-reply@berangkat.id>' }).smtp).toEqual({
      url,
      from: 'Berangkat <no-reply@berangkat.id>',
    });
    expect(() => readEnv({ SMTP_URL: 'mail.berangkat.id', SMTP_FROM: 'no-reply@berangkat.id' })).toThrow(
      /SMTP_URL: harus diawali smtp:\/\/ atau smtps:\/\//,
    );
    expect(() => readEnv({ SMTP_URL: url })).toThrow(/SMTP_FROM: harus diisi bersama SMTP_URL/);
    expect(() => readEnv({ SMTP_FROM: 'no-reply@berangkat.id' })).toThrow(/SMTP_URL: harus diisi bersama SMTP_FROM/);
    expect(() => readEnv({ SMTP_URL: url, SMTP_FROM: 'Berangkat' })).toThrow(/SMTP_FROM: harus berisi alamat email/);
    // A header injection through the setting: refused, never sent.
    expect(() => readEnv({ SMTP_URL: url, SMTP_FROM: 'a@b.id\r\nBcc: x@y.id' })).toThrow(/SMTP_FROM/);
  });

  it('the WhatsApp settings come as a set; the API address and language have defaults', () => {
    const set = {
      WHATSAPP_TOKEN: 'EAAJBtokenproduksi123',
      WHATSAPP_PHONE_NUMBER_ID: '106540352242922',
      WHATSAPP_TEMPLATE: 'kode_masuk_berangkat',
    };
    expect(readEnv(set).whatsapp).toEqual({
      apiUrl: 'https://graph.facebook.com/v23.0',
      token: 'EAAJBtokenproduksi123',
      phoneNumberId: '106540352242922',
      template: 'kode_masuk_berangkat',
      language: 'id',
    });
    expect(readEnv({ ...set, WHATSAPP_TEMPLATE_LANGUAGE: 'en_US' }).whatsapp?.language).toBe('en_US');
    const { WHATSAPP_TEMPLATE: _template, ...partial } = set;
    expect(() => readEnv(partial)).toThrow(
      /WHATSAPP_TEMPLATE: harus diisi bersama WHATSAPP_TOKEN, WHATSAPP_PHONE_NUMBER_ID/,
    );
    expect(() => readEnv({ ...set, WHATSAPP_PHONE_NUMBER_ID: '+62 811' })).toThrow(/WHATSAPP_PHONE_NUMBER_ID/);
    expect(() => readEnv({ ...set, WHATSAPP_API_URL: 'graph.facebook.com' })).toThrow(/WHATSAPP_API_URL/);
  });
});

describe('readEnv: payment gateway', () => {
  it('Midtrans: the server key switches it on; the sandbox unless MIDTRANS_BASE_URL says otherwise', () => {
    expect(readEnv({}).midtrans).toBeNull();
    expect(readEnv({ MIDTRANS_SERVER_KEY: 'SB-Mid-server-abc123' }).midtrans).toEqual({
      serverKey: 'SB-Mid-server-abc123',
      clientKey: undefined,
      baseUrl: 'https://api.sandbox.midtrans.com',
    });
    const live = readEnv({ MIDTRANS_SERVER_KEY: 'Mid-server-abc123', MIDTRANS_BASE_URL: 'https://api.midtrans.com' });
    expect(live.midtrans?.baseUrl).toBe('https://api.midtrans.com');
    expect(() => readEnv({ MIDTRANS_SERVER_KEY: 'Mid-server-abc123', MIDTRANS_BASE_URL: 'api.midtrans.com' })).toThrow(
      /MIDTRANS_BASE_URL/,
    );
  });
});
