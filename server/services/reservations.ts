/**
 * POST {prefix}/reservasi: one transaction books every seat of every leg, or none.
 *
 * 1. A repeated Idempotency-Key answers the reservation it made (the same body) or 422 RSV-4.
 * 2. Every leg: the schedule exists and sells that day (RSV-1), has not left yet (RSV-3), and a
 *    leg with seat selection names its seats; a leg without it lists its passengers with no seat.
 * 3. Inside the transaction: expired bookings of the legs' departures are released first, the
 *    voucher row is locked (its quota cannot be oversold), and the price is the price check's
 *    own. The body's total_bayar is only compared: a difference answers flag_harga_berubah 1.
 * 4. Seats: the caller's hold rows are converted, the rest inserted; a seat another live row holds
 *    makes the insert skip it, and the whole transaction rolls back with 409 RSV-2. Legs without
 *    seat selection take free seats of the layout the same way.
 * 5. Unpaid reservations give their seats back 30 minutes later; nothing to pay means paid now.
 * 6. One booker holds at most RESERVATION_LIMITS.unpaidPerContact live unpaid orders per phone or
 *    email (409 RSV-5), counted inside the transaction under a lock per contact, so concurrent
 *    requests queue instead of all counting the same free place. The rate limits in front of this
 *    (per client, per contact) are the route's; a replayed Idempotency-Key passes none of them.
 */
import { createHash, randomInt } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { CekHargaResults, ReservasiResults } from '../../contract';
import type { Database } from '../db/client';
import { passengers, reservations } from '../db/schema';
import { ApiError, badRequest, notBookable, notFound, seatTaken } from './errors';
import type { AuthCustomer } from './sessions';
import { assertConnectingTrip, priceTrip, readPriceData, type PriceData } from './pricing';
import {
  asDb,
  assertNotDeparted,
  expireDepartures,
  inSeatOrder,
  insertBookings,
  insertLegSeats,
  legSeatKey,
  legSeatsTable,
  redeemPoints,
  seatsByKey,
  seatsInsertSql,
  withRetry,
  type Departure,
  type InsertedSeat,
  type LegSeat,
  type Tx,
} from './reservations-db';
import { assertSaleDate, loadSaleSchedules, seatsByNumber, type SaleSchedule } from './seats';
import { queryRows, textArray } from './sql';
import type { BookingLeg, PriceLeg, PriceRequest, ReservationRequest } from './trip';
import { lockVoucher } from './vouchers';

export const RESERVATION = {
  payMinutes: 30,
  /** reservations.code is char(10): a full-length code never comes back padded. */
  codeLength: 10,
  /** No 0/O, 1/I/L: a code read aloud or typed from a screenshot cannot be misread. */
  codeAlphabet: '23456789ABCDEFGHJKMNPQRSTUVWXYZ',
} as const;

/**
 * What one traveller may reserve, so nobody blocks a departure with made-up orders (issue 21: four
 * anonymous requests took every seat for 30 minutes, again and again). A browser booking makes one
 * reservasi (an Idempotency-Key retry is answered from the stored order and counts nowhere), plus
 * one more for each seat lost to another traveller meanwhile.
 * - perClient: 10 at once, then 1 a minute: at most 11 in a minute, so a script's 20 are refused,
 *   while an office or a carrier's shared address (CGNAT) still books about 60 orders an hour.
 * - perContact: each of the booker's phone and email 10 at once, then 10 an hour: several tries
 *   after lost seats, far too few to churn orders under one contact.
 * - unpaidPerContact: 3 live unpaid orders per phone or email: a traveller may book a trip for the
 *   family, the trip back and one more before paying; the 4th waits until one is paid, cancelled,
 *   or expired (30 minutes). An order with nothing to pay is paid at once and never counts.
 * The e2e server's browsers all book as one traveller from one address: CLIENT_RATE_FACTOR
 * multiplies all three there (it is 1 in production).
 */
export const RESERVATION_LIMITS = {
  perClient: { burst: 10, perMinute: 1 },
  perContact: { burst: 10, perMinute: 10 / 60 },
  unpaidPerContact: 3,
} as const;

