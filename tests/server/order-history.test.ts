import { readFileSync } from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp, type App } from '../../server/app';
import { MIGRATIONS_FOLDER } from '../../server/db/client';
import { reservations } from '../../server/db/schema';
import { SEED_FIXTURES } from '../../server/db/seed';
import { addDays } from '../../server/lib/dates';
import { ok } from './api-support';
import { signIn } from './helpers/accounts';
import { MANY_ORDERS, booker, seatsOf } from './helpers/orders';
import { TEST_TODAY, createTestDatabase, type TestDatabase, describeEachDatabase } from './helpers/test-db';

/*
 * "Pesanan Saya" reads each order's first departure and last travel date from the order itself:
 * stored when the order is made (one-way, round trip, connecting, operator-seated), filled in by
 * the migration for older orders, and splitting and ordering the lists as the seats say.
 */

const START = new Date(`${TEST_TODAY}T08:00:00+07:00`);
const NO_SEAT = SEED_FIXTURES.noSeatSelection;

interface Leg {
  operator: string;
  code: string;
}

const XTR_OUT: Leg = { operator: 'XTR', code: 'XTR-BDG-JKT-0800' };
const LJT_BACK: Leg = { operator: 'LJT', code: 'LJT-JKT-BDG-2100' };
const OVERNIGHT: Leg[] = [
  { operator: 'MJT', code: 'MJT-JKT-YOG-1900' },
  { operator: 'SBR', code: 'SBR-YOG-MLG-0700' },
];

