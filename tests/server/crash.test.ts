import type { ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, expect, it } from 'vitest';
import { ORDER_KEY_HEADER, RESERVATION_HEADER, type KursiResults } from '../../contract';
import { openDatabase, type DbHandle } from '../../server/db/client';
import { addDays, jakartaToday } from '../../server/lib/dates';
import { queryRows } from '../../server/services/sql';
import {
  createScratchDatabase,
  httpCall,
  prepareDataDir,
  seededTemplates,
  startApiProcess,
  stopProcess,
} from './helpers/api-process';
import { describeEachDatabase } from './helpers/test-db';

/**
 * Issue 12, crashes: the real server is killed (SIGKILL, no shutdown of any kind) in the middle of
 * a stream of reservations and payments, then started again on the same database. Whatever the
 * API answered OK must be there, whole: a reservation with its seats, passengers and (when paid)
 * one payment row; no seat booked twice; a payment sent again after the restart changes nothing.
 */

const WORKERS = 8;
/** The kill comes when this many reservations have been answered OK, with the others in flight. */
const KILL_AFTER_OK = 40;
const LEGS = [
  { operator: 'XTR', code: 'XTR-BDG-JKT-0800' },
  { operator: 'LJT', code: 'LJT-JKT-BDG-2100' },
];
/** Days ahead the stream books (clear of the seed's sprinkled bookings and other tests). */
const DAYS = [20, 21, 22, 23, 24, 25];
const NAMES = ['Budi Santoso', 'Siti Aminah', 'Agus Salim', 'Dewi Lestari', 'Putu Wijaya'];
/** Ports of the crash test (4440-4459 belong to these process tests). */
const PORT = { pglite: 4442, postgres: 4443 } as const;

interface Attempt {
  key: string;
  body: Record<string, unknown>;
  seats: string[];
  /** answered: OK reply; refused: an error envelope; lost: no reply (the process died). */
  reservation: 'answered' | 'refused' | 'lost' | 'pending';
  code?: string;
  orderKey?: string;
  payment: 'none' | 'answered' | 'lost' | 'pending';
}

interface Pool {
  leg: { operator: string; code: string };
  date: string;
  seats: string[];
}

const pick = <T>(list: readonly T[]): T => {
  const item = list[Math.floor(Math.random() * list.length)];
  if (item === undefined) throw new Error('empty list');
  return item;
};

async function freeSeatPools(base: string, today: string): Promise<Pool[]> {
  const pools: Pool[] = [];
  for (const leg of LEGS) {
    for (const day of DAYS) {
      const date = addDays(today, day);
      const reply = await httpCall(base, 'kursi', {
        operator_kode: leg.operator,
        jadwal_kode: leg.code,
        tanggal_berangkat: date,
      });
      if (reply.body.status !== 'OK') throw new Error(`kursi ${leg.code} ${date}: ${reply.body.status}`);
      const layout = (reply.body as { results: KursiResults }).results;
      const seats = layout.layout_kursi
        .flatMap((floor) => Object.values(floor.kursi))
        .filter((s) => (s.tipe === 'P' || s.tipe === 'PS') && s.flag_booking === 0)
        .map((s) => s.no);
      pools.push({ leg, date, seats });
    }
  }
  return pools;
}

/** True when fetch failed without a reply (refused or reset connection): the process is gone. */
const noReply = (error: unknown) => error instanceof TypeError;

/**
 * Workers book 1 or 2 random seats (so some race and meet RSV-2) and pay each reservation at
 * once; `onOk` sees each OK reservation as it is answered (the caller kills the server there).
 */
