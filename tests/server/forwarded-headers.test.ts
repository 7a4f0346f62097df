import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serve, type ServerType } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE, HEADER, endpoints } from '../../contract';
import { createApp, type App } from '../../server/app';
import { serveWebApp } from '../../server/http/static-files';
import { silentLogger } from '../../server/logger';
import { userId } from './api-support';
import { TEST_TODAY, testNow, createTestDatabase, describeEachDatabase, type TestDatabase } from './helpers/test-db';

const PAGE = '<!doctype html><html lang="id"><head><title>Berangkat</title></head><body></body></html>';

/** A call refused for its bearer: the reply clears the `_atx` cookie, so it shows the cookie rules. */
const refusedCall = (headers: Record<string, string>): [string, RequestInit] => [
  `${API_BASE}${endpoints.kotaPopuler.path}`,
  { headers: { [HEADER.userId]: userId(), [HEADER.authorization]: 'Bearer no-such-token', ...headers } },
];

/** One raw HTTP/1.1 request over a socket, as a client writes it (absolute targets included); the reply's head. */
function rawRequest(port: number, lines: string[]): Promise<{ status: number; headers: Map<string, string[]> }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let text = '';
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => (text += chunk));
    socket.on('error', reject);
    socket.on('end', () => {
      const [head = ''] = text.split('\r\n\r\n');
      const [statusLine = '', ...headerLines] = head.split('\r\n');
      const headers = new Map<string, string[]>();
      for (const line of headerLines) {
        const at = line.indexOf(':');
        const name = line.slice(0, at).trim().toLowerCase();
        headers.set(name, [...(headers.get(name) ?? []), line.slice(at + 1).trim()]);
      }
      resolve({ status: Number(statusLine.split(' ')[1]), headers });
    });
    socket.write([...lines, 'Connection: close', '', ''].join('\r\n'));
  });
}

