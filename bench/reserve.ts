/**
 * npm run bench:reserve [-- --pg | --pg-only] [-- --workers=2] [-- --no-pin]
 *
 * Reservations per second through the whole API (HTTP, contract parsing, auth, the reservation
 * transaction) at concurrency 16: the compiled server as `npm start` runs it, on a fresh, fully
 * seeded embedded database (PGlite) and, when TEST_DATABASE_URL is set or --pg is given, on a
 * fresh database of that PostgreSQL server (--pg-only skips PGlite; --workers=N runs N API
 * processes there under node:cluster, as `npm run serve:cluster` does). The requests come from a
 * separate process (autocannon, bench/support/generator.ts), pinned off the server's core when
 * the machine has one to spare. Travellers race for seats: every request books 1 or 2 random
 * seats of one of a few schedules on one of 30 days (each run its own 30 days), so a share of them
 * meet a taken seat and answer RSV-2. After the runs a query counts seats booked twice (live rows
 * sharing a seat): it must be 0. Each line also prints the CPU per reservation of the server's
 * processes and (PostgreSQL) of the database's backends, the generator's share of a core, and the
 * machine's load average before and after, since figures on a shared machine move with its load.
 */
import { loadavg } from 'node:os';
import { addDays, jakartaToday } from '../server/lib/dates';
import { buildServer } from '../scripts/build-server';
import { sellableSeats } from './support/calls';
import type { RunResult } from './support/load';
import { cpuShares, cpuSnapshot, cpuUsedMs, pinPlan, processTree, startGenerator } from './support/remote-load';
import { BENCH_CLIENT_RATE_FACTOR, freePort, startServer, stopServer } from './support/server';
import { DEFAULT_PG, benchTarget } from './support/target';

const CONCURRENCY = 16;
const REQUESTS = 2000;
const RUNS = 3;
/** Days the requests spread over: with 4 departures a day, about half the requests find their seats free. */
const DAYS = 30;
/** A run stops after this long even if not every request was sent. */
const RUN_TIME_LIMIT_MS = 60_000;

interface Outcome {
  perSecond: number;
  booked: number;
  rsv2: number;
  other: number;
  /** CPU ms per request: the server's processes, the database's backends (PostgreSQL). */
  serverMs: number;
  databaseMs: number;
  /** The generator's share of one core. */
  generatorShare: number;
}

async function bench(
  pgUrl: string | undefined,
  workers: number,
  today: string,
): Promise<{ name: string; runs: Outcome[]; soldTwice: number; pinned: string }> {
  const pin = pinPlan(workers, !process.argv.includes('--no-pin'));
  const db = await benchTarget(pgUrl);
  const port = process.env.BENCH_PORT ? Number(process.env.BENCH_PORT) : await freePort();
  const server = await startServer(port, db.dataDir ?? '', {
    today,
    runner: 'compiled',
    workers,
    // One address plays every client: the per-client limits would measure the limiter.
    clientRateFactor: BENCH_CLIENT_RATE_FACTOR,
    ...(pin.server ? { cpus: pin.server } : {}),
    ...(db.databaseUrl ? { databaseUrl: db.databaseUrl } : {}),
  }).catch(async (error: unknown) => {
    await db.drop();
    throw error;
  });
  const generator = await startGenerator(pin.generator);
  const runs: Outcome[] = [];
  let soldTwice = -1;
  try {
    const groups = {
      server: () => processTree(server.pid ?? 0),
      generator: () => [generator.pid],
      database: () => db.backendPids(),
    };
    for (let run = 0; run < RUNS; run += 1) {
      // Quiet days ahead (past the seed's sprinkled bookings), new ones each run.
      const dates = Array.from({ length: DAYS }, (_, i) => addDays(today, 15 + run * DAYS + i));
      const departures = await sellableSeats(port, dates[0] ?? today);
      const spec = { today, departures, dates };
      // Warm-up on other days, so the measured run races for seats nobody took yet.
      await generator.run({ port, call: 'kursi', spec, concurrency: 4, requests: 100, timeMs: 5_000 });
      const before = await cpuSnapshot(groups);
      const result: RunResult = await generator.run({
        port,
        call: 'reservasi',
        spec,
        concurrency: CONCURRENCY,
        requests: REQUESTS,
        timeMs: RUN_TIME_LIMIT_MS,
      });
      const after = await cpuSnapshot(groups);
      const shares = cpuShares(before, after);
      const used = cpuUsedMs(before, after);
      const answered = result.answered ?? 0;
      runs.push({
        perSecond: result.rps,
        booked: answered - result.refused - result.errors,
        rsv2: result.refused,
        other: result.errors,
        serverMs: (used.server ?? 0) / Math.max(1, answered),
        databaseMs: (used.database ?? 0) / Math.max(1, answered),
        generatorShare: shares.generator ?? 0,
      });
    }
    if (db.kind === 'postgres') soldTwice = await db.soldTwice();
  } finally {
    await generator.stop();
    await stopServer(server);
    if (db.kind === 'pglite') soldTwice = await db.soldTwice().catch(() => -1);
    await db.drop();
  }
  const name = db.kind === 'pglite' ? 'PGlite' : workers > 1 ? `PostgreSQL, ${workers} workers` : 'PostgreSQL';
  return { name, runs, soldTwice, pinned: pin.description };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

async function main(): Promise<void> {
  const today = jakartaToday();
  const workersArg = process.argv.find((value) => value.startsWith('--workers='))?.split('=')[1];
  const workers = Number(workersArg ?? 1);
  const pgUrl =
    process.env.TEST_DATABASE_URL ??
    (process.argv.includes('--pg') || process.argv.includes('--pg-only') ? DEFAULT_PG : undefined);
  if (!Number.isInteger(workers) || workers < 1) throw new Error('--workers takes a whole number from 1');
  if (workers > 1 && !pgUrl) throw new Error('--workers above 1 needs PostgreSQL (--pg or --pg-only)');
  const targets: { url: string | undefined; workers: number }[] = [
    ...(process.argv.includes('--pg-only') ? [] : [{ url: undefined, workers: 1 }]),
    ...(pgUrl ? [{ url: pgUrl, workers }] : []),
  ];
  const load = () =>
    loadavg()
      .map((n) => n.toFixed(2))
      .join(' ');
  await buildServer();
  console.log(
    `bench:reserve: ${REQUESTS} reservasi requests per run over HTTP from a separate process (autocannon), concurrency ${CONCURRENCY}, median of ${RUNS} runs`,
  );
  for (const target of targets) {
    const loadBefore = load();
    const { name, runs, soldTwice, pinned } = await bench(target.url, target.workers, today);
    const pick = (key: keyof Outcome, digits = 0) => median(runs.map((r) => r[key])).toFixed(digits);
    console.log(
      `${name.padEnd(24)} ${pick('perSecond')} reservations/s` +
        ` (runs ${runs.map((r) => r.perSecond.toFixed(0)).join(', ')})` +
        `  booked ${pick('booked')}  RSV-2 ${pick('rsv2')}  other errors ${pick('other')}  seats sold twice: ${soldTwice}` +
        `  CPU per request: server ${pick('serverMs', 2)} ms` +
        (target.url ? `, database ${pick('databaseMs', 2)} ms` : '') +
        `; generator ${pick('generatorShare')} % of a core` +
        `  load average ${loadBefore} -> ${load()}  (${pinned})`,
    );
    if (soldTwice !== 0 || runs.some((r) => r.other > 0)) process.exitCode = 1;
  }
}

await main();
