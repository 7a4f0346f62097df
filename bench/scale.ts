/**
 * npm run bench:scale
 *
 * Flat as data grows: the same calls on today's seed and on the same database grown to ten times
 * the network and a year of history, p95 before and after side by side (goal: after <= 1.5x before).
 *
 * 1. A fresh PostgreSQL database (BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/test
 *    as the server; only the new database `scale_<random>` is touched, and it is dropped after) served
 *    by the compiled server (dist-server/, built first), which migrates and seeds today's demo seed.
 * 2. Setup through the API: the demo customer (the frequent traveller) books 60 orders and cancels 30,
 *    so both of "Pesanan Saya"'s lists have three full pages; 20 guests book one order each (the
 *    look-ups' orders).
 * 3. "before": search-jadwal (never repeated), kursi, cek-harga, reservasi, detail-reservasi (order
 *    key), web-detail-reservasi (the guest look-up), list-reservasi and list-riwayat-reservasi pages
 *    1 and 3 of the demo customer: p50/p95 at concurrency BENCH_SCALE_CONCURRENCY (4), median of
 *    BENCH_SCALE_RUNS (5) runs, the calls taking turns run by run.
 * 4. Grows the database with INSERT ... SELECT generate_series: 180 more cities with a pool each,
 *    20 operators, 900 routes, 2,700 more daily departures; 50,000 customers and 350,000 orders over
 *    the past year and the next 60 days (one-way and round trip, 1-4 passengers: paid, pending,
 *    expired, cancelled) with their ~1,050,000 seat bookings, passengers and payments; 2,000 of them
 *    the demo customer's. Then VACUUM ANALYZE, as autovacuum would have done over that year.
 *    Prints the time each step took and the row counts.
 * 5. "after": the same calls again; a table of p95 before and after, the ratio and the goal. For a
 *    call over 1.5x, EXPLAIN (ANALYZE, BUFFERS) of the slowest statement the call runs (every
 *    statement's time is listed), from the service functions on a connection of their own.
 *
 * BENCH_SCALE_ORDERS scales the history (default 350000). BENCH_PORT picks the port.
 */
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import postgres from 'postgres';
import {
  API_BASE,
  CekHargaBodySchema,
  KursiQuerySchema,
  ORDER_KEY_HEADER,
  PREFIX,
  ReservasiBodySchema,
  SearchJadwalQuerySchema,
  type KursiResults,
} from '../contract';
import { buildServer } from '../scripts/build-server';
import { openDatabase, type Database } from '../server/db/client';
import { SEED_FIXTURES } from '../server/db/seed';
import { priceRequestOf, reservationRequestOf } from '../server/http/trip-body';
import { addDays, jakartaToday } from '../server/lib/dates';
import { listOrders } from '../server/services/order-history';
import { findOrder } from '../server/services/order-store';
import { guestOrder, orderDetail } from '../server/services/orders';
import { checkPrice } from '../server/services/pricing';
import { reserve } from '../server/services/reservations';
import { searchJadwal } from '../server/services/schedules';
import { seatLayout } from '../server/services/seats';
import { markdownTable, medianOf, runLoad, searchPaths, send, type Call, type RunResult } from './support/load';
import { BENCH_CLIENT_RATE_FACTOR, freePort, startServer, stopServer } from './support/server';

const DEFAULT_PG = 'postgres://postgres@127.0.0.1:5432/test';
const RUNS = Number(process.env.BENCH_SCALE_RUNS ?? 5);
const CONCURRENCY = Number(process.env.BENCH_SCALE_CONCURRENCY ?? 4);
const LOAD = { requests: 400, timeMs: 4_000 };
const WARMUP = 40;
const GOAL = 1.5;
/** Departures the seat, price and reservation calls spread over (as bench:api), and their days. */
const DEPARTURES = ['XTR-BDG-JKT-0800', 'LJT-JKT-BDG-2100', 'SBR-SMG-SBY-1530', 'CPT-BDG-CRB-0600'];
const FIRST_DAY = 20;
const DAYS = 120;
const DEMO = SEED_FIXTURES.customers.demo;
/** The history's shape (see step 4 above). */
const GROWTH = {
  cities: 180,
  operators: 20,
  /** City pairs, each served both ways by one operator with three departures a day. */
  pairs: 450,
  perPairWay: 3,
  customers: 50_000,
  orders: Number(process.env.BENCH_SCALE_ORDERS ?? 350_000),
  /** Every n-th order is the demo customer's: 2,000 of 350,000. */
  frequentEvery: 175,
  pastDays: 365,
  aheadDays: 60,
  /** Seats of a departure-day one order takes at most (blocks: outbound 0-1, return 2-3). */
  block: 4,
} as const;

