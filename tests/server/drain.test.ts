import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { connect, type Socket } from 'node:net';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, expect, it } from 'vitest';
import { API_BASE, REQUEST_ID_HEADER, RESERVATION_HEADER, endpoints, type KursiResults } from '../../contract';
import { openDatabase } from '../../server/db/client';
import { addDays } from '../../server/lib/dates';
import { queryRows } from '../../server/services/sql';
import { ROOT } from '../../bench/support/server';
import { defaultHeaders } from './api-support';
import {
  apiEnv,
  createScratchDatabase,
  httpCall,
  prepareDataDir,
  stopProcess,
  waitForHealth,
} from './helpers/api-process';
import { TEST_TODAY, describeEachDatabase, type DatabaseKind } from './helpers/test-db';

/**
 * Issue 23, operable: SIGTERM drains. The real server (a child process) gets SIGTERM while a
 * reservation is in flight: its client has sent the headers and half the body. No test hook slows
 * the server: the request is slow because its client is, as a phone on a bad network is. The
 * reservation must be answered 200 and committed, new connections refused, idle keep-alive
 * connections closed, and the process must exit 0; past SHUTDOWN_TIMEOUT_MS it exits 1.
 */

/** Ports of this file (4470-4489 belong to the operable tests). */
const PORT: Record<DatabaseKind, { drain: number; deadline: number }> = {
  pglite: { drain: 4470, deadline: 4472 },
  postgres: { drain: 4471, deadline: 4473 },
};

interface Server {
  child: ChildProcess;
  base: string;
  /** Parsed JSON log lines written so far (stdout). */
  lines: Record<string, unknown>[];
  exited: Promise<number | null>;
}

async function startServer(options: {
  port: number;
  dataDir: string;
  databaseUrl: string | undefined;
  extraEnv?: Record<string, string>;
}): Promise<Server> {
  const env = apiEnv({ ...options, today: TEST_TODAY, extraEnv: { LOG_LEVEL: 'info', ...options.extraEnv } });
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/index.ts'], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines: Record<string, unknown>[] = [];
  let partial = '';
  child.stdout?.setEncoding('utf8');
  child.stdout?.on('data', (text: string) => {
    const parts = (partial + text).split('\n');
    partial = parts.pop() ?? '';
    for (const line of parts) {
      if (!line.startsWith('{')) continue;
      try {
        lines.push(JSON.parse(line) as Record<string, unknown>);
      } catch {
        // not a log line
      }
    }
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const base = `http://127.0.0.1:${options.port}`;
  try {
    await waitForHealth(base, child, 120);
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }
  return { child, base, lines, exited };
}

async function until(what: string, check: () => boolean, ms = 15_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

async function untilAsync(what: string, check: () => Promise<boolean>, ms = 15_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** True when a new connection to the port is refused (nothing listens). */
function refused(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code === 'ECONNREFUSED'));
  });
}

/** A raw HTTP/1.1 connection: what arrives is kept, so a test can send a body in pieces. */
function openConnection(port: number): Promise<{ socket: Socket; received: () => string; closed: Promise<void> }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let text = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      text += chunk;
    });
    const closed = new Promise<void>((done) => socket.once('close', () => done()));
    socket.once('error', reject);
    socket.once('connect', () => resolve({ socket, received: () => text, closed }));
  });
}

interface RawReply {
  status: number;
  headers: Map<string, string>;
  body: string;
}

/** The first complete reply after `from` (a final status, not 100 Continue), with a Content-Length body. */
function parseReply(text: string): RawReply | null {
  let rest = text;
  while (rest.startsWith('HTTP/1.1 100')) {
    const end = rest.indexOf('\r\n\r\n');
    if (end < 0) return null;
    rest = rest.slice(end + 4);
  }
  const headEnd = rest.indexOf('\r\n\r\n');
  if (headEnd < 0) return null;
  const [statusLine = '', ...headerLines] = rest.slice(0, headEnd).split('\r\n');
  const headers = new Map<string, string>();
  for (const line of headerLines) {
    const at = line.indexOf(':');
    headers.set(line.slice(0, at).trim().toLowerCase(), line.slice(at + 1).trim());
  }
  const length = Number(headers.get('content-length') ?? '0');
  const body = rest.slice(headEnd + 4);
  if (Buffer.byteLength(body) < length) return null;
  return { status: Number(statusLine.split(' ')[1]), headers, body };
}

