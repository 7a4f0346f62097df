import { sql } from 'drizzle-orm';
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import postgres from 'postgres';
import { openDatabase, type DbHandle, type PoolSettings } from './client';
import { seedCatalog } from './catalog';
import { layOutFlashSaleDays } from './flash-sale-days';
import { rollTimetableForward, seedIfEmpty } from './seed';

export interface PrepareOptions {
  /** postgres://... selects PostgreSQL; otherwise PGlite. */
  url?: string | undefined;
  /** PGlite data folder, created when missing; omitted means in memory. Ignored with `url`. */
  dataDir?: string | undefined;
  /** Seed day (YYYY-MM-DD), used only when the database is still empty. */
  today: string;
  /**
   * Demo mode (the default) seeds the demo customers, tokens, vouchers, bookings, flash sale and
   * content; production only the reference data: places, operators, seat layouts, timetable and
   * payment methods.
   */
  demo?: boolean | undefined;
  /** PostgreSQL pool size. */
  max?: number | undefined;
  /**
   * The serving pool's settings (size, timeouts). The set-up (migrations, seed) runs on a connection
   * without them: a statement limit meant for requests must not cut a migration or the first seed.
   */
  pool?: PoolSettings | undefined;
  log?: (msg: string) => void;
  /**
   * The day another process of this `serve:cluster` already set the database up for
   * (server/cluster-messages.ts): on that same day the set-up is skipped and the database opened.
   */
  preparedFor?: string | undefined;
}

// Any constant works; it only has to be the same in every process that starts on one database.
const STARTUP_LOCK_KEY = 2_026_112_302;

/** Opens the database, applies pending migrations and seeds it on first run. */
export async function prepareDatabase(options: PrepareOptions): Promise<DbHandle> {
  const log = options.log ?? (() => {});
  if (!options.url && options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  const open = (): Promise<DbHandle> =>
    openDatabase({
      url: options.url,
      dataDir: options.url ? undefined : options.dataDir,
      max: options.max,
      pool: options.pool,
    });
  if ((options.url || options.dataDir) && options.preparedFor === options.today) {
    log(
      `Database ${options.url ? 'PostgreSQL' : `PGlite (${options.dataDir})`}: set up for ${options.today} by this cluster already`,
    );
    return open();
  }
  if ((options.url || options.dataDir) && canRunSetUpAlone()) {
    // Migrating, seeding and the start-of-day updates grow the embedded engine's WebAssembly
    // memory (to about 900 MB on a first start), and that memory never shrinks; the seed's rows
    // also grow this process's heap. They run in a short-lived process of their own, and this
    // one opens the prepared database afresh.
    await setUpInChild(
      {
        url: options.url,
        dataDir: options.url ? undefined : options.dataDir,
        today: options.today,
        demo: options.demo,
      },
      log,
    );
    return open();
  }
  // The set-up's connection has none of the serving pool's settings (a statement limit meant for
  // requests must not cut a migration); PGlite's one connection ignores them anyway.
  const separate = Boolean(options.url && options.pool);
  const handle = separate ? await openDatabase({ url: options.url, max: options.max }) : await open();
  try {
    await withStartupLock(options.url, () => setUp(handle, options, log));
  } catch (error) {
    await handle.close();
    throw error;
  }
  if (!separate) return handle;
  await handle.close();
  return open();
}

/** This module's file, as a child process's entry: the compiled server bundles it as setup.js beside index.js. */
const SETUP_ENTRY = import.meta.url.endsWith('.ts')
  ? fileURLToPath(import.meta.url)
  : fileURLToPath(new URL('./setup.js', import.meta.url));
/** Set in the child: the folder and seed day to prepare, as JSON. */
const CHILD_ENV = 'BERANGKAT_SETUP_CHILD';

/** A child can load this module: compiled, or TypeScript under the same loader (tsx) as this process. */
function canRunSetUpAlone(): boolean {
  if (!existsSync(SETUP_ENTRY)) return false;
  return !SETUP_ENTRY.endsWith('.ts') || process.execArgv.some((arg) => arg.includes('tsx'));
}

interface ChildJob {
  url?: string | undefined;
  dataDir?: string | undefined;
  today: string;
  demo?: boolean | undefined;
}

function setUpInChild(job: ChildJob, log: (msg: string) => void): Promise<void> {
  return new Promise((resolve, reject) => {
    // Without the serving process's heap limits (SERVER_NODE_FLAGS): seeding holds many rows at once.
    const execArgv = process.execArgv.filter((arg) => !/^--max-(old|semi)-space-size/.test(arg));
    const child = spawn(process.execPath, [...execArgv, SETUP_ENTRY], {
      env: { ...process.env, [CHILD_ENV]: JSON.stringify(job) },
      // The IPC channel tells the child when this process is gone (below).
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    });
    let errors = '';
    child.stdout?.setEncoding('utf8');
    child.stdout?.on('data', (text: string) => {
      for (const line of text.split('\n')) if (line.trim()) log(line);
    });
    child.stderr?.setEncoding('utf8');
    child.stderr?.on('data', (text: string) => {
      errors = (errors + text).slice(-4000);
    });
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(errors.trim() || `database set-up exited with code ${code}`)),
    );
  });
}

