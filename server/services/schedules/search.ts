import { sql } from 'drizzle-orm';
import {
  FACILITY_LABEL,
  FacilitySchema,
  SEARCH_PAGE_SIZE,
  TIME_RANGES,
  type ListFilterResults,
  type Schedule,
  type ScheduleGroup,
  type SearchJadwalQuery,
  type SearchJadwalResults,
} from '../../../contract';
import type { Database } from '../../db/client';
import { inBookingWindow } from '../../lib/dates';
import { fromJson, queryRows } from '../sql';
import { filterCondition, itemColumnList, itemsCte, sortKeys, type ItemRow, type ItemScope } from './items-sql';
import { cachedSearch, type CachedPage } from './search-cache';
import { departedAt, searchScope, type SearchBase } from './scope';
import { toSchedulesWithSeats } from './wire';

/** search-jadwal and its filter sheet: one page of the traveller's search, grouped and paged by the database. */

type PagedRow = { total: number; total_jadwal: number } & (ItemRow | { [K in keyof ItemRow]: null });

export async function searchJadwal(
  db: Database,
  today: string,
  q: SearchJadwalQuery,
  now: Date = new Date(),
): Promise<SearchJadwalResults> {
  const departed = q.tanggal_berangkat === today ? departedAt(today, now) : null;
  // Past days and days beyond the booking window have no departures to sell.
  if (!inBookingWindow(q.tanggal_berangkat, today)) return searchPage(db, today, q, departed);
  // The parsed query: defaults filled in, lists split; the key order is the schema's. Today's
  // pages also by the minute, as departures leave.
  const key = JSON.stringify(q) + (departed ? `@${departed.by}` : '');
  return cachedSearch(db, key, () => searchPageWithSeats(db, today, q, departed));
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
): Promise<CachedPage> {
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
