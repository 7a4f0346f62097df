import cluster from 'node:cluster';
import type { Server } from 'node:http';
import { fileURLToPath } from 'node:url';
import { serve } from '@hono/node-server';
import { createApp } from './app';
import { answerClientErrors } from './http/client-errors';
import { createLifecycle, drainServer } from './http/drain';
import { serveWebApp } from './http/static-files';
import { startSweeps } from './services/sweeps';
import { prepareDatabase } from './db/setup';
import { DATABASE_PREPARED, PREPARED_FOR_ENV, type DatabasePreparedMessage } from './cluster-messages';
import { readEnv, type Env } from './env';
import { createLogger } from './logger';
import { sharedOrderKeySecret, sharedOtpSecret } from './services/app-secrets';
import { otpDelivery } from './services/otp-senders';
import { midtransProvider, sweepGatewayCharges } from './services/gateway-payments';
import { MIDTRANS_PRODUCTION_URL } from './services/midtrans';
import { noPaymentProvider, simulatedProvider } from './services/payment-provider';
import { demoTokenRefusal, demoTokensIn, startRefusals } from './production-checks';
import { jakartaToday } from './lib/dates';
import { createLimiterStore } from './services/rate-limit';

// DIST_DIR lets two builds be served side by side (parallel e2e runs); dist/ by default.
const DIST = process.env.DIST_DIR ?? fileURLToPath(new URL('../dist', import.meta.url));

let env: Env;
try {
  env = readEnv();
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}

const refusals = startRefusals(env);
if (refusals.length > 0) {
  console.error('Berangkat tidak dijalankan (mode produksi):');
  for (const line of refusals) console.error(`  - ${line}`);
  process.exit(1);
}

const logger = createLogger(env.logLevel);
const fixedToday = env.today;
const today = () => fixedToday ?? jakartaToday();

