import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { KursiResults, Seat } from '../../contract';
import { createApp, type App } from '../../server/app';
import { connectingLegs, connectingTrips, routes, schedules, seatBookings, seatLayouts } from '../../server/db/schema';
import { SEED_FIXTURES } from '../../server/db/seed';
import { mudikWindow } from '../../server/db/seed-data/festival';
import { BOOKING_WINDOW_DAYS, addDays } from '../../server/lib/dates';
import { insuranceFee } from '../../server/services/pricing';
import { TEST_TODAY, testNow, createTestDatabase, type TestDatabase, describeEachDatabase } from './helpers/test-db';
import { fails, ok } from './api-support';

const TOMORROW = addDays(TEST_TODAY, 1);
/** Past the seed's 14 days of sprinkled bookings: ordinary schedules are empty here. */
const QUIET_DAY = addDays(TEST_TODAY, 20);
const [TWO_PRICE] = SEED_FIXTURES.twoPrice;
const PROMO = SEED_FIXTURES.promo;
const DEMO = SEED_FIXTURES.customers.demo;

const seats = (layout: KursiResults): Seat[] => layout.layout_kursi.flatMap((floor) => Object.values(floor.kursi));
const seatNo = (layout: KursiResults, no: string) => seats(layout).find((seat) => seat.no === no);

const pergi = (operator: string, code: string, date: string, kursi: string[]) => ({
  operator_kode_pergi: operator,
  jadwal_kode_pergi: code,
  tanggal_berangkat_pergi: date,
  kursi_pergi: kursi,
});

