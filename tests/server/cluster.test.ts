import { readFileSync } from 'node:fs';
import { get as httpGet } from 'node:http';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE } from '../../contract';
import { openDatabase, type DbHandle } from '../../server/db/client';
import { addDays, jakartaToday } from '../../server/lib/dates';
import { queryRows } from '../../server/services/sql';
import { SWEEP_LEADER_APP_NAME, SWEEP_LOCK_KEY } from '../../server/services/sweeps';
import { createScratchDatabase, stopProcess, waitForHealth } from './helpers/api-process';
import { alive, buildCompiled, startCluster, type ClusterProcess, type CompiledBuild } from './helpers/cluster-process';
import { RACE_LEG, expectOneWinnerPerSeat, freeSeats, raceHolds, raceReservations } from './helpers/seat-race';
import { describeNeeding } from '../helpers/needs';

/**
 * `npm run serve:cluster` (server/cluster.ts): the node:cluster primary forks two workers of the
 * compiled server, sharing one port, on a fresh PostgreSQL database with Redis for the rate limits.
 * Travellers race for the same seats: exactly one wins each seat. One worker leads the sweeps and
 * another takes the lead when it dies; the primary forks a killed worker again, which serves within
 * 5 s; SIGTERM ends every worker and then the primary, starting none again. Needs TEST_DATABASE_URL
 * (as .ci/run sets). HAProxy in front of two processes: haproxy.test.ts.
 */

const PORT = 4450;
/** The refusal tests' workers never listen; a port of their own all the same. */
const REFUSAL_PORT = 4454;
const SIZE = 2;
/** The page of the small build the cluster serves here (a real build takes minutes). */
const WEB_MARKER = 'Berangkat cluster test page';

describe('serve:cluster refuses what cannot work', () => {
  let build: CompiledBuild;
  beforeAll(async () => {
    build = await buildCompiled('cluster-refusal');
  });
  afterAll(async () => {
    await build?.remove();
  });

  it('needs PostgreSQL for more than one process, and says so', async () => {
    const cluster = startCluster(build, 2, { port: REFUSAL_PORT, dataDir: '/tmp/unused', databaseUrl: '' });
    const code = await new Promise<number | null>((resolve) => cluster.child.once('exit', resolve));
    expect(code).toBe(1);
    expect(cluster.output()).toContain('DATABASE_URL wajib diisi dengan alamat PostgreSQL');
    expect(cluster.workerPid(1)).toBeUndefined();
  });

  it('starts a worker that cannot start again with a growing back-off, then gives up', async () => {
    // Production mode without its settings: every worker refuses at once, naming what is missing.
    const cluster = startCluster(build, 1, {
      port: REFUSAL_PORT,
      dataDir: '/tmp/unused',
      databaseUrl: '',
      extraEnv: { NODE_ENV: 'production', DEMO_MODE: '' },
    });
    const code = await new Promise<number | null>((resolve) => cluster.child.once('exit', resolve));
    const output = cluster.output();
    expect(code).toBe(1);
    expect(output).toContain('ORDER_KEY_SECRET belum diisi');
    expect(output.match(/^API 1: pid \d+$/gm)).toHaveLength(5);
    expect([...output.matchAll(/dijalankan lagi dalam (\d+) ms/g)].map((match) => Number(match[1]))).toEqual([
      100, 200, 400, 800,
    ]);
    expect(output).toContain('API 1 gagal dijalankan 5 kali berturut-turut');
  }, 30_000);
});

