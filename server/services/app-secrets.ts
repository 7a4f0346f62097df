import { eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { appSecrets } from '../db/schema';
import { newOrderKeySecret } from './order-keys';

const ORDER_KEY_SECRET = 'order-key';
const OTP_SECRET = 'otp-code';

/**
 * A secret every process on this database shares: the first process to need it writes one, the
 * rest read it (INSERT ... ON CONFLICT DO NOTHING, then SELECT, so a race still agrees).
 */
async function sharedSecret(db: Database, name: string): Promise<string> {
  await db.insert(appSecrets).values({ name, value: newOrderKeySecret() }).onConflictDoNothing();
  const [row] = await db.select().from(appSecrets).where(eq(appSecrets.name, name));
  if (!row) throw new Error(`${name} secret missing after insert`);
  return row.value;
}

/** Signs order keys (X-Order-Key). */
export function sharedOrderKeySecret(db: Database): Promise<string> {
  return sharedSecret(db, ORDER_KEY_SECRET);
}

/** Keys the HMAC one-time codes are stored under: a code sent by one process is checked by another. */
export function sharedOtpSecret(db: Database): Promise<string> {
  return sharedSecret(db, OTP_SECRET);
}
