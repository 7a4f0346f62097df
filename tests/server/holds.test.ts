import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { HOLD_MINUTES, RESERVATION_HEADER, type KursiResults } from '../../contract';
import { createApp, type App } from '../../server/app';
import { schedules, seatBookings } from '../../server/db/schema';
import { SEED_FIXTURES } from '../../server/db/seed';
import { addDays } from '../../server/lib/dates';
import { HOLD_RATE } from '../../server/services/holds';
import { call, defaultHeaders, fails, ok } from './api-support';
import { TEST_TODAY, createTestDatabase, type TestDatabase, describeEachDatabase } from './helpers/test-db';

const XTR = { operator: 'XTR', code: 'XTR-BDG-JKT-0800', price: 150000 };
const NO_SEAT = SEED_FIXTURES.noSeatSelection;
const START = new Date(`${TEST_TODAY}T08:00:00+07:00`);
const TOKEN_A = 'holdTokenAAAAAAAAAAAAAAAA';
const TOKEN_B = 'holdTokenBBBBBBBBBBBBBBBB';

describeEachDatabase('hold-kursi on %s', (kind) => {
  let handle: TestDatabase;
  let app: App;
  let clock = START;
  let client = 0;

  beforeAll(async () => {
    handle = await createTestDatabase(kind);
    app = createApp({ db: handle.db, today: () => TEST_TODAY, now: () => clock });
  });
  afterAll(async () => {
    await handle.destroy();
  });

  /** Each test is its own client, so the rate limit of one never reaches another. */
  const ip = () => `10.0.0.${client}`;
  const as = (headers: Record<string, string> = {}) => ({
    headers: { ...defaultHeaders(), 'x-forwarded-for': ip(), ...headers },
  });
  const hold = (date: string, kursi: string[], token?: string) =>
    call(
      app,
      'holdKursi',
      { operator_kode: XTR.operator, jadwal_kode: XTR.code, tanggal_berangkat: date, kursi, hold_token: token },
      as(),
    );
  const taken = async (date: string, token?: string) => {
    const layout: KursiResults = await ok(
      app,
      'kursi',
      { operator_kode: XTR.operator, jadwal_kode: XTR.code, tanggal_berangkat: date },
      as(token ? { [RESERVATION_HEADER.holdToken]: token } : {}),
    );
    return new Set(
      layout.layout_kursi
        .flatMap((floor) => Object.values(floor.kursi))
        .filter((s) => s.flag_booking === 1)
        .map((s) => s.no),
    );
  };
  const reserve = (date: string, seats: string[], headers: Record<string, string> = {}) =>
    call(
      app,
      'reservasi',
      {
        operator_kode_pergi: XTR.operator,
        jadwal_kode_pergi: XTR.code,
        tanggal_berangkat_pergi: date,
        kursi_pergi: seats.map((no) => ({ no, penumpang_nama: 'Budi Santoso' })),
        pemesan_nama: 'Rina Kartika',
        pemesan_telp: '081234567890',
        pemesan_email: 'rina@contoh.id',
        total_bayar: XTR.price * seats.length,
      },
      as(headers),
    );
  const rows = async (date: string) =>
    handle.db
      .select({
        seatNo: seatBookings.seatNo,
        holdToken: seatBookings.holdToken,
        reservationId: seatBookings.reservationId,
      })
      .from(seatBookings)
      .innerJoin(schedules, eq(schedules.id, seatBookings.scheduleId))
      .where(and(eq(schedules.code, XTR.code), eq(seatBookings.departureDate, date), eq(seatBookings.live, true)));

  it('holds seats under a token: others see them taken and cannot reserve them; the token converts them', async () => {
    client = 1;
    clock = START;
    const date = addDays(TEST_TODAY, 21);
    const held = await hold(date, ['2', '3']);
    expect(held.ok).toBe(true);
    if (!held.ok) return;
    const token = held.results.hold_token;
    expect(held.results.kursi).toEqual(['2', '3']);
    expect(held.results.berakhir_pada).toBe(new Date(START.getTime() + HOLD_MINUTES * 60_000).toISOString());
    expect(await taken(date)).toEqual(new Set(['2', '3']));
    expect(await taken(date, token)).toEqual(new Set());

    const stranger = await reserve(date, ['2']);
    expect(!stranger.ok && [stranger.status, stranger.error.code]).toEqual([409, 'RSV-2']);
    const otherToken = await reserve(date, ['3'], { [RESERVATION_HEADER.holdToken]: TOKEN_B });
    expect(!otherToken.ok && otherToken.error.code).toBe('RSV-2');
    const otherHold = await hold(date, ['3'], TOKEN_B);
    expect(!otherHold.ok && otherHold.error.code).toBe('RSV-2');

    const mine = await reserve(date, ['2'], { [RESERVATION_HEADER.holdToken]: token });
    expect(mine.ok).toBe(true);
    const live = await rows(date);
    // Seat 2 became the reservation's, seat 3 (held, not booked) went back to everyone.
    expect(live).toHaveLength(1);
    expect(live[0]).toMatchObject({ seatNo: '2', holdToken: null });
    expect(live[0]?.reservationId).not.toBeNull();
    expect(await taken(date)).toEqual(new Set(['2']));
  });

  it('a second call with the token replaces its seats; an empty list releases them', async () => {
    client = 2;
    clock = START;
    const date = addDays(TEST_TODAY, 22);
    expect((await hold(date, ['1', '2'], TOKEN_A)).ok).toBe(true);
    expect((await hold(date, ['2', '4'], TOKEN_A)).ok).toBe(true);
    expect(await taken(date)).toEqual(new Set(['2', '4']));
    const released = await hold(date, [], TOKEN_A);
    expect(released.ok && released.results).toEqual({ hold_token: TOKEN_A, kursi: [], berakhir_pada: null });
    expect(await taken(date)).toEqual(new Set());
  });

  it('a token holds at most 3 seats of a leg', async () => {
    client = 3;
    clock = START;
    const date = addDays(TEST_TODAY, 23);
    const tooMany = await fails(
      app,
      'holdKursi',
      { operator_kode: XTR.operator, jadwal_kode: XTR.code, tanggal_berangkat: date, kursi: ['1', '2', '3', '4'] },
      as(),
    );
    expect([tooMany.httpStatus, tooMany.code]).toEqual([400, 'REQ-1']);
    expect(tooMany.message).toMatch(/batas maksimum \(3\)/);
    expect(await taken(date)).toEqual(new Set());
  });

  it('rate limits each client, and lets it again a minute later', async () => {
    client = 4;
    clock = START;
    const date = addDays(TEST_TODAY, 24);
    for (let i = 0; i < HOLD_RATE.burst; i += 1) expect((await hold(date, ['5'], TOKEN_A)).ok).toBe(true);
    const limited = await hold(date, ['5'], TOKEN_A);
    expect(!limited.ok && [limited.status, limited.error.code]).toEqual([429, 'REQ-2']);
    expect(!limited.ok && limited.error.message).toMatch(/Terlalu banyak permintaan/);
    client = 5;
    expect((await hold(date, ['6'], TOKEN_B)).ok).toBe(true);
    client = 4;
    clock = new Date(START.getTime() + 60_000);
    expect((await hold(date, ['5'], TOKEN_A)).ok).toBe(true);
    clock = START;
  });

  it('an expired hold frees its seats; reserving with it falls back to the seats still free', async () => {
    client = 6;
    clock = START;
    const date = addDays(TEST_TODAY, 25);
    expect((await hold(date, ['7', '8'], TOKEN_A)).ok).toBe(true);
    clock = new Date(START.getTime() + (HOLD_MINUTES - 1) * 60_000);
    expect(await taken(date)).toEqual(new Set(['7', '8']));
    clock = new Date(START.getTime() + (HOLD_MINUTES + 1) * 60_000);
    expect(await taken(date)).toEqual(new Set());
    // Someone else takes seat 8 after the hold ran out.
    expect((await reserve(date, ['8'])).ok).toBe(true);
    const late = await reserve(date, ['7', '8'], { [RESERVATION_HEADER.holdToken]: TOKEN_A });
    expect(!late.ok && late.error.code).toBe('RSV-2');
    const fallback = await reserve(date, ['7'], { [RESERVATION_HEADER.holdToken]: TOKEN_A });
    expect(fallback.ok).toBe(true);
    clock = START;
  });

  it('50 concurrent holds of one seat under different tokens: exactly one holds it', async () => {
    clock = START;
    const date = addDays(TEST_TODAY, 26);
    const replies = await Promise.all(
      Array.from({ length: 50 }, (_, i) => {
        client = 100 + i;
        return hold(date, ['9']);
      }),
    );
    expect(replies.filter((r) => r.ok)).toHaveLength(1);
    for (const r of replies) if (!r.ok) expect(r.error.code).toBe('RSV-2');
    expect(await rows(date)).toHaveLength(1);
  });

  it('refuses a schedule without seat selection, a departed one, unknown seats and bad tokens with a 4xx', async () => {
    client = 7;
    clock = new Date(`${TEST_TODAY}T09:00:00+07:00`);
    const noSeat = await fails(
      app,
      'holdKursi',
      {
        operator_kode: NO_SEAT.operatorCode,
        jadwal_kode: NO_SEAT.scheduleCode,
        tanggal_berangkat: addDays(TEST_TODAY, 3),
        kursi: ['1'],
      },
      as(),
    );
    expect(noSeat.code).toBe('RSV-1');
    const departed = await hold(TEST_TODAY, ['1']);
    expect(!departed.ok && departed.error.code).toBe('RSV-3');
    clock = START;
    const bad: Record<string, unknown>[] = [
      {},
      { operator_kode: XTR.operator, jadwal_kode: XTR.code, tanggal_berangkat: addDays(TEST_TODAY, 27), kursi: ['99'] },
      {
        operator_kode: XTR.operator,
        jadwal_kode: XTR.code,
        tanggal_berangkat: addDays(TEST_TODAY, 27),
        kursi: ['1', '1'],
      },
      {
        operator_kode: XTR.operator,
        jadwal_kode: XTR.code,
        tanggal_berangkat: addDays(TEST_TODAY, 27),
        kursi: ['1'],
        hold_token: 'x',
      },
      { operator_kode: XTR.operator, jadwal_kode: 'NOPE', tanggal_berangkat: addDays(TEST_TODAY, 27), kursi: ['1'] },
    ];
    for (const body of bad) {
      const reply = await fails(app, 'holdKursi', body, as());
      expect(reply.httpStatus).toBeLessThan(500);
    }
    const badHeader = await call(
      app,
      'kursi',
      { operator_kode: XTR.operator, jadwal_kode: XTR.code, tanggal_berangkat: addDays(TEST_TODAY, 27) },
      as({ [RESERVATION_HEADER.holdToken]: 'bad token' }),
    );
    expect(badHeader.status).toBe(400);
  });
});
