import { count, sql } from 'drizzle-orm';
import { SESSION_DAYS } from '../../contract';
import type { Database } from './client';
import {
  cities,
  connectingLegs,
  connectingTrips,
  customerSessions,
  customers,
  operators,
  paymentMethods,
  pointHistory,
  points,
  reservations,
  routes,
  schedules,
  seatBookings,
  seatLayouts,
  vouchers,
  type RouteStopRow,
} from './schema';
import {
  CUSTOMERS,
  DEMO_TOKEN,
  EXHAUSTED_VOUCHER,
  PAYMENT_METHODS,
  ZERO_POINTS_TOKEN,
  exhaustedVoucherReservation,
  voucherSeeds,
} from './seed-data/accounts';
import { CONNECTING_TRIPS, MIN_TRANSFER_MINUTES } from './seed-data/connecting';
import { LAYOUTS, seatNumbers, type LayoutCode, type LayoutSeed } from './seed-data/layouts';
import { LINES, type DepartureSeed, type LineSeed, type ViaSeed } from './seed-data/lines';
import { OPERATORS, operatorLogoPath } from './seed-data/operators';
import { CITIES, POINTS, type PointSeed } from './seed-data/places';
import { daysBetween } from '../lib/dates';
import { seedCatalog } from './catalog';
import { layOutFlashSaleDays } from './flash-sale-days';
import { tokenHash } from '../lib/token-hash';
import { mudikWindow } from './seed-data/festival';
import { addDays, assertIsoDate, createRandom, hashString, pickDistinct } from './seed-data/random';

/** Days from `today` on which the fixtures' bookings (nearly full, full floor) are laid. */
export const SEED_WINDOW_DAYS = 60;
/** validUntil of a departure of the recurring timetable: it runs until an operator ends it. */
export const OPEN_ENDED = '9999-12-31';
/** Ordinary schedules get booked seats on this many days from today. */
const SPRINKLE_DAYS = 14;
const CHUNK = 500;

/**
 * Named rows the product's special cases rely on, for tests and e2e. Schedule codes read
 * `<operator>-<origin city>-<destination city>-<HHMM>`.
 */
export const SEED_FIXTURES = {
  cityIds: { bandung: 1, jakarta: 2 },
  customers: {
    demo: { token: DEMO_TOKEN, email: 'rina.kartika@contoh.id', phone: '081234567890', points: 25000 },
    zeroPoints: { token: ZERO_POINTS_TOKEN, email: 'budi.santoso@contoh.id', phone: '081298765432', points: 0 },
  },
  /** Bandung -> Jakarta with only 1 or 2 seats free on every day of the window. */
  nearlyFull: { operatorCode: 'LJT', scheduleCode: 'LJT-BDG-JKT-0630' },
  /** Bandung -> Jakarta double decker whose lower floor is sold out on every day of the window. */
  fullFloor: { operatorCode: 'GMA', scheduleCode: 'GMA-BDG-JKT-2200', floor: 'Lantai Bawah', openFloor: 'Lantai Atas' },
  /** select_seat false: the operator assigns seats. */
  noSeatSelection: { operatorCode: 'PSK', scheduleCode: 'PSK-BDG-JKT-0900', price: 110000 },
  /** select_seat false with exactly 2 seats free on every day of the window: a third passenger finds none. */
  noSeatSelectionTwoLeft: { operatorCode: 'PSK', scheduleCode: 'PSK-BDG-JKT-1330', remaining: 2 },
  /** Price 0 and not refundable; runs only on the Mudik Gratis days before Lebaran. */
  free: { operatorCode: 'NRS', scheduleCode: 'NRS-BDG-JKT-0500' },
  /** Schedules with price2 for their tier-2 seats (tier-2 and promo seats are never pre-booked on fixtures). */
  twoPrice: [
    { operatorCode: 'XTR', scheduleCode: 'XTR-BDG-JKT-0800', price: 150000, price2: 175000 },
    { operatorCode: 'LJT', scheduleCode: 'LJT-BDG-JKT-0930', price: 185000, price2: 210000 },
    { operatorCode: 'GMA', scheduleCode: 'GMA-BDG-JKT-0700', price: 130000, price2: 160000 },
  ],
  /** Promo price on the layout's promo seats (9 and 10 of SH10). */
  promo: {
    operatorCode: 'CPT',
    scheduleCode: 'CPT-BDG-JKT-1100',
    promoCode: 'CPTHEMAT',
    promoPrice: 99000,
    price: 135000,
  },
  layouts: { singleFloor: 'SH10', twoFloors: 'DD40', sleeper: 'SLP28', regularBus: 'BUS38', fourColumns: 'MB15' },
  connecting: {
    /** Bandung -> Cirebon -> Semarang, two operators, same day. */
    twoLegs: 'CT-BDG-SMG-0600',
    /** Bandung -> Cirebon -> Semarang -> Surabaya, three operators, same day. */
    threeLegs: 'CT-BDG-SBY-0600',
    /** Jakarta -> Yogyakarta (night bus) -> Malang the next morning: second leg has dayOffset 1. */
    overnight: 'CT-JKT-MLG-1900',
  },
  vouchers: {
    /** 10%, capped at Rp 25.000, minimum Rp 100.000. */
    percent: 'HEMAT10',
    /** Rp 20.000 off, minimum Rp 150.000. */
    nominal: 'POTONG20K',
    /** 15%, capped at Rp 50.000, minimum Rp 200.000, valid through the whole window. */
    longRunning: 'MUDIK15',
    /** Ended yesterday. */
    expired: 'KADALUARSA',
    /** Quota 1, used by one seeded paid reservation. */
    exhausted: EXHAUSTED_VOUCHER,
    /** 15% capped at Rp 25.000, only with QRIS. */
    qrisOnly: { code: 'QRISHEMAT', paymentMethod: 'QRIS', paymentMethodName: 'QRIS' },
  },
  inactivePaymentMethod: 'SHOPEEPAY',
} as const;

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

