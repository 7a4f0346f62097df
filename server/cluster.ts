/**
 * `npm run serve:cluster`: several API processes on one host, supervised by node:cluster.
 *
 *   DATABASE_URL=postgres://... REDIS_URL=redis://... [CLUSTER_SIZE=2] [PORT=3000] npm run serve:cluster
 *
 * The primary forks CLUSTER_SIZE workers of the compiled server (dist-server/index.js, what
 * `npm start` runs), which share PORT: node:cluster hands each new connection to the next worker
 * in turn. The primary serves nothing itself. It
 * - forks a worker again when one dies (crash, kill -9, out of memory), after a back-off that
 *   doubles while workers keep dying young (100 ms up to 30 s), and gives up when the first
 *   workers cannot start at all (a bad setting: the worker says which);
 * - kills and replaces a worker that has not answered its heartbeat for 10 s (stopped, or its
 *   event loop stuck): node:cluster would keep handing it connections;
 * - on SIGTERM or SIGINT passes SIGTERM to every worker, which drains (server/index.ts), waits for
 *   them all to exit, kills any still running after 30 s, and exits.
 * Every worker is an ordinary server process: settings come from the environment (README "Deploy").
 */
import cluster, { type Worker } from 'node:cluster';
import { fileURLToPath } from 'node:url';
import { HEARTBEAT_PING, HEARTBEAT_PONG, PREPARED_FOR_ENV, isDatabasePrepared } from './cluster-messages';

const BACKOFF_FIRST_MS = 100;
const BACKOFF_MAX_MS = 30_000;
/** A worker that lived this long counts as healthy: the next death starts the back-off again. */
const STABLE_AFTER_MS = 30_000;
const HEARTBEAT_EVERY_MS = 1_000;
const HEARTBEAT_TIMEOUT_MS = 10_000;
/** Longer than a worker's own drain deadline (server/index.ts), so the workers end themselves. */
const SHUTDOWN_DEADLINE_MS = 30_000;
/** Deaths in a row, before any worker ever served, after which the primary stops trying. */
const START_ATTEMPTS = 5;

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

const size = Number(process.env.CLUSTER_SIZE ?? '2');
if (!Number.isInteger(size) || size < 1 || size > 64) fail('CLUSTER_SIZE harus bilangan bulat 1 sampai 64');
const databaseUrl = process.env.DATABASE_URL ?? '';
// PGlite's data folder belongs to one process: several share only PostgreSQL.
if (size > 1 && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
  fail(
    'DATABASE_URL wajib diisi dengan alamat PostgreSQL (postgres://...) bila CLUSTER_SIZE lebih dari 1: semua proses API memakai satu database.\n' +
      'Contoh: DATABASE_URL=postgres://postgres@127.0.0.1:5432/berangkat npm run serve:cluster',
  );
}
if (size > 1 && !process.env.REDIS_URL) {
  console.warn('REDIS_URL tidak diisi: batas permintaan dihitung per proses, bukan bersama.');
}

interface Slot {
  index: number;
  worker: Worker | null;
  startedAt: number;
  lastPong: number;
  /** Workers of this slot that died young in a row. */
  streak: number;
  restartTimer: NodeJS.Timeout | null;
}

const slots: Slot[] = Array.from({ length: size }, (_, index) => ({
  index,
  worker: null,
  startedAt: 0,
  lastPong: 0,
  streak: 0,
  restartTimer: null,
}));
let stopping = false;
let everServed = false;
/** The last day a worker said the database was set up for (DATABASE_PREPARED). */
let preparedFor: string | null = null;

// The heartbeat answers before the server's own modules load; execArgv replaces the primary's,
// so the heap limits `npm run serve:cluster` starts the primary with are handed on to the workers.
cluster.setupPrimary({
  exec: fileURLToPath(new URL('./index.js', import.meta.url)),
  execArgv: [
    ...process.execArgv.filter((arg) => /^--max-(old|semi)-space-size/.test(arg)),
    '--import',
    new URL('./cluster-heartbeat.js', import.meta.url).href,
  ],
});