export const RESERVATION_MESSAGE = {
  seatTaken: (seats: string[]) => `Kursi ${seats.join(', ')} sudah dipesan penumpang lain`,
  keyReused: 'Idempotency-Key sudah dipakai untuk pesanan lain. Gunakan kunci baru untuk pesanan baru',
  seatRequired: (code: string) => `Kursi wajib dipilih untuk jadwal ${code}`,
  mixedSeats: (label: string) => `Daftar kursi ${label} tidak boleh mencampur nomor kursi dan kursi kosong`,
  notEnoughSeats: (count: number) => `Sisa kursi tidak mencukupi untuk ${count} penumpang`,
  pointsChanged: 'Saldo point kamu sudah berubah. Silakan cek harga kembali',
  tooManyFromClient: 'Terlalu banyak permintaan reservasi. Coba lagi dalam 1 menit.',
  tooManyForContact: 'Terlalu banyak permintaan reservasi untuk nomor HP atau email ini. Coba lagi dalam 10 menit.',
  unpaidCap: (count: number) =>
    `Masih ada ${count} pesanan yang belum dibayar untuk nomor HP atau email ini. Selesaikan pembayaran atau batalkan dulu sebelum memesan lagi.`,
} as const;

/** The booker's phone and email as the limits compare them: +62/62 is 0, email without case. */
export function bookerContact(phone: string, email: string): { phone: string; email: string } {
  const digits = phone.replace(/[^0-9]/g, '');
  return { phone: digits.replace(/^62/, '0'), email: email.trim().toLowerCase() };
}

/** 64-bit advisory lock key of one contact: reservations of one phone or email queue, others do not. */
function contactLockKey(kind: 'telp' | 'email', value: string): bigint {
  return createHash('sha256').update(`reservasi:${kind}:${value}`).digest().readBigInt64BE(0);
}

/**
 * Refuses (409 RSV-5) when the booker's phone or email already has `cap` live unpaid orders. Both
 * contacts' locks are taken in one order (by key) before anything else of the transaction, so two
 * reservations of one contact never both count the last free place and never deadlock.
 * The live unpaid orders are found through the partial indexes of pending orders by phone and by
 * lower(email), so the count stays small however many orders await payment.
 */
async function assertUnpaidCap(
  tx: Tx,
  contact: { phone: string; email: string },
  cap: number,
  now: Date,
): Promise<void> {
  const keys = [contactLockKey('telp', contact.phone), contactLockKey('email', contact.email)].sort((a, b) =>
    a < b ? -1 : a > b ? 1 : 0,
  );
  // unnest yields the keys in the array's order. The count must be a later statement than the
  // locks: a statement sees only what was committed when it started.
  await tx.execute(sql`SELECT pg_advisory_xact_lock(k) FROM unnest(${textArray(keys.map(String))}::bigint[]) AS k`);
  // Stored phones are digits (the contract's rule), written 08... or 62...; emails trimmed, in any case.
  const [row] = await queryRows<{ n: number }>(
    asDb(tx),
    sql`SELECT count(*)::int AS n FROM reservations
        WHERE status = 'pending' AND expires_at > ${now.toISOString()}::timestamptz
          AND (booker_phone IN (${contact.phone}, ${contact.phone.replace(/^0/, '62')})
               OR lower(booker_email) = ${contact.email})`,
  );
  const count = row?.n ?? 0;
  if (count >= cap) throw new ApiError(409, 'RSV-5', RESERVATION_MESSAGE.unpaidCap(count));
}

export interface ReserveContext {
  today: string;
  now: Date;
  customer: AuthCustomer | null;
  idempotencyKey: string | null;
  /** The X-Hold-Token header's; the body's hold_token comes first. */
  holdToken: string | null;
  /** Live unpaid orders one phone or email may hold (RESERVATION_LIMITS.unpaidPerContact, scaled). */
  unpaidCap?: number;
  /**
   * Runs once the request is known not to be a replay, before any booking work: the route's rate
   * limits, so an Idempotency-Key retry of an order already made never spends them.
   */
  admit?: () => Promise<void>;
}

interface LoadedLeg extends BookingLeg {
  schedule: SaleSchedule;
  /** Chosen seat numbers; empty on a leg without seat selection. */
  seats: string[];
}

export function newReservationCode(): string {
  let code = '';
  for (let i = 0; i < RESERVATION.codeLength; i += 1) {
    code += RESERVATION.codeAlphabet[randomInt(RESERVATION.codeAlphabet.length)];
  }
  return code;
}

