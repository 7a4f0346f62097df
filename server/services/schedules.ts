import { asc, eq, sql } from 'drizzle-orm';
import {
  FACILITY_LABEL,
  FacilitySchema,
  SEARCH_PAGE_SIZE,
  TIME_RANGES,
  type DateSummary,
  type DetailJadwal,
  type ListFilterResults,
  type Operator,
  type Schedule,
  type ScheduleGroup,
  type SearchJadwalQuery,
  type SearchJadwalResults,
} from '../../contract';
import type { Database } from '../db/client';
import { operators, type RouteStopRow } from '../db/schema';
import { notFound } from '../http/errors';
import { addDays, addMinutes, daysBetween, dateRange, departedBy, inBookingWindow, windowEnd } from './dates';
import { requireOperatorId } from './points';
import {
  batchedBookedCounts,
  filterCondition,
  itemColumnList,
  itemsCte,
  loadLegs,
  priceTicket,
  remainingOf,
  sortKeys,
  stopsOrEnds,
  toSchedules,
  toSchedulesWithSeats,
  type ItemRow,
  type ItemScope,
  type Place,
  type ScheduleSeats,
  type SeatSlot,
} from './schedule-items';
import { fromJson, queryRows } from './sql';

export const MESSAGE = {
  scheduleNotFound: 'Jadwal tidak ditemukan',
  routeNotFound: 'Jurusan tidak ditemukan',
  notRunning: (date: string) => `Jadwal tidak beroperasi pada tanggal ${date}`,
} as const;

interface SearchBase {
  asal_id: number;
  asal_tipe: Place['tipe'];
  tujuan_id: number;
  tujuan_tipe: Place['tipe'];
  show_connecting: boolean;
}

function searchScope(q: SearchBase, start: string, end: string, departed: ItemScope['departed']): ItemScope {
  return {
    start,
    end,
    origin: { id: q.asal_id, tipe: q.asal_tipe },
    destination: { id: q.tujuan_id, tipe: q.tujuan_tipe },
    connecting: q.show_connecting,
    departed,
  };
}

/** Today's departures that have left by `now` (Jakarta time), for the lists that sell. */
function departedAt(today: string, now: Date): ItemScope['departed'] {
  const by = departedBy(today, now);
  return by === null ? null : { day: today, by };
}

type PagedRow = { total: number; total_jadwal: number } & (ItemRow | { [K in keyof ItemRow]: null });

/*
 * Search page cache. On the embedded database every statement runs on one WASM thread, so the
 * page query (~6 ms) caps the whole API near 150 searches a second. Which departures match, how
 * they are grouped, sorted and paged, and their prices depend only on the timetable (schedules,
 * routes, operators, layouts: written by migrations and the seed, never by the API); no filter or
 * sort looks at seats. So a page is kept for a short while per database and query, and on every
 * answer its remaining seats are recounted from the live bookings in one small query: seat
 * figures are never stale, even when another process books. Timetable edits made straight in the
 * database show after at most SEARCH_CACHE_TTL_MS.
 */
const SEARCH_CACHE_TTL_MS = 60_000;
const SEARCH_CACHE_MAX = 500;

interface CachedPage {
  results: SearchJadwalResults;
  /** Per schedule of `results.list`, flattened in order. */
  seats: ScheduleSeats[];
}

interface CacheEntry {
  /** Pending while the first request for this query reads it; concurrent ones wait for it. */
  page: Promise<CachedPage>;
  expires: number;
}

const searchCaches = new WeakMap<Database, Map<string, CacheEntry>>();

function searchCache(db: Database): Map<string, CacheEntry> {
  let cache = searchCaches.get(db);
  if (!cache) {
    cache = new Map();
    searchCaches.set(db, cache);
  }
  return cache;
}

/** A copy of the cached page with remaining seats (schedules and connecting legs) counted now. */
async function withLiveSeats(db: Database, page: CachedPage): Promise<SearchJadwalResults> {
  const slots: SeatSlot[] = [];
  for (const seats of page.seats) {
    if (seats.kind === 'direct') slots.push(seats.slot);
    else slots.push(...seats.legs);
  }
  const counts = await batchedBookedCounts(db, slots);
  let at = 0;
  const next = (slot: SeatSlot) => {
    const remaining = remainingOf(slot, counts[at] ?? 0);
    at += 1;
    return remaining;
  };
  let index = 0;
  // Fresh objects along the path to each seat figure; the cached page itself stays untouched.
  const list = page.results.list.map((group) => ({
    ...group,
    jadwal: group.jadwal.map((schedule) => {
      const seats = page.seats[index];
      index += 1;
      if (!seats) throw new Error('search cache: seats out of step');
      if (seats.kind === 'direct') return { ...schedule, remaining_seats: next(seats.slot) };
      if (seats.legs.length === 0) return schedule;
      const legs = schedule.routes_connecting.map((leg, legIndex) => {
        const slot = seats.legs[legIndex];
        return slot ? { ...leg, sisa_kursi: next(slot) } : leg;
      });
      // A connecting itinerary has the fewest remaining seats of its legs.
      return { ...schedule, routes_connecting: legs, remaining_seats: Math.min(...legs.map((leg) => leg.sisa_kursi)) };
    }),
  }));
  return { ...page.results, list };
}