// Any constant works; it only has to be the same in every process that may seed.
const SEED_LOCK_KEY = 2_026_112_301;

/**
 * Fills an empty, migrated database. Everything derives from `today` (YYYY-MM-DD) and a seeded
 * PRNG, so the same day gives the same rows. One transaction: a crash never leaves half a seed.
 */
export async function seedDatabase(db: Database, options: { today: string }): Promise<void> {
  assertIsoDate(options.today);
  const plan = buildPlan();
  await db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${SEED_LOCK_KEY})`);
    await insertAll(tx, plan, options.today);
  });
  await layOutFlashSaleDays(db, options.today);
  await seedCatalog(db, options.today);
}

/**
 * Seeds only when the cities table is empty. The advisory lock makes several processes starting
 * together on one PostgreSQL agree: the first seeds, the others see the rows and skip. With
 * `demo: false` (production) only the reference data: no customer, token, voucher or booking.
 */
export async function seedIfEmpty(db: Database, options: { today: string; demo?: boolean }): Promise<boolean> {
  assertIsoDate(options.today);
  const plan = buildPlan();
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${SEED_LOCK_KEY})`);
    const [row] = await tx.select({ n: count() }).from(cities);
    if ((row?.n ?? 0) > 0) return false;
    if (options.demo === false) await insertReference(tx, plan, options.today);
    else await insertAll(tx, plan, options.today);
    return true;
  });
}

// ---------------------------------------------------------------------------------------------
// Plan: the static part, checked before touching the database.

export interface ScheduleSeed {
  code: string;
  operator: string;
  from: PointSeed;
  to: PointSeed;
  departure: string;
  minutes: number;
  service: string;
  layout: LayoutCode;
  price: number;
  price2: number | null;
  promoPrice: number | null;
  promoCode: string | null;
  selectSeat: boolean;
  refundable: boolean;
  facilities: LineSeed['facilities'];
  stops: RouteStopRow[];
  /** Runs only on the Mudik Gratis days, not daily. */
  mudikOnly: boolean;
}

interface Plan {
  schedules: ScheduleSeed[];
  routeKeys: { operator: string; from: PointSeed; to: PointSeed }[];
}

