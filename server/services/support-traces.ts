/**
 * Support traces sent with "Kirim ke CS": stored under a short code a customer can read out over
 * the phone, opened only by support accounts, deleted after TRACE_RETENTION_DAYS. The app masks
 * personal data before sending; the server still limits what it keeps (size, count, time).
 */
import { createHash, randomInt } from 'node:crypto';
import { and, eq, gt, lte } from 'drizzle-orm';
import {
  SUPPORT_MESSAGE,
  TRACE_RETENTION_DAYS,
  type SupportAccess,
  type SupportTraceRead,
  type SupportTraceSent,
  type TraceDocument,
} from '../../contract';
import type { Database } from '../db/client';
import { customers, supportTraces } from '../db/schema';
import { fromJson } from './sql';
import { ApiError, notFound } from './errors';

/** Crockford's base 32 without I, L, O and U: no two characters read alike. */
const CODE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const CODE_LENGTH = 6;
/** A clash among 32^6 codes is rare; a few new draws settle it. */
const CODE_ATTEMPTS = 5;

export function newSupportCode(): string {
  let code = 'CS-';
  for (let i = 0; i < CODE_LENGTH; i += 1) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return code;
}

/** The sender's address as stored: a hash, enough to count sends, useless to find anyone. */
export function clientKeyOf(client: string): string {
  return createHash('sha256').update(`support-trace:${client}`, 'utf8').digest('hex');
}

export async function storeTrace(
  db: Database,
  input: { trace: TraceDocument; bytes: number; client: string; customerId: number | null; now: Date },
  drawCode: () => string = newSupportCode,
): Promise<SupportTraceSent> {
  const expiresAt = new Date(input.now.getTime() + TRACE_RETENTION_DAYS * 86_400_000);
  for (let attempt = 0; attempt < CODE_ATTEMPTS; attempt += 1) {
    const code = drawCode();
    // The primary key decides a clash: no look-up before the insert.
    const rows = await db
      .insert(supportTraces)
      .values({
        code,
        trace: input.trace,
        bytes: input.bytes,
        clientKey: clientKeyOf(input.client),
        customerId: input.customerId,
        createdAt: input.now,
        expiresAt,
      })
      .onConflictDoNothing()
      .returning({ code: supportTraces.code });
    if (rows.length > 0) return { kode: code, berakhir_pada: expiresAt.toISOString() };
  }
  // Five clashes in a row among 32^6 codes means something else is wrong.
  throw new Error('support code: no free code after several draws');
}

/** A stored trace by its code; an expired one reads as gone even before the sweep. */
export async function readTrace(db: Database, code: string, now: Date): Promise<SupportTraceRead> {
  const [row] = await db
    .select()
    .from(supportTraces)
    .where(and(eq(supportTraces.code, code), gt(supportTraces.expiresAt, now)))
    .limit(1);
  if (!row) throw notFound(SUPPORT_MESSAGE.notFound);
  return {
    kode: row.code,
    dibuat_pada: row.createdAt.toISOString(),
    berakhir_pada: row.expiresAt.toISOString(),
    ukuran: row.bytes,
    trace: fromJson<TraceDocument>(row.trace),
  };
}

/** 403 AUT-4 unless the customer is a support account. */
export async function supportAccess(db: Database, customerId: number): Promise<SupportAccess> {
  const [row] = await db
    .select({ name: customers.name, role: customers.role })
    .from(customers)
    .where(eq(customers.id, customerId))
    .limit(1);
  if (row?.role !== 'support') throw new ApiError(403, 'AUT-4', SUPPORT_MESSAGE.notSupport);
  return { peran: 'support', nama: row.name };
}

/** The periodic sweep: traces past their 30 days go (one idempotent statement). */
export async function sweepExpiredTraces(db: Database, now: Date): Promise<number> {
  const rows = await db
    .delete(supportTraces)
    .where(lte(supportTraces.expiresAt, now))
    .returning({ code: supportTraces.code });
  return rows.length;
}
