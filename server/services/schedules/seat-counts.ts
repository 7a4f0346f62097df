import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { queryRows } from '../sql';

/** Remaining seats of listed departures, counted from live bookings. */

/** One departure (schedule x day): its bookable seats; live bookings take them. */
export interface SeatSlot {
  scheduleId: number;
  date: string;
  capacity: number;
}

/** What a listed schedule's seat figures come from: its own departure, or each leg's. */
export type ScheduleSeats = { kind: 'direct'; slot: SeatSlot } | { kind: 'connecting'; legs: SeatSlot[] };

/**
 * Live booked-seat counts of the given departures, in order, in one round trip. The lists go as
 * array literals (ids and YYYY-MM-DD dates only), one parameter each, on either driver; the
 * database returns only the departures holding bookings.
 */
export async function liveBookedCounts(db: Database, slots: readonly SeatSlot[]): Promise<number[]> {
  if (slots.length === 0) return [];
  const ids = `{${[...new Set(slots.map((slot) => slot.scheduleId))].join(',')}}`;
  const dates = `{${[...new Set(slots.map((slot) => slot.date))].join(',')}}`;
  const rows = await queryRows<{ s: number; d: string; n: number }>(
    db,
    sql`SELECT b.schedule_id::int AS s, to_char(b.departure_date, 'YYYY-MM-DD') AS d, count(*)::int AS n
        FROM seat_bookings b
        WHERE b.live AND b.schedule_id = ANY(${ids}::int[]) AND b.departure_date = ANY(${dates}::date[])
        GROUP BY b.schedule_id, b.departure_date`,
  );
  const booked = new Map(rows.map((row) => [`${row.s}@${row.d}`, row.n]));
  return slots.map((slot) => booked.get(`${slot.scheduleId}@${slot.date}`) ?? 0);
}

interface CountWaiter {
  slots: readonly SeatSlot[];
  resolve: (counts: number[]) => void;
  reject: (error: unknown) => void;
}

/** Per database: counts asked for while a count query runs, and whether one runs. */
const countQueues = new WeakMap<Database, { waiting: CountWaiter[]; running: boolean }>();

/**
 * liveBookedCounts for many concurrent requests in few round trips: requests asking in the same
 * turn of the event loop, or while a count query runs, share the next query. Each
 * request is answered by a query that started after it arrived, so it never misses a booking
 * committed before it asked.
 */
export function batchedBookedCounts(db: Database, slots: readonly SeatSlot[]): Promise<number[]> {
  if (slots.length === 0) return Promise.resolve([]);
  let queue = countQueues.get(db);
  if (!queue) {
    queue = { waiting: [], running: false };
    countQueues.set(db, queue);
  }
  const current = queue;
  return new Promise<number[]>((resolve, reject) => {
    current.waiting.push({ slots, resolve, reject });
    if (current.running) return;
    current.running = true;
    // Start after this turn of the event loop: the requests read in the same turn (PGlite runs
    // on this thread, so they pile up while a query runs) join the same query.
    setImmediate(() => void drainCounts(db, current));
  });
}

async function drainCounts(db: Database, queue: { waiting: CountWaiter[]; running: boolean }): Promise<void> {
  try {
    while (queue.waiting.length > 0) {
      const batch = queue.waiting.splice(0);
      try {
        const counts = await liveBookedCounts(
          db,
          batch.flatMap((waiter) => waiter.slots),
        );
        let at = 0;
        for (const waiter of batch) {
          waiter.resolve(counts.slice(at, at + waiter.slots.length));
          at += waiter.slots.length;
        }
      } catch (error) {
        for (const waiter of batch) waiter.reject(error);
      }
    }
  } finally {
    queue.running = false;
  }
}

/** Remaining seats of one departure, as the search query computes them. */
export const remainingOf = (slot: SeatSlot, booked: number) => Math.max(slot.capacity - booked, 0);
