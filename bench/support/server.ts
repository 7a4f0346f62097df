/**
 * The API (and, when built, the web app) as its own process for a benchmark: a free loopback
 * port, a fresh embedded database in the given folder, started and stopped cleanly.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { API_BASE } from '../../contract';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

export interface ServerOptions {
  /** Pins "today" for the seed and the sale rules. */
  today?: string;
  /** A build folder to serve besides the API (vite build --outDir). */
  distDir?: string;
  /** A PostgreSQL database instead of the embedded one (several processes may share it). */
  databaseUrl?: string;
  /**
   * 'compiled' runs dist-server/index.js on plain node, as `npm start` does (build it first:
   * scripts/build-server.ts); 'tsx' (default) compiles server/index.ts at run time, so a
   * benchmark never runs a stale build.
   */
  runner?: 'compiled' | 'tsx';
  /** CLIENT_RATE_FACTOR of the server: a benchmark's one address plays many clients. */
  clientRateFactor?: number;
  /**
   * API processes: more than 1 runs `npm run serve:cluster`'s primary (dist-server/cluster.js,
   * compiled runner and PostgreSQL only) with CLUSTER_SIZE workers; startServer returns once every
   * worker listens.
   */
  workers?: number;
  /** A taskset CPU list the server (and its workers) run on. */
  cpus?: string;
}

/**
 * The per-client limits' factor benchmarks run with unless CLIENT_RATE_FACTOR says otherwise:
 * high enough that no limit refuses a measured request (a refusal would flatter the figures).
 */
export const BENCH_CLIENT_RATE_FACTOR = Number(process.env.CLIENT_RATE_FACTOR ?? 10_000);

export const COMPILED_ENTRY = 'dist-server/index.js';
/**
 * The V8 heap limits `npm start`, `npm run serve`, `serve:cluster` and the image's CMD run the
 * compiled server with (tests/scripts/deploy-files.test.ts holds them equal). Without them V8
 * lets the heap grow far past the ~45 MB live under load before collecting: measured with
 * bench:api on PGlite, peak RSS about 340-400 MB without, about 250 with, at the same CPU per
 * request. BENCH_NODE_FLAGS overrides them for a benchmark (empty: none, to compare).
 */
export const SERVER_NODE_FLAGS = ['--max-old-space-size=160', '--max-semi-space-size=2'];
const BENCH_NODE_FLAGS =
  process.env.BENCH_NODE_FLAGS !== undefined
    ? process.env.BENCH_NODE_FLAGS.split(' ').filter(Boolean)
    : SERVER_NODE_FLAGS;
export const CLUSTER_ENTRY = 'dist-server/cluster.js';

/** Resident memory of a process in MB (VmRSS, or VmHWM for its peak), from /proc. */
export function residentMb(pid: number, field: 'VmRSS' | 'VmHWM' = 'VmRSS'): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1];
  return kb ? Number(kb) / 1024 : Number.NaN;
}

export async function startServer(port: number, dataDir: string, options: ServerOptions = {}): Promise<ChildProcess> {
  const runner = options.runner ?? 'tsx';
  const workers = options.workers ?? 1;
  if (runner === 'compiled' && !existsSync(`${ROOT}${COMPILED_ENTRY}`))
    throw new Error(`${COMPILED_ENTRY} is not built`);
  if (workers > 1 && (runner !== 'compiled' || !options.databaseUrl))
    throw new Error('several workers need the compiled server and PostgreSQL');
  const entry =
    workers > 1
      ? [...BENCH_NODE_FLAGS, CLUSTER_ENTRY]
      : runner === 'compiled'
        ? [...BENCH_NODE_FLAGS, COMPILED_ENTRY]
        : ['--import', 'tsx', 'server/index.ts'];
  // taskset execs node in the same process, so the child's pid stays the server's.
  const [command, args] = options.cpus
    ? ['taskset', ['-c', options.cpus, process.execPath, ...entry]]
    : [process.execPath, entry];
  const child = spawn(command, args, {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: options.databaseUrl ?? '',
      ...(options.today ? { TODAY: options.today } : {}),
      ...(options.distDir ? { DIST_DIR: options.distDir } : {}),
      ...(options.clientRateFactor ? { CLIENT_RATE_FACTOR: String(options.clientRateFactor) } : {}),
      ...(workers > 1 ? { CLUSTER_SIZE: String(workers) } : {}),
      // One log line per request would measure the terminal; warnings and errors still show.
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', workers > 1 ? 'pipe' : 'ignore', 'inherit'],
  });
  // Each worker says on stdout when it listens: health answering means only one does.
  let listening = 0;
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
    listening = output.match(/^Berangkat berjalan di /gm)?.length ?? 0;
  });
  const deadline = Date.now() + 300_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with code ${child.exitCode}`);
    try {
      const res = await fetch(`http://127.0.0.1:${port}${API_BASE}/health`);
      if (res.ok && (workers === 1 || listening >= workers)) return child;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  child.kill('SIGTERM');
  throw new Error('server did not start within 300 s');
}

export function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const force = setTimeout(() => child.kill('SIGKILL'), 15_000);
    child.once('exit', () => {
      clearTimeout(force);
      resolve();
    });
    child.kill('SIGTERM');
  });
}
