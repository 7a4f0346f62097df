import { randomUUID } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import { REQUEST_ID_HEADER, RequestIdSchema } from '../../contract';
import { inRequest } from '../logger';
import type { AppEnv } from './types';

export const newRequestId = (): string => randomUUID();

/**
 * The id of a request: the one a trusted proxy in front handed in (TRUST_PROXY_HOPS > 0) when it
 * has a load balancer's form, else a new one. Without a trusted proxy the header can only be the
 * client's word, and a client must not make its requests' log lines look like someone else's.
 */
export function requestIdOf(header: string | undefined, trustProxyHops: number): string {
  if (trustProxyHops > 0 && header !== undefined && RequestIdSchema.safeParse(header).success) return header;
  return newRequestId();
}

/**
 * Outermost middleware: every reply (API, files, errors) carries the id in X-Request-Id, and every
 * log line written while the request is handled carries it as `reqId` (logger.ts).
 */
export function requestId(trustProxyHops: number): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const id = requestIdOf(c.req.header(REQUEST_ID_HEADER), trustProxyHops);
    c.set('requestId', id);
    await inRequest(id, next);
    c.res.headers.set(REQUEST_ID_HEADER, id);
  };
}
