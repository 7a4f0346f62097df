import { Hono } from 'hono';
import { API_BASE, DEFAULT_BASIC_CREDENTIALS } from '../contract';
import type { Database } from './db/client';
import type { BasicCredentials } from './env';
import { authMiddleware } from './http/auth';
import { replyError, replyOk } from './http/envelope';
import { onError } from './http/on-error';
import { requestLog } from './http/request-log';
import type { AppEnv } from './http/types';
import { silentLogger, type Logger } from './logger';
import { newOrderKeySecret } from './services/order-keys';
import { bookingRoutes } from './routes/booking';
import { customerRoutes } from './routes/customers';
import { pointRoutes } from './routes/points';
import { reservationRoutes } from './routes/reservations';
import { scheduleRoutes } from './routes/schedules';
import { voucherRoutes } from './routes/vouchers';

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
}

export type App = Hono<AppEnv>;

export const NOT_FOUND_MESSAGE = 'Alamat API tidak ditemukan';

/** The whole API under /api, without a port: index.ts serves it, tests call `app.request()`. */
export function createApp(deps: AppDeps): App {
  const logger = deps.logger ?? silentLogger;
  const credentials = deps.credentials ?? DEFAULT_BASIC_CREDENTIALS;
  const now = deps.now ?? (() => new Date());
  const orderKeySecret = deps.orderKeySecret ?? newOrderKeySecret();

  const api = new Hono<AppEnv>();
  // Registered before the auth middleware, so it answers without credentials.
  api.get('/health', (c) => replyOk(c, { ok: true }));
  api.use('*', authMiddleware(deps.db, credentials));
  pointRoutes(api, deps.db);
  scheduleRoutes(api, deps.db, deps.today);
  bookingRoutes(api, deps.db, deps.today, now);
  reservationRoutes(api, deps.db, deps.today, now, orderKeySecret);
  voucherRoutes(api, deps.db, deps.today);
  customerRoutes(api, deps.db);
  api.all('*', (c) => replyError(c, 404, 'NFD-1', NOT_FOUND_MESSAGE));

  const app = new Hono<AppEnv>();
  app.use('*', requestLog(logger));
  app.route(API_BASE, api);
  app.notFound((c) => replyError(c, 404, 'NFD-1', NOT_FOUND_MESSAGE));
  app.onError(onError(logger));
  return app;
}
