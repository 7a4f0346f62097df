import { readFileSync } from 'node:fs';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { API_BASE, endpoints } from '../../contract';
import { createApp, type App } from '../../server/app';
import {
  cities,
  customerSessions,
  customers,
  flashSaleSessions,
  operators,
  otpChallenges,
  otpOutbox,
  paymentMethods,
  points,
  reservations,
  routes,
  schedules,
  seatBookings,
  vouchers,
} from '../../server/db/schema';
import { seedIfEmpty } from '../../server/db/seed';
import { importTimetable, parseTimetable, TimetableImportError } from '../../server/db/timetable-import';
import { createLogger } from '../../server/logger';
import { demoTokensIn } from '../../server/production-checks';
import type { OtpMessage } from '../../server/services/otp-delivery';
import { tokenHash } from '../../server/lib/token-hash';
import { addSupportAccount } from '../../server/services/support-accounts';
import { defaultHeaders, fails, ok } from './api-support';
import { TEST_TODAY, createTestDatabase, describeEachDatabase, type TestDatabase } from './helpers/test-db';
import { sampleTrace } from './helpers/traces';

const NOW = new Date(`${TEST_TODAY}T09:00:00+07:00`);
const EXAMPLE = JSON.parse(
  readFileSync(new URL('../../docs/timetable-example.json', import.meta.url), 'utf8'),
) as unknown;
const DEMO_TOKENS = ['demo-token-berangkat', 'nol-poin-token-berangkat', 'cs-token-berangkat'];

