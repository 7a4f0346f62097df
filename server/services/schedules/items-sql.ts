import { GENERIC_PLAN_MARK } from '../../db/client';
import { sql, type SQL } from 'drizzle-orm';
import {
  FacilitySchema,
  TIME_RANGES,
  type Facility,
  type OperatorType,
  type PointType,
  type SearchFilters,
} from '../../../contract';
import { textArray } from '../sql';

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

export const LOWEST = (s: string) => sql.raw(`least(${s}.price, ${s}.price2, ${s}.promo_price)`);
export const HIGHEST = (s: string) => sql.raw(`greatest(${s}.price, ${s}.price2)`);

/**
 * What a schedule `s` is read with, under the aliases every search statement uses: its route `r`,
 * operator `o`, layout `l`, and pools `po`/`pd` in cities `co`/`cd`.
 */
export const SCHEDULE_JOINS = sql.raw(`JOIN routes r ON r.id = s.route_id
  JOIN operators o ON o.id = r.operator_id
  JOIN seat_layouts l ON l.id = s.layout_id
  JOIN points po ON po.id = r.origin_point_id
  JOIN cities co ON co.id = po.city_id
  JOIN points pd ON pd.id = r.destination_point_id
  JOIN cities cd ON cd.id = pd.city_id`);

/** Where an item departs and arrives: the pools `po`/`pd` in cities `co`/`cd`, for either kind. */
const PLACE_COLUMNS = {
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
} satisfies Partial<Columns>;

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
    ...PLACE_COLUMNS,
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
    ...PLACE_COLUMNS,
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

  // Every statement built on this CTE asks for one generic plan (server/db/client.ts).
  return sql`${sql.raw(GENERIC_PLAN_MARK)}
    days AS (
      SELECT g::date AS day FROM generate_series(${scope.start}::date, ${scope.end}::date, interval '1 day') AS g
    ),
    direct AS (
      SELECT ${selectList(direct)}
      FROM schedules s
      ${SCHEDULE_JOINS}
      JOIN days d ON d.day BETWEEN s.valid_from AND s.valid_until
      CROSS JOIN LATERAL (
        SELECT count(*) AS n FROM seat_bookings b
        WHERE b.live AND b.schedule_id = s.id AND b.departure_date = d.day
      ) bk
      WHERE ${directWhere}
    )${connectingCtes},
    items AS (${itemsSelect(scope)})`;
}

/** The union of direct and connecting items; today's departures that have left are dropped. */
function itemsSelect(scope: ItemScope): SQL {
  const union = sql`SELECT * FROM direct ${scope.connecting ? sql`UNION ALL SELECT * FROM conn` : sql``}`;
  // Only a departed filter needs the union wrapped; the plain one leaves the planner nothing to push down.
  return scope.departed ? sql`SELECT * FROM (${union}) u WHERE ${departedCondition(scope.departed)}` : union;
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
