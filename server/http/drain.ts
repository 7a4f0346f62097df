import type { Server } from 'node:http';
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from './types';

/** Whether this process is shutting down: /api/ready answers 503 and connections close after each reply. */
export interface Lifecycle {
  readonly draining: boolean;
  startDraining(): void;
}

export function createLifecycle(): Lifecycle {
  let draining = false;
  return {
    get draining() {
      return draining;
    },
    startDraining() {
      draining = true;
    },
  };
}

/**
 * While draining, each reply closes its connection: a keep-alive client (a load balancer, a
 * browser) sends its next request on a new connection, which reaches another process, and this
 * one's connections end as their last request does.
 */
export function closeConnectionsWhenDraining(lifecycle: Lifecycle): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    await next();
    if (lifecycle.draining) c.res.headers.set('Connection', 'close');
  };
}

/**
 * Stops accepting connections and resolves once every open one has ended: idle keep-alive
 * connections are closed at once (server.close does so since Node 19), requests in flight are
 * answered to the end. The caller bounds the wait (SHUTDOWN_TIMEOUT_MS).
 */
export function drainServer(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    server.closeIdleConnections();
  });
}