describeEachDatabase('production mode on %s', (kind) => {
  let handle: TestDatabase;
  let app: App;

  beforeAll(async () => {
    handle = await createTestDatabase(kind, { seed: false });
    expect(await seedIfEmpty(handle.db, { today: TEST_TODAY, demo: false })).toBe(true);
    app = createApp({ db: handle.db, today: () => TEST_TODAY, now: () => NOW, demo: false });
  });
  afterAll(async () => {
    await handle.destroy();
  });

  it('seeds the reference data only: no customer, session, voucher, order, booked seat or flash sale', async () => {
    for (const table of [cities, points, routes, schedules, paymentMethods]) {
      const [row] = await handle.db.select({ n: count() }).from(table);
      expect(row?.n).toBeGreaterThan(0);
    }
    for (const table of [customers, customerSessions, vouchers, reservations, seatBookings, flashSaleSessions]) {
      const [row] = await handle.db.select({ n: count() }).from(table);
      expect(row?.n).toBe(0);
    }
    expect(await demoTokensIn(handle.db)).toEqual([]);
  });

  it('no demo token signs in (401), and the demo calls do not exist (404)', async () => {
    for (const token of DEMO_TOKENS) {
      const refused = await fails(app, 'konfigurasi', {}, { bearer: token });
      expect(refused.httpStatus).toBe(401);
    }
    const outbox = await fails(app, 'demoOtpOutbox', { tujuan: '081234567890' });
    const fare = await fails(app, 'demoUbahHarga', { operator_kode: 'XTR', jadwal_kode: 'XTR-BDG-JKT-0800', harga: 1 });
    const pay = await fails(app, 'simulasiBayar', { reservasi_kode: 'BRK0000001' });
    for (const reply of [outbox, fare, pay]) expect(reply).toMatchObject({ httpStatus: 404, code: 'NFD-1' });
  });

  it('a one-time code is never logged nor stored in clear, with a sender or without one', async () => {
    const lines: string[] = [];
    const logger = createLogger('trace', { write: (line: string) => void lines.push(line) });
    const post = (target: App, telp: string) =>
      target.request(`${API_BASE}${endpoints.requestCustomerLoginAlternative.path}`, {
        method: 'POST',
        headers: { ...defaultHeaders(), 'content-type': 'application/json' },
        body: JSON.stringify({ tipe: 'telp', telp }),
      });

    const without = createApp({ db: handle.db, today: () => TEST_TODAY, now: () => NOW, demo: false, logger });
    expect((await post(without, '081355501001')).status).toBe(503);

    const sent: OtpMessage[] = [];
    const withSender = createApp({
      db: handle.db,
      today: () => TEST_TODAY,
      now: () => NOW,
      demo: false,
      logger,
      otpSender: {
        send: (message) => {
          sent.push(message);
          return Promise.resolve();
        },
      },
    });
    expect((await post(withSender, '081355501002')).status).toBe(200);
    expect(sent).toHaveLength(1);
    const code = sent[0]!.code;
    expect(code).toMatch(/^\d{6}$/);

    const log = lines.join('\n');
    expect(log).not.toContain('Kode OTP Berangkat kamu');
    expect(log).not.toContain(code);
    const [outboxRows] = await handle.db.select({ n: count() }).from(otpOutbox);
    expect(outboxRows?.n).toBe(0);
    const challenges = await handle.db.select().from(otpChallenges).where(eq(otpChallenges.address, '081355501002'));
    expect(challenges).toHaveLength(1);
    expect(challenges[0]!.codeHash).not.toContain(code);
    expect(challenges[0]!.codeHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('a support account made by the command reads traces with its token; only its hash is stored', async () => {
    const account = await addSupportAccount(handle.db, '  Sari   Wulandari ', NOW);
    expect(account.created).toBe(true);
    const support = { bearer: account.token };
    expect(await ok(app, 'supportAccess', {}, support)).toEqual({ peran: 'support', nama: 'Sari Wulandari' });
    const sent = await ok(app, 'supportTrace', { trace: sampleTrace(undefined, NOW) });
    expect((await ok(app, 'supportTraceRead', { kode: sent.kode }, support)).kode).toBe(sent.kode);

    const sessions = await handle.db
      .select()
      .from(customerSessions)
      .where(eq(customerSessions.customerId, account.customerId));
    expect(sessions.map((s) => s.tokenHash)).toEqual([tokenHash(account.token)]);
    expect(JSON.stringify(sessions)).not.toContain(account.token);

    // The same name again: the same account, a second token, both working.
    const again = await addSupportAccount(handle.db, 'Sari Wulandari', NOW);
    expect([again.created, again.customerId]).toEqual([false, account.customerId]);
    expect(again.token).not.toBe(account.token);
    expect(await ok(app, 'supportAccess', {}, { bearer: again.token })).toMatchObject({ peran: 'support' });
    await expect(addSupportAccount(handle.db, 'S', NOW)).rejects.toThrow(
      'Nama akun support harus 2 sampai 60 karakter',
    );
    const [accounts] = await handle.db.select({ n: count() }).from(customers);
    expect(accounts?.n).toBe(1);
  });

  it('imports an operator timetable; the same file again changes nothing; its departures sell', async () => {
    const parsed = parseTimetable(EXAMPLE);
    if (!parsed.ok) throw new Error(parsed.errors.join('\n'));
    const first = await importTimetable(handle.db, parsed.file);
    expect(first).toEqual({ operator: 'SRT', pools: 1, routes: 2, schedulesNew: 2, schedulesUpdated: 0 });
    const snapshot = async () => ({
      points: (await handle.db.select({ n: count() }).from(points))[0]?.n,
      routes: (await handle.db.select({ n: count() }).from(routes))[0]?.n,
      schedules: await handle.db.select().from(schedules).where(eq(schedules.code, 'SRT-JKT-BDG-1800')),
    });
    const before = await snapshot();
    const second = await importTimetable(handle.db, parsed.file);
    expect(second).toMatchObject({ schedulesNew: 0, schedulesUpdated: 2 });
    expect(await snapshot()).toEqual(before);
    expect(before.schedules[0]).toMatchObject({
      departureTime: '18:00:00',
      price: 140000,
      price2: 165000,
      validFrom: '2026-12-01',
      validUntil: '9999-12-31',
    });

    const seats = await ok(app, 'kursi', {
      operator_kode: 'SRT',
      jadwal_kode: 'SRT-BDG-JKT-0615',
      tanggal_berangkat: '2026-12-02',
    });
    expect(seats.layout_kursi.length).toBeGreaterThan(0);
  });

  it('a timetable with bad rows writes nothing and names every problem in Indonesian', async () => {
    const bad = structuredClone(EXAMPLE) as { jadwal: Record<string, unknown>[]; operator: Record<string, unknown> };
    bad.jadwal[0] = { ...bad.jadwal[0], jam_berangkat: '25:00', harga: -5 };
    bad.jadwal[1] = { ...bad.jadwal[1], berlaku_sampai: '2026-11-01' };
    const shape = parseTimetable(bad);
    expect(shape.ok ? [] : shape.errors).toEqual([
      'jadwal[0] (SRT-BDG-JKT-0615): jam_berangkat: jam_berangkat harus HH:MM',
      'jadwal[0] (SRT-BDG-JKT-0615): harga: harga tidak boleh negatif',
      'jadwal[1] (SRT-JKT-BDG-1800): berlaku_sampai: berlaku_sampai tidak boleh sebelum berlaku_dari',
    ]);

    const other = structuredClone(EXAMPLE) as { jadwal: Record<string, unknown>[]; operator: Record<string, unknown> };
    other.operator = { ...other.operator, kode: 'ZZT' };
    other.jadwal[0] = { ...other.jadwal[0], kode: 'XTR-BDG-JKT-0800', layout: 'BUS99' };
    other.jadwal[1] = { ...other.jadwal[1], tujuan: { kota: 'Atlantis', pool: 'Pool Laut' } };
    const parsed = parseTimetable(other);
    if (!parsed.ok) throw new Error(parsed.errors.join('\n'));
    const [before] = await handle.db.select({ n: count() }).from(schedules);
    const error = await importTimetable(handle.db, parsed.file).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TimetableImportError);
    expect((error as TimetableImportError).problems).toEqual([
      'jadwal[0] (XTR-BDG-JKT-0800): layout: layout kursi "BUS99" tidak dikenal (ada: BUS38, DD40, MB15, SH10, SH7, SLP28)',
      'jadwal[0] (XTR-BDG-JKT-0800): kode sudah dipakai jadwal operator XTR',
      'jadwal[1] (SRT-JKT-BDG-1800): tujuan: kota "Atlantis" tidak dikenal',
      'jadwal[1] (SRT-JKT-BDG-1800): kode sudah dipakai jadwal operator SRT',
    ]);
    const [after] = await handle.db.select({ n: count() }).from(schedules);
    expect(after?.n).toBe(before?.n);
    expect(await handle.db.select().from(operators).where(eq(operators.code, 'ZZT'))).toEqual([]);
  });
});

describeEachDatabase('a database seeded in demo mode on %s', (kind) => {
  let handle: TestDatabase;
  beforeAll(async () => {
    handle = await createTestDatabase(kind);
  });
  afterAll(async () => {
    await handle.destroy();
  });

  it('holds the demo tokens, which production refuses to start with', async () => {
    expect(await demoTokensIn(handle.db)).toEqual(DEMO_TOKENS);
  });
});
