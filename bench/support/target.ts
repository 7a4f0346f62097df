/**
 * The database an API benchmark's server runs on: a fresh embedded one (PGlite) in a temporary
 * folder, or a database created for the run on a PostgreSQL server and dropped after it (only
 * that database is touched). Also what the benchmark reads from it: the seats sold twice after a
 * reservation run, and the PostgreSQL backends serving it (their CPU is the database's share).
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import postgres from 'postgres';
import { openDatabase } from '../../server/db/client';
import { queryRows } from '../../server/services/sql';

export const DEFAULT_PG = 'postgres://postgres@127.0.0.1:5432/test';
/** Names of the databases the benchmarks create (BENCH_DATABASE_PREFIX keeps parallel runs apart). */
const PREFIX = process.env.BENCH_DATABASE_PREFIX ?? 'berangkat_bench_';

export interface Target {
  kind: 'pglite' | 'postgres';
  label: string;
  databaseUrl?: string;
  dataDir?: string;
  /**
   * Live seat bookings that share a seat (must be 0). PGlite: call it after the server stopped,
   * since its data folder belongs to one process.
   */
  soldTwice(): Promise<number>;
  /** The PostgreSQL backends connected to this database now (none for PGlite). */
  backendPids(): Promise<number[]>;
  drop(): Promise<void>;
}

const SOLD_TWICE = sql`SELECT count(*)::int AS n FROM (
  SELECT 1 FROM seat_bookings WHERE live
  GROUP BY schedule_id, departure_date, seat_no HAVING count(*) > 1) d`;

/** `pgUrl` unset: PGlite. */
export async function benchTarget(pgUrl: string | undefined): Promise<Target> {
  if (!pgUrl) {
    const dataDir = mkdtempSync(join(tmpdir(), 'api-bench-'));
    return {
      kind: 'pglite',
      label: 'PGlite, fresh seed',
      dataDir,
      async soldTwice() {
        const handle = await openDatabase({ dataDir });
        try {
          return (await queryRows<{ n: number }>(handle.db, SOLD_TWICE))[0]?.n ?? -1;
        } finally {
          await handle.close();
        }
      },
      backendPids: async () => [],
      drop: async () => rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  // A database of its own on that server: others' databases (the tests' `test`) stay untouched.
  const name = `${PREFIX}${randomBytes(5).toString('hex')}`;
  const admin = postgres(pgUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`CREATE DATABASE ${name}`);
  const url = new URL(pgUrl);
  url.pathname = `/${name}`;
  return {
    kind: 'postgres',
    label: `PostgreSQL ${url.host}, database ${name}, fresh seed`,
    databaseUrl: url.toString(),
    async soldTwice() {
      const handle = await openDatabase({ url: url.toString(), max: 1 });
      try {
        return (await queryRows<{ n: number }>(handle.db, SOLD_TWICE))[0]?.n ?? -1;
      } finally {
        await handle.close();
      }
    },
    async backendPids() {
      const rows = await admin<{ pid: number }[]>`SELECT pid FROM pg_stat_activity WHERE datname = ${name}`;
      return rows.map((row) => row.pid);
    },
    async drop() {
      await admin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end({ timeout: 5 });
    },
  };
}
