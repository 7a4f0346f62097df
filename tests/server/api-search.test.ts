import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { FACILITY_LABEL, SEARCH_PAGE_SIZE, TIME_RANGES, type Schedule, type SearchJadwalResults } from '../../contract';
import { createApp, type App } from '../../server/app';
import { schedules, seatBookings } from '../../server/db/schema';
import { SEED_FIXTURES } from '../../server/db/seed';
import { mudikWindow } from '../../server/db/seed-data/festival';
import { BOOKING_WINDOW_DAYS, addDays } from '../../server/lib/dates';
import { TEST_TODAY, testNow, createTestDatabase, type TestDatabase, describeEachDatabase } from './helpers/test-db';
import { fails, ok } from './api-support';

const { bandung, jakarta } = SEED_FIXTURES.cityIds;
const TOMORROW = addDays(TEST_TODAY, 1);
/** A day the free Mudik Gratis departure runs. */
const MUDIK_DAY = mudikWindow(TEST_TODAY).from;
const BDG_JKT = { asal_id: bandung, asal_tipe: 'kota', tujuan_id: jakarta, tujuan_tipe: 'kota' } as const;

const flatten = (results: SearchJadwalResults): Schedule[] => results.list.flatMap((group) => group.jadwal);

describeEachDatabase('schedule search on %s', (kind) => {
  let handle: TestDatabase;
  let app: App;
  let semarang: number;
  let malang: number;

  async function scheduleId(code: string): Promise<number> {
    const rows = await handle.db.select({ id: schedules.id }).from(schedules).where(eq(schedules.code, code));
    const id = rows[0]?.id;
    if (id === undefined) throw new Error(`no schedule ${code}`);
    return id;
  }

  /** Every page of an ungrouped search, flattened. */
  async function allPages(query: Record<string, unknown>): Promise<{ first: SearchJadwalResults; all: Schedule[] }> {
    const first = await ok(app, 'searchJadwal', { ...query, page: 1 });
    const all = flatten(first);
    for (let page = 2; page <= first.total_page; page += 1)
      all.push(...flatten(await ok(app, 'searchJadwal', { ...query, page })));
    return { first, all };
  }

  beforeAll(async () => {
    // The evening before the sale day: none of its departures has left (api-timetable tests that).
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(`${addDays(TEST_TODAY, -1)}T20:00:00+07:00`));
    handle = await createTestDatabase(kind);
    app = createApp({ db: handle.db, today: () => TEST_TODAY, now: testNow });
    const cityId = async (name: string) => {
      const found = (await ok(app, 'searchPointTujuan', { text: name })).list.find(
        (p) => p.tipe === 'kota' && p.nama === name,
      );
      if (!found) throw new Error(`no city ${name}`);
      return found.id;
    };
    semarang = await cityId('Semarang');
    malang = await cityId('Malang');
  });
  afterAll(async () => {
    vi.useRealTimers();
    await handle.destroy();
  });

  describe('search-jadwal', () => {
    it('groups Bandung -> Jakarta tomorrow by operator and route', async () => {
      const results = await ok(app, 'searchJadwal', {
        ...BDG_JKT,
        tanggal_berangkat: TOMORROW,
        group_by: 'operator-jurusan',
      });
      expect(results.list.length).toBeGreaterThan(1);
      expect(results.per_page).toBe(SEARCH_PAGE_SIZE);
      for (const group of results.list) {
        expect(group.key).toBe(`${group.operator_code}-${group.jurusan_id}`);
        expect(group.is_connecting).toBe(false);
        for (const schedule of group.jadwal) {
          expect(schedule.operator_code).toBe(group.operator_code);
          expect(schedule.jurusan_id).toBe(group.jurusan_id);
          expect(schedule.date).toBe(TOMORROW);
          expect(schedule.depart_city).toBe('Bandung');
          expect(schedule.drop_city).toBe('Jakarta');
          expect(schedule.time_departure).toMatch(/^\d\d:\d\d$/);
          expect(schedule.price_ticket.length).toBeGreaterThan(0);
          expect(schedule.remaining_seats).toBeLessThanOrEqual(schedule.total_seats);
        }
        const times = group.jadwal.map((s) => s.time_departure);
        expect(times).toEqual([...times].sort());
      }
      const groupsFirst = results.list.map((g) => g.jadwal[0]?.time_departure ?? '');
      expect(groupsFirst).toEqual([...groupsFirst].sort());
    });

    it('without group_by gives one group per schedule and counts match', async () => {
      const grouped = await ok(app, 'searchJadwal', {
        ...BDG_JKT,
        tanggal_berangkat: TOMORROW,
        group_by: 'operator-jurusan',
      });
      const { first, all } = await allPages({ ...BDG_JKT, tanggal_berangkat: TOMORROW });
      expect(first.total).toBe(first.total_jadwal);
      expect(first.total_jadwal).toBe(grouped.total_jadwal);
      expect(first.total_page).toBe(Math.ceil(first.total / SEARCH_PAGE_SIZE));
      expect(all).toHaveLength(first.total_jadwal);
      expect(new Set(all.map((s) => s.code_schedule)).size).toBe(all.length);
      for (const group of first.list) expect(group.key).toBe(group.jadwal[0]?.code_schedule);
    });

    it('pages of groups do not overlap and add up to the totals', async () => {
      const query = { ...BDG_JKT, tanggal_berangkat: TOMORROW };
      const { first, all } = await allPages(query);
      expect(first.total_page).toBeGreaterThan(1);
      expect(first.list).toHaveLength(SEARCH_PAGE_SIZE);
      const codes = all.map((s) => s.code_schedule);
      expect(new Set(codes).size).toBe(first.total_jadwal);
      const times = all.map((s) => s.time_departure);
      expect(times).toEqual([...times].sort());
      const beyond = await ok(app, 'searchJadwal', { ...query, page: first.total_page + 1 });
      expect(beyond.list).toEqual([]);
      expect(beyond.total).toBe(first.total);
    });

    it('remaining seats drop by one after a live booking (and not for a released one)', async () => {
      const code = SEED_FIXTURES.twoPrice[0].scheduleCode;
      const day = addDays(TEST_TODAY, 30);
      const find = async () =>
        flatten(
          await ok(app, 'searchJadwal', {
            ...BDG_JKT,
            tanggal_berangkat: day,
            operator: 'XTR',
            group_by: 'operator-jurusan',
          }),
        ).find((s) => s.code_schedule === code);
      const before = await find();
      expect(before).toBeDefined();
      const id = await scheduleId(code);
      await handle.db.insert(seatBookings).values({ scheduleId: id, departureDate: day, seatNo: '1', live: true });
      await handle.db.insert(seatBookings).values({ scheduleId: id, departureDate: day, seatNo: '2', live: false });
      // Another day's booking does not count either.
      await handle.db
        .insert(seatBookings)
        .values({ scheduleId: id, departureDate: addDays(day, 1), seatNo: '3', live: true });
      const after = await find();
      expect(after?.remaining_seats).toBe((before?.remaining_seats ?? 0) - 1);
    });

    it('shows the fixtures: nearly full, no seat selection, free, two prices, promo', async () => {
      const all = (await allPages({ ...BDG_JKT, tanggal_berangkat: TOMORROW })).all;
      const byCode = new Map(all.map((s) => [s.code_schedule, s]));
      const nearlyFull = byCode.get(SEED_FIXTURES.nearlyFull.scheduleCode);
      expect([1, 2]).toContain(nearlyFull?.remaining_seats);
      expect(byCode.get(SEED_FIXTURES.noSeatSelection.scheduleCode)?.select_seat).toBe(false);
      expect(byCode.has(SEED_FIXTURES.free.scheduleCode)).toBe(false);
      const mudik = flatten(
        await ok(app, 'searchJadwal', { ...BDG_JKT, tanggal_berangkat: MUDIK_DAY, sort: 'termurah' }),
      );
      expect(mudik.find((s) => s.code_schedule === SEED_FIXTURES.free.scheduleCode)).toMatchObject({
        price_ticket: [0],
        is_refundable: false,
        price_normal: null,
      });
      for (const fixture of SEED_FIXTURES.twoPrice) {
        expect(byCode.get(fixture.scheduleCode)?.price_ticket).toEqual([fixture.price, fixture.price2]);
      }
      const promo = SEED_FIXTURES.promo;
      expect(byCode.get(promo.scheduleCode)).toMatchObject({
        price_ticket: [promo.promoPrice, promo.price],
        price_normal: promo.price,
      });
      const full = byCode.get(SEED_FIXTURES.fullFloor.scheduleCode);
      expect(full?.remaining_seats).toBeGreaterThan(0);
      expect(full?.remaining_seats).toBeLessThan(full?.total_seats ?? 0);
    });

    it('filters by operator', async () => {
      const filters = await ok(app, 'listFilterSearchJadwal', { ...BDG_JKT, tanggal_berangkat: TOMORROW });
      const xtr = filters.operator.find((o) => o.kode === 'XTR');
      const { first, all } = await allPages({ ...BDG_JKT, tanggal_berangkat: TOMORROW, operator: 'XTR,LJT' });
      expect(all.every((s) => s.operator_code === 'XTR' || s.operator_code === 'LJT')).toBe(true);
      const ljt = filters.operator.find((o) => o.kode === 'LJT');
      expect(first.total_jadwal).toBe((xtr?.jumlah ?? 0) + (ljt?.jumlah ?? 0));
    });

    it('filters by time range', async () => {
      const filters = await ok(app, 'listFilterSearchJadwal', { ...BDG_JKT, tanggal_berangkat: TOMORROW });
      for (const range of TIME_RANGES) {
        const { first, all } = await allPages({ ...BDG_JKT, tanggal_berangkat: TOMORROW, jam: range.kode });
        expect(all.every((s) => s.time_departure >= range.dari && s.time_departure <= range.sampai)).toBe(true);
        expect(first.total_jadwal).toBe(filters.jam.find((j) => j.kode === range.kode)?.jumlah);
      }
      const both = await ok(app, 'searchJadwal', { ...BDG_JKT, tanggal_berangkat: TOMORROW, jam: 'dini-hari,malam' });
      const sum = (filters.jam[0]?.jumlah ?? 0) + (filters.jam[3]?.jumlah ?? 0);
      expect(both.total_jadwal).toBe(sum);
    });

    it('filters by facilities (all of them required)', async () => {
      const filters = await ok(app, 'listFilterSearchJadwal', { ...BDG_JKT, tanggal_berangkat: TOMORROW });
      const { first, all } = await allPages({ ...BDG_JKT, tanggal_berangkat: TOMORROW, fasilitas: 'baggage' });
      expect(all.every((s) => s.facilities.includes('baggage'))).toBe(true);
      expect(first.total_jadwal).toBe(filters.fasilitas.find((f) => f.kode === 'baggage')?.jumlah);
      const two = await allPages({ ...BDG_JKT, tanggal_berangkat: TOMORROW, fasilitas: 'baggage,mineral-water' });
      expect(two.all.every((s) => s.facilities.includes('baggage') && s.facilities.includes('mineral-water'))).toBe(
        true,
      );
      expect(two.first.total_jadwal).toBeLessThanOrEqual(first.total_jadwal);
    });

    it('filters by price on the lowest price and sorts by price', async () => {
      const { all } = await allPages({
        ...BDG_JKT,
        tanggal_berangkat: TOMORROW,
        harga_min: 100000,
        harga_max: 150000,
        sort: 'termurah',
      });
      expect(all.length).toBeGreaterThan(0);
      const lows = all.map((s) => s.price_ticket[0] ?? -1);
      expect(lows.every((p) => p >= 100000 && p <= 150000)).toBe(true);
      expect(lows).toEqual([...lows].sort((a, b) => a - b));
      const cheapest = await ok(app, 'searchJadwal', { ...BDG_JKT, tanggal_berangkat: MUDIK_DAY, sort: 'termurah' });
      expect(cheapest.list[0]?.jadwal[0]?.code_schedule).toBe(SEED_FIXTURES.free.scheduleCode);
    });

    it('shows connecting itineraries only with show_connecting=1', async () => {
      const query = {
        asal_id: bandung,
        asal_tipe: 'kota',
        tujuan_id: semarang,
        tujuan_tipe: 'kota',
        tanggal_berangkat: TOMORROW,
        group_by: 'operator-jurusan',
      };
      const without = await ok(app, 'searchJadwal', query);
      expect(without.list.some((g) => g.is_connecting)).toBe(false);
      const withConnecting = await ok(app, 'searchJadwal', { ...query, show_connecting: 1 });
      const group = withConnecting.list.find((g) => g.key === SEED_FIXTURES.connecting.twoLegs);
      expect(group).toBeDefined();
      expect(group?.is_connecting).toBe(true);
      expect(group?.jadwal).toHaveLength(1);
      const trip = group?.jadwal[0] as Schedule;
      expect(trip.is_connecting).toBe(true);
      expect(trip.routes_connecting.map((l) => l.leg)).toEqual([1, 2]);
      const [first, second] = trip.routes_connecting;
      expect(trip.price_ticket[0]).toBe((first?.harga ?? 0) + (second?.harga ?? 0));
      expect(trip.remaining_seats).toBe(Math.min(first?.sisa_kursi ?? 0, second?.sisa_kursi ?? 0));
      expect(trip.time_departure).toBe(first?.jam_berangkat);
      expect(trip.time_arrival).toBe(second?.jam_tiba);
      expect(first?.asal_kota_nama).toBe('Bandung');
      expect(second?.tujuan_kota_nama).toBe('Semarang');
      expect(first?.tujuan_cabang_nama).toBe(second?.asal_cabang_nama);
      expect(first?.kursi).toEqual([]);
      expect(first?.rute.length).toBeGreaterThanOrEqual(2);
      // One connecting trip runs Bandung -> Semarang: one more group, one more schedule.
      expect(withConnecting.total).toBe(without.total + 1);
      expect(withConnecting.total_jadwal).toBe(without.total_jadwal + 1);
    });

    it('dates each leg of an overnight connecting trip', async () => {
      const results = await ok(app, 'searchJadwal', {
        asal_id: jakarta,
        asal_tipe: 'kota',
        tujuan_id: malang,
        tujuan_tipe: 'kota',
        tanggal_berangkat: TOMORROW,
        show_connecting: 1,
      });
      const trip = flatten(results).find((s) => s.code_schedule === SEED_FIXTURES.connecting.overnight);
      expect(trip?.routes_connecting.map((l) => l.date_go)).toEqual([TOMORROW, addDays(TOMORROW, 1)]);
    });

    it('answers an empty list for a past day or a day beyond the booking window', async () => {
      for (const day of [addDays(TEST_TODAY, -1), addDays(TEST_TODAY, BOOKING_WINDOW_DAYS + 1)]) {
        const results = await ok(app, 'searchJadwal', { ...BDG_JKT, tanggal_berangkat: day });
        expect(results).toMatchObject({ total: 0, total_jadwal: 0, total_page: 0, list: [] });
      }
      expect(
        (await ok(app, 'searchJadwal', { ...BDG_JKT, tanggal_berangkat: addDays(TEST_TODAY, BOOKING_WINDOW_DAYS) }))
          .total,
      ).toBeGreaterThan(0);
      expect((await ok(app, 'searchJadwal', { ...BDG_JKT, tanggal_berangkat: TEST_TODAY })).total).toBeGreaterThan(0);
    });

    it('round trip return search can pin the operator and route', async () => {
      const back = {
        asal_id: jakarta,
        asal_tipe: 'kota',
        tujuan_id: bandung,
        tujuan_tipe: 'kota',
        tanggal_berangkat: TOMORROW,
      };
      const all = await ok(app, 'searchJadwal', { ...back, group_by: 'operator-jurusan' });
      const target = all.list[0];
      const pinned = await ok(app, 'searchJadwal', {
        ...back,
        flag_pp: 1,
        pulang_operator_kode: target?.operator_code,
        pulang_jurusan_id: target?.jurusan_id,
        group_by: 'operator-jurusan',
      });
      expect(pinned.list.map((g) => g.key)).toEqual([target?.key]);
    });

    it('refuses malformed queries with 400 and a clear message', async () => {
      const cases: [Record<string, unknown>, string][] = [
        [{ ...BDG_JKT, tanggal_berangkat: '2026-02-30' }, 'tanggal tidak ada di kalender'],
        [{ ...BDG_JKT, tanggal_berangkat: '24-11-2026' }, 'format tanggal'],
        [{ ...BDG_JKT }, 'tanggal_berangkat'],
        [{ ...BDG_JKT, asal_id: 'bandung', tanggal_berangkat: TOMORROW }, 'asal_id harus berupa angka'],
        [
          { ...BDG_JKT, tujuan_id: bandung, tujuan_tipe: 'kota', tanggal_berangkat: TOMORROW },
          'Asal dan tujuan tidak boleh sama',
        ],
        [{ ...BDG_JKT, tanggal_berangkat: TOMORROW, jam: 'subuh' }, 'jam'],
        [{ ...BDG_JKT, tanggal_berangkat: TOMORROW, sort: 'acak' }, 'sort harus berangkat atau termurah'],
        [{ ...BDG_JKT, tanggal_berangkat: TOMORROW, page: -1 }, 'page'],
        [{ ...BDG_JKT, tanggal_berangkat: TOMORROW, harga_min: 200000, harga_max: 100000 }, 'harga_min'],
        [{ ...BDG_JKT, tanggal_berangkat: TOMORROW, show_connecting: 'ya' }, 'flag'],
        [{ ...BDG_JKT, tanggal_berangkat: TOMORROW, fasilitas: 'wifi' }, 'fasilitas'],
        [{ ...BDG_JKT, tanggal_berangkat: TOMORROW, group_by: 'kota' }, 'group_by'],
      ];
      for (const [query, text] of cases) {
        const error = await fails(app, 'searchJadwal', query);
        expect(error, JSON.stringify(query)).toMatchObject({ httpStatus: 400, code: 'REQ-1' });
        expect(error.message, JSON.stringify(query)).toContain(text);
      }
    });
  });

  describe('numbers beyond the database integer range', () => {
    it('match nothing instead of failing', async () => {
      const huge = 99_999_999_999;
      const search = await ok(app, 'searchJadwal', { ...BDG_JKT, asal_id: huge, tanggal_berangkat: TOMORROW });
      expect(search.total).toBe(0);
      const priced = await ok(app, 'searchJadwal', { ...BDG_JKT, tanggal_berangkat: TOMORROW, harga_min: huge });
      expect(priced.total).toBe(0);
      const pinned = await ok(app, 'searchJadwal', {
        ...BDG_JKT,
        tanggal_berangkat: TOMORROW,
        flag_pp: 1,
        pulang_jurusan_id: huge,
      });
      expect(pinned.total).toBe(0);
      expect(
        (await ok(app, 'listTanggalJadwal', { ...BDG_JKT, tujuan_id: huge, tanggal_mulai: TOMORROW })).list[0]
          ?.jumlah_jadwal,
      ).toBe(0);
      expect(
        await fails(app, 'listJadwal', { operator_kode: 'XTR', jurusan_id: huge, tanggal_berangkat: TOMORROW }),
      ).toMatchObject({ httpStatus: 404 });
      expect(await fails(app, 'listTujuan', { asal_id: huge, asal_tipe: 'cabang' })).toMatchObject({ httpStatus: 404 });
    });
  });

  describe('list-filter-search-jadwal', () => {
    it('counts operators, time ranges and facilities of the unfiltered search', async () => {
      const search = await ok(app, 'searchJadwal', { ...BDG_JKT, tanggal_berangkat: TOMORROW });
      const filters = await ok(app, 'listFilterSearchJadwal', { ...BDG_JKT, tanggal_berangkat: TOMORROW });
      const sum = (list: { jumlah: number }[]) => list.reduce((total, item) => total + item.jumlah, 0);
      expect(sum(filters.operator)).toBe(search.total_jadwal);
      expect(sum(filters.jam)).toBe(search.total_jadwal);
      expect(filters.jam.map((j) => j.kode)).toEqual(TIME_RANGES.map((r) => r.kode));
      for (const facility of filters.fasilitas) expect(facility.label).toBe(FACILITY_LABEL[facility.kode]);
      expect(filters.fasilitas.find((f) => f.kode === 'ac')?.jumlah).toBeGreaterThan(0);
      // The cheapest real fare: the free departure runs only on the Mudik days.
      expect(filters.harga.min).toBe(85000);
      expect(filters.harga.max).toBeGreaterThan(filters.harga.min);
      const mudik = await ok(app, 'listFilterSearchJadwal', { ...BDG_JKT, tanggal_berangkat: MUDIK_DAY });
      expect(mudik.harga.min).toBe(0);
      expect(filters.operator.map((o) => o.nama)).toEqual([...filters.operator.map((o) => o.nama)].sort());
    });
    it('is empty for a past day and refuses a bad date', async () => {
      const past = await ok(app, 'listFilterSearchJadwal', { ...BDG_JKT, tanggal_berangkat: addDays(TEST_TODAY, -3) });
      expect(past.operator).toEqual([]);
      expect(past.harga).toEqual({ min: 0, max: 0 });
      expect(await fails(app, 'listFilterSearchJadwal', { ...BDG_JKT, tanggal_berangkat: '2026-13-01' })).toMatchObject(
        { httpStatus: 400 },
      );
    });
  });

  describe('list-tanggal-jadwal', () => {
    it('gives per day the number of departures and the lowest price', async () => {
      const results = await ok(app, 'listTanggalJadwal', {
        ...BDG_JKT,
        tanggal_mulai: addDays(TEST_TODAY, -2),
        jumlah_hari: 5,
      });
      expect(results.list.map((d) => d.tanggal)).toEqual([-2, -1, 0, 1, 2].map((n) => addDays(TEST_TODAY, n)));
      expect(results.list.slice(0, 2)).toEqual([
        { tanggal: addDays(TEST_TODAY, -2), jumlah_jadwal: 0, harga_min: null },
        { tanggal: addDays(TEST_TODAY, -1), jumlah_jadwal: 0, harga_min: null },
      ]);
      const search = await ok(app, 'searchJadwal', { ...BDG_JKT, tanggal_berangkat: TOMORROW, sort: 'termurah' });
      expect(results.list[3]).toEqual({
        tanggal: TOMORROW,
        jumlah_jadwal: search.total_jadwal,
        harga_min: search.list[0]?.jadwal[0]?.price_ticket[0],
      });
    });
    it('defaults to 7 days and is zero beyond the window', async () => {
      const results = await ok(app, 'listTanggalJadwal', {
        ...BDG_JKT,
        tanggal_mulai: addDays(TEST_TODAY, BOOKING_WINDOW_DAYS - 2),
      });
      expect(results.list).toHaveLength(7);
      expect(results.list[2]?.jumlah_jadwal).toBeGreaterThan(0);
      expect(results.list[3]).toMatchObject({ jumlah_jadwal: 0, harga_min: null });
    });
    it('counts connecting trips only when asked', async () => {
      const base = {
        asal_id: bandung,
        asal_tipe: 'kota',
        tujuan_id: semarang,
        tujuan_tipe: 'kota',
        tanggal_mulai: TOMORROW,
        jumlah_hari: 1,
      };
      const without = await ok(app, 'listTanggalJadwal', base);
      const withConnecting = await ok(app, 'listTanggalJadwal', { ...base, show_connecting: 1 });
      expect(withConnecting.list[0]?.jumlah_jadwal).toBe((without.list[0]?.jumlah_jadwal ?? 0) + 1);
    });
    it('refuses bad day counts', async () => {
      expect(
        (await fails(app, 'listTanggalJadwal', { ...BDG_JKT, tanggal_mulai: TOMORROW, jumlah_hari: 100 })).message,
      ).toContain('jumlah_hari');
      expect(
        (await fails(app, 'listTanggalJadwal', { ...BDG_JKT, tanggal_mulai: TOMORROW, jumlah_hari: 'x' })).message,
      ).toContain('jumlah_hari');
      expect((await fails(app, 'listTanggalJadwal', { ...BDG_JKT })).message).toContain('tanggal_mulai');
    });
  });

  describe('list-tanggal-jadwal-available', () => {
    it('shows the nearly full fixture with 1 or 2 seats each day, and nothing before today', async () => {
      const { operatorCode, scheduleCode } = SEED_FIXTURES.nearlyFull;
      const results = await ok(app, 'listTanggalJadwalAvailable', {
        operator_kode: operatorCode,
        jadwal_kode: scheduleCode,
        tanggal_mulai: addDays(TEST_TODAY, -1),
        jumlah_hari: 4,
      });
      expect(results.list[0]).toEqual({ tanggal: addDays(TEST_TODAY, -1), tersedia: false, sisa_kursi: 0 });
      for (const day of results.list.slice(1)) {
        expect(day.tersedia).toBe(true);
        expect([1, 2]).toContain(day.sisa_kursi);
      }
    });
    it('works for a connecting trip code', async () => {
      const results = await ok(app, 'listTanggalJadwalAvailable', {
        operator_kode: 'CPT',
        jadwal_kode: SEED_FIXTURES.connecting.twoLegs,
        tanggal_mulai: TOMORROW,
        jumlah_hari: 2,
      });
      expect(results.list.every((d) => d.tersedia && d.sisa_kursi > 0)).toBe(true);
    });
    it('answers 404 for an unknown schedule or the wrong operator', async () => {
      const base = { tanggal_mulai: TOMORROW, jumlah_hari: 2 };
      expect(
        await fails(app, 'listTanggalJadwalAvailable', { ...base, operator_kode: 'XTR', jadwal_kode: 'XTR-NOPE' }),
      ).toMatchObject({
        httpStatus: 404,
        code: 'NFD-1',
        message: 'Jadwal tidak ditemukan',
      });
      expect(
        await fails(app, 'listTanggalJadwalAvailable', {
          ...base,
          operator_kode: 'GMA',
          jadwal_kode: SEED_FIXTURES.nearlyFull.scheduleCode,
        }),
      ).toMatchObject({ httpStatus: 404 });
      expect(await fails(app, 'listTanggalJadwalAvailable', { ...base, operator_kode: 'XTR' })).toMatchObject({
        httpStatus: 400,
      });
    });
  });

  describe('list-jadwal', () => {
    it("lists one operator's departures on one route and day", async () => {
      const grouped = await ok(app, 'searchJadwal', {
        ...BDG_JKT,
        tanggal_berangkat: TOMORROW,
        operator: 'XTR',
        group_by: 'operator-jurusan',
      });
      const group = grouped.list[0];
      const results = await ok(app, 'listJadwal', {
        operator_kode: 'XTR',
        jurusan_id: group?.jurusan_id,
        tanggal_berangkat: TOMORROW,
      });
      expect(results.list.map((s) => s.code_schedule)).toEqual(group?.jadwal.map((s) => s.code_schedule));
    });
    it('adds connecting trips starting on the route only with show_connecting', async () => {
      const trip = (
        await ok(app, 'searchJadwal', {
          asal_id: bandung,
          asal_tipe: 'kota',
          tujuan_id: semarang,
          tujuan_tipe: 'kota',
          tanggal_berangkat: TOMORROW,
          show_connecting: 1,
        })
      ).list.find((g) => g.key === SEED_FIXTURES.connecting.twoLegs);
      const query = { operator_kode: 'CPT', jurusan_id: trip?.jurusan_id, tanggal_berangkat: TOMORROW };
      const without = await ok(app, 'listJadwal', query);
      expect(without.list.every((s) => !s.is_connecting)).toBe(true);
      const withConnecting = await ok(app, 'listJadwal', { ...query, show_connecting: 1 });
      expect(
        withConnecting.list
          .filter((s) => s.is_connecting)
          .map((s) => s.code_schedule)
          .sort(),
      ).toEqual([SEED_FIXTURES.connecting.twoLegs, SEED_FIXTURES.connecting.threeLegs].sort());
    });
    it('answers 404 for an unknown operator or a route of another operator, 400 for bad input', async () => {
      expect(
        await fails(app, 'listJadwal', { operator_kode: 'NOPE', jurusan_id: 1, tanggal_berangkat: TOMORROW }),
      ).toMatchObject({ httpStatus: 404 });
      const grouped = await ok(app, 'searchJadwal', {
        ...BDG_JKT,
        tanggal_berangkat: TOMORROW,
        operator: 'LJT',
        group_by: 'operator-jurusan',
      });
      const ljtRoute = grouped.list[0]?.jurusan_id;
      expect(
        await fails(app, 'listJadwal', { operator_kode: 'XTR', jurusan_id: ljtRoute, tanggal_berangkat: TOMORROW }),
      ).toMatchObject({
        httpStatus: 404,
        message: 'Jurusan tidak ditemukan',
      });
      expect(
        (await fails(app, 'listJadwal', { operator_kode: 'XTR', jurusan_id: 'abc', tanggal_berangkat: TOMORROW }))
          .message,
      ).toContain('jurusan_id harus berupa angka');
      expect(
        (await fails(app, 'listJadwal', { operator_kode: 'XTR', jurusan_id: 1.5, tanggal_berangkat: TOMORROW }))
          .message,
      ).toContain('bilangan bulat');
    });
    it('is empty for a past day', async () => {
      expect(
        (
          await ok(app, 'listJadwal', {
            operator_kode: 'XTR',
            jurusan_id: 1,
            tanggal_berangkat: addDays(TEST_TODAY, -1),
          })
        ).list,
      ).toEqual([]);
    });
  });

  describe('detail-jadwal', () => {
    it('gives operator, time and dated stops of a schedule', async () => {
      const code = SEED_FIXTURES.twoPrice[0].scheduleCode;
      const detail = await ok(app, 'detailJadwal', { operator_code: 'XTR', schedule_code: code, date: TOMORROW });
      expect(detail).toMatchObject({
        operator_kode: 'XTR',
        jam_berangkat: '08:00',
        tanggal_berangkat: TOMORROW,
        harga: [150000, 175000],
      });
      expect(detail.list_connecting).toEqual([]);
      const stops = detail.rute_perjalanan;
      expect(stops.length).toBeGreaterThanOrEqual(2);
      expect(stops[0]).toMatchObject({ tanggal: TOMORROW, jam: '08:00' });
      const search = flatten(
        await ok(app, 'searchJadwal', { ...BDG_JKT, tanggal_berangkat: TOMORROW, operator: 'XTR' }),
      ).find((s) => s.code_schedule === code);
      expect(stops[0]?.title).toBe(search?.depart);
      expect(stops.at(-1)?.title).toBe(search?.drop);
      expect(stops.at(-1)?.jam).toBe(search?.time_arrival);
      expect(detail.sisa_kursi).toBe(search?.remaining_seats);
    });
    it('lists each leg of a connecting trip, the overnight leg on the next day', async () => {
      const detail = await ok(app, 'detailJadwal', {
        operator_code: 'MJT',
        schedule_code: SEED_FIXTURES.connecting.overnight,
        date: TOMORROW,
      });
      expect(detail.list_connecting).toHaveLength(2);
      expect(detail.list_connecting.map((l) => l.tanggal_berangkat)).toEqual([TOMORROW, addDays(TOMORROW, 1)]);
      expect(detail.rute_perjalanan[0]?.tanggal).toBe(TOMORROW);
      expect(detail.rute_perjalanan.at(-1)?.tanggal).toBe(addDays(TOMORROW, 1));
      // The night bus arrives after midnight: its last stop is dated the next day.
      expect(detail.list_connecting[0]?.rute_perjalanan.at(-1)?.tanggal).toBe(addDays(TOMORROW, 1));
    });
    it('answers 404 NFD-1 for an unknown schedule, the wrong operator or a day it does not run', async () => {
      expect(
        await fails(app, 'detailJadwal', { operator_code: 'XTR', schedule_code: 'XTR-TIDAK-ADA', date: TOMORROW }),
      ).toMatchObject({
        httpStatus: 404,
        code: 'NFD-1',
        message: 'Jadwal tidak ditemukan',
      });
      expect(
        await fails(app, 'detailJadwal', {
          operator_code: 'GMA',
          schedule_code: SEED_FIXTURES.twoPrice[0].scheduleCode,
          date: TOMORROW,
        }),
      ).toMatchObject({ httpStatus: 404 });
      expect(
        await fails(app, 'detailJadwal', {
          operator_code: 'XTR',
          schedule_code: SEED_FIXTURES.twoPrice[0].scheduleCode,
          date: addDays(TEST_TODAY, -1),
        }),
      ).toMatchObject({ httpStatus: 404, code: 'NFD-1' });
      expect(
        await fails(app, 'detailJadwal', {
          operator_code: SEED_FIXTURES.free.operatorCode,
          schedule_code: SEED_FIXTURES.free.scheduleCode,
          date: TOMORROW,
        }),
      ).toMatchObject({ httpStatus: 404, code: 'NFD-1' });
    });
    it('refuses a missing or impossible date', async () => {
      const base = { operator_code: 'XTR', schedule_code: SEED_FIXTURES.twoPrice[0].scheduleCode };
      expect((await fails(app, 'detailJadwal', base)).message).toContain('date');
      expect((await fails(app, 'detailJadwal', { ...base, date: '2026-02-30' })).message).toContain(
        'tanggal tidak ada di kalender',
      );
    });
  });

  describe('operator-snk and list-operator', () => {
    it('gives the operator terms', async () => {
      const terms = await ok(app, 'operatorSnk', { operator_kode: 'XTR' });
      expect(terms.operator_kode).toBe('XTR');
      expect(terms.snk.length).toBeGreaterThan(0);
    });
    it('answers 404 for an unknown operator and 400 without one', async () => {
      expect(await fails(app, 'operatorSnk', { operator_kode: 'QQQ' })).toMatchObject({
        httpStatus: 404,
        code: 'NFD-1',
      });
      expect((await fails(app, 'operatorSnk', {})).message).toContain('operator_kode');
    });
    it('lists the operators by name', async () => {
      const results = await ok(app, 'listOperator');
      expect(results.list.length).toBeGreaterThan(5);
      expect(results.list.some((o) => o.kode === 'XTR' && o.tipe === 'shuttle')).toBe(true);
      const names = results.list.map((o) => o.nama);
      expect(names).toEqual([...names].sort());
    });
  });
});