const CALLS = [
  'search-jadwal (cold)',
  'kursi',
  'cek-harga',
  'reservasi',
  'detail-reservasi (key)',
  'web-detail-reservasi (guest)',
  'list-reservasi p1',
  'list-reservasi p3',
  'list-riwayat-reservasi p1',
  'list-riwayat-reservasi p3',
] as const;
type CallName = (typeof CALLS)[number];

const api = (name: string) => `${API_BASE}/${PREFIX}/${name}`;
const bearer = { authorization: `Bearer ${DEMO.token}` };

function pick<T>(list: readonly T[]): T {
  const item = list[Math.floor(Math.random() * list.length)];
  if (item === undefined) throw new Error('pick from an empty list');
  return item;
}

interface Departure {
  operator: string;
  code: string;
  seats: string[];
}

interface Order {
  code: string;
  key: string;
  email: string;
}

// ---------------------------------------------------------------------------------------------
// The calls.

async function ok(agent: http.Agent, port: number, call: Call): Promise<Record<string, unknown>> {
  const res = await send(agent, port, call);
  if (res.status !== 200) throw new Error(`${call.method} ${call.path}: HTTP ${res.status} ${res.body.slice(0, 300)}`);
  return (JSON.parse(res.body) as { results: Record<string, unknown> }).results;
}

async function departures(agent: http.Agent, port: number, date: string): Promise<Departure[]> {
  const found: Departure[] = [];
  for (const code of DEPARTURES) {
    const operator = code.slice(0, 3);
    const query = new URLSearchParams({ operator_kode: operator, jadwal_kode: code, tanggal_berangkat: date });
    const results = (await ok(agent, port, {
      method: 'GET',
      path: `${api('kursi')}?${query.toString()}`,
    })) as unknown as KursiResults;
    const seats = results.layout_kursi
      .flatMap((floor) => Object.values(floor.kursi))
      .filter((seat) => seat.flag_booking === 0 && (seat.tipe === 'P' || seat.tipe === 'PS'))
      .map((seat) => seat.no);
    found.push({ operator, code, seats });
  }
  return found;
}

function reservasiBody(
  dep: Departure,
  date: string,
  seats: string[],
  n: number,
  booker?: { phone: string; email: string },
) {
  return {
    operator_kode_pergi: dep.operator,
    jadwal_kode_pergi: dep.code,
    tanggal_berangkat_pergi: date,
    kursi_pergi: seats.map((no) => ({ no, penumpang_nama: 'Budi Santoso' })),
    pemesan_nama: 'Rina Kartika',
    pemesan_telp: booker?.phone ?? `0813${String(n).padStart(8, '0')}`,
    pemesan_email: booker?.email ?? `skala${n}@contoh.id`,
    total_bayar: 0,
  };
}

/** One reservation through the API on a free seat (another seat when one is taken meanwhile). */
async function book(
  agent: http.Agent,
  port: number,
  deps: Departure[],
  dates: string[],
  n: number,
  options: { token?: boolean; booker?: { phone: string; email: string } } = {},
): Promise<Order> {
  for (let attempt = 0; attempt < 20; attempt += 1) {
    const dep = pick(deps);
    const body = reservasiBody(dep, pick(dates), [pick(dep.seats)], n, options.booker);
    const res = await send(agent, port, {
      method: 'POST',
      path: api('reservasi'),
      body: JSON.stringify(body),
      ...(options.token ? { headers: bearer } : {}),
    });
    if (res.status === 409) continue;
    if (res.status !== 200) throw new Error(`reservasi: HTTP ${res.status} ${res.body.slice(0, 300)}`);
    const results = (JSON.parse(res.body) as { results: { reservasi_kode: string; kunci_pesanan: string } }).results;
    return { code: results.reservasi_kode, key: results.kunci_pesanan, email: body.pemesan_email };
  }
  throw new Error('reservasi: no free seat after 20 tries');
}