/** Every leg's own checks, in order, over the schedules read for all legs at once. */
async function loadLegs(db: Database, planned: BookingLeg[], today: string, now: Date): Promise<LoadedLeg[]> {
  const schedules = await loadSaleSchedules(db, planned);
  return planned.map((leg, i) => {
    const numbered = leg.riders.flatMap((rider) => (rider.seat === null ? [] : [rider.seat]));
    if (numbered.length > 0 && numbered.length < leg.riders.length) {
      throw badRequest(RESERVATION_MESSAGE.mixedSeats(leg.label.toLowerCase()));
    }
    const schedule = schedules[i];
    if (!schedule) throw notFound('Jadwal tidak ditemukan');
    if (schedule.selectSeat && numbered.length === 0) {
      throw notBookable(RESERVATION_MESSAGE.seatRequired(schedule.code));
    }
    assertSaleDate(schedule, leg.date, today);
    assertNotDeparted(leg.date, schedule.departureTime.slice(0, 5), now);
    return { ...leg, schedule, seats: numbered };
  });
}

/** A loaded leg as the price check prices it: its seats, or its head count where the operator seats. */
function priceLegOf({ riders, schedule: _schedule, seats, ...leg }: LoadedLeg): PriceLeg {
  return { ...leg, seats, passengers: seats.length > 0 ? undefined : riders.length };
}

/**
 * What a repeated Idempotency-Key must match: byte for byte the digest of
 * JSON.stringify({ body, holdToken }) that stored orders carry.
 */
function requestHash(request: ReservationRequest, holdToken: string | null): string {
  return createHash('sha256')
    .update(`{"body":${request.sentJson},"holdToken":${JSON.stringify(holdToken)}}`)
    .digest('hex');
}

type StoredReservation = typeof reservations.$inferSelect;

/** The reply without the order's key, which the HTTP layer adds (it holds the key's secret). */
export type ReservationOutcome = Omit<ReservasiResults, 'kunci_pesanan'>;

function resultOf(row: StoredReservation): ReservationOutcome {
  return {
    reservasi_kode: row.code.trim(),
    flag_harga_berubah: row.priceChanged ? 1 : 0,
    total_bayar: row.total,
    flag_lunas: row.status === 'paid' ? 1 : 0,
  };
}

async function findByKey(db: Database, key: string): Promise<StoredReservation | null> {
  const rows = await db.select().from(reservations).where(eq(reservations.idempotencyKey, key)).limit(1);
  return rows[0] ?? null;
}

function replayOf(row: StoredReservation, hash: string): ReservationOutcome {
  if (row.requestHash !== hash) throw new ApiError(422, 'RSV-4', RESERVATION_MESSAGE.keyReused);
  return resultOf(row);
}

/** The price check's "seat gone" said the way a reservation says it, whichever check caught it first. */
function inReservationWords(error: unknown): unknown {
  if (!(error instanceof ApiError) || error.code !== 'RSV-2') return error;
  const seats = /^Kursi (.+) sudah tidak tersedia$/.exec(error.message)?.[1];
  return seats ? seatTaken(RESERVATION_MESSAGE.seatTaken(seats.split(', '))) : error;
}

/** Thrown inside the transaction when a concurrent request with the same key committed first. */
class SameKeyCommitted extends Error {}

/** Seats for a leg without seat selection: free seats of the layout, in its order, until enough stick. */
async function seatOperatorLeg(
  tx: Tx,
  leg: LoadedLeg,
  departure: Departure,
  taken: Set<string>,
  insertRows: { reservationId: number; expiresAt: Date | null },
): Promise<Map<string, number>> {
  const needed = leg.riders.length;
  const candidates = [...seatsByNumber(leg.schedule).keys()].filter((no) => !taken.has(no));
  const booked = new Map<string, number>();
  while (booked.size < needed && candidates.length > 0) {
    const batch = candidates.splice(0, needed - booked.size);
    const got = await insertBookings(tx, { departure, seats: batch, holdToken: null, ...insertRows });
    for (const [no, id] of got) booked.set(no, id);
  }
  if (booked.size < needed) throw notBookable(RESERVATION_MESSAGE.notEnoughSeats(needed));
  return booked;
}

