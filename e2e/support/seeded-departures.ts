import { BOOKABLE_SEAT_TYPES, type Floor, type KursiResults, type Seat } from '../../contract';
import { FIELD_LIMITS } from '../../contract/fields';
import { seededDeparture } from '../../server/db/seed';
import { OPERATORS } from '../../server/db/seed-data/operators';
import { CITIES } from '../../server/db/seed-data/places';

/*
 * The departures the QA plans and their model e2e use, read from the demo seed (server/db/seed.ts)
 * and not from a running app: operator, route, bus and the seat map of a day no other spec books.
 * The seed books ordinary departures only within its first 14 days, so on these days a freshly
 * seeded database (`npm run db:reset`) has every seat free but the seed's fixtures (a full lower
 * floor). The model e2e checks that the server's seat map is this one.
 */

/**
 * Days from today: the booking plan's reservations and the seat plan's choices. No other spec
 * books on them (booking.spec.ts takes the promo departure's seat 9 on days 21-31).
 */
export const BOOKING_PLAN_DAY = 23;
export const SEAT_PLAN_DAY = 24;

/** Today in Jakarta, the server's business day. */
export function jakartaToday(): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Jakarta' }).format(new Date());
}

/** `offset` days after `today`, YYYY-MM-DD. */
export function dayFromToday(offset: number, today = jakartaToday()): string {
  const [y, m, d] = today.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + offset)).toISOString().slice(0, 10);
}

/** "Jumat, 18 Desember 2026": the date as a tester picks it in the search form. */
export function longDate(iso: string): string {
  return new Intl.DateTimeFormat('id-ID', {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${iso}T00:00:00Z`));
}

export interface Departure {
  operatorCode: string;
  operatorName: string;
  scheduleCode: string;
  /** "14.00", as the schedule list writes it. */
  time: string;
  origin: { city: string; pool: string };
  destination: { city: string; pool: string };
  /** The seat layout's name, e.g. "Minibus 15 Kursi". */
  bus: string;
  service: string;
  /** The fare in rupiah. */
  price: number;
  /** The schedule list's button. */
  pilih: string;
}

function seeded(code: string, date: string, today: string) {
  const found = seededDeparture(code, today, date);
  if (!found) throw new Error(`Keberangkatan ${code} tidak ada di data seed`);
  return found;
}

const cityName = (code: string) => CITIES.find((city) => city.code === code)?.name ?? code;

/** A seeded departure as a tester finds it in the app. */
export function departure(code: string): Departure {
  const today = jakartaToday();
  const { schedule, layout } = seeded(code, today, today);
  const operatorName = OPERATORS.find((operator) => operator.code === schedule.operator)?.name ?? schedule.operator;
  const time = schedule.departure.slice(0, 5).replace(':', '.');
  return {
    operatorCode: schedule.operator,
    operatorName,
    scheduleCode: schedule.code,
    time,
    origin: { city: cityName(schedule.from.city), pool: schedule.from.name },
    destination: { city: cityName(schedule.to.city), pool: schedule.to.name },
    bus: layout.name,
    service: schedule.service,
    price: schedule.price,
    pilih: `Pilih ${operatorName} ${time} WIB`,
  };
}

/** "Daya Travel 14.00 WIB, Pool Buah Batu (Bandung) → Pool Kelapa Gading (Jakarta), Minibus 15 Kursi". */
export function departureText(one: Departure): string {
  return (
    `${one.operatorName} ${one.time} WIB (${one.scheduleCode}), ${one.origin.pool} (${one.origin.city}) → ` +
    `${one.destination.pool} (${one.destination.city}), ${one.service}, ${one.bus}`
  );
}

/**
 * The seat map (`kursi` answer) the seed gives this departure on `date`, built as the server builds
 * it (server/services/seats.ts): prices by tier and promo, the seed's bookings taken.
 */
export function seededSeatMap(code: string, date: string, today = jakartaToday()): KursiResults {
  const { schedule, layout, taken } = seeded(code, date, today);
  const booked = new Set(taken);
  const priceOf = (tile: { tipe: string; tier?: number; promo?: boolean }) => {
    if (!BOOKABLE_SEAT_TYPES.includes(tile.tipe as Seat['tipe'])) return 0;
    if (tile.promo === true && schedule.promoPrice !== null) return schedule.promoPrice;
    if (tile.tier === 2 && schedule.price2 !== null) return schedule.price2;
    return schedule.price;
  };
  const prices = new Set<number>();
  const floors = layout.floors.map((floor): Floor => {
    const kursi: Record<string, Seat> = {};
    let free = 0;
    for (const [key, tile] of Object.entries(floor.seats)) {
      const bookable = BOOKABLE_SEAT_TYPES.includes(tile.tipe);
      const isTaken = bookable && booked.has(tile.no);
      if (bookable && !isTaken) free += 1;
      if (bookable) prices.add(priceOf(tile));
      const promo = bookable && tile.promo === true && schedule.promoPrice !== null;
      kursi[key] = {
        no: tile.no,
        tipe: tile.tipe,
        flag_booking: isTaken ? 1 : 0,
        flag_promo: promo ? 1 : 0,
        harga_tiket: priceOf(tile),
        promo_kode: promo ? schedule.promoCode : null,
      };
    }
    return { nama: floor.name, baris: floor.rows, kolom: floor.cols, sisa_kursi: free, kursi };
  });
  const free = floors.reduce((sum, floor) => sum + floor.sisa_kursi, 0);
  return {
    operator_kode: schedule.operator,
    jadwal_kode: schedule.code,
    tanggal_berangkat: date,
    select_seat: schedule.selectSeat,
    layout_kursi: floors,
    flag_multi_harga: prices.size > 1 ? 1 : 0,
    maks_penumpang: Math.min(FIELD_LIMITS.maxPassengersPerLeg, free),
    harga_tiket_normal: schedule.price,
  };
}
