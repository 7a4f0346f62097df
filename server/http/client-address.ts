import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';
import type { AppEnv } from './types';

/**
 * Forwarded headers (X-Forwarded-For, X-Forwarded-Proto) are only as true as whoever wrote them:
 * anyone can send them. They count only behind TRUST_PROXY_HOPS trusted proxies, and then only
 * the entries those proxies wrote. Forwarded (RFC 7239) and X-Forwarded-Host are never read.
 */
function entriesOf(c: Context<AppEnv>, header: string): string[] {
  return (c.req.header(header) ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
}

/**
 * The client's address for per-client limits. Behind trusted proxies (TRUST_PROXY_HOPS) it is the
 * entry the outermost trusted proxy appended to X-Forwarded-For: entries left of it are whatever
 * the client sent, so they never count. Otherwise it is the socket's address; a forwarded header
 * only where no socket exists (app.request() in tests: a served request always has one).
 */
export function clientOf(c: Context<AppEnv>): string {
  const hops = c.get('proxyHops') ?? 0;
  const forwarded = entriesOf(c, 'x-forwarded-for');
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

/**
 * The scheme the outermost trusted proxy says the client used (lower case), or null with no
 * trusted proxy or no such header. A proxy either sets X-Forwarded-Proto or appends to it, so the
 * entry `hops` from the right (or the only one) is a trusted proxy's; any left of it, the client's.
 */
export function forwardedProtoOf(c: Context<AppEnv>): string | null {
  const hops = c.get('proxyHops') ?? 0;
  if (hops <= 0) return null;
  const entries = entriesOf(c, 'x-forwarded-proto');
  return entries[Math.max(0, entries.length - hops)]?.toLowerCase() ?? null;
}