export async function searchJadwal(
  db: Database,
  today: string,
  q: SearchJadwalQuery,
  now: Date = new Date(),
): Promise<SearchJadwalResults> {
  const departed = q.tanggal_berangkat === today ? departedAt(today, now) : null;
  // Past days and days beyond the booking window have no departures to sell.
  if (!inBookingWindow(q.tanggal_berangkat, today)) return searchPage(db, today, q, departed);
  const cache = searchCache(db);
  // The parsed query: defaults filled in, lists split; the key order is the schema's. Today's
  // pages also by the minute, as departures leave.
  const key = JSON.stringify(q) + (departed ? `@${departed.by}` : '');
  const at = Date.now();
  const hit = cache.get(key);
  // Also when the page is still being read by another request: its seats were counted before
  // this request came, so they are counted again.
  if (hit && hit.expires > at) {
    // Least recently used goes first: a hit moves to the end of the Map's order.
    cache.delete(key);
    cache.set(key, hit);
    return withLiveSeats(db, await hit.page);
  }
  if (hit) cache.delete(key);

  const fresh = searchPageWithSeats(db, today, q, departed);
  if (cache.size >= SEARCH_CACHE_MAX) {
    const oldest = cache.keys().next();
    if (!oldest.done) cache.delete(oldest.value);
  }
  // Kept as a copy: the caller's answer goes out to be serialized, the cached page stays as read.
  const entry: CacheEntry = {
    page: fresh.then((page) => ({ ...page, results: structuredClone(page.results) })),
    expires: at + SEARCH_CACHE_TTL_MS,
  };
  cache.set(key, entry);
  // A failed read is not kept: the next request tries again.
  entry.page.catch(() => {
    if (cache.get(key) === entry) cache.delete(key);
  });
  return (await fresh).results;
}

async function searchPage(
  db: Database,
  today: string,
  q: SearchJadwalQuery,
  departed: ItemScope['departed'],
): Promise<SearchJadwalResults> {
  return (await searchPageWithSeats(db, today, q, departed)).results;
}

/** One page of the search straight from the database, seats counted in the same statement. */
async function searchPageWithSeats(
  db: Database,
  today: string,
  q: SearchJadwalQuery,
  departed: ItemScope['departed'],
): Promise<{ results: SearchJadwalResults; seats: ScheduleSeats[] }> {
  const perPage = SEARCH_PAGE_SIZE;
  const empty: SearchJadwalResults = {
    page: q.page,
    per_page: perPage,
    total: 0,
    total_jadwal: 0,
    total_page: 0,
    list: [],
  };
  if (!inBookingWindow(q.tanggal_berangkat, today)) return { results: empty, seats: [] };

  const scope: ItemScope = {
    ...searchScope(q, q.tanggal_berangkat, q.tanggal_berangkat, departed),
    groupByOperatorRoute: q.group_by === 'operator-jurusan',
  };
  const filters = filterCondition({
    ...q,
    // The return-leg search of a round trip may pin the operator and route.
    onlyOperator: q.flag_pp ? q.pulang_operator_kode : undefined,
    onlyRoute: q.flag_pp ? q.pulang_jurusan_id : undefined,
  });
  const [first, second] = sortKeys(q.sort);
  const offset = (q.page - 1) * perPage;

  const rows = await queryRows<PagedRow>(
    db,
    sql`
    WITH ${itemsCte(scope)},
    filtered AS (SELECT * FROM items WHERE ${filters}),
    grouped AS (
      SELECT f.*, min(f.${first}) OVER w AS grp_a, min(f.${second}) OVER w AS grp_b
      FROM filtered f WINDOW w AS (PARTITION BY f.kind, f.group_key)
    ),
    ranked AS (
      SELECT g.*, dense_rank() OVER (ORDER BY g.grp_a, g.grp_b, g.kind DESC, g.group_key) AS grp_no FROM grouped g
    ),
    counts AS (
      SELECT count(*)::int AS total_jadwal, count(DISTINCT kind || ':' || group_key)::int AS total FROM filtered
    )
    SELECT c.total, c.total_jadwal, ${itemColumnList('p')}
    FROM counts c
    LEFT JOIN LATERAL (
      SELECT * FROM ranked WHERE grp_no > ${offset} AND grp_no <= ${offset + perPage}
    ) p ON true
    ORDER BY p.grp_no, p.${first}, p.${second}, p.code`,
  );

  const head = rows[0];
  const total = head?.total ?? 0;
  const items = rows.filter((row): row is PagedRow & ItemRow => row.item_id !== null);
  const { schedules, seats } = await toSchedulesWithSeats(db, items);

  const groups: ScheduleGroup[] = [];
  const byKey = new Map<string, ScheduleGroup>();
  items.forEach((row, index) => {
    const schedule = schedules[index] as Schedule;
    const id = `${row.kind}:${row.group_key}`;
    const existing = byKey.get(id);
    if (existing) {
      existing.jadwal.push(schedule);
      return;
    }
    const group: ScheduleGroup = {
      key: row.group_key,
      operator_code: row.operator_code,
      operator_name: row.operator_name,
      operator_logo: row.operator_logo,
      jurusan_id: row.jurusan_id,
      depart: row.depart_name,
      drop: row.drop_name,
      is_connecting: row.kind === 'connecting',
      jadwal: [schedule],
    };
    byKey.set(id, group);
    groups.push(group);
  });

  // In the order withLiveSeats walks the page: group by group.
  const seatsOf = new Map(schedules.map((schedule, index) => [schedule, seats[index]]));
  const pageSeats = groups.flatMap((group) =>
    group.jadwal.map((schedule) => {
      const found = seatsOf.get(schedule);
      if (!found) throw new Error('search: schedule without seats');
      return found;
    }),
  );
  return {
    results: {
      page: q.page,
      per_page: perPage,
      total,
      total_jadwal: head?.total_jadwal ?? 0,
      total_page: Math.ceil(total / perPage),
      list: groups,
    },
    seats: pageSeats,
  };
}

