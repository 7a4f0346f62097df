import type { Database } from '../db/client';
import { layOutFlashSaleDays } from '../db/flash-sale-days';
import type { Logger } from '../logger';
import { sweepFlashSale } from './flash-sale';
import { sweepExpired } from './reservations-db';
import { sweepExpiredTraces } from './support-traces';

/** How often unpaid reservations and holds past their deadline give their seats back. */
const SWEEP_EVERY_MS = 60_000;

/**
 * The periodic housekeeping of one API process; returns the function that stops it.
 * Seats of expired bookings are already free to every query; the sweep keeps the rows honest
 * for the counts that read live rows only. Every process may sweep: the updates are idempotent.
 */
export function startSweeps(db: Database, today: () => string, logger: Logger): () => void {
  // Start-up laid out today's flash sale; the sweep does it again when the day changes.
  let flashSaleLaidOut = today();
  const failed = (what: string) => (error: unknown) => {
    logger.error({ err: error instanceof Error ? error.message : String(error) }, `${what} failed`);
  };
  const timer = setInterval(() => {
    const now = new Date();
    sweepExpired(db, now).catch(failed('expiry sweep'));
    // Unpaid flash-sale purchases give their stock back; the coming days get their sale laid out.
    const day = today();
    sweepFlashSale(db, now)
      .then(async () => {
        if (day === flashSaleLaidOut) return;
        await layOutFlashSaleDays(db, day);
        flashSaleLaidOut = day;
      })
      .catch(failed('flash sale sweep'));
    // Support traces past their 30 days: one idempotent DELETE, harmless when two processes run it.
    sweepExpiredTraces(db, now).catch(failed('trace sweep'));
  }, SWEEP_EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
