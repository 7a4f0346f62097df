import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { clientOf } from '../../server/http/client-address';
import type { AppEnv } from '../../server/http/types';

/** An app that answers the address its rate limits would count, behind `hops` trusted proxies. */
function appBehind(hops: number) {
  const app = new Hono<AppEnv>();
  app.use('*', async (c, next) => {
    c.set('proxyHops', hops);
    await next();
  });
  app.get('/who', (c) => c.text(clientOf(c)));
  return app;
}

const who = async (hops: number, forwardedFor?: string) => {
  const headers: Record<string, string> = forwardedFor ? { 'x-forwarded-for': forwardedFor } : {};
  return (await appBehind(hops).request('/who', { headers })).text();
};

describe('the client address rate limits count', () => {
  it('behind one trusted proxy, is the entry that proxy appended, not one the client wrote', async () => {
    // The client sent "10.9.9.9" itself; the proxy appended the socket address it saw.
    expect(await who(1, '10.9.9.9, 203.0.113.7')).toBe('203.0.113.7');
  });

  it('behind two trusted proxies, is the entry the outer one appended', async () => {
    expect(await who(2, 'spoofed, 198.51.100.4, 10.0.0.2')).toBe('198.51.100.4');
  });

  it('with no trusted proxy and no socket (tests), falls back to the first forwarded entry', async () => {
    expect(await who(0, '192.0.2.1, 10.0.0.2')).toBe('192.0.2.1');
  });

  it('with no forwarded entry and no socket, is unknown', async () => {
    expect(await who(1)).toBe('unknown');
  });
});

describe('the client address on a real socket', () => {
  it("is the socket's with no trusted proxy, whatever X-Forwarded-For the client wrote", async () => {
    const server = serve({ fetch: appBehind(0).fetch, hostname: '127.0.0.1', port: 0 });
    await new Promise((resolve) => server.once('listening', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const reply = await fetch(`http://127.0.0.1:${port}/who`, { headers: { 'x-forwarded-for': '192.0.2.99' } });
      expect(await reply.text()).toMatch(/^(::ffff:)?127\.0\.0\.1$/);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
