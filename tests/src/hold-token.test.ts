import { beforeEach, describe, expect, it } from 'vitest';
import { HoldTokenSchema } from '../../contract';
import { deviceHoldToken } from '../../src/platform/hold-token';

describe('deviceHoldToken', () => {
  beforeEach(() => localStorage.clear());

  it('is made on the device, kept in storage, and the same on every call (and after a reload)', () => {
    const first = deviceHoldToken();
    expect(HoldTokenSchema.safeParse(first).success).toBe(true);
    expect(deviceHoldToken()).toBe(first);
    expect(localStorage.getItem('berangkat:hold-token')).toBe(first);
  });

  it('differs between devices', () => {
    const one = deviceHoldToken();
    localStorage.clear();
    expect(deviceHoldToken()).not.toBe(one);
  });

  it('replaces a stored value the server would refuse', () => {
    localStorage.setItem('berangkat:hold-token', 'pendek');
    const token = deviceHoldToken();
    expect(token).not.toBe('pendek');
    expect(HoldTokenSchema.safeParse(token).success).toBe(true);
  });
});
