import {
  PGlite,
  parse,
  protocol,
  types,
  type QueryOptions,
  type Results,
  type Transaction,
} from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator';
import postgres from 'postgres';
import { fileURLToPath } from 'node:url';
import * as schema from './schema';

export const MIGRATIONS_FOLDER = fileURLToPath(new URL('./migrations', import.meta.url));

/** Both drivers expose the same query builder over the same schema. */
export type Database = ReturnType<typeof drizzlePglite<typeof schema>>;

export interface DbHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  close(): Promise<void>;
  /** PGlite only: the whole data folder as a tarball, to start another instance from (tests). */
  dumpDataDir?: () => Promise<Blob>;
}

/**
 * The PostgreSQL pool (settings DATABASE_POOL_MAX, DATABASE_CONNECT_TIMEOUT_S,
 * DATABASE_IDLE_TIMEOUT_S, DATABASE_STATEMENT_TIMEOUT_MS). Unset values keep postgres.js's own
 * defaults (or what the URL's query says): 30 s to connect, idle connections kept, no statement limit.
 */
export interface PoolSettings {
  max?: number | undefined;
  connectTimeoutS?: number | undefined;
  /** 0: never closed for being idle. */
  idleTimeoutS?: number | undefined;
  /** 0: no limit of ours. */
  statementTimeoutMs?: number | undefined;
}

export interface DbOptions {
  /** postgres://... selects PostgreSQL; otherwise PGlite. */
  url?: string | undefined;
  /** PGlite data folder; omitted means in memory. */
  dataDir?: string | undefined;
  /** PostgreSQL pool size (also `pool.max`; this one wins). */
  max?: number | undefined;
  /** PostgreSQL pool settings; PGlite has one connection and ignores them. */
  pool?: PoolSettings | undefined;
  /** PGlite: start from this data folder tarball (a seeded copy tests share) instead of an empty one. */
  loadDataDir?: Blob | undefined;
}

/**
 * The embedded engine's settings. PostgreSQL's default shared buffers (128 MB) fill up with the
 * whole database inside the process's WebAssembly memory, which never shrinks; 16 MB keeps the
 * working set of the API's queries while the kernel's page cache holds the data files.
 */
const PGLITE_START_PARAMS = [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'];

/**
 * Marks a statement that should run on one generic plan (the timetable's dozen-join statements):
 * with the default, PostgreSQL plans it anew for each new set of parameters, and on PGlite's one
 * engine thread that planning cost more than running it. Measured with `npm run bench:api`: a
 * never-repeated search 190 -> 364 req/s at concurrency 16. Only marked statements: for the seat
 * map and the price check a generic plan was 2.5 times slower (kursi 876 -> 336 req/s).
 */
export const GENERIC_PLAN_MARK = '/* plan: generic */';

export async function openDatabase(options: DbOptions = {}): Promise<DbHandle> {
  if (options.url) {
    const client = postgres(options.url, postgresOptions(options));
    // The two drivers' builders share one API; the cast keeps a single Database type for callers.
    const db = drizzlePostgres(client, { schema }) as unknown as Database;
    return {
      db,
      kind: 'postgres',
      migrate: () => migratePostgres(drizzlePostgres(client, { schema }), { migrationsFolder: MIGRATIONS_FOLDER }),
      close: () => client.end({ timeout: 5 }),
    };
  }
  const client = new PGlite({
    ...(options.dataDir ? { dataDir: options.dataDir } : {}),
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
    startParams: PGLITE_START_PARAMS,
  });
  await client.waitReady;
  installDrizzleParsers(client);
  const db = drizzlePglite(client, { schema });
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(db, { migrationsFolder: MIGRATIONS_FOLDER }),
    close: () => client.close(),
    dumpDataDir: () => client.dumpDataDir('none'),
  };
}

/** postgres.js options from the pool settings: only those set, so the driver's defaults stay otherwise. */
export function postgresOptions(options: DbOptions): postgres.Options<Record<string, postgres.PostgresType>> {
  const pool = options.pool ?? {};
  const statementTimeout = pool.statementTimeoutMs;
  return {
    max: options.max ?? pool.max ?? 10,
    onnotice: () => {},
    ...(pool.connectTimeoutS !== undefined ? { connect_timeout: pool.connectTimeoutS } : {}),
    ...(pool.idleTimeoutS !== undefined ? { idle_timeout: pool.idleTimeoutS } : {}),
    // A run-time parameter of the connection's start-up message, not a SET: it holds for every
    // statement on every connection of the pool, and needs no extra round trip.
    ...(statementTimeout ? { connection: { statement_timeout: statementTimeout } } : {}),
  };
}

/**
 * The types Drizzle reads as text: it passes these pass-through parsers with every statement
 * (timestamps, dates, intervals, and numeric, timestamp and date arrays).
 */
const DRIZZLE_TEXT_TYPES: readonly number[] = [
  types.TIMESTAMP,
  types.TIMESTAMPTZ,
  types.INTERVAL,
  types.DATE,
  1231,
  1115,
  1185,
  1187,
  1182,
];

/** Options without parsers when every one is a Drizzle pass-through already installed. */
function withoutDrizzleParsers(options: QueryOptions | undefined): QueryOptions | undefined {
  if (!options?.parsers) return options;
  const { parsers, ...rest } = options;
  return Object.keys(parsers).every((key) => DRIZZLE_TEXT_TYPES.includes(Number(key))) ? rest : options;
}

