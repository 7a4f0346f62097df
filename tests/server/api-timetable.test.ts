import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Schedule, SearchJadwalResults } from '../../contract';
import { createApp } from '../../server/app';
import { schedules } from '../../server/db/schema';
import { OPEN_ENDED, SEED_FIXTURES, rollTimetableForward } from '../../server/db/seed';
import { addDays } from '../../server/lib/dates';
import { TEST_TODAY, testNow, createTestDatabase, type TestDatabase, describeEachDatabase } from './helpers/test-db';
import { ok } from './api-support';

const { bandung, jakarta } = SEED_FIXTURES.cityIds;
const BDG_JKT = { asal_id: bandung, asal_tipe: 'kota', tujuan_id: jakarta, tujuan_tipe: 'kota' } as const;
const TOMORROW = addDays(TEST_TODAY, 1);
const FREE = SEED_FIXTURES.free;
/** Idul Fitri 1448 H is expected on 10 March 2027; the free buses leave H-7 to H-2. */
const MUDIK_DAYS = ['2027-03-03', '2027-03-04', '2027-03-05', '2027-03-06', '2027-03-07', '2027-03-08'];
/** The cheapest Bandung -> Jakarta fare (PRB, 08:30 and 16:30). */
const CHEAPEST_FARE = 85000;

const flatten = (results: SearchJadwalResults): Schedule[] => results.list.flatMap((group) => group.jadwal);

/** The clock at a Jakarta wall-clock time; only Date is simulated, the database's timers run. */
function clockAt(date: string, time: string) {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(`${date}T${time}:00+07:00`));
}

