import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Context, MiddlewareHandler } from 'hono';
import type { AppEnv } from './types';

/** Replies smaller than this go as they are: compressing them saves less than the headers weigh. */
export const COMPRESS_THRESHOLD_BYTES = 1024;

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);
const COMPRESSIBLE = /^(application\/(json|javascript|xml|x-www-form-urlencoded)|text\/|image\/svg\+xml)/i;

export type ReplyEncoding = 'br' | 'gzip';

/**
 * The encoding a request accepts best among those offered, by its Accept-Encoding q-values (a
 * tie goes to the earlier one offered); null for identity.
 */
export function chooseEncoding(
  acceptEncoding: string | undefined,
  offered: readonly ReplyEncoding[] = ['br', 'gzip'],
): ReplyEncoding | null {
  if (!acceptEncoding) return null;
  const q = new Map<string, number>();
  for (const part of acceptEncoding.split(',')) {
    const [token = '', ...params] = part.trim().split(';');
    const qParam = params.map((param) => param.trim()).find((param) => param.toLowerCase().startsWith('q='));
    const value = qParam ? Number(qParam.slice(2)) : 1;
    q.set(token.trim().toLowerCase(), Number.isFinite(value) ? value : 0);
  }
  let best: ReplyEncoding | null = null;
  let bestQ = 0;
  for (const encoding of offered) {
    const value = q.get(encoding) ?? q.get('*') ?? 0;
    if (value > bestQ) {
      best = encoding;
      bestQ = value;
    }
  }
  return best;
}

/** Sets the reply whole: Hono's setter would copy the old reply's headers (its length) over the new one's. */
function replace(c: Context<AppEnv>, res: Response): void {
  c.res = undefined;
  c.res = res;
}

/** Adds Accept-Encoding to the reply's Vary header once. */
export function varyOnEncoding(headers: Headers): void {
  const current = headers.get('Vary');
  if (current === '*' || current?.toLowerCase().includes('accept-encoding')) return;
  headers.set('Vary', current ? `${current}, Accept-Encoding` : 'Accept-Encoding');
}

/**
 * Compresses API replies (JSON and text) of COMPRESS_THRESHOLD_BYTES or more for clients that
 * accept brotli or gzip. Brotli at quality 5 costs about what gzip's default does and weighs less.
 * A HEAD, a reply without a body (204, 304), a partial or already encoded reply goes unchanged.
 */
export function compressReplies(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    await next();
    const res = c.res;
    if (c.req.method === 'HEAD' || !res.body || res.status === 204 || res.status === 304 || res.status === 206) return;
    if (res.headers.has('Content-Encoding') || !COMPRESSIBLE.test(res.headers.get('Content-Type') ?? '')) return;
    if (/(^|,)\s*no-transform\s*(,|$)/i.test(res.headers.get('Cache-Control') ?? '')) return;
    const encoding = chooseEncoding(c.req.header('Accept-Encoding'));
    // Small or not, the reply differs by Accept-Encoding, so caches must key on it.
    const declared = Number(res.headers.get('Content-Length') ?? Number.NaN);
    if (!encoding || declared < COMPRESS_THRESHOLD_BYTES) {
      varyOnEncoding(res.headers);
      return;
    }
    const body = Buffer.from(await res.arrayBuffer());
    const headers = new Headers(res.headers);
    varyOnEncoding(headers);
    if (body.length < COMPRESS_THRESHOLD_BYTES) {
      replace(c, new Response(body, { status: res.status, statusText: res.statusText, headers }));
      return;
    }
    const packed =
      encoding === 'br'
        ? await brotli(body, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: 5,
              [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
              [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
            },
          })
        : await gzipAsync(body, { level: 6 });
    headers.set('Content-Encoding', encoding);
    headers.set('Content-Length', String(packed.length));
    const etag = headers.get('ETag');
    if (etag && !etag.startsWith('W/')) headers.set('ETag', `W/${etag}`);
    replace(c, new Response(packed, { status: res.status, statusText: res.statusText, headers }));
  };
}
