/**
 * npm run bench:api [-- --postgres] [-- --tsx]
 *
 * One API process, one run: requests per second and p50/p95/p99 latency of the calls a booking
 * makes (search-jadwal repeated and never repeated, kursi, cek-harga, reservasi) side by side with
 * /api/health of the same server (the ceiling: routing, auth and HTTP only), at concurrency 16 and
 * 1, with the ratio of each to health. Every cell is the median of 3 runs, each bounded in requests
 * and in time; the calls alternate run by run so drift hits them alike.
 *
 * Also the server's resident memory (VmRSS from /proc/<pid>/status of the server process itself):
 * idle after start, and the peak sampled every 100 ms under load.
 *
 * Database: a fresh embedded one (PGlite, full seed) in a temporary folder; with --postgres (or
 * BENCH_DATABASE_URL=postgres://...) a fresh database created on that server for this run and
 * dropped after it (default server postgres://postgres@127.0.0.1:5432/test; only the new
 * database is touched). The server runs compiled on plain node as `npm start` runs it
 * (dist-server/, built first); --tsx runs server/index.ts through tsx instead. BENCH_PORT picks
 * the port (default: a free one).
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import postgres from 'postgres';
import { API_BASE, PREFIX, type KursiResults } from '../contract';
import { addDays, jakartaToday } from '../server/lib/dates';
import { buildServer } from '../scripts/build-server';
import {
  latencyCells,
  markdownTable,
  medianOf,
  runLoad,
  searchPaths,
  send,
  type Call,
  type RunResult,
} from './support/load';
import { BENCH_CLIENT_RATE_FACTOR, freePort, residentMb, startServer, stopServer } from './support/server';

const RUNS = 3;
/** Per concurrency: requests per run and the time after which a run stops early. */
const LOAD = {
  16: { requests: 2000, timeMs: 4_000 },
  1: { requests: 300, timeMs: 2_000 },
} as const;
const CONCURRENCY = [16, 1] as const;
const WARMUP_REQUESTS = 100;
const DEFAULT_PG = 'postgres://postgres@127.0.0.1:5432/test';
/** Departures the seat, price and reservation calls spread over, and the days after today they use. */
const DEPARTURES = ['XTR-BDG-JKT-0800', 'LJT-JKT-BDG-2100', 'SBR-SMG-SBY-1530', 'CPT-BDG-CRB-0600'];
const FIRST_DAY = 20;
const DAYS = 120;

const ENDPOINTS = ['health', 'search-jadwal', 'search-jadwal (cold)', 'kursi', 'cek-harga', 'reservasi'] as const;
type Endpoint = (typeof ENDPOINTS)[number];

// ---------------------------------------------------------------------------------------------
// The calls.

interface Departure {
  operator: string;
  code: string;
  seats: string[];
}

/** The sellable seats of each departure, read once through kursi. */
async function departures(port: number, date: string): Promise<Departure[]> {
  const agent = new http.Agent({ keepAlive: true });
  const found: Departure[] = [];
  for (const code of DEPARTURES) {
    const operator = code.slice(0, 3);
    const query = new URLSearchParams({ operator_kode: operator, jadwal_kode: code, tanggal_berangkat: date });
    const res = await send(agent, port, { method: 'GET', path: `${API_BASE}/${PREFIX}/kursi?${query.toString()}` });
    if (res.status !== 200) throw new Error(`kursi probe failed: HTTP ${res.status} ${res.body.slice(0, 300)}`);
    const body = JSON.parse(res.body) as { results: KursiResults };
    const seats = body.results.layout_kursi
      .flatMap((floor) => Object.values(floor.kursi))
      .filter((seat) => seat.flag_booking === 0 && (seat.tipe === 'P' || seat.tipe === 'PS'))
      .map((seat) => seat.no);
    if (seats.length === 0) throw new Error(`kursi probe: ${code} has no free seat on ${date}`);
    found.push({ operator, code, seats });
  }
  agent.destroy();
  return found;
}

function pick<T>(list: readonly T[]): T {
  const item = list[Math.floor(Math.random() * list.length)];
  if (item === undefined) throw new Error('pick from an empty list');
  return item;
}

