import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { RESERVATION_HEADER } from '../../contract';
import { createApp, type App } from '../../server/app';
import { customers, payments, reservations } from '../../server/db/schema';
import { SEED_FIXTURES } from '../../server/db/seed';
import { addDays } from '../../server/lib/dates';
import { sweepExpired } from '../../server/services/reservations-db';
import { call, defaultHeaders, fails, ok } from './api-support';
import { TEST_TODAY, createTestDatabase, type TestDatabase, describeEachDatabase } from './helpers/test-db';
import { MANY_ORDERS, XTR, freeSeats, oneWay } from './helpers/orders';

/*
 * Points redeemed on a reservation (flag_point 1) leave the balance once, and come back once when
 * the order is cancelled or expires; paying an expired order spends them again or is refused.
 * XTR costs Rp 150.000: at most 10% (15.000 points) may be redeemed.
 */

const START = new Date(`${TEST_TODAY}T08:00:00+07:00`);
const minutes = (n: number) => new Date(START.getTime() + n * 60_000);
const DEMO = SEED_FIXTURES.customers.demo;
const REDEEMABLE = 15_000;

describeEachDatabase('points redeemed on a reservation, on %s', (kind) => {
  let handle: TestDatabase;
  let app: App;
  let clock = START;

  beforeAll(async () => {
    handle = await createTestDatabase(kind, { max: 10 });
    // One customer books many orders here: the unpaid-orders cap per contact (RSV-5) is not under test.
    app = createApp({ ...MANY_ORDERS, db: handle.db, today: () => TEST_TODAY, now: () => clock });
  });
  afterAll(async () => {
    await handle.destroy();
  });

  const balance = async () => {
    const [row] = await handle.db
      .select({ points: customers.points })
      .from(customers)
      .where(eq(customers.phone, DEMO.phone));
    return row?.points ?? -1;
  };
  const setBalance = (points: number) =>
    handle.db.update(customers).set({ points }).where(eq(customers.phone, DEMO.phone));

  /** Reserves one XTR seat as the demo customer, redeeming points. */
  async function reserveWithPoints(date: string, seat?: string, key?: string) {
    const no = seat ?? (await freeSeats(app, XTR, date))[0];
    if (!no) throw new Error(`no free seat on ${date}`);
    const headers = {
      ...defaultHeaders({ bearer: DEMO.token }),
      ...(key ? { [RESERVATION_HEADER.idempotencyKey]: key } : {}),
    };
    return call(app, 'reservasi', oneWay(date, no, { flag_point: 1, total_bayar: XTR.price - REDEEMABLE }), {
      headers,
    });
  }

  it('leave the balance once (a retry takes nothing more) and come back when the order is cancelled', async () => {
    clock = START;
    await setBalance(25_000);
    const date = addDays(TEST_TODAY, 40);
    const [seat] = await freeSeats(app, XTR, date);
    const first = await reserveWithPoints(date, seat, 'points-retry-key-0001');
    if (!first.ok) throw new Error(first.error.message);
    expect(first.results.total_bayar).toBe(XTR.price - REDEEMABLE);
    expect(await balance()).toBe(10_000);
    const retry = await reserveWithPoints(date, seat, 'points-retry-key-0001');
    expect(retry.ok && retry.results.reservasi_kode).toBe(first.results.reservasi_kode);
    expect(await balance()).toBe(10_000);

    await ok(
      app,
      'batalReservasi',
      { reservasi_kode: first.results.reservasi_kode, jenis_batal: 'lainnya' },
      { bearer: DEMO.token },
    );
    expect(await balance()).toBe(25_000);
  });

  it('come back once when the order expires, whether the sweep or another booking finds it first', async () => {
    clock = START;
    await setBalance(25_000);
    const date = addDays(TEST_TODAY, 41);
    expect((await reserveWithPoints(date)).ok).toBe(true);
    expect(await balance()).toBe(10_000);
    await sweepExpired(handle.db, minutes(31));
    expect(await balance()).toBe(25_000);
    await sweepExpired(handle.db, minutes(32));
    expect(await balance()).toBe(25_000);

    // Another booking on the departure expires the lapsed order at query time.
    const seats = await freeSeats(app, XTR, date);
    expect((await reserveWithPoints(date, seats[0])).ok).toBe(true);
    expect(await balance()).toBe(10_000);
    clock = minutes(31);
    await ok(app, 'reservasi', oneWay(date, seats[1] ?? ''));
    expect(await balance()).toBe(25_000);
    await sweepExpired(handle.db, minutes(40));
    expect(await balance()).toBe(25_000);
    clock = START;
  });

  it('are never spent twice by concurrent reservations, and the balance never goes below 0', async () => {
    clock = START;
    await setBalance(REDEEMABLE);
    const date = addDays(TEST_TODAY, 42);
    const seats = (await freeSeats(app, XTR, date)).slice(0, 4);
    expect(seats).toHaveLength(4);
    const replies = await Promise.all(seats.map((seat) => reserveWithPoints(date, seat)));
    const codes = replies.flatMap((r) => (r.ok ? [r.results.reservasi_kode] : []));
    expect(codes.length).toBeGreaterThan(0);
    for (const reply of replies) {
      if (!reply.ok)
        expect([reply.error.code, reply.error.message]).toEqual([
          'RSV-1',
          'Saldo point kamu sudah berubah. Silakan cek harga kembali',
        ]);
    }
    const rows = await Promise.all(
      codes.map(async (code) => (await handle.db.select().from(reservations).where(eq(reservations.code, code)))[0]),
    );
    const spent = rows.reduce((sum, row) => sum + (row?.usedPoints ?? 0), 0);
    expect(spent).toBe(REDEEMABLE);
    expect(await balance()).toBe(0);
  });

  it('paying after expiry spends them again, or is refused with nothing charged', async () => {
    // Orders other tests left unpaid expire first, so the sweep below refunds this one alone.
    clock = minutes(100);
    await sweepExpired(handle.db, clock);
    await setBalance(25_000);
    const date = addDays(TEST_TODAY, 43);
    const reply = await reserveWithPoints(date);
    if (!reply.ok) throw new Error(reply.error.message);
    const code = reply.results.reservasi_kode;
    await ok(app, 'gantiPembayaran', { reservasi_kode: code, jenis_pembayaran_kode: 'VA_BCA' }, { bearer: DEMO.token });
    await sweepExpired(handle.db, minutes(131));
    expect(await balance()).toBe(25_000);
    clock = minutes(132);

    await setBalance(5_000);
    const refused = await fails(app, 'simulasiBayar', { reservasi_kode: code }, { bearer: DEMO.token });
    expect([refused.httpStatus, refused.code, refused.message]).toEqual([
      409,
      'PAY-1',
      'Pembayaran ditolak: batas waktu sudah lewat dan saldo point untuk pesanan ini sudah tidak mencukupi. Dana tidak ditagih',
    ]);
    const [order] = await handle.db.select().from(reservations).where(eq(reservations.code, code));
    expect(order?.status).toBe('expired');
    expect(
      await handle.db
        .select()
        .from(payments)
        .where(eq(payments.reservationId, order?.id ?? 0)),
    ).toEqual([]);
    expect(await balance()).toBe(5_000);

    await setBalance(25_000);
    const paid = await ok(app, 'simulasiBayar', { reservasi_kode: code }, { bearer: DEMO.token });
    expect(paid.flag_lunas).toBe(1);
    // 25.000 - 15.000 redeemed again + 1.500 cashback (1% of Rp 150.000).
    expect(await balance()).toBe(11_500);
    clock = START;
  });
});