const handle = await prepareDatabase({
  url: env.databaseUrl,
  dataDir: env.dataDir,
  today: today(),
  demo: env.demo,
  pool: env.databasePool,
  log: (msg) => logger.info(msg),
  ...(cluster.isWorker ? { preparedFor: process.env[PREPARED_FOR_ENV] } : {}),
}).catch((error: unknown) => {
  logger.fatal(
    { err: error instanceof Error ? { name: error.name, message: error.message } : String(error) },
    'database start failed',
  );
  console.error(`Database tidak dapat dibuka: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});

if (cluster.isWorker) {
  const prepared: DatabasePreparedMessage = { type: DATABASE_PREPARED, day: today() };
  process.send?.(prepared);
}

if (!env.demo) {
  const tokens = await demoTokensIn(handle.db);
  if (tokens.length > 0) {
    console.error('Berangkat tidak dijalankan (mode produksi):');
    console.error(`  - ${demoTokenRefusal(tokens)}`);
    await handle.close();
    process.exit(1);
  }
}

// Midtrans whenever its server key is set (production refused to start without it); the simulator
// only in demo mode without it. Never a fallback from one to the other.
const paymentProvider = env.midtrans
  ? midtransProvider({
      serverKey: env.midtrans.serverKey,
      ...(env.midtrans.clientKey ? { clientKey: env.midtrans.clientKey } : {}),
      baseUrl: env.midtrans.baseUrl,
    })
  : env.demo
    ? simulatedProvider
    : noPaymentProvider;

// Every process on one database signs order keys alike: the configured secret, else (demo mode
// only: production refused to start without both) the shared row.
const orderKeySecret = env.orderKeySecret ?? (await sharedOrderKeySecret(handle.db));
const otpSecret = env.otpSecret ?? (await sharedOtpSecret(handle.db));
// Rate limits: this process's memory, or Redis shared by every process (REDIS_URL).
const limiterStore = createLimiterStore({ redisUrl: env.redisUrl, logger });
// Codes go to the configured senders in either mode; only a demo without any keeps the outbox.
const delivery = otpDelivery(env, { db: handle.db, logger });
const lifecycle = createLifecycle();
const app = createApp({
  lifecycle,
  db: handle.db,
  today,
  credentials: env.credentials,
  logger,
  orderKeySecret,
  demo: env.demo,
  ...(env.holdRatePerMinute ? { holdRatePerMinute: env.holdRatePerMinute } : {}),
  limiterStore,
  clientRateFactor: env.clientRateFactor,
  trustProxyHops: env.trustProxyHops,
  config: env.config,
  otpSecret,
  flashSalePurchasesPerCard: env.flashSalePurchasesPerCard,
  otpSender: delivery.sender,
  paymentProvider,
});
if (env.demo) {
  const parts = [
    'data contoh dengan token demo',
    ...(env.midtrans ? [] : ['pembayaran disimulasikan']),
    ...(delivery.channels.length === 0 ? ['kode OTP terbaca di log dan demo/otp-outbox'] : []),
  ];
  logger.warn(`MODE DEMO: ${parts.join(', ')}; jangan dipakai di alamat publik`);
}
if (env.midtrans) {
  const live = env.midtrans.baseUrl.replace(/\/+$/, '') === MIDTRANS_PRODUCTION_URL;
  logger.warn(
    `Pembayaran lewat Midtrans (${live ? 'produksi' : `bukan produksi: ${env.midtrans.baseUrl}`}); notifikasi di /api/payment/notification/midtrans`,
  );
}
if (delivery.channels.length > 0) {
  const names = { telp: 'WhatsApp (nomor handphone)', email: 'email (SMTP)' } as const;
  logger.info(`Kode OTP dikirim lewat ${delivery.channels.map((channel) => names[channel]).join(' dan ')}`);
}
logger.info(env.redisUrl ? 'Batas permintaan dihitung bersama lewat Redis' : 'Batas permintaan dihitung per proses');

const stopSweeps = startSweeps(handle.db, today, logger, (now) =>
  sweepGatewayCharges(handle.db, now, paymentProvider, logger),
);
serveWebApp(app, DIST, logger);

const server = serve({ fetch: app.fetch, hostname: env.host, port: env.port }, (info) => {
  const host = info.family === 'IPv6' ? `[${info.address}]` : info.address;
  const codes = delivery.channels.length === 0 ? 'kode OTP di outbox pengembangan' : 'kode OTP terkirim sungguhan';
  const mode = env.demo
    ? `MODE DEMO (data contoh, pembayaran simulasi, ${codes}; bukan untuk alamat publik)`
    : 'mode produksi';
  console.log(`Berangkat berjalan di http://${host}:${info.port} - ${mode}`);
});
// serve() without createServer makes a node:http server.
answerClientErrors(server as Server);

/**
 * SIGTERM (an orchestrator, a process manager, a deploy) or SIGINT: /api/ready turns 503 and the
 * listening socket closes, so new connections go elsewhere; idle keep-alive connections are closed,
 * requests in flight are answered to the end (each reply then closes its connection); then the
 * sweeps stop, and Redis and the database are closed. Exit 0 when all of it is done within
 * SHUTDOWN_TIMEOUT_MS, else 1, cutting what is still open.
 */
async function shutdown(signal: string): Promise<void> {
  if (lifecycle.draining) return;
  lifecycle.startDraining();
  const started = performance.now();
  logger.info(
    { signal, timeoutMs: env.shutdownTimeoutMs },
    'draining: no new connections, finishing requests in flight',
  );
  const force = setTimeout(() => {
    const httpServer = server as Server;
    httpServer.getConnections((_error, open) => {
      logger.error(
        { signal, openConnections: open, timeoutMs: env.shutdownTimeoutMs },
        'shutdown deadline passed: exiting with requests unfinished',
      );
      httpServer.closeAllConnections();
      process.exit(1);
    });
  }, env.shutdownTimeoutMs);
  force.unref();
  await drainServer(server as Server);
  logger.info({ ms: Math.round(performance.now() - started) }, 'drained: every request answered');
  await stopSweeps();
  await limiterStore.close();
  await delivery.close();
  await handle.close();
  logger.info({ ms: Math.round(performance.now() - started) }, 'stopped');
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
