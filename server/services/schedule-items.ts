import { sql, type SQL } from 'drizzle-orm';
import {
  FacilitySchema,
  TIME_RANGES,
  type ConnectingLeg,
  type Facility,
  type OperatorType,
  type PointType,
  type Schedule,
  type SearchFilters,
} from '../../contract';
import type { Database } from '../db/client';
import type { RouteStopRow } from '../db/schema';
import { fromJson, intList, queryRows, textArray } from './sql';

/**
 * The "items" of a schedule search: every direct departure (schedule x day) and, when asked,
 * every connecting itinerary (trip x day) in scope, each as one row with what the list shows,
 * filters and sorts on. Built as CTEs so the database joins, counts and pages; callers add their
 * own final SELECT over `items`.
 *
 * Prices: a schedule's lowest price is the least of price, price2 and promo price (promo seats
 * sell at the promo price); its highest is the greater of price and price2. The list shows
 * [lowest] or [lowest, highest], and the normal price struck through when a promo runs.
 * A connecting itinerary sums its legs' prices and has the fewest remaining seats of its legs.
 */

export interface Place {
  id: number;
  tipe: PointType;
}

export interface ItemScope {
  /** First and last departure day, inclusive. */
  start: string;
  end: string;
  origin?: Place | undefined;
  destination?: Place | undefined;
  /** Direct: the schedule's operator; connecting: the first leg's. */
  operatorCode?: string | undefined;
  /** Direct: the schedule's route; connecting: the first leg's. */
  routeId?: number | undefined;
  /** One schedule or connecting trip code. */
  code?: string | undefined;
  connecting: boolean;
  /** Group direct schedules by operator and route (`XTR-12`) instead of one group per schedule. */
  groupByOperatorRoute?: boolean | undefined;
  /** Departures of this day at or before this `HH:mm` have left: not sold, so not listed. */
  departed?: { day: string; by: string } | null | undefined;
}

export interface ItemRow {
  kind: 'direct' | 'connecting';
  item_id: number;
  code: string;
  day: string;
  group_key: string;
  operator_code: string;
  operator_codes: string[];
  operator_name: string;
  operator_type: OperatorType;
  operator_logo: string;
  service: string;
  jurusan_id: number;
  time_departure: string;
  time_arrival: string;
  price_lo: number;
  price_hi: number;
  price_normal: number | null;
  remaining: number;
  total_seats: number;
  select_seat: boolean;
  refundable: boolean;
  facilities: Facility[];
  depart_name: string;
  drop_name: string;
  depart_city: string;
  drop_city: string;
  address_from: string;
  address_to: string;
  lat_from: number;
  lon_from: number;
  lat_to: number;
  lon_to: number;
}

/** The part of a row every statement over `items` selects, in one order for the UNION. */
const ITEM_COLUMNS = [
  'kind',
  'item_id',
  'code',
  'day',
  'group_key',
  'operator_code',
  'operator_codes',
  'operator_name',
  'operator_type',
  'operator_logo',
  'service',
  'jurusan_id',
  'time_departure',
  'time_arrival',
  'price_lo',
  'price_hi',
  'price_normal',
  'remaining',
  'total_seats',
  'select_seat',
  'refundable',
  'facilities',
  'depart_name',
  'drop_name',
  'depart_city',
  'drop_city',
  'address_from',
  'address_to',
  'lat_from',
  'lon_from',
  'lat_to',
  'lon_to',
] as const satisfies readonly (keyof ItemRow)[];

type Columns = Record<(typeof ITEM_COLUMNS)[number], SQL>;

/** `alias.kind, alias.item_id, ...`: the item columns of a row source, for a final SELECT. */
export function itemColumnList(alias: string): SQL {
  return sql.raw(ITEM_COLUMNS.map((name) => `${alias}.${name}`).join(', '));
}

function selectList(columns: Columns): SQL {
  return sql.join(
    ITEM_COLUMNS.map((name) => sql`${columns[name]} AS ${sql.identifier(name)}`),
    sql`, `,
  );
}

/*
 * Ids and amounts from the query are compared as bigint: the contract bounds them only as
 * positive integers, and an int4 parameter out of range would be a database error (500)
 * instead of simply matching nothing.
 */
function placeMatch(pointAlias: string, place: Place | undefined): SQL {
  if (!place) return sql`TRUE`;
  const alias = sql.raw(pointAlias);
  return place.tipe === 'kota' ? sql`${alias}.city_id = ${place.id}::bigint` : sql`${alias}.id = ${place.id}::bigint`;
}

