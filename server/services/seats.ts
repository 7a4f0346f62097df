import { and, eq, or, sql, type SQL } from 'drizzle-orm';
import { BOOKABLE_SEAT_TYPES, FIELD_LIMITS, type Floor, type KursiResults, type Seat } from '../../contract';
import type { Database } from '../db/client';
import { operators, routes, schedules, seatBookings, seatLayouts, type LayoutFloor, type SeatTile } from '../db/schema';
import { notBookable, notFound } from './errors';
import { BOOKING_WINDOW_DAYS, daysBetween } from '../lib/dates';
import { queryRows } from './sql';

/** Spec section 9: at most 3 passengers per leg, lowered to the seats left. */
export const MAX_PASSENGERS_PER_LEG = FIELD_LIMITS.maxPassengersPerLeg;

export interface SaleSchedule {
  id: number;
  code: string;
  operatorCode: string;
  operatorName: string;
  price: number;
  price2: number | null;
  promoPrice: number | null;
  promoCode: string | null;
  selectSeat: boolean;
  refundable: boolean;
  /** `HH:mm:ss` on the departure day. */
  departureTime: string;
  validFrom: string;
  validUntil: string;
  floors: LayoutFloor[];
}

/** The schedule with its seat layout, sold by this operator, or 404. */
export async function loadSaleSchedule(db: Database, operatorKode: string, jadwalKode: string): Promise<SaleSchedule> {
  const [schedule] = await loadSaleSchedules(db, [{ operator: operatorKode, jadwal: jadwalKode }]);
  if (!schedule) throw notFound('Jadwal tidak ditemukan');
  return schedule;
}

/**
 * Every leg's schedule with its layout in one round trip, in the legs' order; null where no such
 * schedule is sold by that operator, so the caller refuses it at the point its own checks reach it.
 */
export async function loadSaleSchedules(
  db: Database,
  legs: readonly { operator: string; jadwal: string }[],
): Promise<(SaleSchedule | null)[]> {
  if (legs.length === 0) return [];
  const rows = await db
    .select({
      id: schedules.id,
      code: schedules.code,
      operatorCode: operators.code,
      operatorName: operators.name,
      price: schedules.price,
      price2: schedules.price2,
      promoPrice: schedules.promoPrice,
      promoCode: schedules.promoCode,
      selectSeat: schedules.selectSeat,
      refundable: schedules.refundable,
      departureTime: schedules.departureTime,
      validFrom: schedules.validFrom,
      validUntil: schedules.validUntil,
      floors: seatLayouts.floors,
    })
    .from(schedules)
    .innerJoin(routes, eq(routes.id, schedules.routeId))
    .innerJoin(operators, eq(operators.id, routes.operatorId))
    .innerJoin(seatLayouts, eq(seatLayouts.id, schedules.layoutId))
    .where(
      or(...legs.map((leg) => and(eq(schedules.code, leg.jadwal), eq(operators.code, leg.operator)))) ?? sql`false`,
    );
  return legs.map((leg) => rows.find((row) => row.code === leg.jadwal && row.operatorCode === leg.operator) ?? null);
}

/** Refuses (400 RSV-1) a day that is past, beyond the booking window, or outside the schedule's validity. */
export function assertSaleDate(schedule: SaleSchedule, date: string, today: string): void {
  const offset = daysBetween(today, date);
  if (offset < 0) throw notBookable(`Tanggal keberangkatan ${date} sudah lewat`);
  if (offset > BOOKING_WINDOW_DAYS) {
    throw notBookable(
      `Tanggal keberangkatan ${date} di luar masa pemesanan (maksimal ${BOOKING_WINDOW_DAYS} hari ke depan)`,
    );
  }
  if (date < schedule.validFrom || date > schedule.validUntil)
    throw notBookable(`Jadwal tidak beroperasi pada tanggal ${date}`);
}

export interface TakenOptions {
  /** The clock: bookings and holds whose deadline has passed count as free from this moment. */
  now?: Date | undefined;
  /** The caller's own seat hold: its seats are not taken for the caller. */
  holdToken?: string | null | undefined;
}

/**
 * The condition of a seat_bookings row that takes its seat: live, and not an unpaid reservation
 * or a hold past its deadline (those wait for the sweep, but are free already).
 */
export function takesSeat(options: TakenOptions = {}): SQL {
  const now = (options.now ?? new Date()).toISOString();
  const notExpired = sql`(${seatBookings.expiresAt} IS NULL OR ${seatBookings.expiresAt} > ${now}::timestamptz)`;
  const conditions = [eq(seatBookings.live, true), notExpired];
  if (options.holdToken) {
    conditions.push(sql`${seatBookings.holdToken} IS DISTINCT FROM ${options.holdToken}`);
  }
  return and(...conditions) ?? sql`true`;
}

/** Seat numbers taken on this departure: live bookings and other travellers' holds. */
export async function bookedSeats(
  db: Database,
  scheduleId: number,
  date: string,
  options: TakenOptions = {},
): Promise<Set<string>> {
  const rows = await db
    .select({ seatNo: seatBookings.seatNo })
    .from(seatBookings)
    .where(and(eq(seatBookings.scheduleId, scheduleId), eq(seatBookings.departureDate, date), takesSeat(options)));
  return new Set(rows.map((row) => row.seatNo));
}

