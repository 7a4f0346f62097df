import { Hono } from 'hono';
import { API_BASE, DEFAULT_BASIC_CREDENTIALS, FLASH_SALE_PURCHASES_PER_CARD } from '../contract';
import type { Database } from './db/client';
import type { BasicCredentials } from './env';
import { authMiddleware } from './http/auth';
import { compressReplies } from './http/compression';
import { closeConnectionsWhenDraining, createLifecycle, type Lifecycle } from './http/drain';
import { requestId } from './http/request-id';
import { securityHeaders } from './http/security-headers';
import { replyError } from './http/envelope';
import { onError } from './http/on-error';
import { requestLog } from './http/request-log';
import type { AppEnv } from './http/types';
import { silentLogger, type Logger } from './logger';
import { sharedOtpSecret } from './services/app-secrets';
import { HOLD_RATE } from './services/holds';
import { newOrderKeySecret } from './services/order-keys';
import { noOtpSender, outboxSender, type OtpSender } from './services/otp-delivery';
import { noPaymentProvider, simulatedProvider, type PaymentProvider } from './services/payment-provider';
import { createRateLimiter, limitersOn, memoryStore, type LimiterStore } from './services/rate-limit';
import { authRoutes } from './routes/auth';
import { bookingRoutes } from './routes/booking';
import { customerRoutes } from './routes/customers';
import { supportRoutes } from './routes/support';
import { demoRoutes } from './routes/demo';
import { donationRoutes } from './routes/donations';
import { referralRoutes } from './routes/referral';
import { feedbackRoutes } from './routes/feedback';
import { flashSaleRoutes } from './routes/flash-sale';
import { orderRoutes } from './routes/orders';
import { paymentNotificationRoutes } from './routes/payment-notification';
import { paymentRoutes } from './routes/payments';
import { pointRoutes } from './routes/points';
import { reservationRoutes } from './routes/reservations';
import { scheduleRoutes } from './routes/schedules';
import { voucherRoutes } from './routes/vouchers';
import { souvenirRoutes } from './routes/souvenirs';
import { contentRoutes } from './routes/content';
import { opsRoutes } from './routes/ops';
import { DEFAULT_CONFIG, type ProductConfig } from './services/config';

export interface AppDeps {
  db: Database;
  /** Today's date in Asia/Jakarta, `YYYY-MM-DD`: the clock the API sells against. */
  today: () => string;
  /** The instant the API books against: payment deadlines, holds, departures that have left. */
  now?: () => Date;
  credentials?: BasicCredentials;
  logger?: Logger;
  /** Signs order keys (X-Order-Key); every process behind one database must share it. */
  orderKeySecret?: string;
  /** Demo mode: simulasi-bayar, demo/ubah-harga and demo/otp-outbox exist (404 otherwise). Tests default to on. */
  demo?: boolean;
  /** The payment provider; by default the simulated one in demo mode, none (503 SRV-2) outside it. */
  paymentProvider?: PaymentProvider;
  /** Seat holds per client per minute (burst the same); HOLD_RATE by default. */
  holdRatePerMinute?: number;
  /**
   * Where rate limits count: this app's own memory by default; a Redis store (REDIS_URL) shares
   * the counts between processes. The caller closes a store it passes.
   */
  limiterStore?: LimiterStore;
  /** Multiplies every per-client limit but seat holds' (e2e: all browsers share one address). */
  clientRateFactor?: number;
  /** Keys stored one-time codes; unset, the secret kept in the database (app_secrets) is used. */
  otpSecret?: string;
  /** Delivers one-time codes; by default the development outbox in demo mode, none (503 SRV-2) outside it. */
  otpSender?: OtpSender;
  /** Proxies in front that append to X-Forwarded-For; 0 (the socket is the client) by default. */
  trustProxyHops?: number;
  /** Feature flags, call centre and social links; everything on by default. */
  config?: ProductConfig;
  /** Live purchases of one flash-sale card one buyer may hold in its session; 1 by default. */
  flashSalePurchasesPerCard?: number;
  /** Shutting down (index.ts on SIGTERM): /api/ready answers 503, replies close their connection. */
  lifecycle?: Lifecycle;
  /** The longest one readiness check may take (READY_CHECK_TIMEOUT_MS by default). */
  readyTimeoutMs?: number;
}

export type App = Hono<AppEnv>;

export const NOT_FOUND_MESSAGE = 'Alamat API tidak ditemukan';

