import { Writable } from 'node:stream';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE, HEADER } from '../../contract';
import { createApp, type App } from '../../server/app';
import { defaultHeaders } from './api-support';
import { TEST_TODAY, testNow, createTestDatabase, type TestDatabase } from './helpers/test-db';

/** Spec section 7: a native host's version code travels with each call; the server logs it, never refuses for it. */
describe('the native app version code', () => {
  let handle: TestDatabase;
  let app: App;
  const lines: Record<string, unknown>[] = [];

  beforeAll(async () => {
    handle = await createTestDatabase('pglite');
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString().split('\n').filter(Boolean))
          lines.push(JSON.parse(line) as Record<string, unknown>);
        done();
      },
    });
    app = createApp({ db: handle.db, today: () => TEST_TODAY, now: testNow, logger: pino({ level: 'info' }, sink) });
  });
  afterAll(async () => {
    await handle.destroy();
  });

  const call = (versionCode: string) =>
    app.request(`${API_BASE}/kota-populer`, { headers: { ...defaultHeaders(), [HEADER.versionCode]: versionCode } });

  it('a well-formed code is answered normally and logged with the request', async () => {
    lines.length = 0;
    expect((await call('120')).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(lines.find((line) => line.msg === 'request')).toMatchObject({
      path: `${API_BASE}/kota-populer`,
      versionCode: '120',
    });
  });

  it('a malformed code is ignored: answered normally, not logged', async () => {
    for (const bad of ['abc', '<script>', '1'.repeat(40), '-1']) {
      lines.length = 0;
      expect((await call(bad)).status).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 20));
      const line = lines.find((candidate) => candidate.msg === 'request');
      expect(line).toBeDefined();
      expect(line).not.toHaveProperty('versionCode');
    }
  });
});
