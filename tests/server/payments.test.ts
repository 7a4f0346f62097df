import { eq, sql } from 'drizzle-orm';
import { API_BASE, endpoints } from '../../contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp, type App } from '../../server/app';
import { customers, payments, reservations, seatBookings } from '../../server/db/schema';
import { SEED_FIXTURES } from '../../server/db/seed';
import { addDays } from '../../server/lib/dates';
import { sharedOrderKeySecret } from '../../server/services/app-secrets';
import { simulatedProvider } from '../../server/services/payment-provider';
import { sweepExpired } from '../../server/services/reservations-db';
import { call, fails, ok } from './api-support';
import { TEST_TODAY, createTestDatabase, type TestDatabase, describeEachDatabase } from './helpers/test-db';
import { MANY_ORDERS, XTR, isTaken, reserveSeat, withKey } from './helpers/orders';

/** 08:00 WIB on the test's today. */
const START = new Date(`${TEST_TODAY}T08:00:00+07:00`);
const minutes = (n: number) => new Date(START.getTime() + n * 60_000);
const DEMO = SEED_FIXTURES.customers.demo;
const OTHER = SEED_FIXTURES.customers.zeroPoints;

describeEachDatabase('payment on %s', (kind) => {
  let handle: TestDatabase;
  let app: App;
  let clock = START;

  beforeAll(async () => {
    handle = await createTestDatabase(kind, { max: 25 });
    app = createApp({ ...MANY_ORDERS, db: handle.db, today: () => TEST_TODAY, now: () => clock });
  });
  afterAll(async () => {
    await handle.destroy();
  });

  const orderRow = async (code: string) => {
    const [row] = await handle.db.select().from(reservations).where(eq(reservations.code, code));
    if (!row) throw new Error(`order ${code} missing`);
    return row;
  };
  const paymentRows = async (code: string) =>
    handle.db
      .select({ id: payments.id, amount: payments.amount })
      .from(payments)
      .innerJoin(reservations, eq(reservations.id, payments.reservationId))
      .where(eq(reservations.code, code));
  const pointsOf = async (email: string) => {
    const [row] = await handle.db
      .select({ points: customers.points })
      .from(customers)
      .where(eq(customers.email, email));
    return row?.points ?? -1;
  };

  describe('list-jenis-pembayaran', () => {
    it('lists the active methods by group with each fee on the amount', async () => {
      const results = await ok(app, 'listJenisPembayaran', { amount: 150000 });
      expect(results.amount).toBe(150000);
      const byCode = new Map(results.list.map((m) => [m.kode, m]));
      expect(byCode.has('SHOPEEPAY')).toBe(false);
      expect(byCode.get('VA_BCA')).toMatchObject({ grup: 'Virtual Account', jenis: 'va', biaya: 4000, total: 154000 });
      expect(byCode.get('VA_BRI')).toMatchObject({ biaya: 3500, total: 153500 });
      expect(byCode.get('QRIS')).toMatchObject({ grup: 'E-Wallet & QRIS', jenis: 'qris', fee: 1, tipe_fee: 'persen' });
      expect(byCode.get('QRIS')).toMatchObject({ biaya: 1500, total: 151500, tersedia: true });
      expect(byCode.get('GOPAY')).toMatchObject({ biaya: 3000, total: 153000 });
      expect(byCode.get('ALFAMART')).toMatchObject({ grup: 'Gerai Retail', jenis: 'retail', biaya: 5000 });
      expect(byCode.get('KARTU')).toMatchObject({ grup: 'Kartu Kredit/Debit', jenis: 'card', biaya: 4500 });
      const groups = [...new Set(results.list.map((m) => m.grup))];
      expect(groups).toEqual(['Virtual Account', 'E-Wallet & QRIS', 'Gerai Retail', 'Kartu Kredit/Debit']);
    });

    it('rounds percent fees up to the rupiah and gives 0 fees without an amount', async () => {
      const odd = await ok(app, 'listJenisPembayaran', { amount: 123457 });
      const fee = (code: string) => odd.list.find((m) => m.kode === code)?.biaya;
      expect([fee('QRIS'), fee('GOPAY'), fee('KARTU'), fee('VA_BNI')]).toEqual([1235, 2470, 3704, 4000]);
      const none = await ok(app, 'listJenisPembayaran', {});
      expect(none.amount).toBe(0);
      expect(none.list.length).toBeGreaterThan(5);
      expect(none.list.every((m) => m.biaya === 0 && m.total === 0)).toBe(true);
    });

    it('a voucher bound to QRIS leaves only QRIS available', async () => {
      const results = await ok(app, 'listJenisPembayaran', { amount: 100000, voucher_kode: 'QRISHEMAT' });
      const available = results.list.filter((m) => m.tersedia).map((m) => m.kode);
      expect(available).toEqual(['QRIS']);
      const any = await ok(app, 'listJenisPembayaran', { amount: 100000, voucher_kode: 'HEMAT10' });
      expect(any.list.every((m) => m.tersedia)).toBe(true);
    });

    it("with an order: its ticket total, only for whoever holds the order's key", async () => {
      clock = START;
      const order = await reserveSeat(app, addDays(TEST_TODAY, 30));
      const results = await ok(app, 'listJenisPembayaran', { reservasi_kode: order.code }, withKey(order.key));
      expect(results.amount).toBe(150000);
      expect(results.list.find((m) => m.kode === 'VA_BCA')?.total).toBe(154000);
      const refused = await fails(app, 'listJenisPembayaran', { reservasi_kode: order.code });
      expect([refused.httpStatus, refused.code, refused.message]).toEqual([404, 'NFD-1', 'Pesanan tidak ditemukan']);
    });

    it('refuses bad input with 400, never a 5xx', async () => {
      for (const query of [{ amount: 'abc' }, { amount: -5 }, { amount: 1.5 }, { reservasi_kode: 'x!' }]) {
        const reply = await fails(app, 'listJenisPembayaran', query);
        expect([reply.httpStatus, reply.code]).toEqual([400, 'REQ-1']);
      }
    });
  });

  describe('ganti-pembayaran and detail-pembayaran', () => {
    it('stores the method, adds its fee to the ticket total and answers where to pay', async () => {
      clock = START;
      const order = await reserveSeat(app, addDays(TEST_TODAY, 31));
      const none = await fails(app, 'detailPembayaran', { reservasi_kode: order.code }, withKey(order.key));
      expect([none.httpStatus, none.code, none.message]).toEqual([
        409,
        'PAY-1',
        'Pilih metode pembayaran terlebih dahulu',
      ]);

      const va = await ok(
        app,
        'gantiPembayaran',
        { reservasi_kode: order.code, jenis_pembayaran_kode: 'VA_BCA' },
        withKey(order.key),
      );
      expect(va).toMatchObject({ jenis: 'va', total_bayar: 154000, biaya_admin: 4000, qris: null, simulasi: true });
      expect(va.nomor_bayar).toMatch(/^39358\d{11}$/);
      expect(va.batas_bayar).toBe(minutes(30).toISOString());

      const qris = await ok(
        app,
        'gantiPembayaran',
        { reservasi_kode: order.code.toLowerCase(), jenis_pembayaran_kode: 'QRIS' },
        withKey(order.key),
      );
      expect(qris).toMatchObject({ jenis: 'qris', total_bayar: 151500, biaya_admin: 1500, nomor_bayar: null });
      expect(qris.qris).toContain(order.code);
      expect(qris.qris).toContain('5406151500');
      expect(qris.qris).toMatch(/^000201.*6304[0-9A-F]{4}$/);
      expect(await ok(app, 'detailPembayaran', { reservasi_kode: order.code }, withKey(order.key))).toEqual(qris);
      expect((await orderRow(order.code)).total).toBe(151500);

      const retail = await ok(
        app,
        'gantiPembayaran',
        { reservasi_kode: order.code, jenis_pembayaran_kode: 'ALFAMART' },
        withKey(order.key),
      );
      expect(retail).toMatchObject({ jenis: 'retail', total_bayar: 155000, qris: null });
      expect(retail.nomor_bayar).toMatch(/^BRK\d{9}$/);
      // The same order and method always give the same number.
      const again = await ok(
        app,
        'gantiPembayaran',
        { reservasi_kode: order.code, jenis_pembayaran_kode: 'ALFAMART' },
        withKey(order.key),
      );
      expect(again.nomor_bayar).toBe(retail.nomor_bayar);
    });

    it('refuses an unknown or inactive method with PAY-3', async () => {
      clock = START;
      const order = await reserveSeat(app, addDays(TEST_TODAY, 32));
      for (const method of ['TIDAKADA', 'SHOPEEPAY']) {
        const reply = await fails(
          app,
          'gantiPembayaran',
          { reservasi_kode: order.code, jenis_pembayaran_kode: method },
          withKey(order.key),
        );
        expect([reply.httpStatus, reply.code]).toEqual([422, 'PAY-3']);
      }
    });

    it("refuses a method the order's voucher excludes", async () => {
      clock = START;
      const order = await reserveSeat(app, addDays(TEST_TODAY, 33), {
        extra: { voucher_kode: 'QRISHEMAT', jenis_pembayaran_kode: 'QRIS' },
      });
      const reply = await fails(
        app,
        'gantiPembayaran',
        { reservasi_kode: order.code, jenis_pembayaran_kode: 'VA_BCA' },
        withKey(order.key),
      );
      expect([reply.httpStatus, reply.code]).toEqual([422, 'PAY-3']);
      expect(reply.message).toContain('QRIS');
      // 150.000 - 22.500 (15%) = 127.500 ticket total; QRIS 1% of it is 1.275.
      const list = await ok(app, 'listJenisPembayaran', { reservasi_kode: order.code }, withKey(order.key));
      expect(list.amount).toBe(127500);
      expect(list.list.filter((m) => m.tersedia).map((m) => m.kode)).toEqual(['QRIS']);
      const qris = await ok(
        app,
        'gantiPembayaran',
        { reservasi_kode: order.code, jenis_pembayaran_kode: 'QRIS' },
        withKey(order.key),
      );
      expect([qris.total_bayar, qris.biaya_admin]).toEqual([128775, 1275]);
    });

    it('refuses PAY-1 once the deadline has passed, and 404 without access', async () => {
      clock = START;
      const order = await reserveSeat(app, addDays(TEST_TODAY, 34));
      const body = { reservasi_kode: order.code, jenis_pembayaran_kode: 'VA_BNI' };
      const noKey = await fails(app, 'gantiPembayaran', body);
      const wrongKey = await fails(app, 'gantiPembayaran', body, withKey('x'.repeat(43)));
      const unknown = await fails(
        app,
        'gantiPembayaran',
        { ...body, reservasi_kode: 'ZZZZZZZZZZ' },
        withKey(order.key),
      );
      for (const reply of [noKey, wrongKey, unknown]) {
        expect([reply.httpStatus, reply.code, reply.message]).toEqual([404, 'NFD-1', 'Pesanan tidak ditemukan']);
      }
      clock = minutes(30);
      const late = await fails(app, 'gantiPembayaran', body, withKey(order.key));
      expect([late.httpStatus, late.code]).toEqual([409, 'PAY-1']);
      expect(late.message).toBe('Batas waktu pembayaran pesanan sudah lewat. Silakan pesan ulang');
      clock = START;
    });

    it("the signed-in booker's token opens the order; another customer's does not", async () => {
      clock = START;
      const order = await reserveSeat(app, addDays(TEST_TODAY, 35), { bearer: DEMO.token });
      const body = { reservasi_kode: order.code, jenis_pembayaran_kode: 'GOPAY' };
      expect((await ok(app, 'gantiPembayaran', body, { bearer: DEMO.token })).total_bayar).toBe(153000);
      const other = await fails(app, 'gantiPembayaran', body, { bearer: OTHER.token });
      expect([other.httpStatus, other.code]).toEqual([404, 'NFD-1']);
    });

    it('refuses bad bodies with 400 REQ-1', async () => {
      for (const body of [
        {},
        { reservasi_kode: 'AB' },
        { reservasi_kode: 'ABCDEFGH', jenis_pembayaran_kode: '' },
        '{',
      ]) {
        const reply = await fails(app, 'gantiPembayaran', body as Record<string, unknown>);
        expect([reply.httpStatus, reply.code]).toEqual([400, 'REQ-1']);
      }
    });
  });

  describe('simulasi-bayar', () => {
    it('20 concurrent payments of one order: one payment row, cashback credited once', async () => {
      clock = START;
      const order = await reserveSeat(app, addDays(TEST_TODAY, 36), { bearer: DEMO.token });
      await ok(
        app,
        'gantiPembayaran',
        { reservasi_kode: order.code, jenis_pembayaran_kode: 'VA_BRI' },
        withKey(order.key),
      );
      const before = await pointsOf(DEMO.email);
      const replies = await Promise.all(
        Array.from({ length: 20 }, () => ok(app, 'simulasiBayar', { reservasi_kode: order.code }, withKey(order.key))),
      );
      expect(replies.every((r) => r.flag_lunas === 1)).toBe(true);
      // 1% of 150.000.
      expect(replies.map((r) => r.cashback_point).sort((a, b) => b - a)).toEqual([1500, ...Array<number>(19).fill(0)]);
      expect(await pointsOf(DEMO.email)).toBe(before + 1500);
      const rows = await paymentRows(order.code);
      expect(rows).toEqual([{ id: expect.any(Number) as number, amount: 153500 }]);
      const stored = await orderRow(order.code);
      expect(stored.status).toBe('paid');
      expect(stored.paidAt?.getTime()).toBe(START.getTime());
      expect(stored.cashbackPoints).toBe(1500);
      const seats = await handle.db.select().from(seatBookings).where(eq(seatBookings.reservationId, stored.id));
      expect(seats.map((s) => [s.live, s.expiresAt])).toEqual([[true, null]]);

      const detail = await ok(app, 'detailReservasi', { reservasi_kode: order.code }, withKey(order.key));
      expect(detail).toMatchObject({ status: 'paid', flag_lunas: 1, cashback_point: 1500, bisa_batal: false });
      const paidAgain = await fails(app, 'detailPembayaran', { reservasi_kode: order.code }, withKey(order.key));
      expect([paidAgain.code, paidAgain.message]).toEqual(['PAY-1', 'Pesanan sudah lunas']);
      const change = await fails(
        app,
        'gantiPembayaran',
        { reservasi_kode: order.code, jenis_pembayaran_kode: 'QRIS' },
        withKey(order.key),
      );
      expect(change.code).toBe('PAY-1');
    });

    it('a guest order earns no cashback; paying before choosing a method is PAY-1', async () => {
      clock = START;
      const order = await reserveSeat(app, addDays(TEST_TODAY, 37));
      const early = await fails(app, 'simulasiBayar', { reservasi_kode: order.code }, withKey(order.key));
      expect([early.httpStatus, early.code, early.message]).toEqual([
        409,
        'PAY-1',
        'Pilih metode pembayaran terlebih dahulu',
      ]);
      await ok(
        app,
        'gantiPembayaran',
        { reservasi_kode: order.code, jenis_pembayaran_kode: 'KARTU' },
        withKey(order.key),
      );
      const paid = await ok(app, 'simulasiBayar', { reservasi_kode: order.code }, withKey(order.key));
      expect(paid).toEqual({ reservasi_kode: order.code, flag_lunas: 1, cashback_point: 0 });
      expect(await paymentRows(order.code)).toHaveLength(1);
      const noKey = await fails(app, 'simulasiBayar', { reservasi_kode: order.code });
      expect([noKey.httpStatus, noKey.code]).toEqual([404, 'NFD-1']);
    });

    it.each([
      ['swept', true],
      ['not yet swept', false],
    ])('after the deadline with the seat still free (%s): paid, and the seat is booked again', async (_, swept) => {
      clock = START;
      const date = addDays(TEST_TODAY, swept ? 38 : 43);
      const order = await reserveSeat(app, date);
      await ok(
        app,
        'gantiPembayaran',
        { reservasi_kode: order.code, jenis_pembayaran_kode: 'VA_BCA' },
        withKey(order.key),
      );
      clock = minutes(45);
      if (swept) {
        await sweepExpired(handle.db, clock);
        expect((await orderRow(order.code)).status).toBe('expired');
      }
      expect(await isTaken(app, XTR, date, order.seat)).toBe(false);
      const paid = await ok(app, 'simulasiBayar', { reservasi_kode: order.code }, withKey(order.key));
      expect(paid.flag_lunas).toBe(1);
      const stored = await orderRow(order.code);
      expect([stored.status, stored.paidAt?.getTime()]).toEqual(['paid', minutes(45).getTime()]);
      expect(await isTaken(app, XTR, date, order.seat)).toBe(true);
      const seats = await handle.db.select().from(seatBookings).where(eq(seatBookings.reservationId, stored.id));
      expect(seats.map((s) => [s.live, s.expiresAt])).toEqual([[true, null]]);
      expect(await paymentRows(order.code)).toHaveLength(1);
      // A later sweep leaves the paid seat alone.
      await sweepExpired(handle.db, minutes(120));
      expect(await isTaken(app, XTR, date, order.seat)).toBe(true);
      clock = START;
    });

    it('after the deadline on a seat sold meanwhile: PAY-2, nothing charged, the other booking stands', async () => {
      clock = START;
      const date = addDays(TEST_TODAY, 39);
      const order = await reserveSeat(app, date);
      await ok(
        app,
        'gantiPembayaran',
        { reservasi_kode: order.code, jenis_pembayaran_kode: 'VA_BCA' },
        withKey(order.key),
      );
      clock = minutes(40);
      // No sweep: the other reservation itself releases the expired seat.
      const other = await reserveSeat(app, date, { seat: order.seat });
      const refused = await fails(app, 'simulasiBayar', { reservasi_kode: order.code }, withKey(order.key));
      expect([refused.httpStatus, refused.code]).toEqual([409, 'PAY-2']);
      expect(refused.message).toContain('sudah dipesan penumpang lain');
      expect((await orderRow(order.code)).status).not.toBe('paid');
      expect(await paymentRows(order.code)).toHaveLength(0);
      const detail = await ok(app, 'detailReservasi', { reservasi_kode: order.code }, withKey(order.key));
      expect([detail.status, detail.flag_lunas]).toEqual(['expired', 0]);
      // The other order still holds the seat and can pay.
      await ok(
        app,
        'gantiPembayaran',
        { reservasi_kode: other.code, jenis_pembayaran_kode: 'QRIS' },
        withKey(other.key),
      );
      expect((await ok(app, 'simulasiBayar', { reservasi_kode: other.code }, withKey(other.key))).flag_lunas).toBe(1);
      const live = await handle.db.execute(
        sql`SELECT count(*)::int AS n FROM seat_bookings sb JOIN schedules s ON s.id = sb.schedule_id
            WHERE sb.live AND s.code = ${XTR.code} AND sb.departure_date = ${date}::date AND sb.seat_no = ${order.seat}`,
      );
      const rows = Array.isArray(live) ? live : (live as { rows: unknown[] }).rows;
      expect(rows).toEqual([{ n: 1 }]);
      clock = START;
    });

    it('a cancelled order cannot be paid', async () => {
      clock = START;
      const order = await reserveSeat(app, addDays(TEST_TODAY, 40));
      await ok(
        app,
        'gantiPembayaran',
        { reservasi_kode: order.code, jenis_pembayaran_kode: 'VA_BCA' },
        withKey(order.key),
      );
      await ok(app, 'batalReservasi', { reservasi_kode: order.code, jenis_batal: 'salah-data' }, withKey(order.key));
      const reply = await fails(app, 'simulasiBayar', { reservasi_kode: order.code }, withKey(order.key));
      expect([reply.httpStatus, reply.code]).toEqual([409, 'PAY-1']);
      expect(await paymentRows(order.code)).toHaveLength(0);
    });
  });

  it('every process on one database gets the same order-key secret', async () => {
    const secrets = await Promise.all(Array.from({ length: 5 }, () => sharedOrderKeySecret(handle.db)));
    expect(new Set(secrets).size).toBe(1);
    expect(secrets[0]?.length).toBeGreaterThanOrEqual(32);
    // Two apps sharing it accept each other's order keys.
    const first = createApp({
      ...MANY_ORDERS,
      db: handle.db,
      today: () => TEST_TODAY,
      now: () => START,
      orderKeySecret: secrets[0],
    });
    const second = createApp({
      ...MANY_ORDERS,
      db: handle.db,
      today: () => TEST_TODAY,
      now: () => START,
      orderKeySecret: secrets[0],
    });
    const order = await reserveSeat(first, addDays(TEST_TODAY, 44));
    const detail = await ok(second, 'detailReservasi', { reservasi_kode: order.code }, withKey(order.key));
    expect(detail.reservasi_kode).toBe(order.code);
  });

  describe('outside demo mode', () => {
    it('simulasi-bayar and demo/ubah-harga do not exist', async () => {
      // A configured gateway stands in for the real one: the simulator's numbers, and no simulasi-bayar.
      const gateway = { ...simulatedProvider, name: 'gateway-uji' };
      const prod = createApp({
        ...MANY_ORDERS,
        db: handle.db,
        today: () => TEST_TODAY,
        now: () => START,
        demo: false,
        paymentProvider: gateway,
      });
      const order = await reserveSeat(prod, addDays(TEST_TODAY, 41));
      const instruction = await ok(
        prod,
        'gantiPembayaran',
        { reservasi_kode: order.code, jenis_pembayaran_kode: 'VA_BCA' },
        withKey(order.key),
      );
      expect(instruction.simulasi).toBe(false);
      const pay = await call(prod, 'simulasiBayar', { reservasi_kode: order.code }, withKey(order.key));
      const fare = await call(prod, 'demoUbahHarga', { operator_kode: XTR.operator, jadwal_kode: XTR.code, harga: 1 });
      for (const reply of [pay, fare]) {
        expect(reply.status).toBe(404);
        expect(!reply.ok && reply.error.code).toBe('NFD-1');
      }
      expect((await orderRow(order.code)).status).toBe('pending');
    });

    it('without a configured gateway, choosing a method is refused 503 SRV-2 and the order is unchanged', async () => {
      const prod = createApp({ ...MANY_ORDERS, db: handle.db, today: () => TEST_TODAY, now: () => START, demo: false });
      // A booker of its own: the orders other tests leave unpaid never count against this one.
      const extra = { pemesan_telp: '081355500042', pemesan_email: 'tanpa-gateway@contoh.id' };
      const order = await reserveSeat(prod, addDays(TEST_TODAY, 42), { extra });
      const before = await orderRow(order.code);
      const refused = await prod.request(`${API_BASE}${endpoints.gantiPembayaran.path}`, {
        method: 'POST',
        headers: { ...withKey(order.key).headers, 'content-type': 'application/json' },
        body: JSON.stringify({ reservasi_kode: order.code, jenis_pembayaran_kode: 'VA_BCA' }),
      });
      expect(refused.status).toBe(503);
      expect(await refused.json()).toEqual({
        status: 'ERROR',
        code: 'SRV-2',
        message:
          'Pembayaran belum tersedia: penyedia pembayaran belum dipasang. Pesanan kamu tersimpan, silakan coba bayar lagi nanti.',
      });
      const after = await orderRow(order.code);
      expect([after.status, after.paymentMethodCode, after.total]).toEqual([
        'pending',
        before.paymentMethodCode,
        before.total,
      ]);
    });
  });
});
