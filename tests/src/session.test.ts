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
  rememberAuthFromQuery,
  resetAccountQueriesOnAuthChange,
  resetAuthForTests,
  signIn,
  storeProfileCopy,
  subscribeAuth,
} from '../../src/platform/session';

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
    rememberAuthFromQuery('webview-token');
    expect(document.head.querySelector('meta[name="auth"]')?.getAttribute('content')).toBe('webview-token');
    expect(getAuthToken()).toBe('webview-token');
  });

  it('never sends a refused webview token again, even while the query still carries it', () => {
    rememberAuthFromQuery('stale-webview-token');
    dropToken('stale-webview-token');
    expect(getAuthToken()).toBeNull();
    // The next navigation still has ?auth=stale-webview-token.
    rememberAuthFromQuery('stale-webview-token');
    expect(getAuthToken()).toBeNull();
    expect(isSignedIn()).toBe(false);
  });

  it('leaves a guest when the webview token is refused, until a new sign-in', () => {
    document.cookie = `${TOKEN_COOKIE}=cookie-token; path=/`;
    rememberAuthFromQuery('stale-webview-token');
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
    rememberAuthFromQuery('webview-token');
    dropToken('webview-token');
    expect(cache.resetQueries).toHaveBeenCalledTimes(4);

    release();
    signIn('tok-lain', RINA);
    expect(cache.resetQueries).toHaveBeenCalledTimes(4);
  });
});
