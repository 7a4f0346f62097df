import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { serveStatic } from '@hono/node-server/serve-static';
import { API_BASE } from '../../contract';
import type { Logger } from '../logger';
import type { App } from '../app';

/** Vite puts content-hashed files under /assets: they never change, so cache them for a year. */
const HASHED_CACHE = 'public, max-age=31536000, immutable';
const OTHER_STATIC_CACHE = 'public, max-age=3600';

/** The built web app (dist/) on the API's server: hashed assets, other files, then the SPA page. */
export function serveWebApp(app: App, dist: string, logger: Logger): void {
  const indexHtml = `${dist}/index.html`;
  if (!existsSync(indexHtml)) {
    logger.warn('Folder dist/ belum ada: jalankan `npm run build` untuk membangun aplikasi web. API tetap berjalan.');
    app.get('*', (c) =>
      c.text(
        'Aplikasi web belum dibangun. Jalankan `npm run build`, lalu mulai ulang server. API tersedia di /api.',
        503,
      ),
    );
    return;
  }
  app.use(
    '/assets/*',
    serveStatic({ root: dist, onFound: (_path, c) => void c.header('Cache-Control', HASHED_CACHE) }),
  );
  // A missing hashed file is a 404, never the SPA page (a stale tab asking for an old chunk).
  app.get('/assets/*', (c) => c.text('Not found', 404));
  app.use(
    '*',
    serveStatic({
      root: dist,
      onFound: (path, c) => void c.header('Cache-Control', path.endsWith('.html') ? 'no-cache' : OTHER_STATIC_CACHE),
    }),
  );
  // History fallback: every other page path is the SPA.
  app.get('*', async (c) => {
    if (c.req.path === API_BASE || c.req.path.startsWith(`${API_BASE}/`)) return c.notFound();
    c.header('Cache-Control', 'no-cache');
    return c.html(await readFile(indexHtml, 'utf8'));
  });
}