/** Taken seats of several departures in one round trip, keyed `scheduleId/date`. */
export async function bookedSeatsOf(
  db: Database,
  departures: readonly { scheduleId: number; date: string }[],
  options: TakenOptions = {},
): Promise<Map<string, Set<string>>> {
  const byDeparture = new Map<string, Set<string>>();
  for (const d of departures) byDeparture.set(`${d.scheduleId}/${d.date}`, new Set());
  if (departures.length === 0) return byDeparture;
  const rows = await db
    .select({ scheduleId: seatBookings.scheduleId, date: seatBookings.departureDate, seatNo: seatBookings.seatNo })
    .from(seatBookings)
    .where(
      and(
        or(
          ...departures.map((d) =>
            and(eq(seatBookings.scheduleId, d.scheduleId), eq(seatBookings.departureDate, d.date)),
          ),
        ),
        takesSeat(options),
      ),
    );
  for (const row of rows) byDeparture.get(`${row.scheduleId}/${row.date}`)?.add(row.seatNo);
  return byDeparture;
}

export function isBookable(tile: SeatTile): boolean {
  return BOOKABLE_SEAT_TYPES.includes(tile.tipe);
}

function isPromo(schedule: SaleSchedule, tile: SeatTile): boolean {
  return tile.promo === true && schedule.promoPrice !== null;
}

/** A seat's price: promo seats at the promo price, tier-2 seats at price2, others at the base price. */
export function seatPrice(schedule: SaleSchedule, tile: SeatTile): number {
  if (!isBookable(tile)) return 0;
  if (isPromo(schedule, tile) && schedule.promoPrice !== null) return schedule.promoPrice;
  if (tile.tier === 2 && schedule.price2 !== null) return schedule.price2;
  return schedule.price;
}

/** Every bookable tile by seat number. */
export function seatsByNumber(schedule: SaleSchedule): Map<string, SeatTile> {
  const map = new Map<string, SeatTile>();
  for (const floor of schedule.floors) {
    for (const tile of Object.values(floor.seats)) if (isBookable(tile)) map.set(tile.no, tile);
  }
  return map;
}

function toFloor(schedule: SaleSchedule, floor: LayoutFloor, booked: Set<string>): Floor {
  const kursi: Record<string, Seat> = {};
  let free = 0;
  for (const [key, tile] of Object.entries(floor.seats)) {
    const bookable = isBookable(tile);
    const taken = bookable && booked.has(tile.no);
    if (bookable && !taken) free += 1;
    const promo = bookable && isPromo(schedule, tile);
    kursi[key] = {
      no: tile.no,
      tipe: tile.tipe,
      flag_booking: taken ? 1 : 0,
      flag_promo: promo ? 1 : 0,
      harga_tiket: seatPrice(schedule, tile),
      promo_kode: promo ? schedule.promoCode : null,
    };
  }
  return { nama: floor.name, baris: floor.rows, kolom: floor.cols, sisa_kursi: free, kursi };
}

/** The seat map of one departure with live bookings and others' holds marked (GET {prefix}/kursi). */
export async function seatLayout(
  db: Database,
  today: string,
  q: {
    operator_kode: string;
    jadwal_kode: string;
    tanggal_berangkat: string;
    jadwal_kode_connecting?: string | undefined;
  },
  options: TakenOptions = {},
): Promise<KursiResults> {
  const schedule = await loadSaleSchedule(db, q.operator_kode, q.jadwal_kode);
  if (q.jadwal_kode_connecting !== undefined) {
    const legs = await queryRows<{ found: number }>(
      db,
      sql`SELECT 1 AS found FROM connecting_trips ct JOIN connecting_legs cl ON cl.trip_id = ct.id
          WHERE ct.code = ${q.jadwal_kode_connecting} AND cl.schedule_id = ${schedule.id} LIMIT 1`,
    );
    if (legs.length === 0) throw notFound('Jadwal tidak termasuk rute pindah armada tersebut');
  }
  assertSaleDate(schedule, q.tanggal_berangkat, today);
  const booked = await bookedSeats(db, schedule.id, q.tanggal_berangkat, options);
  const floors = schedule.floors.map((floor) => toFloor(schedule, floor, booked));
  const free = floors.reduce((sum, floor) => sum + floor.sisa_kursi, 0);
  const prices = new Set<number>();
  for (const tile of seatsByNumber(schedule).values()) prices.add(seatPrice(schedule, tile));
  return {
    operator_kode: schedule.operatorCode,
    jadwal_kode: schedule.code,
    tanggal_berangkat: q.tanggal_berangkat,
    select_seat: schedule.selectSeat,
    layout_kursi: floors,
    flag_multi_harga: prices.size > 1 ? 1 : 0,
    maks_penumpang: Math.min(MAX_PASSENGERS_PER_LEG, free),
    harga_tiket_normal: schedule.price,
  };
}