/** The caller's live, unexpired hold rows of these seats, all legs at once, become the reservation's bookings. */
async function convertHold(
  tx: Tx,
  holdToken: string,
  seats: LegSeat[],
  reservationId: number,
  expiresAt: Date | null,
  now: Date,
): Promise<Map<string, number>> {
  if (seats.length === 0) return new Map();
  const rows = await queryRows<{ id: number; schedule_id: number; departure_date: string; seat_no: string }>(
    asDb(tx),
    sql`UPDATE seat_bookings
        SET reservation_id = ${reservationId}, hold_token = NULL, expires_at = ${expiresAt ? expiresAt.toISOString() : null}::timestamptz
        WHERE live AND hold_token = ${holdToken} AND reservation_id IS NULL AND expires_at > ${now.toISOString()}::timestamptz
          AND (schedule_id, departure_date, seat_no) IN (SELECT s.schedule_id, s.departure_date, s.seat_no FROM ${legSeatsTable(seats)})
        RETURNING id::int AS id, schedule_id::int AS schedule_id, to_char(departure_date, 'YYYY-MM-DD') AS departure_date,
                  seat_no::text AS seat_no`,
  );
  return new Map(
    rows.map((row) => [
      legSeatKey({ scheduleId: row.schedule_id, date: row.departure_date, seat: row.seat_no }),
      row.id,
    ]),
  );
}

export async function reserve(
  db: Database,
  request: ReservationRequest,
  ctx: ReserveContext,
): Promise<ReservationOutcome> {
  const holdToken = request.holdToken ?? ctx.holdToken;
  const hash = requestHash(request, holdToken);
  if (ctx.idempotencyKey) {
    const existing = await findByKey(db, ctx.idempotencyKey);
    if (existing) return replayOf(existing, hash);
  }
  await ctx.admit?.();
  if (request.legs.length === 0) throw badRequest('Permintaan tidak valid. Jadwal belum dipilih');
  const legs = await loadLegs(db, request.legs, ctx.today, ctx.now);
  const priceRequest: PriceRequest = { ...request, legs: legs.map(priceLegOf) };
  // The itinerary is timetable data, not something a concurrent booking changes: checked before the transaction.
  if (request.connecting) await assertConnectingTrip(db, legs);
  const departures = legs.map((leg) => ({ scheduleId: leg.schedule.id, date: leg.date }));
  const schedules = legs.map((leg) => leg.schedule);
  const contact = bookerContact(request.booker.phone, request.booker.email);
  const unpaidCap = ctx.unpaidCap ?? RESERVATION_LIMITS.unpaidPerContact;

  try {
    return await withRetry(() =>
      db.transaction(async (tx) => {
        await assertUnpaidCap(tx, contact, unpaidCap, ctx.now);
        await expireDepartures(tx, departures, ctx.now);
        if (request.voucherCode) await lockVoucher(asDb(tx), request.voucherCode);
        // Seat-selection legs skip the taken-seat read: their inserts meet the unique index, which decides.
        const data = await readPriceData(
          asDb(tx),
          priceRequest,
          { now: ctx.now, holdToken },
          { schedules, seatLegsTaken: false },
        );
        let price: CekHargaResults;
        try {
          price = priceTrip(ctx.today, priceRequest, ctx.customer, data);
        } catch (error) {
          throw inReservationWords(error);
        }
        const paid = price.total_bayar === 0;
        const deadline = new Date(ctx.now.getTime() + RESERVATION.payMinutes * 60_000);
        const seatExpiry = paid ? null : deadline;
        const usedPoints = request.usePoints && ctx.customer ? price.max_point : 0;
        const values: NewReservation = {
          status: paid ? 'paid' : 'pending',
          customerId: ctx.customer?.id ?? null,
          bookerName: request.booker.name,
          bookerPhone: request.booker.phone,
          bookerEmail: request.booker.email,
          paymentMethodCode: request.paymentMethodCode,
          // The voucher's own code, never the case it was typed in: the quota counts this column.
          voucherCode: request.voucherCode ? (data.voucher?.code ?? request.voucherCode) : null,
          subTotal: price.sub_total,
          total: price.total_bayar,
          insurance: request.insurance && price.flag_status_asuransi === 1,
          donation: request.donation,
          donationMessage: request.donationMessage,
          adsCode: request.adsCode,
          referrerUrl: request.referrerUrl,
          usedPoints,
          isRoundTrip: request.roundTrip,
          priceChanged: price.total_bayar !== request.shownTotal,
          idempotencyKey: ctx.idempotencyKey,
          requestHash: hash,
          createdAt: ctx.now,
          expiresAt: deadline,
          ...travelSpanOf(legs),
        };
        // Chosen seats of every leg.
        const chosen: LegSeat[] = legs.flatMap((leg, i) =>
          leg.seats.map((seat) => ({ ...(departures[i] as Departure), seat })),
        );
        // Every leg with its seats chosen and no hold to convert: one statement writes it all.
        const oneStatement =
          !holdToken && legs.every((leg) => leg.seats.length > 0)
            ? await insertReservationWithSeats(tx, values, chosen, ridersOf(legs, departures), seatExpiry)
            : null;
        const { code } =
          oneStatement ??
          (await insertStepByStep(tx, { values, legs, departures, chosen, data, holdToken, seatExpiry, now: ctx.now }));
        if (oneStatement) {
          const gone = chosen.filter((s) => !oneStatement.booked.has(legSeatKey(s))).map((s) => s.seat);
          if (gone.length > 0) throw seatTaken(RESERVATION_MESSAGE.seatTaken(gone));
        }
        if (
          usedPoints > 0 &&
          ctx.customer &&
          !(await redeemPoints(tx, {
            customerId: ctx.customer.id,
            points: usedPoints,
            reservationCode: code,
            at: ctx.now,
          }))
        ) {
          throw new ApiError(409, 'RSV-1', RESERVATION_MESSAGE.pointsChanged);
        }
        const result: ReservationOutcome = {
          reservasi_kode: code,
          flag_harga_berubah: price.total_bayar !== request.shownTotal ? 1 : 0,
          total_bayar: price.total_bayar,
          flag_lunas: paid ? 1 : 0,
        };
        return result;
      }),
    );
  } catch (error) {
    // The same request may have committed while this one ran (its seats then look taken here):
    // the committed reservation is the answer, whatever this attempt ran into.
    if (ctx.idempotencyKey) {
      const existing = await findByKey(db, ctx.idempotencyKey);
      if (existing) return replayOf(existing, hash);
    }
    throw error;
  }
}

