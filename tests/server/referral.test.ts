import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp, type App } from '../../server/app';
import { reservations } from '../../server/db/schema';
import { DEMO_TOKEN, ZERO_POINTS_TOKEN } from '../../server/db/seed-data/accounts';
import { addDays } from '../../server/lib/dates';
import { referralCodeOf } from '../../server/services/referral';
import { fails, ok } from './api-support';
import { MANY_ORDERS, reserveSeat, withKey } from './helpers/orders';
import { TEST_TODAY, createTestDatabase, type TestDatabase, describeEachDatabase } from './helpers/test-db';

const START = new Date(`${TEST_TODAY}T08:00:00+07:00`);
const DAY = addDays(TEST_TODAY, 10);

describeEachDatabase('referral and attribution on %s', (kind) => {
  let handle: TestDatabase;
  let app: App;

  beforeAll(async () => {
    handle = await createTestDatabase(kind);
    app = createApp({ ...MANY_ORDERS, db: handle.db, today: () => TEST_TODAY, now: () => START });
  });
  afterAll(async () => {
    await handle.destroy();
  });

  it('a reservation keeps the ads code and the referrer it was booked with', async () => {
    const order = await reserveSeat(app, DAY, {
      extra: { ads_kode: 'PROMO-IG', url_referer: 'https://www.instagram.com/berangkat' },
    });
    const [row] = await handle.db
      .select({ adsCode: reservations.adsCode, referrerUrl: reservations.referrerUrl })
      .from(reservations)
      .where(eq(reservations.code, order.code));
    expect(row).toEqual({ adsCode: 'PROMO-IG', referrerUrl: 'https://www.instagram.com/berangkat' });
  });

  it("a customer's code counts the paid bookings made with it, not the unpaid ones or another code", async () => {
    const mine = await ok(app, 'referral', {}, { bearer: DEMO_TOKEN });
    expect(mine.kode_referral).toMatch(/^REF-[A-Z2-9]{5,}$/);
    expect(mine.tautan).toBe(`/?ads_kode=${mine.kode_referral}`);
    const other = await ok(app, 'referral', {}, { bearer: ZERO_POINTS_TOKEN });
    expect(other.kode_referral).not.toBe(mine.kode_referral);

    const friend = await reserveSeat(app, DAY, { extra: { ads_kode: mine.kode_referral } });
    await reserveSeat(app, DAY, { extra: { ads_kode: mine.kode_referral } });
    await reserveSeat(app, DAY, { extra: { ads_kode: other.kode_referral } });
    expect((await ok(app, 'referral', {}, { bearer: DEMO_TOKEN })).jumlah_pemesanan).toBe(mine.jumlah_pemesanan);

    await ok(
      app,
      'gantiPembayaran',
      { reservasi_kode: friend.code, jenis_pembayaran_kode: 'VA_BCA' },
      withKey(friend.key),
    );
    await ok(app, 'simulasiBayar', { reservasi_kode: friend.code }, withKey(friend.key));
    expect((await ok(app, 'referral', {}, { bearer: DEMO_TOKEN })).jumlah_pemesanan).toBe(mine.jumlah_pemesanan + 1);
  });

  it('a guest is asked to sign in', async () => {
    expect((await fails(app, 'referral')).httpStatus).toBe(401);
  });
});

describe('referralCodeOf', () => {
  it('is stable and different for every customer', () => {
    const codes = Array.from({ length: 2000 }, (_, i) => referralCodeOf(i + 1));
    expect(new Set(codes).size).toBe(codes.length);
    expect(referralCodeOf(7)).toBe(referralCodeOf(7));
  });
});
