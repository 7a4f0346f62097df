/**
 * An operator's timetable from a JSON file (npm run timetable:import; example in
 * docs/timetable-example.json): the operator, its pools and its daily departures, written into the
 * same tables the seed's timetable fills. Every row is checked first and every problem reported
 * (one Indonesian line each); only a file without problems is written, in one transaction, and
 * writing the same file again changes nothing (upserts on the natural keys).
 */
import { inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import { DateSchema, FacilitySchema } from '../../contract';
import type { Database } from './client';
import { cities, operators, points, routes, schedules, seatLayouts } from './schema';
import { OPEN_ENDED } from './seed';
import { operatorLogoPath } from './seed-data/operators';

const text = (what: string, max = 200) =>
  z
    .string({ error: `${what} wajib diisi` })
    .trim()
    .min(1, `${what} wajib diisi`)
    .max(max, `${what} paling banyak ${max} karakter`);
const rupiah = (what: string) =>
  z
    .number({ error: `${what} harus berupa angka` })
    .int(`${what} harus bilangan bulat rupiah`)
    .min(0, `${what} tidak boleh negatif`)
    .max(100_000_000, `${what} terlalu besar`);

const PlaceSchema = z.object({ kota: text('kota'), pool: text('pool') });

const PoolSchema = z.object({
  kota: text('kota'),
  nama: text('nama pool'),
  alamat: text('alamat', 300),
  lat: z.number({ error: 'lat harus berupa angka' }).min(-90).max(90),
  lon: z.number({ error: 'lon harus berupa angka' }).min(-180).max(180),
});

const DepartureSchema = z
  .object({
    kode: z
      .string({ error: 'kode wajib diisi' })
      .regex(/^[A-Z0-9][A-Z0-9-]{2,39}$/, 'kode harus 3-40 huruf besar, angka atau tanda minus'),
    asal: PlaceSchema,
    tujuan: PlaceSchema,
    jam_berangkat: z
      .string({ error: 'jam_berangkat wajib diisi' })
      .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'jam_berangkat harus HH:MM'),
    durasi_menit: z.number({ error: 'durasi_menit harus berupa angka' }).int().min(10).max(4320),
    layanan: text('layanan', 60),
    layout: text('layout', 20),
    harga: rupiah('harga'),
    harga2: rupiah('harga2').nullable().optional(),
    pilih_kursi: z.boolean({ error: 'pilih_kursi harus true atau false' }).default(true),
    refundable: z.boolean({ error: 'refundable harus true atau false' }).default(true),
    fasilitas: z.array(FacilitySchema, { error: 'fasilitas harus daftar mineral-water, ac, baggage' }).default([]),
    berlaku_dari: DateSchema,
    berlaku_sampai: DateSchema.nullable().optional(),
  })
  .refine((d) => !d.berlaku_sampai || d.berlaku_sampai >= d.berlaku_dari, {
    message: 'berlaku_sampai tidak boleh sebelum berlaku_dari',
    path: ['berlaku_sampai'],
  })
  .refine((d) => d.asal.kota !== d.tujuan.kota || d.asal.pool !== d.tujuan.pool, {
    message: 'asal dan tujuan tidak boleh pool yang sama',
    path: ['tujuan'],
  });

export const TimetableFileSchema = z.object({
  operator: z.object({
    kode: z.string({ error: 'kode operator wajib diisi' }).regex(/^[A-Z]{2,6}$/, 'kode operator harus 2-6 huruf besar'),
    nama: text('nama operator', 100),
    tipe: z.enum(['shuttle', 'bus'], { error: 'tipe harus shuttle atau bus' }),
    syarat: z.array(text('syarat', 500)).default([]),
  }),
  pool: z.array(PoolSchema).default([]),
  jadwal: z.array(DepartureSchema).min(1, 'jadwal harus berisi paling sedikit satu keberangkatan'),
});
export type TimetableFile = z.infer<typeof TimetableFileSchema>;

export interface ImportSummary {
  operator: string;
  pools: number;
  routes: number;
  schedulesNew: number;
  schedulesUpdated: number;
}

