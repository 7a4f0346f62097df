import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp, type App } from '../../server/app';
import { reservations, vouchers } from '../../server/db/schema';
import { SEED_FIXTURES } from '../../server/db/seed';
import { addDays } from '../../server/lib/dates';
import { TEST_TODAY, testNow, createTestDatabase, type TestDatabase, describeEachDatabase } from './helpers/test-db';
import { API_BASE, PREFIX } from '../../contract';
import { call, defaultHeaders, fails, ok, toQuery } from './api-support';

const TOMORROW = addDays(TEST_TODAY, 1);
/** Past the seed's 14 days of sprinkled bookings: ordinary schedules are empty here. */
const QUIET_DAY = addDays(TEST_TODAY, 20);
const V = SEED_FIXTURES.vouchers;
const [TWO_PRICE] = SEED_FIXTURES.twoPrice;
const PROMO = SEED_FIXTURES.promo;
const NO_SEAT = SEED_FIXTURES.noSeatSelection;
const DEMO = SEED_FIXTURES.customers.demo;

/** The seeded vouchers; rows other tests insert are left out where a list is compared whole. */
const SEEDED = new Set<string>([V.percent, V.nominal, V.longRunning, V.expired, V.exhausted, V.qrisOnly.code]);

const trip = {
  email: DEMO.email,
  telp: DEMO.phone,
  operator_kode_pergi: TWO_PRICE.operatorCode,
  jadwal_kode_pergi: TWO_PRICE.scheduleCode,
  tanggal_berangkat_pergi: TOMORROW,
};