/** Statements a database keeps prepared at most; others run unprepared. */
const MAX_PREPARED = 1000;
/** Longer statements (bulk inserts of the seed) are one-offs: never prepared. */
const MAX_PREPARED_LENGTH = 8000;
/** Plain reads and writes only: schema changes (migrations) run as PGlite runs them. */
const PREPARABLE = /^\s*(select|insert|update|delete|with)\b/i;

type BackendMessage = Awaited<ReturnType<PGlite['execProtocolStream']>>[number];

interface Prepared {
  name: string;
  paramTypes: number[];
  rowDescription: BackendMessage | undefined;
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/**
 * Statements prepared once per database and then only bound and executed, each call one message
 * batch (bind, execute, sync). PGlite's own query() parses, plans and describes every statement
 * in six calls into the engine; measured, planning alone cost several times the execution of the
 * reservation's statements. PostgreSQL's driver (postgres.js) prepares statements the same way.
 */
const SET_GENERIC = 'SET plan_cache_mode = force_generic_plan';
const RESET_PLAN_MODE = 'RESET plan_cache_mode';

function preparedRunner(client: PGlite) {
  const statements = new Map<string, Prepared>();
  /** Statements run once: prepared when they come again, so one-offs do not fill the cache. */
  const seen = new Set<string>();
  const { serialize } = protocol;

  async function prepare(text: string): Promise<Prepared | null> {
    const known = statements.get(text);
    if (known) return known;
    if (statements.size >= MAX_PREPARED || text.length > MAX_PREPARED_LENGTH || !PREPARABLE.test(text)) return null;
    if (!seen.has(text)) {
      if (seen.size >= MAX_PREPARED) seen.clear();
      seen.add(text);
      return null;
    }
    seen.delete(text);
    const name = `berangkat_${statements.size + 1}`;
    const messages = await client.execProtocolStream(
      concat([serialize.parse({ name, text }), serialize.describe({ type: 'S', name }), serialize.sync()]),
      { syncToFs: false },
    );
    const prepared: Prepared = {
      name,
      paramTypes: parse.parseDescribeStatementResults(messages),
      rowDescription: messages.find((message) => message.name === 'rowDescription'),
    };
    statements.set(text, prepared);
    return prepared;
  }

  /** Runs inside the caller's lock; null when the statement is not one to prepare. */
  return async function run<T>(
    text: string,
    params: unknown[] = [],
    options: QueryOptions | undefined,
  ): Promise<Results<T> | null> {
    if (options && Object.keys(options).some((key) => key !== 'rowMode' && key !== 'parsers')) return null;
    const prepared = await prepare(text);
    if (!prepared) return null;
    // The plan mode is read at each execution; set around it, inside the caller's lock.
    const generic = text.includes(GENERIC_PLAN_MARK);
    if (generic) await client.execProtocolStream(serialize.query(SET_GENERIC), { syncToFs: false });
    // The same conversion PGlite applies, by the parameter's type.
    const values = params.map((param, i) => {
      if (param === null || param === undefined) return null;
      const serializer = client.serializers[prepared.paramTypes[i] ?? 0];
      return serializer ? serializer(param) : String(param);
    });
    const messages = await client.execProtocolStream(
      concat([serialize.bind({ statement: prepared.name, values }), serialize.execute({}), serialize.sync()]),
      { syncToFs: false },
    );
    if (generic) await client.execProtocolStream(serialize.query(RESET_PLAN_MODE), { syncToFs: false });
    const described = prepared.rowDescription ? [prepared.rowDescription, ...messages] : messages;
    return parse.parseResults(described, client.parsers, options)[0] as Results<T>;
  };
}

/**
 * PGlite merges a statement's own parsers by copying its whole table (about 300 entries) each
 * time, and Drizzle passes its parsers with every statement: measured, that copy took more time
 * than a small statement itself. Installed once here, the per-statement copy is skipped, and
 * statements run prepared (preparedRunner); results are the same.
 */
function installDrizzleParsers(client: PGlite): void {
  for (const type of DRIZZLE_TEXT_TYPES) client.parsers[type] = (value: string) => value;
  const run = preparedRunner(client);
  const query = client.query.bind(client);
  client.query = async <T>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> => {
    const lean = withoutDrizzleParsers(options);
    await client._checkReady();
    const result = await client._runExclusiveTransaction(() =>
      client._runExclusiveQuery(async () => {
        const done = await run<T>(text, params, lean);
        if (done) await client.syncToFs();
        return done;
      }),
    );
    return result ?? query<T>(text, params, lean);
  };
  const transaction = client.transaction.bind(client);
  client.transaction = (callback) =>
    transaction((tx) => {
      const txQuery = tx.query.bind(tx);
      const wrapped: Transaction = Object.create(tx, {
        query: {
          value: async <T>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> => {
            if (tx.closed) throw new Error('Transaction is closed');
            const lean = withoutDrizzleParsers(options);
            const result = await client._runExclusiveQuery(() => run<T>(text, params, lean));
            return result ?? txQuery<T>(text, params, lean);
          },
        },
      });
      return callback(wrapped);
    });
}

export { schema };