/** A free window seat of one departure, from the seat map the server answers. */
async function freeSeat(base: string, date: string): Promise<string> {
  const reply = await httpCall(base, 'kursi', {
    operator_kode: 'XTR',
    jadwal_kode: 'XTR-BDG-JKT-0800',
    tanggal_berangkat: date,
  });
  if (reply.body.status !== 'OK') throw new Error(`kursi: ${JSON.stringify(reply.body)}`);
  const layout = reply.body.results as KursiResults;
  const seat = layout.layout_kursi
    .flatMap((floor) => Object.values(floor.kursi))
    .find((s) => (s.tipe === 'P' || s.tipe === 'PS') && s.flag_booking === 0);
  if (!seat) throw new Error('no free seat');
  return seat.no;
}

/** The head of a reservation POST whose body follows in pieces; Expect makes the server say it has the request. */
function reservationHead(port: number, key: string, length: number): string {
  const headers = {
    ...defaultHeaders(),
    host: `127.0.0.1:${port}`,
    'content-type': 'application/json',
    'content-length': String(length),
    [RESERVATION_HEADER.idempotencyKey]: key,
    expect: '100-continue',
  };
  const lines = Object.entries(headers).map(([name, value]) => `${name}: ${value}`);
  return `POST ${API_BASE}${endpoints.reservasi.path} HTTP/1.1\r\n${lines.join('\r\n')}\r\n\r\n`;
}

function reservationBody(date: string, seat: string): string {
  return JSON.stringify({
    operator_kode_pergi: 'XTR',
    jadwal_kode_pergi: 'XTR-BDG-JKT-0800',
    tanggal_berangkat_pergi: date,
    kursi_pergi: [{ no: seat, penumpang_nama: 'Budi Santoso' }],
    pemesan_nama: 'Rina Kartika',
    pemesan_telp: '081234567890',
    pemesan_email: 'rina@contoh.id',
    jenis_pembayaran_kode: 'QRIS',
    total_bayar: 0,
  });
}

const logged = (server: Server, msg: string) => server.lines.some((line) => line.msg === msg);

