import { sql } from 'drizzle-orm';
import type { ConnectingLeg, OperatorType } from '../../../contract';
import type { Database } from '../../db/client';
import type { RouteStopRow } from '../../db/schema';
import { fromJson, intList, queryRows } from '../sql';
import { LOWEST, SCHEDULE_JOINS } from './items-sql';
import type { SeatSlot } from './seat-counts';

/** The legs of connecting itineraries: each leg's own operator, date, stops and seats. */

interface LegRow {
  trip_id: number;
  schedule_id: number;
  capacity: number;
  leg_no: number;
  date_go: string;
  operator_name: string;
  operator_code: string;
  operator_type: OperatorType;
  operator_logo: string;
  schedule_code: string;
  jam_berangkat: string;
  jam_tiba: string;
  departure_time: string;
  asal_kota_nama: string;
  asal_cabang_nama: string;
  tujuan_kota_nama: string;
  tujuan_cabang_nama: string;
  harga: number;
  sisa_kursi: number;
  select_seat: boolean;
  stops: unknown;
  asal_lat: number;
  asal_cabang_lat: number;
  asal_cabang_lon: number;
  tujuan_cabang_lat: number;
  tujuan_cabang_lon: number;
  asal_alamat: string;
  tujuan_alamat: string;
  duration_minutes: number;
}

export interface LoadedLeg extends ConnectingLeg {
  tripId: number;
  /** The leg's own departure, whose live bookings give its `sisa_kursi`. */
  seats: SeatSlot;
  departureTime: string;
  stops: RouteStopRow[];
}

/** A schedule's stops; when none are stored, its two ends. */
export function stopsOrEnds(
  stops: RouteStopRow[],
  ends: {
    from: string;
    fromAddress: string;
    to: string;
    toAddress: string;
    duration: number;
    fromLat: number;
    fromLon: number;
    toLat: number;
    toLon: number;
  },
): RouteStopRow[] {
  if (stops.length > 0) return stops;
  return [
    { title: ends.from, address: ends.fromAddress, minutes: 0, lat: ends.fromLat, lon: ends.fromLon },
    { title: ends.to, address: ends.toAddress, minutes: ends.duration, lat: ends.toLat, lon: ends.toLon },
  ];
}

/** Legs of the given connecting trips departing on `day`, with each leg's own date and seats. */
export async function loadLegs(
  db: Database,
  tripIds: readonly number[],
  day: string,
): Promise<Map<number, LoadedLeg[]>> {
  const byTrip = new Map<number, LoadedLeg[]>();
  if (tripIds.length === 0) return byTrip;
  const rows = await queryRows<LegRow>(
    db,
    sql`
    SELECT cl.trip_id::int, cl.leg_no::int, s.id::int AS schedule_id, l.capacity::int AS capacity,
           to_char(${day}::date + cl.day_offset, 'YYYY-MM-DD') AS date_go,
           o.name AS operator_name, o.code AS operator_code, o.type AS operator_type, o.logo AS operator_logo,
           s.code AS schedule_code,
           to_char(s.departure_time, 'HH24:MI') AS jam_berangkat,
           to_char(s.departure_time + make_interval(mins => s.duration_minutes), 'HH24:MI') AS jam_tiba,
           to_char(s.departure_time, 'HH24:MI') AS departure_time,
           s.duration_minutes::int,
           co.name AS asal_kota_nama, po.name AS asal_cabang_nama, cd.name AS tujuan_kota_nama, pd.name AS tujuan_cabang_nama,
           ${LOWEST('s')}::int AS harga,
           greatest(l.capacity - bk.n, 0)::int AS sisa_kursi,
           s.select_seat, s.stops,
           co.lat::float8 AS asal_lat, po.lat::float8 AS asal_cabang_lat, po.lon::float8 AS asal_cabang_lon,
           pd.lat::float8 AS tujuan_cabang_lat, pd.lon::float8 AS tujuan_cabang_lon,
           po.address AS asal_alamat, pd.address AS tujuan_alamat
    FROM connecting_legs cl
    JOIN schedules s ON s.id = cl.schedule_id
    ${SCHEDULE_JOINS}
    CROSS JOIN LATERAL (
      SELECT count(*)::int AS n FROM seat_bookings b
      WHERE b.live AND b.schedule_id = s.id AND b.departure_date = ${day}::date + cl.day_offset
    ) bk
    WHERE cl.trip_id IN (${intList(tripIds)})
    ORDER BY cl.trip_id, cl.leg_no`,
  );
  for (const row of rows) {
    const stops = stopsOrEnds(fromJson<RouteStopRow[]>(row.stops), {
      from: row.asal_cabang_nama,
      fromAddress: row.asal_alamat,
      to: row.tujuan_cabang_nama,
      toAddress: row.tujuan_alamat,
      duration: row.duration_minutes,
      fromLat: row.asal_cabang_lat,
      fromLon: row.asal_cabang_lon,
      toLat: row.tujuan_cabang_lat,
      toLon: row.tujuan_cabang_lon,
    });
    const leg: LoadedLeg = {
      tripId: row.trip_id,
      seats: { scheduleId: row.schedule_id, date: row.date_go, capacity: row.capacity },
      departureTime: row.departure_time,
      stops,
      leg: row.leg_no,
      operator_name: row.operator_name,
      operator_code: row.operator_code,
      operator_type: row.operator_type,
      operator_logo: row.operator_logo,
      schedule_code: row.schedule_code,
      date_go: row.date_go,
      jam_berangkat: row.jam_berangkat,
      jam_tiba: row.jam_tiba,
      asal_kota_nama: row.asal_kota_nama,
      asal_cabang_nama: row.asal_cabang_nama,
      tujuan_kota_nama: row.tujuan_kota_nama,
      tujuan_cabang_nama: row.tujuan_cabang_nama,
      harga: row.harga,
      sisa_kursi: row.sisa_kursi,
      select_seat: row.select_seat,
      kursi: [],
      rute: stops.map((stop) => ({ title: stop.title, alamat: stop.address })),
      asal_lat: row.asal_lat,
      asal_cabang_lat: row.asal_cabang_lat,
      asal_cabang_lon: row.asal_cabang_lon,
      tujuan_cabang_lat: row.tujuan_cabang_lat,
      tujuan_cabang_lon: row.tujuan_cabang_lon,
    };
    const list = byTrip.get(row.trip_id) ?? [];
    list.push(leg);
    byTrip.set(row.trip_id, list);
  }
  return byTrip;
}

/** The wire's ConnectingLeg: the loaded leg without its server-side extras. */
export function toWireLeg(leg: LoadedLeg): ConnectingLeg {
  const { tripId: _tripId, seats: _seats, departureTime: _departureTime, stops: _stops, ...wire } = leg;
  return wire;
}
