import { CustomerProfilResultsSchema, SESSION_DAYS, type CustomerProfilResults } from '../../contract/account';
import { PlatformSchema, type Platform } from '../../contract/platform';
import { hostKind, type HostKind } from './native-bridge';
import { META, readMeta, writeMeta } from './page-meta';

/** Cookie holding the customer's login token (spec section 3, Storage). */
export const TOKEN_COOKIE = '_atx';
/** Session storage key of the profile copy (spec section 3, Storage). */
export const PROFILE_STORAGE_KEY = 'berangkat:profil';
/** The cookie lives as long as the session behind it (spec section 9: one year). */
export const TOKEN_MAX_AGE_SECONDS = SESSION_DAYS * 24 * 60 * 60;

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

let operatorCode: string | null = null;
let operatorCodeRead = false;
/** An operator's code as the wire takes it (contract/points.ts): letters, digits and dashes. */
const OPERATOR_CODE = /^[A-Za-z0-9-]{1,20}$/;

/**
 * An operator's own app opens the page with `operator_kode` (spec section 7, the -v2 look-ups):
 * read once, at start, like `platform`, so its search stays on that operator's departures for the
 * whole visit. A malformed value is ignored (the ordinary search).
 */
export function initOperatorCode(
  search: string = typeof location === 'undefined' ? '' : location.search,
): string | null {
  if (operatorCodeRead) return operatorCode;
  operatorCodeRead = true;
  const raw = new URLSearchParams(search).get('operator_kode')?.trim() ?? '';
  operatorCode = OPERATOR_CODE.test(raw) ? raw.toUpperCase() : null;
  return operatorCode;
}

/** The operator this visit searches within, or null for every operator. */
export function getOperatorCode(): string | null {
  return operatorCodeRead ? operatorCode : initOperatorCode();
}

