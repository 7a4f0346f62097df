/**
 * The seat-booking primitives reservations and holds share. Every write leaves the choice of who
 * gets a seat to the partial unique index seat_bookings_live_uq: an insert that meets a live row
 * of the same seat inserts nothing (ON CONFLICT DO NOTHING), so two travellers racing for one seat
 * cannot both get it, whichever process or machine serves them.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../db/client';
import { ApiError } from './errors';
import { queryRows, textArray } from './sql';

export type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/** Drizzle's transaction has the database's query builder; the services are written against Database. */
export const asDb = (tx: Tx): Database => tx as unknown as Database;

export interface Departure {
  scheduleId: number;
  date: string;
}

/**
 * Gives back the seats of unpaid reservations and holds of these departures whose deadline has
 * passed, and marks those reservations expired. Run first inside a transaction that books seats:
 * an expired row still sits in the unique index until it is no longer live.
 */
export async function expireDepartures(tx: Tx, departures: Departure[], now: Date): Promise<void> {
  const at = now.toISOString();
  const unique = [...new Map(departures.map((d) => [`${d.scheduleId}/${d.date}`, d])).values()];
  if (unique.length === 0) return;
  // All legs in one statement; each departure's equality pair lets the planner use the live-departure index.
  const which = sql.join(
    unique.map((d) => sql`(schedule_id = ${d.scheduleId} AND departure_date = ${d.date}::date)`),
    sql` OR `,
  );
  await tx.execute(sql`
    WITH gone AS (
      UPDATE seat_bookings SET live = false
      WHERE live AND (${which}) AND expires_at IS NOT NULL AND expires_at <= ${at}::timestamptz
      RETURNING reservation_id
    )    , expired AS (
      UPDATE reservations SET status = 'expired'
      WHERE status = 'pending' AND expires_at <= ${at}::timestamptz
        AND id IN (SELECT reservation_id FROM gone WHERE reservation_id IS NOT NULL)
      RETURNING id, customer_id, used_points, expires_at
    )
    ${REFUND_POINTS}
    SELECT 1`);
}

/**
 * Appended to a statement whose CTE \`expired\` returns the reservations it just expired (id,
 * customer_id, used_points, expires_at): their redeemed points go back to their customers, with
 * one history row each, in the same statement, so an order refunds once.
 */
const REFUND_POINTS = sql`, refunded AS (
      UPDATE customers c SET points = c.points + r.points
      FROM (
        SELECT customer_id, sum(used_points)::int AS points FROM expired
        WHERE customer_id IS NOT NULL AND used_points > 0 GROUP BY customer_id
      ) r
      WHERE c.id = r.customer_id
      RETURNING c.id
    ), refund_history AS (
      INSERT INTO point_history (customer_id, reservation_id, kind, points, created_at)
      SELECT customer_id, id, 'kembali', used_points, expires_at FROM expired
      WHERE customer_id IS NOT NULL AND used_points > 0
      RETURNING id
    )`;

/** The periodic sweep: every unpaid reservation and hold past its deadline gives its seats back. */
export async function sweepExpired(db: Database, now: Date): Promise<{ seats: number; reservations: number }> {
  const at = now.toISOString();
  return db.transaction(async (tx) => {
    const seats = await queryRows<{ id: number }>(
      asDb(tx),
      sql`UPDATE seat_bookings SET live = false
          WHERE live AND expires_at IS NOT NULL AND expires_at <= ${at}::timestamptz RETURNING id`,
    );
    const [expired] = await queryRows<{ n: number }>(
      asDb(tx),
      sql`WITH expired AS (
            UPDATE reservations SET status = 'expired'
            WHERE status = 'pending' AND expires_at <= ${at}::timestamptz
            RETURNING id, customer_id, used_points, expires_at
          )
          ${REFUND_POINTS}
          SELECT count(*)::int AS n FROM expired`,
    );
    return { seats: seats.length, reservations: expired?.n ?? 0 };
  });
}

/** One change of a customer's balance, for the history row written with it. */
export interface PointChange {
  customerId: number;
  points: number;
  /** The order it belongs to. */
  reservationCode: string;
  at: Date;
}

/**
 * Takes redeemed points off a customer's balance, only if the balance still holds them (two
 * reservations spending the same points cannot both pass), and writes the history row in the
 * same statement. False when the balance no longer holds them.
 */
export async function redeemPoints(tx: Tx, change: PointChange): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(
    asDb(tx),
    sql`WITH spent AS (
          UPDATE customers SET points = points - ${change.points}
          WHERE id = ${change.customerId} AND points >= ${change.points} RETURNING id
        )
        INSERT INTO point_history (customer_id, reservation_id, kind, points, created_at)
        SELECT spent.id, r.id, 'potongan', ${-change.points}, ${change.at.toISOString()}::timestamptz
        FROM spent LEFT JOIN reservations r ON r.code = ${change.reservationCode}
        RETURNING id`,
  );
  return rows.length > 0;
}

/** Adds points to a balance with their history row, in one statement: points returned, or cashback. */
export async function creditPoints(tx: Tx, kind: 'kembali' | 'cashback', change: PointChange): Promise<void> {
  if (change.points <= 0) return;
  await tx.execute(sql`WITH credited AS (
      UPDATE customers SET points = points + ${change.points} WHERE id = ${change.customerId} RETURNING id
    )
    INSERT INTO point_history (customer_id, reservation_id, kind, points, created_at)
    SELECT credited.id, r.id, ${kind}, ${change.points}, ${change.at.toISOString()}::timestamptz
    FROM credited LEFT JOIN reservations r ON r.code = ${change.reservationCode}`);
}