async function runAsChild(raw: string): Promise<void> {
  const job = JSON.parse(raw) as ChildJob;
  const handle = await openDatabase({ url: job.url, dataDir: job.dataDir, max: 1 });
  try {
    await withStartupLock(job.url, () => setUp(handle, job, (msg) => console.log(msg)));
  } finally {
    await handle.close();
  }
}

/**
 * API processes behind a load balancer may start together on one PostgreSQL: a session advisory
 * lock on a connection of its own lets one migrate and seed while the others wait. A PGlite data
 * folder belongs to one process, so it needs none.
 */
async function withStartupLock<T>(url: string | undefined, run: () => Promise<T>): Promise<T> {
  if (!url) return run();
  const lock = postgres(url, { max: 1, onnotice: () => {} });
  try {
    await lock.unsafe(`SELECT pg_advisory_lock(${STARTUP_LOCK_KEY})`);
    const result = await run();
    await lock.unsafe(`SELECT pg_advisory_unlock(${STARTUP_LOCK_KEY})`);
    return result;
  } finally {
    // Ending the session also releases the lock when run() failed.
    await lock.end({ timeout: 5 });
  }
}

/** Migrates, seeds an empty database and brings the timetable to today; true when it seeded. */
async function setUp(handle: DbHandle, options: PrepareOptions, log: (msg: string) => void): Promise<boolean> {
  await handle.migrate();
  const demo = options.demo ?? true;
  const where =
    handle.kind === 'postgres' ? 'PostgreSQL' : options.dataDir ? `PGlite (${options.dataDir})` : 'PGlite (in memory)';
  const started = performance.now();
  const seeded = await seedIfEmpty(handle.db, { today: options.today, demo });
  if (seeded) {
    // Fresh tables have no statistics: without them the planner misjudges the seat counts.
    await handle.db.execute(sql`ANALYZE`);
    const what = demo ? 'demo data' : 'reference data only';
    log(`Database ${where}: seeded for ${options.today} (${what}) in ${Math.round(performance.now() - started)} ms`);
  } else {
    // A database seeded long ago keeps selling: its timetable is brought up to today.
    const moved = await rollTimetableForward(handle.db, options.today);
    log(
      `Database ${where}: ready, already seeded${moved > 0 ? `; timetable rolled forward (${moved} schedules)` : ''}`,
    );
  }
  // Demo content: production sells no flash-sale card and shows no banner nobody decided on.
  if (demo) {
    // Also brings a database seeded before the flash sale existed, or days ago, up to today.
    await layOutFlashSaleDays(handle.db, options.today);
    await seedCatalog(handle.db, options.today);
  }
  return seeded;
}

export { jakartaToday } from '../lib/dates';

const childJob = process.env[CHILD_ENV];
if (childJob && process.argv[1] === SETUP_ENTRY) {
  // A parent killed mid-start must not leave this process writing to a folder that the next
  // server opens: the seed is one transaction, so stopping here leaves no half of it.
  process.on('disconnect', () => process.exit(1));
  try {
    await runAsChild(childJob);
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    process.exitCode = 1;
  }
  process.removeAllListeners('disconnect');
  process.disconnect?.();
}