const pointsByKey = new Map(POINTS.map((p) => [p.key, p]));
const citiesByCode = new Map(CITIES.map((c) => [c.code, c]));

function pointOf(key: string): PointSeed {
  const found = pointsByKey.get(key);
  if (!found) throw new Error(`Seed: unknown pool ${key}`);
  return found;
}

function cityName(point: PointSeed): string {
  const city = citiesByCode.get(point.city);
  if (!city) throw new Error(`Seed: unknown city ${point.city}`);
  return city.name;
}

function stopOf(point: PointSeed, minutes: number): RouteStopRow {
  return { title: point.name, address: point.address, minutes, lat: point.lat, lon: point.lon };
}

function viaStop(via: ViaSeed, minutes: number): RouteStopRow {
  if ('point' in via) return stopOf(pointOf(via.point), minutes);
  return { title: via.title, address: via.address, minutes, lat: via.lat, lon: via.lon };
}

function timeToMinutes(time: string): number {
  const [h, m] = time.split(':').map(Number);
  return (h ?? 0) * 60 + (m ?? 0);
}

function expandLine(line: LineSeed, reverse: boolean): ScheduleSeed[] {
  const from = pointOf(reverse ? line.to : line.from);
  const to = pointOf(reverse ? line.from : line.to);
  const via = (line.via ?? []).map((v) => viaStop(v, reverse ? line.minutes - v.minutes : v.minutes));
  if (reverse) via.reverse();
  const stops = [stopOf(from, 0), ...via, stopOf(to, line.minutes)];
  const departures = (reverse ? line.back : line.departures) ?? [];
  return departures.map((entry) => {
    const d: DepartureSeed = typeof entry === 'string' ? { time: entry } : entry;
    const price = d.price ?? line.price;
    const seed: ScheduleSeed = {
      code: `${line.operator}-${from.city}-${to.city}-${d.time.replace(':', '')}`,
      operator: line.operator,
      from,
      to,
      departure: `${d.time}:00`,
      minutes: line.minutes,
      service: d.service ?? line.service,
      layout: d.layout ?? line.layout,
      price,
      price2: d.price2 ?? null,
      promoPrice: d.promoPrice ?? null,
      promoCode: d.promoCode ?? null,
      selectSeat: d.selectSeat ?? line.selectSeat ?? true,
      // A free ticket has nothing to refund.
      refundable: price === 0 ? false : (d.refundable ?? line.refundable ?? true),
      facilities: d.facilities ?? line.facilities,
      stops,
      mudikOnly: d.mudikOnly ?? false,
    };
    return seed;
  });
}

function buildPlan(): Plan {
  const list: ScheduleSeed[] = [];
  const routeKeys: Plan['routeKeys'] = [];
  for (const line of LINES) {
    routeKeys.push({ operator: line.operator, from: pointOf(line.from), to: pointOf(line.to) });
    list.push(...expandLine(line, false));
    if (line.back) {
      routeKeys.push({ operator: line.operator, from: pointOf(line.to), to: pointOf(line.from) });
      list.push(...expandLine(line, true));
    }
  }
  const byCode = new Map<string, ScheduleSeed>();
  for (const s of list) {
    if (byCode.has(s.code)) throw new Error(`Seed: duplicate schedule code ${s.code}`);
    if (s.price % 1000 !== 0 || (s.price2 !== null && s.price2 <= s.price))
      throw new Error(`Seed: bad price on ${s.code}`);
    byCode.set(s.code, s);
  }
  for (const trip of CONNECTING_TRIPS) checkConnecting(trip.code, trip.legs, byCode);
  for (const fixture of fixtureSchedules())
    if (!byCode.has(fixture)) throw new Error(`Seed: fixture ${fixture} is not a schedule`);
  return { schedules: list, routeKeys };
}

