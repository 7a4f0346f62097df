import type { Hono } from 'hono';
import { OPS_PATH, type ReadyResults } from '../../contract';
import type { Database } from '../db/client';
import type { Lifecycle } from '../http/drain';
import { replyError, replyOk } from '../http/envelope';
import type { AppEnv } from '../http/types';
import { checkReadiness, type Readiness } from '../services/readiness';

export const DRAINING_MESSAGE = 'Server sedang berhenti dan tidak menerima permintaan baru';
export const NOT_READY_PREFIX = 'Server belum siap';
/** How long one readiness answer is reused; a load balancer asks every few seconds. */
export const READY_CACHE_MS = 1_000;

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
  // One check at a time, its answer reused for READY_CACHE_MS: a flood of /ready (it needs no
  // credentials) costs the database at most a few statements a second.
  let last: { at: number; readiness: Promise<Readiness> } | null = null;
  const check = () => {
    const now = Date.now();
    if (!last || now - last.at >= READY_CACHE_MS) {
      last = {
        at: now,
        readiness: checkReadiness({
          db: deps.db,
          pingRedis: deps.pingRedis,
          ...(deps.readyTimeoutMs ? { timeoutMs: deps.readyTimeoutMs } : {}),
        }),
      };
    }
    return last.readiness;
  };
  api.get(OPS_PATH.health, (c) => replyOk(c, { ok: true }));
  api.get(OPS_PATH.ready, async (c) => {
    c.header('Cache-Control', 'no-store');
    if (deps.lifecycle.draining) return replyError(c, 503, 'SRV-4', DRAINING_MESSAGE);
    const readiness = await check();
    if (!readiness.ready) return replyError(c, 503, 'SRV-4', `${NOT_READY_PREFIX}: ${readiness.problems.join('; ')}`);
    const results: ReadyResults = {
      database: 'ok',
      redis: readiness.redis,
      migrasi: { build: readiness.migrations.shipped, terapan: readiness.migrations.applied },
    };
    return replyOk(c, results);
  });
}
