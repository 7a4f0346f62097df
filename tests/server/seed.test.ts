import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { and, asc, count, eq, gt, inArray, lt } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Database } from '../../server/db/client';
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
  type LayoutFloor,
} from '../../server/db/schema';
import { OPEN_ENDED, SEED_FIXTURES, SEED_WINDOW_DAYS, seedDatabase } from '../../server/db/seed';
import { addDays } from '../../server/db/seed-data/random';
import { createTestDatabase, TEST_TODAY, type TestDatabase, describeEachDatabase } from './helpers/test-db';

const PUBLIC_DIR = fileURLToPath(new URL('../../public', import.meta.url));
const TOMORROW = addDays(TEST_TODAY, 1);

const bookable = (floor: LayoutFloor) => Object.values(floor.seats).filter((t) => t.tipe === 'P' || t.tipe === 'PS');

/** A schedule with everything the checks need: route ends (pool and city), operator, layout. */
async function loadSchedule(db: Database, code: string) {
  const [row] = await db
    .select({ schedule: schedules, route: routes, operator: operators, layout: seatLayouts })
    .from(schedules)
    .innerJoin(routes, eq(routes.id, schedules.routeId))
    .innerJoin(operators, eq(operators.id, routes.operatorId))
    .innerJoin(seatLayouts, eq(seatLayouts.id, schedules.layoutId))
    .where(eq(schedules.code, code));
  if (!row) throw new Error(`schedule ${code} not seeded`);
  const pointRows = await db
    .select({ id: points.id, cityId: points.cityId, name: points.name })
    .from(points)
    .where(inArray(points.id, [row.route.originPointId, row.route.destinationPointId]));
  const pointOf = (id: number) => {
    const found = pointRows.find((p) => p.id === id);
    if (!found) throw new Error(`point ${id} missing`);
    return found;
  };
  return { ...row, origin: pointOf(row.route.originPointId), destination: pointOf(row.route.destinationPointId) };
}

async function bookedSeats(db: Database, scheduleId: number, date: string): Promise<Set<string>> {
  const rows = await db
    .select({ seatNo: seatBookings.seatNo })
    .from(seatBookings)
    .where(
      and(eq(seatBookings.scheduleId, scheduleId), eq(seatBookings.departureDate, date), eq(seatBookings.live, true)),
    );
  return new Set(rows.map((r) => r.seatNo));
}

const TABLES = [
  cities,
  points,
  operators,
  seatLayouts,
  routes,
  schedules,
  connectingTrips,
  connectingLegs,
  customers,
  customerSessions,
  pointHistory,
  vouchers,
  paymentMethods,
  reservations,
  seatBookings,
] as const;

/** sha256 over every seeded table, rows in id order. */
async function digest(db: Database): Promise<string> {
  const hash = createHash('sha256');
  for (const table of TABLES) {
    const rows = await db.select().from(table).orderBy(asc(table.id));
    hash.update(JSON.stringify(rows));
  }
  return hash.digest('hex');
}