async function stream(base: string, pools: Pool[], tag: string, onOk: (count: number) => void): Promise<Attempt[]> {
  const attempts: Attempt[] = [];
  let ok = 0;
  let down = false;
  const worker = async (w: number) => {
    for (let n = 0; !down; n += 1) {
      const pool = pick(pools);
      const wanted = new Set<string>();
      const count = 1 + Math.floor(Math.random() * 2);
      while (wanted.size < count) wanted.add(pick(pool.seats));
      const seats = [...wanted];
      const body = {
        operator_kode_pergi: pool.leg.operator,
        jadwal_kode_pergi: pool.leg.code,
        tanggal_berangkat_pergi: pool.date,
        kursi_pergi: seats.map((no, i) => ({ no, penumpang_nama: NAMES[(w + n + i) % NAMES.length]! })),
        pemesan_nama: 'Rina Kartika',
        pemesan_telp: '081234567890',
        pemesan_email: 'rina@contoh.id',
        jenis_pembayaran_kode: 'QRIS',
        total_bayar: 0,
      };
      const attempt: Attempt = {
        key: `crash-${tag}-${w}-${n}`,
        body,
        seats,
        reservation: 'pending',
        payment: 'none',
      };
      attempts.push(attempt);
      let reply;
      try {
        reply = await httpCall(base, 'reservasi', body, { [RESERVATION_HEADER.idempotencyKey]: attempt.key });
      } catch (error) {
        if (!noReply(error)) throw error;
        attempt.reservation = 'lost';
        down = true;
        return;
      }
      if (reply.body.status !== 'OK') {
        attempt.reservation = 'refused';
        // A seat another traveller took is the race the stream makes; anything else is a bug.
        expect(reply.body, JSON.stringify(reply.body)).toMatchObject({ code: 'RSV-2' });
        continue;
      }
      const results = reply.body.results as { reservasi_kode: string; kunci_pesanan: string };
      attempt.reservation = 'answered';
      attempt.code = results.reservasi_kode;
      attempt.orderKey = results.kunci_pesanan;
      ok += 1;
      onOk(ok);
      attempt.payment = 'pending';
      try {
        const paid = await httpCall(
          base,
          'simulasiBayar',
          { reservasi_kode: attempt.code },
          { [ORDER_KEY_HEADER]: attempt.orderKey },
        );
        expect(paid.body.status).toBe('OK');
        attempt.payment = 'answered';
      } catch (error) {
        if (!noReply(error)) throw error;
        attempt.payment = 'lost';
        down = true;
        return;
      }
    }
  };
  await Promise.all(Array.from({ length: WORKERS }, (_, w) => worker(w)));
  return attempts;
}

interface StoredReservation {
  code: string;
  key: string;
  status: string;
  total: number;
  seats: number;
  liveSeats: number;
  seatNos: string;
  passengers: number;
  linkedPassengers: number;
  payments: number;
  paymentAmount: number | null;
  expiringPaidSeats: number;
}

async function storedReservations(db: DbHandle['db'], tag: string): Promise<StoredReservation[]> {
  return queryRows<StoredReservation>(
    db,
    sql`SELECT r.code::text AS code, r.idempotency_key AS key, r.status, r.total::int AS total,
          (SELECT count(*)::int FROM seat_bookings b WHERE b.reservation_id = r.id) AS seats,
          (SELECT count(*)::int FROM seat_bookings b WHERE b.reservation_id = r.id AND b.live) AS "liveSeats",
          (SELECT coalesce(string_agg(b.seat_no, ',' ORDER BY b.seat_no), '')
             FROM seat_bookings b WHERE b.reservation_id = r.id) AS "seatNos",
          (SELECT count(*)::int FROM passengers p WHERE p.reservation_id = r.id) AS passengers,
          (SELECT count(*)::int FROM passengers p JOIN seat_bookings b
             ON b.id = p.seat_booking_id AND b.reservation_id = r.id
             WHERE p.reservation_id = r.id) AS "linkedPassengers",
          (SELECT count(*)::int FROM payments y WHERE y.reservation_id = r.id) AS payments,
          (SELECT max(y.amount)::int FROM payments y WHERE y.reservation_id = r.id) AS "paymentAmount",
          (SELECT count(*)::int FROM seat_bookings b
             WHERE b.reservation_id = r.id AND b.expires_at IS NOT NULL) AS "expiringPaidSeats"
        FROM reservations r
        WHERE r.idempotency_key LIKE ${`crash-${tag}-%`}`,
  );
}