describeEachDatabase('SIGTERM drains the API process (%s)', (kind) => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  }, 60_000);

  async function database(name: string): Promise<{ dataDir: string; databaseUrl: string | undefined }> {
    const folder = await mkdtemp(join('/tmp', `drain-${name}-${kind}-`));
    cleanups.push(() => rm(folder, { recursive: true, force: true }));
    const dataDir = join(folder, 'db');
    if (kind === 'postgres') {
      const scratch = await createScratchDatabase(process.env.TEST_DATABASE_URL!);
      cleanups.push(() => scratch.drop());
      return { dataDir, databaseUrl: scratch.url };
    }
    await prepareDataDir(dataDir);
    return { dataDir, databaseUrl: undefined };
  }

  it('answers the reservation in flight (200, committed), refuses new connections, closes idle ones, exits 0', async () => {
    const db = await database('ok');
    const port = PORT[kind].drain;
    const server = await startServer({ port, ...db });
    cleanups.push(() => stopProcess(server.child, 'SIGKILL'));
    const date = addDays(TEST_TODAY, 27);
    const seat = await freeSeat(server.base, date);

    // A keep-alive connection that has had its answer and sits idle (a load balancer's pool).
    const idle = await openConnection(port);
    idle.socket.write(`GET ${API_BASE}/health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`);
    await until('the idle connection to get its answer', () => parseReply(idle.received()) !== null);
    expect(parseReply(idle.received())?.headers.get('connection')).toBe('keep-alive');

    // The reservation: head and half the body sent before SIGTERM, the rest after it.
    const key = `drain-${kind}-${Date.now().toString(36)}`;
    const body = Buffer.from(reservationBody(date, seat));
    const slow = await openConnection(port);
    slow.socket.write(reservationHead(port, key, body.length));
    await until('100 Continue (the server is handling the request)', () => slow.received().startsWith('HTTP/1.1 100'));
    const half = Math.floor(body.length / 2);
    slow.socket.write(body.subarray(0, half));

    const signalled = performance.now();
    server.child.kill('SIGTERM');
    // New connections are refused: the listening socket is closed.
    await untilAsync('new connections to be refused', () => refused(port));
    await expect(fetch(`${server.base}${API_BASE}/health`)).rejects.toThrow();
    // The idle keep-alive connection is closed by the server, not left for its timeout.
    await idle.closed;
    // The process waits for the request in flight.
    expect(server.child.exitCode).toBeNull();
    expect(logged(server, 'drained: every request answered')).toBe(false);

    slow.socket.write(body.subarray(half));
    await until('the reservation reply', () => parseReply(slow.received()) !== null);
    const reply = parseReply(slow.received())!;
    const envelope = JSON.parse(reply.body) as { status: string; results?: { reservasi_kode?: string } };
    expect(reply.status, reply.body).toBe(200);
    expect(envelope.status).toBe('OK');
    const code = envelope.results?.reservasi_kode;
    expect(code).toMatch(/\S/);
    // The reply closes its connection, so a client's next request goes to another process.
    expect(reply.headers.get('connection')).toBe('close');
    await slow.closed;

    expect(await server.exited).toBe(0);
    const drainMs = Math.round(performance.now() - signalled);
    // The request's own log line carries the id its reply had.
    const requestId = reply.headers.get(REQUEST_ID_HEADER);
    expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(server.lines).toContainEqual(
      expect.objectContaining({ msg: 'request', method: 'POST', status: 200, reqId: requestId }),
    );
    expect(logged(server, 'stopped')).toBe(true);

    // What the client was told is what the database holds.
    const reopened = await openDatabase(kind === 'postgres' ? { url: db.databaseUrl } : { dataDir: db.dataDir });
    try {
      const rows = await queryRows<{ code: string; seats: number }>(
        reopened.db,
        sql`SELECT r.code::text AS code,
              (SELECT count(*)::int FROM seat_bookings b WHERE b.reservation_id = r.id AND b.live) AS seats
            FROM reservations r WHERE r.idempotency_key = ${key}`,
      );
      expect(rows).toEqual([{ code, seats: 1 }]);
    } finally {
      await reopened.close();
    }
    console.log(`drain (${kind}): SIGTERM to exit 0 in ${drainMs} ms with one reservation in flight`);
  }, 180_000);

  it('exits 1 at SHUTDOWN_TIMEOUT_MS when a request in flight never finishes', async () => {
    const db = await database('deadline');
    const port = PORT[kind].deadline;
    const timeoutMs = 1_500;
    const server = await startServer({ port, ...db, extraEnv: { SHUTDOWN_TIMEOUT_MS: String(timeoutMs) } });
    cleanups.push(() => stopProcess(server.child, 'SIGKILL'));
    const date = addDays(TEST_TODAY, 28);
    const body = Buffer.from(reservationBody(date, '1'));
    const stuck = await openConnection(port);
    stuck.socket.write(reservationHead(port, `deadline-${kind}-${Date.now().toString(36)}`, body.length));
    await until('100 Continue', () => stuck.received().startsWith('HTTP/1.1 100'));
    stuck.socket.write(body.subarray(0, 10));

    const signalled = performance.now();
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(1);
    const took = performance.now() - signalled;
    expect(took).toBeGreaterThanOrEqual(timeoutMs - 50);
    expect(took).toBeLessThan(timeoutMs + 3_000);
    expect(server.lines).toContainEqual(
      expect.objectContaining({
        msg: 'shutdown deadline passed: exiting with requests unfinished',
        openConnections: 1,
      }),
    );
    // The stuck connection is cut, not left open.
    await stuck.closed;
    console.log(`drain deadline (${kind}): SHUTDOWN_TIMEOUT_MS ${timeoutMs}, exit 1 after ${Math.round(took)} ms`);
  }, 180_000);
});
