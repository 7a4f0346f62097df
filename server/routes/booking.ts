import type { Hono } from 'hono';
import { HoldTokenSchema, RESERVATION_HEADER } from '../../contract';
import type { Database } from '../db/client';
import { defineRoute } from '../http/route';
import { priceRequestOf } from '../http/trip-body';
import type { AppEnv } from '../http/types';
import { assertFeatures, offeredOnly, type ProductConfig } from '../services/config';
import { checkPrice } from '../services/pricing';
import { seatLayout } from '../services/seats';
import { readHeader } from './reservations';

/**
 * Seat map and price check: the steps between choosing a schedule and reserving. Both take the
 * caller's X-Hold-Token, so the seats the caller holds are not shown or priced as taken.
 */
export function bookingRoutes(
  api: Hono<AppEnv>,
  db: Database,
  today: () => string,
  now: () => Date,
  config: ProductConfig,
): void {
  defineRoute(api, 'kursi', (q, c) =>
    seatLayout(db, today(), q, {
      now: now(),
      holdToken: readHeader(c, RESERVATION_HEADER.holdToken, HoldTokenSchema),
    }),
  );
  defineRoute(api, 'cekHarga', async (body, c) => {
    const request = priceRequestOf(body);
    assertFeatures(config, request);
    const price = await checkPrice(db, today(), request, c.get('customer'), {
      now: now(),
      holdToken: readHeader(c, RESERVATION_HEADER.holdToken, HoldTokenSchema),
    });
    return offeredOnly(config, price);
  });
}