const LOWEST = (s: string) => sql.raw(`least(${s}.price, ${s}.price2, ${s}.promo_price)`);
const HIGHEST = (s: string) => sql.raw(`greatest(${s}.price, ${s}.price2)`);

/**
 * `days`, `direct`, [`conn_legs`, `conn`] and `items`, to follow a `WITH`. Booked seats are
 * counted per departure with a LATERAL count on the partial index (schedule_id,
 * departure_date) WHERE live, so a search reads only the bookings of the departures it shows.
 */
export function itemsCte(scope: ItemScope): SQL {
  const directWhere = sql.join(
    [
      placeMatch('po', scope.origin),
      placeMatch('pd', scope.destination),
      scope.operatorCode === undefined ? sql`TRUE` : sql`o.code = ${scope.operatorCode}`,
      scope.routeId === undefined ? sql`TRUE` : sql`r.id = ${scope.routeId}::bigint`,
      scope.code === undefined ? sql`TRUE` : sql`s.code = ${scope.code}`,
    ],
    sql` AND `,
  );

  const direct: Columns = {
    kind: sql`'direct'::text`,
    item_id: sql`s.id::int`,
    code: sql`s.code`,
    day: sql`to_char(d.day, 'YYYY-MM-DD')`,
    group_key: scope.groupByOperatorRoute ? sql`o.code || '-' || r.id::text` : sql`s.code`,
    operator_code: sql`o.code`,
    operator_codes: sql`ARRAY[o.code]::text[]`,
    operator_name: sql`o.name`,
    operator_type: sql`o.type`,
    operator_logo: sql`o.logo`,
    service: sql`s.service`,
    jurusan_id: sql`r.id::int`,
    time_departure: sql`to_char(s.departure_time, 'HH24:MI')`,
    time_arrival: sql`to_char(s.departure_time + make_interval(mins => s.duration_minutes), 'HH24:MI')`,
    price_lo: sql`${LOWEST('s')}::int`,
    price_hi: sql`${HIGHEST('s')}::int`,
    price_normal: sql`(CASE WHEN s.promo_price IS NOT NULL THEN s.price END)::int`,
    remaining: sql`greatest(l.capacity - bk.n, 0)::int`,
    total_seats: sql`l.capacity::int`,
    select_seat: sql`s.select_seat`,
    refundable: sql`s.refundable`,
    facilities: sql`ARRAY(SELECT jsonb_array_elements_text(s.facilities))::text[]`,
    depart_name: sql`po.name`,
    drop_name: sql`pd.name`,
    depart_city: sql`co.name`,
    drop_city: sql`cd.name`,
    address_from: sql`po.address`,
    address_to: sql`pd.address`,
    lat_from: sql`po.lat::float8`,
    lon_from: sql`po.lon::float8`,
    lat_to: sql`pd.lat::float8`,
    lon_to: sql`pd.lon::float8`,
  };

  const firstLeg = (column: string) => sql.raw(`(array_agg(cg.${column} ORDER BY cg.leg_no))[1]`);
  const allLegsHave = sql.join(
    FacilitySchema.options.map(
      (facility) =>
        sql`CASE WHEN bool_and(cg.facilities @> jsonb_build_array(${facility}::text)) THEN ${facility}::text END`,
    ),
    sql`, `,
  );
  const conn: Columns = {
    kind: sql`'connecting'::text`,
    item_id: sql`cg.trip_id::int`,
    code: sql`cg.trip_code`,
    day: sql`to_char(cg.trip_day, 'YYYY-MM-DD')`,
    group_key: sql`cg.trip_code`,
    operator_code: firstLeg('operator_code'),
    operator_codes: sql`array_agg(DISTINCT cg.operator_code)::text[]`,
    operator_name: sql`string_agg(cg.operator_name, ' + ' ORDER BY cg.leg_no)`,
    operator_type: firstLeg('operator_type'),
    operator_logo: firstLeg('operator_logo'),
    service: sql`'Pindah Armada'::text`,
    jurusan_id: sql`${firstLeg('route_id')}::int`,
    time_departure: sql`to_char(${firstLeg('departure_time')}, 'HH24:MI')`,
    time_arrival: sql`to_char((array_agg(cg.arrival_time ORDER BY cg.leg_no DESC))[1], 'HH24:MI')`,
    price_lo: sql`sum(cg.lo)::int`,
    price_hi: sql`sum(cg.hi)::int`,
    price_normal: sql`(CASE WHEN bool_or(cg.promo_price IS NOT NULL) THEN sum(cg.price) END)::int`,
    remaining: sql`min(cg.remaining)::int`,
    total_seats: sql`min(cg.capacity)::int`,
    select_seat: sql`bool_and(cg.select_seat)`,
    refundable: sql`bool_and(cg.refundable)`,
    facilities: sql`array_remove(ARRAY[${allLegsHave}], NULL)::text[]`,
    depart_name: sql`po.name`,
    drop_name: sql`pd.name`,
    depart_city: sql`co.name`,
    drop_city: sql`cd.name`,
    address_from: sql`po.address`,
    address_to: sql`pd.address`,
    lat_from: sql`po.lat::float8`,
    lon_from: sql`po.lon::float8`,
    lat_to: sql`pd.lat::float8`,
    lon_to: sql`pd.lon::float8`,
  };
  const connHaving = sql.join(
    [
      sql`bool_and(cg.valid)`,
      scope.operatorCode === undefined ? sql`TRUE` : sql`${firstLeg('operator_code')} = ${scope.operatorCode}`,
      scope.routeId === undefined ? sql`TRUE` : sql`${firstLeg('route_id')} = ${scope.routeId}::bigint`,
    ],
    sql` AND `,
  );

  const connectingCtes = scope.connecting
    ? sql`,
    conn_legs AS (
      SELECT ct.id AS trip_id, ct.code AS trip_code, d.day AS trip_day, cl.leg_no,
             o.code AS operator_code, o.name AS operator_name, o.type AS operator_type, o.logo AS operator_logo,
             r.id AS route_id, s.departure_time,
             s.departure_time + make_interval(mins => s.duration_minutes) AS arrival_time,
             s.price, s.promo_price, ${LOWEST('s')} AS lo, ${HIGHEST('s')} AS hi,
             l.capacity, greatest(l.capacity - bk.n, 0) AS remaining,
             s.select_seat, s.refundable, s.facilities,
             (d.day + cl.day_offset BETWEEN s.valid_from AND s.valid_until) AS valid,
             ct.origin_point_id, ct.destination_point_id
      FROM connecting_trips ct
      JOIN points po ON po.id = ct.origin_point_id
      JOIN points pd ON pd.id = ct.destination_point_id
      CROSS JOIN days d
      JOIN connecting_legs cl ON cl.trip_id = ct.id
      JOIN schedules s ON s.id = cl.schedule_id
      JOIN routes r ON r.id = s.route_id
      JOIN operators o ON o.id = r.operator_id
      JOIN seat_layouts l ON l.id = s.layout_id
      CROSS JOIN LATERAL (
        SELECT count(*) AS n FROM seat_bookings b
        WHERE b.live AND b.schedule_id = s.id AND b.departure_date = d.day + cl.day_offset
      ) bk
      WHERE ${placeMatch('po', scope.origin)} AND ${placeMatch('pd', scope.destination)}
        AND ${scope.code === undefined ? sql`TRUE` : sql`ct.code = ${scope.code}`}
    ),
    conn AS (
      SELECT ${selectList(conn)}
      FROM conn_legs cg
      JOIN points po ON po.id = cg.origin_point_id
      JOIN cities co ON co.id = po.city_id
      JOIN points pd ON pd.id = cg.destination_point_id
      JOIN cities cd ON cd.id = pd.city_id
      GROUP BY cg.trip_id, cg.trip_code, cg.trip_day, po.id, co.id, pd.id, cd.id
      HAVING ${connHaving}
    )`
    : sql``;

  return sql`
    days AS (
      SELECT g::date AS day FROM generate_series(${scope.start}::date, ${scope.end}::date, interval '1 day') AS g
    ),
    direct AS (
      SELECT ${selectList(direct)}
      FROM schedules s
      JOIN routes r ON r.id = s.route_id
      JOIN operators o ON o.id = r.operator_id
      JOIN seat_layouts l ON l.id = s.layout_id
      JOIN points po ON po.id = r.origin_point_id
      JOIN cities co ON co.id = po.city_id
      JOIN points pd ON pd.id = r.destination_point_id
      JOIN cities cd ON cd.id = pd.city_id
      JOIN days d ON d.day BETWEEN s.valid_from AND s.valid_until
      CROSS JOIN LATERAL (
        SELECT count(*) AS n FROM seat_bookings b
        WHERE b.live AND b.schedule_id = s.id AND b.departure_date = d.day
      ) bk
      WHERE ${directWhere}
    )${connectingCtes},
    items AS (
      SELECT * FROM (
        SELECT * FROM direct ${scope.connecting ? sql`UNION ALL SELECT * FROM conn` : sql``}
      ) u WHERE ${departedCondition(scope.departed)}
    )`;
}

