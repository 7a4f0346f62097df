/**
 * The database the server would open, for the operator's commands (support:add, timetable:import):
 * DATABASE_URL, else the PGlite folder DATA_DIR (stop the server first: a PGlite folder belongs to
 * one process). Migrated, and seeded as the server would seed it in this mode, before use.
 */
import { prepareDatabase } from '../server/db/setup';
import type { DbHandle } from '../server/db/client';
import { readEnv } from '../server/env';
import { jakartaToday } from '../server/lib/dates';

export async function openCommandDatabase(): Promise<DbHandle> {
  let env;
  try {
    env = readEnv();
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  }
  if (!env.demo && !env.databaseUrl) {
    console.error('DATABASE_URL belum diisi: mode produksi hanya berjalan di PostgreSQL (postgres://...)');
    process.exit(1);
  }
  return prepareDatabase({
    url: env.databaseUrl,
    dataDir: env.dataDir,
    today: env.today ?? jakartaToday(),
    demo: env.demo,
    max: 2,
    log: (msg) => console.error(msg),
  });
}
