import { asc, eq, sql } from 'drizzle-orm';
import type { DetailJadwal, Operator } from '../../../contract';
import type { Database } from '../../db/client';
import { operators, type RouteStopRow } from '../../db/schema';
import { notFound } from '../errors';
import { addDays, addMinutes } from '../../lib/dates';
import { fromJson, queryRows } from '../sql';
import { MESSAGE, resolveCode } from './codes';
import { itemsCte, type ItemRow } from './items-sql';
import { loadLegs, stopsOrEnds } from './legs';
import { priceTicket } from './wire';

/** Schedule detail with dated stops, the operator's terms and the operator list. */

type DetailStop = DetailJadwal['rute_perjalanan'][number];

/** Stops with their calendar date and wall-clock time: departure plus each stop's minutes. */
function datedStops(stops: RouteStopRow[], date: string, departure: string): DetailStop[] {
  return stops.map((stop) => {
    const at = addMinutes(departure, stop.minutes);
    return {
      tanggal: addDays(date, at.dayOffset),
      jam: at.time,
      title: stop.title,
      alamat: stop.address,
      lat: stop.lat,
      lon: stop.lon,
    };
  });
}

interface DirectStopsRow {
  stops: unknown;
  duration_minutes: number;
  po_name: string;
  po_address: string;
  po_lat: number;
  po_lon: number;
  pd_name: string;
  pd_address: string;
  pd_lat: number;
  pd_lon: number;
}

/** Schedule detail: operator, time, stops with dates; for a connecting trip each leg too. */
export async function detailJadwal(
  db: Database,
  q: { operator_code: string; schedule_code: string; date: string },
): Promise<DetailJadwal> {
  const target = await resolveCode(db, q.operator_code, q.schedule_code);
  const rows = await queryRows<ItemRow>(
    db,
    sql`WITH ${itemsCte({ start: q.date, end: q.date, code: q.schedule_code, connecting: target.kind === 'connecting' })}
        SELECT * FROM items WHERE kind = ${target.kind} AND item_id = ${target.id}`,
  );
  const item = rows[0];
  if (!item) throw notFound(MESSAGE.notRunning(q.date));

  const base = {
    operator_kode: item.operator_code,
    operator_nama: item.operator_name,
    operator_logo: item.operator_logo,
    layanan: item.service,
    jam_berangkat: item.time_departure,
    tanggal_berangkat: item.day,
    fasilitas: item.facilities,
    harga: priceTicket(item),
    sisa_kursi: item.remaining,
  };

  if (target.kind === 'connecting') {
    const legs = (await loadLegs(db, [target.id], q.date)).get(target.id) ?? [];
    const list_connecting = legs.map((leg) => ({
      operator_nama: leg.operator_name,
      operator_kode: leg.operator_code,
      jadwal_kode: leg.schedule_code,
      tanggal_berangkat: leg.date_go,
      jam_berangkat: leg.jam_berangkat,
      rute_perjalanan: datedStops(leg.stops, leg.date_go, leg.departureTime),
    }));
    return { ...base, rute_perjalanan: list_connecting.flatMap((leg) => leg.rute_perjalanan), list_connecting };
  }

  const stopRows = await queryRows<DirectStopsRow>(
    db,
    sql`
    SELECT s.stops, s.duration_minutes::int,
           po.name AS po_name, po.address AS po_address, po.lat::float8 AS po_lat, po.lon::float8 AS po_lon,
           pd.name AS pd_name, pd.address AS pd_address, pd.lat::float8 AS pd_lat, pd.lon::float8 AS pd_lon
    FROM schedules s JOIN routes r ON r.id = s.route_id
    JOIN points po ON po.id = r.origin_point_id JOIN points pd ON pd.id = r.destination_point_id
    WHERE s.id = ${target.id}`,
  );
  const stopRow = stopRows[0];
  if (!stopRow) throw notFound(MESSAGE.scheduleNotFound);
  const stops = stopsOrEnds(fromJson<RouteStopRow[]>(stopRow.stops), {
    from: stopRow.po_name,
    fromAddress: stopRow.po_address,
    to: stopRow.pd_name,
    toAddress: stopRow.pd_address,
    duration: stopRow.duration_minutes,
    fromLat: stopRow.po_lat,
    fromLon: stopRow.po_lon,
    toLat: stopRow.pd_lat,
    toLon: stopRow.pd_lon,
  });
  return { ...base, rute_perjalanan: datedStops(stops, q.date, item.time_departure), list_connecting: [] };
}

/** Shown when an operator has not written its own terms yet. */
const DEFAULT_TERMS = ['Penumpang wajib hadir di titik keberangkatan paling lambat 15 menit sebelum jadwal.'];

export async function operatorSnk(db: Database, operatorKode: string) {
  const rows = await db
    .select({ code: operators.code, name: operators.name, terms: operators.terms })
    .from(operators)
    .where(eq(operators.code, operatorKode))
    .limit(1);
  const row = rows[0];
  if (!row) throw notFound(`Operator ${operatorKode} tidak ditemukan`);
  return { operator_kode: row.code, operator_nama: row.name, snk: row.terms.length > 0 ? row.terms : DEFAULT_TERMS };
}

export async function listOperators(db: Database): Promise<Operator[]> {
  return db
    .select({ kode: operators.code, nama: operators.name, logo: operators.logo, tipe: operators.type })
    .from(operators)
    .orderBy(asc(operators.name));
}