describeEachDatabase('seats and price check on %s', (kind) => {
  let handle: TestDatabase;
  let app: App;

  async function book(code: string, date: string, no: string, live = true): Promise<void> {
    const rows = await handle.db.select({ id: schedules.id }).from(schedules).where(eq(schedules.code, code));
    const id = rows[0]?.id;
    if (id === undefined) throw new Error(`no schedule ${code}`);
    await handle.db.insert(seatBookings).values({ scheduleId: id, departureDate: date, seatNo: no, live });
  }

  beforeAll(async () => {
    handle = await createTestDatabase(kind);
    app = createApp({ db: handle.db, today: () => TEST_TODAY, now: testNow });
  });
  afterAll(async () => {
    await handle.destroy();
  });

  describe('kursi', () => {
    it('prices promo seats at the promo price with its code', async () => {
      const layout = await ok(app, 'kursi', {
        operator_kode: PROMO.operatorCode,
        jadwal_kode: PROMO.scheduleCode,
        tanggal_berangkat: TOMORROW,
      });
      expect(layout).toMatchObject({
        operator_kode: PROMO.operatorCode,
        jadwal_kode: PROMO.scheduleCode,
        tanggal_berangkat: TOMORROW,
      });
      expect(layout.harga_tiket_normal).toBe(PROMO.price);
      expect(layout.flag_multi_harga).toBe(1);
      const promoSeats = seats(layout).filter((s) => s.flag_promo === 1);
      expect(promoSeats.length).toBeGreaterThan(0);
      for (const seat of promoSeats)
        expect(seat).toMatchObject({ harga_tiket: PROMO.promoPrice, promo_kode: PROMO.promoCode, flag_booking: 0 });
      for (const seat of seats(layout).filter((s) => s.flag_promo === 0 && (s.tipe === 'P' || s.tipe === 'PS'))) {
        expect(seat.harga_tiket).toBe(PROMO.price);
        expect(seat.promo_kode).toBeNull();
      }
    });

    it('prices tier-2 seats at price2 and marks the map "row-col"', async () => {
      const layout = await ok(app, 'kursi', {
        operator_kode: TWO_PRICE.operatorCode,
        jadwal_kode: TWO_PRICE.scheduleCode,
        tanggal_berangkat: TOMORROW,
      });
      const prices = new Set(
        seats(layout)
          .filter((s) => s.tipe === 'P')
          .map((s) => s.harga_tiket),
      );
      expect([...prices].sort()).toEqual([TWO_PRICE.price, TWO_PRICE.price2]);
      expect(layout.flag_multi_harga).toBe(1);
      const floor = layout.layout_kursi[0];
      expect(floor?.nama).toBe('Utama');
      for (const key of Object.keys(floor?.kursi ?? {})) {
        const [row, col] = key.split('-').map(Number);
        expect(row).toBeLessThanOrEqual(floor?.baris ?? 0);
        expect(col).toBeLessThanOrEqual(floor?.kolom ?? 0);
      }
      const driver = seats(layout).find((s) => s.tipe === 'S');
      expect(driver).toMatchObject({ harga_tiket: 0, flag_booking: 0 });
    });

    it('marks live bookings, counts free seats per floor and caps passengers at 3', async () => {
      const query = {
        operator_kode: TWO_PRICE.operatorCode,
        jadwal_kode: TWO_PRICE.scheduleCode,
        tanggal_berangkat: addDays(TEST_TODAY, 25),
      };
      const before = await ok(app, 'kursi', query);
      expect(seatNo(before, '4')?.flag_booking).toBe(0);
      expect(before.maks_penumpang).toBe(3);
      await book(TWO_PRICE.scheduleCode, query.tanggal_berangkat, '4');
      await book(TWO_PRICE.scheduleCode, query.tanggal_berangkat, '5', false);
      const after = await ok(app, 'kursi', query);
      expect(seatNo(after, '4')?.flag_booking).toBe(1);
      expect(seatNo(after, '5')?.flag_booking).toBe(0);
      expect(after.layout_kursi[0]?.sisa_kursi).toBe((before.layout_kursi[0]?.sisa_kursi ?? 0) - 1);
    });

    it('shows the sold-out lower floor of the double decker', async () => {
      const { operatorCode, scheduleCode, floor, openFloor } = SEED_FIXTURES.fullFloor;
      const layout = await ok(app, 'kursi', {
        operator_kode: operatorCode,
        jadwal_kode: scheduleCode,
        tanggal_berangkat: TOMORROW,
      });
      const lower = layout.layout_kursi.find((f) => f.nama === floor);
      const upper = layout.layout_kursi.find((f) => f.nama === openFloor);
      expect(lower?.sisa_kursi).toBe(0);
      for (const seat of Object.values(lower?.kursi ?? {}))
        if (seat.tipe === 'P' || seat.tipe === 'PS') expect(seat.flag_booking).toBe(1);
      expect(upper?.sisa_kursi).toBeGreaterThan(0);
    });

    it('lowers maks_penumpang to the seats left', async () => {
      const { operatorCode, scheduleCode } = SEED_FIXTURES.nearlyFull;
      const layout = await ok(app, 'kursi', {
        operator_kode: operatorCode,
        jadwal_kode: scheduleCode,
        tanggal_berangkat: TOMORROW,
      });
      const free = layout.layout_kursi.reduce((sum, f) => sum + f.sisa_kursi, 0);
      expect([1, 2]).toContain(free);
      expect(layout.maks_penumpang).toBe(free);
    });

    it('tells when the operator assigns seats', async () => {
      const { operatorCode, scheduleCode } = SEED_FIXTURES.noSeatSelection;
      expect(
        (
          await ok(app, 'kursi', {
            operator_kode: operatorCode,
            jadwal_kode: scheduleCode,
            tanggal_berangkat: TOMORROW,
          })
        ).select_seat,
      ).toBe(false);
    });

    it('accepts a leg of a connecting trip and refuses a trip it is not part of', async () => {
      const leg = { operator_kode: 'CPT', jadwal_kode: 'CPT-BDG-CRB-0600', tanggal_berangkat: TOMORROW };
      await ok(app, 'kursi', { ...leg, jadwal_kode_connecting: SEED_FIXTURES.connecting.twoLegs });
      expect(
        await fails(app, 'kursi', { ...leg, jadwal_kode_connecting: SEED_FIXTURES.connecting.overnight }),
      ).toMatchObject({ httpStatus: 404 });
    });

    it('answers 404 for an unknown schedule or the wrong operator', async () => {
      const error = await fails(app, 'kursi', {
        operator_kode: 'XTR',
        jadwal_kode: 'XTR-NOPE',
        tanggal_berangkat: TOMORROW,
      });
      expect(error).toMatchObject({ httpStatus: 404, code: 'NFD-1', message: 'Jadwal tidak ditemukan' });
      expect(
        await fails(app, 'kursi', {
          operator_kode: 'LJT',
          jadwal_kode: TWO_PRICE.scheduleCode,
          tanggal_berangkat: TOMORROW,
        }),
      ).toMatchObject({
        httpStatus: 404,
      });
    });

    it('refuses a past day or a day beyond the window with RSV-1', async () => {
      const base = { operator_kode: TWO_PRICE.operatorCode, jadwal_kode: TWO_PRICE.scheduleCode };
      const past = await fails(app, 'kursi', { ...base, tanggal_berangkat: addDays(TEST_TODAY, -1) });
      expect(past).toMatchObject({ httpStatus: 400, code: 'RSV-1' });
      expect(past.message).toContain('sudah lewat');
      const far = await fails(app, 'kursi', {
        ...base,
        tanggal_berangkat: addDays(TEST_TODAY, BOOKING_WINDOW_DAYS + 1),
      });
      expect(far).toMatchObject({ httpStatus: 400, code: 'RSV-1' });
      await ok(app, 'kursi', { ...base, tanggal_berangkat: TEST_TODAY });
    });

    it('refuses malformed queries', async () => {
      const base = { operator_kode: TWO_PRICE.operatorCode, jadwal_kode: TWO_PRICE.scheduleCode };
      expect((await fails(app, 'kursi', { ...base, tanggal_berangkat: '2026-02-30' })).message).toContain(
        'tanggal tidak ada di kalender',
      );
      expect((await fails(app, 'kursi', { operator_kode: 'XTR', tanggal_berangkat: TOMORROW })).message).toContain(
        'jadwal_kode',
      );
      expect(await fails(app, 'kursi', {})).toMatchObject({ httpStatus: 400, code: 'REQ-1' });
    });
  });

  describe('cek-harga', () => {
    it('prices seats from the database, ignoring client fee hints', async () => {
      const results = await ok(app, 'cekHarga', {
        ...pergi(TWO_PRICE.operatorCode, TWO_PRICE.scheduleCode, QUIET_DAY, ['1', '2']),
        voucher_diskon: 999999,
        tipe_admin_fee: 'nominal',
        admin_fee: 999999,
      });
      const subTotal = TWO_PRICE.price2 + TWO_PRICE.price;
      expect(results).toMatchObject({
        sub_total: subTotal,
        total_bayar: subTotal,
        flag_status_asuransi: 1,
        biaya_asuransi: insuranceFee(subTotal),
      });
      expect(results.list_harga).toEqual([
        { title: 'Tiket Pergi (2 kursi)', price: subTotal, type: 'normal' },
        { title: 'Total Pembayaran', price: subTotal, type: 'total' },
      ]);
      // Guests see no points.
      expect(results).toMatchObject({ total_point: 0, max_point: 0, flag_status_point: 0 });
    });

    it('prices promo seats at the promo price', async () => {
      const results = await ok(
        app,
        'cekHarga',
        pergi(PROMO.operatorCode, PROMO.scheduleCode, QUIET_DAY, ['9', '10', '2']),
      );
      expect(results.sub_total).toBe(PROMO.promoPrice * 2 + PROMO.price);
    });

    it('adds the return leg of a round trip', async () => {
      const results = await ok(app, 'cekHarga', {
        ...pergi(TWO_PRICE.operatorCode, TWO_PRICE.scheduleCode, QUIET_DAY, ['2']),
        flag_pp: 1,
        operator_kode_pulang: 'XTR',
        jadwal_kode_pulang: 'XTR-JKT-BDG-0700',
        tanggal_berangkat_pulang: addDays(QUIET_DAY, 2),
        kursi_pulang: ['3', '4'],
      });
      const titles = results.list_harga.map((line) => line.title);
      expect(titles).toEqual(['Tiket Pergi (1 kursi)', 'Tiket Pulang (2 kursi)', 'Total Pembayaran']);
      const pulang = results.list_harga[1]?.price ?? 0;
      expect(results.sub_total).toBe(TWO_PRICE.price + pulang);
      // Without flag_pp the return fields are ignored.
      const oneWay = await ok(app, 'cekHarga', {
        ...pergi(TWO_PRICE.operatorCode, TWO_PRICE.scheduleCode, QUIET_DAY, ['2']),
        operator_kode_pulang: 'XTR',
        jadwal_kode_pulang: 'XTR-JKT-BDG-0700',
        tanggal_berangkat_pulang: addDays(QUIET_DAY, 2),
        kursi_pulang: ['3'],
      });
      expect(oneWay.sub_total).toBe(TWO_PRICE.price);
    });

    it('prices a connecting trip leg by leg', async () => {
      const legs = [
        { operator_kode: 'CPT', jadwal_kode: 'CPT-BDG-CRB-0600', tanggal_berangkat: QUIET_DAY, kursi: ['2', '3'] },
        { operator_kode: 'NRS', jadwal_kode: 'NRS-CRB-SMG-1000', tanggal_berangkat: QUIET_DAY, kursi: ['5', '6'] },
      ];
      const results = await ok(app, 'cekHarga', { flag_connecting: 1, connecting: legs });
      expect(results.list_harga.map((l) => l.title)).toEqual([
        'Tiket Rute 1 (2 kursi)',
        'Tiket Rute 2 (2 kursi)',
        'Total Pembayaran',
      ]);
      const search = await ok(app, 'detailJadwal', {
        operator_code: 'CPT',
        schedule_code: SEED_FIXTURES.connecting.twoLegs,
        date: QUIET_DAY,
      });
      expect(results.sub_total).toBe((search.harga[0] ?? 0) * 2);

      const uneven = await fails(app, 'cekHarga', {
        flag_connecting: 1,
        connecting: [legs[0], { ...legs[1], kursi: ['5'] }],
      });
      expect(uneven).toMatchObject({ httpStatus: 400, code: 'REQ-1' });
      expect(uneven.message).toContain('rute pertama');
      const notATrip = await fails(app, 'cekHarga', {
        flag_connecting: 1,
        connecting: [
          legs[0],
          {
            operator_kode: 'XTR',
            jadwal_kode: TWO_PRICE.scheduleCode,
            tanggal_berangkat: QUIET_DAY,
            kursi: ['2', '3'],
          },
        ],
      });
      expect(notATrip).toMatchObject({ httpStatus: 400, code: 'RSV-1' });
      const oneLeg = await fails(app, 'cekHarga', { flag_connecting: 1, connecting: [legs[0]] });
      expect(oneLeg.message).toContain('minimal 2 rute');
    });

    it('needs the overnight leg on the next day', async () => {
      const legs = [
        { operator_kode: 'MJT', jadwal_kode: 'MJT-JKT-YOG-1900', tanggal_berangkat: QUIET_DAY, kursi: ['7'] },
        { operator_kode: 'SBR', jadwal_kode: 'SBR-YOG-MLG-0700', tanggal_berangkat: QUIET_DAY, kursi: ['7'] },
      ];
      const wrong = await fails(app, 'cekHarga', { flag_connecting: 1, connecting: legs });
      expect(wrong).toMatchObject({ httpStatus: 400, code: 'RSV-1' });
      expect(wrong.message).toContain(addDays(QUIET_DAY, 1));
      await ok(app, 'cekHarga', {
        flag_connecting: 1,
        connecting: [legs[0], { ...legs[1], tanggal_berangkat: addDays(QUIET_DAY, 1) }],
      });
    });

    it('applies vouchers: percent capped, nominal with minimum, expired and unknown refused', async () => {
      const one = pergi(TWO_PRICE.operatorCode, TWO_PRICE.scheduleCode, QUIET_DAY, ['2']);
      const percent = await ok(app, 'cekHarga', { ...one, voucher_kode: SEED_FIXTURES.vouchers.percent });
      expect(percent.list_harga).toContainEqual({
        title: 'Voucher Diskon 10% Perjalanan Hemat',
        price: 15000,
        type: 'less',
      });
      expect(percent.total_bayar).toBe(TWO_PRICE.price - 15000);
      const capped = await ok(app, 'cekHarga', {
        ...pergi(TWO_PRICE.operatorCode, TWO_PRICE.scheduleCode, QUIET_DAY, ['1', '2', '3']),
        voucher_kode: SEED_FIXTURES.vouchers.percent,
      });
      expect(capped.list_harga.find((l) => l.type === 'less')?.price).toBe(25000);
      const nominal = await ok(app, 'cekHarga', { ...one, voucher_kode: SEED_FIXTURES.vouchers.nominal });
      expect(nominal.total_bayar).toBe(TWO_PRICE.price - 20000);
      const below = await fails(app, 'cekHarga', {
        ...pergi(PROMO.operatorCode, PROMO.scheduleCode, QUIET_DAY, ['9']),
        voucher_kode: SEED_FIXTURES.vouchers.nominal,
      });
      expect(below).toMatchObject({
        httpStatus: 422,
        code: 'VCR-4',
        message: 'Voucher berlaku untuk transaksi minimal Rp 150.000',
      });
      expect(await fails(app, 'cekHarga', { ...one, voucher_kode: SEED_FIXTURES.vouchers.expired })).toMatchObject({
        httpStatus: 422,
        code: 'VCR-2',
        message: 'Voucher sudah tidak berlaku',
      });
      expect(await fails(app, 'cekHarga', { ...one, voucher_kode: 'TIDAKADA' })).toMatchObject({
        httpStatus: 422,
        code: 'VCR-1',
        message: 'Kode voucher tidak ditemukan',
      });
      expect(await fails(app, 'cekHarga', { ...one, voucher_kode: SEED_FIXTURES.vouchers.exhausted })).toMatchObject({
        httpStatus: 422,
        code: 'VCR-3',
        message: 'Kuota voucher sudah habis',
      });
    });

    it('adds the admin fee of the payment method, percent or nominal', async () => {
      const one = pergi(TWO_PRICE.operatorCode, TWO_PRICE.scheduleCode, QUIET_DAY, ['2']);
      const va = await ok(app, 'cekHarga', { ...one, jenis_pembayaran_kode: 'VA_BCA' });
      expect(va.list_harga).toContainEqual({ title: 'Biaya Admin BCA Virtual Account', price: 4000, type: 'add' });
      expect(va.total_bayar).toBe(TWO_PRICE.price + 4000);
      const qris = await ok(app, 'cekHarga', { ...one, jenis_pembayaran_kode: 'QRIS' });
      expect(qris.total_bayar).toBe(TWO_PRICE.price + Math.ceil(TWO_PRICE.price / 100));
      expect(
        await fails(app, 'cekHarga', { ...one, jenis_pembayaran_kode: SEED_FIXTURES.inactivePaymentMethod }),
      ).toMatchObject({ httpStatus: 400 });
      expect(await fails(app, 'cekHarga', { ...one, jenis_pembayaran_kode: 'BITCOIN' })).toMatchObject({
        httpStatus: 400,
      });
    });

    it('adds refundable cover and donation', async () => {
      const one = pergi(TWO_PRICE.operatorCode, TWO_PRICE.scheduleCode, QUIET_DAY, ['2']);
      const results = await ok(app, 'cekHarga', { ...one, flag_asuransi: 1, donasi: 5000 });
      const cover = insuranceFee(TWO_PRICE.price);
      expect(cover).toBe(7500);
      expect(results.list_harga).toContainEqual({ title: 'Asuransi Refundable', price: cover, type: 'add' });
      expect(results.list_harga).toContainEqual({ title: 'Donasi Berkah', price: 5000, type: 'add' });
      expect(results.total_bayar).toBe(TWO_PRICE.price + cover + 5000);
      expect(insuranceFee(10000)).toBe(2000);
      expect(insuranceFee(99000)).toBe(5000);
    });

    it('offers no cover on a free, non-refundable trip and never goes below zero', async () => {
      const { operatorCode, scheduleCode } = SEED_FIXTURES.free;
      const results = await ok(
        app,
        'cekHarga',
        { ...pergi(operatorCode, scheduleCode, mudikWindow(TEST_TODAY).from, ['2']), flag_asuransi: 1, flag_point: 1 },
        { bearer: DEMO.token },
      );
      expect(results).toMatchObject({
        sub_total: 0,
        total_bayar: 0,
        biaya_asuransi: 0,
        flag_status_asuransi: 0,
        max_point: 0,
        flag_status_point: 0,
      });
      expect(results.list_harga.some((l) => l.title === 'Asuransi Refundable')).toBe(false);
    });

    it('offers points to a signed-in customer, up to 10% of the subtotal, with cashback', async () => {
      const one = pergi(TWO_PRICE.operatorCode, TWO_PRICE.scheduleCode, QUIET_DAY, ['2']);
      const offered = await ok(app, 'cekHarga', one, { bearer: DEMO.token });
      expect(offered).toMatchObject({
        total_point: DEMO.points,
        max_point: 15000,
        flag_status_point: 1,
        total_bayar: TWO_PRICE.price,
      });
      expect(offered.list_harga.at(-1)).toEqual({ title: 'Cashback Point', price: 1500, type: 'cashback-point' });
      const used = await ok(app, 'cekHarga', { ...one, flag_point: 1 }, { bearer: DEMO.token });
      expect(used.list_harga).toContainEqual({ title: 'Potongan Point', price: 15000, type: 'potongan-point' });
      expect(used.total_bayar).toBe(TWO_PRICE.price - 15000);
      const zero = await ok(
        app,
        'cekHarga',
        { ...one, flag_point: 1 },
        { bearer: SEED_FIXTURES.customers.zeroPoints.token },
      );
      expect(zero).toMatchObject({ total_point: 0, max_point: 0, flag_status_point: 0, total_bayar: TWO_PRICE.price });
      const guest = await ok(app, 'cekHarga', { ...one, flag_point: 1 });
      expect(guest.total_bayar).toBe(TWO_PRICE.price);
      expect(guest.list_harga.some((l) => l.type === 'cashback-point' || l.type === 'potongan-point')).toBe(false);
    });

    describe('a schedule without seat selection', () => {
      const { operatorCode, scheduleCode, price } = SEED_FIXTURES.noSeatSelection;
      const headCount = (date: string, count?: number, kursi: string[] = []) => ({
        ...pergi(operatorCode, scheduleCode, date, kursi),
        ...(count === undefined ? {} : { jumlah_penumpang_pergi: count }),
      });

      it('is priced by head count at the base price', async () => {
        expect(price).toBe(110000);
        const two = await ok(app, 'cekHarga', headCount(QUIET_DAY, 2));
        expect(two.sub_total).toBe(220000);
        expect(two.list_harga).toEqual([
          { title: 'Tiket Pergi (2 penumpang)', price: 220000, type: 'normal' },
          { title: 'Total Pembayaran', price: 220000, type: 'total' },
        ]);
        const three = await ok(app, 'cekHarga', headCount(QUIET_DAY, 3));
        expect(three.sub_total).toBe(330000);
      });

      it('counts one passenger when no count is given', async () => {
        const one = await ok(app, 'cekHarga', headCount(QUIET_DAY));
        expect(one.sub_total).toBe(110000);
        expect(one.list_harga[0]).toEqual({ title: 'Tiket Pergi (1 penumpang)', price: 110000, type: 'normal' });
      });

      it('refuses seat numbers with 400 RSV-1', async () => {
        const error = await fails(app, 'cekHarga', headCount(QUIET_DAY, 2, ['1', '2']));
        expect(error).toMatchObject({ httpStatus: 400, code: 'RSV-1' });
        expect(error.message).toContain('kursi ditentukan oleh operator');
      });

      it('refuses a count outside 1..3 with 400 REQ-1', async () => {
        for (const count of [0, 4, 1.5, -1]) {
          const error = await fails(app, 'cekHarga', headCount(QUIET_DAY, count));
          expect(error, String(count)).toMatchObject({ httpStatus: 400, code: 'REQ-1' });
          expect(error.message, String(count)).toContain('jumlah_penumpang_pergi');
        }
        const text = await fails(app, 'cekHarga', { ...headCount(QUIET_DAY), jumlah_penumpang_pergi: '2' });
        expect(text).toMatchObject({ httpStatus: 400, code: 'REQ-1' });
      });

      it('ignores the count on a schedule with seat selection', async () => {
        const results = await ok(app, 'cekHarga', {
          ...pergi(TWO_PRICE.operatorCode, TWO_PRICE.scheduleCode, QUIET_DAY, ['2']),
          jumlah_penumpang_pergi: 3,
        });
        expect(results.sub_total).toBe(TWO_PRICE.price);
        expect(results.list_harga[0]?.title).toBe('Tiket Pergi (1 kursi)');
      });

      it('prices the return leg by its own count', async () => {
        const results = await ok(app, 'cekHarga', {
          ...headCount(QUIET_DAY, 2),
          flag_pp: 1,
          operator_kode_pulang: operatorCode,
          jadwal_kode_pulang: 'PSK-JKT-BDG-0700',
          tanggal_berangkat_pulang: addDays(QUIET_DAY, 2),
          jumlah_penumpang_pulang: 3,
        });
        expect(results.list_harga.map((l) => [l.title, l.price])).toEqual([
          ['Tiket Pergi (2 penumpang)', 220000],
          ['Tiket Pulang (3 penumpang)', 330000],
          ['Total Pembayaran', 550000],
        ]);
      });

      it('refuses more passengers than seats left', async () => {
        const day = addDays(TEST_TODAY, 24);
        const [row] = await handle.db
          .select({ floors: seatLayouts.floors })
          .from(schedules)
          .innerJoin(seatLayouts, eq(seatLayouts.id, schedules.layoutId))
          .where(eq(schedules.code, scheduleCode));
        const numbers = (row?.floors ?? []).flatMap((floor) =>
          Object.values(floor.seats)
            .filter((tile) => tile.tipe === 'P' || tile.tipe === 'PS')
            .map((tile) => tile.no),
        );
        expect(numbers.length).toBeGreaterThan(2);
        for (const no of numbers.slice(1)) await book(scheduleCode, day, no);
        const error = await fails(app, 'cekHarga', headCount(day, 2));
        expect(error).toMatchObject({ httpStatus: 400, code: 'RSV-1' });
        expect(error.message).toContain('tersisa 1 kursi');
        expect((await ok(app, 'cekHarga', headCount(day, 1))).sub_total).toBe(110000);
      });

      it('works as a leg of a connecting trip, counting heads against the other legs', async () => {
        // Bandung -> Jakarta without seat choice, then Jakarta -> Karawang with it.
        const legCodes = [scheduleCode, 'NRS-JKT-KRW-1700'];
        const legRows = await handle.db
          .select({
            id: schedules.id,
            code: schedules.code,
            origin: routes.originPointId,
            to: routes.destinationPointId,
          })
          .from(schedules)
          .innerJoin(routes, eq(routes.id, schedules.routeId))
          .where(inArray(schedules.code, legCodes));
        const first = legRows.find((r) => r.code === legCodes[0]);
        const second = legRows.find((r) => r.code === legCodes[1]);
        if (!first || !second) throw new Error('connecting fixture schedules missing');
        const [trip] = await handle.db
          .insert(connectingTrips)
          .values({ code: 'CT-UJI-PSK-0900', originPointId: first.origin, destinationPointId: second.to })
          .returning({ id: connectingTrips.id });
        if (!trip) throw new Error('trip not inserted');
        await handle.db.insert(connectingLegs).values([
          { tripId: trip.id, legNo: 1, scheduleId: first.id, dayOffset: 0 },
          { tripId: trip.id, legNo: 2, scheduleId: second.id, dayOffset: 0 },
        ]);

        const headLeg = {
          operator_kode: operatorCode,
          jadwal_kode: scheduleCode,
          tanggal_berangkat: QUIET_DAY,
          kursi: [],
        };
        const seatLeg = { operator_kode: 'NRS', jadwal_kode: 'NRS-JKT-KRW-1700', tanggal_berangkat: QUIET_DAY };
        const results = await ok(app, 'cekHarga', {
          flag_connecting: 1,
          connecting: [
            { ...headLeg, jumlah_penumpang: 2 },
            { ...seatLeg, kursi: ['2', '3'] },
          ],
        });
        expect(results.list_harga.map((l) => [l.title, l.price])).toEqual([
          ['Tiket Rute 1 (2 penumpang)', 220000],
          ['Tiket Rute 2 (2 kursi)', 160000],
          ['Total Pembayaran', 380000],
        ]);
        const uneven = await fails(app, 'cekHarga', {
          flag_connecting: 1,
          connecting: [headLeg, { ...seatLeg, kursi: ['2', '3'] }],
        });
        expect(uneven).toMatchObject({ httpStatus: 400, code: 'REQ-1' });
        expect(uneven.message).toContain('rute pertama (1)');
        const withSeats = await fails(app, 'cekHarga', {
          flag_connecting: 1,
          connecting: [
            { ...headLeg, kursi: ['1', '2'] },
            { ...seatLeg, kursi: ['2', '3'] },
          ],
        });
        expect(withSeats).toMatchObject({ httpStatus: 400, code: 'RSV-1' });
      });
    });

    it('refuses a seat taken meanwhile with 409 RSV-2', async () => {
      const day = addDays(TEST_TODAY, 22);
      await book(TWO_PRICE.scheduleCode, day, '6');
      const error = await fails(
        app,
        'cekHarga',
        pergi(TWO_PRICE.operatorCode, TWO_PRICE.scheduleCode, day, ['5', '6']),
      );
      expect(error).toMatchObject({ httpStatus: 409, code: 'RSV-2', message: 'Kursi 6 sudah tidak tersedia' });
    });

    it('refuses seats that are not on the layout, repeated, or more than 3', async () => {
      const code = [TWO_PRICE.operatorCode, TWO_PRICE.scheduleCode, QUIET_DAY] as const;
      const missing = await fails(app, 'cekHarga', pergi(...code, ['99']));
      expect(missing).toMatchObject({ httpStatus: 400, code: 'RSV-1' });
      expect(missing.message).toContain('Kursi 99');
      expect((await fails(app, 'cekHarga', pergi(...code, ['2', '2']))).message).toContain('lebih dari sekali');
      expect((await fails(app, 'cekHarga', pergi(...code, ['2', '3', '4', '5']))).message).toContain(
        'batas maksimum (3)',
      );
    });

    it('refuses an unknown schedule (404) and a day it cannot be sold (400)', async () => {
      expect(await fails(app, 'cekHarga', pergi('XTR', 'XTR-NOPE', QUIET_DAY, ['2']))).toMatchObject({
        httpStatus: 404,
        code: 'NFD-1',
      });
      expect(
        await fails(
          app,
          'cekHarga',
          pergi(TWO_PRICE.operatorCode, TWO_PRICE.scheduleCode, addDays(TEST_TODAY, -2), ['2']),
        ),
      ).toMatchObject({
        httpStatus: 400,
        code: 'RSV-1',
      });
    });

    it('refuses bodies of the wrong shape with a clear message', async () => {
      const cases: [unknown, string][] = [
        [{}, 'jadwal pergi wajib diisi'],
        [{ ...pergi('XTR', TWO_PRICE.scheduleCode, QUIET_DAY, ['2']), kursi_pergi: '2' }, 'kursi_pergi'],
        [{ ...pergi('XTR', TWO_PRICE.scheduleCode, '2026-02-30', ['2']) }, 'tanggal tidak ada di kalender'],
        [{ ...pergi('XTR', TWO_PRICE.scheduleCode, QUIET_DAY, ['2']), flag_pp: 1 }, 'jadwal pulang wajib diisi'],
        [{ ...pergi('XTR', TWO_PRICE.scheduleCode, QUIET_DAY, ['2']), flag_asuransi: 'ya' }, 'flag_asuransi'],
        [{ ...pergi('XTR', TWO_PRICE.scheduleCode, QUIET_DAY, ['2']), donasi: -5 }, 'donasi'],
        [{ ...pergi('XTR', TWO_PRICE.scheduleCode, QUIET_DAY, ['2']), donasi: 'banyak' }, 'donasi'],
        [{ ...pergi('XTR', TWO_PRICE.scheduleCode, QUIET_DAY, ['2']), operator_kode_pergi: 7 }, 'operator_kode_pergi'],
      ];
      for (const [body, text] of cases) {
        const error = await fails(app, 'cekHarga', JSON.stringify(body));
        expect(error, JSON.stringify(body)).toMatchObject({ httpStatus: 400, code: 'REQ-1' });
        expect(error.message, JSON.stringify(body)).toContain(text);
      }
    });
  });
});
