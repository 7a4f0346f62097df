/**
 * npm run bench:reserve [-- --pg | --pg-only]
 *
 * Reservations per second through the whole API (contract parsing, auth, the reservation
 * transaction) at concurrency 16, on a fresh, fully seeded embedded database (PGlite, in memory)
 * and, when TEST_DATABASE_URL is set or --pg is given, on a fresh database of that PostgreSQL
 * server (pool of 16 connections, BENCH_POOL to change it; --pg-only skips PGlite). Requests go
 * through app.request() in this process (no socket), JSON bodies as a client sends them, so the
 * figure is the API and database cost alone. Travellers race for seats: every request books 1 or
 * 2 random seats of one of a few schedules on one of 30 days, so a share of them meet a taken
 * seat and answer RSV-2. After each run a query counts seats booked twice (live rows sharing a
 * seat): it must be 0. Each line also prints this process's CPU per request and the machine's
 * load average before and after, since figures on a shared machine move with its load.
 */
import { randomBytes } from 'node:crypto';
import { loadavg } from 'node:os';
import { sql } from 'drizzle-orm';
import postgres from 'postgres';
import { API_BASE, DEFAULT_BASIC_CREDENTIALS, HEADER, PREFIX, type KursiResults } from '../contract';
import { createApp } from '../server/app';
import { BENCH_CLIENT_RATE_FACTOR } from './support/server';
import { openDatabase, type DbHandle } from '../server/db/client';
import { seedDatabase } from '../server/db/seed';
import { addDays, jakartaToday } from '../server/lib/dates';
import { queryRows } from '../server/services/sql';

const CONCURRENCY = 16;
const REQUESTS = 2000;
const RUNS = 3;
/** Days the requests spread over: with 4 departures a day, about half the requests find their seats free. */
const DAYS = 30;
/** Departures the requests share: few enough that seats run out and RSV-2 answers appear. */
const DEPARTURES = ['XTR-BDG-JKT-0800', 'LJT-JKT-BDG-2100', 'SBR-SMG-SBY-1530', 'CPT-BDG-CRB-0600'];
const DEFAULT_PG = 'postgres://postgres@127.0.0.1:5432/test';
/** PostgreSQL pool: one connection per request in flight unless BENCH_POOL says otherwise. */
const POOL = process.env.BENCH_POOL ? Number(process.env.BENCH_POOL) : CONCURRENCY;

const HEADERS = {
  [HEADER.userId]: 'bench'.padEnd(100, 'x'),
  [HEADER.authorization]: `Basic ${Buffer.from(
    `${DEFAULT_BASIC_CREDENTIALS.WEB.user}:${DEFAULT_BASIC_CREDENTIALS.WEB.password}`,
  ).toString('base64')}`,
  'content-type': 'application/json',
};

interface Target {
  name: string;
  open(): Promise<DbHandle & { destroy(): Promise<void> }>;
}

function pgTarget(adminUrl: string): Target {
  return {
    name: 'PostgreSQL',
    async open() {
      const name = `berangkat_bench_${randomBytes(5).toString('hex')}`;
      const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
      await admin.unsafe(`CREATE DATABASE ${name}`);
      const url = new URL(adminUrl);
      url.pathname = `/${name}`;
      const handle = await openDatabase({ url: url.toString(), max: POOL });
      return {
        ...handle,
        async destroy() {
          await handle.close();
          await admin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
          await admin.end({ timeout: 5 });
        },
      };
    },
  };
}

const pgliteTarget: Target = {
  name: 'PGlite',
  async open() {
    const handle = await openDatabase({});
    return { ...handle, destroy: () => handle.close() };
  },
};

interface RunResult {
  perSecond: number;
  booked: number;
  rsv2: number;
  other: number;
  soldTwice: number;
  /** CPU of this process per request: with PGlite the database's work too, with PostgreSQL the API's only. */
  cpuMs: number;
}