function callsOf(today: string, deps: Departure[], lookups: Order[]): Record<CallName, (n: number) => Call> {
  // Never the same query twice (an unused price ceiling): every request reads the database.
  const coldBase = searchPaths(today).filter((path) => !path.includes('harga_max'));
  let coldSerial = 0;
  const dates = Array.from({ length: DAYS }, (_, i) => addDays(today, FIRST_DAY + i));
  const seatsOf = (dep: Departure) => {
    const wanted = new Set<string>();
    const count = 1 + Math.floor(Math.random() * 2);
    while (wanted.size < count) wanted.add(pick(dep.seats));
    return [...wanted];
  };
  let booker = 1_000;
  const list = (name: string, page: number): Call => ({
    method: 'GET',
    path: `${api(name)}?page=${page}`,
    headers: bearer,
  });
  return {
    'search-jadwal (cold)': (n) => ({
      method: 'GET',
      path: `${coldBase[n % coldBase.length] as string}&harga_max=${100_000_000 + (coldSerial += 1)}`,
    }),
    kursi: () => {
      const dep = pick(deps);
      const query = new URLSearchParams({
        operator_kode: dep.operator,
        jadwal_kode: dep.code,
        tanggal_berangkat: pick(dates),
      });
      return { method: 'GET', path: `${api('kursi')}?${query.toString()}` };
    },
    'cek-harga': () => {
      const dep = pick(deps);
      return {
        method: 'POST',
        path: api('cek-harga'),
        body: JSON.stringify({
          operator_kode_pergi: dep.operator,
          jadwal_kode_pergi: dep.code,
          tanggal_berangkat_pergi: pick(dates),
          kursi_pergi: seatsOf(dep),
        }),
      };
    },
    reservasi: () => {
      const dep = pick(deps);
      return {
        method: 'POST',
        path: api('reservasi'),
        body: JSON.stringify(reservasiBody(dep, pick(dates), seatsOf(dep), (booker += 1))),
      };
    },
    'detail-reservasi (key)': () => {
      const order = pick(lookups);
      return {
        method: 'GET',
        path: `${API_BASE}/detail-reservasi?reservasi_kode=${order.code}`,
        headers: { [ORDER_KEY_HEADER]: order.key },
      };
    },
    'web-detail-reservasi (guest)': () => {
      const order = pick(lookups);
      const query = new URLSearchParams({ reservasi_kode: order.code, pemesan_email_telp: order.email });
      return { method: 'GET', path: `${API_BASE}/web-detail-reservasi?${query.toString()}` };
    },
    'list-reservasi p1': () => list('list-reservasi', 1),
    'list-reservasi p3': () => list('list-reservasi', 3),
    'list-riwayat-reservasi p1': () => list('list-riwayat-reservasi', 1),
    'list-riwayat-reservasi p3': () => list('list-riwayat-reservasi', 3),
  };
}

async function measure(
  port: number,
  calls: Record<CallName, (n: number) => Call>,
): Promise<Record<CallName, RunResult>> {
  const agent = new http.Agent({ keepAlive: true });
  for (const name of CALLS) {
    // Every call must answer for real: a refusal would flatter the figures.
    const probe = await send(agent, port, calls[name](0));
    if (probe.status !== 200 && !(probe.status === 409 && probe.body.includes('"RSV-2"')))
      throw new Error(`${name} probe failed: HTTP ${probe.status} ${probe.body.slice(0, 300)}`);
  }
  agent.destroy();
  for (const name of CALLS) await runLoad(port, calls[name], CONCURRENCY, WARMUP, 2_000);
  const runs = Object.fromEntries(CALLS.map((name) => [name, [] as RunResult[]])) as Record<CallName, RunResult[]>;
  // The calls alternate run by run, so drift of the machine's load hits them alike.
  for (let run = 0; run < RUNS; run += 1) {
    for (const name of CALLS)
      runs[name].push(await runLoad(port, calls[name], CONCURRENCY, LOAD.requests, LOAD.timeMs));
  }
  return Object.fromEntries(CALLS.map((name) => [name, medianOf(runs[name])])) as Record<CallName, RunResult>;
}

// ---------------------------------------------------------------------------------------------
// Growing the database.

type Sql = postgres.Sql;

async function timed<T>(label: string, step: () => Promise<T>): Promise<T> {
  const started = performance.now();
  const result = await step();
  console.log(`  ${label.padEnd(58)} ${((performance.now() - started) / 1000).toFixed(1).padStart(6)} s`);
  return result;
}

async function maxId(db: Sql, table: string): Promise<number> {
  const [row] = await db.unsafe<{ n: number }[]>(`SELECT coalesce(max(id), 0)::int AS n FROM ${table}`);
  return row?.n ?? 0;
}