describeEachDatabase('seed (%s)', (kind) => {
  let t: TestDatabase;
  let db: Database;

  beforeAll(async () => {
    t = await createTestDatabase(kind);
    db = t.db;
  });
  afterAll(async () => {
    await t?.destroy();
  });

  it('has at least 20 cities with Bandung id 1, Jakarta id 2 and real coordinates on Java', async () => {
    const rows = await db.select().from(cities).orderBy(asc(cities.id));
    expect(rows.length).toBeGreaterThanOrEqual(20);
    expect(rows[0]).toMatchObject({ id: 1, name: 'Bandung', province: 'Jawa Barat', popularRank: 1 });
    expect(rows[1]).toMatchObject({ id: 2, name: 'Jakarta', province: 'DKI Jakarta', popularRank: 2 });
    for (const city of rows) {
      expect(city.lat, city.name).toBeGreaterThan(-8.9);
      expect(city.lat, city.name).toBeLessThan(-5.8);
      expect(city.lon, city.name).toBeGreaterThan(105);
      expect(city.lon, city.name).toBeLessThan(115);
    }
    const ranks = rows.flatMap((c) => (c.popularRank === null ? [] : [c.popularRank]));
    expect(ranks.length).toBeGreaterThanOrEqual(8);
    expect(new Set(ranks).size).toBe(ranks.length);
  });

  it('gives big cities 3-4 pools near the centre and every city at least one', async () => {
    const cityRows = await db.select().from(cities);
    const pointRows = await db.select().from(points);
    for (const city of cityRows) {
      const pools = pointRows.filter((p) => p.cityId === city.id);
      const min = ['Bandung', 'Jakarta', 'Semarang', 'Surabaya', 'Yogyakarta'].includes(city.name) ? 3 : 1;
      expect(pools.length, city.name).toBeGreaterThanOrEqual(min);
      expect(pools.length, city.name).toBeLessThanOrEqual(4);
      for (const pool of pools) {
        expect(Math.abs(pool.lat - city.lat), pool.name).toBeLessThan(0.25);
        expect(Math.abs(pool.lon - city.lon), pool.name).toBeLessThan(0.25);
        expect(pool.address.length, pool.name).toBeGreaterThan(10);
      }
    }
    const bandung = pointRows.filter((p) => p.cityId === 1).map((p) => p.name);
    expect(bandung).toEqual(expect.arrayContaining(['Pool Pasteur', 'Pool Dipatiukur', 'Pool Buah Batu']));
    const jakarta = pointRows.filter((p) => p.cityId === 2).map((p) => p.name);
    expect(jakarta).toEqual(
      expect.arrayContaining(['Pool Blok M', 'Pool Cawang', 'Pool Kelapa Gading', 'Pool Grogol']),
    );
  });

  it('has at least 10 operators of both types, each with a logo file and 3-5 terms', async () => {
    const rows = await db.select().from(operators);
    expect(rows.length).toBeGreaterThanOrEqual(10);
    expect(new Set(rows.map((o) => o.type))).toEqual(new Set(['shuttle', 'bus']));
    for (const op of rows) {
      expect(op.code).toMatch(/^[A-Z]{2,5}$/);
      expect(op.logo).toBe(`/logos/${op.code.toLowerCase()}.svg`);
      expect(existsSync(`${PUBLIC_DIR}${op.logo}`), op.logo).toBe(true);
      expect(op.terms.length).toBeGreaterThanOrEqual(3);
      expect(op.terms.length).toBeLessThanOrEqual(5);
    }
  });

  it('has layouts with the floor names, tile types and capacities the seat screen needs', async () => {
    const rows = await db.select().from(seatLayouts);
    const byCode = new Map(rows.map((l) => [l.code, l]));
    for (const layout of rows) {
      const numbers = layout.floors.flatMap((f) => bookable(f).map((t) => t.no));
      expect(layout.capacity, layout.code).toBe(numbers.length);
      expect(new Set(numbers).size, `${layout.code} seat numbers unique`).toBe(numbers.length);
      for (const floor of layout.floors) {
        for (const key of Object.keys(floor.seats)) {
          const [r, c] = key.split('-').map(Number);
          expect(r, key).toBeGreaterThanOrEqual(1);
          expect(r, key).toBeLessThanOrEqual(floor.rows);
          expect(c, key).toBeGreaterThanOrEqual(1);
          expect(c, key).toBeLessThanOrEqual(floor.cols);
        }
      }
    }
    const single = byCode.get(SEED_FIXTURES.layouts.singleFloor);
    expect(single?.floors.map((f) => f.name)).toEqual(['Utama']);
    expect(single?.capacity).toBe(10);

    const twoFloors = byCode.get(SEED_FIXTURES.layouts.twoFloors);
    expect(twoFloors?.floors.map((f) => f.name)).toEqual(['Lantai Bawah', 'Lantai Atas']);
    const tiles = new Set(twoFloors?.floors.flatMap((f) => Object.values(f.seats).map((t) => t.tipe)));
    for (const tipe of ['P', 'PS', 'SMK', 'T', 'S', 'K', 'PX'] as const) expect(tiles.has(tipe), tipe).toBe(true);

    const regular = byCode.get(SEED_FIXTURES.layouts.regularBus);
    expect(regular?.floors).toHaveLength(1);
    expect(regular?.capacity).toBeGreaterThanOrEqual(30);
    expect(regular?.capacity).toBeLessThanOrEqual(40);
    expect(byCode.get(SEED_FIXTURES.layouts.fourColumns)?.floors[0]?.cols).toBe(4);

    const allTiles = rows.flatMap((l) => l.floors.flatMap((f) => Object.values(f.seats)));
    expect(allTiles.some((t) => t.tier === 2)).toBe(true);
    expect(allTiles.some((t) => t.promo === true)).toBe(true);
  });

  it('keeps every schedule consistent: stops, validity window, prices', async () => {
    const rows = await db
      .select({ schedule: schedules, route: routes })
      .from(schedules)
      .innerJoin(routes, eq(routes.id, schedules.routeId));
    const pointRows = await db.select().from(points);
    const pointName = new Map(pointRows.map((p) => [p.id, p.name]));
    expect(rows.length).toBeGreaterThan(100);
    for (const { schedule: s, route } of rows) {
      expect(s.code).toMatch(/^[A-Z]{3}-[A-Z]{3}-[A-Z]{3}-\d{4}$/);
      expect(s.departureTime).toMatch(/^\d{2}:\d{2}:00$/);
      if (s.code === SEED_FIXTURES.free.scheduleCode) {
        // Idul Fitri 1448 H falls on 10 March 2027: the free buses leave H-7 to H-2.
        expect([s.validFrom, s.validUntil]).toEqual(['2027-03-03', '2027-03-08']);
      } else {
        expect(s.validFrom).toBe(TEST_TODAY);
        expect(s.validUntil).toBe(OPEN_ENDED);
      }
      expect(s.price % 1000, s.code).toBe(0);
      if (s.price > 0) {
        expect(s.price, s.code).toBeGreaterThanOrEqual(80000);
        expect(s.price, s.code).toBeLessThanOrEqual(450000);
      }
      if (s.price2 !== null) expect(s.price2, s.code).toBeGreaterThan(s.price);
      expect(s.stops.length, s.code).toBeGreaterThanOrEqual(2);
      expect(s.stops[0]).toMatchObject({ title: pointName.get(route.originPointId), minutes: 0 });
      expect(s.stops.at(-1)).toMatchObject({
        title: pointName.get(route.destinationPointId),
        minutes: s.durationMinutes,
      });
      const minutes = s.stops.map((stop) => stop.minutes);
      expect(minutes, s.code).toEqual([...minutes].sort((a, b) => a - b));
      for (const f of s.facilities) expect(['mineral-water', 'ac', 'baggage']).toContain(f);
    }
  });

  it.each([
    [1, 2],
    [2, 1],
  ])('runs many departures from city %i to city %i through the whole day', async (from, to) => {
    const origin = alias(points, 'origin');
    const destination = alias(points, 'destination');
    const line = await db
      .select({ time: schedules.departureTime, operatorId: routes.operatorId })
      .from(schedules)
      .innerJoin(routes, eq(routes.id, schedules.routeId))
      .innerJoin(origin, eq(origin.id, routes.originPointId))
      .innerJoin(destination, eq(destination.id, routes.destinationPointId))
      .where(and(eq(origin.cityId, from), eq(destination.cityId, to)));
    expect(line.length).toBeGreaterThanOrEqual(15);
    expect(new Set(line.map((s) => s.operatorId)).size).toBeGreaterThanOrEqual(5);
    expect(
      line.some((s) => s.time < '06:00:00'),
      'early morning',
    ).toBe(true);
    expect(
      line.some((s) => s.time >= '19:00:00'),
      'night',
    ).toBe(true);
  });

  it('has the special schedules the product needs', async () => {
    const noSeat = await loadSchedule(db, SEED_FIXTURES.noSeatSelection.scheduleCode);
    expect(noSeat.schedule.selectSeat).toBe(false);
    expect(noSeat.operator.code).toBe(SEED_FIXTURES.noSeatSelection.operatorCode);
    expect(noSeat.schedule.price).toBe(SEED_FIXTURES.noSeatSelection.price);

    const free = await loadSchedule(db, SEED_FIXTURES.free.scheduleCode);
    expect(free.schedule.price).toBe(0);
    expect(free.schedule.refundable).toBe(false);

    for (const fixture of SEED_FIXTURES.twoPrice) {
      const two = await loadSchedule(db, fixture.scheduleCode);
      expect(two.operator.code).toBe(fixture.operatorCode);
      expect(two.schedule).toMatchObject({ price: fixture.price, price2: fixture.price2 });
      const tier2 = two.layout.floors.flatMap((f) => bookable(f)).filter((t) => t.tier === 2);
      expect(tier2.length, fixture.scheduleCode).toBeGreaterThan(0);
      const taken = await bookedSeats(db, two.schedule.id, TOMORROW);
      expect(
        tier2.some((t) => !taken.has(t.no)),
        'a tier-2 seat is free',
      ).toBe(true);
    }

    const promo = await loadSchedule(db, SEED_FIXTURES.promo.scheduleCode);
    expect(promo.schedule).toMatchObject({
      promoCode: SEED_FIXTURES.promo.promoCode,
      promoPrice: SEED_FIXTURES.promo.promoPrice,
      price: SEED_FIXTURES.promo.price,
    });
    const promoSeats = promo.layout.floors.flatMap((f) => bookable(f)).filter((t) => t.promo);
    expect(promoSeats.length).toBeGreaterThan(0);
    const promoTaken = await bookedSeats(db, promo.schedule.id, TOMORROW);
    expect(promoSeats.every((t) => !promoTaken.has(t.no))).toBe(true);

    for (const code of [SEED_FIXTURES.nearlyFull.scheduleCode, SEED_FIXTURES.fullFloor.scheduleCode]) {
      const s = await loadSchedule(db, code);
      expect([s.origin.cityId, s.destination.cityId], code).toEqual([1, 2]);
    }
  });

  it('leaves exactly 2 seats free on the nearly full schedule without seat selection', async () => {
    const { scheduleCode, operatorCode, remaining } = SEED_FIXTURES.noSeatSelectionTwoLeft;
    const s = await loadSchedule(db, scheduleCode);
    expect(s.operator.code).toBe(operatorCode);
    expect(s.schedule.selectSeat).toBe(false);
    const tomorrow = await bookedSeats(db, s.schedule.id, TOMORROW);
    expect(s.layout.capacity - tomorrow.size).toBe(remaining);
  });

  it('leaves only 1-2 seats free on the nearly full schedule on every day of the window', async () => {
    const s = await loadSchedule(db, SEED_FIXTURES.nearlyFull.scheduleCode);
    const tomorrow = await bookedSeats(db, s.schedule.id, TOMORROW);
    expect(s.layout.capacity - tomorrow.size).toBeGreaterThanOrEqual(1);
    expect(s.layout.capacity - tomorrow.size).toBeLessThanOrEqual(2);
    const perDay = await db
      .select({ date: seatBookings.departureDate, n: count() })
      .from(seatBookings)
      .where(and(eq(seatBookings.scheduleId, s.schedule.id), eq(seatBookings.live, true)))
      .groupBy(seatBookings.departureDate);
    expect(perDay).toHaveLength(SEED_WINDOW_DAYS + 1);
    for (const day of perDay) expect([s.layout.capacity - 1, s.layout.capacity - 2], day.date).toContain(day.n);
  });

  it('sells out one floor of the double decker on every day, never the other', async () => {
    const s = await loadSchedule(db, SEED_FIXTURES.fullFloor.scheduleCode);
    const floor = (name: string) => s.layout.floors.find((f) => f.name === name);
    const closed = floor(SEED_FIXTURES.fullFloor.floor);
    const open = floor(SEED_FIXTURES.fullFloor.openFloor);
    if (!closed || !open) throw new Error('floors missing');
    for (let day = 0; day <= SEED_WINDOW_DAYS; day += 1) {
      const taken = await bookedSeats(db, s.schedule.id, addDays(TEST_TODAY, day));
      expect(
        bookable(closed).every((t) => taken.has(t.no)),
        `day ${day} lower floor full`,
      ).toBe(true);
      expect(
        bookable(open).some((t) => !taken.has(t.no)),
        `day ${day} upper floor open`,
      ).toBe(true);
    }
  });

  it('chains connecting trips leg to leg with different operators', async () => {
    const trips = await db.select().from(connectingTrips);
    expect(trips.length).toBeGreaterThanOrEqual(3);
    for (const trip of trips) {
      const legs = await db
        .select()
        .from(connectingLegs)
        .where(eq(connectingLegs.tripId, trip.id))
        .orderBy(asc(connectingLegs.legNo));
      expect(
        legs.map((l) => l.legNo),
        trip.code,
      ).toEqual(legs.map((_, i) => i + 1));
      const loaded = [];
      for (const leg of legs) {
        const [row] = await db.select({ code: schedules.code }).from(schedules).where(eq(schedules.id, leg.scheduleId));
        loaded.push({ leg, ...(await loadSchedule(db, row?.code ?? '')) });
      }
      expect(new Set(loaded.map((l) => l.operator.code)).size, trip.code).toBe(legs.length);
      expect(loaded[0]?.route.originPointId).toBe(trip.originPointId);
      expect(loaded.at(-1)?.route.destinationPointId).toBe(trip.destinationPointId);
      for (let i = 1; i < loaded.length; i += 1) {
        const prev = loaded[i - 1];
        const next = loaded[i];
        if (!prev || !next) throw new Error('leg missing');
        expect(next.origin.cityId, `${trip.code} leg ${i + 1}`).toBe(prev.destination.cityId);
        const minutes = (time: string, offset: number) =>
          offset * 1440 + Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
        const arrival = minutes(prev.schedule.departureTime, prev.leg.dayOffset) + prev.schedule.durationMinutes;
        expect(minutes(next.schedule.departureTime, next.leg.dayOffset), `${trip.code} leg ${i + 1}`).toBeGreaterThan(
          arrival,
        );
      }
    }

    const cityName = async (cityId: number) =>
      (await db.select({ name: cities.name }).from(cities).where(eq(cities.id, cityId)))[0]?.name;
    const route = async (code: string) => {
      const [trip] = await db.select().from(connectingTrips).where(eq(connectingTrips.code, code));
      if (!trip) throw new Error(`${code} missing`);
      const legs = await db
        .select()
        .from(connectingLegs)
        .where(eq(connectingLegs.tripId, trip.id))
        .orderBy(asc(connectingLegs.legNo));
      const names: string[] = [];
      for (const leg of legs) {
        const [row] = await db.select({ code: schedules.code }).from(schedules).where(eq(schedules.id, leg.scheduleId));
        const s = await loadSchedule(db, row?.code ?? '');
        if (names.length === 0) names.push((await cityName(s.origin.cityId)) ?? '');
        names.push((await cityName(s.destination.cityId)) ?? '');
      }
      return { names, legs };
    };
    expect((await route(SEED_FIXTURES.connecting.twoLegs)).names).toEqual(['Bandung', 'Cirebon', 'Semarang']);
    expect((await route(SEED_FIXTURES.connecting.threeLegs)).names).toEqual([
      'Bandung',
      'Cirebon',
      'Semarang',
      'Surabaya',
    ]);
    const overnight = await route(SEED_FIXTURES.connecting.overnight);
    expect(overnight.legs.map((l) => l.dayOffset)).toEqual([0, 1]);
  });

  it('has customers, vouchers and payment methods', async () => {
    const [demo] = await db.select().from(customers).where(eq(customers.phone, SEED_FIXTURES.customers.demo.phone));
    expect(demo?.points).toBe(25000);
    const [zero] = await db
      .select()
      .from(customers)
      .where(eq(customers.phone, SEED_FIXTURES.customers.zeroPoints.phone));
    expect(zero?.points).toBe(0);

    const voucherRows = await db.select().from(vouchers);
    expect(new Set(voucherRows.map((v) => v.discountType))).toEqual(new Set(['persen', 'nominal']));
    const validToday = voucherRows.filter((v) => v.validFrom <= TEST_TODAY && TEST_TODAY <= v.validUntil);
    expect(validToday.map((v) => v.code)).toEqual(
      expect.arrayContaining([SEED_FIXTURES.vouchers.percent, SEED_FIXTURES.vouchers.nominal]),
    );
    expect(validToday.map((v) => v.code)).not.toContain(SEED_FIXTURES.vouchers.expired);
    const byCode = new Map(voucherRows.map((v) => [v.code, v]));
    expect(byCode.get(SEED_FIXTURES.vouchers.expired)?.validUntil).toBe(addDays(TEST_TODAY, -1));
    for (const v of voucherRows) expect(v.description, v.code).not.toBe('');

    // HABIS: a quota of one, taken by one paid reservation.
    const exhausted = byCode.get(SEED_FIXTURES.vouchers.exhausted);
    expect(exhausted?.quota).toBe(1);
    const using = await db
      .select({ status: reservations.status })
      .from(reservations)
      .where(eq(reservations.voucherCode, SEED_FIXTURES.vouchers.exhausted));
    expect(using).toEqual([{ status: 'paid' }]);

    const qris = byCode.get(SEED_FIXTURES.vouchers.qrisOnly.code);
    expect(qris).toMatchObject({
      paymentMethodCode: SEED_FIXTURES.vouchers.qrisOnly.paymentMethod,
      discountType: 'persen',
      discountValue: 15,
      maxDiscount: 25000,
    });
    expect(validToday.map((v) => v.code)).toContain(SEED_FIXTURES.vouchers.qrisOnly.code);
    const others = voucherRows.filter((v) => v.code !== SEED_FIXTURES.vouchers.qrisOnly.code);
    for (const v of others) expect(v.paymentMethodCode, v.code).toBeNull();

    const methods = await db.select().from(paymentMethods);
    expect(methods.map((m) => m.name)).toEqual(
      expect.arrayContaining(['BCA Virtual Account', 'Mandiri Virtual Account', 'QRIS', 'GoPay', 'OVO', 'Alfamart']),
    );
    for (const m of methods) expect(['persen', 'nominal']).toContain(m.feeType);
  });

  it('keeps the demo tokens as sessions holding only their SHA-256, for a year', async () => {
    const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
    for (const fixture of [SEED_FIXTURES.customers.demo, SEED_FIXTURES.customers.zeroPoints]) {
      const [row] = await db
        .select({
          phone: customers.phone,
          expiresAt: customerSessions.expiresAt,
          revokedAt: customerSessions.revokedAt,
        })
        .from(customerSessions)
        .innerJoin(customers, eq(customers.id, customerSessions.customerId))
        .where(eq(customerSessions.tokenHash, sha256(fixture.token)));
      expect(row?.phone, fixture.token).toBe(fixture.phone);
      expect(row?.revokedAt).toBeNull();
      expect(row?.expiresAt.toISOString()).toBe(`${addDays(TEST_TODAY, 365)}T01:00:00.000Z`);
    }
    // Dewi has no session: only a one-time code signs her in.
    const [dewi] = await db.select().from(customers).where(eq(customers.email, 'dewi.lestari@contoh.id'));
    expect(
      await db
        .select()
        .from(customerSessions)
        .where(eq(customerSessions.customerId, dewi?.id ?? -1)),
    ).toEqual([]);
    const everything = JSON.stringify([
      await db.select().from(customers),
      await db.select().from(customerSessions),
      await db.select().from(pointHistory),
    ]);
    expect(everything).not.toContain(SEED_FIXTURES.customers.demo.token);
    expect(everything).not.toContain(SEED_FIXTURES.customers.zeroPoints.token);
  });

  it('explains each opening point balance with one bonus entry', async () => {
    const rows = await db
      .select({
        email: customers.email,
        balance: customers.points,
        kind: pointHistory.kind,
        points: pointHistory.points,
      })
      .from(pointHistory)
      .innerJoin(customers, eq(customers.id, pointHistory.customerId))
      .orderBy(asc(pointHistory.id));
    expect(rows).toEqual([
      { email: 'rina.kartika@contoh.id', balance: 25000, kind: 'bonus', points: 25000 },
      { email: 'dewi.lestari@contoh.id', balance: 8000, kind: 'bonus', points: 8000 },
    ]);
  });

  it('books seats only inside the window, on real seats, leaving varied remaining counts', async () => {
    const [total] = await db.select({ n: count() }).from(seatBookings);
    expect(total?.n).toBeGreaterThan(1000);
    expect(total?.n).toBeLessThan(60000);
    const [outside] = await db
      .select({ n: count() })
      .from(seatBookings)
      .where(
        and(
          eq(seatBookings.live, true),
          // Before the window or after it.
          lt(seatBookings.departureDate, TEST_TODAY),
        ),
      );
    expect(outside?.n).toBe(0);
    const [after] = await db
      .select({ n: count() })
      .from(seatBookings)
      .where(gt(seatBookings.departureDate, addDays(TEST_TODAY, SEED_WINDOW_DAYS)));
    expect(after?.n).toBe(0);

    // Every booked seat number exists in its schedule's layout.
    const layoutRows = await db.select().from(seatLayouts);
    const seatsOf = new Map(
      layoutRows.map((l) => [l.id, new Set(l.floors.flatMap((f) => bookable(f).map((t) => t.no)))]),
    );
    const scheduleRows = await db.select({ id: schedules.id, layoutId: schedules.layoutId }).from(schedules);
    const layoutOf = new Map(scheduleRows.map((s) => [s.id, s.layoutId]));
    const sample = await db.select().from(seatBookings).where(eq(seatBookings.departureDate, TOMORROW));
    expect(sample.length).toBeGreaterThan(0);
    for (const b of sample) expect(seatsOf.get(layoutOf.get(b.scheduleId) ?? -1)?.has(b.seatNo), b.seatNo).toBe(true);

    const perSchedule = new Map<number, number>();
    for (const b of sample) perSchedule.set(b.scheduleId, (perSchedule.get(b.scheduleId) ?? 0) + 1);
    const remaining = scheduleRows.map((s) => {
      const capacity = layoutRows.find((l) => l.id === s.layoutId)?.capacity ?? 0;
      return capacity - (perSchedule.get(s.id) ?? 0);
    });
    expect(new Set(remaining).size).toBeGreaterThan(5);
  });

  it('gives identical rows for the same day and moves with the day', async () => {
    const again = await createTestDatabase(kind);
    try {
      expect(await digest(again.db)).toBe(await digest(db));
    } finally {
      await again.destroy();
    }
    const other = await createTestDatabase(kind, { today: '2027-01-15' });
    try {
      const [first] = await other.db.select().from(schedules).orderBy(asc(schedules.id)).limit(1);
      expect(first?.validFrom).toBe('2027-01-15');
      expect(first?.validUntil).toBe(OPEN_ENDED);
    } finally {
      await other.destroy();
    }
  });

  it('refuses a malformed day before writing anything', async () => {
    const empty = await createTestDatabase(kind, { seed: false });
    try {
      await expect(seedDatabase(empty.db, { today: '23-11-2026' })).rejects.toThrow(/YYYY-MM-DD/);
      await expect(seedDatabase(empty.db, { today: '2026-02-30' })).rejects.toThrow(/YYYY-MM-DD/);
      const [row] = await empty.db.select({ n: count() }).from(cities);
      expect(row?.n).toBe(0);
    } finally {
      await empty.destroy();
    }
  });
});