/** A connecting trip has left with its first leg; `time_departure` is `HH:mm`, so text order is time order. */
function departedCondition(departed: ItemScope['departed']): SQL {
  if (!departed) return sql`TRUE`;
  return sql`NOT (day = ${departed.day} AND time_departure <= ${departed.by})`;
}

export interface ItemFilters extends Partial<Omit<SearchFilters, 'sort'>> {
  /** Return-leg search: only this operator / route. */
  onlyOperator?: string | undefined;
  onlyRoute?: number | undefined;
}

/** WHERE condition over `items` for the search filters (TRUE when none). */
export function filterCondition(filters: ItemFilters): SQL {
  const parts: SQL[] = [];
  if (filters.operator && filters.operator.length > 0)
    parts.push(sql`operator_codes && ${textArray(filters.operator)}`);
  if (filters.jam && filters.jam.length > 0) {
    const ranges = TIME_RANGES.filter((range) => filters.jam?.includes(range.kode));
    parts.push(
      sql`(${sql.join(
        ranges.map((range) => sql`time_departure BETWEEN ${range.dari} AND ${range.sampai}`),
        sql` OR `,
      )})`,
    );
  }
  if (filters.fasilitas && filters.fasilitas.length > 0) parts.push(sql`facilities @> ${textArray(filters.fasilitas)}`);
  if (filters.harga_min !== undefined) parts.push(sql`price_lo >= ${filters.harga_min}::bigint`);
  if (filters.harga_max !== undefined) parts.push(sql`price_lo <= ${filters.harga_max}::bigint`);
  if (filters.onlyOperator !== undefined) parts.push(sql`operator_code = ${filters.onlyOperator}`);
  if (filters.onlyRoute !== undefined) parts.push(sql`jurusan_id = ${filters.onlyRoute}::bigint`);
  return parts.length === 0 ? sql`TRUE` : sql.join(parts, sql` AND `);
}

