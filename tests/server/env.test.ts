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