function callsOf(today: string, deps: Departure[]): Record<Endpoint, (n: number) => Call> {
  const search = searchPaths(today);
  // Never the same query twice (an unused price ceiling), so every request reads the page from
  // the database instead of the search page cache: the cost of a first search.
  const coldBase = search.filter((path) => !path.includes('harga_max'));
  let coldSerial = 0;
  const dates = Array.from({ length: DAYS }, (_, i) => addDays(today, FIRST_DAY + i));
  const seatsOf = (dep: Departure) => {
    const wanted = new Set<string>();
    const count = 1 + Math.floor(Math.random() * 2);
    while (wanted.size < count) wanted.add(pick(dep.seats));
    return [...wanted];
  };
  const api = (name: string) => `${API_BASE}/${PREFIX}/${name}`;
  // Each reservation a traveller of their own, as in real traffic: one contact would meet its cap.
  let booker = 0;
  return {
    health: () => ({ method: 'GET', path: `${API_BASE}/health` }),
    'search-jadwal': (n) => ({ method: 'GET', path: search[n % search.length] as string }),
    'search-jadwal (cold)': (n) => {
      coldSerial += 1;
      return {
        method: 'GET',
        path: `${coldBase[n % coldBase.length] as string}&harga_max=${100_000_000 + coldSerial}`,
      };
    },
    kursi: () => {
      const dep = pick(deps);
      const query = new URLSearchParams({
        operator_kode: dep.operator,
        jadwal_kode: dep.code,
        tanggal_berangkat: pick(dates),
      });
      return { method: 'GET', path: `${api('kursi')}?${query.toString()}` };
    },
    'cek-harga': () => {
      const dep = pick(deps);
      return {
        method: 'POST',
        path: api('cek-harga'),
        body: JSON.stringify({
          operator_kode_pergi: dep.operator,
          jadwal_kode_pergi: dep.code,
          tanggal_berangkat_pergi: pick(dates),
          kursi_pergi: seatsOf(dep),
        }),
      };
    },
    // Travellers race for seats: a share of the requests meet a taken seat and answer RSV-2.
    reservasi: () => {
      const dep = pick(deps);
      return {
        method: 'POST',
        path: api('reservasi'),
        body: JSON.stringify({
          operator_kode_pergi: dep.operator,
          jadwal_kode_pergi: dep.code,
          tanggal_berangkat_pergi: pick(dates),
          kursi_pergi: seatsOf(dep).map((no) => ({ no, penumpang_nama: 'Budi Santoso' })),
          pemesan_nama: 'Rina Kartika',
          pemesan_telp: `0812${String((booker += 1)).padStart(8, '0')}`,
          pemesan_email: `rina${booker}@contoh.id`,
          total_bayar: 0,
        }),
      };
    },
  };
}

// ---------------------------------------------------------------------------------------------
// The database.

interface Target {
  label: string;
  databaseUrl?: string;
  dataDir?: string;
  drop(): Promise<void>;
}

