import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { SEARCH_PAGE_SIZE, TIME_RANGES, type Schedule, type SearchJadwalResults } from '../../contract';
import { createApp, type App } from '../../server/app';
import { schedules, seatBookings, seatLayouts } from '../../server/db/schema';
import { SEED_FIXTURES } from '../../server/db/seed';
import { addDays } from '../../server/lib/dates';
import { TEST_TODAY, testNow, createTestDatabase, type TestDatabase, describeEachDatabase } from './helpers/test-db';
import { ok } from './api-support';

/*
 * Remaining seats against the database itself (capacity minus live bookings of that departure),
 * also when the same page is asked again (the search keeps pages for a while and recounts seats),
 * grouped paging, and every filter combined, with and without connecting itineraries.
 */
const { bandung, jakarta } = SEED_FIXTURES.cityIds;
const TOMORROW = addDays(TEST_TODAY, 1);
const BDG_JKT = { asal_id: bandung, asal_tipe: 'kota', tujuan_id: jakarta, tujuan_tipe: 'kota' } as const;
const flatten = (results: SearchJadwalResults): Schedule[] => results.list.flatMap((group) => group.jadwal);

describeEachDatabase('search-jadwal seats, paging and filters on %s', (kind) => {
  let handle: TestDatabase;
  let app: App;
  let semarang: number;

  /** capacity - live bookings of (schedule code, day), read straight from the tables. */
  async function expectedRemaining(code: string, day: string): Promise<number> {
    const rows = await handle.db
      .select({ id: schedules.id, capacity: seatLayouts.capacity })
      .from(schedules)
      .innerJoin(seatLayouts, eq(seatLayouts.id, schedules.layoutId))
      .where(eq(schedules.code, code));
    const row = rows[0];
    if (!row) throw new Error(`no schedule ${code}`);
    const live = await handle.db
      .select({ id: seatBookings.id })
      .from(seatBookings)
      .where(
        and(eq(seatBookings.scheduleId, row.id), eq(seatBookings.departureDate, day), eq(seatBookings.live, true)),
      );
    return Math.max(row.capacity - live.length, 0);
  }

  async function scheduleId(code: string): Promise<number> {
    const rows = await handle.db.select({ id: schedules.id }).from(schedules).where(eq(schedules.code, code));
    const id = rows[0]?.id;
    if (id === undefined) throw new Error(`no schedule ${code}`);
    return id;
  }

  async function checkSeats(list: readonly Schedule[]): Promise<void> {
    for (const schedule of list) {
      if (!schedule.is_connecting) {
        expect(schedule.remaining_seats, schedule.code_schedule).toBe(
          await expectedRemaining(schedule.code_schedule, schedule.date),
        );
        continue;
      }
      for (const leg of schedule.routes_connecting) {
        expect(leg.sisa_kursi, `${schedule.code_schedule} leg ${leg.leg}`).toBe(
          await expectedRemaining(leg.schedule_code, leg.date_go),
        );
      }
      expect(schedule.remaining_seats).toBe(Math.min(...schedule.routes_connecting.map((leg) => leg.sisa_kursi)));
    }
  }

  /** Every page of a search; each page asked twice, the second answer must be the same. */
  async function allPages(query: Record<string, unknown>): Promise<{ pages: SearchJadwalResults[] }> {
    const first = await ok(app, 'searchJadwal', { ...query, page: 1 });
    const pages = [first];
    for (let page = 2; page <= first.total_page; page += 1)
      pages.push(await ok(app, 'searchJadwal', { ...query, page }));
    return { pages };
  }

  beforeAll(async () => {
    handle = await createTestDatabase(kind);
    app = createApp({ db: handle.db, today: () => TEST_TODAY, now: testNow });
    const found = (await ok(app, 'searchPointTujuan', { text: 'Semarang' })).list.find(
      (p) => p.tipe === 'kota' && p.nama === 'Semarang',
    );
    if (!found) throw new Error('no city Semarang');
    semarang = found.id;
  });
  afterAll(async () => {
    await handle.destroy();
  });

  it('remaining seats are capacity minus live bookings, on the first and on a repeated answer', async () => {
    const query = { ...BDG_JKT, tanggal_berangkat: TOMORROW, group_by: 'operator-jurusan' };
    const first = flatten(await ok(app, 'searchJadwal', query));
    expect(first.length).toBeGreaterThan(0);
    // The seed books seats: some departures show fewer seats than their layout.
    expect(first.some((s) => s.remaining_seats < s.total_seats)).toBe(true);
    await checkSeats(first);
    const again = await ok(app, 'searchJadwal', query);
    expect(flatten(again)).toEqual(first);
  });

  it('a repeated search sees a new live booking at once, not a released one, and a release gives the seat back', async () => {
    const code = SEED_FIXTURES.twoPrice[1].scheduleCode;
    const day = addDays(TEST_TODAY, 12);
    const query = { ...BDG_JKT, tanggal_berangkat: day, operator: 'LJT' };
    const find = async () => {
      const { pages } = await allPages(query);
      return pages.flatMap(flatten).find((s) => s.code_schedule === code);
    };
    const before = await find();
    expect(before).toBeDefined();
    const id = await scheduleId(code);
    const [booked] = await handle.db
      .insert(seatBookings)
      .values({ scheduleId: id, departureDate: day, seatNo: 'T-3', live: true })
      .returning({ id: seatBookings.id });
    await handle.db.insert(seatBookings).values({ scheduleId: id, departureDate: day, seatNo: 'T-4', live: false });
    const during = await find();
    expect(during?.remaining_seats).toBe((before?.remaining_seats ?? 0) - 1);
    expect(during?.remaining_seats).toBe(await expectedRemaining(code, day));
    // Releasing the booking gives the seat back.
    await handle.db
      .update(seatBookings)
      .set({ live: false })
      .where(eq(seatBookings.id, booked?.id ?? -1));
    const after = await find();
    expect(after?.remaining_seats).toBe(before?.remaining_seats);
  });

  it('concurrent searches (seat counts shared between them) each get their own correct seats', async () => {
    const queries = Array.from({ length: 12 }, (_, i) => ({
      ...BDG_JKT,
      tanggal_berangkat: addDays(TEST_TODAY, 1 + (i % 4)),
      page: 1 + (i % 3),
      ...(i % 2 === 0 ? { group_by: 'operator-jurusan' } : {}),
    }));
    // Twice: the first round fills the page cache, the second is answered from it.
    for (let round = 0; round < 2; round += 1) {
      const answers = await Promise.all(queries.map((query) => ok(app, 'searchJadwal', query)));
      answers.forEach((answer, i) => expect(answer.page).toBe(queries[i]?.page));
      await checkSeats(answers.flatMap(flatten));
    }
  });

  it('a connecting trip takes the fewest seats of its legs, recounted on every answer', async () => {
    const query = {
      asal_id: bandung,
      asal_tipe: 'kota',
      tujuan_id: semarang,
      tujuan_tipe: 'kota',
      tanggal_berangkat: addDays(TEST_TODAY, 9),
      show_connecting: 1,
    };
    const tripOf = async () =>
      flatten(await ok(app, 'searchJadwal', query)).find(
        (s) => s.code_schedule === SEED_FIXTURES.connecting.twoLegs,
      ) as Schedule;
    const before = await tripOf();
    expect(before.routes_connecting).toHaveLength(2);
    await checkSeats([before]);
    const second = before.routes_connecting[1];
    if (!second) throw new Error('no second leg');
    const legId = await scheduleId(second.schedule_code);
    // Book the second leg down to fewer seats than the first has.
    const target = Math.max((before.routes_connecting[0]?.sisa_kursi ?? 0) - 1, 0);
    const toBook = second.sisa_kursi - target;
    const inserted = await handle.db
      .insert(seatBookings)
      .values(
        Array.from({ length: toBook }, (_, i) => ({
          scheduleId: legId,
          departureDate: second.date_go,
          seatNo: `X${i}`,
          live: true,
        })),
      )
      .returning({ id: seatBookings.id });
    const after = await tripOf();
    await checkSeats([after]);
    expect(after.routes_connecting[1]?.sisa_kursi).toBe(target);
    expect(after.remaining_seats).toBe(target);
    await handle.db.delete(seatBookings).where(
      inArray(
        seatBookings.id,
        inserted.map((row) => row.id),
      ),
    );
    const restored = await tripOf();
    expect(restored.remaining_seats).toBe(before.remaining_seats);
  });

  it('grouped pages do not overlap, hold at most a page of groups and cover every group', async () => {
    const query = { ...BDG_JKT, tanggal_berangkat: TOMORROW, group_by: 'operator-jurusan', show_connecting: 1 };
    const { pages } = await allPages(query);
    const head = pages[0];
    if (!head) throw new Error('no first page');
    expect(head.per_page).toBe(SEARCH_PAGE_SIZE);
    expect(head.total_page).toBe(Math.ceil(head.total / SEARCH_PAGE_SIZE));
    const keys = pages.flatMap((page) => page.list.map((group) => `${group.is_connecting}:${group.key}`));
    expect(new Set(keys).size).toBe(keys.length);
    expect(keys).toHaveLength(head.total);
    for (const page of pages) expect(page.list.length).toBeLessThanOrEqual(SEARCH_PAGE_SIZE);
    expect(pages.flatMap(flatten)).toHaveLength(head.total_jadwal);
    for (const group of pages.flatMap((page) => page.list)) {
      for (const schedule of group.jadwal) {
        expect(schedule.operator_code).toBe(group.operator_code);
        expect(schedule.jurusan_id).toBe(group.jurusan_id);
      }
    }
  });

  it('combines operator, time, facility and price filters with the cheapest sort', async () => {
    const base = { ...BDG_JKT, tanggal_berangkat: TOMORROW };
    const everything = (await allPages(base)).pages.flatMap(flatten);
    const pagi = TIME_RANGES.find((range) => range.kode === 'pagi');
    const malam = TIME_RANGES.find((range) => range.kode === 'malam');
    if (!pagi || !malam) throw new Error('no time ranges');
    const operatorsOf = [...new Set(everything.map((s) => s.operator_code))].slice(0, 3);
    const matches = (s: Schedule) =>
      operatorsOf.includes(s.operator_code) &&
      [pagi, malam].some((r) => s.time_departure >= r.dari && s.time_departure <= r.sampai) &&
      s.facilities.includes('ac') &&
      (s.price_ticket[0] ?? -1) >= 50_000 &&
      (s.price_ticket[0] ?? -1) <= 200_000;
    const expected = everything.filter(matches);
    expect(expected.length).toBeGreaterThan(0);
    expect(expected.length).toBeLessThan(everything.length);

    const { pages } = await allPages({
      ...base,
      operator: operatorsOf.join(','),
      jam: 'pagi,malam',
      fasilitas: 'ac',
      harga_min: 50_000,
      harga_max: 200_000,
      sort: 'termurah',
    });
    const got = pages.flatMap(flatten);
    expect(pages[0]?.total_jadwal).toBe(expected.length);
    expect(got.map((s) => s.code_schedule).sort()).toEqual(expected.map((s) => s.code_schedule).sort());
    const lows = got.map((s) => s.price_ticket[0] ?? -1);
    expect(lows).toEqual([...lows].sort((a, b) => a - b));
  });

  it('connecting trips obey the filters: operator of any leg, facilities of every leg, summed price', async () => {
    const query = {
      asal_id: bandung,
      asal_tipe: 'kota',
      tujuan_id: semarang,
      tujuan_tipe: 'kota',
      tanggal_berangkat: TOMORROW,
      show_connecting: 1,
    };
    const find = async (extra: Record<string, unknown>) =>
      flatten(await ok(app, 'searchJadwal', { ...query, ...extra })).find(
        (s) => s.code_schedule === SEED_FIXTURES.connecting.twoLegs,
      );
    const trip = await find({});
    if (!trip) throw new Error('no connecting trip');
    const secondOperator = trip.routes_connecting[1]?.operator_code ?? '';
    expect(await find({ operator: secondOperator })).toBeDefined();
    const all = (await ok(app, 'listOperator')).list.map((o) => o.kode);
    const outsider = all.find((code) => !trip.routes_connecting.some((leg) => leg.operator_code === code));
    if (outsider) expect(await find({ operator: outsider })).toBeUndefined();
    const low = trip.price_ticket[0] ?? 0;
    expect(await find({ harga_min: low, harga_max: low })).toBeDefined();
    expect(await find({ harga_max: Math.max(low - 1, 0) })).toBeUndefined();
    for (const facility of ['ac', 'baggage', 'mineral-water'] as const) {
      const found = await find({ fasilitas: facility });
      expect(found !== undefined).toBe(trip.facilities.includes(facility));
    }
    const earlyRange = TIME_RANGES.find(
      (range) => trip.time_departure >= range.dari && trip.time_departure <= range.sampai,
    );
    expect(await find({ jam: earlyRange?.kode })).toBeDefined();
  });
});
