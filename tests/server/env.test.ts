import { describe, expect, it } from 'vitest';
import { readEnv } from '../../server/env';

describe('readEnv: demo mode and the order-key secret', () => {
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
});