async function grow(db: Sql, today: string): Promise<void> {
  const g = GROWTH;
  const schedulesNew = g.pairs * 2 * g.perPairWay;
  const days = g.pastDays + g.aheadDays;
  // Outbound places: (departure, day, block 0 or 1); order n takes place n*stride mod places, so
  // no two orders share a seat (the stride is a prime that does not divide the count).
  const places = schedulesNew * days * 2;
  const stride = 7919;
  if (places % stride === 0 || g.orders > places) throw new Error('history does not fit the departures');
  const [demo] = await db<{ id: number }[]>`SELECT id FROM customers WHERE email = ${DEMO.email}`;
  if (!demo) throw new Error('the demo customer is missing');
  const stored = await db<{ column_name: string }[]>`
    SELECT column_name FROM information_schema.columns
    WHERE table_name = 'reservations' AND column_name IN ('first_departure', 'last_travel_date')`;
  const storesSpan = stored.length === 2;
  const customerBase = await maxId(db, 'customers');
  const reservationBase = await maxId(db, 'reservations');
  const seatBase = await maxId(db, 'seat_bookings');
  const started = performance.now();
  console.log(
    `\nGrowing the database (${g.orders.toLocaleString('en')} orders; span columns ${storesSpan ? 'present' : 'absent'}):`,
  );

  await timed(`${g.operators} operators, ${g.cities} cities with a pool each`, async () => {
    await db.unsafe(`
      INSERT INTO operators (code, name, logo, type, terms)
      SELECT 'G' || lpad(i::text, 2, '0'), 'Armada Skala ' || i, (SELECT logo FROM operators ORDER BY id LIMIT 1),
             CASE WHEN i % 2 = 0 THEN 'bus' ELSE 'shuttle' END, '["Tiket tidak dapat dipindahtangankan."]'::jsonb
      FROM generate_series(1, ${g.operators}) i`);
    await db.unsafe(`
      INSERT INTO cities (name, province, lat, lon)
      SELECT 'Kota Skala ' || lpad(i::text, 3, '0'), 'Provinsi Skala ' || (i % 12 + 1),
             -8.5 + (i % 30) * 0.12, 105.5 + (i / 30) * 0.9
      FROM generate_series(0, ${g.cities - 1}) i`);
    await db.unsafe(`
      INSERT INTO points (city_id, name, address, lat, lon)
      SELECT c.id, 'Pool ' || c.name, 'Jl. Raya ' || c.name || ' No. 1', c.lat, c.lon
      FROM cities c WHERE c.name LIKE 'Kota Skala %'`);
    await db.unsafe(`
      CREATE TEMP TABLE gp AS
      SELECT (substr(c.name, 12))::int AS g, p.id AS point_id
      FROM cities c JOIN points p ON p.city_id = c.id WHERE c.name LIKE 'Kota Skala %'`);
  });

  await timed(`${g.pairs * 2} routes, ${schedulesNew} daily departures`, async () => {
    // Pair p links city p % n with the one 1, 2 or 3 further round the ring; way 1 runs back.
    await db.unsafe(`
      CREATE TEMP TABLE gr AS
      SELECT p, way, o.id AS operator_id, a.point_id AS origin, b.point_id AS destination, 1 + p / ${g.cities} AS hops
      FROM generate_series(0, ${g.pairs - 1}) p CROSS JOIN generate_series(0, 1) way
      JOIN operators o ON o.code = 'G' || lpad((p % ${g.operators} + 1)::text, 2, '0')
      JOIN gp a ON a.g = CASE way WHEN 0 THEN p % ${g.cities} ELSE (p % ${g.cities} + 1 + p / ${g.cities}) % ${g.cities} END
      JOIN gp b ON b.g = CASE way WHEN 1 THEN p % ${g.cities} ELSE (p % ${g.cities} + 1 + p / ${g.cities}) % ${g.cities} END`);
    await db.unsafe(`
      INSERT INTO routes (operator_id, origin_point_id, destination_point_id, name)
      SELECT gr.operator_id, gr.origin, gr.destination, oc.name || ' (' || op.name || ') - ' || dc.name || ' (' || dp.name || ')'
      FROM gr JOIN points op ON op.id = gr.origin JOIN cities oc ON oc.id = op.city_id
      JOIN points dp ON dp.id = gr.destination JOIN cities dc ON dc.id = dp.city_id`);
    // Layouts with room for the history's seat blocks, taken in turn.
    await db.unsafe(`
      CREATE TEMP TABLE big AS
      SELECT id, (row_number() OVER (ORDER BY id) - 1)::int AS k FROM seat_layouts WHERE capacity >= 20`);
    // gidx = p * 6 + t * 2 + way: a departure's way back is gidx # 1 (xor).
    await db.unsafe(`
      CREATE TEMP TABLE gs AS
      SELECT gr.p * ${2 * g.perPairWay} + t * 2 + gr.way AS gidx, r.id AS route_id, gr.hops,
             big.id AS layout_id,
             make_time((5 + t * 5 + gr.way * 2) % 24, (gr.p % 6) * 10, 0) AS departure_time,
             80000 + (gr.p % 10) * 10000 AS price, o.code AS operator_code
      FROM gr JOIN routes r ON r.operator_id = gr.operator_id AND r.origin_point_id = gr.origin AND r.destination_point_id = gr.destination
      JOIN operators o ON o.id = gr.operator_id
      CROSS JOIN generate_series(0, ${g.perPairWay - 1}) t
      JOIN big ON big.k = (gr.p * ${2 * g.perPairWay} + t * 2 + gr.way) % (SELECT count(*) FROM big)`);
    await db.unsafe(`
      INSERT INTO schedules (code, route_id, layout_id, service, departure_time, duration_minutes, price,
                             facilities, stops, valid_from, valid_until)
      SELECT operator_code || '-SKL-' || lpad(gidx::text, 5, '0') || '-' || to_char(departure_time, 'HH24MI'),
             route_id, layout_id, 'Reguler', departure_time, 60 + hops * 90, price,
             '["ac","mineral-water"]'::jsonb, '[]'::jsonb, '${addDays(today, -g.pastDays - 30)}'::date, '9999-12-31'::date
      FROM gs ORDER BY gidx`);
    await db.unsafe(`ALTER TABLE gs ADD COLUMN schedule_id int`);
    await db.unsafe(`
      UPDATE gs SET schedule_id = s.id FROM schedules s
      WHERE s.code = gs.operator_code || '-SKL-' || lpad(gs.gidx::text, 5, '0') || '-' || to_char(gs.departure_time, 'HH24MI')`);
    // The bookable seats of each layout in one fixed order.
    await db.unsafe(`
      CREATE TEMP TABLE ls AS
      SELECT l.id AS layout_id, (row_number() OVER (PARTITION BY l.id ORDER BY f.ord, s.value->>'no'))::int AS ord,
             s.value->>'no' AS seat_no
      FROM seat_layouts l, jsonb_array_elements(l.floors) WITH ORDINALITY f(floor, ord), jsonb_each(f.floor->'seats') s
      WHERE s.value->>'tipe' IN ('P', 'PS') AND l.capacity >= 20`);
  });

  await timed(`${g.customers.toLocaleString('en')} customers`, () =>
    db.unsafe(`
      INSERT INTO customers (id, name, email, phone, created_at)
      SELECT ${customerBase} + i, 'Pelanggan Skala ' || i, 'pelanggan' || i || '@skala.contoh.id',
             '0856' || lpad(i::text, 8, '0'), now() - interval '500 days'
      FROM generate_series(1, ${g.customers}) i`),
  );

  // One row per order: where it travels, who booked it, what became of it.
  await timed('order plan', async () => {
    await db.unsafe(`
      CREATE TEMP TABLE go AS
      WITH placed AS (
        SELECT n, (n - 1)::bigint * ${stride} % ${places} AS pos FROM generate_series(1, ${g.orders}) n
      ), legs AS (
        SELECT n, (pos % 2)::int AS blk, (pos / 2 % ${schedulesNew})::int AS gidx,
               '${addDays(today, -g.pastDays)}'::date + (pos / ${2 * schedulesNew})::int AS travel
        FROM placed
      )
      SELECT n, blk, travel, n % 5 = 0 AS round_trip, 1 + n % 4 AS riders,
             o.schedule_id AS out_schedule, o.layout_id AS out_layout, o.price AS out_price,
             (travel + o.departure_time) AS out_at,
             b.schedule_id AS back_schedule, b.layout_id AS back_layout, b.price AS back_price,
             (travel + 2 + b.departure_time) AS back_at,
             CASE WHEN n % ${g.frequentEvery} = 0 THEN ${demo.id}
                  WHEN n % 5 IN (1, 2) THEN ${customerBase} + 1 + (n * 7) % ${g.customers} END AS customer_id,
             CASE WHEN n % 20 = 0 AND travel > '${today}'::date THEN 'pending'
                  WHEN n % 20 = 1 THEN 'cancelled' WHEN n % 20 IN (2, 3) THEN 'expired' ELSE 'paid' END AS status
      FROM legs JOIN gs o ON o.gidx = legs.gidx JOIN gs b ON b.gidx = (legs.gidx # 1)`);
    // Booked some days before travelling, never in the future; an unpaid order still open was made minutes ago.
    await db.unsafe(`
      ALTER TABLE go ADD COLUMN created_at timestamptz;
      UPDATE go SET created_at = CASE WHEN status = 'pending' THEN now() - (n % 25) * interval '1 minute'
        ELSE least((out_at AT TIME ZONE 'Asia/Jakarta') - (1 + n % 20) * interval '1 day' - (n % 12) * interval '1 hour',
                   now() - interval '1 hour' - (n % 50) * interval '1 minute') END`);
  });

  await timed('reservations', () =>
    db.unsafe(`
      INSERT INTO reservations (id, code, status, customer_id, booker_name, booker_phone, booker_email,
                                payment_method_code, sub_total, total, is_round_trip, created_at, expires_at, paid_at
                                ${storesSpan ? ', first_departure, last_travel_date' : ''})
      SELECT ${reservationBase} + go.n, 'G' || lpad(go.n::text, 9, '0'), go.status, go.customer_id,
             coalesce(c.name, 'Tamu Skala ' || go.n),
             coalesce(c.phone, '0813' || lpad(go.n::text, 8, '0')),
             coalesce(c.email, 'tamu' || go.n || '@skala.contoh.id'),
             'VA_BCA', go.riders * (go.out_price + CASE WHEN go.round_trip THEN go.back_price ELSE 0 END),
             go.riders * (go.out_price + CASE WHEN go.round_trip THEN go.back_price ELSE 0 END) + 4000,
             go.round_trip, go.created_at, go.created_at + interval '30 minutes',
             CASE WHEN go.status = 'paid' THEN go.created_at + interval '7 minutes' END
             ${storesSpan ? `, go.out_at, CASE WHEN go.round_trip THEN go.travel + 2 ELSE go.travel END` : ''}
      FROM go LEFT JOIN customers c ON c.id = go.customer_id`),
  );

  // Seat i of leg (0 out, 1 back) of order n has the id seatBase + n * 8 + leg * 4 + i.
  await db.unsafe(`
    CREATE TEMP TABLE gseat AS
    SELECT go.n, leg, i, ${seatBase} + go.n * 8 + leg * 4 + i AS id,
           CASE leg WHEN 0 THEN go.out_schedule ELSE go.back_schedule END AS schedule_id,
           CASE leg WHEN 0 THEN go.travel ELSE go.travel + 2 END AS departure_date,
           CASE leg WHEN 0 THEN go.out_layout ELSE go.back_layout END AS layout_id,
           (leg * 2 + go.blk) * ${g.block} + i + 1 AS ord
    FROM go CROSS JOIN generate_series(0, 1) leg CROSS JOIN generate_series(0, 3) i
    WHERE i < go.riders AND (leg = 0 OR go.round_trip)`);
  await timed('seat bookings', () =>
    db.unsafe(`
      INSERT INTO seat_bookings (id, schedule_id, departure_date, seat_no, reservation_id, live, expires_at, created_at)
      SELECT s.id, s.schedule_id, s.departure_date, ls.seat_no, r.id, r.status IN ('paid', 'pending'),
             CASE WHEN r.status = 'paid' THEN NULL ELSE r.expires_at END, r.created_at
      FROM gseat s JOIN ls ON ls.layout_id = s.layout_id AND ls.ord = s.ord
      JOIN reservations r ON r.id = ${reservationBase} + s.n`),
  );
  await timed('passengers', () =>
    db.unsafe(`
      INSERT INTO passengers (reservation_id, seat_booking_id, direction, leg_no, name)
      SELECT ${reservationBase} + s.n, s.id, CASE s.leg WHEN 0 THEN 'pergi' ELSE 'pulang' END, 1,
             'Penumpang ' || s.n || '-' || (s.i + 1)
      FROM gseat s ORDER BY s.n, s.leg, s.i`),
  );
  await timed('payments of the paid orders', () =>
    db.unsafe(`
      INSERT INTO payments (reservation_id, method_code, amount, provider, provider_ref, paid_at)
      SELECT id, 'VA_BCA', total, 'simulasi', 'SKL-' || code, paid_at
      FROM reservations WHERE id > ${reservationBase} AND status = 'paid'`),
  );
  await db.unsafe(`
    SELECT setval(pg_get_serial_sequence('customers', 'id'), (SELECT max(id) FROM customers));
    SELECT setval(pg_get_serial_sequence('reservations', 'id'), (SELECT max(id) FROM reservations));
    SELECT setval(pg_get_serial_sequence('seat_bookings', 'id'), (SELECT max(id) FROM seat_bookings));
    DROP TABLE gp, gr, big, gs, ls, go, gseat`);
  await timed('VACUUM ANALYZE', () => db.unsafe('VACUUM ANALYZE'));
  console.log(`  ${'total'.padEnd(58)} ${((performance.now() - started) / 1000).toFixed(1).padStart(6)} s`);
}

