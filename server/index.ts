import type { Server } from 'node:http';
import { fileURLToPath } from 'node:url';
import { serve } from '@hono/node-server';
import { createApp } from './app';
import { answerClientErrors } from './http/client-errors';
import { serveWebApp } from './http/static-files';
import { startSweeps } from './services/sweeps';
import { prepareDatabase } from './db/setup';
import { readEnv, type Env } from './env';
import { createLogger } from './logger';
import { sharedOrderKeySecret, sharedOtpSecret } from './services/app-secrets';
import { NO_OTP_SENDER_MESSAGE, noOtpSender, outboxSender } from './services/otp-delivery';
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
  log: (msg) => logger.info(msg),
}).catch((error: unknown) => {
  logger.fatal(
    { err: error instanceof Error ? { name: error.name, message: error.message } : String(error) },
    'database start failed',
  );
  console.error(`Database tidak dapat dibuka: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});

if (!env.demo) {
  const tokens = await demoTokensIn(handle.db);
  if (tokens.length > 0) {
    console.error('Berangkat tidak dijalankan (mode produksi):');
    console.error(`  - ${demoTokenRefusal(tokens)}`);
    await handle.close();
    process.exit(1);
  }
}

// Every process on one database signs order keys alike: the configured secret, else (demo mode
// only: production refused to start without both) the shared row.
// Midtrans whenever its server key is set (production refused to start without it); the simulator
// only in demo mode without it. Never a fallback from one to the other.
const paymentProvider = env.midtrans
  ? midtransProvider({ serverKey: env.midtrans.serverKey, baseUrl: env.midtrans.baseUrl })
  : env.demo
    ? simulatedProvider
    : noPaymentProvider;

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
  trustProxyHops: env.trustProxyHops,
  config: env.config,
  otpSecret,
  flashSalePurchasesPerCard: env.flashSalePurchasesPerCard,
  // Chosen by mode, never by a fallback: production has no real sender yet, so it refuses those
  // calls (503 SRV-2) instead of simulating them.
  otpSender: env.demo ? outboxSender(handle.db, logger) : noOtpSender,
  paymentProvider,
});
if (env.demo) {
  logger.warn(
    'MODE DEMO: data contoh dengan token demo, pembayaran disimulasikan, kode OTP terbaca di log dan demo/otp-outbox; jangan dipakai di alamat publik',
  );
} else {
  logger.warn(`Mode produksi: ${NO_OTP_SENDER_MESSAGE}`);
}
if (env.midtrans) {
  const live = env.midtrans.baseUrl.replace(/\/+$/, '') === MIDTRANS_PRODUCTION_URL;
  logger.warn(
    `Pembayaran lewat Midtrans (${live ? 'produksi' : `bukan produksi: ${env.midtrans.baseUrl}`}); notifikasi di /api/payment/notification/midtrans`,
  );
}
logger.info(env.redisUrl ? 'Batas permintaan dihitung bersama lewat Redis' : 'Batas permintaan dihitung per proses');

const stopSweeps = startSweeps(handle.db, today, logger, (now) =>
  sweepGatewayCharges(handle.db, now, paymentProvider, logger),
);
serveWebApp(app, DIST, logger);

const server = serve({ fetch: app.fetch, hostname: env.host, port: env.port }, (info) => {
  const host = info.family === 'IPv6' ? `[${info.address}]` : info.address;
  const mode = env.demo
    ? 'MODE DEMO (data contoh, pembayaran simulasi, kode OTP di outbox pengembangan; bukan untuk alamat publik)'
    : 'mode produksi';
  console.log(`Berangkat berjalan di http://${host}:${info.port} - ${mode}`);
});
// serve() without createServer makes a node:http server.
answerClientErrors(server as Server);

let stopping = false;
async function shutdown(signal: string): Promise<void> {
  if (stopping) return;
  stopping = true;
  logger.info({ signal }, 'shutting down');
  // A stuck connection must not keep the process alive forever.
  const force = setTimeout(() => process.exit(1), 10_000);
  force.unref();
  stopSweeps();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await limiterStore.close();
  await handle.close();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