describeEachDatabase('order history on %s', (kind) => {
  let handle: TestDatabase;
  let app: App;
  let clock = START;
  let today = TEST_TODAY;

  beforeAll(async () => {
    handle = await createTestDatabase(kind, { max: 10 });
    app = createApp({ ...MANY_ORDERS, db: handle.db, today: () => today, now: () => clock });
  });
  afterAll(async () => {
    await handle.destroy();
  });

  const freeSeat = async (leg: Leg, date: string): Promise<string> => {
    const layout = await ok(app, 'kursi', {
      operator_kode: leg.operator,
      jadwal_kode: leg.code,
      tanggal_berangkat: date,
    });
    const seat = seatsOf(layout).find((s) => s.flag_booking === 0)?.no;
    if (!seat) throw new Error(`no free seat on ${leg.code} ${date}`);
    return seat;
  };
  const rider = (no: string | null) => [{ no, penumpang_nama: 'Budi Santoso' }];
  const oneWay = async (leg: Leg, date: string, bearer?: string) =>
    (
      await ok(
        app,
        'reservasi',
        {
          operator_kode_pergi: leg.operator,
          jadwal_kode_pergi: leg.code,
          tanggal_berangkat_pergi: date,
          kursi_pergi: rider(await freeSeat(leg, date)),
          ...booker,
          total_bayar: 0,
        },
        bearer ? { bearer } : {},
      )
    ).reservasi_kode;
  const roundTrip = async (date: string, back: string, bearer?: string) =>
    (
      await ok(
        app,
        'reservasi',
        {
          operator_kode_pergi: XTR_OUT.operator,
          jadwal_kode_pergi: XTR_OUT.code,
          tanggal_berangkat_pergi: date,
          kursi_pergi: rider(await freeSeat(XTR_OUT, date)),
          flag_pp: 1,
          operator_kode_pulang: LJT_BACK.operator,
          jadwal_kode_pulang: LJT_BACK.code,
          tanggal_berangkat_pulang: back,
          kursi_pulang: rider(await freeSeat(LJT_BACK, back)),
          ...booker,
          total_bayar: 0,
        },
        bearer ? { bearer } : {},
      )
    ).reservasi_kode;
  const spanOf = async (code: string) => {
    const [row] = await handle.db
      .select({ first: reservations.firstDeparture, last: reservations.lastTravelDate })
      .from(reservations)
      .where(eq(reservations.code, code));
    return row;
  };
  const pay = async (code: string, bearer: string) => {
    await ok(app, 'gantiPembayaran', { reservasi_kode: code, jenis_pembayaran_kode: 'VA_BCA' }, { bearer });
    await ok(app, 'simulasiBayar', { reservasi_kode: code }, { bearer });
  };

  describe('the travel span stored with the order', () => {
    it('one way: the departure and its date', async () => {
      clock = START;
      const date = addDays(TEST_TODAY, 40);
      const code = await oneWay(XTR_OUT, date);
      expect(await spanOf(code)).toEqual({ first: `${date} 08:00:00`, last: date });
    });

    it('round trip: the outbound departure and the return’s date', async () => {
      clock = START;
      const date = addDays(TEST_TODAY, 41);
      const code = await roundTrip(date, addDays(date, 3));
      expect(await spanOf(code)).toEqual({ first: `${date} 08:00:00`, last: addDays(date, 3) });
    });

    it('connecting overnight: the first leg’s departure and the next day’s last leg', async () => {
      clock = START;
      const date = addDays(TEST_TODAY, 42);
      const legs = [
        { ...OVERNIGHT[0], date },
        { ...OVERNIGHT[1], date: addDays(date, 1) },
      ] as { operator: string; code: string; date: string }[];
      const connecting = [];
      for (const leg of legs) {
        connecting.push({
          operator_kode: leg.operator,
          jadwal_kode: leg.code,
          tanggal_berangkat: leg.date,
          kursi: rider(await freeSeat(leg, leg.date)),
        });
      }
      const { reservasi_kode: code } = await ok(app, 'reservasi', {
        flag_connecting: 1,
        connecting,
        ...booker,
        total_bayar: 0,
      });
      expect(await spanOf(code)).toEqual({ first: `${date} 19:00:00`, last: addDays(date, 1) });
    });

    it('a leg the operator seats (written step by step): the same span', async () => {
      clock = START;
      const date = addDays(TEST_TODAY, 43);
      const { reservasi_kode: code } = await ok(app, 'reservasi', {
        operator_kode_pergi: NO_SEAT.operatorCode,
        jadwal_kode_pergi: NO_SEAT.scheduleCode,
        tanggal_berangkat_pergi: date,
        kursi_pergi: rider(null),
        ...booker,
        total_bayar: 0,
      });
      expect(await spanOf(code)).toEqual({ first: `${date} 09:00:00`, last: date });
    });

    it('the migration fills it in for orders made before it, from their seats', async () => {
      clock = START;
      const date = addDays(TEST_TODAY, 44);
      const one = await oneWay(XTR_OUT, date);
      const both = await roundTrip(date, addDays(date, 2));
      await handle.db.execute(
        sql`UPDATE reservations SET first_departure = NULL, last_travel_date = NULL WHERE code IN (${one}, ${both})`,
      );
      const migration = readFileSync(`${MIGRATIONS_FOLDER}/0017_order_travel_span.sql`, 'utf8');
      const backfill = migration.split('--> statement-breakpoint').find((s) => s.includes('UPDATE "reservations"'));
      expect(backfill).toBeDefined();
      await handle.db.execute(sql.raw(backfill ?? ''));
      expect(await spanOf(one)).toEqual({ first: `${date} 08:00:00`, last: date });
      expect(await spanOf(both)).toEqual({ first: `${date} 08:00:00`, last: addDays(date, 2) });
    });
  });

  describe('the lists', () => {
    it('active: soonest departure first; once the last leg has travelled a paid order is history', async () => {
      clock = START;
      today = TEST_TODAY;
      const token = await signIn(app);
      const d = addDays(TEST_TODAY, 50);
      // Made in this order; they travel in another.
      const later = await oneWay(XTR_OUT, addDays(d, 5), token);
      const back = await roundTrip(addDays(d, 1), addDays(d, 4), token);
      const soon = await oneWay(XTR_OUT, d, token);
      const unpaid = await oneWay(XTR_OUT, addDays(d, 2), token);
      for (const code of [later, back, soon]) await pay(code, token);

      const active = await ok(app, 'listReservasi', { page: 1 }, { bearer: token });
      expect(active.list.map((o) => o.reservasi_kode)).toEqual([soon, back, unpaid, later]);
      expect(active.total).toBe(4);

      // Two days after the round trip's outbound day: its return is still ahead, `soon` is travelled.
      clock = new Date(`${addDays(d, 3)}T08:00:00+07:00`);
      today = addDays(d, 3);
      const after = await ok(app, 'listReservasi', { page: 1 }, { bearer: token });
      expect(after.list.map((o) => [o.reservasi_kode, o.status])).toEqual([
        [back, 'paid'],
        [later, 'paid'],
      ]);
      const past = await ok(app, 'listRiwayatReservasi', { page: 1 }, { bearer: token });
      // Newest made first: the unpaid one ran out, `soon` has travelled.
      expect(past.list.map((o) => [o.reservasi_kode, o.status])).toEqual([
        [unpaid, 'expired'],
        [soon, 'paid'],
      ]);
      expect(past.total).toBe(2);
      clock = START;
      today = TEST_TODAY;
    });
  });
});