/** Sort keys over `items`: departure time then price, or price then time. */
export function sortKeys(sort: 'berangkat' | 'termurah'): [SQL, SQL] {
  return sort === 'termurah'
    ? [sql.raw('price_lo'), sql.raw('time_departure')]
    : [sql.raw('time_departure'), sql.raw('price_lo')];
}

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
    JOIN routes r ON r.id = s.route_id
    JOIN operators o ON o.id = r.operator_id
    JOIN seat_layouts l ON l.id = s.layout_id
    JOIN points po ON po.id = r.origin_point_id
    JOIN cities co ON co.id = po.city_id
    JOIN points pd ON pd.id = r.destination_point_id
    JOIN cities cd ON cd.id = pd.city_id
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

/** One departure (schedule x day): its bookable seats; live bookings take them. */
export interface SeatSlot {
  scheduleId: number;
  date: string;
  capacity: number;
}

/** What a listed schedule's seat figures come from: its own departure, or each leg's. */
export type ScheduleSeats = { kind: 'direct'; slot: SeatSlot } | { kind: 'connecting'; legs: SeatSlot[] };

/** Items as the wire's Schedule objects; connecting ones get their legs. */
export async function toSchedules(db: Database, rows: readonly ItemRow[]): Promise<Schedule[]> {
  return (await toSchedulesWithSeats(db, rows)).schedules;
}

/** As toSchedules, with where each schedule's remaining seats come from (same order). */
export async function toSchedulesWithSeats(
  db: Database,
  rows: readonly ItemRow[],
): Promise<{ schedules: Schedule[]; seats: ScheduleSeats[] }> {
  const tripsByDay = new Map<string, number[]>();
  for (const row of rows) {
    if (row.kind !== 'connecting') continue;
    tripsByDay.set(row.day, [...(tripsByDay.get(row.day) ?? []), row.item_id]);
  }
  const legs = new Map<string, LoadedLeg[]>();
  for (const [day, ids] of tripsByDay) {
    const loaded = await loadLegs(db, ids, day);
    for (const [tripId, list] of loaded) legs.set(`${tripId}@${day}`, list);
  }
  const schedules: Schedule[] = [];
  const seats: ScheduleSeats[] = [];
  for (const row of rows) {
    const own = row.kind === 'connecting' ? (legs.get(`${row.item_id}@${row.day}`) ?? []) : [];
    schedules.push(toSchedule(row, own.map(toWireLeg)));
    seats.push(
      row.kind === 'connecting'
        ? { kind: 'connecting', legs: own.map((leg) => leg.seats) }
        : { kind: 'direct', slot: { scheduleId: row.item_id, date: row.day, capacity: row.total_seats } },
    );
  }
  return { schedules, seats };
}

