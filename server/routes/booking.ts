import type { Hono } from 'hono';
import type { Database } from '../db/client';
import { defineRoute } from '../http/route';
import type { AppEnv } from '../http/types';
import { checkPrice } from '../services/pricing';
import { seatLayout } from '../services/seats';

/** Seat map and price check: the steps between choosing a schedule and reserving. */
export function bookingRoutes(api: Hono<AppEnv>, db: Database, today: () => string): void {
  defineRoute(api, 'kursi', (q) => seatLayout(db, today(), q));
  defineRoute(api, 'cekHarga', (body, c) => checkPrice(db, today(), body, c.get('customer')));
}
