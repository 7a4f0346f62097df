import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CustomerProfilResults } from '../../contract/account';
import {
  PROFILE_STORAGE_KEY,
  TOKEN_COOKIE,
  dropToken,
  getAuthToken,
  isSignedIn,
  readCookie,
  readProfileCopy,
  honoursAuthQuery,
  rememberAuthFromQuery,
  resetAccountQueriesOnAuthChange,
  resetAuthForTests,
  signIn,
  storeProfileCopy,
  subscribeAuth,
  withoutAuthQuery,
} from '../../src/platform/session';

/** These tests are about a page inside the app's webview, where the `auth` query is honoured. */
const IN_WEBVIEW = true;

const RINA: CustomerProfilResults = {
  nama: 'Rina Wulandari',
  email: 'rina@contoh.id',
  telp: '081234567890',
  jenis_kelamin: 'P',
  tanggal_lahir: '1994-03-12',
  pekerjaan_id: 2,
  pekerjaan_lainnya: null,
};

function clearCookie() {
  document.cookie = `${TOKEN_COOKIE}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
}

beforeEach(() => {
  resetAuthForTests();
  document.head.querySelectorAll('meta[name="auth"]').forEach((meta) => meta.remove());
  clearCookie();
  sessionStorage.clear();
});
afterEach(() => {
  clearCookie();
  vi.restoreAllMocks();
});

describe('signing in', () => {
  it('keeps the token in the _atx cookie for one year and the profile in session storage', () => {
    const written: string[] = [];
    const descriptor = Object.getOwnPropertyDescriptor(Document.prototype, 'cookie')!;
    vi.spyOn(document, 'cookie', 'set').mockImplementation((value: string) => {
      written.push(value);
      descriptor.set!.call(document, value);
    });

    signIn('tok-rina', RINA);

    expect(readCookie(TOKEN_COOKIE)).toBe('tok-rina');
    expect(written).toHaveLength(1);
    // Spec section 9: the _atx cookie lasts one year.
    expect(written[0]).toContain(`Max-Age=${365 * 24 * 60 * 60}`);
    expect(written[0]).toContain('Path=/');
    expect(isSignedIn()).toBe(true);
    expect(JSON.parse(sessionStorage.getItem(PROFILE_STORAGE_KEY)!)).toEqual(RINA);
    expect(readProfileCopy()).toEqual(RINA);
  });

  it('tells every listener, once per change', () => {
    const heard = vi.fn();
    const release = subscribeAuth(heard);
    signIn('tok-rina', RINA);
    dropToken();
    release();
    signIn('tok-lain', RINA);
    expect(heard).toHaveBeenCalledTimes(2);
  });
});

describe('which token is sent', () => {
  it('takes the auth page meta of a webview over the cookie', () => {
    document.cookie = `${TOKEN_COOKIE}=cookie-token; path=/`;
    rememberAuthFromQuery('webview-token', IN_WEBVIEW);
    expect(document.head.querySelector('meta[name="auth"]')?.getAttribute('content')).toBe('webview-token');
    expect(getAuthToken()).toBe('webview-token');
  });

  it('never sends a refused webview token again, even while the query still carries it', () => {
    rememberAuthFromQuery('stale-webview-token', IN_WEBVIEW);
    dropToken('stale-webview-token');
    expect(getAuthToken()).toBeNull();
    // The next navigation still has ?auth=stale-webview-token.
    rememberAuthFromQuery('stale-webview-token', IN_WEBVIEW);
    expect(getAuthToken()).toBeNull();
    expect(isSignedIn()).toBe(false);
  });

  it('leaves a guest when the webview token is refused, until a new sign-in', () => {
    document.cookie = `${TOKEN_COOKIE}=cookie-token; path=/`;
    rememberAuthFromQuery('stale-webview-token', IN_WEBVIEW);
    dropToken('stale-webview-token');
    // The cookie was cleared with it: a refused session leaves a guest.
    expect(getAuthToken()).toBeNull();
    signIn('fresh-token', RINA);
    expect(getAuthToken()).toBe('fresh-token');
  });

  it('accepts a token signed in again after it was refused', () => {
    dropToken('tok-rina');
    signIn('tok-rina', RINA);
    expect(getAuthToken()).toBe('tok-rina');
  });
});

describe('signing out or a refused token', () => {
  it('clears the cookie and the profile copy', () => {
    signIn('tok-rina', RINA);
    dropToken('tok-rina');
    expect(readCookie(TOKEN_COOKIE)).toBeNull();
    expect(sessionStorage.getItem(PROFILE_STORAGE_KEY)).toBeNull();
    expect(readProfileCopy()).toBeNull();
    expect(isSignedIn()).toBe(false);
  });

  it('shows no profile copy to a guest, nor one that no longer parses', () => {
    storeProfileCopy(RINA);
    expect(readProfileCopy()).toBeNull();
    signIn('tok-rina', RINA);
    sessionStorage.setItem(PROFILE_STORAGE_KEY, '{"nama": 3');
    expect(readProfileCopy()).toBeNull();
    sessionStorage.setItem(PROFILE_STORAGE_KEY, JSON.stringify({ nama: 'Rina' }));
    expect(readProfileCopy()).toBeNull();
  });
});

describe('account queries', () => {
  it('are reset on sign-in, sign-out, a refused token and a webview sign-in', () => {
    const cache = { resetQueries: vi.fn(() => Promise.resolve()) };
    const release = resetAccountQueriesOnAuthChange(cache);

    signIn('tok-rina', RINA);
    expect(cache.resetQueries).toHaveBeenLastCalledWith({ queryKey: ['account'] });
    dropToken('tok-rina');
    rememberAuthFromQuery('webview-token', IN_WEBVIEW);
    dropToken('webview-token');
    expect(cache.resetQueries).toHaveBeenCalledTimes(4);

    release();
    signIn('tok-lain', RINA);
    expect(cache.resetQueries).toHaveBeenCalledTimes(4);
  });
});

describe('the auth query outside the app (login CSRF, issue 21)', () => {
  type TestWindow = Window & { BerangkatAndroid?: unknown; webkit?: unknown };
  const win = window as TestWindow;
  afterEach(() => {
    delete win.BerangkatAndroid;
    delete win.webkit;
  });

  it("is honoured only where the page's platform and the injected host agree", () => {
    expect(honoursAuthQuery('WEB', null)).toBe(false);
    expect(honoursAuthQuery('WEB', 'android')).toBe(false);
    // A crafted link can carry platform=APP-* into a browser tab, but not the host's bridge.
    expect(honoursAuthQuery('APP-ANDROID', null)).toBe(false);
    expect(honoursAuthQuery('APP-IOS', null)).toBe(false);
    expect(honoursAuthQuery('APP-ANDROID', 'ios')).toBe(false);
    expect(honoursAuthQuery('APP-IOS', 'android')).toBe(false);
    expect(honoursAuthQuery('APP-ANDROID', 'android')).toBe(true);
    expect(honoursAuthQuery('APP-IOS', 'ios')).toBe(true);
  });

  it("never signs a browser tab in from the query, and leaves the tab's own session alone", () => {
    const heard = vi.fn();
    subscribeAuth(heard);
    rememberAuthFromQuery('senders-token');
    expect(document.head.querySelector('meta[name="auth"]')).toBeNull();
    expect(getAuthToken()).toBeNull();

    signIn('travellers-token', RINA);
    rememberAuthFromQuery('senders-token');
    expect(getAuthToken()).toBe('travellers-token');
    expect(heard).toHaveBeenCalledTimes(1);
  });

  it("a page opened with platform=APP-ANDROID is signed in only once Android's bridge is there", () => {
    expect(honoursAuthQuery('APP-ANDROID')).toBe(false);
    rememberAuthFromQuery('webview-token', honoursAuthQuery('APP-ANDROID'));
    expect(getAuthToken()).toBeNull();

    win.BerangkatAndroid = { postMessage: () => undefined };
    rememberAuthFromQuery('webview-token', honoursAuthQuery('APP-ANDROID'));
    expect(getAuthToken()).toBe('webview-token');
  });
});

describe('the auth query taken out of a web address', () => {
  it('drops every auth parameter and keeps the rest as written', () => {
    expect(withoutAuthQuery('/?auth=tok')).toBe('/');
    expect(withoutAuthQuery('/app/referral?auth=tok&ads_kode=REF-ABC#x')).toBe('/app/referral?ads_kode=REF-ABC#x');
    expect(withoutAuthQuery('/app/search?from=%22JKT%22&auth=a&date=2026-11-23&auth=b')).toBe(
      '/app/search?from=%22JKT%22&date=2026-11-23',
    );
    expect(withoutAuthQuery('/?%61uth=tok&x=1')).toBe('/?x=1');
    expect(withoutAuthQuery('/?auth&x=1')).toBe('/?x=1');
  });

  it('answers null when there is nothing to drop', () => {
    expect(withoutAuthQuery('/')).toBeNull();
    expect(withoutAuthQuery('/app/login?platform=APP-ANDROID&author=x#auth=y')).toBeNull();
  });
});
