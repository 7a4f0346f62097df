import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';

/**
 * The client's address for per-client limits: the socket's when served; a forwarded header only
 * where no socket exists (behind a proxy every client would share the proxy's address).
 */
export function clientOf(c: Context): string {
  try {
    const address = getConnInfo(c).remote.address;
    if (address) return address;
  } catch {
    // app.request() in tests has no socket.
  }
  return c.req.header('x-forwarded-for')?.split(',')[0]?.trim() || 'unknown';
}
