import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * An order's key: HMAC of its code under the server's secret. The reservasi reply hands it to the
 * booking browser and a matching guest look-up hands it to the guest; with it (header X-Order-Key)
 * the order can be opened, paid and cancelled. Nothing is stored per order, so every API process
 * sharing the secret accepts every key.
 */
export function orderKeyFor(secret: string, code: string): string {
  return createHmac('sha256', secret).update(code.trim().toUpperCase()).digest('base64url');
}

export function isOrderKey(secret: string, code: string, key: string | null | undefined): boolean {
  if (!key) return false;
  const expected = Buffer.from(orderKeyFor(secret, code));
  const given = Buffer.from(key);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** A secret for one process (tests); a served app reads a shared one (see server/index.ts). */
export function newOrderKeySecret(): string {
  return randomBytes(32).toString('base64url');
}