/** The whole API under /api, without a port: index.ts serves it, tests call `app.request()`. */
export function createApp(deps: AppDeps): App {
  const logger = deps.logger ?? silentLogger;
  const credentials = deps.credentials ?? DEFAULT_BASIC_CREDENTIALS;
  const now = deps.now ?? (() => new Date());
  const orderKeySecret = deps.orderKeySecret ?? newOrderKeySecret();
  const demo = deps.demo ?? true;
  // Outside demo mode nothing falls back to the simulator or the outbox: a code in clear or a
  // payment number nobody collects on is worse than a clear refusal.
  const provider = deps.paymentProvider ?? (demo ? simulatedProvider : noPaymentProvider);
  const store = deps.limiterStore ?? memoryStore();
  const limiters = limitersOn(store, now, deps.clientRateFactor ?? 1);
  const otpSecret = deps.otpSecret;
  // The mode the app shows (the "Mode demo" ribbon) always follows the mode the API runs in.
  const config: ProductConfig = { ...(deps.config ?? DEFAULT_CONFIG), mode: demo ? 'demo' : 'produksi' };
  // Read from the database on first use, once; a failed read is tried again on the next request.
  let sharedSecret: Promise<string> | null = null;
  const secret = () => {
    if (otpSecret) return Promise.resolve(otpSecret);
    sharedSecret ??= sharedOtpSecret(deps.db).catch((error: unknown) => {
      sharedSecret = null;
      throw error;
    });
    return sharedSecret;
  };

  const lifecycle = deps.lifecycle ?? createLifecycle();

  const api = new Hono<AppEnv>();
  // Registered before the auth middleware, so they answer without credentials.
  opsRoutes(api, {
    db: deps.db,
    lifecycle,
    pingRedis: store.ping ? () => store.ping?.() ?? Promise.resolve() : undefined,
    readyTimeoutMs: deps.readyTimeoutMs,
  });
  // The gateway calls this one with its signature, not the app's credentials.
  paymentNotificationRoutes(api, { db: deps.db, now, provider, logger });
  api.use('*', authMiddleware(deps.db, credentials, now));
  authRoutes(api, {
    db: deps.db,
    now,
    limiters,
    secret,
    sender: deps.otpSender ?? (demo ? outboxSender(deps.db, logger) : noOtpSender),
  });
  pointRoutes(api, deps.db);
  scheduleRoutes(api, deps.db, deps.today);
  bookingRoutes(api, deps.db, deps.today, now, config);
  const holdRate = deps.holdRatePerMinute
    ? { ...HOLD_RATE, burst: deps.holdRatePerMinute, perMinute: deps.holdRatePerMinute }
    : HOLD_RATE;
  reservationRoutes(
    api,
    deps.db,
    deps.today,
    now,
    orderKeySecret,
    createRateLimiter(store, 'hold-kursi', holdRate, now),
    config,
    { limiters, clientRateFactor: deps.clientRateFactor ?? 1 },
  );
  voucherRoutes(api, deps.db, deps.today);
  customerRoutes(api, deps.db, deps.today, now);
  paymentRoutes(api, { db: deps.db, now, orderKeySecret, provider, demo, logger });
  orderRoutes(api, deps.db, now, orderKeySecret, limiters);
  supportRoutes(api, deps.db, now, limiters);
  donationRoutes(api, deps.db, now);
  referralRoutes(api, deps.db);
  feedbackRoutes(api, deps.db, now);
  flashSaleRoutes(api, {
    db: deps.db,
    today: deps.today,
    now,
    orderKeySecret,
    provider,
    purchasesPerCard: deps.flashSalePurchasesPerCard ?? FLASH_SALE_PURCHASES_PER_CARD,
    demo,
    logger,
  });
  souvenirRoutes(api, deps.db, config);
  contentRoutes(api, deps.db, deps.today, config);
  if (demo) demoRoutes(api, deps.db);
  api.all('*', (c) => replyError(c, 404, 'NFD-1', NOT_FOUND_MESSAGE));

  const app = new Hono<AppEnv>();
  const proxyHops = deps.trustProxyHops ?? 0;
  // First, so every reply carries the id and every log line below it has the request's id.
  app.use('*', requestId(proxyHops));
  app.use('*', async (c, next) => {
    c.set('proxyHops', proxyHops);
    await next();
  });
  app.use('*', closeConnectionsWhenDraining(lifecycle));
  app.use('*', requestLog(logger));
  // The card's token step loads the gateway's script and calls it from the page.
  app.use('*', securityHeaders(provider.gateway?.card?.origins ?? []));
  app.use(`${API_BASE}/*`, compressReplies());
  app.route(API_BASE, api);
  app.notFound((c) => replyError(c, 404, 'NFD-1', NOT_FOUND_MESSAGE));
  app.onError(onError(logger));
  return app;
}