/** Legs must chain pool to pool, with different operators and time to change. */
function checkConnecting(
  code: string,
  legs: readonly { schedule: string; dayOffset: number }[],
  byCode: Map<string, ScheduleSeed>,
) {
  let previous: { seed: ScheduleSeed; arrival: number } | null = null;
  const operatorsSeen = new Set<string>();
  for (const leg of legs) {
    const seed = byCode.get(leg.schedule);
    if (!seed) throw new Error(`Seed: ${code} uses unknown schedule ${leg.schedule}`);
    if (operatorsSeen.has(seed.operator)) throw new Error(`Seed: ${code} uses operator ${seed.operator} twice`);
    operatorsSeen.add(seed.operator);
    const departure = leg.dayOffset * 1440 + timeToMinutes(seed.departure);
    if (previous) {
      if (previous.seed.to.key !== seed.from.key) throw new Error(`Seed: ${code} does not chain at ${seed.from.key}`);
      if (departure < previous.arrival + MIN_TRANSFER_MINUTES)
        throw new Error(`Seed: ${code} leaves too little time to change`);
    }
    previous = { seed, arrival: departure + seed.minutes };
  }
}

function fixtureSchedules(): string[] {
  const f = SEED_FIXTURES;
  return [
    f.nearlyFull.scheduleCode,
    f.fullFloor.scheduleCode,
    f.noSeatSelection.scheduleCode,
    f.noSeatSelectionTwoLeft.scheduleCode,
    f.free.scheduleCode,
    f.promo.scheduleCode,
    ...f.twoPrice.map((t) => t.scheduleCode),
  ];
}

// ---------------------------------------------------------------------------------------------
// Timetable validity.

/** The days a seeded departure runs from `today` on: daily without end, or the coming Mudik days. */
function validityOf(s: Pick<ScheduleSeed, 'mudikOnly'>, today: string): { validFrom: string; validUntil: string } {
  if (!s.mudikOnly) return { validFrom: today, validUntil: OPEN_ENDED };
  const days = mudikWindow(today);
  return { validFrom: days.from, validUntil: days.until };
}

/**
 * Keeps a database seeded long ago selling: the seed's daily departures run without end (older
 * seeds gave them a fixed window), and the Mudik Gratis departures move to the coming Lebaran once
 * their days have passed. Which departure is which comes from the seed's own plan, so a schedule
 * an operator added or ended by hand is left alone. Idempotent: rows already right are not
 * written, so every process may run it at start.
 */
export async function rollTimetableForward(db: Database, today: string): Promise<number> {
  assertIsoDate(today);
  const plan = buildPlan();
  const daily = plan.schedules.filter((s) => !s.mudikOnly).map((s) => s.code);
  const mudik = plan.schedules.filter((s) => s.mudikOnly).map((s) => s.code);
  const days = mudikWindow(today);
  const codes = (list: string[]) =>
    sql`ARRAY[${sql.join(
      list.map((code) => sql`${code}`),
      sql`, `,
    )}]::text[]`;
  let changed = 0;
  if (daily.length > 0) {
    const rows = await db.execute(
      sql`UPDATE schedules SET valid_until = ${OPEN_ENDED}::date
          WHERE code = ANY(${codes(daily)}) AND valid_until < ${OPEN_ENDED}::date RETURNING id`,
    );
    changed += rowCount(rows);
  }
  if (mudik.length > 0) {
    // Only once the last Mudik day has passed: the coming festival's days are then set.
    const rows = await db.execute(
      sql`UPDATE schedules SET valid_from = ${days.from}::date, valid_until = ${days.until}::date
          WHERE code = ANY(${codes(mudik)})
            AND (valid_until < ${today}::date OR valid_until - valid_from > ${daysBetween(days.from, days.until)}::int)
          RETURNING id`,
    );
    changed += rowCount(rows);
  }
  return changed;
}

function rowCount(result: unknown): number {
  if (Array.isArray(result)) return result.length;
  const rows = (result as { rows?: unknown[] }).rows;
  return rows?.length ?? 0;
}

// ---------------------------------------------------------------------------------------------
// Insert.

/**
 * A turn of the event loop between chunks: the embedded engine answers without one, so without
 * it a seed would hold the loop for its whole length (a set-up process would not even notice
 * that the server which started it is gone).
 */
const yieldToLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

async function insertChunked<T>(rows: readonly T[], insert: (chunk: T[]) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < rows.length; i += CHUNK) {
    await insert(rows.slice(i, i + CHUNK));
    await yieldToLoop();
  }
}

