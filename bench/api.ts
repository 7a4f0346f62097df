/**
 * npm run bench:api [-- --postgres] [-- --workers=2] [-- --tsx] [-- --no-pin]
 *
 * Requests per second and p50/p95/p99 latency of the calls a booking makes (search-jadwal
 * repeated and never repeated, kursi, cek-harga, reservasi) side by side with /api/health of the
 * same server (the ceiling: routing, auth and HTTP only), at concurrency 16 and 1, with the ratio
 * of each to health. Every cell is the median of 3 runs, each bounded in requests and in time; the
 * calls alternate run by run so drift hits them alike.
 *
 * The load comes from a separate process (autocannon, bench/support/generator.ts). On a machine
 * with a core to spare for it, the generator runs on the last core and the server on the others
 * (taskset; --no-pin leaves both to the scheduler); the output says what was pinned. Each cell
 * also gives the CPU the server's processes, the generator and (PostgreSQL) the database's
 * backends used during the run (utime + stime from /proc), as a share of one core and of the
 * machine. After the runs, the live seat bookings that share a seat are counted: it must be 0.
 *
 * Memory: each server process's resident memory (VmRSS from /proc/<pid>/status): idle after
 * start, and the peak sampled every 100 ms under load.
 *
 * Database: a fresh embedded one (PGlite, full seed) in a temporary folder; with --postgres (or
 * BENCH_DATABASE_URL=postgres://...) a fresh database created on that server for this run and
 * dropped after it (default server postgres://postgres@127.0.0.1:5432/test; only the new database
 * is touched; BENCH_DATABASE_PREFIX names it). --workers=N (PostgreSQL only) runs N API processes
 * under node:cluster as `npm run serve:cluster` does. The server runs compiled on plain node as
 * `npm start` runs it (dist-server/, built first); --tsx runs server/index.ts through tsx
 * instead. BENCH_PORT picks the port (default: a free one).
 */
import http from 'node:http';
import { loadavg } from 'node:os';
import { addDays, jakartaToday } from '../server/lib/dates';
import { buildServer } from '../scripts/build-server';
import { CALL_NAMES, callsOf, sellableSeats, type CallName } from './support/calls';
import { latencyCells, markdownTable, medianOf, send, type RunResult } from './support/load';
import {
  MACHINE_CORES,
  cpuShares,
  cpuSnapshot,
  cpuUsedMs,
  medianCpu,
  pinPlan,
  processTree,
  shareCell,
  startGenerator,
} from './support/remote-load';
import { BENCH_CLIENT_RATE_FACTOR, freePort, residentMb, startServer, stopServer } from './support/server';
import { DEFAULT_PG, benchTarget } from './support/target';

const RUNS = 3;
/** Per concurrency: requests per run and the time after which a run stops early. */
const LOAD = {
  16: { requests: 2000, timeMs: 4_000 },
  1: { requests: 300, timeMs: 2_000 },
} as const;
const CONCURRENCY = [16, 1] as const;
const WARMUP_REQUESTS = 100;
/** The days after today the seat, price and reservation calls use (departures: BENCH_DEPARTURES). */
const FIRST_DAY = 20;
const DAYS = 120;

type Endpoint = CallName;
const ENDPOINTS = CALL_NAMES;

// ---------------------------------------------------------------------------------------------
// Main.

const arg = (name: string) => process.argv.find((value) => value.startsWith(`--${name}=`))?.split('=')[1];
const benchStarted = performance.now();
const today = jakartaToday();
const runner = process.argv.includes('--tsx') ? 'tsx' : 'compiled';
const workers = Number(arg('workers') ?? 1);
const pgUrl = process.env.BENCH_DATABASE_URL || (process.argv.includes('--postgres') ? DEFAULT_PG : undefined);
if (!Number.isInteger(workers) || workers < 1) throw new Error('--workers takes a whole number from 1');
if (workers > 1 && (!pgUrl || runner !== 'compiled'))
  throw new Error('--workers above 1 needs --postgres and the compiled server: PGlite belongs to one process');