describeEachDatabase('the timetable on %s', (kind) => {
  afterEach(() => {
    vi.useRealTimers();
  });

  describe('a database seeded long ago', () => {
    const SEEDED = '2026-01-10';
    let handle: TestDatabase;

    beforeAll(async () => {
      handle = await createTestDatabase(kind, { today: SEEDED });
      // As earlier seeds wrote it: every departure, the free one too, daily for 60 days.
      await handle.db.execute(
        sql`UPDATE schedules SET valid_from = ${SEEDED}::date, valid_until = ${addDays(SEEDED, 60)}::date`,
      );
    });
    afterAll(async () => {
      await handle.destroy();
    });

    it('sells tomorrow again once rolled forward at start, and only once', async () => {
      clockAt(TEST_TODAY, '10:00');
      const app = createApp({ db: handle.db, today: () => TEST_TODAY, now: testNow });
      const before = await ok(app, 'searchJadwal', { ...BDG_JKT, tanggal_berangkat: TOMORROW });
      expect(before.total_jadwal).toBe(0);

      expect(await rollTimetableForward(handle.db, TEST_TODAY)).toBeGreaterThan(100);
      expect(await rollTimetableForward(handle.db, TEST_TODAY)).toBe(0);

      // At start the roll comes before any search; here the search's one-minute page cache is waited out.
      clockAt(TEST_TODAY, '10:02');
      const fresh = app;
      const after = await ok(fresh, 'searchJadwal', { ...BDG_JKT, tanggal_berangkat: TOMORROW });
      expect(after.total_jadwal).toBeGreaterThan(10);
      const farAhead = await ok(fresh, 'searchJadwal', { ...BDG_JKT, tanggal_berangkat: addDays(TEST_TODAY, 300) });
      expect(farAhead.total_jadwal).toBe(after.total_jadwal);
      const free = await ok(fresh, 'listTanggalJadwalAvailable', {
        operator_kode: FREE.operatorCode,
        jadwal_kode: FREE.scheduleCode,
        tanggal_mulai: TOMORROW,
        jumlah_hari: 7,
      });
      expect(free.list.map((day) => day.tersedia)).toEqual(Array(7).fill(false));

      const [freeRow] = await handle.db
        .select({ from: schedules.validFrom, until: schedules.validUntil })
        .from(schedules)
        .where(eq(schedules.code, FREE.scheduleCode));
      expect(freeRow).toEqual({ from: MUDIK_DAYS[0], until: MUDIK_DAYS.at(-1) });
      const [daily] = await handle.db
        .select({ until: schedules.validUntil })
        .from(schedules)
        .where(eq(schedules.code, SEED_FIXTURES.promo.scheduleCode));
      expect(daily?.until).toBe(OPEN_ENDED);
    });

    it('moves the free departure to the next Lebaran once its days have passed', async () => {
      await rollTimetableForward(handle.db, '2027-03-09');
      const [free] = await handle.db
        .select({ from: schedules.validFrom, until: schedules.validUntil })
        .from(schedules)
        .where(eq(schedules.code, FREE.scheduleCode));
      // Idul Fitri 1449 H is expected on 27 February 2028.
      expect(free).toEqual({ from: '2028-02-20', until: '2028-02-25' });
      await rollTimetableForward(handle.db, TEST_TODAY);
    });
  });

  describe('a fresh database', () => {
    let handle: TestDatabase;

    beforeAll(async () => {
      handle = await createTestDatabase(kind);
    });
    afterAll(async () => {
      await handle.destroy();
    });

    it('runs the free departure only on its Mudik days, and the date strip shows real fares around them', async () => {
      clockAt(addDays(TEST_TODAY, -1), '20:00');
      const app = createApp({ db: handle.db, today: () => TEST_TODAY, now: testNow });
      const start = addDays(MUDIK_DAYS[0] as string, -2);
      const strip = (await ok(app, 'listTanggalJadwal', { ...BDG_JKT, tanggal_mulai: start, jumlah_hari: 10 })).list;
      expect(strip).toHaveLength(10);
      for (const day of strip) {
        expect(day.jumlah_jadwal, day.tanggal).toBeGreaterThan(0);
        expect(day.harga_min, day.tanggal).toBe(MUDIK_DAYS.includes(day.tanggal) ? 0 : CHEAPEST_FARE);
      }
      const week = (await ok(app, 'listTanggalJadwal', { ...BDG_JKT, tanggal_mulai: TOMORROW, jumlah_hari: 7 })).list;
      expect(week.map((day) => day.harga_min)).toEqual(Array(7).fill(CHEAPEST_FARE));

      for (const [day, listed] of [
        [MUDIK_DAYS[0], true],
        [MUDIK_DAYS.at(-1), true],
        [addDays(MUDIK_DAYS[0] as string, -1), false],
        [addDays(MUDIK_DAYS.at(-1) as string, 1), false],
        [TOMORROW, false],
      ] as const) {
        const codes = flatten(await ok(app, 'searchJadwal', { ...BDG_JKT, tanggal_berangkat: day ?? '' })).map(
          (s) => s.code_schedule,
        );
        expect(codes.includes(FREE.scheduleCode), day).toBe(listed);
      }
      const available = await ok(app, 'listTanggalJadwalAvailable', {
        operator_kode: FREE.operatorCode,
        jadwal_kode: FREE.scheduleCode,
        tanggal_mulai: addDays(MUDIK_DAYS[0] as string, -1),
        jumlah_hari: 8,
      });
      expect(available.list.map((day) => day.tersedia)).toEqual([false, true, true, true, true, true, true, false]);
    });

    it('does not list a departure that left an hour ago, today only', async () => {
      clockAt(addDays(TEST_TODAY, -1), '20:00');
      const app = createApp({ db: handle.db, today: () => TEST_TODAY, now: testNow });
      const pages = async (day: string) => {
        const first = await ok(app, 'searchJadwal', { ...BDG_JKT, tanggal_berangkat: day, page: 1 });
        const all = flatten(first);
        for (let page = 2; page <= first.total_page; page += 1)
          all.push(...flatten(await ok(app, 'searchJadwal', { ...BDG_JKT, tanggal_berangkat: day, page })));
        return all;
      };
      const allTomorrow = await pages(TOMORROW);
      expect(allTomorrow.map((s) => s.code_schedule)).toContain('PRB-BDG-JKT-1630');

      clockAt(TEST_TODAY, '17:30');
      const today = await pages(TEST_TODAY);
      const codes = today.map((s) => s.code_schedule);
      expect(codes).not.toContain('PRB-BDG-JKT-1630');
      expect(codes).not.toContain('PRB-BDG-JKT-0830');
      expect(today.every((s) => s.time_departure > '17:30')).toBe(true);
      const stillToGo = allTomorrow.filter((s) => s.time_departure > '17:30');
      expect(stillToGo.length).toBeGreaterThan(0);
      expect(today.length).toBe(stillToGo.length);
      // Tomorrow is untouched by today's hour.
      expect((await pages(TOMORROW)).length).toBe(allTomorrow.length);

      const strip = (await ok(app, 'listTanggalJadwal', { ...BDG_JKT, tanggal_mulai: TEST_TODAY, jumlah_hari: 2 }))
        .list;
      expect(strip[0]).toEqual({
        tanggal: TEST_TODAY,
        jumlah_jadwal: stillToGo.length,
        harga_min: Math.min(...stillToGo.map((s) => s.price_ticket[0] ?? Infinity)),
      });
      expect(strip[0]?.harga_min).toBeGreaterThan(CHEAPEST_FARE);
      expect(strip[1]).toMatchObject({ jumlah_jadwal: allTomorrow.length, harga_min: CHEAPEST_FARE });

      const filters = await ok(app, 'listFilterSearchJadwal', { ...BDG_JKT, tanggal_berangkat: TEST_TODAY });
      expect(filters.operator.reduce((sum, o) => sum + o.jumlah, 0)).toBe(stillToGo.length);

      const partner = await ok(app, 'listTanggalJadwalAvailable', {
        operator_kode: 'PRB',
        jadwal_kode: 'PRB-BDG-JKT-1630',
        tanggal_mulai: TEST_TODAY,
        jumlah_hari: 2,
      });
      expect(partner.list.map((day) => day.tersedia)).toEqual([false, true]);

      // An hour earlier the 16:30 is still on sale.
      clockAt(TEST_TODAY, '16:29');
      expect((await pages(TEST_TODAY)).map((s) => s.code_schedule)).toContain('PRB-BDG-JKT-1630');
    });
  });
});