async function runOnce(target: Target, today: string, run: number): Promise<RunResult> {
  const handle = await target.open();
  try {
    await handle.migrate();
    await seedDatabase(handle.db, { today });
    // As the server does after seeding: without statistics the planner misjudges the seat counts.
    await handle.db.execute(sql`ANALYZE`);
    // One process plays every client: the per-client limits would measure the limiter.
    const app = createApp({ db: handle.db, today: () => today, clientRateFactor: BENCH_CLIENT_RATE_FACTOR });
    // Quiet days ahead (past the seed's sprinkled bookings): DAYS x the schedules' seats to race for.
    const dates = Array.from({ length: DAYS }, (_, i) => addDays(today, 15 + run + i));
    const departures: { operator: string; code: string; seats: string[] }[] = [];
    for (const code of DEPARTURES) {
      const operator = code.slice(0, 3);
      const query = new URLSearchParams({
        operator_kode: operator,
        jadwal_kode: code,
        tanggal_berangkat: dates[0] ?? today,
      });
      const response = await app.request(`${API_BASE}/${PREFIX}/kursi?${query.toString()}`, { headers: HEADERS });
      const body = (await response.json()) as { results: KursiResults };
      const seats = body.results.layout_kursi
        .flatMap((floor) => Object.values(floor.kursi))
        .filter((seat) => seat.flag_booking === 0 && (seat.tipe === 'P' || seat.tipe === 'PS'))
        .map((seat) => seat.no);
      departures.push({ operator, code, seats });
    }

    let next = 0;
    const counts = { booked: 0, rsv2: 0, other: 0 };
    const worker = async () => {
      while (next < REQUESTS) {
        next += 1;
        const traveller = next;
        const departure = departures[Math.floor(Math.random() * departures.length)] ?? departures[0];
        const date = dates[Math.floor(Math.random() * dates.length)] ?? today;
        if (!departure) return;
        const wanted = new Set<string>();
        const count = 1 + Math.floor(Math.random() * 2);
        while (wanted.size < count)
          wanted.add(departure.seats[Math.floor(Math.random() * departure.seats.length)] ?? '1');
        const response = await app.request(`${API_BASE}/${PREFIX}/reservasi`, {
          method: 'POST',
          headers: HEADERS,
          body: JSON.stringify({
            operator_kode_pergi: departure.operator,
            jadwal_kode_pergi: departure.code,
            tanggal_berangkat_pergi: date,
            kursi_pergi: [...wanted].map((no) => ({ no, penumpang_nama: 'Budi Santoso' })),
            // Each reservation a traveller of their own, as in real traffic: one contact would meet its cap.
            pemesan_nama: 'Rina Kartika',
            pemesan_telp: `0812${String(traveller).padStart(8, '0')}`,
            pemesan_email: `rina${traveller}@contoh.id`,
            total_bayar: 0,
          }),
        });
        const body = (await response.json()) as { status: string; code?: string };
        if (body.status === 'OK') counts.booked += 1;
        else if (body.code === 'RSV-2') counts.rsv2 += 1;
        else counts.other += 1;
      }
    };
    const started = performance.now();
    const cpu = process.cpuUsage();
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    const seconds = (performance.now() - started) / 1000;
    const used = process.cpuUsage(cpu);
    const twice = await queryRows<{ n: number }>(
      handle.db,
      sql`SELECT count(*)::int AS n FROM (
            SELECT 1 FROM seat_bookings WHERE live
            GROUP BY schedule_id, departure_date, seat_no HAVING count(*) > 1) d`,
    );
    return {
      perSecond: REQUESTS / seconds,
      ...counts,
      soldTwice: twice[0]?.n ?? -1,
      cpuMs: (used.user + used.system) / 1000 / REQUESTS,
    };
  } finally {
    await handle.destroy();
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

async function main(): Promise<void> {
  const today = jakartaToday();
  const pgUrl =
    process.env.TEST_DATABASE_URL ??
    (process.argv.includes('--pg') || process.argv.includes('--pg-only') ? DEFAULT_PG : undefined);
  const targets = [...(process.argv.includes('--pg-only') ? [] : [pgliteTarget]), ...(pgUrl ? [pgTarget(pgUrl)] : [])];
  const load = () =>
    loadavg()
      .map((n) => n.toFixed(2))
      .join(' ');
  console.log(
    `bench:reserve: ${REQUESTS} reservasi requests per run, concurrency ${CONCURRENCY}, median of ${RUNS} runs`,
  );
  for (const target of targets) {
    const loadBefore = load();
    const results: RunResult[] = [];
    for (let run = 0; run < RUNS; run += 1) results.push(await runOnce(target, today, run));
    const soldTwice = results.reduce((sum, r) => sum + r.soldTwice, 0);
    console.log(
      `${target.name.padEnd(11)} concurrency ${CONCURRENCY}  ${median(results.map((r) => r.perSecond)).toFixed(0)} reservations/s` +
        ` (runs ${results.map((r) => r.perSecond.toFixed(0)).join(', ')})` +
        `  booked ${median(results.map((r) => r.booked))}  RSV-2 ${median(results.map((r) => r.rsv2))}` +
        `  other errors ${median(results.map((r) => r.other))}  seats sold twice: ${soldTwice}` +
        `  process CPU ${median(results.map((r) => r.cpuMs)).toFixed(2)} ms/request` +
        `  load average ${loadBefore} -> ${load()}`,
    );
    if (soldTwice !== 0) process.exitCode = 1;
  }
}

await main();
