import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GUEST_LOOKUP_REFUSED, type OrderDetail } from '../../contract';
import { createApp, type App } from '../../server/app';
import { reservations } from '../../server/db/schema';
import { SEED_FIXTURES } from '../../server/db/seed';
import { addDays } from '../../server/lib/dates';
import { call, defaultHeaders, fails, ok } from './api-support';
import { TEST_TODAY, createTestDatabase, type TestDatabase, describeEachDatabase } from './helpers/test-db';
import { MANY_ORDERS, XTR, booker, freeSeats, isTaken, reserveSeat, withKey } from './helpers/orders';

const START = new Date(`${TEST_TODAY}T08:00:00+07:00`);
const minutes = (n: number) => new Date(START.getTime() + n * 60_000);
const DEMO = SEED_FIXTURES.customers.demo;
const THREE_LEGS = [
  { operator: 'CPT', code: 'CPT-BDG-CRB-0600' },
  { operator: 'NRS', code: 'NRS-CRB-SMG-1000' },
  { operator: 'SBR', code: 'SBR-SMG-SBY-1530' },
];
const BANDUNG_JAKARTA = { asal_id: 1, asal_tipe: 'kota', tujuan_id: 2, tujuan_tipe: 'kota' } as const;

describeEachDatabase('after booking on %s', (kind) => {
  let handle: TestDatabase;
  let app: App;
  let clock = START;

  beforeAll(async () => {
    handle = await createTestDatabase(kind, { max: 20 });
    app = createApp({ ...MANY_ORDERS, db: handle.db, today: () => TEST_TODAY, now: () => clock });
  });
  afterAll(async () => {
    await handle.destroy();
  });

  /** Guest look-ups from their own client address, so the per-client limit of one test leaves others alone. */
  let client = 0;
  const fromClient = () => {
    client += 1;
    return { headers: { ...defaultHeaders(), 'x-forwarded-for': `10.0.0.${client}` } };
  };
  const lookUp = (code: string, contact: string, options = fromClient()) =>
    call(app, 'webDetailReservasi', { reservasi_kode: code, pemesan_email_telp: contact }, options);

  describe('detail-reservasi', () => {
    it('answers the ticket: legs with places, passengers with seats, price lines and the deadline', async () => {
      clock = START;
      const date = addDays(TEST_TODAY, 30);
      const order = await reserveSeat(app, date, { extra: { donasi: 5000, flag_asuransi: 1 } });
      clock = minutes(5);
      const detail = await ok(app, 'detailReservasi', { reservasi_kode: order.code }, withKey(order.key));
      expect(detail).toMatchObject({
        reservasi_kode: order.code,
        status: 'pending',
        flag_lunas: 0,
        ...booker,
        pulang: null,
        connecting: [],
        sub_total: 150000,
        biaya_admin: 0,
        jenis_pembayaran: null,
        batas_bayar: minutes(30).toISOString(),
        waktu_server: minutes(5).toISOString(),
        dibayar_pada: null,
        cashback_point: 0,
        bisa_batal: true,
      });
      expect(detail.pergi).toMatchObject({
        operator_kode: 'XTR',
        jadwal_kode: XTR.code,
        tanggal_berangkat: date,
        jam_berangkat: '08:00',
        asal_kota_nama: 'Bandung',
        tujuan_kota_nama: 'Jakarta',
        penumpang: [{ kursi: order.seat, nama: 'Budi Santoso' }],
      });
      expect(detail.pergi.asal_cabang_nama.length).toBeGreaterThan(0);
      expect(detail.pergi.asal_alamat.length).toBeGreaterThan(0);
      // Cover: 5% of 150.000 = 7.500; total 150.000 + 7.500 + 5.000.
      expect(detail.total_bayar).toBe(162500);
      expect(detail.list_harga).toEqual([
        { title: 'Harga Tiket (1 penumpang)', price: 150000, type: 'normal' },
        { title: 'Asuransi Refundable', price: 7500, type: 'add' },
        { title: 'Donasi Berkah', price: 5000, type: 'add' },
        { title: 'Total Pembayaran', price: 162500, type: 'total' },
      ]);
    });

    it('reads expired past the deadline, whether or not the sweep ran', async () => {
      clock = START;
      const order = await reserveSeat(app, addDays(TEST_TODAY, 31));
      clock = minutes(30);
      const detail = await ok(app, 'detailReservasi', { reservasi_kode: order.code }, withKey(order.key));
      expect([detail.status, detail.bisa_batal]).toEqual(['expired', false]);
      clock = START;
    });

    it('shows a voucher, the admin fee and the cashback a signed-in booker will get', async () => {
      clock = START;
      const order = await reserveSeat(app, addDays(TEST_TODAY, 32), {
        bearer: DEMO.token,
        extra: { voucher_kode: 'POTONG20K' },
      });
      await ok(
        app,
        'gantiPembayaran',
        { reservasi_kode: order.code, jenis_pembayaran_kode: 'VA_BNI' },
        withKey(order.key),
      );
      // The booker's token alone opens it.
      const detail = await ok(app, 'detailReservasi', { reservasi_kode: order.code }, { bearer: DEMO.token });
      expect(detail.list_harga).toEqual([
        { title: 'Harga Tiket (1 penumpang)', price: 150000, type: 'normal' },
        { title: 'Voucher POTONG20K', price: 20000, type: 'less' },
        { title: 'Biaya Admin BNI Virtual Account', price: 4000, type: 'add' },
        { title: 'Total Pembayaran', price: 134000, type: 'total' },
        { title: 'Cashback Point', price: 1500, type: 'cashback-point' },
      ]);
      expect(detail.jenis_pembayaran).toEqual({ kode: 'VA_BNI', nama: 'BNI Virtual Account', jenis: 'va' });
      expect([detail.total_bayar, detail.biaya_admin]).toEqual([134000, 4000]);
    });

    it('lists every leg of a connecting trip', async () => {
      clock = START;
      const date = addDays(TEST_TODAY, 33);
      const reserved = await ok(app, 'reservasi', {
        flag_connecting: 1,
        connecting: THREE_LEGS.map((leg) => ({
          operator_kode: leg.operator,
          jadwal_kode: leg.code,
          tanggal_berangkat: date,
          kursi: [{ no: '3', penumpang_nama: 'Budi Santoso' }],
        })),
        ...booker,
        total_bayar: 0,
      });
      const detail = await ok(
        app,
        'detailReservasi',
        { reservasi_kode: reserved.reservasi_kode },
        withKey(reserved.kunci_pesanan),
      );
      expect(detail.connecting.map((leg) => leg.jadwal_kode)).toEqual(THREE_LEGS.map((leg) => leg.code));
      expect(detail.pergi.jadwal_kode).toBe(THREE_LEGS[0]?.code);
      expect(detail.connecting.map((leg) => [leg.asal_kota_nama, leg.tujuan_kota_nama])).toEqual([
        ['Bandung', 'Cirebon'],
        ['Cirebon', 'Semarang'],
        ['Semarang', 'Surabaya'],
      ]);
    });

    it('without the key, with a wrong key or for an unknown code: the same 404', async () => {
      clock = START;
      const order = await reserveSeat(app, addDays(TEST_TODAY, 34));
      const replies = [
        await fails(app, 'detailReservasi', { reservasi_kode: order.code }),
        await fails(app, 'detailReservasi', { reservasi_kode: order.code }, withKey(`${order.key.slice(0, -2)}xx`)),
        await fails(
          app,
          'detailReservasi',
          { reservasi_kode: order.code },
          { bearer: SEED_FIXTURES.customers.zeroPoints.token },
        ),
        await fails(app, 'detailReservasi', { reservasi_kode: 'QQQQQQQQQQ' }, withKey(order.key)),
      ];
      for (const reply of replies) {
        expect([reply.httpStatus, reply.code, reply.message]).toEqual([404, 'NFD-1', 'Pesanan tidak ditemukan']);
      }
      for (const query of [{}, { reservasi_kode: '' }, { reservasi_kode: 'A B' }, { reservasi_kode: 'x'.repeat(40) }]) {
        const reply = await fails(app, 'detailReservasi', query, withKey(order.key));
        expect([reply.httpStatus, reply.code]).toEqual([400, 'REQ-1']);
      }
    });
  });

  describe('web-detail-reservasi (guest look-up)', () => {
    it("opens the order with the booker's email in any case or phone in any form, and hands over its key", async () => {
      clock = START;
      const order = await reserveSeat(app, addDays(TEST_TODAY, 35));
      const byEmail = await ok(
        app,
        'webDetailReservasi',
        { reservasi_kode: order.code.toLowerCase(), pemesan_email_telp: '  RINA@Contoh.ID ' },
        fromClient(),
      );
      expect(byEmail.kunci_pesanan).toBe(order.key);
      expect(byEmail.reservasi_kode).toBe(order.code);
      for (const phone of ['081234567890', '+62 812-3456-7890', '6281234567890']) {
        const reply = await lookUp(order.code, phone);
        expect(reply.ok).toBe(true);
      }
      const { kunci_pesanan: key, ...detail } = byEmail;
      const withGuestKey = await ok(app, 'detailReservasi', { reservasi_kode: order.code }, withKey(key));
      expect({ ...withGuestKey, waktu_server: detail.waktu_server }).toEqual(detail satisfies OrderDetail);
    });

    it('a wrong contact and an unknown code get one identical refusal', async () => {
      clock = START;
      const order = await reserveSeat(app, addDays(TEST_TODAY, 36));
      const replies = await Promise.all([
        lookUp(order.code, 'orang.lain@contoh.id'),
        lookUp(order.code, '089999999999'),
        lookUp(order.code, 'rina@contoh'),
        lookUp('QQQQQQQQQQ', booker.pemesan_email),
        lookUp('QQQQQQQQQQ', booker.pemesan_telp),
      ]);
      for (const reply of replies) {
        expect(reply.status).toBe(404);
        expect(reply.body).toEqual({ status: 'ERROR', code: 'NFD-1', message: GUEST_LOOKUP_REFUSED });
      }
    });

    // Its limits (per client and code, per client): guest-lookup.test.ts.

    it('refuses a missing contact with 400', async () => {
      const reply = await fails(app, 'webDetailReservasi', { reservasi_kode: 'ABCDEFGHJK' }, fromClient());
      expect([reply.httpStatus, reply.code]).toEqual([400, 'REQ-1']);
      expect(reply.message).toContain('Email atau nomor handphone wajib diisi');
    });
  });

  describe('batal-reservasi', () => {
    it('cancels an unpaid order and frees its seat at once for another booking', async () => {
      clock = START;
      const date = addDays(TEST_TODAY, 38);
      const order = await reserveSeat(app, date);
      expect(await isTaken(app, XTR, date, order.seat)).toBe(true);
      const noKey = await fails(app, 'batalReservasi', { reservasi_kode: order.code, jenis_batal: 'lainnya' });
      expect([noKey.httpStatus, noKey.code]).toEqual([404, 'NFD-1']);

      const cancelled = await ok(
        app,
        'batalReservasi',
        { reservasi_kode: order.code, jenis_batal: 'ganti-jadwal' },
        withKey(order.key),
      );
      expect(cancelled).toEqual({ reservasi_kode: order.code, status: 'cancelled' });
      const [row] = await handle.db.select().from(reservations).where(eq(reservations.code, order.code));
      expect([row?.status, row?.cancelReason]).toEqual(['cancelled', 'ganti-jadwal']);
      expect(await isTaken(app, XTR, date, order.seat)).toBe(false);
      expect(await freeSeats(app, XTR, date)).toContain(order.seat);
      const next = await reserveSeat(app, date, { seat: order.seat });
      expect(next.code).not.toBe(order.code);

      const detail = await ok(app, 'detailReservasi', { reservasi_kode: order.code }, withKey(order.key));
      expect([detail.status, detail.bisa_batal]).toEqual(['cancelled', false]);
      const again = await fails(
        app,
        'batalReservasi',
        { reservasi_kode: order.code, jenis_batal: 'lainnya' },
        withKey(order.key),
      );
      expect([again.httpStatus, again.code, again.message]).toEqual([
        409,
        'ORD-1',
        'Pesanan sudah dibatalkan sebelumnya',
      ]);
    });

    it('refuses a paid or expired order with ORD-1, and an unknown reason with 400', async () => {
      clock = START;
      const paid = await reserveSeat(app, addDays(TEST_TODAY, 39));
      await ok(app, 'gantiPembayaran', { reservasi_kode: paid.code, jenis_pembayaran_kode: 'QRIS' }, withKey(paid.key));
      await ok(app, 'simulasiBayar', { reservasi_kode: paid.code }, withKey(paid.key));
      const late = await reserveSeat(app, addDays(TEST_TODAY, 39));
      const bad = await fails(
        app,
        'batalReservasi',
        { reservasi_kode: late.code, jenis_batal: 'bosan' },
        withKey(late.key),
      );
      expect([bad.httpStatus, bad.code]).toEqual([400, 'REQ-1']);
      expect(bad.message).toContain('Pilih alasan pembatalan');

      const paidReply = await fails(
        app,
        'batalReservasi',
        { reservasi_kode: paid.code, jenis_batal: 'lainnya' },
        withKey(paid.key),
      );
      expect([paidReply.httpStatus, paidReply.code, paidReply.message]).toEqual([
        409,
        'ORD-1',
        'Pesanan sudah lunas dan tidak dapat dibatalkan',
      ]);
      clock = minutes(31);
      const lateReply = await fails(
        app,
        'batalReservasi',
        { reservasi_kode: late.code, jenis_batal: 'lainnya' },
        withKey(late.key),
      );
      expect([lateReply.httpStatus, lateReply.code]).toEqual([409, 'ORD-1']);
      clock = START;
    });
  });

  describe('demo/ubah-harga', () => {
    it("changes the departure's fare: the price check and the search see the new price", async () => {
      clock = START;
      const date = addDays(TEST_TODAY, 40);
      const [seat = '', spare = ''] = await freeSeats(app, XTR, date);
      const check = (no = seat) =>
        ok(app, 'cekHarga', {
          operator_kode_pergi: XTR.operator,
          jadwal_kode_pergi: XTR.code,
          tanggal_berangkat_pergi: date,
          kursi_pergi: [no],
        });
      const search = async () => {
        const results = await ok(app, 'searchJadwal', { ...BANDUNG_JAKARTA, tanggal_berangkat: date });
        return results.list.flatMap((g) => g.jadwal).find((s) => s.code_schedule === XTR.code)?.price_ticket;
      };
      expect((await check()).sub_total).toBe(150000);
      expect(await search()).toEqual([150000, 175000]);

      expect(
        await ok(app, 'demoUbahHarga', { operator_kode: XTR.operator, jadwal_kode: XTR.code, harga: 165000 }),
      ).toEqual({
        harga: 165000,
      });
      expect((await check()).sub_total).toBe(165000);
      // The tier-2 price keeps its distance from the base price.
      expect(await search()).toEqual([165000, 190000]);
      const reserved = await ok(app, 'reservasi', {
        operator_kode_pergi: XTR.operator,
        jadwal_kode_pergi: XTR.code,
        tanggal_berangkat_pergi: date,
        kursi_pergi: [{ no: seat, penumpang_nama: 'Budi Santoso' }],
        ...booker,
        total_bayar: 150000,
      });
      expect([reserved.flag_harga_berubah, reserved.total_bayar]).toEqual([1, 165000]);

      await ok(app, 'demoUbahHarga', { operator_kode: XTR.operator, jadwal_kode: XTR.code, harga: 150000 });
      expect((await check(spare)).sub_total).toBe(150000);
      const unknown = await fails(app, 'demoUbahHarga', { operator_kode: 'LJT', jadwal_kode: XTR.code, harga: 1 });
      expect([unknown.httpStatus, unknown.code]).toEqual([404, 'NFD-1']);
      const bad = await fails(app, 'demoUbahHarga', { operator_kode: 'XTR', jadwal_kode: XTR.code, harga: -1 });
      expect([bad.httpStatus, bad.code]).toEqual([400, 'REQ-1']);
    });
  });
});
