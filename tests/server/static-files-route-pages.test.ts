import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../server/app';
import type { AppEnv } from '../../server/http/types';
import { serveWebApp } from '../../server/http/static-files';
import { silentLogger } from '../../server/logger';

/*
 * The build writes one page per route with its chunks preloaded, and route-pages.json that maps
 * path patterns to them (vite.config.ts, routePages); the server sends the matching page.
 */
const page = (name: string) => `<!doctype html><html><head><title>${name}</title></head><body></body></html>`;

function writeBuild(dist: string, manifest: unknown): void {
  mkdirSync(join(dist, 'route-pages'), { recursive: true });
  const withBrotli = (path: string, text: string) => {
    writeFileSync(join(dist, path), text);
    writeFileSync(join(dist, `${path}.br`), brotliCompressSync(text));
  };
  withBrotli('index.html', page('index'));
  withBrotli('home.html', page('home'));
  withBrotli('route-pages/app_schedule.html', page('schedule'));
  withBrotli('route-pages/app_schedule_calendar.html', page('calendar'));
  writeFileSync(join(dist, 'route-pages.json'), typeof manifest === 'string' ? manifest : JSON.stringify(manifest));
}

const MANIFEST = [
  { pattern: '^/app/schedule(?:/[^/]+)?/calendar/?$', page: 'route-pages/app_schedule_calendar.html' },
  { pattern: '^/app/schedule(?:/[^/]+)?/?$', page: 'route-pages/app_schedule.html' },
  { pattern: '^/$', page: 'home.html' },
  // A page outside the build is never sent.
  { pattern: '^/app/escape/?$', page: '../package.json' },
];

describe('per-route pages', () => {
  let dist: string;
  let app: App;
  beforeAll(() => {
    dist = mkdtempSync(join(tmpdir(), 'web-route-pages-'));
    writeBuild(dist, MANIFEST);
    app = new Hono<AppEnv>();
    serveWebApp(app, dist, silentLogger);
  });
  afterAll(() => rmSync(dist, { recursive: true, force: true }));

  const titleOf = async (path: string, headers: Record<string, string> = {}) => {
    const response = await app.request(path, { headers });
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-cache');
    return /<title>(\w+)<\/title>/.exec(await response.text())?.[1];
  };

  it('sends the page of the route a path matches, query and optional segment included', async () => {
    expect(await titleOf('/')).toBe('home');
    expect(await titleOf('/app/schedule?asal_id=1&tanggal=2026-11-27')).toBe('schedule');
    expect(await titleOf('/app/schedule/pulang')).toBe('schedule');
    expect(await titleOf('/app/schedule/pulang/calendar')).toBe('calendar');
  });

  it('sends index.html for a path no route page matches, and never a file outside the build', async () => {
    expect(await titleOf('/app/order/BRK1')).toBe('index');
    expect(await titleOf('/app/schedule/a/b/c')).toBe('index');
    expect(await titleOf('/app/escape')).toBe('index');
  });

  it('sends the route page precompressed like any other page', async () => {
    const response = await app.request('/app/schedule', { headers: { 'Accept-Encoding': 'br' } });
    expect(response.headers.get('content-encoding')).toBe('br');
    expect(response.headers.get('vary')).toBe('Accept-Encoding');
  });
});

describe('a build without a readable route table', () => {
  it('sends index.html for every page path', async () => {
    const dist = mkdtempSync(join(tmpdir(), 'web-route-pages-'));
    try {
      writeBuild(dist, '{ not json');
      const app: App = new Hono<AppEnv>();
      serveWebApp(app, dist, silentLogger);
      const body = await (await app.request('/app/schedule')).text();
      expect(body).toContain('<title>index</title>');
    } finally {
      rmSync(dist, { recursive: true, force: true });
    }
  });
});