describeEachDatabase('forwarded headers on %s', (kind) => {
  let handle: TestDatabase;
  let dist: string;
  /** The API and the web app with `hops` trusted proxies in front. */
  const apps = new Map<number, App>();
  const servers: ServerType[] = [];

  beforeAll(async () => {
    handle = await createTestDatabase(kind);
    dist = mkdtempSync(join(tmpdir(), 'forwarded-'));
    writeFileSync(join(dist, 'index.html'), PAGE);
    for (const hops of [0, 1, 2]) {
      const app = createApp({ db: handle.db, today: () => TEST_TODAY, now: testNow, trustProxyHops: hops });
      serveWebApp(app, dist, silentLogger);
      apps.set(hops, app);
    }
  });
  afterAll(async () => {
    for (const server of servers) await new Promise((resolve) => server.close(resolve));
    await handle.destroy();
    rmSync(dist, { recursive: true, force: true });
  });

  const appWith = (hops: number) => {
    const app = apps.get(hops);
    if (!app) throw new Error(`no app behind ${hops} proxies`);
    return app;
  };
  const page = (hops: number, headers: Record<string, string> = {}) => appWith(hops).request('/', { headers });
  const cookie = async (hops: number, headers: Record<string, string> = {}) => {
    const reply = await appWith(hops).request(...refusedCall(headers));
    expect(reply.status).toBe(401);
    return reply.headers.get('set-cookie');
  };
  /** The app served on a real socket, as server/index.ts serves it. */
  const listening = (hops: number) =>
    new Promise<number>((resolve) => {
      const server = serve({ fetch: appWith(hops).fetch, hostname: '127.0.0.1', port: 0 }, (info) =>
        resolve(info.port),
      );
      servers.push(server);
    });

  describe('with no trusted proxy (TRUST_PROXY_HOPS=0)', () => {
    it("ignores a client's X-Forwarded-Proto: https: no HSTS, no Secure cookie", async () => {
      const reply = await page(0, { 'x-forwarded-proto': 'https' });
      expect(reply.headers.get('content-type')).toMatch(/^text\/html/);
      expect(reply.headers.get('strict-transport-security')).toBeNull();
      expect(await cookie(0, { 'x-forwarded-proto': 'https' })).toBe('_atx=; Max-Age=0; Path=/; SameSite=Lax');
    });

    it('ignores Forwarded: proto=https and X-Forwarded-Host too', async () => {
      const headers = { forwarded: 'for=192.0.2.1;proto=https', 'x-forwarded-host': 'evil.example' };
      expect((await page(0, headers)).headers.get('strict-transport-security')).toBeNull();
      expect(await cookie(0, headers)).not.toContain('Secure');
    });

    it('on a real socket, ignores both X-Forwarded-Proto and an absolute https:// request target', async () => {
      const port = await listening(0);
      const reply = await rawRequest(port, [
        'GET https://berangkat.example/ HTTP/1.1',
        'Host: berangkat.example',
        'X-Forwarded-Proto: https',
      ]);
      expect(reply.status).toBe(200);
      expect(reply.headers.get('content-security-policy')).toHaveLength(1);
      expect(reply.headers.has('strict-transport-security')).toBe(false);

      const [path] = refusedCall({});
      const refused = await rawRequest(port, [
        `GET https://berangkat.example${path} HTTP/1.1`,
        'Host: berangkat.example',
        `${HEADER.userId}: ${userId()}`,
        `${HEADER.authorization}: Bearer no-such-token`,
        'X-Forwarded-Proto: https',
      ]);
      expect(refused.status).toBe(401);
      expect(refused.headers.get('set-cookie')).toEqual(['_atx=; Max-Age=0; Path=/; SameSite=Lax']);
    });
  });

  describe('behind one trusted proxy (TRUST_PROXY_HOPS=1)', () => {
    it("follows the proxy's X-Forwarded-Proto: https: HSTS and a Secure cookie", async () => {
      expect((await page(1, { 'x-forwarded-proto': 'https' })).headers.get('strict-transport-security')).toMatch(
        /^max-age=\d+$/,
      );
      expect(await cookie(1, { 'x-forwarded-proto': 'https' })).toBe('_atx=; Max-Age=0; Path=/; SameSite=Lax; Secure');
    });

    it('and on a real socket', async () => {
      const port = await listening(1);
      const reply = await rawRequest(port, ['GET / HTTP/1.1', 'Host: berangkat.example', 'X-Forwarded-Proto: https']);
      expect(reply.headers.get('strict-transport-security')?.[0]).toMatch(/^max-age=\d+$/);
    });

    it('believes the entry the proxy appended, not the one the client wrote before it', async () => {
      // The client wrote "https"; the proxy, reached over plain HTTP, appended "http".
      const spoofed = { 'x-forwarded-proto': 'https, http' };
      expect((await page(1, spoofed)).headers.get('strict-transport-security')).toBeNull();
      expect(await cookie(1, spoofed)).not.toContain('Secure');
      expect((await page(1, { 'x-forwarded-proto': 'http' })).headers.get('strict-transport-security')).toBeNull();
    });

    it('with no X-Forwarded-Proto, goes by its own socket: plain HTTP', async () => {
      const port = await listening(1);
      const reply = await rawRequest(port, ['GET https://berangkat.example/ HTTP/1.1', 'Host: berangkat.example']);
      expect(reply.headers.has('strict-transport-security')).toBe(false);
    });
  });

  describe('behind two trusted proxies (TRUST_PROXY_HOPS=2)', () => {
    it('believes the outer proxy, whether the inner one appended or passed it on', async () => {
      expect(
        (await page(2, { 'x-forwarded-proto': 'http, https, http' })).headers.get('strict-transport-security'),
      ).toMatch(/^max-age=/);
      expect((await page(2, { 'x-forwarded-proto': 'https' })).headers.get('strict-transport-security')).toMatch(
        /^max-age=/,
      );
      expect(
        (await page(2, { 'x-forwarded-proto': 'https, http, http' })).headers.get('strict-transport-security'),
      ).toBeNull();
    });
  });
});