function fork(slot: Slot): void {
  slot.restartTimer = null;
  const worker = cluster.fork(preparedFor ? { [PREPARED_FOR_ENV]: preparedFor } : {});
  slot.worker = worker;
  slot.startedAt = Date.now();
  slot.lastPong = Date.now();
  console.log(`API ${slot.index + 1}: pid ${worker.process.pid ?? '?'}`);
  worker.on('message', (message: unknown) => {
    if (message === HEARTBEAT_PONG) slot.lastPong = Date.now();
    else if (isDatabasePrepared(message)) preparedFor = message.day;
  });
  worker.once('listening', () => {
    everServed = true;
  });
}

function deathOf(worker: Worker, code: number | null, signal: string | null): void {
  const slot = slots.find((candidate) => candidate.worker === worker);
  if (!slot) return;
  slot.worker = null;
  if (stopping) return;
  const lived = Date.now() - slot.startedAt;
  slot.streak = lived >= STABLE_AFTER_MS ? 0 : slot.streak + 1;
  if (!everServed && slot.streak >= START_ATTEMPTS) {
    stopAll(1, `API ${slot.index + 1} gagal dijalankan ${START_ATTEMPTS} kali berturut-turut; periksa pesan di atas`);
    return;
  }
  const delay = Math.min(BACKOFF_MAX_MS, BACKOFF_FIRST_MS * 2 ** Math.max(0, slot.streak - 1));
  console.error(
    `API ${slot.index + 1} (pid ${worker.process.pid ?? '?'}) berhenti: ${signal ?? `kode ${code ?? '?'}`}; ` +
      `dijalankan lagi dalam ${delay} ms`,
  );
  slot.restartTimer = setTimeout(() => fork(slot), delay);
}

cluster.on('exit', deathOf);

const heartbeat = setInterval(() => {
  const now = Date.now();
  for (const slot of slots) {
    const worker = slot.worker;
    if (!worker || worker.isDead()) continue;
    if (now - slot.lastPong > HEARTBEAT_TIMEOUT_MS) {
      console.error(
        `API ${slot.index + 1} (pid ${worker.process.pid ?? '?'}) tidak menjawab ${HEARTBEAT_TIMEOUT_MS / 1000} detik: dihentikan paksa`,
      );
      worker.process.kill('SIGKILL');
      continue;
    }
    if (worker.isConnected()) worker.send(HEARTBEAT_PING, () => {});
  }
}, HEARTBEAT_EVERY_MS);

function stopAll(exitCode: number, reason: string): void {
  if (stopping) return;
  stopping = true;
  console.log(reason);
  clearInterval(heartbeat);
  for (const slot of slots) if (slot.restartTimer) clearTimeout(slot.restartTimer);
  const running = slots.map((slot) => slot.worker).filter((worker): worker is Worker => worker !== null);
  const exits = running.map(
    (worker) =>
      new Promise<void>((resolve) => {
        if (worker.isDead()) return resolve();
        worker.once('exit', () => resolve());
        // SIGTERM, not worker.kill(): the worker drains in its own shutdown (server/index.ts).
        worker.process.kill('SIGTERM');
      }),
  );
  const force = setTimeout(() => {
    console.error(`Proses API belum berhenti setelah ${SHUTDOWN_DEADLINE_MS / 1000} detik: dihentikan paksa`);
    for (const worker of running) if (!worker.isDead()) worker.process.kill('SIGKILL');
    process.exit(1);
  }, SHUTDOWN_DEADLINE_MS);
  void Promise.all(exits).then(() => {
    clearTimeout(force);
    process.exit(exitCode);
  });
}

process.on('SIGTERM', () => stopAll(0, 'SIGTERM: semua proses API diselesaikan dulu'));
process.on('SIGINT', () => stopAll(0, 'SIGINT: semua proses API diselesaikan dulu'));

console.log(`Berangkat (node:cluster, ${size} proses API) di port ${process.env.PORT ?? '3000'}`);
for (const slot of slots) fork(slot);
