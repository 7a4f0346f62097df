/**
 * npm run bench:search
 *
 * Requests per second and p50/p95/p99 latency of search-jadwal at concurrency 1, 16 and 64,
 * side by side with /api/health of the same server (the ceiling: routing, logging and HTTP only).
 * "search-jadwal" repeats a fixed mix of 40 searches, as users do (its pages come from the search
 * page cache, seats counted live); "search-jadwal (cold)" never repeats one, so each request runs
 * the full search query.
 * The API runs as its own process on a fresh embedded database (PGlite, full seed) in a temporary
 * folder, and the load comes from another (autocannon, bench/support/generator.ts), pinned to a
 * core of its own when the machine has one to spare (--no-pin: not); each cell prints the CPU
 * both used. Loopback only; every cell is the median of 3 runs, each bounded in requests and in time.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, startServer, stopServer } from './support/server';
import http from 'node:http';
import { addDays, jakartaToday } from '../server/lib/dates';
import { latencyCells, markdownTable, medianOf, searchPaths, send, type RunResult } from './support/load';
import {
  MACHINE_CORES,
  cpuShares,
  cpuSnapshot,
  medianCpu,
  pinPlan,
  processTree,
  shareCell,
  startGenerator,
} from './support/remote-load';

const CONCURRENCY = [1, 16, 64] as const;
const RUNS = 3;
/** Requests per run, and the time after which a run stops early (whichever comes first). */
const REQUESTS: Record<(typeof CONCURRENCY)[number], number> = { 1: 600, 16: 4000, 64: 6000 };
const RUN_TIME_LIMIT_MS = 4_000;
const WARMUP_REQUESTS = 200;

type Endpoint = 'search-jadwal' | 'search-jadwal (cold)' | 'health';
const ENDPOINTS: readonly Endpoint[] = ['search-jadwal', 'search-jadwal (cold)', 'health'];

// ---------------------------------------------------------------------------------------------
// Main.

const benchStarted = performance.now();
const today = jakartaToday();
const dataDir = mkdtempSync(join(tmpdir(), 'berangkat-bench-'));
const port = process.env.BENCH_PORT ? Number(process.env.BENCH_PORT) : await freePort();
const pin = pinPlan(1, !process.argv.includes('--no-pin'));
console.log(`Starting the API on 127.0.0.1:${port} (PGlite, fresh seed for ${today}) ...`);
const server = await startServer(port, dataDir, { today, ...(pin.server ? { cpus: pin.server } : {}) });
const generator = await startGenerator(pin.generator);
const spec = { today, departures: [], dates: [] };
type Cell = { result: RunResult; cpu: Record<string, number> };

try {
  const search = searchPaths(today);
  // The answer must be a real one: a search that finds nothing would flatter the figures.
  const probeAgent = new http.Agent({ keepAlive: true });
  const probe = await send(probeAgent, port, { method: 'GET', path: search[0] as string });
  probeAgent.destroy();
  const probeBody = JSON.parse(probe.body) as { results?: { total?: number } };
  if (probe.status !== 200 || !probeBody.results?.total) {
    throw new Error(`search-jadwal probe failed: HTTP ${probe.status} ${probe.body.slice(0, 300)}`);
  }
  console.log(`search-jadwal probe: ${probeBody.results.total} groups on ${addDays(today, 1)}; warming up ...`);
  const run = (call: Endpoint, concurrency: number, requests: number) =>
    generator.run({ port, call, spec, concurrency, requests, timeMs: RUN_TIME_LIMIT_MS });
  for (const endpoint of ENDPOINTS) await run(endpoint, 4, WARMUP_REQUESTS);
  const groups = { server: () => processTree(server.pid ?? 0), generator: () => [generator.pid] };

  const table: { endpoint: Endpoint; concurrency: number; result: RunResult; cpu: Record<string, number> }[] = [];
  for (const concurrency of CONCURRENCY) {
    const runs: Record<Endpoint, Cell[]> = { 'search-jadwal': [], 'search-jadwal (cold)': [], health: [] };
    // Alternate the endpoints so drift (GC, CPU heat) hits them alike.
    for (let i = 0; i < RUNS; i += 1) {
      for (const endpoint of ENDPOINTS) {
        const before = await cpuSnapshot(groups);
        const result = await run(endpoint, concurrency, REQUESTS[concurrency]);
        runs[endpoint].push({ result, cpu: cpuShares(before, await cpuSnapshot(groups)) });
      }
    }
    for (const endpoint of ENDPOINTS) {
      const cells = runs[endpoint];
      const median = (name: string) => medianCpu(cells, name);
      table.push({
        endpoint,
        concurrency,
        result: medianOf(cells.map((c) => c.result)),
        cpu: { server: median('server'), generator: median('generator') },
      });
    }
    console.log(`  concurrency ${concurrency} done`);
  }

  const fmt = (n: number, digits = 1) => n.toFixed(digits);
  const rows = [
    ['endpoint', 'conc', 'req/s', 'p50 ms', 'p95 ms', 'p99 ms', 'errors', 'server CPU %', 'generator CPU %'],
  ];
  for (const { endpoint, concurrency, result, cpu } of table) {
    rows.push([
      endpoint,
      String(concurrency),
      ...latencyCells(result),
      String(result.errors),
      shareCell(cpu.server ?? 0),
      shareCell(cpu.generator ?? 0),
    ]);
  }
  console.log(`\nsearch-jadwal vs health, median of ${RUNS} runs per cell (${today}, ${process.version})`);
  console.log(
    `Load generator: autocannon 9 in its own process. ${pin.description}. CPU % = share of one core / of the machine (${MACHINE_CORES} cores) during the run, median of the runs.\n`,
  );
  console.log(markdownTable(rows));

  for (const name of ['search-jadwal', 'search-jadwal (cold)'] as const) {
    console.log(`\nRatio ${name} / health`);
    for (const concurrency of CONCURRENCY) {
      const s = table.find((t) => t.endpoint === name && t.concurrency === concurrency)?.result;
      const h = table.find((t) => t.endpoint === 'health' && t.concurrency === concurrency)?.result;
      if (!s || !h) continue;
      console.log(
        `  concurrency ${String(concurrency).padStart(2)}: req/s ${fmt(s.rps / h.rps, 3)}x, p95 ${fmt(s.p95 / h.p95, 1)}x`,
      );
    }
  }
  const target = table.find((t) => t.endpoint === 'search-jadwal' && t.concurrency === 16)?.result;
  if (target) {
    const pass = target.p95 < 25;
    console.log(
      `\nTarget: search-jadwal p95 < 25 ms at concurrency 16: ${fmt(target.p95, 2)} ms ${pass ? 'OK' : 'OVER'}`,
    );
  }
  console.log(`Total time ${fmt((performance.now() - benchStarted) / 1000)} s`);
  if (table.some((t) => t.result.errors > 0)) process.exitCode = 1;
} finally {
  await generator.stop();
  await stopServer(server);
  rmSync(dataDir, { recursive: true, force: true });
}
