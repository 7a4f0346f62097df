/**
 * POST {prefix}/hold-kursi (beyond the spec): seats saved on the seat page are held for
 * HOLD_MINUTES under the booking flow's hold token, as seat_bookings rows with the token, an
 * expiry and no reservation, under the same unique index as bookings. A token holds at most the
 * passengers allowed per leg on one leg (the contract's list cap, and each call replaces the
 * token's seats on that leg), and each client may only call a few times a minute (HOLD_RATE), so
 * nobody can hold a whole bus.
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { HOLD_MINUTES, type HoldKursiResults } from '../../contract';
import type { Database } from '../db/client';
import { ApiError, badRequest, notBookable, seatTaken } from './errors';
import type { Rate } from './rate-limit';
import { asDb, assertNotDeparted, expireDepartures, insertBookings, withRetry } from './reservations-db';
import { RESERVATION_MESSAGE } from './reservations';
import { assertSaleDate, loadSaleSchedule, seatsByNumber } from './seats';
import { queryRows, textArray } from './sql';
import type { LegDeparture } from './trip';

/** Seat holds per client: a few a minute, so nobody can hold a whole bus. */
export const HOLD_RATE: Rate = { burst: 12, perMinute: 12 };

export const HOLD_MESSAGE = {
  tooMany: 'Terlalu banyak permintaan tahan kursi. Silakan coba lagi dalam 1 menit',
  noSeatSelection: (code: string) => `Jadwal ${code} tidak menyediakan pilih kursi: kursi ditentukan oleh operator`,
  duplicate: (no: string) => `Kursi ${no} dipilih lebih dari sekali`,
} as const;

export const rateLimited = () => new ApiError(429, 'REQ-2', HOLD_MESSAGE.tooMany);

export function newHoldToken(): string {
  return randomBytes(18).toString('base64url');
}

/** The seats to hold on one departure (none: release), under the token the body names, if any. */
export interface HoldRequest extends LegDeparture {
  seats: string[];
  holdToken: string | null;
}

export async function holdSeats(
  db: Database,
  request: HoldRequest,
  ctx: { today: string; now: Date; headerToken: string | null },
): Promise<HoldKursiResults> {
  const token = request.holdToken ?? ctx.headerToken ?? newHoldToken();
  const seats = request.seats;
  const seen = new Set<string>();
  for (const no of seats) {
    if (seen.has(no)) throw badRequest(HOLD_MESSAGE.duplicate(no));
    seen.add(no);
  }
  const schedule = await loadSaleSchedule(db, request.operator, request.jadwal);
  assertSaleDate(schedule, request.date, ctx.today);
  assertNotDeparted(request.date, schedule.departureTime.slice(0, 5), ctx.now);
  if (!schedule.selectSeat) throw notBookable(HOLD_MESSAGE.noSeatSelection(schedule.code));
  const tiles = seatsByNumber(schedule);
  for (const no of seats) {
    if (!tiles.has(no)) throw notBookable(`Kursi ${no} tidak ada pada jadwal ${schedule.code}`);
  }
  const departure = { scheduleId: schedule.id, date: request.date };
  const expiresAt = new Date(ctx.now.getTime() + HOLD_MINUTES * 60_000);
  const at = expiresAt.toISOString();
  const wanted = textArray(seats);

  await withRetry(() =>
    db.transaction(async (tx) => {
      await expireDepartures(tx, [departure], ctx.now);
      // The token's other seats on this leg go back first: a new choice replaces the old one.
      await tx.execute(sql`
        UPDATE seat_bookings SET live = false
        WHERE live AND hold_token = ${token} AND reservation_id IS NULL
          AND schedule_id = ${departure.scheduleId} AND departure_date = ${departure.date}::date
          AND NOT (seat_no = ANY(${wanted}))`);
      const kept = await queryRows<{ seat_no: string }>(
        asDb(tx),
        sql`UPDATE seat_bookings SET expires_at = ${at}::timestamptz
            WHERE live AND hold_token = ${token} AND reservation_id IS NULL
              AND schedule_id = ${departure.scheduleId} AND departure_date = ${departure.date}::date
              AND seat_no = ANY(${wanted})
            RETURNING seat_no::text AS seat_no`,
      );
      const keptSeats = new Set(kept.map((row) => row.seat_no));
      const rest = seats.filter((no) => !keptSeats.has(no));
      const inserted = await insertBookings(tx, {
        departure,
        seats: rest,
        reservationId: null,
        holdToken: token,
        expiresAt,
      });
      const gone = rest.filter((no) => !inserted.has(no));
      // Rolling back keeps the token's previous hold as it was.
      if (gone.length > 0) throw seatTaken(RESERVATION_MESSAGE.seatTaken(gone));
    }),
  );
  return {
    hold_token: token,
    kursi: [...seats].sort((a, b) => a.localeCompare(b, 'en', { numeric: true })),
    berakhir_pada: seats.length > 0 ? at : null,
  };
}
