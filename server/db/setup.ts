import { sql } from 'drizzle-orm';
import { mkdirSync } from 'node:fs';
import postgres from 'postgres';
import { openDatabase, type DbHandle } from './client';
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
  /** PostgreSQL pool size. */
  max?: number | undefined;
  log?: (msg: string) => void;
}

// Any constant works; it only has to be the same in every process that starts on one database.
const STARTUP_LOCK_KEY = 2_026_112_302;

/** Opens the database, applies pending migrations and seeds it on first run. */
export async function prepareDatabase(options: PrepareOptions): Promise<DbHandle> {
  const log = options.log ?? (() => {});
  if (!options.url && options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  const handle = await openDatabase({
    url: options.url,
    dataDir: options.url ? undefined : options.dataDir,
    max: options.max,
  });
  try {
    await withStartupLock(options.url, () => setUp(handle, options, log));
    return handle;
  } catch (error) {
    await handle.close();
    throw error;
  }
}

/**
 * API processes behind a load balancer may start together on one PostgreSQL: a session advisory
 * lock on a connection of its own lets one migrate and seed while the others wait. A PGlite data
 * folder belongs to one process, so it needs none.
 */
async function withStartupLock(url: string | undefined, run: () => Promise<void>): Promise<void> {
  if (!url) return run();
  const lock = postgres(url, { max: 1, onnotice: () => {} });
  try {
    await lock.unsafe(`SELECT pg_advisory_lock(${STARTUP_LOCK_KEY})`);
    await run();
    await lock.unsafe(`SELECT pg_advisory_unlock(${STARTUP_LOCK_KEY})`);
  } finally {
    // Ending the session also releases the lock when run() failed.
    await lock.end({ timeout: 5 });
  }
}

async function setUp(handle: DbHandle, options: PrepareOptions, log: (msg: string) => void): Promise<void> {
  await handle.migrate();
  const where =
    handle.kind === 'postgres' ? 'PostgreSQL' : options.dataDir ? `PGlite (${options.dataDir})` : 'PGlite (in memory)';
  const started = performance.now();
  if (await seedIfEmpty(handle.db, { today: options.today })) {
    // Fresh tables have no statistics: without them the planner misjudges the seat counts.
    await handle.db.execute(sql`ANALYZE`);
    log(`Database ${where}: seeded for ${options.today} in ${Math.round(performance.now() - started)} ms`);
  } else {
    // A database seeded long ago keeps selling: its timetable is brought up to today.
    const moved = await rollTimetableForward(handle.db, options.today);
    log(
      `Database ${where}: ready, already seeded${moved > 0 ? `; timetable rolled forward (${moved} schedules)` : ''}`,
    );
  }
  // Also brings a database seeded before the flash sale existed, or days ago, up to today.
  await layOutFlashSaleDays(handle.db, options.today);
  await seedCatalog(handle.db, options.today);
}

export { jakartaToday } from '../services/dates';