async function insertReturningIds<T>(
  rows: readonly T[],
  insert: (chunk: T[]) => Promise<{ id: number; key: string }[]>,
): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  for (let i = 0; i < rows.length; i += CHUNK) {
    for (const row of await insert(rows.slice(i, i + CHUNK))) ids.set(row.key, row.id);
    await yieldToLoop();
  }
  return ids;
}

function required<K, V>(map: Map<K, V>, key: K, what: string): V {
  const value = map.get(key);
  if (value === undefined) throw new Error(`Seed: unknown ${what} ${String(key)}`);
  return value;
}

async function insertAll(tx: Tx, plan: Plan, today: string): Promise<void> {
  const scheduleIds = await insertReference(tx, plan, today);
  await insertDemo(tx, plan, today, scheduleIds);
}

/**
 * What production starts with too: places, operators, seat layouts, the timetable and its
 * connecting trips, payment methods. Nothing in it signs anyone in.
 */
async function insertReference(tx: Tx, plan: Plan, today: string): Promise<Map<string, number>> {
  // Insertion order fixes ids on a fresh database: Bandung 1, Jakarta 2.
  const cityIds = await insertReturningIds(CITIES, (chunk) =>
    tx
      .insert(cities)
      .values(chunk.map(({ name, province, lat, lon, popularRank }) => ({ name, province, lat, lon, popularRank })))
      .returning({ id: cities.id, key: cities.name }),
  );
  const pointRows = await tx
    .insert(points)
    .values(
      POINTS.map((p) => ({
        cityId: required(cityIds, required(citiesByCode, p.city, 'city').name, 'city'),
        name: p.name,
        address: p.address,
        lat: p.lat,
        lon: p.lon,
      })),
    )
    .returning({ id: points.id, cityId: points.cityId, name: points.name });
  // Map back by the natural key rather than trusting RETURNING's row order.
  const pointIdByName = new Map(pointRows.map((r) => [`${r.cityId}|${r.name}`, r.id]));
  const pointIds = new Map(
    POINTS.map((p) => {
      const cityId = required(cityIds, required(citiesByCode, p.city, 'city').name, 'city');
      return [p.key, required(pointIdByName, `${cityId}|${p.name}`, 'pool')];
    }),
  );

  const operatorIds = await insertReturningIds(OPERATORS, (chunk) =>
    tx
      .insert(operators)
      .values(
        chunk.map((o) => ({
          code: o.code,
          name: o.name,
          logo: operatorLogoPath(o.code),
          type: o.type,
          terms: o.terms,
        })),
      )
      .returning({ id: operators.id, key: operators.code }),
  );

  const layoutList: LayoutSeed[] = Object.values(LAYOUTS);
  const layoutIds = await insertReturningIds(layoutList, (chunk) =>
    tx
      .insert(seatLayouts)
      .values(chunk.map((l) => ({ code: l.code, name: l.name, floors: l.floors, capacity: l.capacity })))
      .returning({ id: seatLayouts.id, key: seatLayouts.code }),
  );

  const routeKey = (operatorId: number, originId: number, destinationId: number) =>
    `${operatorId}|${originId}|${destinationId}`;
  const routeIdsOf = (operator: string, from: PointSeed, to: PointSeed) =>
    [
      required(operatorIds, operator, 'operator'),
      required(pointIds, from.key, 'pool'),
      required(pointIds, to.key, 'pool'),
    ] as const;
  const routeIds = await insertReturningIds(plan.routeKeys, async (chunk) => {
    const rows = await tx
      .insert(routes)
      .values(
        chunk.map((r) => {
          const [operatorId, originPointId, destinationPointId] = routeIdsOf(r.operator, r.from, r.to);
          const name = `${cityName(r.from)} (${r.from.name}) - ${cityName(r.to)} (${r.to.name})`;
          return { operatorId, originPointId, destinationPointId, name };
        }),
      )
      .returning({
        id: routes.id,
        operatorId: routes.operatorId,
        originPointId: routes.originPointId,
        destinationPointId: routes.destinationPointId,
      });
    return rows.map((row) => ({
      id: row.id,
      key: routeKey(row.operatorId, row.originPointId, row.destinationPointId),
    }));
  });

  const scheduleIds = await insertReturningIds(plan.schedules, (chunk) =>
    tx
      .insert(schedules)
      .values(
        chunk.map((s) => ({
          code: s.code,
          routeId: required(routeIds, routeKey(...routeIdsOf(s.operator, s.from, s.to)), 'route'),
          layoutId: required(layoutIds, s.layout, 'layout'),
          service: s.service,
          departureTime: s.departure,
          durationMinutes: s.minutes,
          price: s.price,
          price2: s.price2,
          promoPrice: s.promoPrice,
          promoCode: s.promoCode,
          selectSeat: s.selectSeat,
          refundable: s.refundable,
          facilities: s.facilities,
          stops: s.stops,
          ...validityOf(s, today),
        })),
      )
      .returning({ id: schedules.id, key: schedules.code }),
  );

  const scheduleByCode = new Map(plan.schedules.map((s) => [s.code, s]));
  for (const trip of CONNECTING_TRIPS) {
    const first = required(scheduleByCode, trip.legs[0]?.schedule ?? '', 'schedule');
    const last = required(scheduleByCode, trip.legs[trip.legs.length - 1]?.schedule ?? '', 'schedule');
    const [row] = await tx
      .insert(connectingTrips)
      .values({
        code: trip.code,
        originPointId: required(pointIds, first.from.key, 'pool'),
        destinationPointId: required(pointIds, last.to.key, 'pool'),
      })
      .returning({ id: connectingTrips.id });
    if (!row) throw new Error('Seed: connecting trip insert returned nothing');
    await tx.insert(connectingLegs).values(
      trip.legs.map((leg, i) => ({
        tripId: row.id,
        legNo: i + 1,
        scheduleId: required(scheduleIds, leg.schedule, 'schedule'),
        dayOffset: leg.dayOffset,
      })),
    );
  }

  await tx.insert(paymentMethods).values(PAYMENT_METHODS.map((p) => ({ ...p })));
  return scheduleIds;
}