const pin = pinPlan(workers, !process.argv.includes('--no-pin'));
const load = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');
const loadBefore = load();
if (runner === 'compiled') await buildServer();
const db = await benchTarget(pgUrl);
const port = process.env.BENCH_PORT ? Number(process.env.BENCH_PORT) : await freePort();
const shape = workers > 1 ? `${workers} workers under node:cluster` : 'one process';
console.log(`Starting the API on 127.0.0.1:${port} (${db.label} for ${today}; ${runner} server, ${shape}) ...`);
const startedAt = performance.now();
const server = await startServer(port, db.dataDir ?? '', {
  today,
  runner,
  workers,
  // Every traveller here calls from one address: the per-client limits would measure the limiter.
  clientRateFactor: BENCH_CLIENT_RATE_FACTOR,
  ...(pin.server ? { cpus: pin.server } : {}),
  ...(db.databaseUrl ? { databaseUrl: db.databaseUrl } : {}),
}).catch(async (error: unknown) => {
  await db.drop();
  throw error;
});
const startSeconds = (performance.now() - startedAt) / 1000;
const pid = server.pid ?? 0;
const generator = await startGenerator(pin.generator);
const fmt = (n: number, digits = 1) => n.toFixed(digits);
let soldTwice = -1;

try {
  await new Promise((resolve) => setTimeout(resolve, 2_000));
  // The processes that serve: the one server, or the cluster's workers (the primary only forwards connections).
  const servers = workers > 1 ? processTree(pid).slice(1) : [pid];
  const idle = servers.map((p) => residentMb(p));
  const startPeak = servers.map((p) => residentMb(p, 'VmHWM'));
  const perProcess = (values: number[]) => values.map((mb) => fmt(mb, 0)).join(' / ');
  console.log(
    `Ready in ${fmt(startSeconds)} s; server RSS idle ${perProcess(idle)} MB (peak during start ${perProcess(startPeak)} MB)` +
      (workers > 1 ? `; primary ${fmt(residentMb(pid), 0)} MB` : ''),
  );
  console.log(`Pinning: ${pin.description}. Load generator: autocannon in its own process (pid ${generator.pid}).`);

  const deps = await sellableSeats(port, addDays(today, FIRST_DAY));
  const spec = {
    today,
    departures: deps,
    dates: Array.from({ length: DAYS }, (_, i) => addDays(today, FIRST_DAY + i)),
  };
  const probeCalls = callsOf(spec);
  const probeAgent = new http.Agent({ keepAlive: true });
  for (const endpoint of ENDPOINTS) {
    // Every call must answer for real: a refusal would flatter the figures.
    const probe = await send(probeAgent, port, probeCalls[endpoint](0));
    if (probe.status !== 200)
      throw new Error(`${endpoint} probe failed: HTTP ${probe.status} ${probe.body.slice(0, 300)}`);
  }
  probeAgent.destroy();

  const peak = [...idle];
  const sampler = setInterval(() => {
    servers.forEach((p, i) => {
      peak[i] = Math.max(peak[i] ?? 0, residentMb(p));
    });
  }, 100);
  const run = (call: Endpoint, concurrency: number, requests: number, timeMs: number) =>
    generator.run({ port, call, spec, concurrency, requests, timeMs });
  for (const endpoint of ENDPOINTS) await run(endpoint, 4, WARMUP_REQUESTS, 2_000);

  const groups = {
    server: () => processTree(pid),
    generator: () => [generator.pid],
    database: () => db.backendPids(),
  };
  type Cell = { result: RunResult; cpu: Record<string, number> };
  const table: { endpoint: Endpoint; concurrency: number; result: RunResult; cpu: Record<string, number> }[] = [];
  for (const concurrency of CONCURRENCY) {
    const { requests, timeMs } = LOAD[concurrency];
    const runs = Object.fromEntries(ENDPOINTS.map((e) => [e, [] as Cell[]])) as Record<Endpoint, Cell[]>;
    for (let i = 0; i < RUNS; i += 1) {
      for (const endpoint of ENDPOINTS) {
        const before = await cpuSnapshot(groups);
        const result = await run(endpoint, concurrency, requests, timeMs);
        const after = await cpuSnapshot(groups);
        const used = cpuUsedMs(before, after);
        const answered = Math.max(1, result.answered ?? 0);
        runs[endpoint].push({
          result,
          cpu: {
            ...cpuShares(before, after),
            serverPerRequest: (used.server ?? 0) / answered,
            databasePerRequest: (used.database ?? 0) / answered,
          },
        });
      }
    }
    for (const endpoint of ENDPOINTS) {
      const cells = runs[endpoint];
      const median = (name: string) => medianCpu(cells, name);
      table.push({
        endpoint,
        concurrency,
        result: medianOf(cells.map((c) => c.result)),
        cpu: {
          server: median('server'),
          generator: median('generator'),
          database: median('database'),
          serverPerRequest: median('serverPerRequest'),
          databasePerRequest: median('databasePerRequest'),
        },
      });
    }
    console.log(`  concurrency ${concurrency} done`);
  }
  clearInterval(sampler);
  const after = servers.map((p) => residentMb(p));
  if (db.kind === 'postgres') soldTwice = await db.soldTwice();

  const withDb = db.kind === 'postgres';
  const rows = [
    [
      'call',
      'conc',
      'req/s',
      'p50 ms',
      'p95 ms',
      'p99 ms',
      'req/s vs health',
      'p95 vs health',
      'errors',
      'RSV-2',
      'server CPU %',
      'server CPU ms/req',
      'generator CPU %',
      ...(withDb ? ['database CPU %', 'database CPU ms/req'] : []),
    ],
  ];
  for (const { endpoint, concurrency, result, cpu } of table) {
    const health = table.find((t) => t.endpoint === 'health' && t.concurrency === concurrency)?.result;
    rows.push([
      endpoint,
      String(concurrency),
      ...latencyCells(result),
      health ? `${fmt(result.rps / health.rps, 3)}x` : '',
      health ? `${fmt(result.p95 / health.p95, 1)}x` : '',
      String(result.errors),
      String(result.refused),
      shareCell(cpu.server ?? 0),
      fmt(cpu.serverPerRequest ?? 0, 2),
      shareCell(cpu.generator ?? 0),
      ...(withDb ? [shareCell(cpu.database ?? 0), fmt(cpu.databasePerRequest ?? 0, 2)] : []),
    ]);
  }
  console.log(
    `\nbench:api, ${db.label}, ${runner} server, ${shape}, median of ${RUNS} runs per cell (${today}, ${process.version})`,
  );
  console.log(
    `Load generator: autocannon 9 in its own process. ${pin.description}. CPU % = share of one core / of the machine (${MACHINE_CORES} cores) during the run, median of the runs; CPU ms/req = that CPU time per answered request${withDb ? '; database = the PostgreSQL backends serving this database' : ''}.\n`,
  );
  console.log(markdownTable(rows));

  const label = workers > 1 ? 'per worker' : `of pid ${pid}`;
  console.log(
    `\nServer RSS (VmRSS ${label}): idle after start ${perProcess(idle)} MB, peak under load ${perProcess(peak)} MB, after load ${perProcess(after)} MB`,
  );
  const cell = (endpoint: Endpoint) => table.find((t) => t.endpoint === endpoint && t.concurrency === 16);
  const cold = cell('search-jadwal (cold)');
  const health = cell('health');
  if (cold && health) {
    console.log(
      `Goal cold search at concurrency 16: p95 < 50 ms and 1,000 req/s (PostgreSQL, two workers), 0.15x health (PGlite): ` +
        `${fmt(cold.result.p95, 1)} ms, ${fmt(cold.result.rps, 0)} req/s, ${fmt(cold.result.rps / health.result.rps, 3)}x health`,
    );
  }
  const reserve = cell('reservasi');
  if (reserve)
    console.log(`Goal reservasi at concurrency 16: 1,000/s (PostgreSQL, two workers): ${fmt(reserve.result.rps, 0)}/s`);
  if (table.some((t) => t.result.errors > 0)) process.exitCode = 1;
} finally {
  await generator.stop();
  await stopServer(server);
  if (db.kind === 'pglite') soldTwice = await db.soldTwice().catch(() => -1);
  await db.drop();
}
console.log(`Seats sold twice after the reservation runs: ${soldTwice}`);
console.log(
  `Load average before ${loadBefore}, after ${load()}; total time ${fmt((performance.now() - benchStarted) / 1000)} s`,
);
if (soldTwice !== 0) process.exitCode = 1;
