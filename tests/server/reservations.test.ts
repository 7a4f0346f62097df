import { createHash } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  API_BASE,
  RESERVATION_HEADER,
  ReservasiBodySchema,
  endpoints,
  type KursiResults,
  type Seat,
} from '../../contract';
import { createApp, type App } from '../../server/app';
import { passengers, reservations, schedules, seatBookings, vouchers } from '../../server/db/schema';
import { SEED_FIXTURES } from '../../server/db/seed';
import { addDays } from '../../server/lib/dates';
import { sweepExpired } from '../../server/services/reservations-db';
import { queryRows } from '../../server/services/sql';
import { call, defaultHeaders, fails, ok } from './api-support';
import { TEST_TODAY, createTestDatabase, type TestDatabase, describeEachDatabase } from './helpers/test-db';

const XTR = { operator: 'XTR', code: 'XTR-BDG-JKT-0800', price: 150000 };
const RETURN = { operator: 'LJT', code: 'LJT-JKT-BDG-2100', price: 140000 };
const BUS = { operator: 'SBR', code: 'SBR-SMG-SBY-1530' };
const THREE_LEGS = [
  { operator: 'CPT', code: 'CPT-BDG-CRB-0600' },
  { operator: 'NRS', code: 'NRS-CRB-SMG-1000' },
  { operator: 'SBR', code: 'SBR-SMG-SBY-1530' },
];
const NO_SEAT = SEED_FIXTURES.noSeatSelection;
/** 08:00 WIB on the test's today. */
const START = new Date(`${TEST_TODAY}T08:00:00+07:00`);

const booker = { pemesan_nama: 'Rina Kartika', pemesan_telp: '081234567890', pemesan_email: 'rina@contoh.id' };

function oneWay(leg: { operator: string; code: string }, date: string, seats: (string | null)[], total = 0) {
  return {
    operator_kode_pergi: leg.operator,
    jadwal_kode_pergi: leg.code,
    tanggal_berangkat_pergi: date,
    kursi_pergi: seats.map((no) => ({ no, penumpang_nama: 'Budi Santoso' })),
    ...booker,
    total_bayar: total,
  };
}

const seatsOf = (layout: KursiResults): Seat[] =>
  layout.layout_kursi.flatMap((floor) => Object.values(floor.kursi)).filter((s) => s.tipe === 'P' || s.tipe === 'PS');

