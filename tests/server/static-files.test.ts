import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE, HEADER, endpoints } from '../../contract';
import { createApp, type App } from '../../server/app';
import { chooseEncoding } from '../../server/http/compression';
import { hardenCookie } from '../../server/http/security-headers';
import { serveWebApp } from '../../server/http/static-files';
import { silentLogger } from '../../server/logger';
import { TEST_TODAY, testNow, createTestDatabase, type TestDatabase, describeEachDatabase } from './helpers/test-db';
import { basic, userId } from './api-support';

/** A small build as vite.config.ts writes it: each text file with its .br and .gz beside it. */
const PAGE =
  '<!doctype html><html lang="id"><head><title>Berangkat</title></head><body><div id="root"></div></body></html>';
const SCRIPT = `export const rows = ${JSON.stringify(Array.from({ length: 200 }, (_, i) => ({ kursi: i, kelas: 'Eksekutif' })))};`;
const ICON = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"/>';

function writeBuild(dist: string): void {
  mkdirSync(join(dist, 'assets'), { recursive: true });
  const withCopies = (path: string, text: string) => {
    writeFileSync(join(dist, path), text);
    writeFileSync(join(dist, `${path}.br`), brotliCompressSync(text));
    writeFileSync(join(dist, `${path}.gz`), gzipSync(text));
  };
  withCopies('index.html', PAGE);
  withCopies('assets/index-Ab12Cd34.js', SCRIPT);
  // Only a gzip copy: a request accepting both gets gzip rather than nothing.
  writeFileSync(join(dist, 'assets/only-gzip-Zz99.css'), 'body{margin:0}'.repeat(50));
  writeFileSync(join(dist, 'assets/only-gzip-Zz99.css.gz'), gzipSync('body{margin:0}'.repeat(50)));
  writeFileSync(join(dist, 'favicon.svg'), ICON);
  mkdirSync(join(dist, '.vite'), { recursive: true });
  writeFileSync(join(dist, '.vite/manifest.json'), '{}');
}

const EXPECTED_SECURITY_HEADERS = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-frame-options': 'SAMEORIGIN',
};

/** The CSP's directives by name. */
function cspOf(response: Response): Map<string, string> {
  const header = response.headers.get('content-security-policy') ?? '';
  return new Map(
    header
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name = '', ...values]) => [name, values.join(' ')]),
  );
}

describe('Accept-Encoding negotiation', () => {
  it.each([
    ['gzip, deflate, br', 'br'],
    ['br;q=0.5, gzip', 'gzip'],
    ['gzip', 'gzip'],
    ['*', 'br'],
    ['br;q=0, *;q=0.3', 'gzip'],
    ['identity', null],
    ['', null],
    [undefined, null],
  ] as const)('%s chooses %s', (header, expected) => {
    expect(chooseEncoding(header)).toBe(expected);
  });
});

describe('cookie rules', () => {
  it('adds SameSite=Lax, HttpOnly, and Secure only behind HTTPS', () => {
    expect(hardenCookie('sid=abc; Path=/', false)).toBe('sid=abc; Path=/; SameSite=Lax; HttpOnly');
    expect(hardenCookie('sid=abc; Path=/', true)).toBe('sid=abc; Path=/; SameSite=Lax; Secure; HttpOnly');
  });
  it('keeps a SameSite the cookie names and never marks _atx HttpOnly (the app reads it)', () => {
    expect(hardenCookie('sid=abc; SameSite=Strict; Secure; HttpOnly', true)).toBe(
      'sid=abc; SameSite=Strict; Secure; HttpOnly',
    );
    expect(hardenCookie('_atx=; Max-Age=0; Path=/; SameSite=Lax', true)).toBe(
      '_atx=; Max-Age=0; Path=/; SameSite=Lax; Secure',
    );
  });
});

