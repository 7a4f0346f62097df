import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE, ErrorEnvelopeSchema, HEADER, endpoints, okEnvelope, type EndpointName } from '../../contract';
import { z } from 'zod';
import { NOT_FOUND_MESSAGE, createApp, type App } from '../../server/app';
import { SEED_FIXTURES } from '../../server/db/seed';
import { createLogger } from '../../server/logger';
import { MESSAGE } from '../../server/http/auth';
import { SERVER_ERROR_MESSAGE } from '../../server/http/on-error';
import { TEST_TODAY, testNow, createTestDatabase, type TestDatabase, describeEachDatabase } from './helpers/test-db';
import { basic, call, fails, ok, userId } from './api-support';

const kotaPopulerUrl = `${API_BASE}${endpoints.kotaPopuler.path}`;

describeEachDatabase('API plumbing on %s', (kind) => {
  let handle: TestDatabase;
  let app: App;

  beforeAll(async () => {
    handle = await createTestDatabase(kind);
    app = createApp({ db: handle.db, today: () => TEST_TODAY, now: testNow });
  });
  afterAll(async () => {
    await handle.destroy();
  });

  describe('health', () => {
    it('answers without any header', async () => {
      const response = await app.request(`${API_BASE}/health`);
      expect(response.status).toBe(200);
      expect(okEnvelope(z.object({ ok: z.literal(true) })).parse(await response.json())).toEqual({
        status: 'OK',
        results: { ok: true },
      });
    });
  });

  describe('user-id header', () => {
    it('is required (400 AUT-2)', async () => {
      const error = await fails(app, 'kotaPopuler', {}, { headers: { authorization: basic() } });
      expect(error).toMatchObject({ httpStatus: 400, code: 'AUT-2', message: MESSAGE.userIdMissing });
    });
    it('must be 100 letters or digits', async () => {
      const short = await fails(
        app,
        'kotaPopuler',
        {},
        { headers: { [HEADER.userId]: 'abc', authorization: basic() } },
      );
      expect(short).toMatchObject({ httpStatus: 400, code: 'AUT-2' });
      expect(short.message).toContain('100');
      const symbols = await fails(
        app,
        'kotaPopuler',
        {},
        { headers: { [HEADER.userId]: '-'.repeat(100), authorization: basic() } },
      );
      expect(symbols).toMatchObject({ httpStatus: 400, code: 'AUT-2' });
      expect(symbols.message).toContain('huruf dan angka');
    });
  });

  describe('credentials', () => {
    it('refuses a call without Authorization (401 AUT-1)', async () => {
      const error = await fails(app, 'kotaPopuler', {}, { headers: { [HEADER.userId]: userId() } });
      expect(error).toMatchObject({ httpStatus: 401, code: 'AUT-1', message: MESSAGE.authMissing });
    });
    it('refuses wrong basic credentials', async () => {
      const error = await fails(
        app,
        'kotaPopuler',
        {},
        {
          headers: {
            [HEADER.userId]: userId(),
            authorization: basic('WEB', { user: 'berangkat-web', password: 'salah' }),
          },
        },
      );
      expect(error).toMatchObject({ httpStatus: 401, code: 'AUT-1', message: MESSAGE.basicWrong });
    });
    it('refuses basic credentials that are not base64 user:password', async () => {
      const error = await fails(
        app,
        'kotaPopuler',
        {},
        { headers: { [HEADER.userId]: userId(), authorization: 'Basic ###' } },
      );
      expect(error).toMatchObject({ httpStatus: 401, code: 'AUT-1' });
    });
    it('refuses an unknown scheme', async () => {
      const error = await fails(
        app,
        'kotaPopuler',
        {},
        { headers: { [HEADER.userId]: userId(), authorization: 'Token abc' } },
      );
      expect(error).toMatchObject({ httpStatus: 401, code: 'AUT-1' });
    });
    it('accepts WEB credentials without a platform header', async () => {
      await ok(app, 'kotaPopuler');
    });
    it.each(['WEB', 'APP-ANDROID', 'APP-IOS'] as const)(
      'accepts the %s credentials with its platform header',
      async (platform) => {
        const results = await ok(app, 'kotaPopuler', {}, { platform });
        expect(results.list.length).toBeGreaterThan(0);
      },
    );
    it('refuses WEB credentials sent as APP-ANDROID', async () => {
      const error = await fails(
        app,
        'kotaPopuler',
        {},
        {
          headers: { [HEADER.userId]: userId(), [HEADER.platform]: 'APP-ANDROID', authorization: basic('WEB') },
        },
      );
      expect(error).toMatchObject({ httpStatus: 401, code: 'AUT-1' });
    });
    it('refuses an unknown platform (400)', async () => {
      const error = await fails(
        app,
        'kotaPopuler',
        {},
        {
          headers: { [HEADER.userId]: userId(), [HEADER.platform]: 'WINDOWS', authorization: basic('WEB') },
        },
      );
      expect(error).toMatchObject({ httpStatus: 400, code: 'REQ-1', message: MESSAGE.platformUnknown });
    });
    it('accepts the demo customer bearer token', async () => {
      await ok(app, 'kotaPopuler', {}, { bearer: SEED_FIXTURES.customers.demo.token });
    });
    it('answers an unknown or empty bearer token with AUT-3, so the app goes on as a guest', async () => {
      const error = await fails(app, 'kotaPopuler', {}, { bearer: 'bukan-token' });
      expect(error).toMatchObject({
        httpStatus: 401,
        code: 'AUT-3',
        message: 'Sesi kamu sudah berakhir. Silakan masuk kembali',
      });
      const empty = await fails(
        app,
        'kotaPopuler',
        {},
        { headers: { [HEADER.userId]: userId(), authorization: 'Bearer ' } },
      );
      expect(empty).toMatchObject({ httpStatus: 401, code: 'AUT-3' });
    });
    it('uses the credentials given to createApp', async () => {
      const custom = createApp({
        db: handle.db,
        today: () => TEST_TODAY,
        now: testNow,
        credentials: {
          WEB: { user: 'u', password: 'p:with:colons' },
          'APP-ANDROID': { user: 'a', password: 'a' },
          'APP-IOS': { user: 'i', password: 'i' },
        },
      });
      await ok(
        custom,
        'kotaPopuler',
        {},
        {
          headers: { [HEADER.userId]: userId(), authorization: basic('WEB', { user: 'u', password: 'p:with:colons' }) },
        },
      );
      const error = await fails(
        custom,
        'kotaPopuler',
        {},
        { headers: { [HEADER.userId]: userId(), authorization: basic('WEB') } },
      );
      expect(error.code).toBe('AUT-1');
    });
  });

  describe('unknown paths and methods', () => {
    it('answers an unknown /api path with 404 NFD-1', async () => {
      const response = await app.request(`${API_BASE}/tidak-ada`, {
        headers: { [HEADER.userId]: userId(), authorization: basic() },
      });
      expect(response.status).toBe(404);
      const body = ErrorEnvelopeSchema.parse(await response.json());
      expect(body.code).toBe('NFD-1');
      expect(body.message).toMatch(/tidak ditemukan/);
    });
    it('answers a path outside /api with the 404 envelope too', async () => {
      const response = await app.request('/lain');
      expect(response.status).toBe(404);
      expect(ErrorEnvelopeSchema.parse(await response.json()).code).toBe('NFD-1');
    });
    it('answers POST on a GET endpoint with 404', async () => {
      const response = await app.request(kotaPopulerUrl, {
        method: 'POST',
        headers: { [HEADER.userId]: userId(), authorization: basic(), 'content-type': 'application/json' },
        body: '{}',
      });
      expect(response.status).toBe(404);
      expect(ErrorEnvelopeSchema.parse(await response.json()).code).toBe('NFD-1');
    });
  });

  describe('the endpoint table', () => {
    const names = Object.keys(endpoints) as EndpointName[];
    const noRoute = (reply: Awaited<ReturnType<typeof call>>) =>
      reply.status === 404 && !reply.ok && reply.error.message === NOT_FOUND_MESSAGE;

    it.each(names)('has a server route for %s', async (name) => {
      const reply = await call(app, name, {});
      expect(reply.status).toBeLessThan(500);
      expect(noRoute(reply), `${name} answered ${reply.status}`).toBe(false);
    });
  });

  describe('request bodies', () => {
    const cekHarga = `${API_BASE}${endpoints.cekHarga.path}`;
    const post = (body: string, type = 'application/json') =>
      app.request(cekHarga, {
        method: 'POST',
        headers: { [HEADER.userId]: userId(), authorization: basic(), 'content-type': type },
        body,
      });

    it('refuses malformed JSON with 400 REQ-1', async () => {
      const response = await post('{"operator_kode_pergi": ');
      expect(response.status).toBe(400);
      const body = ErrorEnvelopeSchema.parse(await response.json());
      expect(body).toMatchObject({ code: 'REQ-1' });
      expect(body.message).toContain('JSON');
    });
    it('refuses an empty body', async () => {
      const response = await post('');
      expect(response.status).toBe(400);
      expect(ErrorEnvelopeSchema.parse(await response.json()).code).toBe('REQ-1');
    });
    it('refuses a body that is not JSON by type (415)', async () => {
      const response = await post('a=1', 'application/x-www-form-urlencoded');
      expect(response.status).toBe(415);
      expect(ErrorEnvelopeSchema.parse(await response.json()).code).toBe('REQ-1');
    });
    it('refuses a JSON array or scalar with the schema message', async () => {
      const reply = await fails(app, 'cekHarga', '[1,2]');
      expect(reply).toMatchObject({ httpStatus: 400, code: 'REQ-1' });
      expect(reply.message).toMatch(/^Permintaan tidak valid\./);
    });
    it('refuses NUL characters in a query or a body with 400', async () => {
      const query = await fails(app, 'searchPointAsal', '?text=ban%00dung');
      expect(query).toMatchObject({ httpStatus: 400, code: 'REQ-1' });
      const body = await fails(app, 'cekHarga', JSON.stringify({ voucher_kode: 'A\u0000B' }));
      expect(body).toMatchObject({ httpStatus: 400, code: 'REQ-1' });
    });
    it('refuses a body over 64 KB (413)', async () => {
      const response = await post(JSON.stringify({ pad: 'x'.repeat(70_000) }));
      expect(response.status).toBe(413);
      expect(ErrorEnvelopeSchema.parse(await response.json()).code).toBe('REQ-1');
    });
  });

  describe('logging', () => {
    it('logs method, path, status and time, never the authorization or the query', async () => {
      const lines: string[] = [];
      const logger = createLogger('info', { write: (line: string) => void lines.push(line) });
      const logged = createApp({ db: handle.db, today: () => TEST_TODAY, now: testNow, logger });
      await ok(
        logged,
        'searchPointAsal',
        { text: 'rina.kartika@contoh.id' },
        { bearer: SEED_FIXTURES.customers.demo.token },
      );
      await fails(logged, 'kotaPopuler', {}, { bearer: 'rahasia-sekali' });
      const entries = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
      expect(entries).toHaveLength(2);
      expect(entries[0]).toMatchObject({
        method: 'GET',
        path: `${API_BASE}${endpoints.searchPointAsal.path}`,
        status: 200,
      });
      expect(typeof entries[0]?.ms).toBe('number');
      expect(entries[1]).toMatchObject({ status: 401 });
      const all = lines.join('\n');
      expect(all).not.toContain(SEED_FIXTURES.customers.demo.token);
      expect(all).not.toContain('rahasia-sekali');
      expect(all).not.toContain('rina.kartika');
      expect(all.toLowerCase()).not.toContain('authorization');
    });
  });

  describe('unexpected failures', () => {
    it('answers 500 SRV-1 without a stack trace and logs the failure', async () => {
      const broken = await createTestDatabase(kind, { seed: false });
      const lines: string[] = [];
      const logger = createLogger('info', { write: (line: string) => void lines.push(line) });
      const brokenApp = createApp({ db: broken.db, today: () => TEST_TODAY, now: testNow, logger });
      await broken.destroy();
      const reply = await call(brokenApp, 'kotaPopuler');
      expect(reply.status).toBe(500);
      expect(reply.ok).toBe(false);
      expect(reply.body).toEqual({ status: 'ERROR', code: 'SRV-1', message: SERVER_ERROR_MESSAGE });
      expect(JSON.stringify(reply.body)).not.toMatch(/at .*\.ts|stack/i);
      expect(lines.some((line) => line.includes('unexpected error'))).toBe(true);
    });
  });
});
