/**
 * Support accounts are made by the operator's command (npm run support:add), never seeded in
 * production. An account has no reachable phone or email, so nobody signs into it by a code: its
 * printed token is the only way in, and like every session only the token's hash is kept.
 */
import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { customers } from '../db/schema';
import { createSession } from './sessions';

/** The domain of support accounts' addresses: .invalid never receives mail (RFC 2606). */
const SUPPORT_DOMAIN = 'support.berangkat.invalid';

export const SUPPORT_NAME_RULE = 'Nama akun support harus 2 sampai 60 karakter';

/** One address per name, so running the command again for a name gives that account a new token. */
export function supportAddress(name: string): string {
  const slug = name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 40);
  const tag = createHash('sha256').update(name.trim().toLowerCase()).digest('hex').slice(0, 8);
  return `cs-${slug || 'akun'}-${tag}@${SUPPORT_DOMAIN}`;
}

export interface SupportAccount {
  customerId: number;
  email: string;
  /** False when an account of this name existed and only got a new token. */
  created: boolean;
  /** Shown once: the database keeps its hash only. */
  token: string;
  expiresAt: Date;
}

/** Creates the support account of `name` (or finds it) and opens a session for it. */
export async function addSupportAccount(db: Database, rawName: string, now: Date): Promise<SupportAccount> {
  const name = rawName.trim().replace(/\s+/g, ' ');
  if (name.length < 2 || name.length > 60) throw new Error(SUPPORT_NAME_RULE);
  const email = supportAddress(name);
  return db.transaction(async (tx) => {
    const inserted = await tx
      .insert(customers)
      .values({ name, email, role: 'support', createdAt: now })
      .onConflictDoNothing()
      .returning({ id: customers.id });
    let customerId = inserted[0]?.id;
    if (customerId === undefined) {
      const [existing] = await tx
        .select({ id: customers.id })
        .from(customers)
        .where(and(eq(customers.email, email), eq(customers.role, 'support')));
      if (!existing) throw new Error(`Alamat ${email} sudah dipakai akun yang bukan akun support`);
      customerId = existing.id;
    }
    const session = await createSession(tx, { customerId, platform: 'WEB', pushToken: null, now });
    return { customerId, email, created: inserted.length > 0, token: session.token, expiresAt: session.expiresAt };
  });
}
