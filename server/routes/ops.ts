import type { Hono } from 'hono';
import { OPS_PATH, type ReadyResults } from '../../contract';
import type { Database } from '../db/client';
import type { Lifecycle } from '../http/drain';
import { replyError, replyOk } from '../http/envelope';
import type { AppEnv } from '../http/types';
import { checkReadiness } from '../services/readiness';

export const DRAINING_MESSAGE = 'Server sedang berhenti dan tidak menerima permintaan baru';
export const NOT_READY_PREFIX = 'Server belum siap';

export interface OpsDeps {
  db: Database;
  lifecycle: Lifecycle;
  pingRedis?: (() => Promise<void>) | undefined;
  readyTimeoutMs?: number | undefined;
}

/**
 * /health (alive) and /ready (fit for traffic), without credentials: registered before the auth
 * middleware. Neither names a host, a connection string or an error's text.
 */
export function opsRoutes(api: Hono<AppEnv>, deps: OpsDeps): void {
  api.get(OPS_PATH.health, (c) => replyOk(c, { ok: true }));
  api.get(OPS_PATH.ready, async (c) => {
    c.header('Cache-Control', 'no-store');
    if (deps.lifecycle.draining) return replyError(c, 503, 'SRV-4', DRAINING_MESSAGE);
    const readiness = await checkReadiness({
      db: deps.db,
      pingRedis: deps.pingRedis,
      ...(deps.readyTimeoutMs ? { timeoutMs: deps.readyTimeoutMs } : {}),
    });
    if (!readiness.ready) return replyError(c, 503, 'SRV-4', `${NOT_READY_PREFIX}: ${readiness.problems.join('; ')}`);
    const results: ReadyResults = {
      database: 'ok',
      redis: readiness.redis,
      migrasi: { build: readiness.migrations.shipped, terapan: readiness.migrations.applied },
    };
    return replyOk(c, results);
  });
}