type NewReservation = Omit<typeof reservations.$inferInsert, 'code'>;

/** The first leg's departure (Jakarta wall time) and the last leg's date, stored with the order for its lists. */
export function travelSpanOf(legs: readonly { date: string; schedule: { departureTime: string } }[]): {
  firstDeparture: string | null;
  lastTravelDate: string | null;
} {
  // ISO dates and HH:MM:SS times sort as text.
  const departures = legs.map((leg) => `${leg.date} ${leg.schedule.departureTime}`).sort();
  const dates = legs.map((leg) => leg.date).sort();
  return { firstDeparture: departures[0] ?? null, lastTravelDate: dates.at(-1) ?? null };
}

/** One passenger of a seat-selection leg, by seat. */
interface SeatedRider extends LegSeat {
  direction: 'pergi' | 'pulang';
  legNo: number;
  name: string;
}

function ridersOf(legs: LoadedLeg[], departures: Departure[]): SeatedRider[] {
  return legs.flatMap((leg, i) =>
    leg.riders.map((rider, k) => ({
      ...(departures[i] as Departure),
      seat: leg.seats[k] ?? '',
      direction: leg.direction,
      legNo: leg.legNo,
      name: rider.name,
    })),
  );
}

/**
 * The reservation, its seats (through the unique index, as insertLegSeats) and its passengers in
 * one statement. Null when the reservation row did not go in (its code or its Idempotency-Key met
 * another): then nothing was written, and the step-by-step way tells the two apart.
 */
async function insertReservationWithSeats(
  tx: Tx,
  values: NewReservation,
  seats: LegSeat[],
  riders: SeatedRider[],
  expiresAt: Date | null,
): Promise<{ id: number; code: string; booked: Map<string, number> } | null> {
  const code = newReservationCode();
  const reservation = tx
    .insert(reservations)
    .values({ ...values, code })
    .onConflictDoNothing()
    .returning({ id: reservations.id })
    .getSQL();
  const ridersTable = sql`unnest(${textArray(riders.map((r) => String(r.scheduleId)))}::int[], ${textArray(
    riders.map((r) => r.date),
  )}, ${textArray(riders.map((r) => r.seat))}, ${textArray(riders.map((r) => r.direction))}, ${textArray(
    riders.map((r) => String(r.legNo)),
  )}::int[], ${textArray(riders.map((r) => r.name))}) WITH ORDINALITY AS p(schedule_id, departure_date, seat_no, direction, leg_no, name, ord)`;
  const rows = await queryRows<{ reservation_id: number } & Partial<InsertedSeat>>(
    asDb(tx),
    sql`
    WITH res AS (${reservation}),
    seats AS (${seatsInsertSql(inSeatOrder(seats), { reservationId: sql`res.id`, holdToken: null, expiresAt }, sql` CROSS JOIN res`)}),
    riders AS (
      INSERT INTO passengers (reservation_id, seat_booking_id, direction, leg_no, name)
      SELECT res.id, seats.id, p.direction, p.leg_no, p.name
      FROM ${ridersTable}
      JOIN seats ON seats.schedule_id = p.schedule_id AND seats.departure_date = p.departure_date AND seats.seat_no = p.seat_no
      CROSS JOIN res
      ORDER BY p.ord
    )
    SELECT res.id::int AS reservation_id, seats.id, seats.schedule_id, seats.departure_date, seats.seat_no
    FROM res LEFT JOIN seats ON true`,
  );
  const id = rows[0]?.reservation_id;
  if (id === undefined) return null;
  const inserted = rows.filter((row): row is typeof row & InsertedSeat => row.id !== null && row.id !== undefined);
  return { id, code, booked: seatsByKey(inserted) };
}

