/**
 * A signed-in customer's points (customer-point, customer-history-point). Every change of the
 * balance writes its history row in the same statement (reservations-db: redeemPoints,
 * creditPoints, the expiry refund), so the history always explains the balance.
 */
import { sql } from 'drizzle-orm';
import {
  POINT_ENTRY_LABEL,
  type CustomerHistoryPointResults,
  type CustomerPointResults,
  type PointEntryKind,
} from '../../contract';
import type { Database } from '../db/client';
import { queryRows } from './sql';

export const POINT_PAGE_SIZE = 10;

export async function pointBalance(db: Database, customerId: number): Promise<CustomerPointResults> {
  const [row] = await queryRows<{ points: number }>(
    db,
    sql`SELECT points::int AS points FROM customers WHERE id = ${customerId}`,
  );
  return { total_point: row?.points ?? 0 };
}

interface EntryRow {
  total: number;
  balance: number;
  id: number | null;
  kind: PointEntryKind;
  points: number;
  code: string | null;
  created_at: string;
}

/** What each entry says: the kind's label, and the order's code when it has one. */
function describe(kind: PointEntryKind, code: string | null): string {
  const label = POINT_ENTRY_LABEL[kind];
  if (!code) return label;
  return kind === 'potongan' ? `${label} ${code}` : `${label} dari pesanan ${code}`;
}

export async function pointHistory(
  db: Database,
  customerId: number,
  page: number,
): Promise<CustomerHistoryPointResults> {
  const rows = await queryRows<EntryRow>(
    db,
    sql`
    SELECT counted.total, counted.balance, entries.*
    FROM (
      SELECT (SELECT count(*)::int FROM point_history WHERE customer_id = ${customerId}) AS total,
             (SELECT points::int FROM customers WHERE id = ${customerId}) AS balance
    ) counted
    LEFT JOIN LATERAL (
      SELECT h.id::int, h.kind, h.points::int, r.code::text AS code, h.created_at
      FROM point_history h LEFT JOIN reservations r ON r.id = h.reservation_id
      WHERE h.customer_id = ${customerId}
      ORDER BY h.created_at DESC, h.id DESC
      LIMIT ${POINT_PAGE_SIZE} OFFSET ${(page - 1) * POINT_PAGE_SIZE}
    ) entries ON true`,
  );
  const first = rows[0];
  return {
    total_point: first?.balance ?? 0,
    page,
    per_page: POINT_PAGE_SIZE,
    total: first?.total ?? 0,
    list: rows
      .filter((row): row is EntryRow & { id: number } => row.id !== null)
      .map((row) => ({
        id: row.id,
        tipe: row.kind,
        point: row.points,
        keterangan: describe(row.kind, row.code),
        reservasi_kode: row.code,
        tanggal: new Date(row.created_at).toISOString(),
      })),
  };
}
