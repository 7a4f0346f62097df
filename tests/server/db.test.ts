import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, count, eq } from 'drizzle-orm';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../server/db/client';
import {
  cities,
  operators,
  points,
  reservations,
  routes,
  schedules,
  seatBookings,
  seatLayouts,
} from '../../server/db/schema';
import { prepareDatabase } from '../../server/db/setup';
import { createTestDatabase, TEST_TODAY, type TestDatabase, describeEachDatabase } from './helpers/test-db';
import { describeNeeding } from '../helpers/needs';

const UNIQUE_VIOLATION = '23505';
const OTHER_DAY = '2026-11-24';

/** Both drivers put the SQLSTATE on the driver error; Drizzle may wrap it in `cause`. */
function errorChain(error: unknown): { code?: unknown; message?: unknown }[] {
  const chain: { code?: unknown; message?: unknown }[] = [];
  let current: unknown = error;
  while (current && typeof current === 'object' && chain.length < 5) {
    chain.push(current as { code?: unknown; message?: unknown });
    current = (current as { cause?: unknown }).cause;
  }
  return chain;
}

const sqlState = (error: unknown) => errorChain(error).find((e) => typeof e.code === 'string')?.code;

async function expectUniqueViolation(attempt: Promise<unknown>): Promise<void> {
  const error = await attempt.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error, 'insert should have been refused').not.toBeNull();
  expect(sqlState(error)).toBe(UNIQUE_VIOLATION);
  expect(errorChain(error).some((e) => String(e.message).includes('seat_bookings_live_uq'))).toBe(true);
}

/** The least rows a seat booking needs: one city, two pools, operator, layout, route, two schedules. */
async function insertMinimalSchedules(db: Database): Promise<[number, number]> {
  const [city] = await db
    .insert(cities)
    .values({ name: 'Bandung', province: 'Jawa Barat', lat: -6.9175, lon: 107.6191 })
    .returning();
  if (!city) throw new Error('city');
  const [a, b] = await db
    .insert(points)
    .values([
      { cityId: city.id, name: 'Pool A', address: 'Jl. A', lat: -6.9, lon: 107.6 },
      { cityId: city.id, name: 'Pool B', address: 'Jl. B', lat: -6.95, lon: 107.63 },
    ])
    .returning();
  const [op] = await db
    .insert(operators)
    .values({ code: 'TST', name: 'Uji Trans', logo: '/logos/tst.svg', type: 'shuttle', terms: ['Syarat uji.'] })
    .returning();
  const [layout] = await db
    .insert(seatLayouts)
    .values({
      code: 'T2',
      name: 'Dua kursi',
      capacity: 2,
      floors: [
        { name: 'Utama', rows: 1, cols: 2, seats: { '1-1': { no: '1', tipe: 'P' }, '1-2': { no: '2', tipe: 'P' } } },
      ],
    })
    .returning();
  if (!a || !b || !op || !layout) throw new Error('fixture');
  const [route] = await db
    .insert(routes)
    .values({ operatorId: op.id, originPointId: a.id, destinationPointId: b.id, name: 'A - B' })
    .returning();
  if (!route) throw new Error('route');
  const base = {
    routeId: route.id,
    layoutId: layout.id,
    service: 'Reguler',
    durationMinutes: 60,
    price: 100000,
    facilities: [],
    stops: [],
    validFrom: TEST_TODAY,
    validUntil: OTHER_DAY,
  };
  const rows = await db
    .insert(schedules)
    .values([
      { ...base, code: 'TST-1', departureTime: '07:00:00' },
      { ...base, code: 'TST-2', departureTime: '09:00:00' },
    ])
    .returning({ id: schedules.id });
  const [first, second] = rows;
  if (!first || !second) throw new Error('schedules');
  return [first.id, second.id];
}