async function counts(db: Sql, today: string): Promise<string> {
  const [row] = await db.unsafe<Record<string, number>[]>(`
    SELECT (SELECT count(*) FROM cities)::int AS cities, (SELECT count(*) FROM points)::int AS pools,
           (SELECT count(*) FROM operators)::int AS operators, (SELECT count(*) FROM routes)::int AS routes,
           (SELECT count(*) FROM schedules WHERE '${today}' BETWEEN valid_from AND valid_until)::int AS departures_today,
           (SELECT count(*) FROM customers)::int AS customers, (SELECT count(*) FROM reservations)::int AS orders,
           (SELECT count(*) FROM reservations WHERE status = 'paid')::int AS paid,
           (SELECT count(*) FROM reservations WHERE status = 'pending')::int AS pending,
           (SELECT count(*) FROM reservations WHERE status = 'expired')::int AS expired,
           (SELECT count(*) FROM reservations WHERE status = 'cancelled')::int AS cancelled,
           (SELECT count(*) FROM seat_bookings)::int AS seat_bookings,
           (SELECT count(*) FROM seat_bookings WHERE live)::int AS live_seats,
           (SELECT count(*) FROM passengers)::int AS passengers, (SELECT count(*) FROM payments)::int AS payments,
           (SELECT count(*) FROM reservations r JOIN customers c ON c.id = r.customer_id
            WHERE c.email = '${DEMO.email}')::int AS demo_customer_orders`);
  return Object.entries(row ?? {})
    .map(([name, n]) => `${name} ${Number(n).toLocaleString('en')}`)
    .join(', ');
}