export interface NewBookings {
  departure: Departure;
  seats: string[];
  reservationId: number | null;
  holdToken: string | null;
  expiresAt: Date | null;
}

/** One seat of one departure. */
export interface LegSeat extends Departure {
  seat: string;
}

export const legSeatKey = (s: LegSeat): string => `${s.scheduleId}/${s.date}/${s.seat}`;

/** Seats of any departures as a three-column relation `(schedule_id, departure_date, seat_no)` for SQL. */
export function legSeatsTable(seats: readonly LegSeat[]): SQL {
  return sql`unnest(${textArray(seats.map((s) => String(s.scheduleId)))}::int[], ${textArray(
    seats.map((s) => s.date),
  )}::date[], ${textArray(seats.map((s) => s.seat))}) WITH ORDINALITY AS s(schedule_id, departure_date, seat_no, ord)`;
}

/** Inserts what the unique index lets through; returns the seats booked, by number, with their row ids. */
export async function insertBookings(tx: Tx, rows: NewBookings): Promise<Map<string, number>> {
  const got = await insertLegSeats(
    tx,
    rows.seats.map((seat) => ({ ...rows.departure, seat })),
    rows,
  );
  return new Map([...got].map(([key, id]) => [key.slice(key.lastIndexOf('/') + 1), id]));
}

/** Code-unit order, the same in every process whatever its locale. */
const order = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** Seats in one global order, so two transactions wanting overlapping seats take their index entries in the same order. */
export function inSeatOrder(seats: readonly LegSeat[]): LegSeat[] {
  return [...seats].sort((a, b) => a.scheduleId - b.scheduleId || order(a.date, b.date) || order(a.seat, b.seat));
}

/** A seat row as the seat insert returns it. */
export interface InsertedSeat {
  id: number;
  schedule_id: number;
  departure_date: string;
  seat_no: string;
}

/**
 * The INSERT of these seats (already inSeatOrder) through the unique index, returning what went
 * in. `reservationId` may be SQL, such as a column of a reservation inserted in the same statement.
 */
export function seatsInsertSql(
  sorted: readonly LegSeat[],
  rows: { reservationId: number | SQL | null; holdToken: string | null; expiresAt: Date | null },
  from: SQL = sql``,
): SQL {
  const expires = rows.expiresAt ? rows.expiresAt.toISOString() : null;
  return sql`
    INSERT INTO seat_bookings (schedule_id, departure_date, seat_no, reservation_id, hold_token, expires_at, live)
    SELECT s.schedule_id, s.departure_date, s.seat_no, ${rows.reservationId}::int,
           ${rows.holdToken}::text, ${expires}::timestamptz, true
    FROM ${legSeatsTable(sorted)}${from}
    ORDER BY s.ord
    ON CONFLICT (schedule_id, departure_date, seat_no) WHERE live DO NOTHING
    RETURNING id::int AS id, schedule_id::int AS schedule_id, to_char(departure_date, 'YYYY-MM-DD') AS departure_date,
              seat_no::text AS seat_no`;
}

export function seatsByKey(rows: readonly InsertedSeat[]): Map<string, number> {
  return new Map(
    rows.map((row) => [
      legSeatKey({ scheduleId: row.schedule_id, date: row.departure_date, seat: row.seat_no }),
      row.id,
    ]),
  );
}

/**
 * Seats of any number of departures in one statement, through the unique index; returns the
 * seats booked by legSeatKey with their row ids.
 */
export async function insertLegSeats(
  tx: Tx,
  seats: readonly LegSeat[],
  rows: { reservationId: number | null; holdToken: string | null; expiresAt: Date | null },
): Promise<Map<string, number>> {
  if (seats.length === 0) return new Map();
  return seatsByKey(await queryRows<InsertedSeat>(asDb(tx), seatsInsertSql(inSeatOrder(seats), rows)));
}

/** `YYYY-MM-DD HH:mm` in Jakarta (UTC+7, no daylight saving). */
export function jakartaDateTime(now: Date): string {
  return new Date(now.getTime() + 7 * 3_600_000).toISOString().slice(0, 16).replace('T', ' ');
}

/** Refuses (400 RSV-3) a departure whose time has come: the bus has left or is leaving. */
export function assertNotDeparted(date: string, time: string, now: Date): void {
  if (`${date} ${time}` <= jakartaDateTime(now)) {
    throw new ApiError(
      400,
      'RSV-3',
      `Jadwal keberangkatan ${date} pukul ${time} WIB sudah berangkat, silakan pilih jadwal lain`,
    );
  }
}

/** The driver's SQLSTATE of a failed statement, looking through Drizzle's wrapping. */
export function sqlState(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/**
 * Runs a booking transaction, again when PostgreSQL picked it as a deadlock victim or refused it
 * on serialization: two reservations of overlapping seats can each wait for the other.
 */
export async function withRetry<T>(run: () => Promise<T>, attempts = 4): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await run();
    } catch (error) {
      const state = sqlState(error);
      if (attempt >= attempts || (state !== '40P01' && state !== '40001')) throw error;
    }
  }
}
