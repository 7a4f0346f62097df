import { spawn, type ChildProcess } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { API_BASE, RESERVATION_HEADER, type KursiResults } from '../../contract';
import { ROOT } from '../../bench/support/server';
import { openDatabase, type DbHandle } from '../../server/db/client';
import { addDays, jakartaToday } from '../../server/lib/dates';
import { queryRows } from '../../server/services/sql';
import { SWEEP_LEADER_APP_NAME, SWEEP_LOCK_KEY } from '../../server/services/sweeps';
import { apiEnv, createScratchDatabase, httpCall, stopProcess, waitForHealth, type Reply } from './helpers/api-process';
import { describeNeeding } from '../helpers/needs';

/**
 * Issue 12, beyond one machine: `npm run serve:cluster` (scripts/serve-cluster.ts) with two API
 * processes on a fresh PostgreSQL database, Redis for the rate limits, behind its round-robin
 * proxy. Travellers race for the same seats through the proxy: exactly one wins each seat; the
 * requests really reach both processes; one process leads the sweeps, and another takes the lead
 * when the leader dies. Needs TEST_DATABASE_URL (as .ci/run sets), like the flash-sale processes test.
 */

const PROXY_PORT = 4450;
const SIZE = 2;
const LEG = { operator: 'XTR', code: 'XTR-BDG-JKT-0800' };
/** Seats raced for, and travellers per seat. */
const SEATS = 6;
const CONTENDERS = 5;
const UPSTREAM_HEADER = 'x-berangkat-upstream';
/** The page of the small build the cluster serves here (a real build takes minutes). */
const WEB_MARKER = 'Berangkat cluster test page';

const countBy = (values: (string | null)[]) =>
  values.reduce<Record<string, number>>(
    (acc, value) => ({ ...acc, [value ?? 'none']: (acc[value ?? 'none'] ?? 0) + 1 }),
    {},
  );

/** Each raced seat went to exactly one request; every other one for it was refused RSV-2. */
function expectOneWinnerPerSeat(
  replies: readonly { seat: string; reply: Reply }[],
  seats: readonly string[],
  options: { loserStatus?: number } = {},
): void {
  for (const seat of seats) {
    const mine = replies.filter((r) => r.seat === seat);
    expect(
      mine.filter((r) => r.reply.body.status === 'OK'),
      `seat ${seat}`,
    ).toHaveLength(1);
    for (const lost of mine.filter((r) => r.reply.body.status !== 'OK')) {
      if (options.loserStatus !== undefined) expect(lost.reply.status).toBe(options.loserStatus);
      expect(lost.reply.body).toMatchObject({ code: 'RSV-2' });
    }
  }
}