// ---------------------------------------------------------------------------------------------
// Plans: the statements one call runs, from the service functions, each explained.

type Explainer = (db: Database) => Promise<unknown>;

function explainers(today: string, deps: Departure[], order: Order, customerId: number): Record<CallName, Explainer> {
  const dep = deps[0] as Departure;
  const date = addDays(today, FIRST_DAY + 3);
  const now = new Date();
  const { bandung, jakarta } = SEED_FIXTURES.cityIds;
  const history =
    (which: 'active' | 'past', page: number): Explainer =>
    (db) =>
      listOrders(db, { customerId, which, page, now, today });
  return {
    'search-jadwal (cold)': (db) =>
      searchJadwal(
        db,
        today,
        SearchJadwalQuerySchema.parse({
          asal_id: bandung,
          asal_tipe: 'kota',
          tujuan_id: jakarta,
          tujuan_tipe: 'kota',
          tanggal_berangkat: addDays(today, 2),
          group_by: 'operator-jurusan',
          page: 1,
          harga_max: 987654321,
        }),
      ),
    kursi: (db) =>
      seatLayout(
        db,
        today,
        KursiQuerySchema.parse({ operator_kode: dep.operator, jadwal_kode: dep.code, tanggal_berangkat: date }),
        {
          now,
        },
      ),
    'cek-harga': (db) =>
      checkPrice(
        db,
        today,
        priceRequestOf(
          CekHargaBodySchema.parse({
            operator_kode_pergi: dep.operator,
            jadwal_kode_pergi: dep.code,
            tanggal_berangkat_pergi: date,
            kursi_pergi: [dep.seats.at(-1)],
          }),
        ),
        null,
        { now },
      ),
    reservasi: (db) =>
      reserve(
        db,
        reservationRequestOf(
          ReservasiBodySchema.parse(reservasiBody(dep, date, [dep.seats.at(-2) as string], 999_999)),
        ),
        { today, now, customer: null, idempotencyKey: null, holdToken: null, unpaidCap: 1_000 },
      ),
    'detail-reservasi (key)': async (db) => {
      const found = await findOrder(db, order.code);
      if (!found) throw new Error(`order ${order.code} not found`);
      return orderDetail(db, found, now);
    },
    'web-detail-reservasi (guest)': (db) => guestOrder(db, order.code, order.email, now),
    'list-reservasi p1': history('active', 1),
    'list-reservasi p3': history('active', 3),
    'list-riwayat-reservasi p1': history('past', 1),
    'list-riwayat-reservasi p3': history('past', 3),
  };
}