/**
 * Live booked-seat counts of the given departures, in order, in one round trip. The lists go as
 * array literals (ids and YYYY-MM-DD dates only), one parameter each, on either driver; the
 * database returns only the departures holding bookings.
 */
export async function liveBookedCounts(db: Database, slots: readonly SeatSlot[]): Promise<number[]> {
  if (slots.length === 0) return [];
  const ids = `{${[...new Set(slots.map((slot) => slot.scheduleId))].join(',')}}`;
  const dates = `{${[...new Set(slots.map((slot) => slot.date))].join(',')}}`;
  const rows = await queryRows<{ s: number; d: string; n: number }>(
    db,
    sql`SELECT b.schedule_id::int AS s, to_char(b.departure_date, 'YYYY-MM-DD') AS d, count(*)::int AS n
        FROM seat_bookings b
        WHERE b.live AND b.schedule_id = ANY(${ids}::int[]) AND b.departure_date = ANY(${dates}::date[])
        GROUP BY b.schedule_id, b.departure_date`,
  );
  const booked = new Map(rows.map((row) => [`${row.s}@${row.d}`, row.n]));
  return slots.map((slot) => booked.get(`${slot.scheduleId}@${slot.date}`) ?? 0);
}

interface CountWaiter {
  slots: readonly SeatSlot[];
  resolve: (counts: number[]) => void;
  reject: (error: unknown) => void;
}

/** Per database: counts asked for while a count query runs, and whether one runs. */
const countQueues = new WeakMap<Database, { waiting: CountWaiter[]; running: boolean }>();

/**
 * liveBookedCounts for many concurrent requests in few round trips: requests asking in the same
 * turn of the event loop, or while a count query runs, share the next query. Each
 * request is answered by a query that started after it arrived, so it never misses a booking
 * committed before it asked.
 */
export function batchedBookedCounts(db: Database, slots: readonly SeatSlot[]): Promise<number[]> {
  if (slots.length === 0) return Promise.resolve([]);
  let queue = countQueues.get(db);
  if (!queue) {
    queue = { waiting: [], running: false };
    countQueues.set(db, queue);
  }
  const current = queue;
  return new Promise<number[]>((resolve, reject) => {
    current.waiting.push({ slots, resolve, reject });
    if (current.running) return;
    current.running = true;
    // Start after this turn of the event loop: the requests read in the same turn (PGlite runs
    // on this thread, so they pile up while a query runs) join the same query.
    setImmediate(() => void drainCounts(db, current));
  });
}

async function drainCounts(db: Database, queue: { waiting: CountWaiter[]; running: boolean }): Promise<void> {
  try {
    while (queue.waiting.length > 0) {
      const batch = queue.waiting.splice(0);
      try {
        const counts = await liveBookedCounts(
          db,
          batch.flatMap((waiter) => waiter.slots),
        );
        let at = 0;
        for (const waiter of batch) {
          waiter.resolve(counts.slice(at, at + waiter.slots.length));
          at += waiter.slots.length;
        }
      } catch (error) {
        for (const waiter of batch) waiter.reject(error);
      }
    }
  } finally {
    queue.running = false;
  }
}

/** Remaining seats of one departure, as the search query computes them. */
export const remainingOf = (slot: SeatSlot, booked: number) => Math.max(slot.capacity - booked, 0);

export function priceTicket(row: Pick<ItemRow, 'price_lo' | 'price_hi'>): number[] {
  return row.price_hi > row.price_lo ? [row.price_lo, row.price_hi] : [row.price_lo];
}

function toSchedule(row: ItemRow, legs: ConnectingLeg[]): Schedule {
  return {
    code_schedule: row.code,
    is_connecting: row.kind === 'connecting',
    operator_code: row.operator_code,
    operator_name: row.operator_name,
    operator_type: row.operator_type,
    operator_logo: row.operator_logo,
    service: row.service,
    jurusan_id: row.jurusan_id,
    depart: row.depart_name,
    drop: row.drop_name,
    depart_city: row.depart_city,
    drop_city: row.drop_city,
    select_seat: row.select_seat,
    price_ticket: priceTicket(row),
    price_normal: row.price_normal,
    remaining_seats: row.remaining,
    total_seats: row.total_seats,
    time_departure: row.time_departure,
    time_arrival: row.time_arrival,
    date: row.day,
    address_from: row.address_from,
    address_to: row.address_to,
    lat_from: row.lat_from,
    lon_from: row.lon_from,
    lat_to: row.lat_to,
    lon_to: row.lon_to,
    facilities: row.facilities,
    is_refundable: row.refundable,
    routes_connecting: legs,
  };
}
