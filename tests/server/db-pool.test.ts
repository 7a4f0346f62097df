import { createServer, type Server, type Socket } from 'node:net';
import { sql } from 'drizzle-orm';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, postgresOptions, type DbHandle, type PoolSettings } from '../../server/db/client';
import { prepareDatabase } from '../../server/db/setup';
import { readEnv } from '../../server/env';
import { queryRows } from '../../server/services/sql';
import { describeNeeding } from '../helpers/needs';
import { TEST_TODAY, createTestDatabase, type TestDatabase } from './helpers/test-db';

/**
 * Issue 23, operable: the PostgreSQL pool's size and timeouts are settings (DATABASE_POOL_MAX,
 * DATABASE_CONNECT_TIMEOUT_S, DATABASE_IDLE_TIMEOUT_S, DATABASE_STATEMENT_TIMEOUT_MS), unset
 * meaning what the server did before: 10 connections, postgres.js's 30 s to connect, idle
 * connections kept, no statement limit. Checked on a real PostgreSQL: what the server does, not
 * what options were passed. PGlite has one connection and no pool: it ignores them.
 */

/** A port that accepts connections and never answers (4470-4489 belong to the operable tests). */
const SILENT_PORT = 4475;

describe('pool settings as postgres.js options', () => {
  it("leave the driver's defaults alone when unset, and keep today's pool of 10", () => {
    const options = postgresOptions({ url: 'postgres://x@127.0.0.1/db', pool: readEnv({}).databasePool });
    expect(options.max).toBe(10);
    expect(options).not.toHaveProperty('connect_timeout');
    expect(options).not.toHaveProperty('idle_timeout');
    expect(options).not.toHaveProperty('connection');
  });

  it('carry every setting from the environment', () => {
    const pool = readEnv({
      DATABASE_POOL_MAX: '25',
      DATABASE_CONNECT_TIMEOUT_S: '5',
      DATABASE_IDLE_TIMEOUT_S: '60',
      DATABASE_STATEMENT_TIMEOUT_MS: '15000',
    }).databasePool;
    expect(postgresOptions({ url: 'postgres://x@127.0.0.1/db', pool })).toMatchObject({
      max: 25,
      connect_timeout: 5,
      idle_timeout: 60,
      connection: { statement_timeout: 15000 },
    });
  });

  it('PGlite opens and answers with pool settings given (it has no pool to apply them to)', async () => {
    const handle = await openDatabase({ pool: { max: 1, statementTimeoutMs: 1, idleTimeoutS: 1 } });
    try {
      expect(await queryRows<{ one: number }>(handle.db, sql`SELECT 1::int AS one`)).toEqual([{ one: 1 }]);
    } finally {
      await handle.close();
    }
  });
});