describeNeeding('postgres', 'serve:cluster: two API processes behind one proxy', () => {
  const base = `http://127.0.0.1:${PROXY_PORT}`;
  const today = jakartaToday();
  let cluster: ChildProcess;
  let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
  let db: DbHandle;
  let dataDir: string;
  /** Each API process's pid and port, as the cluster prints them. */
  const apis: { pid: number; port: number }[] = [];
  let output = '';

  beforeAll(async () => {
    const started = performance.now();
    scratch = await createScratchDatabase(process.env.TEST_DATABASE_URL!);
    dataDir = await mkdtemp(join('/tmp', 'crash-cluster-'));
    await mkdir(join(dataDir, 'web'));
    await writeFile(join(dataDir, 'web', 'index.html'), `<!doctype html><title>${WEB_MARKER}</title>`);
    cluster = spawn(process.execPath, ['--import', 'tsx', 'scripts/serve-cluster.ts'], {
      cwd: ROOT,
      env: apiEnv({
        port: PROXY_PORT,
        dataDir,
        databaseUrl: scratch.url,
        today,
        extraEnv: {
          CLUSTER_SIZE: String(SIZE),
          REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
          LOG_LEVEL: 'info',
          DIST_DIR: join(dataDir, 'web'),
        },
      }),
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    cluster.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    await waitForHealth(base, cluster, 150);
    for (const match of output.matchAll(/^API \d+: pid (\d+) port (\d+)$/gm)) {
      apis.push({ pid: Number(match[1]), port: Number(match[2]) });
    }
    db = await openDatabase({ url: scratch.url, max: 2 });
    console.log(
      `cluster: ${SIZE} processes up behind the proxy in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
  }, 180_000);

  afterAll(async () => {
    if (cluster) await stopProcess(cluster, 'SIGTERM', 20_000);
    for (const api of apis) {
      try {
        process.kill(api.pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }
    await db?.close();
    await scratch?.drop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  }, 60_000);

  async function leaders(): Promise<{ pid: number; appName: string }[]> {
    const rows = await queryRows<{ appName: string }>(
      db.db,
      sql`SELECT a.application_name AS "appName" FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid
          WHERE l.locktype = 'advisory' AND l.granted AND l.classid = 0 AND l.objid = ${SWEEP_LOCK_KEY}
            AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database())`,
    );
    return rows.map((row) => ({ appName: row.appName, pid: Number(row.appName.split('-').pop()) }));
  }

  async function freeSeats(date: string): Promise<string[]> {
    const reply = await httpCall(base, 'kursi', {
      operator_kode: LEG.operator,
      jadwal_kode: LEG.code,
      tanggal_berangkat: date,
    });
    if (reply.body.status !== 'OK') throw new Error('kursi failed');
    return (reply.body as { results: KursiResults }).results.layout_kursi
      .flatMap((floor) => Object.values(floor.kursi))
      .filter((s) => (s.tipe === 'P' || s.tipe === 'PS') && s.flag_booking === 0)
      .map((s) => s.no)
      .slice(0, SEATS);
  }

  it('starts the processes it was asked for and spreads requests over them round robin', async () => {
    expect(apis).toHaveLength(SIZE);
    const seen = new Map<string, number>();
    for (let i = 0; i < 20; i += 1) {
      const response = await fetch(`${base}${API_BASE}/health`, { headers: { 'x-forwarded-for': '203.0.113.9' } });
      expect(response.status).toBe(200);
      const upstream = response.headers.get(UPSTREAM_HEADER) ?? 'none';
      seen.set(upstream, (seen.get(upstream) ?? 0) + 1);
    }
    console.log(`cluster: 20 requests through the proxy, by process port: ${JSON.stringify(Object.fromEntries(seen))}`);
    expect([...seen.keys()].sort()).toEqual(apis.map((api) => String(api.port)).sort());
    for (const count of seen.values()) expect(count).toBe(20 / SIZE);
    // The web app comes through the proxy too: the API processes serve the build in DIST_DIR.
    const home = await fetch(`${base}/`);
    expect(home.status).toBe(200);
    expect(await home.text()).toContain(WEB_MARKER);
  });

  it('gives each raced seat to exactly one reservation, whichever process answers', async () => {
    const date = addDays(today, 30);
    const seats = await freeSeats(date);
    expect(seats).toHaveLength(SEATS);
    const replies = await Promise.all(
      seats.flatMap((seat) =>
        Array.from({ length: CONTENDERS }, async (_, i) => {
          const reply = await httpCall(
            base,
            'reservasi',
            {
              operator_kode_pergi: LEG.operator,
              jadwal_kode_pergi: LEG.code,
              tanggal_berangkat_pergi: date,
              kursi_pergi: [{ no: seat, penumpang_nama: 'Budi Santoso' }],
              pemesan_nama: 'Rina Kartika',
              pemesan_telp: '081234567890',
              pemesan_email: 'rina@contoh.id',
              total_bayar: 0,
            },
            { [RESERVATION_HEADER.idempotencyKey]: `cluster-${date}-${seat}-${i}` },
          );
          return { seat, reply, upstream: reply.headers.get(UPSTREAM_HEADER) };
        }),
      ),
    );
    const winners = replies.filter((r) => r.reply.body.status === 'OK');
    console.log(
      `cluster: ${replies.length} reservations for ${SEATS} seats: ${winners.length} OK ` +
        `(by process port ${JSON.stringify(countBy(winners.map((r) => r.upstream)))}), ` +
        `${replies.length - winners.length} RSV-2 (by process port ${JSON.stringify(countBy(replies.filter((r) => r.reply.body.status !== 'OK').map((r) => r.upstream)))})`,
    );
    expect(new Set(replies.map((r) => r.upstream)).size).toBe(SIZE);
    expectOneWinnerPerSeat(replies, seats, { loserStatus: 409 });
    const rows = await queryRows<{ seat: string; n: number }>(
      db.db,
      sql`SELECT b.seat_no AS seat, count(*)::int AS n FROM seat_bookings b JOIN schedules s ON s.id = b.schedule_id
          WHERE s.code = ${LEG.code} AND b.departure_date = ${date} AND b.live GROUP BY b.seat_no`,
    );
    expect(rows.filter((row) => seats.includes(row.seat)).map((row) => row.n)).toEqual(seats.map(() => 1));
  }, 60_000);

  it('gives each raced seat hold to exactly one traveller', async () => {
    const date = addDays(today, 31);
    const seats = await freeSeats(date);
    expect(seats).toHaveLength(SEATS);
    const replies = await Promise.all(
      seats.flatMap((seat) =>
        Array.from({ length: CONTENDERS }, async () => {
          const reply = await httpCall(base, 'holdKursi', {
            operator_kode: LEG.operator,
            jadwal_kode: LEG.code,
            tanggal_berangkat: date,
            kursi: [seat],
          });
          return { seat, reply, upstream: reply.headers.get(UPSTREAM_HEADER) };
        }),
      ),
    );
    expect(new Set(replies.map((r) => r.upstream)).size).toBe(SIZE);
    expectOneWinnerPerSeat(replies, seats);
  }, 60_000);

  it('runs the sweeps in one process, and another takes over when it dies', async () => {
    const pids = apis.map((api) => api.pid);
    const [leader, ...others] = await leaders();
    expect(others).toHaveLength(0);
    expect(leader?.appName.startsWith(SWEEP_LEADER_APP_NAME)).toBe(true);
    expect(pids).toContain(leader!.pid);

    process.kill(leader!.pid, 'SIGKILL');
    const killedAt = Date.now();
    // The proxy skips the dead process: every request still answers.
    for (let i = 0; i < 6; i += 1) {
      const response = await fetch(`${base}${API_BASE}/health`);
      expect(response.status).toBe(200);
      expect(response.headers.get(UPSTREAM_HEADER)).not.toBe(String(apis.find((a) => a.pid === leader!.pid)?.port));
    }
    // The dead session's lock is gone; the survivor claims it on its next round (every 10 s).
    const deadline = Date.now() + 30_000;
    let next: { pid: number }[] = [];
    while (Date.now() < deadline) {
      next = await leaders();
      if (next.length === 1 && next[0]!.pid !== leader!.pid) break;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    console.log(
      `cluster: sweep leader pid ${leader!.pid} killed; pid ${next[0]?.pid ?? 'none'} leads ${((Date.now() - killedAt) / 1000).toFixed(1)} s later`,
    );
    expect(next).toHaveLength(1);
    expect(next[0]!.pid).not.toBe(leader!.pid);
    expect(pids).toContain(next[0]!.pid);
  }, 60_000);
});