/** Demo mode only: the demo customers and their tokens, vouchers, a used-up voucher's order, booked seats. */
async function insertDemo(tx: Tx, plan: Plan, today: string, scheduleIds: Map<string, number>): Promise<void> {
  const joinedAt = new Date(`${addDays(today, -90)}T08:00:00+07:00`);
  const customerRows = await tx
    .insert(customers)
    .values(CUSTOMERS.map(({ token: _token, ...c }) => ({ ...c, createdAt: joinedAt })))
    .returning({ id: customers.id, email: customers.email });
  const customerIds = new Map(customerRows.map((c) => [c.email, c.id]));
  // The demo tokens are sessions like any other: only their hash is kept.
  const signedIn = CUSTOMERS.flatMap((c) => (c.token === null ? [] : [{ ...c, token: c.token }]));
  await tx.insert(customerSessions).values(
    signedIn.map((c) => ({
      customerId: required(customerIds, c.email, 'customer'),
      tokenHash: tokenHash(c.token),
      platform: 'WEB',
      createdAt: joinedAt,
      expiresAt: new Date(`${addDays(today, SESSION_DAYS)}T08:00:00+07:00`),
    })),
  );
  // The history explains each opening balance.
  const withPoints = CUSTOMERS.filter((c) => c.points > 0);
  await tx.insert(pointHistory).values(
    withPoints.map((c) => ({
      customerId: required(customerIds, c.email, 'customer'),
      kind: 'bonus' as const,
      points: c.points,
      createdAt: joinedAt,
    })),
  );
  // Vouchers may name a payment method: the reference part inserted the methods.
  await tx.insert(vouchers).values(voucherSeeds(today));
  const { customerEmail, ...usedVoucher } = exhaustedVoucherReservation(today);
  await tx
    .insert(reservations)
    .values({ ...usedVoucher, customerId: required(customerIds, customerEmail, 'customer') });

  const bookedAt = new Date(`${addDays(today, -1)}T09:00:00+07:00`);
  const bookings = planBookings(plan.schedules, today).map((b) => ({
    scheduleId: required(scheduleIds, b.code, 'schedule'),
    departureDate: b.date,
    seatNo: b.seatNo,
    reservationId: null,
    live: true,
    createdAt: bookedAt,
  }));
  await insertChunked(bookings, (chunk) => tx.insert(seatBookings).values(chunk));
}