/** `jadwal[2] (XTR-BDG-JKT-0800): harga: ...` from a zod issue path. */
function where(raw: unknown, path: readonly PropertyKey[]): string {
  const [head, index] = path;
  if ((head === 'jadwal' || head === 'pool') && typeof index === 'number') {
    const list = (raw as Record<string, unknown> | null)?.[head];
    const row = Array.isArray(list) ? (list[index] as Record<string, unknown> | undefined) : undefined;
    const label = head === 'jadwal' ? row?.kode : row?.nama;
    const rest = path.slice(2).join('.');
    return `${head}[${index}]${typeof label === 'string' ? ` (${label})` : ''}${rest ? `: ${rest}` : ''}`;
  }
  return path.join('.') || '(berkas)';
}

/** The file's own shape: one line per problem, or the parsed file. */
export function parseTimetable(raw: unknown): { ok: true; file: TimetableFile } | { ok: false; errors: string[] } {
  const parsed = TimetableFileSchema.safeParse(raw);
  if (!parsed.success)
    return { ok: false, errors: parsed.error.issues.map((issue) => `${where(raw, issue.path)}: ${issue.message}`) };
  const errors: string[] = [];
  const seen = new Set<string>();
  parsed.data.jadwal.forEach((row, i) => {
    if (seen.has(row.kode)) errors.push(`jadwal[${i}] (${row.kode}): kode muncul dua kali di berkas ini`);
    seen.add(row.kode);
  });
  const pools = new Set<string>();
  parsed.data.pool.forEach((pool, i) => {
    const key = `${pool.kota}|${pool.nama}`;
    if (pools.has(key)) errors.push(`pool[${i}] (${pool.nama}): pool ini muncul dua kali di berkas ini`);
    pools.add(key);
  });
  return errors.length > 0 ? { ok: false, errors } : { ok: true, file: parsed.data };
}

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/**
 * Checks the file against the database (cities, pools, layouts, codes of other operators) and,
 * when every row holds, writes it. Throws TimetableImportError with every problem otherwise.
 */
