import { spawn, type ChildProcess } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { API_BASE, endpoints } from '../../contract';
import { ROOT } from '../../bench/support/server';
import { HAPROXY_PATH } from '../../scripts/haproxy';
import { addDays, jakartaToday } from '../../server/lib/dates';
import { defaultHeaders, toQuery } from './api-support';
import { createScratchDatabase, stopProcess, waitForHealth } from './helpers/api-process';
import { alive, buildCompiled, startCluster, type ClusterProcess, type CompiledBuild } from './helpers/cluster-process';
import { RACE_LEG, countBy, expectOneWinnerPerSeat, freeSeats, raceHolds, raceReservations } from './helpers/seat-race';
import { describeNeeding } from '../helpers/needs';

/**
 * Issue 23: Debian's HAProxy with the repository's deploy/haproxy.cfg in front of two API
 * processes on one PostgreSQL, each the compiled server supervised by `serve:cluster`'s primary
 * (CLUSTER_SIZE=1), as compose.yaml's restart policy supervises a container. Raced seats have one
 * winner; `kill -9` of a process under load costs only the requests it held and it serves again
 * within 5 s; a stopped process (SIGSTOP) costs no request more than HAProxy's `timeout server`.
 * The figures are printed. Needs TEST_DATABASE_URL and HAProxy (npm test installs it when root).
 */

const HAPROXY_PORT = 4451;
const API_PORTS = [4452, 4453] as const;
/** Added to the test's copy of the configuration only: which process answered. */
const UPSTREAM_HEADER = 'x-berangkat-upstream';
const LOAD_CONCURRENCY = 8;