async function explainCall(url: string, name: CallName, run: Explainer): Promise<void> {
  const handle = await openDatabase({ url, max: 1 });
  const captured: { text: string; params: unknown[] }[] = [];
  // Drizzle hands the driver the statement's text and parameters: read them off its logger hook.
  const session = (handle.db as unknown as { session: { logger: { logQuery(q: string, p: unknown[]): void } } })
    .session;
  session.logger = { logQuery: (text, params) => void captured.push({ text, params }) };
  // A refusal (a seat taken meanwhile) still leaves the statements that ran before it.
  await run(handle.db).catch((error: unknown) => console.log(`\n(${name} answered: ${String(error)})`));
  session.logger = { logQuery: () => {} };
  await handle.close();
  const pg = postgres(url, { max: 1, onnotice: () => {} });
  const plans: { text: string; ms: number; lines: string[] }[] = [];
  for (const { text, params } of captured) {
    if (!/^\s*(select|with|insert|update|delete)\b/i.test(text)) continue;
    // Explained inside a transaction rolled back: a write explained changes nothing.
    await pg
      .begin(async (tx) => {
        const rows = await tx.unsafe<Record<string, string>[]>(
          `EXPLAIN (ANALYZE, BUFFERS) ${text}`,
          params as postgres.ParameterOrJSON<never>[],
        );
        const lines = rows.map((row) => String(Object.values(row)[0]));
        const ms = Number(/Execution Time: ([\d.]+)/.exec(lines.join('\n'))?.[1] ?? 0);
        plans.push({ text, ms, lines });
        throw new RolledBack();
      })
      .catch((error: unknown) => {
        if (!(error instanceof RolledBack)) plans.push({ text, ms: 0, lines: [`(not explained: ${String(error)})`] });
      });
  }
  await pg.end({ timeout: 5 });
  console.log(`\n### ${name}: ${plans.length} statements`);
  for (const plan of plans)
    console.log(`  ${plan.ms.toFixed(2).padStart(8)} ms  ${plan.text.replace(/\s+/g, ' ').slice(0, 110)}`);
  const slowest = [...plans].sort((a, b) => b.ms - a.ms)[0];
  if (!slowest) return;
  console.log(`\nSlowest statement:\n${slowest.text}\n`);
  for (const line of slowest.lines) console.log(line);
}