export async function importTimetable(db: Database, file: TimetableFile): Promise<ImportSummary> {
  return db.transaction(async (tx) => {
    const errors: string[] = [];
    const cityNames = [
      ...new Set([...file.pool.map((p) => p.kota), ...file.jadwal.flatMap((j) => [j.asal.kota, j.tujuan.kota])]),
    ];
    const cityRows = await tx
      .select({ id: cities.id, name: cities.name })
      .from(cities)
      .where(inArray(cities.name, cityNames));
    const cityIds = new Map(cityRows.map((c) => [c.name, c.id]));
    file.pool.forEach((pool, i) => {
      if (!cityIds.has(pool.kota)) errors.push(`pool[${i}] (${pool.nama}): kota "${pool.kota}" tidak dikenal`);
    });

    const existingPools = await tx
      .select({ id: points.id, cityId: points.cityId, name: points.name })
      .from(points)
      .where(inArray(points.cityId, [...cityIds.values(), -1]));
    const known = new Set([
      ...existingPools.map((p) => `${p.cityId}|${p.name}`),
      ...file.pool.flatMap((p) => (cityIds.has(p.kota) ? [`${cityIds.get(p.kota)}|${p.nama}`] : [])),
    ]);
    const layoutRows = await tx.select({ id: seatLayouts.id, code: seatLayouts.code }).from(seatLayouts);
    const layoutIds = new Map(layoutRows.map((l) => [l.code, l.id]));
    const owners = await tx
      .select({ code: schedules.code, operator: operators.code })
      .from(schedules)
      .innerJoin(routes, sql`${routes.id} = ${schedules.routeId}`)
      .innerJoin(operators, sql`${operators.id} = ${routes.operatorId}`)
      .where(
        inArray(
          schedules.code,
          file.jadwal.map((j) => j.kode),
        ),
      );
    const ownerOf = new Map(owners.map((o) => [o.code, o.operator]));

    file.jadwal.forEach((row, i) => {
      const at = `jadwal[${i}] (${row.kode})`;
      for (const [side, place] of [
        ['asal', row.asal],
        ['tujuan', row.tujuan],
      ] as const) {
        const cityId = cityIds.get(place.kota);
        if (cityId === undefined) errors.push(`${at}: ${side}: kota "${place.kota}" tidak dikenal`);
        else if (!known.has(`${cityId}|${place.pool}`))
          errors.push(`${at}: ${side}: pool "${place.pool}" di ${place.kota} tidak ada; tambahkan di daftar pool`);
      }
      if (!layoutIds.has(row.layout))
        errors.push(
          `${at}: layout: layout kursi "${row.layout}" tidak dikenal (ada: ${[...layoutIds.keys()].sort().join(', ')})`,
        );
      const owner = ownerOf.get(row.kode);
      if (owner && owner !== file.operator.kode) errors.push(`${at}: kode sudah dipakai jadwal operator ${owner}`);
    });
    if (errors.length > 0) throw new TimetableImportError(errors);

    const [operator] = await tx
      .insert(operators)
      .values({
        code: file.operator.kode,
        name: file.operator.nama,
        type: file.operator.tipe,
        terms: file.operator.syarat,
        logo: operatorLogoPath(file.operator.kode),
      })
      .onConflictDoUpdate({
        target: operators.code,
        set: { name: file.operator.nama, type: file.operator.tipe, terms: file.operator.syarat },
      })
      .returning({ id: operators.id });
    if (!operator) throw new Error('operator not written');

    for (const pool of file.pool) {
      await tx
        .insert(points)
        .values({
          cityId: cityIds.get(pool.kota)!,
          name: pool.nama,
          address: pool.alamat,
          lat: pool.lat,
          lon: pool.lon,
        })
        .onConflictDoUpdate({
          target: [points.cityId, points.name],
          set: { address: pool.alamat, lat: pool.lat, lon: pool.lon },
        });
    }
    const summary: ImportSummary = {
      operator: file.operator.kode,
      pools: file.pool.length,
      routes: 0,
      schedulesNew: 0,
      schedulesUpdated: 0,
    };
    const routeIds = new Map<string, number>();
    for (const row of file.jadwal) {
      const from = await poolOf(tx, cityIds.get(row.asal.kota)!, row.asal.pool);
      const to = await poolOf(tx, cityIds.get(row.tujuan.kota)!, row.tujuan.pool);
      const key = `${from.id}|${to.id}`;
      let routeId = routeIds.get(key);
      if (routeId === undefined) {
        await tx
          .insert(routes)
          .values({
            operatorId: operator.id,
            originPointId: from.id,
            destinationPointId: to.id,
            name: `${row.asal.kota} (${row.asal.pool}) - ${row.tujuan.kota} (${row.tujuan.pool})`,
          })
          .onConflictDoNothing();
        const [route] = await tx
          .select({ id: routes.id })
          .from(routes)
          .where(
            sql`${routes.operatorId} = ${operator.id} AND ${routes.originPointId} = ${from.id} AND ${routes.destinationPointId} = ${to.id}`,
          );
        if (!route) throw new Error('route not written');
        routeId = route.id;
        routeIds.set(key, routeId);
      }
      const values = {
        routeId,
        layoutId: layoutIds.get(row.layout)!,
        service: row.layanan,
        departureTime: `${row.jam_berangkat}:00`,
        durationMinutes: row.durasi_menit,
        price: row.harga,
        price2: row.harga2 ?? null,
        selectSeat: row.pilih_kursi,
        // A free ticket has nothing to refund.
        refundable: row.harga === 0 ? false : row.refundable,
        facilities: row.fasilitas,
        stops: [
          { title: from.name, address: from.address, minutes: 0, lat: from.lat, lon: from.lon },
          { title: to.name, address: to.address, minutes: row.durasi_menit, lat: to.lat, lon: to.lon },
        ],
        validFrom: row.berlaku_dari,
        validUntil: row.berlaku_sampai ?? OPEN_ENDED,
      };
      await tx
        .insert(schedules)
        .values({ code: row.kode, ...values })
        .onConflictDoUpdate({ target: schedules.code, set: values });
      if (ownerOf.has(row.kode)) summary.schedulesUpdated += 1;
      else summary.schedulesNew += 1;
    }
    summary.routes = routeIds.size;
    return summary;
  });
}

async function poolOf(tx: Tx, cityId: number, name: string) {
  const [row] = await tx
    .select({ id: points.id, name: points.name, address: points.address, lat: points.lat, lon: points.lon })
    .from(points)
    .where(sql`${points.cityId} = ${cityId} AND ${points.name} = ${name}`);
  if (!row) throw new Error(`pool ${name} missing after the check`);
  return row;
}

/** Every problem of a file, one Indonesian line each; nothing was written. */
export class TimetableImportError extends Error {
  constructor(readonly problems: string[]) {
    super(problems.join('\n'));
    this.name = 'TimetableImportError';
  }
}
