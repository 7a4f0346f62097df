import { PlatformSchema, type Platform } from '../../contract/platform';
import { META, readMeta, writeMeta } from './page-meta';

/** Cookie holding the customer's login token (spec section 3, Storage). */
export const TOKEN_COOKIE = '_atx';

let platform: Platform = 'WEB';
let platformRead = false;

/**
 * Reads the `platform` query parameter once, at start (spec section 2); later navigations that
 * drop it keep the platform the app was opened with. Unknown values fall back to WEB.
 */
export function initPlatform(search: string = typeof location === 'undefined' ? '' : location.search): Platform {
  if (platformRead) return platform;
  platformRead = true;
  const raw = new URLSearchParams(search).get('platform');
  const parsed = PlatformSchema.safeParse(raw?.toUpperCase());
  platform = parsed.success ? parsed.data : 'WEB';
  return platform;
}

export function getPlatform(): Platform {
  return platformRead ? platform : initPlatform();
}

/** For tests only: forget the platform read at start. */
export function resetPlatformForTests(): void {
  platform = 'WEB';
  platformRead = false;
}

export function readCookie(
  name: string,
  cookie: string = typeof document === 'undefined' ? '' : document.cookie,
): string | null {
  for (const part of cookie.split(';')) {
    const at = part.indexOf('=');
    if (at < 0) continue;
    if (part.slice(0, at).trim() !== name) continue;
    const value = part.slice(at + 1).trim();
    if (!value) return null;
    try {
      return decodeURIComponent(value);
    } catch {
      return value;
    }
  }
  return null;
}

/** The customer's token: the `_atx` cookie first, else the `auth` page meta; null for guests. */
export function getAuthToken(): string | null {
  return readCookie(TOKEN_COOKIE) ?? readMeta(META.auth);
}

/** Copies an `auth` query value into the `auth` page meta (spec section 2, before each navigation). */
export function rememberAuthFromQuery(value: unknown): void {
  if (typeof value === 'number') value = String(value);
  if (typeof value !== 'string' || value.trim() === '') return;
  writeMeta(META.auth, value.trim());
}