describeEachDatabase('reservasi on %s', (kind) => {
  let handle: TestDatabase;
  let app: App;
  let clock = START;

  beforeAll(async () => {
    handle = await createTestDatabase(kind, { max: 20 });
    // Hundreds of orders as one traveller from one address: the limits have their own test file.
    app = createApp({ db: handle.db, today: () => TEST_TODAY, now: () => clock, clientRateFactor: 1000 });
  });
  afterAll(async () => {
    await handle.destroy();
  });

  const kursi = (leg: { operator: string; code: string }, date: string, headers?: Record<string, string>) =>
    ok(
      app,
      'kursi',
      { operator_kode: leg.operator, jadwal_kode: leg.code, tanggal_berangkat: date },
      headers ? { headers: { ...defaultHeaders(), ...headers } } : {},
    );
  const takenOn = async (leg: { operator: string; code: string }, date: string) =>
    new Set(
      seatsOf(await kursi(leg, date))
        .filter((s) => s.flag_booking === 1)
        .map((s) => s.no),
    );
  const reserveWith = (body: unknown, headers: Record<string, string> = {}) =>
    call(app, 'reservasi', body as Record<string, unknown>, { headers: { ...defaultHeaders(), ...headers } });

  async function liveRows(code: string, date: string) {
    const rows = await handle.db
      .select({ seatNo: seatBookings.seatNo })
      .from(seatBookings)
      .innerJoin(schedules, eq(schedules.id, seatBookings.scheduleId))
      .where(and(eq(schedules.code, code), eq(seatBookings.departureDate, date), eq(seatBookings.live, true)));
    return rows.map((r) => r.seatNo);
  }

  it('books a seat, answers a 10-character unambiguous code, the server total and a 30-minute deadline', async () => {
    clock = START;
    const date = addDays(TEST_TODAY, 21);
    const seat = seatsOf(await kursi(XTR, date)).find((s) => s.harga_tiket === XTR.price);
    expect(seat).toBeDefined();
    const result = await ok(app, 'reservasi', oneWay(XTR, date, [seat?.no ?? ''], XTR.price));
    expect(result).toMatchObject({ flag_harga_berubah: 0, total_bayar: 150000, flag_lunas: 0 });
    expect(result.reservasi_kode).toMatch(/^[2-9A-HJKMNP-Z]{10}$/);
    expect(await takenOn(XTR, date)).toContain(seat?.no);
    const rows = await handle.db.select().from(reservations).where(eq(reservations.code, result.reservasi_kode));
    expect(rows[0]?.status).toBe('pending');
    expect(rows[0]?.expiresAt.getTime()).toBe(START.getTime() + 30 * 60_000);
    const names = await handle.db
      .select()
      .from(passengers)
      .where(eq(passengers.reservationId, rows[0]?.id ?? -1));
    expect(names.map((p) => p.name)).toEqual(['Budi Santoso']);
  });

  it('100 concurrent reservations of one seat: exactly 1 OK, 99 RSV-2', async () => {
    clock = START;
    const date = addDays(TEST_TODAY, 22);
    const replies = await Promise.all(
      Array.from({ length: 100 }, () => reserveWith(oneWay(XTR, date, ['2'], XTR.price))),
    );
    const okCount = replies.filter((r) => r.ok).length;
    const refused = replies.filter((r) => !r.ok && r.status === 409 && r.error.code === 'RSV-2');
    expect(okCount).toBe(1);
    expect(refused).toHaveLength(99);
    expect(refused[0]?.ok === false && refused[0].error.message).toBe('Kursi 2 sudah dipesan penumpang lain');
    expect(await liveRows(XTR.code, date)).toEqual(['2']);
  });

  it('200 concurrent reservations of random seats: no seat twice, every success shown taken by kursi', async () => {
    clock = START;
    const date = addDays(TEST_TODAY, 23);
    const free = seatsOf(await kursi(BUS, date)).map((s) => s.no);
    expect(free.length).toBeGreaterThan(30);
    let seed = 7;
    const random = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed / 2_147_483_648;
    };
    const picks = Array.from({ length: 200 }, () => {
      const count = 1 + Math.floor(random() * 3);
      const chosen = new Set<string>();
      while (chosen.size < count) chosen.add(free[Math.floor(random() * free.length)] ?? '1');
      return [...chosen];
    });
    const replies = await Promise.all(picks.map((seats) => reserveWith(oneWay(BUS, date, seats, 1))));
    const won = picks.filter((_, i) => replies[i]?.ok);
    expect(won.length).toBeGreaterThan(0);
    for (const reply of replies) if (!reply.ok) expect(reply.error.code).toBe('RSV-2');
    const wonSeats = won.flat();
    expect(new Set(wonSeats).size).toBe(wonSeats.length);
    const taken = await takenOn(BUS, date);
    for (const no of wonSeats) expect(taken).toContain(no);
    const twice = await queryRows<{ n: number }>(
      handle.db,
      sql`SELECT count(*)::int AS n FROM (SELECT 1 FROM seat_bookings WHERE live GROUP BY schedule_id, departure_date, seat_no HAVING count(*) > 1) d`,
    );
    expect(twice[0]?.n).toBe(0);
  });

  it('an Idempotency-Key retry answers the same reservation; the key with another body is 422', async () => {
    clock = START;
    const date = addDays(TEST_TODAY, 24);
    const key = { [RESERVATION_HEADER.idempotencyKey]: 'retry-key-0001-abcdef' };
    const body = oneWay(XTR, date, ['3'], XTR.price);
    const replies = await Promise.all([reserveWith(body, key), reserveWith(body, key), reserveWith(body, key)]);
    const codes = replies.map((r) => (r.ok ? r.results.reservasi_kode : r.error.code));
    expect(new Set(codes).size).toBe(1);
    expect(codes[0]).toMatch(/^[2-9A-Z]{10}$/);
    const again = await reserveWith(body, key);
    expect(again.ok && again.results.reservasi_kode).toBe(codes[0]);
    const count = await handle.db
      .select()
      .from(reservations)
      .where(eq(reservations.idempotencyKey, 'retry-key-0001-abcdef'));
    expect(count).toHaveLength(1);
    const other = await reserveWith(oneWay(XTR, date, ['4'], XTR.price), key);
    expect(other.ok).toBe(false);
    expect(!other.ok && [other.status, other.error.code]).toEqual([422, 'RSV-4']);
    expect(!other.ok && other.error.message).toMatch(/Idempotency-Key sudah dipakai/);
  });

  it('a price change answers flag_harga_berubah 1 with the server total and still reserves', async () => {
    clock = START;
    const date = addDays(TEST_TODAY, 25);
    const result = await ok(app, 'reservasi', oneWay(XTR, date, ['5'], 99_000));
    expect(result).toMatchObject({ flag_harga_berubah: 1, total_bayar: 150000, flag_lunas: 0 });
    expect(await takenOn(XTR, date)).toContain('5');
  });

  it('a round trip books both legs or none', async () => {
    clock = START;
    const date = addDays(TEST_TODAY, 26);
    const back = addDays(date, 2);
    await handle.db.insert(seatBookings).values({
      scheduleId:
        (await handle.db.select({ id: schedules.id }).from(schedules).where(eq(schedules.code, RETURN.code)))[0]?.id ??
        -1,
      departureDate: back,
      seatNo: '6',
    });
    const roundTrip = (returnSeat: string) => ({
      ...oneWay(XTR, date, ['6'], XTR.price + RETURN.price),
      flag_pp: 1,
      operator_kode_pulang: RETURN.operator,
      jadwal_kode_pulang: RETURN.code,
      tanggal_berangkat_pulang: back,
      kursi_pulang: [{ no: returnSeat, penumpang_nama: 'Budi Santoso' }],
    });
    const refused = await fails(app, 'reservasi', roundTrip('6'));
    expect(refused.code).toBe('RSV-2');
    expect(await liveRows(XTR.code, date)).toEqual([]);
    const done = await ok(app, 'reservasi', roundTrip('7'));
    expect(done).toMatchObject({ flag_harga_berubah: 0, total_bayar: 290000 });
    expect(await takenOn(XTR, date)).toContain('6');
    expect(await takenOn(RETURN, back)).toContain('7');
  });

  it('a 3-leg connecting trip books all legs or none', async () => {
    clock = START;
    const date = addDays(TEST_TODAY, 27);
    const trip = (lastSeat: string) => ({
      flag_connecting: 1,
      connecting: THREE_LEGS.map((leg, i) => ({
        operator_kode: leg.operator,
        jadwal_kode: leg.code,
        tanggal_berangkat: date,
        kursi: [{ no: i === 2 ? lastSeat : '3', penumpang_nama: 'Budi Santoso' }],
      })),
      ...booker,
      total_bayar: 0,
    });
    const last = THREE_LEGS[2] ?? BUS;
    await reserveWith(oneWay(last, date, ['10'], 0));
    expect(await takenOn(last, date)).toContain('10');
    const refused = await fails(app, 'reservasi', trip('10'));
    expect([refused.httpStatus, refused.code, refused.message]).toEqual([
      409,
      'RSV-2',
      'Kursi 10 sudah dipesan penumpang lain',
    ]);
    for (const leg of THREE_LEGS.slice(0, 2)) expect(await liveRows(leg.code, date)).toEqual([]);
    const done = await ok(app, 'reservasi', trip('11'));
    expect(done.flag_harga_berubah).toBe(1);
    for (const leg of THREE_LEGS.slice(0, 2)) expect(await liveRows(leg.code, date)).toEqual(['3']);
    expect((await liveRows(last.code, date)).sort()).toEqual(['10', '11']);
  });

  it('a leg without seat selection gets operator-assigned free seats', async () => {
    clock = START;
    const date = addDays(TEST_TODAY, 28);
    const before = await liveRows(NO_SEAT.scheduleCode, date);
    const result = await ok(
      app,
      'reservasi',
      oneWay({ operator: NO_SEAT.operatorCode, code: NO_SEAT.scheduleCode }, date, [null, null], 2 * NO_SEAT.price),
    );
    expect(result).toMatchObject({ flag_harga_berubah: 0, total_bayar: 220000 });
    const after = await liveRows(NO_SEAT.scheduleCode, date);
    expect(after.length).toBe(before.length + 2);
    expect(new Set(after).size).toBe(after.length);
    const refused = await fails(app, 'reservasi', oneWay(XTR, date, [null], XTR.price));
    expect(refused.code).toBe('RSV-1');
  });

  it('a reservation with nothing left to pay is paid at once (flag_lunas 1)', async () => {
    clock = START;
    const date = addDays(TEST_TODAY, 32);
    await handle.db.insert(vouchers).values({
      code: 'LUNAS100',
      name: 'Gratis Penuh',
      discountType: 'persen',
      discountValue: 100,
      validFrom: addDays(TEST_TODAY, -1),
      validUntil: addDays(TEST_TODAY, 90),
    });
    const result = await ok(app, 'reservasi', { ...oneWay(XTR, date, ['1'], 0), voucher_kode: 'LUNAS100' });
    expect(result).toMatchObject({ flag_lunas: 1, total_bayar: 0 });
    const rows = await handle.db.select().from(reservations).where(eq(reservations.code, result.reservasi_kode));
    expect(rows[0]?.status).toBe('paid');
  });

  it('an unpaid reservation past its 30 minutes frees its seats, at query time and by the sweep', async () => {
    clock = START;
    const date = addDays(TEST_TODAY, 29);
    const first = await ok(app, 'reservasi', oneWay(XTR, date, ['8'], XTR.price));
    clock = new Date(START.getTime() + 29 * 60_000);
    expect(await takenOn(XTR, date)).toContain('8');
    expect((await fails(app, 'reservasi', oneWay(XTR, date, ['8'], XTR.price))).code).toBe('RSV-2');
    clock = new Date(START.getTime() + 31 * 60_000);
    expect(await takenOn(XTR, date)).not.toContain('8');
    const second = await ok(app, 'reservasi', oneWay(XTR, date, ['8'], XTR.price));
    expect(second.reservasi_kode).not.toBe(first.reservasi_kode);
    const old = await handle.db.select().from(reservations).where(eq(reservations.code, first.reservasi_kode));
    expect(old[0]?.status).toBe('expired');
    const swept = await sweepExpired(handle.db, new Date(clock.getTime() + 31 * 60_000));
    expect(swept.reservations).toBeGreaterThan(0);
    const latest = await handle.db.select().from(reservations).where(eq(reservations.code, second.reservasi_kode));
    expect(latest[0]?.status).toBe('expired');
    clock = START;
  });

  it('refuses a departure that has left today (RSV-3) and a past date (RSV-1)', async () => {
    clock = new Date(`${TEST_TODAY}T09:00:00+07:00`);
    const left = await fails(app, 'reservasi', oneWay(XTR, TEST_TODAY, ['1'], XTR.price));
    expect([left.httpStatus, left.code]).toEqual([400, 'RSV-3']);
    expect(left.message).toMatch(/sudah berangkat/);
    const past = await fails(app, 'reservasi', oneWay(XTR, addDays(TEST_TODAY, -1), ['1'], XTR.price));
    expect(past.code).toBe('RSV-1');
    clock = new Date(`${TEST_TODAY}T07:00:00+07:00`);
    expect((await ok(app, 'reservasi', oneWay(XTR, TEST_TODAY, ['9'], XTR.price))).flag_harga_berubah).toBe(0);
    clock = START;
  });

  it('never sells a voucher quota twice', async () => {
    clock = START;
    await handle.db.insert(vouchers).values({
      code: 'SATUKALI',
      name: 'Satu Kali',
      discountType: 'nominal',
      discountValue: 10000,
      validFrom: addDays(TEST_TODAY, -1),
      validUntil: addDays(TEST_TODAY, 90),
      quota: 1,
    });
    const date = addDays(TEST_TODAY, 30);
    const replies = await Promise.all(
      ['1', '2', '3', '4', '5', '6'].map((no) =>
        reserveWith({ ...oneWay(XTR, date, [no], 140000), voucher_kode: 'SATUKALI' }),
      ),
    );
    expect(replies.filter((r) => r.ok)).toHaveLength(1);
    for (const r of replies) if (!r.ok) expect(r.error.code).toBe('VCR-3');
  });

  it('answers every bad input with a 4xx envelope, never a 500', async () => {
    clock = START;
    const date = addDays(TEST_TODAY, 31);
    const bad: unknown[] = [
      {},
      { ...oneWay(XTR, date, ['1'], 1), kursi_pergi: 'x' },
      oneWay(XTR, date, ['99'], 1),
      oneWay(XTR, date, ['1', '1'], 1),
      oneWay(XTR, date, ['1', null], 1),
      oneWay({ operator: 'XTR', code: 'NOPE' }, date, ['1'], 1),
      oneWay(XTR, '2026-02-30', ['1'], 1),
      { ...oneWay(XTR, date, ['1'], 1), voucher_kode: 'TIDAKADA' },
      { ...oneWay(XTR, date, ['1'], 1), jenis_pembayaran_kode: 'NOPE' },
      { ...oneWay(XTR, date, ['1'], 1), total_bayar: -1 },
      { ...oneWay(XTR, date, ['1'], 1), hold_token: 'short' },
      { ...oneWay(XTR, date, ['1', '2', '3', '4'], 1) },
    ];
    for (const body of bad) {
      const reply = await fails(app, 'reservasi', body as Record<string, unknown>);
      expect(reply.httpStatus).toBeGreaterThanOrEqual(400);
      expect(reply.httpStatus).toBeLessThan(500);
    }
    const badKey = await reserveWith(oneWay(XTR, date, ['1'], 1), { [RESERVATION_HEADER.idempotencyKey]: 'x' });
    expect(badKey.status).toBe(400);
    const notJson = await app.request(`${API_BASE}${endpoints.reservasi.path}`, {
      method: 'POST',
      headers: { ...defaultHeaders(), 'content-type': 'application/json' },
      body: '{',
    });
    expect(notJson.status).toBe(400);
    expect(await liveRows(XTR.code, date)).toEqual([]);
  });

  it('names the leg whose seat list mixes seat numbers and operator-assigned seats', async () => {
    clock = START;
    const date = addDays(TEST_TODAY, 33);
    const pergi = await fails(app, 'reservasi', oneWay(XTR, date, ['1', null], XTR.price));
    expect([pergi.httpStatus, pergi.code, pergi.message]).toEqual([
      400,
      'REQ-1',
      'Daftar kursi pergi tidak boleh mencampur nomor kursi dan kursi kosong',
    ]);
    const connecting = await fails(app, 'reservasi', {
      flag_connecting: 1,
      connecting: THREE_LEGS.map((leg, i) => ({
        operator_kode: leg.operator,
        jadwal_kode: leg.code,
        tanggal_berangkat: date,
        kursi: [
          { no: '3', penumpang_nama: 'Budi Santoso' },
          ...(i === 1 ? [{ no: null, penumpang_nama: 'Sari' }] : []),
        ],
      })),
      ...booker,
      total_bayar: 0,
    });
    expect([connecting.httpStatus, connecting.message]).toEqual([
      400,
      'Daftar kursi rute 2 tidak boleh mencampur nomor kursi dan kursi kosong',
    ]);
    for (const leg of THREE_LEGS) expect(await liveRows(leg.code, date)).toEqual([]);
  });

  it('keeps the digest a repeated Idempotency-Key is checked against: the parsed body and the hold token', async () => {
    clock = START;
    const date = addDays(TEST_TODAY, 34);
    const body = { ...oneWay(XTR, date, ['6'], XTR.price), voucher_diskon: 0 };
    const key = 'digest-key-0001-abcdef';
    await ok(app, 'reservasi', body, { headers: { ...defaultHeaders(), [RESERVATION_HEADER.idempotencyKey]: key } });
    const [row] = await handle.db
      .select({ requestHash: reservations.requestHash })
      .from(reservations)
      .where(eq(reservations.idempotencyKey, key));
    // Orders stored before keep matching their retries only while this stays the same text.
    const expected = createHash('sha256')
      .update(JSON.stringify({ body: ReservasiBodySchema.parse(body), holdToken: null }))
      .digest('hex');
    expect(row?.requestHash).toBe(expected);
  });
});