/** For tests only: forget the operator read at start. */
export function resetOperatorCodeForTests(): void {
  operatorCode = null;
  operatorCodeRead = false;
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

const listeners = new Set<() => void>();
/** Tokens the server refused (AUT-3): never sent again, even while a webview's query still holds one. */
const refused = new Set<string>();

function notify(): void {
  for (const listener of listeners) listener();
}

/** Called whenever the signed-in customer changes (sign-in, sign-out, a refused token dropped). */
export function subscribeAuth(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * The customer's token: the `auth` page meta a native host set (it knows who is signed in), else
 * the `_atx` cookie; null for guests. A token the server refused counts as none.
 */
export function getAuthToken(): string | null {
  for (const token of [readMeta(META.auth), readCookie(TOKEN_COOKIE)]) {
    if (token && !refused.has(token)) return token;
  }
  return null;
}

export function isSignedIn(): boolean {
  return getAuthToken() !== null;
}

/** Keeps a fresh sign-in's token in `_atx` for a year (spec section 9). */
export function storeToken(token: string, maxAgeSeconds: number): void {
  refused.delete(token);
  if (typeof document !== 'undefined') {
    const secure = typeof location !== 'undefined' && location.protocol === 'https:' ? '; Secure' : '';
    document.cookie = `${TOKEN_COOKIE}=${encodeURIComponent(token)}; Max-Age=${maxAgeSeconds}; Path=/; SameSite=Lax${secure}`;
  }
  notify();
}

/**
 * Forgets the token: the cookie and the profile copy are cleared and the token (also when it came
 * from the `auth` meta) is never sent again, so the app carries on as a guest with the platform's
 * basic credentials. Used for a refused token (AUT-3) and for signing out.
 */
export function dropToken(token: string | null = getAuthToken()): void {
  if (token) refused.add(token);
  if (typeof document !== 'undefined') document.cookie = `${TOKEN_COOKIE}=; Max-Age=0; Path=/; SameSite=Lax`;
  forgetProfileCopy();
  notify();
}

function sessionStore(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    // Storage may be switched off (private mode, a webview without it): the copy is only a shortcut.
    return null;
  }
}

/** Keeps the session copy of the profile (spec section 3, Storage); updated after a profile save too. */
export function storeProfileCopy(profile: CustomerProfilResults): void {
  try {
    sessionStore()?.setItem(PROFILE_STORAGE_KEY, JSON.stringify(profile));
  } catch {
    // Full or blocked storage: the profile is read from the server instead.
  }
}

/** The session copy of the profile, or null for a guest, a new tab or a copy that no longer parses. */
export function readProfileCopy(): CustomerProfilResults | null {
  if (!isSignedIn()) return null;
  const raw = sessionStore()?.getItem(PROFILE_STORAGE_KEY);
  if (!raw) return null;
  try {
    const parsed = CustomerProfilResultsSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

function forgetProfileCopy(): void {
  try {
    sessionStore()?.removeItem(PROFILE_STORAGE_KEY);
  } catch {
    // Nothing to forget where storage is blocked.
  }
}

/** A fresh sign-in (customer-login): the token in `_atx` for a year and the profile copy. */
export function signIn(token: string, profile: CustomerProfilResults): void {
  storeProfileCopy(profile);
  storeToken(token, TOKEN_MAX_AGE_SECONDS);
}

/** The part of TanStack Query's client that forgets account data. */
export interface AccountQueryCache {
  resetQueries(filters: { queryKey: readonly unknown[] }): Promise<void>;
}

/**
 * Every account query (keyed under 'account') is reset whenever the customer changes, so one
 * customer's profile, orders or points are never shown to the next one or to a guest. Returns the
 * release.
 */
export function resetAccountQueriesOnAuthChange(queryClient: AccountQueryCache): () => void {
  return subscribeAuth(() => {
    void queryClient.resetQueries({ queryKey: ['account'] });
  });
}

/** For tests only. */
export function resetAuthForTests(): void {
  refused.clear();
  listeners.clear();
  forgetProfileCopy();
}

/** The native host each app platform runs in. */
const HOST_OF: Record<Platform, HostKind | null> = { WEB: null, 'APP-ANDROID': 'android', 'APP-IOS': 'ios' };

/**
 * Whether an `auth` query value may sign this page in: only inside the app's own webview, where
 * the native host (which knows who is signed in) built the URL. Both the platform the page was
 * opened with and the host's injected bridge must say so: `platform=APP-*` alone is part of the
 * URL, so a crafted link could carry it into a browser tab (login CSRF).
 */
export function honoursAuthQuery(platform: Platform = getPlatform(), host: HostKind | null = hostKind()): boolean {
  const expected = HOST_OF[platform];
  return expected !== null && host === expected;
}

/**
 * Copies an `auth` query value into the `auth` page meta (spec section 2, before each navigation),
 * inside the app's webview only (honoursAuthQuery); elsewhere the value is ignored.
 */
export function rememberAuthFromQuery(value: unknown, honoured: boolean = honoursAuthQuery()): void {
  if (!honoured) return;
  if (typeof value === 'number') value = String(value);
  if (typeof value !== 'string' || value.trim() === '') return;
  const token = value.trim();
  if (readMeta(META.auth) === token) return;
  writeMeta(META.auth, token);
  notify();
}

/**
 * The same address without its `auth` query parameters (path, other parameters in their own
 * spelling, and hash kept), or null when it has none.
 */
export function withoutAuthQuery(href: string): string | null {
  const hashAt = href.indexOf('#');
  const hash = hashAt < 0 ? '' : href.slice(hashAt);
  const beforeHash = hashAt < 0 ? href : href.slice(0, hashAt);
  const queryAt = beforeHash.indexOf('?');
  if (queryAt < 0) return null;
  const parts = beforeHash.slice(queryAt + 1).split('&');
  const kept = parts.filter((part) => {
    const key = part.split('=', 1)[0] ?? '';
    try {
      return decodeURIComponent(key.replace(/\+/g, ' ')) !== 'auth';
    } catch {
      return true;
    }
  });
  if (kept.length === parts.length) return null;
  const query = kept.filter((part) => part !== '').join('&');
  return `${beforeHash.slice(0, queryAt)}${query ? `?${query}` : ''}${hash}`;
}
