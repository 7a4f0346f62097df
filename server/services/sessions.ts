/**
 * Signed-in devices. A token is 32 random bytes handed to the app once; the database keeps only
 * its SHA-256, so a copy of the database opens no account. A session ends after SESSION_DAYS or
 * when revoked (customer-logout).
 */
import { randomBytes } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { SESSION_DAYS } from '../../contract';
import type { Database } from '../db/client';
import { customerSessions, customers } from '../db/schema';
import { tokenHash } from '../lib/token-hash';

/** The signed-in customer behind a bearer token, and the session it came through. */
export interface AuthCustomer {
  id: number;
  points: number;
  sessionId: number;
}

export function newSessionToken(): string {
  return randomBytes(32).toString('base64url');
}

export function sessionExpiry(from: Date): Date {
  return new Date(from.getTime() + SESSION_DAYS * 86_400_000);
}

type Executor = Pick<Database, 'insert'>;

/** Opens a session for a customer (inside the caller's transaction when given one); answers the token, once. */
export async function createSession(
  db: Executor,
  input: { customerId: number; platform: string | null; pushToken: string | null; now: Date },
): Promise<{ token: string; expiresAt: Date }> {
  const token = newSessionToken();
  const expiresAt = sessionExpiry(input.now);
  await db.insert(customerSessions).values({
    customerId: input.customerId,
    tokenHash: tokenHash(token),
    platform: input.platform,
    pushToken: input.pushToken,
    createdAt: input.now,
    expiresAt,
  });
  return { token, expiresAt };
}

/** The customer of a live session (known, not revoked, not expired at `now`), or null. */
export async function findSession(db: Database, token: string, now: Date): Promise<AuthCustomer | null> {
  if (!token) return null;
  const rows = await db
    .select({ id: customers.id, points: customers.points, sessionId: customerSessions.id })
    .from(customerSessions)
    .innerJoin(customers, eq(customers.id, customerSessions.customerId))
    .where(
      and(
        eq(customerSessions.tokenHash, tokenHash(token)),
        isNull(customerSessions.revokedAt),
        gt(customerSessions.expiresAt, now),
      ),
    )
    .limit(1);
  return rows[0] ?? null;
}

/** Ends a session now; a second call changes nothing. */
export async function revokeSession(db: Database, sessionId: number, now: Date): Promise<void> {
  await db
    .update(customerSessions)
    .set({ revokedAt: now })
    .where(and(eq(customerSessions.id, sessionId), isNull(customerSessions.revokedAt)));
}