/** The general way, a statement a step: hold conversion, legs the operator seats, retries of a clashing code. */
async function insertStepByStep(
  tx: Tx,
  w: {
    values: NewReservation;
    legs: LoadedLeg[];
    departures: Departure[];
    chosen: LegSeat[];
    data: PriceData;
    holdToken: string | null;
    seatExpiry: Date | null;
    now: Date;
  },
): Promise<{ id: number; code: string }> {
  const { legs, departures, chosen, holdToken } = w;
  const { id: reservationId, code } = await insertReservation(tx, w.values);
  const insertRows = { reservationId, expiresAt: w.seatExpiry };

  // The caller's hold converted, the rest inserted, one statement each.
  const booked = holdToken
    ? await convertHold(tx, holdToken, chosen, reservationId, w.seatExpiry, w.now)
    : new Map<string, number>();
  const rest = chosen.filter((s) => !booked.has(legSeatKey(s)));
  for (const [key, id] of await insertLegSeats(tx, rest, { holdToken: null, ...insertRows })) booked.set(key, id);
  const gone = chosen.filter((s) => !booked.has(legSeatKey(s))).map((s) => s.seat);
  if (gone.length > 0) throw seatTaken(RESERVATION_MESSAGE.seatTaken(gone));

  const passengerRows: (typeof passengers.$inferInsert)[] = [];
  for (const [i, leg] of legs.entries()) {
    const departure = departures[i] as Departure;
    let bookingIds: (number | undefined)[];
    if (leg.seats.length === 0) {
      const taken = w.data.booked[i] ?? new Set<string>();
      bookingIds = [...(await seatOperatorLeg(tx, leg, departure, taken, insertRows)).values()];
    } else {
      bookingIds = leg.seats.map((seat) => booked.get(legSeatKey({ ...departure, seat })));
    }
    for (const [k, rider] of leg.riders.entries()) {
      passengerRows.push({
        reservationId,
        seatBookingId: bookingIds[k] ?? null,
        direction: leg.direction,
        legNo: leg.legNo,
        name: rider.name,
      });
    }
  }
  await tx.insert(passengers).values(passengerRows);
  if (holdToken) {
    // What the passenger held and did not book goes back to everyone.
    await tx.execute(
      sql`UPDATE seat_bookings SET live = false WHERE live AND hold_token = ${holdToken} AND reservation_id IS NULL`,
    );
  }
  return { id: reservationId, code };
}

/**
 * Inserts the reservation under a fresh code. A clash on the code draws another; a clash on the
 * Idempotency-Key means the same request committed meanwhile, and that reservation is the answer.
 */
async function insertReservation(tx: Tx, values: NewReservation): Promise<{ id: number; code: string }> {
  for (let attempt = 0; attempt < 8; attempt += 1) {
    const code = newReservationCode();
    const rows = await tx
      .insert(reservations)
      .values({ ...values, code })
      .onConflictDoNothing()
      .returning({ id: reservations.id });
    const id = rows[0]?.id;
    if (id !== undefined) return { id, code };
    if (values.idempotencyKey) {
      const same = await tx
        .select({ id: reservations.id })
        .from(reservations)
        .where(eq(reservations.idempotencyKey, values.idempotencyKey))
        .limit(1);
      if (same.length > 0) throw new SameKeyCommitted();
    }
  }
  throw new Error('no free reservation code after 8 draws');
}
