import { eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { appSecrets } from '../db/schema';
import { newOrderKeySecret } from './order-keys';

const ORDER_KEY_SECRET = 'order-key';

/**
 * The order-key secret every process on this database shares: the first process to start writes
 * one, the rest read it (INSERT ... ON CONFLICT DO NOTHING, then SELECT, so a race still agrees).
 */
export async function sharedOrderKeySecret(db: Database): Promise<string> {
  await db.insert(appSecrets).values({ name: ORDER_KEY_SECRET, value: newOrderKeySecret() }).onConflictDoNothing();
  const [row] = await db.select().from(appSecrets).where(eq(appSecrets.name, ORDER_KEY_SECRET));
  if (!row) throw new Error('order-key secret missing after insert');
  return row.value;
}