describeNeeding('postgres', 'serve:cluster: two node:cluster workers of the compiled server on one port', () => {
  const base = `http://127.0.0.1:${PORT}`;
  const today = jakartaToday();
  let build: CompiledBuild;
  let cluster: ClusterProcess;
  let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
  let db: DbHandle;
  let dataDir: string;

  beforeAll(async () => {
    const started = performance.now();
    build = await buildCompiled('cluster-test');
    scratch = await createScratchDatabase(process.env.TEST_DATABASE_URL!);
    dataDir = await mkdtemp(join('/tmp', 'cluster-test-'));
    await mkdir(join(dataDir, 'web'));
    await writeFile(join(dataDir, 'web', 'index.html'), `<!doctype html><title>${WEB_MARKER}</title>`);
    cluster = startCluster(build, SIZE, {
      port: PORT,
      dataDir,
      databaseUrl: scratch.url,
      today,
      extraEnv: {
        REDIS_URL: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379',
        DIST_DIR: join(dataDir, 'web'),
        // The database's start-up lines tell whether a worker set it up or opened it as it was.
        LOG_LEVEL: 'info',
      },
    });
    await waitForHealth(base, cluster.child, 150);
    // Both workers listen: each says so once it serves.
    const deadline = Date.now() + 60_000;
    while ((cluster.output().match(/Berangkat berjalan di /g) ?? []).length < SIZE && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 100));
    db = await openDatabase({ url: scratch.url, max: 2 });
    console.log(`cluster: ${SIZE} workers up in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  }, 180_000);

  afterAll(async () => {
    if (cluster) await stopProcess(cluster.child, 'SIGTERM', 40_000);
    for (let n = 1; n <= SIZE; n += 1) {
      const pid = cluster?.workerPid(n);
      if (pid && alive(pid)) process.kill(pid, 'SIGKILL');
    }
    await db?.close();
    await scratch?.drop();
    await build?.remove();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  }, 60_000);

  /** /api/health on a connection of its own. */
  const freshHealth = () =>
    new Promise<number>((resolve, reject) => {
      const request = httpGet(`${base}${API_BASE}/health`, { agent: false, timeout: 2_000 }, (response) => {
        response.resume();
        resolve(response.statusCode ?? 0);
      });
      request.on('timeout', () => request.destroy(new Error('no answer in 2 s')));
      request.on('error', reject);
    });

  const workerPids = () => Array.from({ length: SIZE }, (_, i) => cluster.workerPid(i + 1)!);

  async function leaders(): Promise<{ pid: number; appName: string }[]> {
    const rows = await queryRows<{ appName: string }>(
      db.db,
      sql`SELECT a.application_name AS "appName" FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid
          WHERE l.locktype = 'advisory' AND l.granted AND l.classid = 0 AND l.objid = ${SWEEP_LOCK_KEY}
            AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database())`,
    );
    return rows.map((row) => ({ appName: row.appName, pid: Number(row.appName.split('-').pop()) }));
  }

  it('runs the compiled server in every worker, and serves the API and the web app on one port', async () => {
    const pids = workerPids();
    expect(new Set(pids).size).toBe(SIZE);
    expect((cluster.output().match(/Berangkat berjalan di /g) ?? []).length).toBe(SIZE);
    for (const pid of pids) {
      const command = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
      // What `npm start` runs (node dist-server/index.js), with the heartbeat loaded first: no tsx.
      expect(command.at(-2)).toBe(`${build.dir}/index.js`);
      expect(command.join(' ')).not.toContain('tsx');
    }
    expect((await fetch(`${base}${API_BASE}/health`)).status).toBe(200);
    const home = await fetch(`${base}/`);
    expect(home.status).toBe(200);
    expect(await home.text()).toContain(WEB_MARKER);
  });

  it('gives each raced seat to exactly one reservation and one hold, whichever worker answers', async () => {
    const date = addDays(today, 30);
    const seats = await freeSeats(base, date);
    const reservations = await raceReservations(base, date, seats);
    expectOneWinnerPerSeat(reservations, seats, { loserStatus: 409 });
    const rows = await queryRows<{ seat: string; n: number }>(
      db.db,
      sql`SELECT b.seat_no AS seat, count(*)::int AS n FROM seat_bookings b JOIN schedules s ON s.id = b.schedule_id
          WHERE s.code = ${RACE_LEG.code} AND b.departure_date = ${date} AND b.live GROUP BY b.seat_no`,
    );
    expect(rows.filter((row) => seats.includes(row.seat)).map((row) => row.n)).toEqual(seats.map(() => 1));

    const holdDate = addDays(today, 31);
    const holdSeats = await freeSeats(base, holdDate);
    const holds = await raceHolds(base, holdDate, holdSeats);
    expectOneWinnerPerSeat(holds, holdSeats);
    console.log(
      `cluster: ${reservations.length} reservations for ${seats.length} seats: ` +
        `${reservations.filter((r) => r.reply.body.status === 'OK').length} OK; ` +
        `${holds.length} holds: ${holds.filter((r) => r.reply.body.status === 'OK').length} OK`,
    );
  }, 60_000);

  it('starts a killed worker again, serving within 5 s, and the sweeps get a leader again', async () => {
    const [leader, ...others] = await leaders();
    expect(others).toHaveLength(0);
    expect(leader?.appName.startsWith(SWEEP_LEADER_APP_NAME)).toBe(true);
    const slot = workerPids().indexOf(leader!.pid) + 1;
    expect(slot).toBeGreaterThan(0);

    const serving = /Berangkat berjalan di /g;
    const servingBefore = (cluster.output().match(serving) ?? []).length;
    const reopened = /set up for \d{4}-\d{2}-\d{2} by this cluster already/g;
    const reopenedBefore = (cluster.output().match(reopened) ?? []).length;
    process.kill(leader!.pid, 'SIGKILL');
    const killedAt = Date.now();
    // The other worker answers new connections meanwhile. Lost: a kept-alive connection to the
    // dead worker (reset, as with any dead server; browsers retry those), and a connection the
    // primary was handing to it as it died (never answered: node:cluster drops it).
    const meanwhile: (number | string)[] = [];
    for (let i = 0; i < 6; i += 1) meanwhile.push(await freshHealth().catch((error: Error) => error.message));
    expect(meanwhile.filter((status) => status === 200).length).toBeGreaterThanOrEqual(5);
    const successor = await cluster.nextWorkerPid(slot, leader!.pid, 5);
    // The new worker prints its start line once it listens.
    while ((cluster.output().match(serving) ?? []).length === servingBefore && Date.now() - killedAt < 10_000)
      await new Promise((resolve) => setTimeout(resolve, 20));
    const servesAgainMs = Date.now() - killedAt;
    // The dead session's lock is gone; a worker claims it on its next round (every 10 s).
    const deadline = Date.now() + 30_000;
    let next: { pid: number; appName: string }[] = [];
    while (Date.now() < deadline) {
      next = await leaders();
      // A new leader names its session right after taking the lock: wait for the name too.
      if (next.length === 1 && next[0]!.appName.startsWith(SWEEP_LEADER_APP_NAME) && next[0]!.pid !== leader!.pid)
        break;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    console.log(
      `cluster: worker ${slot} (pid ${leader!.pid}, sweep leader) killed; pid ${successor} serves ` +
        `${(servesAgainMs / 1000).toFixed(2)} s later (requests meanwhile: ${JSON.stringify(meanwhile)}); pid ${next[0]?.pid ?? 'none'} leads the sweeps ` +
        `${((Date.now() - killedAt) / 1000).toFixed(1)} s after the kill`,
    );
    expect(servesAgainMs).toBeLessThan(5_000);
    // It opened the database its elders set up today: no migration, seed or day's update again.
    expect((cluster.output().match(reopened) ?? []).length).toBe(reopenedBefore + 1);
    expect(next).toHaveLength(1);
    expect(workerPids()).toContain(next[0]!.pid);
    expect(alive(leader!.pid)).toBe(false);
  }, 60_000);

  it('replaces a worker that stops answering (SIGSTOP) within its heartbeat timeout', async () => {
    const victim = cluster.workerPid(2)!;
    process.kill(victim, 'SIGSTOP');
    const stoppedAt = Date.now();
    const successor = await cluster.nextWorkerPid(2, victim, 20);
    const replacedMs = Date.now() - stoppedAt;
    await waitForHealth(base, null, 10);
    console.log(`cluster: worker 2 (pid ${victim}) stopped; replaced by pid ${successor} ${replacedMs} ms later`);
    expect(cluster.output()).toContain(`API 2 (pid ${victim}) tidak menjawab 10 detik`);
    expect(replacedMs).toBeLessThan(13_000);
    expect(alive(victim)).toBe(false);
  }, 60_000);

  it('ends every worker on SIGTERM, then itself, and starts none again', async () => {
    const pids = workerPids();
    const startedLines = (cluster.output().match(/^API \d+: pid \d+$/gm) ?? []).length;
    const stoppedAt = Date.now();
    const exit = new Promise<number | null>((resolve) => cluster.child.once('exit', resolve));
    cluster.child.kill('SIGTERM');
    const code = await exit;
    console.log(`cluster: SIGTERM to the primary: every worker and the primary gone in ${Date.now() - stoppedAt} ms`);
    expect(code).toBe(0);
    for (const pid of pids) expect(alive(pid)).toBe(false);
    expect((cluster.output().match(/^API \d+: pid \d+$/gm) ?? []).length).toBe(startedLines);
    await expect(fetch(`${base}${API_BASE}/health`)).rejects.toThrow();
  }, 60_000);
});
