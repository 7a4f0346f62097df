import { createHash } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { TLSSocket } from 'node:tls';
import type { Context, MiddlewareHandler } from 'hono';
import { forwardedProtoOf } from './client-address';
import type { AppEnv } from './types';

/**
 * The one stylesheet the app's code writes inline: react-aria's usePress prepends this <style>
 * (touch-action for pressable elements, so a tap is not taken for a scroll) to the page once.
 * The text must stay byte for byte as react-aria writes it; e2e/security-headers.spec.ts fails on
 * any CSP violation, so a change in a react-aria release is caught there.
 */
export const PRESSABLE_STYLE = `@layer {
  [data-react-aria-pressable] {
    touch-action: pan-x pan-y pinch-zoom;
  }
}`;

const styleHash = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

/**
 * The page's Content Security Policy. The built app has no inline script (Vite emits module
 * scripts and modulepreload links only), so scripts come from this origin alone.
 * - style-src: the app's CSS file, plus react-aria's one inline stylesheet by its hash rather than
 *   'unsafe-inline', so no other injected <style> applies. React and react-aria set inline styles
 *   through the CSSOM (element.style), which CSP does not govern, and the built HTML has no style
 *   attribute.
 * - img-src: operator logos, banners and souvenir pictures are served from this origin; data: for
 *   images a stylesheet or a widget draws inline.
 * - font-src: the self-hosted Plus Jakarta Sans files; data: for the small subset the stylesheet
 *   inlines.
 * - connect-src 'self': the app calls only its own API.
 * - With a card gateway (Midtrans and a client key), its origins join script-src, connect-src and
 *   frame-src: the card token step runs the gateway's own script, which calls the gateway (and may
 *   frame its 3DS page), so card data goes from the page to the gateway and never to our server.
 * - frame-ancestors 'self': no other site may frame the booking pages (clickjacking). The native
 *   Android and iOS apps load the page top-level in their webview, which frame-ancestors never
 *   restricts.
 */
export function contentSecurityPolicy(gatewayOrigins: readonly string[] = []): string {
  const gateway = gatewayOrigins.map((origin) => ` ${origin}`).join('');
  return [
    "default-src 'self'",
    `script-src 'self'${gateway}`,
    `style-src 'self' ${styleHash(PRESSABLE_STYLE)}`,
    "img-src 'self' data:",
    "font-src 'self' data:",
    `connect-src 'self'${gateway}`,
    ...(gateway ? [`frame-src${gateway}`] : []),
    "manifest-src 'self'",
    "worker-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'self'",
  ].join('; ');
}

export const CONTENT_SECURITY_POLICY = contentSecurityPolicy();

/**
 * Cookies the app's own script reads, so the server never marks them HttpOnly: `_atx` holds the
 * customer's token, which the client reads to send it as the bearer (spec: Storage, section 9).
 */
export const CLIENT_READ_COOKIES: ReadonlySet<string> = new Set(['_atx']);

const HSTS = 'max-age=15552000';

/**
 * Whether the request reached us over HTTPS: HSTS and the cookies' Secure flag follow it. Behind
 * trusted proxies (TRUST_PROXY_HOPS), what the outermost one wrote in X-Forwarded-Proto; otherwise
 * this process's own socket. Never the client's word: neither an X-Forwarded-Proto it wrote nor
 * an absolute `https://` request target, which Node takes as the request's URL over plain HTTP.
 */
export function cameOverHttps(c: Context<AppEnv>): boolean {
  const forwarded = forwardedProtoOf(c);
  if (forwarded !== null) return forwarded === 'https';
  const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
  if (incoming?.socket) return (incoming.socket as Partial<TLSSocket>).encrypted === true;
  // app.request() in tests has no socket: the URL it was given says the scheme.
  return new URL(c.req.url).protocol === 'https:';
}

/**
 * One Set-Cookie value made safe: SameSite=Lax when it names none, Secure behind HTTPS, HttpOnly
 * unless the client script must read it.
 */
export function hardenCookie(cookie: string, https: boolean): string {
  const [pair = '', ...attributes] = cookie.split(';').map((part) => part.trim());
  const name = pair.split('=')[0]?.trim() ?? '';
  const has = (attribute: string) =>
    attributes.some((part) => part.toLowerCase().split('=')[0]?.trim() === attribute.toLowerCase());
  const extra: string[] = [];
  if (!has('SameSite')) extra.push('SameSite=Lax');
  if (https && !has('Secure')) extra.push('Secure');
  if (!CLIENT_READ_COOKIES.has(name) && !has('HttpOnly')) extra.push('HttpOnly');
  return [pair, ...attributes, ...extra].join('; ');
}

/**
 * Replies a browser may render as a document (pages, and SVG, which can carry script when opened
 * on its own): these get the page policies. Scripts, styles, fonts and JSON never do, and each
 * would carry about 400 bytes of headers for nothing on every file a page loads.
 */
const DOCUMENT_TYPES = /^(text\/html|image\/svg\+xml)/i;

/**
 * Security headers: nosniff on every reply (API, pages and files alike); the CSP, frame and
 * referrer rules (and HSTS behind HTTPS) on documents; the cookie rules above on every cookie.
 */
export function securityHeaders(gatewayOrigins: readonly string[] = []): MiddlewareHandler<AppEnv> {
  const policy = contentSecurityPolicy(gatewayOrigins);
  return async (c, next) => {
    await next();
    const headers = c.res.headers;
    const https = cameOverHttps(c);
    headers.set('X-Content-Type-Options', 'nosniff');
    if (DOCUMENT_TYPES.test(headers.get('Content-Type') ?? '') || c.res.status === 304) {
      headers.set('Content-Security-Policy', policy);
      headers.set('Referrer-Policy', 'strict-origin-when-cross-origin');
      // For browsers without frame-ancestors; the same rule.
      headers.set('X-Frame-Options', 'SAMEORIGIN');
      if (https) headers.set('Strict-Transport-Security', HSTS);
    }
    const cookies = headers.getSetCookie();
    if (cookies.length > 0) {
      headers.delete('Set-Cookie');
      for (const cookie of cookies) headers.append('Set-Cookie', hardenCookie(cookie, https));
    }
  };
}
