import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';
import type { AppEnv } from './types';

/**
 * The client's address for per-client limits. Behind trusted proxies (TRUST_PROXY_HOPS) it is the
 * entry the outermost trusted proxy appended to X-Forwarded-For: entries left of it are whatever
 * the client sent, so they never count. Otherwise it is the socket's address; a forwarded header
 * only where no socket exists (app.request() in tests).
 */
export function clientOf(c: Context<AppEnv>): string {
  const hops = c.get('proxyHops') ?? 0;
  const forwarded = (c.req.header('x-forwarded-for') ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
  if (hops > 0) {
    const client = forwarded[forwarded.length - hops];
    if (client) return client;
  }
  try {
    const address = getConnInfo(c).remote.address;
    if (address) return address;
  } catch {
    // app.request() in tests has no socket.
  }
  return forwarded[0] ?? 'unknown';
}