describeEachDatabase('vouchers on %s', (kind) => {
  let handle: TestDatabase;
  let app: App;
  let reservationNo = 0;

  const validate = (voucher_kode: string, total_amount: number, extra: Record<string, unknown> = {}) =>
    call(app, 'validasiVoucher', { ...trip, voucher_kode, total_amount, ...extra });

  async function refusal(voucher_kode: string, total_amount: number, extra: Record<string, unknown> = {}) {
    return fails(app, 'validasiVoucher', { ...trip, voucher_kode, total_amount, ...extra });
  }

  async function addVoucher(values: Partial<typeof vouchers.$inferInsert> & { code: string }): Promise<void> {
    await handle.db.insert(vouchers).values({
      name: `Voucher Uji ${values.code}`,
      discountType: 'nominal',
      discountValue: 10000,
      minAmount: 0,
      validFrom: TEST_TODAY,
      validUntil: addDays(TEST_TODAY, 10),
      ...values,
    });
  }

  async function addReservation(voucherCode: string, status: 'pending' | 'paid' | 'cancelled' | 'expired') {
    reservationNo += 1;
    await handle.db.insert(reservations).values({
      code: `UJI${String(reservationNo).padStart(7, '0')}`,
      status,
      bookerName: 'Budi Santoso',
      bookerPhone: '081298765432',
      bookerEmail: 'budi.santoso@contoh.id',
      voucherCode,
      subTotal: 150000,
      total: 140000,
      expiresAt: new Date(`${TOMORROW}T10:00:00+07:00`),
    });
  }

  const listCodes = async (search?: string) =>
    (await ok(app, 'listVoucher', search === undefined ? {} : { search })).list.map((v) => v.voucher_kode);

  beforeAll(async () => {
    handle = await createTestDatabase(kind);
    app = createApp({ db: handle.db, today: () => TEST_TODAY, now: testNow });
  });
  afterAll(async () => {
    await handle.destroy();
  });

  describe('validasi-voucher', () => {
    it('answers a percent voucher with its discount and rules', async () => {
      expect(await ok(app, 'validasiVoucher', { ...trip, voucher_kode: V.percent, total_amount: 150000 })).toEqual({
        voucher_kode: 'HEMAT10',
        voucher_nama: 'Diskon 10% Perjalanan Hemat',
        potongan: 15000,
        tipe_potongan: 'persen',
        nilai_potongan: 10,
        maks_potongan: 25000,
        min_transaksi: 100000,
        berlaku_sampai: '2026-12-23',
      });
    });

    it('caps a percent discount and rounds it down', async () => {
      const capped = await ok(app, 'validasiVoucher', { ...trip, voucher_kode: V.percent, total_amount: 400000 });
      expect(capped.potongan).toBe(25000);
      const odd = await ok(app, 'validasiVoucher', { ...trip, voucher_kode: V.percent, total_amount: 100005 });
      expect(odd.potongan).toBe(10000);
      const mudik = await ok(app, 'validasiVoucher', { ...trip, voucher_kode: V.longRunning, total_amount: 1000000 });
      expect(mudik).toMatchObject({ potongan: 50000, maks_potongan: 50000, min_transaksi: 200000 });
    });

    it('takes a fixed amount off, never more than the total', async () => {
      const nominal = await ok(app, 'validasiVoucher', { ...trip, voucher_kode: V.nominal, total_amount: 150000 });
      expect(nominal).toMatchObject({
        potongan: 20000,
        tipe_potongan: 'nominal',
        nilai_potongan: 20000,
        maks_potongan: null,
        berlaku_sampai: '2026-12-07',
      });
      await addVoucher({ code: 'UJIBESAR', discountValue: 50000 });
      expect(
        (await ok(app, 'validasiVoucher', { ...trip, voucher_kode: 'UJIBESAR', total_amount: 30000 })).potongan,
      ).toBe(30000);
      expect((await ok(app, 'validasiVoucher', { ...trip, voucher_kode: 'UJIBESAR', total_amount: 0 })).potongan).toBe(
        0,
      );
    });

    it('reads the code without regard to case or surrounding spaces', async () => {
      const results = await ok(app, 'validasiVoucher', { ...trip, voucher_kode: ' hemat10 ', total_amount: 150000 });
      expect(results.voucher_kode).toBe('HEMAT10');
    });

    it('refuses an unknown code with VCR-1', async () => {
      expect(await refusal('TIDAKADA', 150000)).toEqual({
        httpStatus: 422,
        status: 'ERROR',
        code: 'VCR-1',
        message: 'Kode voucher tidak ditemukan',
      });
    });

    it('refuses a voucher outside its dates with VCR-2, and takes both ends of the window', async () => {
      expect(await refusal(V.expired, 150000)).toMatchObject({
        httpStatus: 422,
        code: 'VCR-2',
        message: 'Voucher sudah tidak berlaku',
      });
      await addVoucher({ code: 'UJIBESOK', validFrom: TOMORROW, validUntil: addDays(TEST_TODAY, 5) });
      expect(await refusal('UJIBESOK', 150000)).toMatchObject({
        httpStatus: 422,
        code: 'VCR-2',
        message: 'Voucher belum dapat digunakan',
      });
      await addVoucher({ code: 'UJIHARIINI', validFrom: addDays(TEST_TODAY, -5), validUntil: TEST_TODAY });
      await ok(app, 'validasiVoucher', { ...trip, voucher_kode: 'UJIHARIINI', total_amount: 150000 });
      // MUDIK15 starts today.
      await ok(app, 'validasiVoucher', { ...trip, voucher_kode: V.longRunning, total_amount: 200000 });
    });

    it('refuses a voucher whose quota is used with VCR-3 (the seeded paid order used HABIS)', async () => {
      expect(await refusal(V.exhausted, 150000)).toMatchObject({
        httpStatus: 422,
        code: 'VCR-3',
        message: 'Kuota voucher sudah habis',
      });
    });

    it('counts pending and paid reservations against the quota, not cancelled or expired ones', async () => {
      await addVoucher({ code: 'UJIKUOTA2', quota: 2 });
      await addReservation('UJIKUOTA2', 'cancelled');
      await addReservation('UJIKUOTA2', 'expired');
      await addReservation('UJIKUOTA2', 'pending');
      // A reservation of another voucher uses nothing of this one.
      await addReservation(V.percent, 'paid');
      await ok(app, 'validasiVoucher', { ...trip, voucher_kode: 'UJIKUOTA2', total_amount: 150000 });
      expect(await listCodes('UJIKUOTA2')).toEqual(['UJIKUOTA2']);
      await addReservation('UJIKUOTA2', 'paid');
      expect(await refusal('UJIKUOTA2', 150000)).toMatchObject({ httpStatus: 422, code: 'VCR-3' });
      expect(await listCodes('UJIKUOTA2')).toEqual([]);
      await addVoucher({ code: 'UJIKUOTA0', quota: 0 });
      expect(await refusal('UJIKUOTA0', 150000)).toMatchObject({ code: 'VCR-3' });
    });

    it('refuses a total below the minimum with VCR-4, naming the minimum in rupiah', async () => {
      expect(await refusal(V.nominal, 149999)).toMatchObject({
        httpStatus: 422,
        code: 'VCR-4',
        message: 'Voucher berlaku untuk transaksi minimal Rp 150.000',
      });
      await ok(app, 'validasiVoucher', { ...trip, voucher_kode: V.nominal, total_amount: 150000 });
      await addVoucher({ code: 'UJIJUTAAN', minAmount: 1250000 });
      expect((await refusal('UJIJUTAAN', 0)).message).toBe('Voucher berlaku untuk transaksi minimal Rp 1.250.000');
    });

    it('refuses another payment method, or none chosen yet, with VCR-5 naming the method', async () => {
      const { code, paymentMethod } = V.qrisOnly;
      const expected = {
        httpStatus: 422,
        code: 'VCR-5',
        message: 'Voucher hanya berlaku untuk pembayaran QRIS',
      };
      expect(await refusal(code, 150000)).toMatchObject(expected);
      expect(await refusal(code, 150000, { jenis_pembayaran_kode: 'VA_BCA' })).toMatchObject(expected);
      const qris = await ok(app, 'validasiVoucher', {
        ...trip,
        voucher_kode: code,
        total_amount: 100000,
        jenis_pembayaran_kode: paymentMethod,
      });
      expect(qris).toMatchObject({
        potongan: 15000,
        tipe_potongan: 'persen',
        nilai_potongan: 15,
        maks_potongan: 25000,
      });
      const capped = await ok(app, 'validasiVoucher', {
        ...trip,
        voucher_kode: code,
        total_amount: 400000,
        jenis_pembayaran_kode: paymentMethod,
      });
      expect(capped.potongan).toBe(25000);
      // A voucher for any method takes any method, or none.
      await ok(app, 'validasiVoucher', {
        ...trip,
        voucher_kode: V.percent,
        total_amount: 150000,
        jenis_pembayaran_kode: 'OVO',
      });
    });

    it('checks the rules in order: dates, quota, minimum, payment method', async () => {
      await addVoucher({
        code: 'UJIURUT1',
        validUntil: addDays(TEST_TODAY, -1),
        validFrom: addDays(TEST_TODAY, -9),
        quota: 0,
        minAmount: 500000,
        paymentMethodCode: 'QRIS',
      });
      expect((await refusal('UJIURUT1', 1000)).code).toBe('VCR-2');
      await addVoucher({ code: 'UJIURUT2', quota: 0, minAmount: 500000, paymentMethodCode: 'QRIS' });
      expect((await refusal('UJIURUT2', 1000)).code).toBe('VCR-3');
      await addVoucher({ code: 'UJIURUT3', minAmount: 500000, paymentMethodCode: 'QRIS' });
      expect((await refusal('UJIURUT3', 1000)).code).toBe('VCR-4');
      expect((await refusal('UJIURUT3', 500000)).code).toBe('VCR-5');
    });

    it('takes a round trip', async () => {
      await ok(app, 'validasiVoucher', {
        ...trip,
        voucher_kode: V.percent,
        total_amount: 300000,
        flag_pp: 1,
        operator_kode_pulang: 'XTR',
        jadwal_kode_pulang: 'XTR-JKT-BDG-0700',
        tanggal_berangkat_pulang: addDays(TOMORROW, 2),
      });
    });

    it('refuses malformed queries with 400 REQ-1 naming the field', async () => {
      const base = { ...trip, voucher_kode: V.percent, total_amount: 150000 };
      const cases: [Record<string, unknown>, string][] = [
        [{ ...base, voucher_kode: undefined }, 'voucher_kode'],
        [{ ...base, voucher_kode: 'X'.repeat(33) }, 'voucher_kode'],
        [{ ...base, total_amount: undefined }, 'total_amount'],
        [{ ...base, total_amount: -1 }, 'total_amount'],
        [{ ...base, total_amount: 'banyak' }, 'total_amount'],
        [{ ...base, total_amount: 1.5 }, 'total_amount'],
        [{ ...base, email: 'bukan-email' }, 'email: Format email tidak valid'],
        [{ ...base, email: undefined }, 'email'],
        [{ ...base, telp: '08abc' }, 'telp: Hanya angka yang boleh digunakan'],
        [{ ...base, tanggal_berangkat_pergi: '2026-02-30' }, 'tanggal tidak ada di kalender'],
        [{ ...base, jadwal_kode_pergi: undefined }, 'jadwal_kode_pergi'],
        [{ ...base, flag_pp: 2 }, 'flag_pp'],
        [{ ...base, flag_pp: 1 }, 'jadwal pulang wajib diisi'],
      ];
      for (const [query, text] of cases) {
        const error = await fails(app, 'validasiVoucher', query);
        expect(error, JSON.stringify(query)).toMatchObject({ httpStatus: 400, code: 'REQ-1' });
        expect(error.message, JSON.stringify(query)).toContain(text);
      }
      expect(await fails(app, 'validasiVoucher', {})).toMatchObject({ httpStatus: 400, code: 'REQ-1' });
    });
  });

  describe('cek-harga and validasi-voucher agree', () => {
    const pergi = (operator: string, code: string, kursi: string[], extra: Record<string, unknown> = {}) => ({
      operator_kode_pergi: operator,
      jadwal_kode_pergi: code,
      tanggal_berangkat_pergi: QUIET_DAY,
      kursi_pergi: kursi,
      ...extra,
    });
    const cases: {
      label: string;
      body: Record<string, unknown>;
      voucher: string;
      payment: string | null;
      outcome: 'OK' | 'VCR-1' | 'VCR-2' | 'VCR-3' | 'VCR-4' | 'VCR-5';
    }[] = [
      {
        label: 'percent',
        body: pergi('XTR', TWO_PRICE.scheduleCode, ['2']),
        voucher: V.percent,
        payment: null,
        outcome: 'OK',
      },
      {
        label: 'percent capped',
        body: pergi('XTR', TWO_PRICE.scheduleCode, ['1', '2', '3']),
        voucher: V.percent,
        payment: null,
        outcome: 'OK',
      },
      {
        label: 'nominal',
        body: pergi('XTR', TWO_PRICE.scheduleCode, ['2']),
        voucher: V.nominal,
        payment: 'VA_BCA',
        outcome: 'OK',
      },
      {
        label: 'below minimum',
        body: pergi(PROMO.operatorCode, PROMO.scheduleCode, ['9']),
        voucher: V.nominal,
        payment: null,
        outcome: 'VCR-4',
      },
      {
        label: 'expired',
        body: pergi('XTR', TWO_PRICE.scheduleCode, ['2']),
        voucher: V.expired,
        payment: null,
        outcome: 'VCR-2',
      },
      {
        label: 'quota used',
        body: pergi('XTR', TWO_PRICE.scheduleCode, ['2']),
        voucher: V.exhausted,
        payment: null,
        outcome: 'VCR-3',
      },
      {
        label: 'unknown',
        body: pergi('XTR', TWO_PRICE.scheduleCode, ['2']),
        voucher: 'TIDAKADA',
        payment: null,
        outcome: 'VCR-1',
      },
      {
        label: 'QRIS only, none chosen',
        body: pergi('XTR', TWO_PRICE.scheduleCode, ['2']),
        voucher: V.qrisOnly.code,
        payment: null,
        outcome: 'VCR-5',
      },
      {
        label: 'QRIS only, OVO',
        body: pergi('XTR', TWO_PRICE.scheduleCode, ['2']),
        voucher: V.qrisOnly.code,
        payment: 'OVO',
        outcome: 'VCR-5',
      },
      {
        label: 'QRIS only, QRIS',
        body: pergi('XTR', TWO_PRICE.scheduleCode, ['2']),
        voucher: V.qrisOnly.code,
        payment: 'QRIS',
        outcome: 'OK',
      },
      {
        label: 'head count',
        body: pergi(NO_SEAT.operatorCode, NO_SEAT.scheduleCode, [], { jumlah_penumpang_pergi: 2 }),
        voucher: V.longRunning,
        payment: null,
        outcome: 'OK',
      },
    ];

    it.each(cases)('$label: $outcome', async ({ body, voucher, payment, outcome }) => {
      const plain = await ok(app, 'cekHarga', body);
      const priced = await call(app, 'cekHarga', { ...body, voucher_kode: voucher, jenis_pembayaran_kode: payment });
      const checked = await validate(voucher, plain.sub_total, payment ? { jenis_pembayaran_kode: payment } : {});
      expect(checked.ok ? 'OK' : checked.error.code).toBe(outcome);
      expect(priced.ok).toBe(checked.ok);
      if (priced.ok && checked.ok) {
        const line = priced.results.list_harga.find((l) => l.type === 'less');
        expect(line).toEqual({
          title: `Voucher ${checked.results.voucher_nama}`,
          price: checked.results.potongan,
          type: 'less',
        });
        expect(checked.results.potongan).toBeGreaterThan(0);
      } else if (!priced.ok && !checked.ok) {
        expect(priced.status).toBe(422);
        expect(checked.status).toBe(422);
        expect(priced.error).toEqual(checked.error);
      }
    });

    it('gives the figures the rules give', async () => {
      const percent = await ok(app, 'cekHarga', {
        ...pergi('XTR', TWO_PRICE.scheduleCode, ['2']),
        voucher_kode: V.qrisOnly.code,
        jenis_pembayaran_kode: 'QRIS',
      });
      // 15% of 150.000 is 22.500, under the Rp 25.000 cap; QRIS adds 1% admin (1.500).
      expect(percent.list_harga).toContainEqual({
        title: 'Voucher Diskon 15% Bayar Pakai QRIS',
        price: 22500,
        type: 'less',
      });
      expect(percent.total_bayar).toBe(150000 - 22500 + 1500);
      const refused = await fails(app, 'cekHarga', {
        ...pergi('XTR', TWO_PRICE.scheduleCode, ['2']),
        voucher_kode: V.qrisOnly.code,
      });
      expect(refused).toMatchObject({
        httpStatus: 422,
        code: 'VCR-5',
        message: 'Voucher hanya berlaku untuk pembayaran QRIS',
      });
    });
  });

  describe('list-voucher', () => {
    it('lists the vouchers usable today, by name, leaving out expired and used-up ones', async () => {
      const { list } = await ok(app, 'listVoucher');
      const seeded = list.filter((v) => SEEDED.has(v.voucher_kode));
      expect(seeded.map((v) => v.voucher_kode)).toEqual(['HEMAT10', 'QRISHEMAT', 'MUDIK15', 'POTONG20K']);
      expect(seeded.find((v) => v.voucher_kode === 'QRISHEMAT')).toEqual({
        voucher_kode: 'QRISHEMAT',
        voucher_nama: 'Diskon 15% Bayar Pakai QRIS',
        deskripsi: 'Diskon 15% hingga Rp 25.000 khusus pembayaran dengan QRIS.',
        tipe_potongan: 'persen',
        nilai_potongan: 15,
        maks_potongan: 25000,
        min_transaksi: 0,
        berlaku_sampai: '2026-12-23',
        metode_pembayaran: 'QRIS',
        metode_pembayaran_nama: 'QRIS',
      });
      expect(seeded.find((v) => v.voucher_kode === 'POTONG20K')).toMatchObject({
        metode_pembayaran: null,
        metode_pembayaran_nama: null,
        min_transaksi: 150000,
      });
      for (const voucher of seeded) expect(voucher.deskripsi.length).toBeGreaterThan(0);
    });

    it('keeps the whole list in name order', async () => {
      const names = (await ok(app, 'listVoucher')).list.map((v) => v.voucher_nama.toLowerCase());
      expect(names.length).toBeGreaterThan(1);
      const sorted = [...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
      expect(names).toEqual(sorted);
    });

    it('leaves out a voucher not valid yet', async () => {
      await addVoucher({ code: 'UJINANTI', validFrom: addDays(TEST_TODAY, 3), validUntil: addDays(TEST_TODAY, 9) });
      expect(await listCodes('UJINANTI')).toEqual([]);
    });

    it('filters by part of the code or the name, without regard to case', async () => {
      expect((await listCodes('hemat')).filter((c) => SEEDED.has(c))).toEqual(['HEMAT10', 'QRISHEMAT']);
      expect(await listCodes('MUDIK')).toEqual(['MUDIK15']);
      expect(await listCodes('rp 20.000')).toEqual(['POTONG20K']);
      expect(await listCodes('10%')).toEqual(['HEMAT10']);
      expect(await listCodes('kadaluarsa')).toEqual([]);
      expect(await listCodes('tidak ada voucher seperti ini')).toEqual([]);
    });

    it('takes the booker email and phone', async () => {
      const { list } = await ok(app, 'listVoucher', { search: 'potong', email: DEMO.email, telp: DEMO.phone });
      expect(list.map((v) => v.voucher_kode)).toEqual(['POTONG20K']);
    });

    it('refuses an over-long search with 400 REQ-1', async () => {
      const error = await fails(app, 'listVoucher', { search: 'x'.repeat(65) });
      expect(error).toMatchObject({ httpStatus: 400, code: 'REQ-1' });
      expect(error.message).toContain('search');
    });
  });

  describe('detail-voucher', () => {
    it('gives a voucher with its terms', async () => {
      expect(await ok(app, 'detailVoucher', { voucher_kode: V.percent })).toEqual({
        voucher_kode: 'HEMAT10',
        voucher_nama: 'Diskon 10% Perjalanan Hemat',
        deskripsi: 'Hemat 10% untuk perjalanan bus dan shuttle ke mana saja, potongan hingga Rp 25.000.',
        tipe_potongan: 'persen',
        nilai_potongan: 10,
        maks_potongan: 25000,
        min_transaksi: 100000,
        berlaku_sampai: '2026-12-23',
        metode_pembayaran: null,
        metode_pembayaran_nama: null,
        syarat: [
          'Diskon 10% dari total harga tiket',
          'Potongan maksimal Rp 25.000',
          'Minimal transaksi Rp 100.000',
          'Berlaku sampai 23 Desember 2026',
        ],
      });
    });

    it('writes terms for a fixed amount, a payment method and a quota', async () => {
      expect((await ok(app, 'detailVoucher', { voucher_kode: V.nominal })).syarat).toEqual([
        'Potongan Rp 20.000 dari total harga tiket',
        'Minimal transaksi Rp 150.000',
        'Berlaku sampai 7 Desember 2026',
      ]);
      expect((await ok(app, 'detailVoucher', { voucher_kode: 'qrishemat' })).syarat).toEqual([
        'Diskon 15% dari total harga tiket',
        'Potongan maksimal Rp 25.000',
        'Tanpa minimal transaksi',
        'Berlaku sampai 23 Desember 2026',
        'Hanya berlaku untuk pembayaran QRIS',
      ]);
      expect((await ok(app, 'detailVoucher', { voucher_kode: V.exhausted })).syarat).toContain(
        'Kuota voucher sudah habis',
      );
      await addVoucher({ code: 'UJIKUOTA5', quota: 5, validFrom: addDays(TEST_TODAY, 2) });
      await addReservation('UJIKUOTA5', 'pending');
      expect((await ok(app, 'detailVoucher', { voucher_kode: 'UJIKUOTA5' })).syarat).toEqual([
        'Potongan Rp 10.000 dari total harga tiket',
        'Tanpa minimal transaksi',
        'Berlaku mulai 25 November 2026',
        'Berlaku sampai 3 Desember 2026',
        'Kuota terbatas, tersisa 4 dari 5',
      ]);
    });

    it('still describes an expired voucher', async () => {
      const expired = await ok(app, 'detailVoucher', { voucher_kode: V.expired });
      expect(expired.berlaku_sampai).toBe('2026-11-22');
      expect(expired.syarat).toContain('Masa berlaku berakhir 22 November 2026');
    });

    it('answers 404 NFD-1 for an unknown code and 400 without one', async () => {
      expect(await fails(app, 'detailVoucher', { voucher_kode: 'TIDAKADA' })).toEqual({
        httpStatus: 404,
        status: 'ERROR',
        code: 'NFD-1',
        message: 'Voucher tidak ditemukan',
      });
      expect(await fails(app, 'detailVoucher', {})).toMatchObject({ httpStatus: 400, code: 'REQ-1' });
    });
  });

  describe("the spec's paths without the prefix", () => {
    /** One GET at `path` with the app's headers: status and body as sent. */
    const raw = async (path: string, input: Record<string, unknown>) => {
      const response = await app.request(`${API_BASE}${path}${toQuery(input)}`, { headers: defaultHeaders() });
      return { status: response.status, body: (await response.json()) as unknown };
    };
    const cases: [string, Record<string, unknown>][] = [
      ['detail-voucher', { voucher_kode: V.percent }],
      ['detail-voucher', { voucher_kode: 'TIDAKADA' }],
      ['list-voucher', { search: V.percent.slice(0, 4) }],
      ['validasi-voucher', { ...trip, voucher_kode: V.nominal, total_amount: 150000 }],
      ['validasi-voucher', { ...trip, voucher_kode: V.expired, total_amount: 150000 }],
      ['validasi-voucher', { voucher_kode: V.nominal }],
    ];
    it.each(cases)('%s answers without the prefix as under it (%j)', async (name, input) => {
      const bare = await raw(`/${name}`, input);
      const prefixed = await raw(`/${PREFIX}/${name}`, input);
      expect(bare).toEqual(prefixed);
    });
    it('a known voucher is found at /detail-voucher, with the same terms as under the prefix', async () => {
      const bare = await raw('/detail-voucher', { voucher_kode: V.percent });
      expect(bare.status).toBe(200);
      expect(bare.body).toEqual({ status: 'OK', results: await ok(app, 'detailVoucher', { voucher_kode: V.percent }) });
    });
  });
});
