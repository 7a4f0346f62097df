import { sql } from 'drizzle-orm';
import type { DateSummary } from '../../../contract';
import type { Database } from '../../db/client';
import { addDays, daysBetween, dateRange, windowEnd } from '../../lib/dates';
import { queryRows } from '../sql';
import { resolveCode } from './codes';
import { itemsCte } from './items-sql';
import { departedAt, searchScope, type SearchBase } from './scope';

/** The date strips: per day, a search's departures and lowest fare, or one schedule's free seats. */

/** The part of `[start, start + count)` inside today's booking window, or null. */
function clipToWindow(start: string, count: number, today: string): { start: string; end: string } | null {
  const end = addDays(start, count - 1);
  const from = daysBetween(today, start) < 0 ? today : start;
  const lastBookable = windowEnd(today);
  const to = daysBetween(end, lastBookable) < 0 ? lastBookable : end;
  return daysBetween(from, to) < 0 ? null : { start: from, end: to };
}

/** The date strip: per day, how many departures and the lowest price. */
export async function listTanggal(
  db: Database,
  today: string,
  q: SearchBase & { tanggal_mulai: string; jumlah_hari: number },
  now: Date = new Date(),
): Promise<DateSummary[]> {
  const days = dateRange(q.tanggal_mulai, q.jumlah_hari);
  const span = clipToWindow(q.tanggal_mulai, q.jumlah_hari, today);
  const byDay = new Map<string, { n: number; lo: number | null }>();
  if (span) {
    const rows = await queryRows<{ day: string; n: number; lo: number | null }>(
      db,
      sql`WITH ${itemsCte(searchScope(q, span.start, span.end, departedAt(today, now)))}
          SELECT day, count(*)::int AS n, min(price_lo)::int AS lo FROM items GROUP BY day`,
    );
    for (const row of rows) byDay.set(row.day, row);
  }
  return days.map((tanggal) => {
    const found = byDay.get(tanggal);
    return { tanggal, jumlah_jadwal: found?.n ?? 0, harga_min: found?.lo ?? null };
  });
}

/** Per day: does this schedule (or connecting trip) run with free seats, and how many. */
export async function listTanggalAvailable(
  db: Database,
  today: string,
  q: { operator_kode: string; jadwal_kode: string; tanggal_mulai: string; jumlah_hari: number },
  now: Date = new Date(),
) {
  const target = await resolveCode(db, q.operator_kode, q.jadwal_kode);
  const days = dateRange(q.tanggal_mulai, q.jumlah_hari);
  const span = clipToWindow(q.tanggal_mulai, q.jumlah_hari, today);
  const byDay = new Map<string, number>();
  if (span) {
    const rows = await queryRows<{ day: string; remaining: number }>(
      db,
      sql`WITH ${itemsCte({
        start: span.start,
        end: span.end,
        code: q.jadwal_kode,
        connecting: target.kind === 'connecting',
        departed: departedAt(today, now),
      })}
          SELECT day, remaining FROM items WHERE kind = ${target.kind} AND item_id = ${target.id}`,
    );
    for (const row of rows) byDay.set(row.day, row.remaining);
  }
  return days.map((tanggal) => {
    const remaining = byDay.get(tanggal) ?? 0;
    return { tanggal, tersedia: remaining > 0, sisa_kursi: remaining };
  });
}
