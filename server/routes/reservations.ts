import type { Context, Hono } from 'hono';
import { HoldTokenSchema, IdempotencyKeySchema, RESERVATION_HEADER } from '../../contract';
import type { Database } from '../db/client';
import { badRequest } from '../services/errors';
import { defineRoute } from '../http/route';
import { clientOf } from '../http/client-address';
import type { AppEnv } from '../http/types';
import { holdSeats, rateLimited } from '../services/holds';
import { orderKeyFor } from '../services/order-keys';
import type { RateLimiter } from '../services/rate-limit';
import { reserve } from '../services/reservations';
import { assertFeatures, type ProductConfig } from '../services/config';

/** A header checked with its contract schema; absent is null, malformed is 400 REQ-1. */
export function readHeader(c: Context, name: string, schema: typeof HoldTokenSchema): string | null {
  const value = c.req.header(name);
  if (value === undefined || value === '') return null;
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw badRequest(`Permintaan tidak valid. ${parsed.error.issues[0]?.message ?? name}`);
  return parsed.data;
}

/** Reserving and holding seats. */
export function reservationRoutes(
  api: Hono<AppEnv>,
  db: Database,
  today: () => string,
  now: () => Date,
  orderKeySecret: string,
  holdsPerClient: RateLimiter,
  config: ProductConfig,
): void {
  defineRoute(api, 'reservasi', async (body, c) => {
    assertFeatures(config, body);
    const outcome = await reserve(db, body, {
      today: today(),
      now: now(),
      customer: c.get('customer'),
      idempotencyKey: readHeader(c, RESERVATION_HEADER.idempotencyKey, IdempotencyKeySchema),
      holdToken: readHeader(c, RESERVATION_HEADER.holdToken, HoldTokenSchema),
    });
    return { ...outcome, kunci_pesanan: orderKeyFor(orderKeySecret, outcome.reservasi_kode) };
  });
  defineRoute(api, 'holdKursi', async (body, c) => {
    if (!(await holdsPerClient.take(clientOf(c)))) throw rateLimited();
    return holdSeats(db, body, {
      today: today(),
      now: now(),
      headerToken: readHeader(c, RESERVATION_HEADER.holdToken, HoldTokenSchema),
    });
  });
}