class RolledBack extends Error {}

// ---------------------------------------------------------------------------------------------
// Main.

const benchStarted = performance.now();
const today = jakartaToday();
await buildServer();
const serverUrl = process.env.BENCH_DATABASE_URL || DEFAULT_PG;
const name = `scale_${randomBytes(5).toString('hex')}`;
const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
await admin.unsafe(`CREATE DATABASE ${name}`);
const url = new URL(serverUrl);
url.pathname = `/${name}`;
const databaseUrl = url.toString();
const port = process.env.BENCH_PORT ? Number(process.env.BENCH_PORT) : await freePort();
const grower = postgres(databaseUrl, { max: 1, onnotice: () => {} });
console.log(`bench:scale on PostgreSQL ${url.host}, database ${name}, compiled server on 127.0.0.1:${port}, ${today}`);

try {
  const server = await startServer(port, '', {
    today,
    runner: 'compiled',
    databaseUrl,
    // Every traveller here calls from one address: the per-client limits would measure the limiter.
    clientRateFactor: BENCH_CLIENT_RATE_FACTOR,
  });
  try {
    const agent = new http.Agent({ keepAlive: true });
    const deps = await departures(agent, port, addDays(today, FIRST_DAY));
    const dates = Array.from({ length: DAYS }, (_, i) => addDays(today, FIRST_DAY + i));
    // The demo customer's orders of today: 60 awaiting payment, 30 of them then cancelled.
    const own: Order[] = [];
    for (let i = 0; i < 60; i += 1) own.push(await book(agent, port, deps, dates, i, { token: true, booker: DEMO }));
    for (const order of own.slice(0, 30)) {
      await ok(agent, port, {
        method: 'POST',
        path: `${API_BASE}/batal-reservasi`,
        body: JSON.stringify({ reservasi_kode: order.code, jenis_batal: 'batal-pergi' }),
        headers: bearer,
      });
    }
    const lookups: Order[] = [];
    for (let i = 0; i < 20; i += 1) lookups.push(await book(agent, port, deps, dates, 100 + i));
    agent.destroy();
    const calls = callsOf(today, deps, lookups);
    console.log(`\nToday's seed: ${await counts(grower, today)}`);
    console.log(
      `Measuring before (concurrency ${CONCURRENCY}, median of ${RUNS} runs of up to ${LOAD.requests} requests / ${LOAD.timeMs / 1000} s) ...`,
    );
    const before = await measure(port, calls);

    await grow(grower, today);
    console.log(`\nGrown: ${await counts(grower, today)}`);
    console.log('Measuring after ...');
    const after = await measure(port, calls);

    const fmt = (n: number) => n.toFixed(2);
    const rows = [['call', 'p50 before', 'p95 before', 'p50 after', 'p95 after', 'p95 ratio', 'goal', 'errors']];
    const over: CallName[] = [];
    for (const call of CALLS) {
      const b = before[call];
      const a = after[call];
      const ratio = a.p95 / b.p95;
      if (!(ratio <= GOAL)) over.push(call);
      rows.push([
        call,
        fmt(b.p50),
        fmt(b.p95),
        fmt(a.p50),
        fmt(a.p95),
        `${ratio.toFixed(2)}x`,
        ratio <= GOAL ? `<= ${GOAL}x ok` : `> ${GOAL}x MISSED`,
        String(b.errors + a.errors),
      ]);
    }
    console.log(
      `\nbench:scale, PostgreSQL ${url.host}, compiled server, concurrency ${CONCURRENCY}, ms, median of ${RUNS} runs (${today}, ${process.version})\n`,
    );
    console.log(markdownTable(rows));
    const [demoRow] = await grower<{ id: number }[]>`SELECT id FROM customers WHERE email = ${DEMO.email}`;
    const plans = explainers(today, deps, lookups[0] as Order, demoRow?.id ?? 0);
    for (const call of process.env.BENCH_SCALE_EXPLAIN_ALL ? CALLS : over)
      await explainCall(databaseUrl, call, plans[call]);
    if (CALLS.some((call) => before[call].errors + after[call].errors > 0)) process.exitCode = 1;
  } finally {
    await stopServer(server);
  }
} finally {
  await grower.end({ timeout: 5 });
  await admin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.end({ timeout: 5 });
  console.log(`Total time ${((performance.now() - benchStarted) / 1000).toFixed(1)} s`);
}