describeEachDatabase('database guarantees (%s)', (kind) => {
  let t: TestDatabase;
  let db: Database;
  let scheduleId: number;
  let otherScheduleId: number;
  const seat = (seatNo: string, overrides: Partial<typeof seatBookings.$inferInsert> = {}) => ({
    scheduleId,
    departureDate: TEST_TODAY,
    seatNo,
    ...overrides,
  });
  const liveCount = async (seatNo: string, date = TEST_TODAY) => {
    const [row] = await db
      .select({ n: count() })
      .from(seatBookings)
      .where(
        and(
          eq(seatBookings.scheduleId, scheduleId),
          eq(seatBookings.departureDate, date),
          eq(seatBookings.seatNo, seatNo),
          eq(seatBookings.live, true),
        ),
      );
    return row?.n ?? 0;
  };

  beforeAll(async () => {
    // A pool of several connections so the concurrency test really races on PostgreSQL.
    t = await createTestDatabase(kind, { seed: false, max: 10 });
    db = t.db;
    [scheduleId, otherScheduleId] = await insertMinimalSchedules(db);
  });
  afterAll(async () => {
    await t?.destroy();
  });

  it('refuses a second live booking of the same seat on the same departure', async () => {
    await db.insert(seatBookings).values(seat('1'));
    await expectUniqueViolation(db.insert(seatBookings).values(seat('1')));
    expect(await liveCount('1')).toBe(1);
  });

  it('lets released (live=false) bookings coexist with a live one', async () => {
    await db.insert(seatBookings).values(seat('1', { live: false }));
    await db.insert(seatBookings).values(seat('1', { live: false }));
    expect(await liveCount('1')).toBe(1);
  });

  it('frees the seat once the live booking is released', async () => {
    await db
      .update(seatBookings)
      .set({ live: false })
      .where(and(eq(seatBookings.scheduleId, scheduleId), eq(seatBookings.seatNo, '1'), eq(seatBookings.live, true)));
    await db.insert(seatBookings).values(seat('1'));
    expect(await liveCount('1')).toBe(1);
    await expectUniqueViolation(db.insert(seatBookings).values(seat('1')));
  });

  it('books the same seat on another date or another schedule', async () => {
    await db.insert(seatBookings).values(seat('1', { departureDate: OTHER_DAY }));
    await db.insert(seatBookings).values(seat('1', { scheduleId: otherScheduleId }));
    expect(await liveCount('1', OTHER_DAY)).toBe(1);
  });

  it('refuses a multi-row insert that books one seat twice, leaving nothing behind', async () => {
    await expectUniqueViolation(
      db
        .insert(seatBookings)
        .values([seat('2', { departureDate: OTHER_DAY }), seat('2', { departureDate: OTHER_DAY })]),
    );
    expect(await liveCount('2', OTHER_DAY)).toBe(0);
  });

  it('sells a seat once when ten buyers race for it, each in a transaction with its reservation', async () => {
    const attempts = Array.from({ length: 10 }, (_, i) =>
      db.transaction(async (tx) => {
        const [reservation] = await tx
          .insert(reservations)
          .values({
            code: `RACE${String(i).padStart(6, '0')}`,
            bookerName: `Pembeli ${i}`,
            bookerPhone: `08120000000${i}`,
            bookerEmail: `pembeli${i}@contoh.id`,
            subTotal: 100000,
            total: 100000,
            expiresAt: new Date(`${TEST_TODAY}T12:00:00+07:00`),
          })
          .returning({ id: reservations.id });
        await tx.insert(seatBookings).values(seat('2', { reservationId: reservation?.id ?? null }));
        return reservation?.id;
      }),
    );
    const results = await Promise.allSettled(attempts);
    const won = results.filter((r) => r.status === 'fulfilled');
    const lost = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(won).toHaveLength(1);
    for (const r of lost) expect(sqlState(r.reason)).toBe(UNIQUE_VIOLATION);
    expect(await liveCount('2')).toBe(1);
    // The losers' reservations were rolled back with their seat.
    const [kept] = await db.select({ n: count() }).from(reservations);
    expect(kept?.n).toBe(1);
  });
});

describe('prepareDatabase (pglite data folder)', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'berangkat-db-'));
  });
  afterAll(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  it('creates the folder, migrates and seeds on first run only', async () => {
    const dataDir = path.join(dir, 'nested', 'data');
    const logs: string[] = [];
    const first = await prepareDatabase({ dataDir, today: TEST_TODAY, log: (m) => logs.push(m) });
    const [before] = await first.db.select({ n: count() }).from(seatBookings);
    await first.close();
    const second = await prepareDatabase({ dataDir, today: '2027-01-01', log: (m) => logs.push(m) });
    try {
      const [cityCount] = await second.db.select({ n: count() }).from(cities);
      const [after] = await second.db.select({ n: count() }).from(seatBookings);
      const [schedule] = await second.db.select({ validFrom: schedules.validFrom }).from(schedules).limit(1);
      expect(cityCount?.n).toBeGreaterThanOrEqual(20);
      expect(after?.n).toBe(before?.n);
      expect(schedule?.validFrom).toBe(TEST_TODAY);
    } finally {
      await second.close();
    }
    expect(logs[0]).toMatch(/seeded for 2026-11-23/);
    expect(logs[1]).toMatch(/already seeded/);
  });
});

describeNeeding('postgres', 'prepareDatabase (postgresql)', () => {
  it('seeds once when several API processes start together', async () => {
    const adminUrl = process.env.TEST_DATABASE_URL ?? '';
    const name = `berangkat_t_${randomBytes(6).toString('hex')}`;
    const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
    await admin.unsafe(`CREATE DATABASE ${name}`);
    try {
      const url = new URL(adminUrl);
      url.pathname = `/${name}`;
      const logs: string[] = [];
      const handles = await Promise.all(
        [1, 2, 3].map(() =>
          prepareDatabase({ url: url.toString(), today: TEST_TODAY, max: 2, log: (m) => logs.push(m) }),
        ),
      );
      try {
        const [first] = handles;
        if (!first) throw new Error('no handle');
        const [cityCount] = await first.db.select({ n: count() }).from(cities);
        expect(cityCount?.n).toBeGreaterThanOrEqual(20);
        expect(logs.filter((m) => m.includes('seeded for'))).toHaveLength(1);
        expect(logs.filter((m) => m.includes('already seeded'))).toHaveLength(2);
      } finally {
        await Promise.all(handles.map((h) => h.close()));
      }
    } finally {
      await admin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end({ timeout: 5 });
    }
  });
});
