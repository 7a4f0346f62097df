import type { Context, Hono } from 'hono';
import { ACCOUNT_MESSAGE, TRACE_SENDS_PER_HOUR } from '../../contract';
import type { Database } from '../db/client';
import { clientOf } from '../http/client-address';
import { defineRoute } from '../http/route';
import type { AppEnv } from '../http/types';
import { ApiError, signInRequired } from '../services/errors';
import { perHour, type Limiters } from '../services/rate-limit';
import { readTrace, storeTrace, supportAccess } from '../services/support-traces';

/** A support account's bearer, or 401 (guest) / 403 AUT-4 (any other customer). */
async function supportOnly(c: Context<AppEnv>, db: Database) {
  const customer = c.get('customer');
  if (!customer) throw signInRequired(ACCOUNT_MESSAGE.signInRequired);
  return supportAccess(db, customer.id);
}

/** Support traces: anyone sends one ("Kirim ke CS"); only the support team reads them. */
export function supportRoutes(api: Hono<AppEnv>, db: Database, now: () => Date, limiters: Limiters): void {
  const sends = limiters.perClient('support-trace', perHour(TRACE_SENDS_PER_HOUR));

  defineRoute(api, 'supportTrace', async (body, c) => {
    const client = clientOf(c);
    if (!(await sends.take(client))) {
      throw new ApiError(429, 'REQ-2', 'Terlalu banyak catatan dikirim. Coba lagi nanti');
    }
    const bytes = new TextEncoder().encode(JSON.stringify(body.trace)).length;
    return storeTrace(db, { trace: body.trace, bytes, client, customerId: c.get('customer')?.id ?? null, now: now() });
  });

  defineRoute(api, 'supportTraceRead', async (query, c) => {
    await supportOnly(c, db);
    return readTrace(db, query.kode, now());
  });

  defineRoute(api, 'supportAccess', (_, c) => supportOnly(c, db));
}
