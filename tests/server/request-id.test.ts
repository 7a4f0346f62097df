import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serve } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE, ErrorEnvelopeSchema, REQUEST_ID_HEADER, endpoints } from '../../contract';
import { createApp, type App } from '../../server/app';
import { answerClientErrors } from '../../server/http/client-errors';
import { serveWebApp } from '../../server/http/static-files';
import { createLogger } from '../../server/logger';
import { TEST_TODAY, testNow, createTestDatabase, describeEachDatabase, type TestDatabase } from './helpers/test-db';
import { basic, defaultHeaders, userId } from './api-support';

/**
 * Issue 23, operable: every reply carries X-Request-Id (API answers, refusals, failures, files, and
 * the parser's own refusals), and every log line written while a request is handled carries the
 * same id as `reqId`, whichever module writes it. An id handed in is kept only from a trusted proxy
 * (TRUST_PROXY_HOPS > 0) and only in a load balancer's form.
 */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** This file's port (4470-4489 belong to the operable tests). */
const PORT = 4474;

type Line = Record<string, unknown>;

function loggedApp(db: TestDatabase['db'], extra: Partial<Parameters<typeof createApp>[0]> = {}) {
  const lines: Line[] = [];
  const logger = createLogger('info', { write: (line: string) => void lines.push(JSON.parse(line) as Line) });
  const app = createApp({ db, today: () => TEST_TODAY, now: testNow, logger, ...extra });
  return { app, lines, logger };
}

const idOf = (response: Response) => response.headers.get(REQUEST_ID_HEADER);