describeEachDatabase('serving the web app and the API on %s', (kind) => {
  let handle: TestDatabase;
  let app: App;
  let dist: string;

  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'web-static-'));
    writeBuild(dist);
    handle = await createTestDatabase(kind);
    app = createApp({ db: handle.db, today: () => TEST_TODAY, now: testNow });
    serveWebApp(app, dist, silentLogger);
  });
  afterAll(async () => {
    await handle.destroy();
    rmSync(dist, { recursive: true, force: true });
  });

  const get = (path: string, headers: Record<string, string> = {}) => app.request(path, { headers });
  const api = (path: string, headers: Record<string, string> = {}) =>
    app.request(`${API_BASE}${path}`, {
      headers: { [HEADER.userId]: userId(), [HEADER.authorization]: basic(), ...headers },
    });

  describe('files', () => {
    it('sends brotli to a browser that accepts it, with its length, type and Vary', async () => {
      const response = await get('/assets/index-Ab12Cd34.js', { 'accept-encoding': 'gzip, deflate, br' });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-encoding')).toBe('br');
      expect(response.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
      expect(response.headers.get('vary')).toBe('Accept-Encoding');
      const body = Buffer.from(await response.arrayBuffer());
      expect(Number(response.headers.get('content-length'))).toBe(body.length);
      expect(body.length).toBeLessThan(Buffer.byteLength(SCRIPT));
      expect(brotliDecompressSync(body).toString()).toBe(SCRIPT);
    });

    it('sends gzip when brotli is not accepted or not there, and the file itself when nothing is accepted', async () => {
      const gz = await get('/assets/index-Ab12Cd34.js', { 'accept-encoding': 'gzip' });
      expect(gz.headers.get('content-encoding')).toBe('gzip');
      expect(gunzipSync(Buffer.from(await gz.arrayBuffer())).toString()).toBe(SCRIPT);

      const onlyGzip = await get('/assets/only-gzip-Zz99.css', { 'accept-encoding': 'br, gzip' });
      expect(onlyGzip.headers.get('content-encoding')).toBe('gzip');
      expect(onlyGzip.headers.get('content-type')).toBe('text/css; charset=utf-8');

      const plain = await get('/assets/index-Ab12Cd34.js');
      expect(plain.headers.get('content-encoding')).toBeNull();
      expect(plain.headers.get('vary')).toBe('Accept-Encoding');
      expect(plain.headers.get('content-length')).toBe(String(Buffer.byteLength(SCRIPT)));
      expect(await plain.text()).toBe(SCRIPT);
    });

    it('caches hashed assets for good and revalidates the page', async () => {
      const asset = await get('/assets/index-Ab12Cd34.js');
      expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(asset.headers.get('etag')).toBeNull();
      for (const path of ['/', '/index.html', '/app/schedule?asal_id=1']) {
        const page = await get(path, { 'accept-encoding': 'br' });
        expect(page.status, path).toBe(200);
        expect(page.headers.get('cache-control'), path).toBe('no-cache');
        expect(page.headers.get('content-type'), path).toBe('text/html; charset=utf-8');
        expect(brotliDecompressSync(Buffer.from(await page.arrayBuffer())).toString(), path).toBe(PAGE);
      }
      const icon = await get('/favicon.svg');
      expect(icon.headers.get('content-type')).toBe('image/svg+xml');
      expect(icon.headers.get('cache-control')).toBe('public, max-age=3600');
    });

    it('answers a revalidation of an unchanged page with 304 and no body', async () => {
      const first = await get('/app/select-seat', { 'accept-encoding': 'br' });
      const etag = first.headers.get('etag');
      const lastModified = first.headers.get('last-modified');
      expect(etag).toMatch(/^"[0-9a-f]+-[0-9a-f]+-br"$/);
      expect(lastModified).not.toBeNull();

      const byEtag = await get('/app/select-seat', { 'accept-encoding': 'br', 'if-none-match': etag ?? '' });
      expect(byEtag.status).toBe(304);
      expect(await byEtag.text()).toBe('');
      expect(byEtag.headers.get('content-encoding')).toBeNull();

      const byDate = await get('/', { 'if-modified-since': lastModified ?? '' });
      expect(byDate.status).toBe(304);

      // The gzip representation has its own tag: the brotli one does not validate it.
      const otherEncoding = await get('/', { 'accept-encoding': 'gzip', 'if-none-match': etag ?? '' });
      expect(otherEncoding.status).toBe(200);
      expect(otherEncoding.headers.get('content-encoding')).toBe('gzip');
    });

    it('answers HEAD with the headers and no body', async () => {
      const response = await app.request('/assets/index-Ab12Cd34.js', {
        method: 'HEAD',
        headers: { 'accept-encoding': 'br' },
      });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-encoding')).toBe('br');
      expect(Number(response.headers.get('content-length'))).toBeGreaterThan(0);
      expect((await response.arrayBuffer()).byteLength).toBe(0);
    });

    it('never answers a missing asset, a hidden file or a path outside the build with a file', async () => {
      const missing = await get('/assets/index-Old00000.js');
      expect(missing.status).toBe(404);
      expect(await missing.text()).not.toContain('<div id="root">');
      const hidden = await get('/.vite/manifest.json');
      expect(await hidden.text()).toBe(PAGE);
      const outside = await get('/assets/..%2f..%2fpackage.json');
      expect(outside.status).toBe(404);
      const api404 = await api('/no-such-call');
      expect(api404.status).toBe(404);
      expect(api404.headers.get('content-type')).toMatch(/^application\/json/);
    });
  });

  describe('security headers', () => {
    it.each(['/', '/app/schedule', '/favicon.svg'])('are all on the document %s', async (path) => {
      const response = await get(path);
      for (const [name, value] of Object.entries(EXPECTED_SECURITY_HEADERS)) {
        expect(response.headers.get(name), name).toBe(value);
      }
      const csp = cspOf(response);
      expect(csp.get('script-src')).toBe("'self'");
      expect(csp.get('default-src')).toBe("'self'");
      expect(csp.get('connect-src')).toBe("'self'");
      expect(csp.get('object-src')).toBe("'none'");
      expect(csp.get('frame-ancestors')).toBe("'self'");
      expect(csp.get('script-src')).not.toContain('unsafe');
      // react-aria's usePress stylesheet, hashed from its source text (react-aria/dist/private/interactions/usePress.mjs).
      expect(csp.get('style-src')).toBe("'self' 'sha256-38RhXrc7EdReTKsOm23ZPOCUgniTUUcjky8QOOrQx6o='");
    });

    it.each(['/assets/index-Ab12Cd34.js', `${API_BASE}/health`])(
      'are nosniff alone on %s, which is never a document',
      async (path) => {
        const response = await get(path);
        expect(response.headers.get('x-content-type-options')).toBe('nosniff');
        expect(response.headers.get('content-security-policy')).toBeNull();
        expect(response.headers.get('x-frame-options')).toBeNull();
      },
    );

    it('adds HSTS only to a request that came over HTTPS', async () => {
      // Behind a proxy (X-Forwarded-Proto, trusted only with TRUST_PROXY_HOPS): forwarded-headers.test.ts.
      expect((await get('/')).headers.get('strict-transport-security')).toBeNull();
      const direct = await app.request('https://berangkat.example/');
      expect(direct.headers.get('strict-transport-security')).toMatch(/^max-age=\d+/);
    });

    it('marks the token cookie the server clears Secure behind HTTPS, never HttpOnly (the app reads _atx)', async () => {
      const refused = (scheme = 'http') =>
        app.request(`${scheme}://berangkat.example${API_BASE}${endpoints.kotaPopuler.path}`, {
          headers: { [HEADER.userId]: userId(), [HEADER.authorization]: 'Bearer no-such-token' },
        });
      const plain = await refused();
      expect(plain.status).toBe(401);
      expect(plain.headers.get('set-cookie')).toBe('_atx=; Max-Age=0; Path=/; SameSite=Lax');
      const secure = await refused('https');
      expect(secure.headers.get('set-cookie')).toBe('_atx=; Max-Age=0; Path=/; SameSite=Lax; Secure');
    });
  });

  describe('API replies', () => {
    it('are compressed from about 1 KB for a client that accepts it', async () => {
      const path = endpoints.listFaq.path;
      const plain = await api(path);
      expect(plain.status).toBe(200);
      expect(plain.headers.get('content-encoding')).toBeNull();
      const text = await plain.text();
      // The fixture must be above the threshold for this test to mean anything.
      expect(Buffer.byteLength(text)).toBeGreaterThan(1024);

      const br = await api(path, { 'accept-encoding': 'gzip, deflate, br' });
      expect(br.headers.get('content-encoding')).toBe('br');
      expect(br.headers.get('vary')).toMatch(/Accept-Encoding/);
      const packed = Buffer.from(await br.arrayBuffer());
      expect(Number(br.headers.get('content-length'))).toBe(packed.length);
      expect(packed.length).toBeLessThan(Buffer.byteLength(text));
      expect(JSON.parse(brotliDecompressSync(packed).toString())).toEqual(JSON.parse(text));

      const gz = await api(path, { 'accept-encoding': 'gzip' });
      expect(gz.headers.get('content-encoding')).toBe('gzip');
      expect(JSON.parse(gunzipSync(Buffer.from(await gz.arrayBuffer())).toString())).toEqual(JSON.parse(text));
    });

    it('below the threshold and on HEAD go as they are', async () => {
      const small = await api(endpoints.konfigurasi.path, { 'accept-encoding': 'br, gzip' });
      expect(small.status).toBe(200);
      expect(small.headers.get('content-encoding')).toBeNull();
      expect(small.headers.get('vary')).toMatch(/Accept-Encoding/);
      expect(Buffer.byteLength(await small.text())).toBeLessThan(1024);

      const head = await app.request(`${API_BASE}${endpoints.listFaq.path}`, {
        method: 'HEAD',
        headers: { [HEADER.userId]: userId(), [HEADER.authorization]: basic(), 'accept-encoding': 'br' },
      });
      expect(head.headers.get('content-encoding')).toBeNull();
      expect((await head.arrayBuffer()).byteLength).toBe(0);
    });
  });
});