interface Sample {
  started: number;
  ended: number;
  /** HTTP status, or the name of the network error. */
  outcome: string;
  upstream: string | null;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

describeNeeding(['postgres', 'haproxy'], 'HAProxy in front of two API processes', () => {
  const base = `http://127.0.0.1:${HAPROXY_PORT}`;
  const today = jakartaToday();
  let build: CompiledBuild;
  let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
  let workDir: string;
  let haproxy: ChildProcess;
  let haproxyLog = '';
  let timeoutServerMs = 0;
  const apis: ClusterProcess[] = [];

  beforeAll(async () => {
    const started = performance.now();
    build = await buildCompiled('haproxy-test');
    scratch = await createScratchDatabase(process.env.TEST_DATABASE_URL!);
    workDir = await mkdtemp(join('/tmp', 'haproxy-test-'));
    await mkdir(join(workDir, 'web'));
    await writeFile(join(workDir, 'web', 'index.html'), '<!doctype html><title>Berangkat</title>');
    for (const port of API_PORTS) {
      apis.push(
        startCluster(build, 1, {
          port,
          dataDir: workDir,
          databaseUrl: scratch.url,
          today,
          extraEnv: {
            TRUST_PROXY_HOPS: '1',
            REDIS_URL: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379',
            DIST_DIR: join(workDir, 'web'),
          },
        }),
      );
    }
    await Promise.all(API_PORTS.map((port, i) => waitForHealth(`http://127.0.0.1:${port}`, apis[i]!.child, 120)));

    const shipped = await readFile(join(ROOT, 'deploy/haproxy.cfg'), 'utf8');
    timeoutServerMs = Number(/^\s*timeout server (\d+)s$/m.exec(shipped)?.[1]) * 1000;
    expect(timeoutServerMs).toBeGreaterThan(0);
    const config = shipped.replace(
      /^backend api$/m,
      `backend api\n    http-response set-header ${UPSTREAM_HEADER} %[srv_name]`,
    );
    expect(config).toContain(UPSTREAM_HEADER);
    await writeFile(join(workDir, 'haproxy.cfg'), config);
    haproxy = spawn(HAPROXY_PATH, ['-db', '-f', join(workDir, 'haproxy.cfg')], {
      env: {
        PATH: process.env.PATH,
        BERANGKAT_LISTEN: `127.0.0.1:${HAPROXY_PORT}`,
        BERANGKAT_API1: `127.0.0.1:${API_PORTS[0]}`,
        BERANGKAT_API2: `127.0.0.1:${API_PORTS[1]}`,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    for (const stream of [haproxy.stdout!, haproxy.stderr!])
      stream.on('data', (chunk: Buffer) => (haproxyLog += chunk.toString()));
    await waitForHealth(base, haproxy, 20);
    await untilBothServe(10_000);
    console.log(
      `haproxy: HAProxy and 2 API processes up in ${seconds(performance.now() - started)} ` +
        `(timeout server ${seconds(timeoutServerMs)})`,
    );
  }, 180_000);

  afterAll(async () => {
    if (haproxy) await stopProcess(haproxy, 'SIGTERM', 5_000);
    for (const api of apis) {
      const pid = api.workerPid(1);
      // A worker left stopped must be able to receive its SIGTERM.
      if (pid && alive(pid)) process.kill(pid, 'SIGCONT');
      await stopProcess(api.child, 'SIGTERM', 20_000);
    }
    await scratch?.drop();
    await build?.remove();
    if (workDir) await rm(workDir, { recursive: true, force: true });
  }, 60_000);

  async function get(path: string): Promise<Sample> {
    const started = performance.now();
    try {
      const response = await fetch(`${base}${path}`, {
        headers: defaultHeaders(),
        signal: AbortSignal.timeout(30_000),
      });
      await response.arrayBuffer();
      return {
        started,
        ended: performance.now(),
        outcome: String(response.status),
        upstream: response.headers.get(UPSTREAM_HEADER),
      };
    } catch (error) {
      const name = error instanceof Error ? ((error.cause as Error | undefined)?.name ?? error.name) : 'error';
      // SocketError: HAProxy closed the connection without an answer (it does so when the
      // process dies on a reused connection, so that a client may retry an idempotent request).
      return { started, ended: performance.now(), outcome: name, upstream: null };
    }
  }

  /** Until a run of requests through HAProxy reached both processes. */
  async function untilBothServe(withinMs: number): Promise<void> {
    const deadline = performance.now() + withinMs;
    const seen = new Set<string | null>();
    while (performance.now() < deadline && seen.size < 2) {
      seen.add((await get(`${API_BASE}/health`)).upstream);
      seen.delete(null);
    }
    expect([...seen].sort()).toEqual(['api1', 'api2']);
  }

  const seatMapPath = `${API_BASE}${endpoints.kursi.path}${toQuery({
    operator_kode: RACE_LEG.operator,
    jadwal_kode: RACE_LEG.code,
    tanggal_berangkat: addDays(today, 5),
  })}`;

  /**
   * LOAD_CONCURRENCY travellers reading the seat map through HAProxy, each sending its next
   * request 10 ms after an answer: busy, without taking the two cores from the restarting process.
   */
  function load(durationMs: number): Promise<Sample[]> {
    const until = performance.now() + durationMs;
    return Promise.all(
      Array.from({ length: LOAD_CONCURRENCY }, async () => {
        const samples: Sample[] = [];
        while (performance.now() < until) {
          samples.push(await get(seatMapPath));
          await sleep(10);
        }
        return samples;
      }),
    ).then((all) => all.flat());
  }

  const failedOf = (samples: readonly Sample[]) => samples.filter((s) => s.outcome !== '200');

  it('gives each raced seat to exactly one reservation and hold, through both processes', async () => {
    const date = addDays(today, 30);
    const seats = await freeSeats(base, date);
    const reservations = await raceReservations(base, date, seats);
    expect(new Set(reservations.map((r) => r.reply.headers.get(UPSTREAM_HEADER)))).toEqual(new Set(['api1', 'api2']));
    expectOneWinnerPerSeat(reservations, seats, { loserStatus: 409 });

    const holdDate = addDays(today, 31);
    const holdSeats = await freeSeats(base, holdDate);
    const holds = await raceHolds(base, holdDate, holdSeats);
    expect(new Set(holds.map((r) => r.reply.headers.get(UPSTREAM_HEADER)))).toEqual(new Set(['api1', 'api2']));
    expectOneWinnerPerSeat(holds, holdSeats);
    console.log(
      `haproxy: ${reservations.length} reservations for ${seats.length} seats, answered by ` +
        `${JSON.stringify(countBy(reservations.map((r) => r.reply.headers.get(UPSTREAM_HEADER))))}: ` +
        `${reservations.filter((r) => r.reply.body.status === 'OK').length} OK; ${holds.length} holds for ` +
        `${holdSeats.length} seats: ${holds.filter((r) => r.reply.body.status === 'OK').length} OK`,
    );
  }, 60_000);

  it('tells the API the scheme HAProxy saw, never the one a client wrote', async () => {
    const claimsHttps = { 'x-forwarded-proto': 'https' };
    // The API trusts one proxy (TRUST_PROXY_HOPS=1): straight to it, the header counts...
    const direct = await fetch(`http://127.0.0.1:${API_PORTS[0]}/`, { headers: claimsHttps });
    expect(direct.headers.get('strict-transport-security')).not.toBeNull();
    // ...through HAProxy, which sets it from its own connection (plain http here), it does not.
    const proxied = await fetch(`${base}/`, { headers: claimsHttps });
    expect(proxied.status).toBe(200);
    expect(proxied.headers.get('strict-transport-security')).toBeNull();
  });

  it('loses only the requests a process held when it is killed, and it serves again within 5 s', async () => {
    const api = apis[0]!;
    const victim = api.workerPid(1)!;
    const running = load(7_000);
    await sleep(1_500);
    // The requests the process holds at this moment: sent, not yet answered.
    process.kill(victim, 'SIGKILL');
    const killedAt = performance.now();
    // SIGKILL takes effect a moment later on a busy machine: the primary's report of the death
    // bounds when the process stopped holding requests.
    const died = new RegExp(`^API 1 \\(pid ${victim}\\) berhenti`, 'm');
    while (!died.test(api.output()) && performance.now() - killedAt < 5_000) await sleep(5);
    const diedBy = performance.now();
    const successor = await api.nextWorkerPid(1, victim, 5);
    await waitForHealth(`http://127.0.0.1:${API_PORTS[0]}`, null, 10);
    const servesAgainMs = performance.now() - killedAt;
    const samples = await running;

    const failed = failedOf(samples);
    const backInRotation = samples.find((s) => s.upstream === 'api1' && s.started > killedAt);
    console.log(
      `haproxy: kill -9 of API 1 (pid ${victim}) under load of ${LOAD_CONCURRENCY} clients: ` +
        `${samples.length} requests sent, ${failed.length} failed ${JSON.stringify(countBy(failed.map((s) => s.outcome)))} ` +
        `(${failed.filter((s) => s.started > killedAt).length} of them sent in the ${seconds(diedBy - killedAt)} ` +
        `before the primary saw it die); worker ${successor} serves again ${seconds(servesAgainMs)} after the kill, ` +
        `back in HAProxy's rotation after ${backInRotation ? seconds(backInRotation.ended - killedAt) : 'never'}`,
    );
    // Lost: what the process held when the kill was sent (at most one request per client), and
    // what reached it in the moment before it died; nothing sent after it was gone.
    expect(failed.filter((sample) => sample.started < killedAt).length).toBeLessThanOrEqual(LOAD_CONCURRENCY);
    for (const sample of failed) expect(sample.started).toBeLessThan(diedBy);
    expect(samples.filter((s) => s.started > killedAt && s.outcome === '200').length).toBeGreaterThan(0);
    expect(servesAgainMs).toBeLessThan(5_000);
    expect(backInRotation, 'a request served by the restarted process').toBeDefined();
    expect(backInRotation!.ended - killedAt).toBeLessThan(5_000);
  }, 60_000);

  it("costs no request more than HAProxy's server timeout when a process is stopped", async () => {
    const api = apis[1]!;
    const victim = api.workerPid(1)!;
    const running = load(timeoutServerMs + 3_000);
    await sleep(1_000);
    process.kill(victim, 'SIGSTOP');
    const stoppedAt = performance.now();
    const samples = await running;
    if (alive(victim)) process.kill(victim, 'SIGCONT');

    const failed = failedOf(samples);
    const longest = Math.max(...samples.map((s) => s.ended - s.started));
    const afterStop = samples.filter((s) => s.started > stoppedAt);
    const lastToStopped = Math.max(
      0,
      ...afterStop.filter((s) => s.upstream === 'api2' || s.outcome !== '200').map((s) => s.started - stoppedAt),
    );
    console.log(
      `haproxy: SIGSTOP of API 2 (pid ${victim}) under load of ${LOAD_CONCURRENCY} clients: ` +
        `${samples.length} requests sent, ${failed.length} failed ${JSON.stringify(countBy(failed.map((s) => s.outcome)))}, ` +
        `longest request ${seconds(longest)} (timeout server ${seconds(timeoutServerMs)}); ` +
        `no request sent to it later than ${seconds(lastToStopped)} after the stop`,
    );
    expect(samples.length).toBeGreaterThan(0);
    // Slack for the machine: HAProxy's timer, then the reply's way back.
    expect(longest).toBeLessThan(timeoutServerMs + 1_000);
    // Requests it held, or sent before HAProxy's checks took it out, are the only ones lost: at
    // most one per client, since each client waits for its answer.
    expect(failed.length).toBeLessThanOrEqual(LOAD_CONCURRENCY);
    for (const sample of failed) expect(sample.started - stoppedAt).toBeLessThan(5_000);
    expect(afterStop.filter((s) => s.outcome === '200').length).toBeGreaterThan(0);
    // Afterwards (let go, or killed by its supervisor and started again) it serves again.
    await untilBothServe(15_000);
    expect(haproxyLog).not.toMatch(/\[ALERT\]/);
  }, 60_000);
});