describeEachDatabase('request ids on %s', (kind) => {
  let handle: TestDatabase;
  let dist: string;
  beforeAll(async () => {
    handle = await createTestDatabase(kind);
    dist = mkdtempSync(join(tmpdir(), 'request-id-dist-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Berangkat</title>');
    writeFileSync(join(dist, 'assets/index-Ab12Cd34.js'), 'export {};');
  });
  afterAll(async () => {
    rmSync(dist, { recursive: true, force: true });
    await handle.destroy();
  });

  it('every kind of reply carries a fresh id, and its request log line the same one', async () => {
    const { app, lines } = loggedApp(handle.db);
    serveWebApp(app, dist, createLogger('silent'));
    const kotaPopuler = `${API_BASE}${endpoints.kotaPopuler.path}`;
    const replies: [string, Response][] = [
      ['ok', await app.request(kotaPopuler, { headers: defaultHeaders() })],
      ['health', await app.request(`${API_BASE}/health`)],
      ['no credentials', await app.request(kotaPopuler, { headers: { 'x-user-id': userId() } })],
      ['no user id', await app.request(kotaPopuler, { headers: { authorization: basic() } })],
      ['unknown call', await app.request(`${API_BASE}/tidak-ada`, { headers: defaultHeaders() })],
      ['page', await app.request('/app/cari')],
      ['hashed file', await app.request('/assets/index-Ab12Cd34.js')],
      ['missing file', await app.request('/assets/hilang-Xx11.js')],
    ];
    expect(replies.map(([what, response]) => [what, response.status])).toEqual([
      ['ok', 200],
      ['health', 200],
      ['no credentials', 401],
      ['no user id', 400],
      ['unknown call', 404],
      ['page', 200],
      ['hashed file', 200],
      ['missing file', 404],
    ]);
    const ids = replies.map(([, response]) => idOf(response));
    for (const id of ids) expect(id).toMatch(UUID);
    expect(new Set(ids).size).toBe(ids.length);
    const requestLines = lines.filter((line) => line.msg === 'request');
    expect(requestLines.map((line) => line.reqId)).toEqual(ids);
  });

  it('a failing request (500) carries its id in the reply, the error line and the request line', async () => {
    const broken = await createTestDatabase(kind, { seed: false });
    const { app, lines } = loggedApp(broken.db);
    await broken.destroy();
    const response = await app.request(`${API_BASE}${endpoints.kotaPopuler.path}`, { headers: defaultHeaders() });
    expect(response.status).toBe(500);
    expect(ErrorEnvelopeSchema.parse(await response.json()).code).toBe('SRV-1');
    const id = idOf(response);
    expect(id).toMatch(UUID);
    const failure = lines.find((line) => line.msg === 'unexpected error');
    const request = lines.find((line) => line.msg === 'request');
    expect(failure).toMatchObject({ reqId: id });
    expect(request).toMatchObject({ reqId: id, status: 500 });
    // Every line of this app was written for this one request.
    expect(lines.length).toBeGreaterThanOrEqual(2);
    for (const line of lines) expect(line.reqId).toBe(id);
  });

  it('a line a service writes deep inside the request (the demo outbox) carries the id too', async () => {
    const { app, lines } = loggedApp(handle.db);
    const response = await app.request(`${API_BASE}${endpoints.requestCustomerLoginAlternative.path}`, {
      method: 'POST',
      headers: { ...defaultHeaders(), 'content-type': 'application/json' },
      body: JSON.stringify({ tipe: 'telp', telp: '081977700001' }),
    });
    expect(response.status).toBe(200);
    const outbox = lines.find((line) => line.msg === 'otp outbox');
    expect(outbox).toBeDefined();
    expect(outbox?.reqId).toBe(idOf(response));
  });

  it('requests handled at the same time each keep their own id in their lines', async () => {
    const { app, lines } = loggedApp(handle.db);
    const paths = Array.from({ length: 24 }, (_, i) =>
      i % 2 === 0 ? `${API_BASE}/tidak-ada-${i}` : `${API_BASE}${endpoints.kotaPopuler.path}?n=${i}`,
    );
    const responses = await Promise.all(paths.map((path) => app.request(path, { headers: defaultHeaders() })));
    const requestLines = lines.filter((line) => line.msg === 'request');
    const idsAt = (path: string) =>
      requestLines
        .filter((line) => line.path === path)
        .map((line) => line.reqId)
        .sort();
    // Each unknown path was asked once: its line has its reply's id.
    paths.forEach((path, i) => {
      if (path.includes('tidak-ada')) expect(idsAt(path), path).toEqual([idOf(responses[i]!)]);
    });
    // The kota-populer lines share one path: together they hold exactly those replies' ids.
    const kota = `${API_BASE}${endpoints.kotaPopuler.path}`;
    const kotaIds = responses.filter((_, i) => !paths[i]!.includes('tidak-ada')).map(idOf);
    expect(idsAt(kota)).toEqual(kotaIds.sort());
    expect(new Set(responses.map(idOf)).size).toBe(paths.length);
  });

  describe('an id handed in', () => {
    const given = '8f14e45fceea167a5a36dedd4bea2543';

    it('is replaced when no proxy is trusted: a client cannot name its own log lines', async () => {
      const { app, lines } = loggedApp(handle.db);
      const response = await app.request(`${API_BASE}/health`, { headers: { [REQUEST_ID_HEADER]: given } });
      expect(idOf(response)).toMatch(UUID);
      expect(lines[0]?.reqId).toBe(idOf(response));
    });

    it('is kept from a trusted proxy, in the reply and the log line', async () => {
      const { app, lines } = loggedApp(handle.db, { trustProxyHops: 1 });
      const response = await app.request(`${API_BASE}/health`, { headers: { [REQUEST_ID_HEADER]: given } });
      expect(idOf(response)).toBe(given);
      expect(lines[0]?.reqId).toBe(given);
    });

    it.each([
      // Not hex: the id that replaces it must not contain it by chance ('abc' is in about 1 in 150 random ones).
      ['too short', 'xyz'],
      ['too long', 'a'.repeat(129)],
      ['spaces', 'id met spasi 12345'],
      ['markup', '<script>alert(1)</script>'],
      ['JSON breaking', '"},"level":60,"x":"'],
    ])('is replaced when it is not an id a load balancer writes (%s)', async (_what, value) => {
      const { app, lines } = loggedApp(handle.db, { trustProxyHops: 1 });
      const response = await app.request(`${API_BASE}/health`, { headers: { [REQUEST_ID_HEADER]: value } });
      expect(idOf(response)).toMatch(UUID);
      expect(lines[0]?.reqId).toBe(idOf(response));
      expect(JSON.stringify(lines)).not.toContain(value);
    });
  });
});

describe("the HTTP parser's own refusals", () => {
  let server: Server;
  let app: App;
  let handle: TestDatabase;
  beforeAll(async () => {
    handle = await createTestDatabase('pglite', { seed: false });
    app = createApp({ db: handle.db, today: () => TEST_TODAY, now: testNow });
    server = serve({ fetch: app.fetch, hostname: '127.0.0.1', port: PORT }) as Server;
    answerClientErrors(server);
    await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await handle.destroy();
  });

  it('carry a request id too', async () => {
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = connect(PORT, '127.0.0.1', () => socket.end('HELLO THERE\r\n\r\n'));
      let text = '';
      socket.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
      socket.on('close', () => resolve(text));
      socket.on('error', reject);
    });
    expect(answer.startsWith('HTTP/1.1 400 ')).toBe(true);
    const header = answer
      .slice(0, answer.indexOf('\r\n\r\n'))
      .split('\r\n')
      .find((line) => line.toLowerCase().startsWith(`${REQUEST_ID_HEADER}:`));
    expect(header?.split(':')[1]?.trim()).toMatch(UUID);
  });
});