describeNeeding('postgres', 'pool settings on PostgreSQL', () => {
  let base: TestDatabase;
  let admin: postgres.Sql;
  /** The one connection of the database's own handle, not counted as a pool's. */
  let basePid = 0;
  beforeAll(async () => {
    // A migrated database of its own; each test opens its own pool on it.
    base = await createTestDatabase('postgres', { seed: false, max: 1 });
    admin = postgres(process.env.TEST_DATABASE_URL!, { max: 1, onnotice: () => {} });
    const [row] = await queryRows<{ pid: number }>(base.db, sql`SELECT pg_backend_pid()::int AS pid`);
    basePid = row?.pid ?? 0;
  });
  afterAll(async () => {
    await admin.end({ timeout: 5 });
    await base.destroy();
  });

  const open = (pool: PoolSettings) => openDatabase({ url: base.url!, pool });
  const databaseName = () => new URL(base.url!).pathname.slice(1);
  /** Connections of postgres.js pools (application_name) on the test's database, seen from outside. */
  const poolConnections = async () => {
    const [row] = await admin<{ n: number }[]>`
      SELECT count(*)::int AS n FROM pg_stat_activity
      WHERE datname = ${databaseName()} AND application_name = 'postgres.js' AND pid <> ${basePid}`;
    return row?.n ?? -1;
  };

  it('DATABASE_STATEMENT_TIMEOUT_MS: the server cancels a longer statement (57014) on every connection', async () => {
    const handle = await open({ statementTimeoutMs: 200, max: 3 });
    try {
      const shown = await Promise.all(
        [1, 2, 3].map(() =>
          queryRows<{ t: string }>(handle.db, sql`SELECT current_setting('statement_timeout') AS t, pg_sleep(0.05)`),
        ),
      );
      expect(shown.map((rows) => rows[0]?.t)).toEqual(['200ms', '200ms', '200ms']);
      const slow = queryRows(handle.db, sql`SELECT pg_sleep(2)`);
      await expect(slow).rejects.toSatisfy((error: unknown) => {
        const cause = (error as { cause?: { code?: string } }).cause;
        return (cause?.code ?? (error as { code?: string }).code) === '57014';
      });
    } finally {
      await handle.close();
    }
  });

  it('no statement limit when unset (a 1 s statement completes)', async () => {
    const handle = await open({});
    try {
      const [row] = await queryRows<{ t: string }>(
        handle.db,
        sql`SELECT current_setting('statement_timeout') AS t, pg_sleep(1)`,
      );
      expect(row?.t).toBe('0');
    } finally {
      await handle.close();
    }
  });

  it('DATABASE_POOL_MAX: ten statements at once share at most that many server connections', async () => {
    const handle = await open({ max: 2 });
    try {
      const pids = await Promise.all(
        Array.from({ length: 10 }, () =>
          queryRows<{ pid: number }>(handle.db, sql`SELECT pg_backend_pid()::int AS pid, pg_sleep(0.1)`),
        ),
      );
      const distinct = new Set(pids.map((rows) => rows[0]?.pid));
      expect(distinct.size).toBe(2);
      expect(await poolConnections()).toBe(2);
    } finally {
      await handle.close();
    }
  });

  it('DATABASE_IDLE_TIMEOUT_S: idle connections are closed after it; unset they stay', async () => {
    const idle = await open({ max: 3, idleTimeoutS: 1 });
    const kept = await open({ max: 3 });
    try {
      const busy = (handle: DbHandle) =>
        Promise.all([1, 2, 3].map(() => queryRows(handle.db, sql`SELECT pg_sleep(0.1)`)));
      await busy(idle);
      expect(await poolConnections()).toBe(3);
      await busy(kept);
      expect(await poolConnections()).toBe(6);
      await new Promise((resolve) => setTimeout(resolve, 1_800));
      expect(await poolConnections()).toBe(3);
    } finally {
      await idle.close();
      await kept.close();
    }
  });

  it('DATABASE_CONNECT_TIMEOUT_S: a server that never answers fails the statement after it', async () => {
    const sockets = new Set<Socket>();
    const silent: Server = createServer((socket) => void sockets.add(socket));
    await new Promise<void>((resolve) => silent.listen(SILENT_PORT, '127.0.0.1', () => resolve()));
    const handle = await openDatabase({
      url: `postgres://nobody@127.0.0.1:${SILENT_PORT}/db`,
      pool: { connectTimeoutS: 1 },
    });
    try {
      const started = performance.now();
      await expect(queryRows(handle.db, sql`SELECT 1`)).rejects.toThrow();
      const took = performance.now() - started;
      expect(took).toBeGreaterThanOrEqual(900);
      expect(took).toBeLessThan(5_000);
    } finally {
      await handle.close().catch(() => {});
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => silent.close(() => resolve()));
    }
  });

  it("the server's start-up applies them to the pool it serves from (prepareDatabase)", async () => {
    const handle = await prepareDatabase({
      url: base.url!,
      today: TEST_TODAY,
      demo: false,
      pool: { max: 4, statementTimeoutMs: 250 },
    });
    try {
      const [row] = await queryRows<{ t: string }>(handle.db, sql`SELECT current_setting('statement_timeout') AS t`);
      expect(row?.t).toBe('250ms');
    } finally {
      await handle.close();
    }
  }, 120_000);
});
