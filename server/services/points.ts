import { asc, eq, isNotNull, sql, type SQL } from 'drizzle-orm';
import type { Point, PointList, PointType, PopularCity } from '../../contract';
import type { Database } from '../db/client';
import { cities, operators } from '../db/schema';
import { notFound } from './errors';
import { containsPattern, prefixPattern, queryRows } from './sql';

/** Type-ahead page size of the point pickers. */
export const POINT_PAGE_SIZE = 20;

interface PlaceRow {
  total: number;
  id: number | null;
  tipe: PointType;
  nama: string;
  kota_id: number;
  kota_nama: string;
  alamat: string | null;
  lat: number | null;
  lon: number | null;
}

interface PlaceQuery {
  /** A statement selecting the pool ids (`point_id`) in play. */
  pools: SQL;
  /** Which kinds to list: cities of those pools, the pools themselves, or both. */
  kinds: readonly PointType[];
  text?: string;
  page?: number;
  pageSize?: number;
}

/**
 * Cities and pools derived from a set of pool ids, filtered by text (case-insensitive
 * "contains" on the place or its city), best matches first, then popular cities, then by name;
 * cities sort before their own pools. Paged and counted in one statement.
 */
async function listPlaces(db: Database, query: PlaceQuery): Promise<PointList> {
  const text = query.text ?? '';
  const contains = containsPattern(text);
  const prefix = prefixPattern(text);
  const pageSize = query.pageSize ?? POINT_PAGE_SIZE;
  const page = query.page ?? 1;
  const withCities = query.kinds.includes('kota');
  const withPools = query.kinds.includes('cabang');

  const rows = await queryRows<PlaceRow>(
    db,
    sql`
    WITH pool_ids AS (${query.pools}),
    places AS (
      SELECT 'kota'::text AS tipe, c.id, c.name AS nama, c.id AS kota_id, c.name AS kota_nama,
             NULL::text AS alamat, c.lat, c.lon, c.popular_rank, 0 AS tipe_order
      FROM cities c
      WHERE ${withCities ? sql`TRUE` : sql`FALSE`} AND EXISTS (SELECT 1 FROM points p JOIN pool_ids ON pool_ids.point_id = p.id WHERE p.city_id = c.id)
      UNION ALL
      SELECT 'cabang'::text, p.id, p.name, c.id, c.name, p.address, p.lat, p.lon, c.popular_rank, 1
      FROM points p JOIN cities c ON c.id = p.city_id
      WHERE ${withPools ? sql`TRUE` : sql`FALSE`} AND p.id IN (SELECT point_id FROM pool_ids)
    ),
    matched AS (
      SELECT * FROM places WHERE nama ILIKE ${contains} OR kota_nama ILIKE ${contains}
    )
    SELECT counted.total, page.*
    FROM (SELECT count(*)::int AS total FROM matched) counted
    LEFT JOIN LATERAL (
      SELECT tipe, id::int, nama, kota_id::int, kota_nama, alamat, lat::float8, lon::float8
      FROM matched
      ORDER BY CASE WHEN nama ILIKE ${prefix} THEN 0 WHEN kota_nama ILIKE ${prefix} THEN 1 ELSE 2 END,
               popular_rank NULLS LAST, kota_nama, tipe_order, nama, id
      LIMIT ${pageSize} OFFSET ${(page - 1) * pageSize}
    ) page ON true`,
  );

  const total = rows[0]?.total ?? 0;
  const list: Point[] = rows
    .filter((row): row is PlaceRow & { id: number } => row.id !== null)
    .map((row) => ({
      id: row.id,
      tipe: row.tipe,
      nama: row.nama,
      kota_id: row.kota_id,
      kota_nama: row.kota_nama,
      alamat: row.alamat,
      lat: row.lat,
      lon: row.lon,
    }));
  return { page, per_page: pageSize, total, list };
}

/** The operator's id, or a 404 naming the code. */
export async function requireOperatorId(db: Database, code: string): Promise<number> {
  const rows = await db.select({ id: operators.id }).from(operators).where(eq(operators.code, code)).limit(1);
  const row = rows[0];
  if (!row) throw notFound(`Operator ${code} tidak ditemukan`);
  return row.id;
}