async function target(): Promise<Target> {
  const pgUrl = process.env.BENCH_DATABASE_URL || (process.argv.includes('--postgres') ? DEFAULT_PG : undefined);
  if (!pgUrl) {
    const dataDir = mkdtempSync(join(tmpdir(), 'api-bench-'));
    return {
      label: 'PGlite, fresh seed',
      dataDir,
      drop: async () => rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  // A database of its own on that server: others' databases (the tests' `test`) stay untouched.
  const name = `berangkat_bench_${randomBytes(5).toString('hex')}`;
  const admin = postgres(pgUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`CREATE DATABASE ${name}`);
  const url = new URL(pgUrl);
  url.pathname = `/${name}`;
  return {
    label: `PostgreSQL ${url.host}, database ${name}, fresh seed`,
    databaseUrl: url.toString(),
    async drop() {
      await admin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end({ timeout: 5 });
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Main.

const benchStarted = performance.now();
const today = jakartaToday();
const runner = process.argv.includes('--tsx') ? 'tsx' : 'compiled';
if (runner === 'compiled') await buildServer();
const db = await target();
const port = process.env.BENCH_PORT ? Number(process.env.BENCH_PORT) : await freePort();
console.log(`Starting the API on 127.0.0.1:${port} (${db.label} for ${today}; ${runner} server) ...`);
const startedAt = performance.now();
const server = await startServer(port, db.dataDir ?? '', {
  today,
  runner,
  // Every traveller here calls from one address: the per-client limits would measure the limiter.
  clientRateFactor: BENCH_CLIENT_RATE_FACTOR,
  ...(db.databaseUrl ? { databaseUrl: db.databaseUrl } : {}),
}).catch(async (error: unknown) => {
  await db.drop();
  throw error;
});
const startSeconds = (performance.now() - startedAt) / 1000;
const pid = server.pid ?? 0;

try {
  await new Promise((resolve) => setTimeout(resolve, 2_000));
  const idleMb = residentMb(pid);
  const startPeakMb = residentMb(pid, 'VmHWM');
  console.log(
    `Ready in ${startSeconds.toFixed(1)} s; server RSS idle ${idleMb.toFixed(0)} MB (peak during start ${startPeakMb.toFixed(0)} MB)`,
  );

  const deps = await departures(port, addDays(today, FIRST_DAY));
  const calls = callsOf(today, deps);
  const probeAgent = new http.Agent({ keepAlive: true });
  for (const endpoint of ENDPOINTS) {
    // Every call must answer for real: a refusal would flatter the figures.
    const probe = await send(probeAgent, port, calls[endpoint](0));
    if (probe.status !== 200)
      throw new Error(`${endpoint} probe failed: HTTP ${probe.status} ${probe.body.slice(0, 300)}`);
  }
  probeAgent.destroy();

  let peakMb = idleMb;
  const sampler = setInterval(() => {
    peakMb = Math.max(peakMb, residentMb(pid));
  }, 100);
  for (const endpoint of ENDPOINTS) await runLoad(port, calls[endpoint], 4, WARMUP_REQUESTS, 2_000);

  const table: { endpoint: Endpoint; concurrency: number; result: RunResult }[] = [];
  for (const concurrency of CONCURRENCY) {
    const { requests, timeMs } = LOAD[concurrency];
    const runs = Object.fromEntries(ENDPOINTS.map((e) => [e, [] as RunResult[]])) as Record<Endpoint, RunResult[]>;
    for (let run = 0; run < RUNS; run += 1) {
      for (const endpoint of ENDPOINTS)
        runs[endpoint].push(await runLoad(port, calls[endpoint], concurrency, requests, timeMs));
    }
    for (const endpoint of ENDPOINTS) table.push({ endpoint, concurrency, result: medianOf(runs[endpoint]) });
    console.log(`  concurrency ${concurrency} done`);
  }
  clearInterval(sampler);
  const afterMb = residentMb(pid);

  const fmt = (n: number, digits = 1) => n.toFixed(digits);
  const rows = [
    ['call', 'conc', 'req/s', 'p50 ms', 'p95 ms', 'p99 ms', 'req/s vs health', 'p95 vs health', 'errors', 'RSV-2'],
  ];
  for (const { endpoint, concurrency, result } of table) {
    const health = table.find((t) => t.endpoint === 'health' && t.concurrency === concurrency)?.result;
    rows.push([
      endpoint,
      String(concurrency),
      ...latencyCells(result),
      health ? `${fmt(result.rps / health.rps, 3)}x` : '',
      health ? `${fmt(result.p95 / health.p95, 1)}x` : '',
      String(result.errors),
      String(result.refused),
    ]);
  }
  console.log(
    `\nbench:api, ${db.label}, ${runner} server, median of ${RUNS} runs per cell (${today}, ${process.version})\n`,
  );
  console.log(markdownTable(rows));

  console.log(
    `\nServer RSS (VmRSS of pid ${pid}): idle after start ${fmt(idleMb, 0)} MB, peak under load ${fmt(peakMb, 0)} MB, after load ${fmt(afterMb, 0)} MB`,
  );
  const cold = table.find((t) => t.endpoint === 'search-jadwal (cold)' && t.concurrency === 16)?.result;
  if (cold) {
    console.log(
      `Goal cold search at concurrency 16: p95 < 50 ms and 1,000 req/s: ${fmt(cold.p95, 1)} ms, ${fmt(cold.rps, 0)} req/s`,
    );
  }
  console.log(`Total time ${fmt((performance.now() - benchStarted) / 1000)} s`);
  if (table.some((t) => t.result.errors > 0)) process.exitCode = 1;
} finally {
  await stopServer(server);
  await db.drop();
}
