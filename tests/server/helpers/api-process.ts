/**
 * The real API as a child process for the crash and cluster tests: `node --import tsx
 * server/index.ts` (tsx's own loader in one process, so a SIGKILL reaches the server itself and
 * not an npm or npx wrapper in front of it), demo mode on, warnings and errors to the test's
 * stderr.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { inject } from 'vitest';
import postgres from 'postgres';
import { API_BASE, endpoints, envelope, type EndpointName } from '../../../contract';
import { ROOT } from '../../../bench/support/server';
import { defaultHeaders, toQuery } from '../api-support';

export interface ApiProcessOptions {
  port: number;
  /** PGlite data folder (also given with PostgreSQL: the server ignores it then). */
  dataDir: string;
  databaseUrl?: string | undefined;
  today?: string | undefined;
  extraEnv?: Record<string, string>;
  /** Seconds to wait for /api/health. */
  startTimeout?: number;
}

export function apiEnv(options: ApiProcessOptions): NodeJS.ProcessEnv {
  return {
    ...process.env,
    PORT: String(options.port),
    HOST: '127.0.0.1',
    DATA_DIR: options.dataDir,
    DATABASE_URL: options.databaseUrl ?? '',
    DEMO_MODE: '1',
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    // Every request of a test comes from one address: the per-client limits must not refuse them.
    CLIENT_RATE_FACTOR: '1000',
    HOLD_RATE_PER_MINUTE: '100000',
    ...(options.today ? { TODAY: options.today } : {}),
    ...options.extraEnv,
  };
}

export async function waitForHealth(base: string, child: ChildProcess | null, seconds: number): Promise<void> {
  const deadline = Date.now() + seconds * 1000;
  while (Date.now() < deadline) {
    if (child && child.exitCode !== null) throw new Error(`server exited with code ${child.exitCode}`);
    try {
      const res = await fetch(`${base}${API_BASE}/health`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${base} did not answer /health within ${seconds} s`);
}

export async function startApiProcess(options: ApiProcessOptions): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/index.ts'], {
    cwd: ROOT,
    env: apiEnv(options),
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    await waitForHealth(`http://127.0.0.1:${options.port}`, child, options.startTimeout ?? 90);
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }
  return child;
}

/** Ends a process and waits for its exit; SIGKILL after `graceMs`. */
export function stopProcess(child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM', graceMs = 15_000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const force = setTimeout(() => child.kill('SIGKILL'), graceMs);
    child.once('exit', () => {
      clearTimeout(force);
      resolve();
    });
    child.kill(signal);
  });
}

export interface Reply {
  status: number;
  /** The contract envelope: results when status is OK, code and message otherwise. */
  body: { status: string; results?: unknown; code?: string; message?: string };
  headers: Headers;
}

/** One contract call over HTTP; the reply is parsed with the contract's envelope. */
export async function httpCall(
  base: string,
  name: EndpointName,
  input: Record<string, unknown>,
  headers: Record<string, string> = {},
): Promise<Reply> {
  const endpoint = endpoints[name];
  const all = { ...defaultHeaders(), ...headers };
  const response =
    endpoint.method === 'GET'
      ? await fetch(`${base}${API_BASE}${endpoint.path}${toQuery(input)}`, { headers: all })
      : await fetch(`${base}${API_BASE}${endpoint.path}`, {
          method: 'POST',
          headers: { ...all, 'content-type': 'application/json' },
          body: JSON.stringify(input),
        });
  const body = envelope(endpoint.results).parse(await response.json()) as Reply['body'];
  return { status: response.status, body, headers: response.headers };
}

/** The run's seeded templates (tests/server/helpers/global-setup.ts), when the runner made them. */
export function seededTemplates(): { pglite: string | null; postgres: string | null } {
  try {
    return { pglite: inject('pgliteTemplate') ?? null, postgres: inject('postgresTemplate') ?? null };
  } catch {
    return { pglite: null, postgres: null };
  }
}

/**
 * A PGlite data folder started from the run's seeded template, so the server skips seeding (the
 * slowest part of its first start); without a template the server seeds the empty folder itself.
 */
export async function prepareDataDir(dataDir: string): Promise<void> {
  const template = seededTemplates().pglite;
  if (!template) return;
  const db = new PGlite(dataDir, { loadDataDir: new Blob([await readFile(template)]) });
  await db.waitReady;
  await db.close();
}

/**
 * A fresh PostgreSQL database on the server of `adminUrl` (a copy of the run's seeded template when
 * there is one, else empty: the server seeds it), dropped by `drop()`.
 */
export async function createScratchDatabase(adminUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `berangkat_crash_${randomBytes(6).toString('hex')}`;
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  const template = seededTemplates().postgres;
  await admin.unsafe(template ? `CREATE DATABASE ${name} TEMPLATE ${template}` : `CREATE DATABASE ${name}`);
  const target = new URL(adminUrl);
  target.pathname = `/${name}`;
  return {
    url: target.toString(),
    async drop() {
      await admin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end({ timeout: 5 });
    },
  };
}
