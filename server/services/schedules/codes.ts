import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { notFound } from '../errors';
import { queryRows } from '../sql';

/** Schedule and connecting trip codes as operators sell them. */

export const MESSAGE = {
  scheduleNotFound: 'Jadwal tidak ditemukan',
  routeNotFound: 'Jurusan tidak ditemukan',
  notRunning: (date: string) => `Jadwal tidak beroperasi pada tanggal ${date}`,
} as const;

/** A schedule or connecting trip code as the given operator sells it (first leg for a trip), or 404. */
export async function resolveCode(
  db: Database,
  operatorKode: string,
  code: string,
): Promise<{ kind: 'direct' | 'connecting'; id: number }> {
  const rows = await queryRows<{ kind: 'direct' | 'connecting'; id: number; operator_code: string }>(
    db,
    sql`
    SELECT 'direct'::text AS kind, s.id::int AS id, o.code AS operator_code
    FROM schedules s JOIN routes r ON r.id = s.route_id JOIN operators o ON o.id = r.operator_id
    WHERE s.code = ${code}
    UNION ALL
    SELECT 'connecting'::text, ct.id::int, o.code
    FROM connecting_trips ct
    JOIN connecting_legs cl ON cl.trip_id = ct.id AND cl.leg_no = (SELECT min(leg_no) FROM connecting_legs WHERE trip_id = ct.id)
    JOIN schedules s ON s.id = cl.schedule_id JOIN routes r ON r.id = s.route_id JOIN operators o ON o.id = r.operator_id
    WHERE ct.code = ${code}`,
  );
  const match = rows.find((row) => row.operator_code === operatorKode);
  if (!match) throw notFound(MESSAGE.scheduleNotFound);
  return { kind: match.kind, id: match.id };
}
