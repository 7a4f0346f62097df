/**
 * Whether this process should get traffic (/api/ready): the database answers a query, Redis
 * answers PING when the rate limits are shared through it, and every migration this build ships is
 * applied. Each check is bounded, so a database that hangs makes the answer a 503, never a wait
 * longer than a load balancer's health-check timeout.
 */
import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { MIGRATIONS_FOLDER, type Database } from '../db/client';
import { queryRows } from './sql';

/** The longest one check may take; load balancers usually give a health check 2 to 5 s. */
export const READY_CHECK_TIMEOUT_MS = 2_000;

export const NOT_READY = {
  database: 'database tidak menjawab',
  redis: 'Redis tidak menjawab',
  migrations: (missing: number, shipped: number) =>
    `migrasi database belum lengkap (${missing} dari ${shipped} migrasi build ini belum diterapkan)`,
} as const;

export interface ReadinessDeps {
  db: Database;
  /** PING of the shared Redis; absent when REDIS_URL is not set. */
  pingRedis?: (() => Promise<void>) | undefined;
  timeoutMs?: number;
  /** The build's migrations folder (its meta/_journal.json); the server's own by default. */
  migrationsFolder?: string;
}

export type Readiness =
  | {
      ready: true;
      redis: 'ok' | 'tidak dipakai';
      /** Migrations the build ships and rows in the database's migration table. */
      migrations: { shipped: number; applied: number };
    }
  | { ready: false; problems: string[] };

/** The `when` of each migration the build ships: drizzle stores it as `created_at` when applying it. */
const shippedCache = new Map<string, readonly string[]>();
function shippedMigrations(folder: string): readonly string[] {
  let shipped = shippedCache.get(folder);
  if (!shipped) {
    const journal = JSON.parse(readFileSync(`${folder}/meta/_journal.json`, 'utf8')) as { entries: { when: number }[] };
    shipped = journal.entries.map((entry) => String(entry.when));
    shippedCache.set(folder, shipped);
  }
  return shipped;
}

function bounded<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

const settle = <T>(work: Promise<T>) =>
  work.then(
    (value) => ({ ok: true as const, value }),
    (error: unknown) => ({ ok: false as const, error }),
  );

/** PostgreSQL's undefined_table, from either driver (drizzle wraps the driver's error as its cause). */
function isUndefinedTable(error: unknown): boolean {
  const codeOf = (value: unknown) => (value as { code?: unknown } | null)?.code;
  return codeOf(error) === '42P01' || codeOf((error as { cause?: unknown } | null)?.cause) === '42P01';
}

export async function checkReadiness(deps: ReadinessDeps): Promise<Readiness> {
  const ms = deps.timeoutMs ?? READY_CHECK_TIMEOUT_MS;
  const shipped = shippedMigrations(deps.migrationsFolder ?? MIGRATIONS_FOLDER);
  const [database, applied, redis] = await Promise.all([
    settle(bounded(queryRows(deps.db, sql`SELECT 1 AS one`), ms)),
    // The table drizzle's migrator keeps (schema drizzle), on either engine.
    settle(
      bounded(
        queryRows<{ at: string }>(deps.db, sql`SELECT created_at::text AS at FROM drizzle.__drizzle_migrations`),
        ms,
      ),
    ),
    deps.pingRedis ? settle(bounded(deps.pingRedis(), ms)) : Promise.resolve(null),
  ]);
  const problems: string[] = [];
  if (!database.ok) problems.push(NOT_READY.database);
  if (redis && !redis.ok) problems.push(NOT_READY.redis);
  let appliedCount = 0;
  if (database.ok && !applied.ok && !isUndefinedTable(applied.error)) problems.push(NOT_READY.database);
  else if (database.ok) {
    // A database never migrated has no table: none of the build's migrations is applied.
    const rows = applied.ok ? applied.value : [];
    const done = new Set(rows.map((row) => row.at));
    appliedCount = rows.length;
    // Applied means what drizzle's migrator means: a row with the migration's `when`. Rows of
    // migrations a newer build applied do not count against this one: during a rolling deploy
    // the new version migrates first, and the old processes serve on until they are drained.
    const missing = shipped.filter((when) => !done.has(when)).length;
    if (missing > 0) problems.push(NOT_READY.migrations(missing, shipped.length));
  }
  if (problems.length > 0) return { ready: false, problems };
  return {
    ready: true,
    redis: redis ? 'ok' : 'tidak dipakai',
    migrations: { shipped: shipped.length, applied: appliedCount },
  };
}
