import { eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { customers } from '../db/schema';
import type { AuthCustomer } from '../http/types';

/** The customer holding this bearer token, or null. */
export async function findCustomerByToken(db: Database, token: string): Promise<AuthCustomer | null> {
  const rows = await db
    .select({ id: customers.id, points: customers.points })
    .from(customers)
    .where(eq(customers.token, token))
    .limit(1);
  return rows[0] ?? null;
}
