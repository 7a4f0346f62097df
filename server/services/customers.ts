import { eq } from 'drizzle-orm';
import type { CustomerProfilResults } from '../../contract';
import type { Database } from '../db/client';
import { customers } from '../db/schema';
import { signInRequired } from './errors';

/** The signed-in customer behind a bearer token. */
export interface AuthCustomer {
  id: number;
  points: number;
}

export const PROFILE_MESSAGE = {
  signInRequired: 'Silakan masuk terlebih dahulu untuk melihat profil',
} as const;

/** The customer holding this bearer token, or null. */
export async function findCustomerByToken(db: Database, token: string): Promise<AuthCustomer | null> {
  const rows = await db
    .select({ id: customers.id, points: customers.points })
    .from(customers)
    .where(eq(customers.token, token))
    .limit(1);
  return rows[0] ?? null;
}

/** The profile of a signed-in customer (GET customer-profil). */
export async function customerProfile(db: Database, customerId: number): Promise<CustomerProfilResults> {
  const rows = await db
    .select({ nama: customers.name, email: customers.email, telp: customers.phone })
    .from(customers)
    .where(eq(customers.id, customerId))
    .limit(1);
  const profile = rows[0];
  // The token was found a moment ago; a customer deleted since is a session that ended.
  if (!profile) throw signInRequired(PROFILE_MESSAGE.signInRequired);
  return profile;
}
