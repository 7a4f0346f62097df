import { sql } from 'drizzle-orm';
import {
  OPERATOR_DEPARTURES_PER_ROUTE,
  OPERATOR_LOOKAHEAD_DAYS,
  OPERATOR_MESSAGES,
  type DetailOperatorResults,
  type OperatorDeparture,
  type OperatorType,
} from '../../contract';
import type { Database } from '../db/client';
import { addDays } from '../lib/dates';
import { notFound } from './errors';
import { itemsCte } from './schedules/items-sql';
import { departedAt } from './schedules/scope';
import { queryRows } from './sql';

/**
 * The operator landing page (landing-page-mitra): the operator, every route it serves (its
 * origin and destination pools and cities), and per route the earliest departures still on sale
 * from now through OPERATOR_LOOKAHEAD_DAYS days, read from the same items the search lists.
 */
export async function operatorLanding(
  db: Database,
  today: string,
  code: string,
  now: Date = new Date(),
): Promise<DetailOperatorResults> {
  const found = await queryRows<{ id: number; kode: string; nama: string; logo: string; tipe: OperatorType }>(
    db,
    sql`SELECT id::int, code AS kode, name AS nama, logo, type AS tipe FROM operators WHERE code = ${code}`,
  );
  const operator = found[0];
  if (!operator) throw notFound(OPERATOR_MESSAGES.notFound);

  const routeRows = await queryRows<{
    jurusan_id: number;
    asal_id: number;
    asal_nama: string;
    asal_kota: string;
    tujuan_id: number;
    tujuan_nama: string;
    tujuan_kota: string;
  }>(
    db,
    sql`
    SELECT r.id::int AS jurusan_id,
           po.id::int AS asal_id, po.name AS asal_nama, co.name AS asal_kota,
           pd.id::int AS tujuan_id, pd.name AS tujuan_nama, cd.name AS tujuan_kota
    FROM routes r
    JOIN points po ON po.id = r.origin_point_id JOIN cities co ON co.id = po.city_id
    JOIN points pd ON pd.id = r.destination_point_id JOIN cities cd ON cd.id = pd.city_id
    WHERE r.operator_id = ${operator.id}
    ORDER BY co.name, cd.name, po.name, pd.name, r.id`,
  );

  const departures = await queryRows<{ jurusan_id: number } & OperatorDeparture>(
    db,
    sql`
    WITH ${itemsCte({
      start: today,
      end: addDays(today, OPERATOR_LOOKAHEAD_DAYS - 1),
      operatorCode: operator.kode,
      connecting: false,
      departed: departedAt(today, now),
    })},
    ranked AS (
      SELECT i.*, row_number() OVER (PARTITION BY jurusan_id ORDER BY day, time_departure, code) AS n
      FROM items i WHERE remaining > 0
    )
    SELECT jurusan_id::int, code AS jadwal_kode, to_char(day::date, 'YYYY-MM-DD') AS tanggal,
           time_departure AS jam_berangkat, price_lo::int AS harga, remaining::int AS sisa_kursi
    FROM ranked WHERE n <= ${OPERATOR_DEPARTURES_PER_ROUTE}
    ORDER BY jurusan_id, n`,
  );
  const byRoute = new Map<number, OperatorDeparture[]>();
  for (const { jurusan_id, ...departure } of departures) {
    const list = byRoute.get(jurusan_id) ?? [];
    list.push({ ...departure, harga: Number(departure.harga), sisa_kursi: Number(departure.sisa_kursi) });
    byRoute.set(jurusan_id, list);
  }

  return {
    operator: { kode: operator.kode, nama: operator.nama, logo: operator.logo, tipe: operator.tipe },
    jurusan: routeRows.map((row) => ({
      ...row,
      asal_tipe: 'cabang' as const,
      tujuan_tipe: 'cabang' as const,
      keberangkatan: byRoute.get(row.jurusan_id) ?? [],
    })),
  };
}
