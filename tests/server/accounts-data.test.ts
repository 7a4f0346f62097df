import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE, endpoints } from '../../contract';
import { createApp, type App } from '../../server/app';
import { SEED_FIXTURES } from '../../server/db/seed';
import { addDays } from '../../server/lib/dates';
import { sweepExpired } from '../../server/services/reservations-db';
import { defaultHeaders, fails, ok } from './api-support';
import { freshPhone, phoneContact, signIn } from './helpers/accounts';
import { MANY_ORDERS, XTR, reserveSeat } from './helpers/orders';
import { TEST_TODAY, createTestDatabase, type TestDatabase, describeEachDatabase } from './helpers/test-db';

/*
 * A signed-in customer's own data: profile (form-encoded update), bookings (active and history,
 * paged) and points (balance and a history that explains every change). Nobody reads another's.
 */

const START = new Date(`${TEST_TODAY}T08:00:00+07:00`);
const minutes = (n: number) => new Date(START.getTime() + n * 60_000);
const DEMO = SEED_FIXTURES.customers.demo;
const SIGN_IN = 'Masuk untuk bisa gunakan fitur ini';
const NOT_FOUND = 'Pesanan tidak ditemukan';
/** XTR costs Rp 150.000: 10% may be paid with points; cashback is 1% of the ticket price. */
const REDEEMED = 15_000;
const CASHBACK = 1_500;

const GOOD_PROFILE = {
  nama: 'Sari Wulandari',
  jenis_kelamin: 'P',
  tanggal_lahir: '1994-08-17',
  pekerjaan_id: '2',
};

