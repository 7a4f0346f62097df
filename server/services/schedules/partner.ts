import { sql } from 'drizzle-orm';
import type { Schedule } from '../../../contract';
import type { Database } from '../../db/client';
import { notFound } from '../errors';
import { inBookingWindow } from '../../lib/dates';
import { requireOperatorId } from '../points';
import { queryRows } from '../sql';
import { MESSAGE } from './codes';
import { itemsCte, sortKeys, type ItemRow, type ItemScope } from './items-sql';
import { departedAt } from './scope';
import { toSchedules } from './wire';

/** The partner schedule page: one operator's departures on one route and day. */

async function fetchItems(db: Database, scope: ItemScope, order: 'time'): Promise<ItemRow[]> {
  const [first, second] = sortKeys(order === 'time' ? 'berangkat' : 'termurah');
  return queryRows<ItemRow>(db, sql`WITH ${itemsCte(scope)} SELECT * FROM items ORDER BY ${first}, ${second}, code`);
}

/** One operator's departures on one route and day (the partner schedule page). */
export async function listJadwal(
  db: Database,
  today: string,
  q: { operator_kode: string; jurusan_id: number; tanggal_berangkat: string; show_connecting: boolean },
  now: Date = new Date(),
): Promise<Schedule[]> {
  const operatorId = await requireOperatorId(db, q.operator_kode);
  const route = await queryRows<{ id: number }>(
    db,
    sql`SELECT id::int FROM routes WHERE id = ${q.jurusan_id}::bigint AND operator_id = ${operatorId}`,
  );
  if (route.length === 0) throw notFound(MESSAGE.routeNotFound);
  if (!inBookingWindow(q.tanggal_berangkat, today)) return [];
  const rows = await fetchItems(
    db,
    {
      start: q.tanggal_berangkat,
      end: q.tanggal_berangkat,
      operatorCode: q.operator_kode,
      routeId: q.jurusan_id,
      connecting: q.show_connecting,
      departed: departedAt(today, now),
    },
    'time',
  );
  return toSchedules(db, rows);
}