interface FilterRow {
  operators: unknown;
  harga_min: number;
  harga_max: number;
  [count: `jam_${number}` | `fac_${number}`]: number;
}

/** The filter sheet: what the unfiltered search holds, with counts. */
export async function listFilter(
  db: Database,
  today: string,
  q: SearchBase & { tanggal_berangkat: string },
  now: Date = new Date(),
): Promise<ListFilterResults> {
  const facilities = FacilitySchema.options;
  if (!inBookingWindow(q.tanggal_berangkat, today)) {
    return {
      operator: [],
      jam: TIME_RANGES.map((range) => ({ ...range, jumlah: 0 })),
      fasilitas: facilities.map((kode) => ({ kode, label: FACILITY_LABEL[kode], jumlah: 0 })),
      harga: { min: 0, max: 0 },
    };
  }
  const jamCounts = TIME_RANGES.map(
    (range, i) =>
      sql`count(*) FILTER (WHERE time_departure BETWEEN ${range.dari} AND ${range.sampai})::int AS ${sql.identifier(`jam_${i}`)}`,
  );
  const facCounts = facilities.map(
    (kode, i) => sql`count(*) FILTER (WHERE ${kode}::text = ANY(facilities))::int AS ${sql.identifier(`fac_${i}`)}`,
  );
  const rows = await queryRows<FilterRow>(
    db,
    sql`
    WITH ${itemsCte(searchScope(q, q.tanggal_berangkat, q.tanggal_berangkat, departedAt(today, now)))},
    ops AS (SELECT op, count(*)::int AS n FROM items, unnest(operator_codes) AS op GROUP BY op)
    SELECT
      coalesce((
        SELECT json_agg(json_build_object('kode', o.code, 'nama', o.name, 'logo', o.logo, 'jumlah', ops.n) ORDER BY o.name)
        FROM ops JOIN operators o ON o.code = ops.op
      ), '[]'::json) AS operators,
      ${sql.join([...jamCounts, ...facCounts], sql`, `)},
      coalesce(min(price_lo), 0)::int AS harga_min,
      coalesce(max(price_lo), 0)::int AS harga_max
    FROM items`,
  );
  const row = rows[0];
  if (!row) throw new Error('filter query returned no row');
  return {
    operator: fromJson<ListFilterResults['operator']>(row.operators),
    jam: TIME_RANGES.map((range, i) => ({ ...range, jumlah: row[`jam_${i}`] ?? 0 })),
    fasilitas: facilities.map((kode, i) => ({ kode, label: FACILITY_LABEL[kode], jumlah: row[`fac_${i}`] ?? 0 })),
    harga: { min: row.harga_min, max: row.harga_max },
  };
}

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