/**
 * One departure of the seeded timetable and the seats the demo seed books on `date` in a database
 * seeded on `today`, without a database: the QA plans (`npm run paths`) name their bus and seats
 * from it. null for a code the seed does not have.
 */
export function seededDeparture(
  code: string,
  today: string,
  date: string,
): { schedule: ScheduleSeed; layout: LayoutSeed; taken: string[] } | null {
  const schedule = buildPlan().schedules.find((s) => s.code === code);
  if (!schedule) return null;
  const taken = planBookings([schedule], today)
    .filter((booking) => booking.date === date)
    .map((booking) => booking.seatNo);
  return { schedule, layout: LAYOUTS[schedule.layout], taken };
}

// ---------------------------------------------------------------------------------------------
// Seat bookings.

interface PlannedBooking {
  code: string;
  date: string;
  seatNo: string;
}

function numeric(a: string, b: string): number {
  return Number(a) - Number(b);
}

/** Seats of tier 2 or promo: kept free on fixture schedules so their prices can always be picked. */
function specialSeats(layout: LayoutSeed): Set<string> {
  const out = new Set<string>();
  for (const floor of layout.floors)
    for (const tile of Object.values(floor.seats)) if (tile.tier === 2 || tile.promo) out.add(tile.no);
  return out;
}

function planBookings(list: readonly ScheduleSeed[], today: string): PlannedBooking[] {
  const f = SEED_FIXTURES;
  const fixtures = new Set(fixtureSchedules());
  const out: PlannedBooking[] = [];
  for (const s of list) {
    const layout = LAYOUTS[s.layout];
    const all = seatNumbers(layout);
    const runs = validityOf(s, today);
    const push = (date: string, seats: string[]) => {
      if (date < runs.validFrom || date > runs.validUntil) return;
      for (const seatNo of [...seats].sort(numeric)) out.push({ code: s.code, date, seatNo });
    };

    if (s.code === f.nearlyFull.scheduleCode || s.code === f.noSeatSelectionTwoLeft.scheduleCode) {
      for (let day = 0; day <= SEED_WINDOW_DAYS; day += 1) {
        const random = createRandom(hashString(`${s.code}|${day}`));
        const free = s.code === f.nearlyFull.scheduleCode ? 1 + (day % 2) : f.noSeatSelectionTwoLeft.remaining;
        push(addDays(today, day), pickDistinct(all, all.length - free, random));
      }
      continue;
    }

    let candidates = all;
    let closedFloor: string[] = [];
    if (s.code === f.fullFloor.scheduleCode) {
      closedFloor = seatNumbers(layout, f.fullFloor.floor);
      candidates = seatNumbers(layout, f.fullFloor.openFloor);
    }
    if (fixtures.has(s.code)) {
      const keep = specialSeats(layout);
      candidates = candidates.filter((no) => !keep.has(no));
    }

    const load = 0.15 + 0.45 * createRandom(hashString(s.code))();
    for (let day = 0; day <= SEED_WINDOW_DAYS; day += 1) {
      const date = addDays(today, day);
      const seats = [...closedFloor];
      if (day < SPRINKLE_DAYS) {
        const random = createRandom(hashString(`${s.code}|${day}`));
        const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
        const weekend = weekday === 0 || weekday === 5 || weekday === 6 ? 1.25 : 1;
        const share = load * (1 - day * 0.045) * weekend + (random() - 0.5) * 0.1;
        // Leave room for a full booking of three passengers.
        const wanted = Math.max(0, Math.min(Math.round(share * candidates.length), candidates.length - 3));
        seats.push(...pickDistinct(candidates, wanted, random));
      }
      if (seats.length > 0) push(date, seats);
    }
  }
  return out;
}
