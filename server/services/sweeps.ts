import type { Database } from '../db/client';
import { layOutFlashSaleDays } from '../db/flash-sale-days';
import type { Logger } from '../logger';
import { sweepFlashSale } from './flash-sale';
import { sweepExpired } from './reservations-db';
import { sweepExpiredTraces } from './support-traces';

/** How often unpaid reservations and holds past their deadline give their seats back. */
const SWEEP_EVERY_MS = 60_000;
/** How often a process that does not lead the sweeps asks for the lead (after a leader died). */
const CLAIM_EVERY_MS = 10_000;
/**
 * The PostgreSQL advisory lock whose holder runs the sweeps. Any constant works; it only has to be
 * the same in every process on one database (and differ from the start-up lock in db/setup.ts).
 */
export const SWEEP_LOCK_KEY = 2_026_112_601;
/** The leader's lock connection names itself so an operator (and a test) sees which process leads. */
export const SWEEP_LEADER_APP_NAME = 'berangkat-sweeps';

/** The slice of postgres.js this module uses: one connection taken out of the pool. */
interface ReservedConnection {
  unsafe(query: string): PromiseLike<readonly Record<string, unknown>[]>;
  release(): void;
}
interface PoolClient {
  reserve(): Promise<ReservedConnection>;
}

/**
 * Decides whether this process runs the sweeps. On PGlite the data folder belongs to one process,
 * which always leads. On PostgreSQL, several API processes share the database: the one holding a
 * session advisory lock on a connection of its own leads; when it dies its session ends, the lock
 * goes, and another process takes it on its next claim.
 */
export interface SweepLeadership {
  /** True when this process leads now (claiming the lead when it is free). */
  claim(): Promise<boolean>;
  /** Gives the lead up (releases the lock and its connection). */
  release(): Promise<void>;
}

function poolOf(db: Database): PoolClient | null {
  // Drizzle keeps its driver as $client: postgres.js (reserve) on PostgreSQL, PGlite otherwise.
  const client: unknown = (db as { $client?: unknown }).$client;
  return client && typeof (client as Partial<PoolClient>).reserve === 'function' ? (client as PoolClient) : null;
}

export function sweepLeadership(db: Database, logger: Logger): SweepLeadership {
  const pool = poolOf(db);
  if (!pool) return { claim: () => Promise.resolve(true), release: () => Promise.resolve() };
  let connection: ReservedConnection | null = null;
  let leading = false;
  const drop = () => {
    try {
      connection?.release();
    } catch {
      // the connection is already gone
    }
    connection = null;
    leading = false;
  };
  return {
    async claim() {
      try {
        if (leading && connection) {
          // Still the holder? A dropped connection took the lock with it.
          await connection.unsafe('SELECT 1');
          return true;
        }
        connection ??= await pool.reserve();
        const [row] = await connection.unsafe(`SELECT pg_try_advisory_lock(${SWEEP_LOCK_KEY}) AS locked`);
        leading = row?.locked === true;
        if (leading) {
          // Session state on a connection no one else uses: safe, and visible in pg_stat_activity.
          await connection.unsafe(`SET application_name = '${SWEEP_LEADER_APP_NAME}-${process.pid}'`);
          logger.info({ pid: process.pid }, 'sweep leader: this process runs the periodic sweeps');
        } else {
          // Hand the connection back between claims; a pooled session never keeps the lock.
          drop();
        }
        return leading;
      } catch (error) {
        if (leading) logger.warn({ err: error instanceof Error ? error.message : String(error) }, 'sweep lead lost');
        drop();
        return false;
      }
    },
    async release() {
      const held = connection;
      const wasLeading = leading;
      connection = null;
      leading = false;
      if (!held) return;
      try {
        if (wasLeading) await held.unsafe(`SELECT pg_advisory_unlock(${SWEEP_LOCK_KEY})`);
        await held.unsafe(`RESET application_name`);
      } catch {
        // Closing the pool ends the session, which releases the lock anyway.
      }
      held.release();
    },
  };
}

/**
 * The periodic housekeeping of the API; returns the function that stops it. Seats of expired
 * bookings are already free to every query; the sweep keeps the rows honest for the counts that
 * read live rows only. Each sweep is idempotent, so a second runner would do no harm, but with
 * several processes on one PostgreSQL only the leader (sweepLeadership) runs them: one set of
 * updates a minute instead of one per process.
 */
export function startSweeps(
  db: Database,
  today: () => string,
  logger: Logger,
  /** The payment gateway's status sweep (gateway-payments.ts), when one is configured. */
  paymentSweep?: (now: Date) => Promise<unknown>,
): () => Promise<void> {
  const leadership = sweepLeadership(db, logger);
  // Start-up laid out today's flash sale; the sweep does it again when the day changes.
  let flashSaleLaidOut = today();
  const failed = (what: string) => (error: unknown) => {
    logger.error({ err: error instanceof Error ? error.message : String(error) }, `${what} failed`);
  };
  /** Sweeps under way: a shutdown waits for them before it closes the database. */
  const running = new Set<Promise<unknown>>();
  const track = (work: Promise<unknown>) => {
    running.add(work);
    void work.finally(() => running.delete(work));
  };
  const sweep = () => {
    const now = new Date();
    track(sweepExpired(db, now).catch(failed('expiry sweep')));
    // Unpaid flash-sale purchases give their stock back; the coming days get their sale laid out.
    const day = today();
    track(
      sweepFlashSale(db, now)
        .then(async () => {
          if (day === flashSaleLaidOut) return;
          await layOutFlashSaleDays(db, day);
          flashSaleLaidOut = day;
        })
        .catch(failed('flash sale sweep')),
    );
    // Support traces past their 30 days: one idempotent DELETE.
    track(sweepExpiredTraces(db, now).catch(failed('trace sweep')));
    // Charges still pending near their deadline: the gateway is asked, so a lost notification is not a lost payment.
    if (paymentSweep) track(paymentSweep(now).catch(failed('payment status sweep')));
  };
  let lastSweep = Date.now();
  let busy = false;
  const tick = async () => {
    if (busy) return;
    busy = true;
    try {
      if (!(await leadership.claim())) return;
      if (Date.now() - lastSweep < SWEEP_EVERY_MS) return;
      lastSweep = Date.now();
      sweep();
    } finally {
      busy = false;
    }
  };
  // Claimed at once, so a cluster shows its leader from the start; swept every minute.
  track(tick());
  const timer = setInterval(() => track(tick()), CLAIM_EVERY_MS);
  timer.unref();
  /** Stops the timer, waits for a claim or sweep under way, then gives the lead up. */
  return async () => {
    clearInterval(timer);
    await Promise.allSettled([...running]);
    await leadership.release();
  };
}
