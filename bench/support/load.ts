/**
 * The load generator the API benchmarks share: keep-alive requests from a fixed number of
 * concurrent workers, bounded in requests and in time, with latency percentiles per run.
 */
import http from 'node:http';
import { API_BASE, DEFAULT_BASIC_CREDENTIALS, HEADER, PREFIX } from '../../contract';
import { SEED_FIXTURES } from '../../server/db/seed';
import { addDays } from '../../server/lib/dates';

export interface Call {
  method: 'GET' | 'POST';
  path: string;
  body?: string;
  /** Over the defaults: a customer's bearer token, an order's key. */
  headers?: Record<string, string>;
}

export interface RunResult {
  rps: number;
  /** Requests answered (any status). */
  answered?: number;
  p50: number;
  p95: number;
  p99: number;
  /** Answers that are neither OK nor an expected refusal. */
  errors: number;
  /** Expected refusals (reservasi: RSV-2, the seat was taken by an earlier request). */
  refused: number;
}

/** The headers every API call of the benchmarks carries (an anonymous web client). */
export const HEADERS = {
  [HEADER.userId]: 'bench'.padEnd(100, 'x'),
  [HEADER.platform]: 'WEB',
  [HEADER.authorization]: `Basic ${Buffer.from(
    `${DEFAULT_BASIC_CREDENTIALS.WEB.user}:${DEFAULT_BASIC_CREDENTIALS.WEB.password}`,
  ).toString('base64')}`,
};

export function send(agent: http.Agent, port: number, call: Call): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        path: call.path,
        method: call.method,
        agent,
        headers: {
          ...HEADERS,
          ...(call.body ? { 'content-type': 'application/json' } : {}),
          ...call.headers,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(call.body);
  });
}

export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index] ?? Number.NaN;
}

export async function runLoad(
  port: number,
  callAt: (n: number) => Call,
  concurrency: number,
  count: number,
  timeMs: number,
): Promise<RunResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
  const latencies: number[] = [];
  let next = 0;
  let errors = 0;
  let refused = 0;
  const started = performance.now();
  const stopAt = started + timeMs;
  const worker = async () => {
    while (next < count && performance.now() < stopAt) {
      const call = callAt(next);
      next += 1;
      const t0 = performance.now();
      try {
        const res = await send(agent, port, call);
        latencies.push(performance.now() - t0);
        if (res.status === 200 && res.body.startsWith('{"status":"OK"')) continue;
        if (res.status === 409 && res.body.includes('"RSV-2"')) refused += 1;
        else errors += 1;
      } catch {
        errors += 1;
      }
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  const elapsed = (performance.now() - started) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  return {
    rps: latencies.length / elapsed,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    errors,
    refused,
  };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;

export function medianOf(runs: RunResult[]): RunResult {
  return {
    rps: median(runs.map((r) => r.rps)),
    p50: median(runs.map((r) => r.p50)),
    p95: median(runs.map((r) => r.p95)),
    p99: median(runs.map((r) => r.p99)),
    errors: runs.reduce((sum, r) => sum + r.errors, 0),
    refused: runs.reduce((sum, r) => sum + r.refused, 0),
  };
}

/** Bandung -> Jakarta over several days with a mix of filters, sorts and pages, as the app asks. */
export function searchPaths(today: string): string[] {
  const { bandung, jakarta } = SEED_FIXTURES.cityIds;
  const base = { asal_id: bandung, asal_tipe: 'kota', tujuan_id: jakarta, tujuan_tipe: 'kota' };
  const variants: Record<string, string | number>[] = [
    { group_by: 'operator-jurusan', page: 1 },
    { group_by: 'operator-jurusan', page: 2 },
    { group_by: 'operator-jurusan', page: 1, sort: 'termurah' },
    { group_by: 'operator-jurusan', page: 1, operator: 'XTR' },
    { group_by: 'operator-jurusan', page: 1, jam: 'pagi', fasilitas: 'ac' },
    { group_by: 'operator-jurusan', page: 1, harga_min: 100000, harga_max: 200000 },
    { group_by: 'operator-jurusan', page: 1, show_connecting: 1 },
    { page: 1 },
  ];
  const paths: string[] = [];
  for (let day = 1; day <= 5; day += 1) {
    for (const variant of variants) {
      const query = new URLSearchParams();
      for (const [key, value] of Object.entries({ ...base, tanggal_berangkat: addDays(today, day), ...variant }))
        query.set(key, String(value));
      paths.push(`${API_BASE}/${PREFIX}/search-jadwal?${query.toString()}`);
    }
  }
  return paths;
}

/** A run's throughput and latency as table cells: req/s, then p50, p95 and p99 in ms. */
export function latencyCells(result: RunResult): string[] {
  return [result.rps.toFixed(0), result.p50.toFixed(2), result.p95.toFixed(2), result.p99.toFixed(2)];
}

/** Rows (the first is the header) as a Markdown table: names left, figures right-aligned. */
export function markdownTable(rows: readonly string[][]): string {
  const widths = rows[0]?.map((_, col) => Math.max(...rows.map((row) => (row[col] ?? '').length))) ?? [];
  const line = (row: readonly string[]) =>
    `| ${row.map((cell, col) => (col === 0 ? cell.padEnd(widths[col] ?? 0) : cell.padStart(widths[col] ?? 0))).join(' | ')} |`;
  const [header = [], ...body] = rows;
  return [line(header), `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`, ...body.map(line)].join('\n');
}