describeEachDatabase('a customer’s own data on %s', (kind) => {
  let handle: TestDatabase;
  let app: App;
  let clock = START;

  beforeAll(async () => {
    handle = await createTestDatabase(kind, { max: 10 });
    app = createApp({ ...MANY_ORDERS, db: handle.db, today: () => TEST_TODAY, now: () => clock });
  });
  afterAll(async () => {
    await handle.destroy();
  });

  describe('profile', () => {
    it('starts empty for a new account and saves the form-encoded update', async () => {
      const token = await signIn(app);
      const fresh = await ok(app, 'customerProfil', {}, { bearer: token });
      expect(fresh).toMatchObject({ nama: '', email: '', jenis_kelamin: null, tanggal_lahir: null });
      expect(fresh.telp).toMatch(/^08\d+$/);

      const saved = await ok(app, 'customerUpdateData', GOOD_PROFILE, { bearer: token });
      expect(saved).toMatchObject({
        nama: 'Sari Wulandari',
        jenis_kelamin: 'P',
        tanggal_lahir: '1994-08-17',
        pekerjaan_id: 2,
        pekerjaan_lainnya: null,
      });
      expect(await ok(app, 'customerProfil', {}, { bearer: token })).toEqual(saved);
    });

    it('is the caller’s own: one customer’s update never shows in another’s profile', async () => {
      const phone = freshPhone();
      const one = await signIn(app, phoneContact(phone));
      const other = await signIn(app);
      await ok(app, 'customerUpdateData', GOOD_PROFILE, { bearer: other });
      expect(await ok(app, 'customerProfil', {}, { bearer: one })).toMatchObject({ nama: '', telp: phone });
      expect((await ok(app, 'customerProfil', {}, { bearer: other })).telp).not.toBe(phone);
      expect(await ok(app, 'customerPoint', {}, { bearer: one })).toEqual({ total_point: 0 });
      expect((await ok(app, 'customerPoint', {}, { bearer: DEMO.token })).total_point).toBeGreaterThan(0);
    });

    it('keeps "pekerjaan lainnya" only with Lainnya, and asks for it there', async () => {
      const token = await signIn(app);
      const other = { ...GOOD_PROFILE, pekerjaan_id: '99', pekerjaan_lainnya: 'Pemandu wisata' };
      expect((await ok(app, 'customerUpdateData', other, { bearer: token })).pekerjaan_lainnya).toBe('Pemandu wisata');
      const notOther = { ...GOOD_PROFILE, pekerjaan_lainnya: 'Pemandu wisata' };
      expect((await ok(app, 'customerUpdateData', notOther, { bearer: token })).pekerjaan_lainnya).toBeNull();
      const missing = await fails(
        app,
        'customerUpdateData',
        { ...GOOD_PROFILE, pekerjaan_id: '99' },
        { bearer: token },
      );
      expect([missing.httpStatus, missing.code]).toEqual([400, 'REQ-1']);
      expect(missing.message).toContain('Harap isi pekerjaan lainnya');
    });

    it.each([
      [{ nama: 'Sari 123' }, 'Hanya abjad yang boleh digunakan'],
      [{ nama: 'Sa' }, 'Masukan min 3 karakter, maksimal 32 karakter'],
      [{ jenis_kelamin: 'X' }, 'Pilih jenis kelamin'],
      [{ tanggal_lahir: '2999-01-01' }, 'Tanggal lahir tidak boleh melebihi hari ini'],
      [{ tanggal_lahir: '1850-01-01' }, 'Tanggal lahir tidak valid'],
      [{ pekerjaan_id: '42' }, 'Pilih pekerjaan'],
    ])('refuses %o with "%s" and changes nothing', async (change, message) => {
      const token = await signIn(app);
      await ok(app, 'customerUpdateData', GOOD_PROFILE, { bearer: token });
      const refused = await fails(app, 'customerUpdateData', { ...GOOD_PROFILE, ...change }, { bearer: token });
      expect([refused.httpStatus, refused.code]).toEqual([400, 'REQ-1']);
      expect(refused.message).toContain(message);
      expect((await ok(app, 'customerProfil', {}, { bearer: token })).nama).toBe('Sari Wulandari');
    });

    it('takes the update only form-encoded, and never twice the same field', async () => {
      const token = await signIn(app);
      const headers = { ...defaultHeaders({ bearer: token }) };
      const url = `${API_BASE}${endpoints.customerUpdateData.path}`;
      const json = await app.request(url, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify(GOOD_PROFILE),
      });
      expect(json.status).toBe(415);
      expect(await json.json()).toMatchObject({ status: 'ERROR', code: 'REQ-1' });
      const twice = await app.request(url, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
        body: `${new URLSearchParams(GOOD_PROFILE).toString()}&nama=Orang+Lain`,
      });
      expect(twice.status).toBe(400);
      expect(await twice.json()).toMatchObject({ code: 'REQ-1', message: expect.stringContaining('nama') });
    });

    it('is closed to guests', async () => {
      for (const name of ['customerProfil', 'customerPoint'] as const) {
        expect(await fails(app, name, {})).toMatchObject({ httpStatus: 401, code: 'AUT-1', message: SIGN_IN });
      }
      expect(await fails(app, 'customerUpdateData', GOOD_PROFILE)).toMatchObject({ httpStatus: 401, code: 'AUT-1' });
      for (const name of ['listReservasi', 'listRiwayatReservasi', 'customerHistoryPoint'] as const) {
        expect(await fails(app, name, { page: 1 })).toMatchObject({ httpStatus: 401, code: 'AUT-1', message: SIGN_IN });
      }
    });
  });

  describe('bookings', () => {
    it('lists active orders and history apart, as of now, and only the caller’s own', async () => {
      clock = START;
      const mine = await signIn(app);
      const other = await signIn(app);
      const date = addDays(TEST_TODAY, 20);
      const unpaid = await reserveSeat(app, date, { bearer: mine });
      const paid = await reserveSeat(app, date, { bearer: mine });
      await ok(
        app,
        'gantiPembayaran',
        { reservasi_kode: paid.code, jenis_pembayaran_kode: 'VA_BCA' },
        { bearer: mine },
      );
      await ok(app, 'simulasiBayar', { reservasi_kode: paid.code }, { bearer: mine });
      const cancelled = await reserveSeat(app, date, { bearer: mine });
      await ok(app, 'batalReservasi', { reservasi_kode: cancelled.code, jenis_batal: 'lainnya' }, { bearer: mine });
      const theirs = await reserveSeat(app, date, { bearer: other });

      const active = await ok(app, 'listReservasi', { page: 1 }, { bearer: mine });
      expect(active.list.map((o) => [o.reservasi_kode, o.status]).sort()).toEqual(
        [
          [unpaid.code, 'pending'],
          [paid.code, 'paid'],
        ].sort(),
      );
      const card = active.list.find((o) => o.reservasi_kode === unpaid.code);
      expect(card).toMatchObject({
        total_bayar: XTR.price,
        jumlah_penumpang: 1,
        pulang: null,
        jumlah_leg: 0,
        pergi: {
          asal_kota_nama: 'Bandung',
          tujuan_kota_nama: 'Jakarta',
          tanggal_berangkat: date,
          jam_berangkat: '08:00',
        },
      });
      const past = await ok(app, 'listRiwayatReservasi', { page: 1 }, { bearer: mine });
      expect(past.list.map((o) => [o.reservasi_kode, o.status])).toEqual([[cancelled.code, 'cancelled']]);

      const othersView = await ok(app, 'listReservasi', { page: 1 }, { bearer: other });
      expect(othersView.list.map((o) => o.reservasi_kode)).toEqual([theirs.code]);

      // Past its deadline the unpaid order is history, read as expired before any sweep.
      clock = minutes(31);
      const later = await ok(app, 'listRiwayatReservasi', { page: 1 }, { bearer: mine });
      expect(later.list.find((o) => o.reservasi_kode === unpaid.code)?.status).toBe('expired');
      expect((await ok(app, 'listReservasi', { page: 1 }, { bearer: mine })).list.map((o) => o.reservasi_kode)).toEqual(
        [paid.code],
      );
      clock = START;
    });

    it('pages ten at a time, newest first in the history', async () => {
      clock = START;
      const token = await signIn(app);
      const date = addDays(TEST_TODAY, 21);
      const codes: string[] = [];
      for (let i = 0; i < 11; i += 1) {
        clock = minutes(i);
        const order = await reserveSeat(app, date, { bearer: token });
        await ok(app, 'batalReservasi', { reservasi_kode: order.code, jenis_batal: 'lainnya' }, { bearer: token });
        codes.push(order.code);
      }
      clock = minutes(12);
      const first = await ok(app, 'listRiwayatReservasi', { page: 1 }, { bearer: token });
      const second = await ok(app, 'listRiwayatReservasi', { page: 2 }, { bearer: token });
      expect([first.total, first.per_page, first.list.length, second.list.length]).toEqual([11, 10, 10, 1]);
      expect([...first.list, ...second.list].map((o) => o.reservasi_kode)).toEqual([...codes].reverse());
      clock = START;
    });

    it('never opens another customer’s order: it answers exactly as an unknown code', async () => {
      clock = START;
      const owner = await signIn(app);
      const stranger = await signIn(app);
      const order = await reserveSeat(app, addDays(TEST_TODAY, 22), { bearer: owner });
      expect((await ok(app, 'detailReservasi', { reservasi_kode: order.code }, { bearer: owner })).status).toBe(
        'pending',
      );

      const unknown = await fails(app, 'detailReservasi', { reservasi_kode: 'ZZZZZZZZZZ' }, { bearer: stranger });
      const read = await fails(app, 'detailReservasi', { reservasi_kode: order.code }, { bearer: stranger });
      expect(read).toEqual(unknown);
      expect(read).toMatchObject({ httpStatus: 404, code: 'NFD-1', message: NOT_FOUND });
      const cancel = await fails(
        app,
        'batalReservasi',
        { reservasi_kode: order.code, jenis_batal: 'lainnya' },
        { bearer: stranger },
      );
      expect(cancel).toMatchObject({ httpStatus: 404, code: 'NFD-1' });
      const change = await fails(
        app,
        'gantiPembayaran',
        { reservasi_kode: order.code, jenis_pembayaran_kode: 'QRIS' },
        { bearer: stranger },
      );
      expect(change).toMatchObject({ httpStatus: 404, code: 'NFD-1' });
      expect((await ok(app, 'detailReservasi', { reservasi_kode: order.code }, { bearer: owner })).status).toBe(
        'pending',
      );
    });
  });

  describe('points', () => {
    const entriesOf = async (token: string, code: string) =>
      (await ok(app, 'customerHistoryPoint', { page: 1 }, { bearer: token })).list
        .filter((e) => e.reservasi_kode === code)
        .map((e) => [e.tipe, e.point]);
    const balance = async (token: string) => (await ok(app, 'customerPoint', {}, { bearer: token })).total_point;
    const withPoints = { flag_point: 1, total_bayar: XTR.price - REDEEMED };

    it('explain the seeded balance, and a new account starts at 0 with no history', async () => {
      const history = await ok(app, 'customerHistoryPoint', { page: 1 }, { bearer: DEMO.token });
      expect(history.list.filter((e) => e.tipe === 'bonus').map((e) => e.point)).toEqual([DEMO.points]);
      const token = await signIn(app);
      expect(await ok(app, 'customerPoint', {}, { bearer: token })).toEqual({ total_point: 0 });
      expect(await ok(app, 'customerHistoryPoint', { page: 1 }, { bearer: token })).toMatchObject({
        total_point: 0,
        total: 0,
        list: [],
      });
    });

    it('redeemed on a reservation and returned on cancel: one row each, summing to the balance change', async () => {
      clock = START;
      const before = await balance(DEMO.token);
      const order = await reserveSeat(app, addDays(TEST_TODAY, 23), { bearer: DEMO.token, extra: withPoints });
      expect(await balance(DEMO.token)).toBe(before - REDEEMED);
      expect(await entriesOf(DEMO.token, order.code)).toEqual([['potongan', -REDEEMED]]);
      const latest = (await ok(app, 'customerHistoryPoint', { page: 1 }, { bearer: DEMO.token })).list[0];
      expect(latest?.keterangan).toBe(`Tukar point untuk pesanan ${order.code}`);

      await ok(app, 'batalReservasi', { reservasi_kode: order.code, jenis_batal: 'lainnya' }, { bearer: DEMO.token });
      expect(await balance(DEMO.token)).toBe(before);
      expect((await entriesOf(DEMO.token, order.code)).sort()).toEqual(
        [
          ['kembali', REDEEMED],
          ['potongan', -REDEEMED],
        ].sort(),
      );
    });

    it('returned once when the order expires, even when two sweeps race', async () => {
      clock = START;
      const before = await balance(DEMO.token);
      const order = await reserveSeat(app, addDays(TEST_TODAY, 24), { bearer: DEMO.token, extra: withPoints });
      await Promise.all([sweepExpired(handle.db, minutes(31)), sweepExpired(handle.db, minutes(31))]);
      await sweepExpired(handle.db, minutes(35));
      expect(await balance(DEMO.token)).toBe(before);
      const rows = await entriesOf(DEMO.token, order.code);
      expect(rows.filter(([tipe]) => tipe === 'kembali')).toEqual([['kembali', REDEEMED]]);
      expect(rows.reduce((sum, [, point]) => sum + Number(point), 0)).toBe(0);
    });

    it('returned once when a later booking of the same departure expires the order', async () => {
      clock = START;
      const before = await balance(DEMO.token);
      const date = addDays(TEST_TODAY, 27);
      const order = await reserveSeat(app, date, { bearer: DEMO.token, extra: withPoints });
      // Past its deadline, the next reservation of that bus gives the unpaid order's seats and points back.
      clock = minutes(31);
      await reserveSeat(app, date);
      expect(await balance(DEMO.token)).toBe(before);
      await sweepExpired(handle.db, minutes(40));
      expect(await balance(DEMO.token)).toBe(before);
      expect((await entriesOf(DEMO.token, order.code)).sort()).toEqual(
        [
          ['kembali', REDEEMED],
          ['potongan', -REDEEMED],
        ].sort(),
      );
      clock = START;
    });

    it('credited as cashback once when paid, however often the payment is reported', async () => {
      clock = START;
      const token = await signIn(app);
      const order = await reserveSeat(app, addDays(TEST_TODAY, 25), { bearer: token });
      await ok(
        app,
        'gantiPembayaran',
        { reservasi_kode: order.code, jenis_pembayaran_kode: 'VA_BCA' },
        { bearer: token },
      );
      await Promise.all([
        ok(app, 'simulasiBayar', { reservasi_kode: order.code }, { bearer: token }),
        ok(app, 'simulasiBayar', { reservasi_kode: order.code }, { bearer: token }),
      ]);
      expect(await balance(token)).toBe(CASHBACK);
      expect(await entriesOf(token, order.code)).toEqual([['cashback', CASHBACK]]);
    });

    it('spent again, with its row, when an expired order is paid late', async () => {
      clock = START;
      const before = await balance(DEMO.token);
      const order = await reserveSeat(app, addDays(TEST_TODAY, 26), { bearer: DEMO.token, extra: withPoints });
      await ok(
        app,
        'gantiPembayaran',
        { reservasi_kode: order.code, jenis_pembayaran_kode: 'VA_BCA' },
        { bearer: DEMO.token },
      );
      await sweepExpired(handle.db, minutes(31));
      expect(await balance(DEMO.token)).toBe(before);
      clock = minutes(32);
      await ok(app, 'simulasiBayar', { reservasi_kode: order.code }, { bearer: DEMO.token });
      expect(await balance(DEMO.token)).toBe(before - REDEEMED + CASHBACK);
      const rows = await entriesOf(DEMO.token, order.code);
      expect(rows.reduce((sum, [, point]) => sum + Number(point), 0)).toBe(-REDEEMED + CASHBACK);
      expect(rows.filter(([tipe]) => tipe === 'potongan')).toHaveLength(2);
      clock = START;
    });

    it('are the caller’s own: another customer’s history holds none of them', async () => {
      const token = await signIn(app);
      const history = await ok(app, 'customerHistoryPoint', { page: 1 }, { bearer: token });
      expect(history.list).toEqual([]);
      expect((await ok(app, 'customerHistoryPoint', { page: 1 }, { bearer: DEMO.token })).list.length).toBeGreaterThan(
        0,
      );
    });
  });
});
