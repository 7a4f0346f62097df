import { existsSync, readFileSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { extname, resolve, sep } from 'node:path';
import type { Context } from 'hono';
import { API_BASE } from '../../contract';
import type { Logger } from '../logger';
import type { App } from '../app';
import { chooseEncoding, type ReplyEncoding } from './compression';
import type { AppEnv } from './types';

/** Vite puts content-hashed files under /assets: they never change, so cache them for a year. */
export const HASHED_CACHE = 'public, max-age=31536000, immutable';
/** Unhashed public files (logos, banners, icon): an hour, then revalidated. */
export const OTHER_STATIC_CACHE = 'public, max-age=3600';
/** The page itself: always revalidated (a 304 when unchanged), so a new build is seen at once. */
export const HTML_CACHE = 'no-cache';

/** The suffix the build writes beside a file for each encoding (vite.config.ts, precompress). */
const SUFFIX: Record<ReplyEncoding, string> = { br: '.br', gzip: '.gz' };

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.gif': 'image/gif',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
};

export function contentTypeOf(path: string): string {
  return CONTENT_TYPES[extname(path).toLowerCase()] ?? 'application/octet-stream';
}

interface Variant {
  file: string;
  size: number;
  mtimeMs: number;
  encoding: ReplyEncoding | null;
}

async function fileInfo(file: string): Promise<{ size: number; mtimeMs: number } | null> {
  try {
    const info = await stat(file);
    return info.isFile() ? { size: info.size, mtimeMs: info.mtimeMs } : null;
  } catch {
    return null;
  }
}

/** The precompressed file the request accepts best (br, then gzip), else the file itself. */
async function pickVariant(file: string, acceptEncoding: string | undefined): Promise<Variant | null> {
  const plain = await fileInfo(file);
  if (!plain) return null;
  const accepted = new Set<ReplyEncoding>();
  for (let offered: ReplyEncoding[] = ['br', 'gzip']; offered.length > 0;) {
    const best = chooseEncoding(acceptEncoding, offered);
    if (!best) break;
    accepted.add(best);
    offered = offered.filter((encoding) => encoding !== best);
    const packed = await fileInfo(file + SUFFIX[best]);
    // A compressed copy older than its file is stale (a rebuild wrote only some files): skip it.
    if (packed && packed.mtimeMs >= plain.mtimeMs) return { file: file + SUFFIX[best], ...packed, encoding: best };
  }
  return { file, ...plain, encoding: null };
}

/** An ETag per representation: the file's size and time, and the encoding it went in. */
function etagOf(variant: Variant): string {
  const base = `${variant.size.toString(16)}-${Math.floor(variant.mtimeMs).toString(16)}`;
  return `"${base}${variant.encoding ? `-${variant.encoding}` : ''}"`;
}

