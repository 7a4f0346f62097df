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
