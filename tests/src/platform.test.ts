import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BACK_EVENT, emitBack, type BackEventDetail } from '../../src/platform/events';
import {
  getAuthToken,
  getPlatform,
  initPlatform,
  readCookie,
  rememberAuthFromQuery,
  resetPlatformForTests,
  TOKEN_COOKIE,
} from '../../src/platform/session';
import { mustScrollToTop } from '../../src/lib/scroll-rule';

/** These tests are about a page inside the app's webview, where the `auth` query is honoured. */
const IN_WEBVIEW = true;

function clearCookie() {
  document.cookie = `${TOKEN_COOKIE}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
}

beforeEach(() => {
  resetPlatformForTests();
  document.head.querySelectorAll('meta[name="auth"]').forEach((meta) => meta.remove());
  clearCookie();
});
afterEach(clearCookie);

describe('platform', () => {
  it('reads the platform query once and keeps it', () => {
    expect(initPlatform('?platform=APP-ANDROID')).toBe('APP-ANDROID');
    expect(initPlatform('?platform=APP-IOS')).toBe('APP-ANDROID');
    expect(getPlatform()).toBe('APP-ANDROID');
  });

  it('falls back to WEB for a missing or unknown platform', () => {
    expect(initPlatform('')).toBe('WEB');
    resetPlatformForTests();
    expect(initPlatform('?platform=windows-phone')).toBe('WEB');
    resetPlatformForTests();
    expect(initPlatform('?platform=app-ios')).toBe('APP-IOS');
  });
});

describe('customer token', () => {
  it('is null for guests', () => {
    expect(getAuthToken()).toBeNull();
  });

  it('comes from the auth page meta, copied from the query', () => {
    rememberAuthFromQuery('meta-token', IN_WEBVIEW);
    expect(document.head.querySelector('meta[name="auth"]')?.getAttribute('content')).toBe('meta-token');
    expect(getAuthToken()).toBe('meta-token');
    rememberAuthFromQuery(undefined, IN_WEBVIEW);
    rememberAuthFromQuery('', IN_WEBVIEW);
    expect(getAuthToken()).toBe('meta-token');
  });

  it('prefers the auth meta a native host set over an older _atx cookie', () => {
    document.cookie = `${TOKEN_COOKIE}=cookie%20token; path=/`;
    expect(getAuthToken()).toBe('cookie token');
    rememberAuthFromQuery('meta-token', IN_WEBVIEW);
    expect(getAuthToken()).toBe('meta-token');
  });

  it('parses cookies by exact name', () => {
    expect(readCookie('_atx', 'x_atx=1; _atx=abc; other=2')).toBe('abc');
    expect(readCookie('_atx', '_atx=')).toBeNull();
    expect(readCookie('_atx', '')).toBeNull();
  });
});

describe('back event', () => {
  it('is dispatched on window with the path', () => {
    const seen: BackEventDetail[] = [];
    const listener = (event: Event) => seen.push((event as CustomEvent<BackEventDetail>).detail);
    window.addEventListener(BACK_EVENT, listener);
    emitBack({ from: '/app/select-seat' });
    window.removeEventListener(BACK_EVENT, listener);
    expect(seen).toEqual([{ from: '/app/select-seat' }]);
  });
});

describe('scroll rule', () => {
  const match = (routeName: string, params: Record<string, string | undefined> = {}) => [
    { staticData: {} },
    { staticData: { routeName }, params },
  ];

  it('scrolls the spec screens to the top', () => {
    for (const name of ['home', 'payment-order', 'confirmation-payment-order', 'detail-order', 'select-seat']) {
      expect(mustScrollToTop(match(name))).toBe(true);
    }
    expect(mustScrollToTop(match('information-passengers'))).toBe(false);
    expect(mustScrollToTop([])).toBe(false);
  });

  it('scrolls the schedule list only on the return leg', () => {
    expect(mustScrollToTop(match('schedule'))).toBe(false);
    expect(mustScrollToTop(match('schedule', { return: 'return' }))).toBe(true);
  });

  it('judges by the deepest named route', () => {
    expect(mustScrollToTop([...match('select-seat'), { staticData: { routeName: 'info-passenger' } }])).toBe(false);
  });
});