function notModified(c: Context<AppEnv>, etag: string, mtimeMs: number): boolean {
  const ifNoneMatch = c.req.header('If-None-Match');
  if (ifNoneMatch !== undefined) {
    return ifNoneMatch
      .split(',')
      .map((tag) => tag.trim().replace(/^W\//, ''))
      .some((tag) => tag === etag || tag === '*');
  }
  const ifModifiedSince = c.req.header('If-Modified-Since');
  if (!ifModifiedSince) return false;
  const since = Date.parse(ifModifiedSince);
  // HTTP dates have whole seconds.
  return Number.isFinite(since) && Math.floor(mtimeMs / 1000) * 1000 <= since;
}

/** One file of the build, in the encoding the request accepts best, or a 304 when the client has it. */
async function sendFile(c: Context<AppEnv>, file: string, cacheControl: string): Promise<Response | null> {
  const variant = await pickVariant(file, c.req.header('Accept-Encoding'));
  if (!variant) return null;
  const etag = etagOf(variant);
  const headers = new Headers({
    'Cache-Control': cacheControl,
    // The same URL answers differently by Accept-Encoding: shared caches must key on it.
    Vary: 'Accept-Encoding',
  });
  // An immutable file is never revalidated: its validators would only weigh on every download.
  if (cacheControl !== HASHED_CACHE) {
    headers.set('ETag', etag);
    headers.set('Last-Modified', new Date(variant.mtimeMs).toUTCString());
    if (notModified(c, etag, variant.mtimeMs)) return new Response(null, { status: 304, headers });
  }
  headers.set('Content-Type', contentTypeOf(file));
  headers.set('Content-Length', String(variant.size));
  if (variant.encoding) headers.set('Content-Encoding', variant.encoding);
  const body = c.req.method === 'HEAD' ? null : await readFile(variant.file);
  return new Response(body, { status: 200, headers });
}

/** The file a URL path names inside the build folder; null for a path that leaves it or names a hidden file. */
function fileFor(dist: string, urlPath: string): string | null {
  let path: string;
  try {
    path = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  if (path.includes('\0') || path.split('/').some((segment) => segment.startsWith('.'))) return null;
  const file = resolve(dist, `.${path}`);
  return file.startsWith(dist + sep) ? file : null;
}

/** Per-route pages of the build (vite.config.ts, routePages): a path pattern and the page to send. */
const ROUTE_PAGES_MANIFEST = 'route-pages.json';

interface RoutePage {
  pattern: RegExp;
  file: string;
}

/** The build's route page table; empty (every path gets index.html) when there is none or it is unreadable. */
function readRoutePages(root: string, logger: Logger): RoutePage[] {
  const manifest = resolve(root, ROUTE_PAGES_MANIFEST);
  if (!existsSync(manifest)) return [];
  try {
    const rows = JSON.parse(readFileSync(manifest, 'utf8')) as { pattern: string; page: string }[];
    return rows.flatMap(({ pattern, page }) => {
      const file = fileFor(root, `/${page}`);
      return file ? [{ pattern: new RegExp(pattern), file }] : [];
    });
  } catch (error) {
    logger.warn({ err: error }, `${ROUTE_PAGES_MANIFEST} tidak terbaca: setiap halaman memakai index.html`);
    return [];
  }
}

const isApiPath = (path: string) => path === API_BASE || path.startsWith(`${API_BASE}/`);

/**
 * The built web app (dist/) on the API's server: hashed assets, other files, then the SPA page.
 * Files go precompressed (the build writes .br and .gz beside each; see vite.config.ts) with
 * Content-Encoding and Vary, hashed ones cached for good, the page revalidated by ETag.
 */
export function serveWebApp(app: App, dist: string, logger: Logger): void {
  const root = resolve(dist);
  const indexHtml = resolve(root, 'index.html');
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
  const routePages = readRoutePages(root, logger);
  // GET also answers HEAD (Hono routes HEAD to GET handlers and drops the body).
  app.get('*', async (c) => {
    const path = c.req.path;
    if (isApiPath(path)) return c.notFound();
    const file = fileFor(root, path);
    if (path.startsWith('/assets/')) {
      const found = file ? await sendFile(c, file, HASHED_CACHE) : null;
      // A missing hashed file is a 404, never the SPA page (a stale tab asking for an old chunk).
      return found ?? c.text('Not found', 404);
    }
    if (file && !path.endsWith('/')) {
      const found = await sendFile(c, file, file.endsWith('.html') ? HTML_CACHE : OTHER_STATIC_CACHE);
      if (found) return found;
    }
    // The route's own page: its chunks preloaded, and for `/` the header drawn in HTML before the
    // app starts (vite.config.ts, routePages).
    const routePage = routePages.find(({ pattern }) => pattern.test(path));
    if (routePage) {
      const found = await sendFile(c, routePage.file, HTML_CACHE);
      if (found) return found;
    }
    // History fallback: every other page path is the SPA.
    const page = await sendFile(c, indexHtml, HTML_CACHE);
    return page ?? c.text('Not found', 404);
  });
}