/** Pools where some route departs (origins) or arrives (destinations), optionally of one operator. */
function servedPools(side: 'origin' | 'destination', operatorId?: number): SQL {
  const column = side === 'origin' ? sql`r.origin_point_id` : sql`r.destination_point_id`;
  const byOperator = operatorId === undefined ? sql`` : sql`WHERE r.operator_id = ${operatorId}`;
  return sql`SELECT DISTINCT ${column} AS point_id FROM routes r ${byOperator}`;
}

export async function searchPoints(
  db: Database,
  side: 'origin' | 'destination',
  input: { text: string; page: number; operator_kode?: string | undefined },
): Promise<PointList> {
  const operatorId = input.operator_kode === undefined ? undefined : await requireOperatorId(db, input.operator_kode);
  return listPlaces(db, {
    pools: servedPools(side, operatorId),
    kinds: ['kota', 'cabang'],
    text: input.text,
    page: input.page,
  });
}

/** Pool ids an origin stands for: the pool itself, or every pool of the city. */
export function originPools(id: number, tipe: PointType): SQL {
  return tipe === 'kota' ? sql`SELECT p.id FROM points p WHERE p.city_id = ${id}::bigint` : sql`SELECT ${id}::bigint`;
}

async function placeExists(db: Database, id: number, tipe: PointType): Promise<boolean> {
  const table = tipe === 'kota' ? sql`cities` : sql`points`;
  const rows = await queryRows<{ found: number }>(
    db,
    sql`SELECT 1 AS found FROM ${table} WHERE id = ${id}::bigint LIMIT 1`,
  );
  return rows.length > 0;
}

/**
 * Destinations reachable from an origin: the arrival pools (and their cities) of routes leaving
 * it, plus the ends of connecting trips leaving it unless one operator is asked for. All on one page.
 */
export async function listDestinations(
  db: Database,
  input: { asal_id: number; asal_tipe: PointType; operator_kode?: string | undefined },
): Promise<PointList> {
  const operatorId = input.operator_kode === undefined ? undefined : await requireOperatorId(db, input.operator_kode);
  const from = originPools(input.asal_id, input.asal_tipe);
  const byOperator = operatorId === undefined ? sql`` : sql`AND r.operator_id = ${operatorId}`;
  const connecting =
    operatorId === undefined
      ? sql`UNION SELECT ct.destination_point_id FROM connecting_trips ct WHERE ct.origin_point_id IN (${from})`
      : sql``;
  const pools = sql`SELECT r.destination_point_id AS point_id FROM routes r WHERE r.origin_point_id IN (${from}) ${byOperator} ${connecting}`;
  const result = await listPlaces(db, { pools, kinds: ['kota', 'cabang'], pageSize: 1000 });
  if (result.total === 0 && !(await placeExists(db, input.asal_id, input.asal_tipe))) {
    throw notFound(input.asal_tipe === 'kota' ? 'Kota asal tidak ditemukan' : 'Titik keberangkatan tidak ditemukan');
  }
  return { ...result, per_page: Math.max(result.total, 1) };
}

/**
 * Where an operator departs from. v1 lists its pools (the operator's own boarding points);
 * v2 lists the cities too, each before its pools, as the newer picker groups by city.
 */
export async function listOperatorDepartures(db: Database, operatorKode: string, version: 1 | 2): Promise<PointList> {
  const operatorId = await requireOperatorId(db, operatorKode);
  const kinds: PointType[] = version === 1 ? ['cabang'] : ['kota', 'cabang'];
  const result = await listPlaces(db, { pools: servedPools('origin', operatorId), kinds, pageSize: 1000 });
  return { ...result, per_page: Math.max(result.total, 1) };
}

export async function listPopularCities(db: Database): Promise<PopularCity[]> {
  const rows = await db
    .select({ id: cities.id, nama: cities.name, provinsi: cities.province, lat: cities.lat, lon: cities.lon })
    .from(cities)
    .where(isNotNull(cities.popularRank))
    .orderBy(asc(cities.popularRank), asc(cities.name));
  return rows;
}
