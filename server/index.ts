import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { serve } from '@hono/node-server';
import { serveStatic } from '@hono/node-server/serve-static';
import { API_BASE } from '../contract';
import { createApp } from './app';
import { prepareDatabase } from './db/setup';
import { readEnv, type Env } from './env';
import { createLogger } from './logger';
import { sharedOrderKeySecret, sharedOtpSecret } from './services/app-secrets';
import { jakartaToday } from './services/dates';
import { createLimiterStore } from './services/rate-limit';
import { sweepExpired } from './services/reservations-db';
import { sweepFlashSale } from './services/flash-sale';
import { layOutFlashSaleDays } from './db/flash-sale-days';
import { sweepExpiredTraces } from './services/support-traces';

/** How often unpaid reservations and holds past their deadline give their seats back. */
const SWEEP_EVERY_MS = 60_000;

// DIST_DIR lets two builds be served side by side (parallel e2e runs); dist/ by default.
const DIST = process.env.DIST_DIR ?? fileURLToPath(new URL('../dist', import.meta.url));
const INDEX_HTML = `${DIST}/index.html`;
/** Vite puts content-hashed files under /assets: they never change, so cache them for a year. */
const HASHED_CACHE = 'public, max-age=31536000, immutable';
const OTHER_STATIC_CACHE = 'public, max-age=3600';

let env: Env;
try {
  env = readEnv();
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}

const logger = createLogger(env.logLevel);
const fixedToday = env.today;
const today = () => fixedToday ?? jakartaToday();

const handle = await prepareDatabase({
  url: env.databaseUrl,
  dataDir: env.dataDir,
  today: today(),
  log: (msg) => logger.info(msg),
}).catch((error: unknown) => {
  logger.fatal(
    { err: error instanceof Error ? { name: error.name, message: error.message } : String(error) },
    'database start failed',
  );
  console.error(`Database tidak dapat dibuka: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});

// Every process on one database signs order keys alike: the configured secret, else the shared row.
const orderKeySecret = env.orderKeySecret ?? (await sharedOrderKeySecret(handle.db));
const otpSecret = env.otpSecret ?? (await sharedOtpSecret(handle.db));
// Rate limits: this process's memory, or Redis shared by every process (REDIS_URL).
const limiterStore = createLimiterStore({ redisUrl: env.redisUrl, logger });
const app = createApp({
  db: handle.db,
  today,
  credentials: env.credentials,
  logger,
  orderKeySecret,
  demo: env.demo,
  ...(env.holdRatePerMinute ? { holdRatePerMinute: env.holdRatePerMinute } : {}),
  limiterStore,
  clientRateFactor: env.clientRateFactor,
  config: env.config,
  otpSecret,
});
if (env.demo) logger.info('Mode demo aktif: simulasi pembayaran dan ubah harga tersedia');
// No real sender is wired in yet: codes land in the development outbox (log and otp_outbox table).
logger.info(
  env.demo
    ? 'Kode OTP dikirim ke outbox pengembangan (log server dan demo/otp-outbox)'
    : 'Kode OTP dikirim ke outbox pengembangan (log server): pasang pengirim SMS, WhatsApp atau email untuk produksi',
);
logger.info(env.redisUrl ? 'Batas permintaan dihitung bersama lewat Redis' : 'Batas permintaan dihitung per proses');

// Seats of expired bookings are already free to every query; the sweep keeps the rows honest
// for the counts that read live rows only. Every process may sweep: the update is idempotent.
// Start-up laid out today's flash sale; the sweep does it again when the day changes.
let flashSaleLaidOut = today();
const sweep = setInterval(() => {
  const now = new Date();
  sweepExpired(handle.db, now).catch((error: unknown) => {
    logger.error({ err: error instanceof Error ? error.message : String(error) }, 'expiry sweep failed');
  });
  // Unpaid flash-sale purchases give their stock back; the coming days get their sale laid out.
  const day = today();
  sweepFlashSale(handle.db, now)
    .then(async () => {
      if (day === flashSaleLaidOut) return;
      await layOutFlashSaleDays(handle.db, day);
      flashSaleLaidOut = day;
    })
    .catch((error: unknown) => {
      logger.error({ err: error instanceof Error ? error.message : String(error) }, 'flash sale sweep failed');
    });
  // Support traces past their 30 days: one idempotent DELETE, harmless when two processes run it.
  sweepExpiredTraces(handle.db, now).catch((error: unknown) => {
    logger.error({ err: error instanceof Error ? error.message : String(error) }, 'trace sweep failed');
  });
}, SWEEP_EVERY_MS);
sweep.unref();

const hasDist = existsSync(INDEX_HTML);
if (hasDist) {
  app.use(
    '/assets/*',
    serveStatic({ root: DIST, onFound: (_path, c) => void c.header('Cache-Control', HASHED_CACHE) }),
  );
  // A missing hashed file is a 404, never the SPA page (a stale tab asking for an old chunk).
  app.get('/assets/*', (c) => c.text('Not found', 404));
  app.use(
    '*',
    serveStatic({
      root: DIST,
      onFound: (path, c) => void c.header('Cache-Control', path.endsWith('.html') ? 'no-cache' : OTHER_STATIC_CACHE),
    }),
  );
  // History fallback: every other page path is the SPA.
  app.get('*', async (c) => {
    if (c.req.path === API_BASE || c.req.path.startsWith(`${API_BASE}/`)) return c.notFound();
    c.header('Cache-Control', 'no-cache');
    return c.html(await readFile(INDEX_HTML, 'utf8'));
  });
} else {
  logger.warn('Folder dist/ belum ada: jalankan `npm run build` untuk membangun aplikasi web. API tetap berjalan.');
  app.get('*', (c) =>
    c.text(
      'Aplikasi web belum dibangun. Jalankan `npm run build`, lalu mulai ulang server. API tersedia di /api.',
      503,
    ),
  );
}

const server = serve({ fetch: app.fetch, hostname: env.host, port: env.port }, (info) => {
  const host = info.family === 'IPv6' ? `[${info.address}]` : info.address;
  console.log(`Berangkat berjalan di http://${host}:${info.port}`);
});

let stopping = false;
async function shutdown(signal: string): Promise<void> {
  if (stopping) return;
  stopping = true;
  logger.info({ signal }, 'shutting down');
  // A stuck connection must not keep the process alive forever.
  const force = setTimeout(() => process.exit(1), 10_000);
  force.unref();
  clearInterval(sweep);
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await limiterStore.close();
  await handle.close();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