async function seatsBookedTwice(db: DbHandle['db']): Promise<number> {
  const rows = await queryRows<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM (
          SELECT 1 FROM seat_bookings WHERE live
          GROUP BY schedule_id, departure_date, seat_no HAVING count(*) > 1) d`,
  );
  return rows[0]?.n ?? -1;
}

describeEachDatabase('SIGKILL in the middle of reservations and payments (%s)', (kind) => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  }, 60_000);

  it('keeps every answered reservation whole, books no seat twice and applies no payment twice', async () => {
    const started = performance.now();
    const today = jakartaToday();
    const dataDir = await mkdtemp(join('/tmp', `crash-${kind}-`));
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
    let databaseUrl: string | undefined;
    if (kind === 'postgres') {
      const scratch = await createScratchDatabase(process.env.TEST_DATABASE_URL!);
      cleanups.push(() => scratch.drop());
      databaseUrl = scratch.url;
    }
    const port = PORT[kind];
    const base = `http://127.0.0.1:${port}`;
    const options = { port, dataDir: join(dataDir, 'db'), databaseUrl, today };
    if (kind === 'pglite') await prepareDataDir(options.dataDir);
    let child: ChildProcess = await startApiProcess(options);
    cleanups.push(() => stopProcess(child, 'SIGKILL'));
    const seeded = performance.now();

    const pools = await freeSeatPools(base, today);
    expect(pools.every((pool) => pool.seats.length >= 10)).toBe(true);
    const tag = `${kind}${Date.now().toString(36)}`;
    const killed = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    const attempts = await stream(base, pools, tag, (count) => {
      if (count === KILL_AFTER_OK) child.kill('SIGKILL');
    });
    await killed;
    expect(child.signalCode).toBe('SIGKILL');

    const answered = attempts.filter((a) => a.reservation === 'answered');
    const lost = attempts.filter((a) => a.reservation === 'lost');
    const paid = answered.filter((a) => a.payment === 'answered');
    // The kill really came mid-stream: OK answers before it, requests cut off by it.
    expect(answered.length).toBeGreaterThanOrEqual(KILL_AFTER_OK);
    expect(lost.length + answered.filter((a) => a.payment === 'lost').length).toBeGreaterThan(0);

    const restartAt = performance.now();
    child = await startApiProcess(options);
    const restarted = performance.now();

    // Retried as a client would: the reservations cut off go again with their Idempotency-Key.
    for (const attempt of lost) {
      const reply = await httpCall(base, 'reservasi', attempt.body, {
        [RESERVATION_HEADER.idempotencyKey]: attempt.key,
      });
      if (reply.body.status === 'OK') {
        const results = reply.body.results as { reservasi_kode: string; kunci_pesanan: string };
        attempt.reservation = 'answered';
        attempt.code = results.reservasi_kode;
        attempt.orderKey = results.kunci_pesanan;
      } else {
        expect(reply.body).toMatchObject({ code: 'RSV-2' });
        attempt.reservation = 'refused';
      }
    }
    // Every payment goes again, those answered too: a repeat must not charge a second time.
    const nowAnswered = attempts.filter((a) => a.reservation === 'answered');
    for (const attempt of nowAnswered) {
      const reply = await httpCall(
        base,
        'simulasiBayar',
        { reservasi_kode: attempt.code },
        { [ORDER_KEY_HEADER]: attempt.orderKey! },
      );
      expect(reply.body).toMatchObject({ status: 'OK', results: { flag_lunas: 1, cashback_point: 0 } });
    }
    // And once more on a paid order: still one payment (checked below).
    if (paid[0]) {
      const again = await httpCall(
        base,
        'simulasiBayar',
        { reservasi_kode: paid[0].code },
        { [ORDER_KEY_HEADER]: paid[0].orderKey! },
      );
      expect(again.body.status).toBe('OK');
    }

    // The database as stored: PGlite's folder is opened here once the server let go of it.
    let db: DbHandle;
    if (kind === 'pglite') {
      await stopProcess(child);
      db = await openDatabase({ dataDir: options.dataDir });
    } else {
      db = await openDatabase({ url: databaseUrl, max: 2 });
    }
    try {
      const stored = await storedReservations(db.db, tag);
      const byCode = new Map(stored.map((row) => [row.code, row]));
      // Every reservation answered OK (before the kill or on the retry) is there, paid, whole.
      for (const attempt of nowAnswered) {
        const row = byCode.get(attempt.code!);
        expect(row, `reservation ${attempt.code} answered OK is missing`).toBeDefined();
        expect(row!.key).toBe(attempt.key);
        expect(row!.seatNos).toBe([...attempt.seats].sort().join(','));
        expect(row!.status).toBe('paid');
      }
      // No reservation at all is half-written, those cut off in flight included.
      expect(stored.length).toBeGreaterThanOrEqual(nowAnswered.length);
      for (const row of stored) {
        expect(row.seats, row.code).toBeGreaterThan(0);
        expect(row.liveSeats, row.code).toBe(row.seats);
        expect(row.passengers, row.code).toBe(row.seats);
        expect(row.linkedPassengers, row.code).toBe(row.seats);
        if (row.status === 'paid') {
          expect(row.payments, row.code).toBe(1);
          expect(row.paymentAmount, row.code).toBe(row.total);
          expect(row.expiringPaidSeats, row.code).toBe(0);
        } else {
          expect(row.status, row.code).toBe('pending');
          expect(row.payments, row.code).toBe(0);
        }
      }
      // One reservation per Idempotency-Key, whatever was retried.
      expect(new Set(stored.map((row) => row.key)).size).toBe(stored.length);
      expect(await seatsBookedTwice(db.db)).toBe(0);
    } finally {
      await db.close();
    }
    if (kind === 'postgres') await stopProcess(child);

    console.log(
      `crash (${kind}): first start ${((seeded - started) / 1000).toFixed(1)} s (${seededTemplates()[kind] ? 'from the seeded template' : 'seeding'}), ` +
        `${attempts.length} reservations sent, ${answered.length} answered OK and ${paid.length} paid before the kill, ` +
        `${lost.length} reservations and ${answered.filter((a) => a.payment === 'lost').length} payments cut off, ` +
        `restart ${((restarted - restartAt) / 1000).toFixed(1)} s, ` +
        `${answeredCount(attempts)} reservations OK after retries, total ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
  }, 150_000);
});

function answeredCount(attempts: Attempt[]): number {
  return attempts.filter((a) => a.reservation === 'answered').length;
}
