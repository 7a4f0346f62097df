import type { Context, Hono } from 'hono';
import { ACCOUNT_MESSAGE, TRACE_SENDS_PER_HOUR } from '../../contract';
import type { Database } from '../db/client';
import { clientOf } from '../http/client-address';
import { defineRoute } from '../http/route';
import type { AppEnv } from '../http/types';
import { ApiError, signInRequired } from '../services/errors';
import { perHour, type Limiters } from '../services/rate-limit';
import { readTrace, storeTrace, supportAccess } from '../services/support-traces';

/**
 * Trace reads: an agent opens one trace per call, a few a minute at most; a stolen support token
 * or a script guessing codes meets the limit at once. Every read counts, a wrong code too.
 */
export const TRACE_READ_RATE = {
  /** Reads of one support account, from anywhere. */
  perAccount: { burst: 20, perMinute: 20 },
  /** Reads from one client address, whoever asks: a support desk behind one address shares it. */
  perClient: { burst: 30, perMinute: 30 },
} as const;

export const TRACE_READS_TOO_MANY = 'Terlalu banyak catatan dibuka. Silakan coba lagi dalam 1 menit';

/** The signed-in support account, or 401 (guest) / 403 AUT-4 (any other customer). */
async function supportOnly(c: Context<AppEnv>, db: Database) {
  const customer = c.get('customer');
  if (!customer) throw signInRequired(ACCOUNT_MESSAGE.signInRequired);
  return { id: customer.id, access: await supportAccess(db, customer.id) };
}

/** Support traces: anyone sends one ("Kirim ke CS"); only the support team reads them. */
export function supportRoutes(api: Hono<AppEnv>, db: Database, now: () => Date, limiters: Limiters): void {
  const sends = limiters.perClient('support-trace', perHour(TRACE_SENDS_PER_HOUR));
  const readsPerClient = limiters.perClient('support-trace-read-client', TRACE_READ_RATE.perClient);
  const readsPerAccount = limiters.perKey('support-trace-read-account', TRACE_READ_RATE.perAccount);

  defineRoute(api, 'supportTrace', async (body, c) => {
    const client = clientOf(c);
    if (!(await sends.take(client))) {
      throw new ApiError(429, 'REQ-2', 'Terlalu banyak catatan dikirim. Coba lagi nanti');
    }
    const bytes = new TextEncoder().encode(JSON.stringify(body.trace)).length;
    return storeTrace(db, { trace: body.trace, bytes, client, customerId: c.get('customer')?.id ?? null, now: now() });
  });

  // Who read which trace, found or not, one line each: the audit trail of a store of customers'
  // sessions. The account's id, never its token; the client's address stays out, as in the request log.
  defineRoute(api, 'supportTraceRead', async (query, c) => {
    const logger = c.get('logger');
    const kode = query.kode;
    // Counted before the role check: probing with a customer's token, or with none, is limited too.
    if (!(await readsPerClient.take(clientOf(c)))) {
      logger.warn({ customerId: c.get('customer')?.id ?? null, kode, limit: 'client' }, 'support trace read refused');
      throw new ApiError(429, 'REQ-2', TRACE_READS_TOO_MANY);
    }
    const account = await supportOnly(c, db);
    if (!(await readsPerAccount.take(String(account.id)))) {
      logger.warn({ supportAccountId: account.id, kode, limit: 'account' }, 'support trace read refused');
      throw new ApiError(429, 'REQ-2', TRACE_READS_TOO_MANY);
    }
    try {
      const trace = await readTrace(db, kode, now());
      logger.info({ supportAccountId: account.id, kode, found: true }, 'support trace read');
      return trace;
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) {
        logger.info({ supportAccountId: account.id, kode, found: false }, 'support trace read');
      }
      throw error;
    }
  });

  defineRoute(api, 'supportAccess', async (_, c) => (await supportOnly(c, db)).access);
}
