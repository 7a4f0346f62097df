import type { Hono } from 'hono';
import type { Database } from '../db/client';
import { defineRoute } from '../http/route';
import type { AppEnv } from '../http/types';
import { donationComments, donationSummary } from '../services/donations';

/** Spec section 7: donasi/summary and donasi/list-komentar. */
export function donationRoutes(api: Hono<AppEnv>, db: Database, now: () => Date): void {
  defineRoute(api, 'donasiSummary', () => donationSummary(db, now()));
  defineRoute(api, 'donasiListKomentar', (query) => donationComments(db, query.page));
}
