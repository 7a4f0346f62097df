import { ADS_CODE_PATTERN, ATTRIBUTION_COOKIE, ATTRIBUTION_DAYS } from '../../contract/referral';
import { readCookie } from './session';

/**
 * Where a visit came from (spec section 7, reservasi: ads_kode, url_referer): the landing URL's
 * `ads_kode` and the outside page that linked here, kept in cookies for ATTRIBUTION_DAYS so a
 * booking made later in the visit, or another day, still carries them. The latest landing wins.
 */

const MAX_REFERRER = 2048;

function setCookie(name: string, value: string): void {
  const secure = location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${name}=${encodeURIComponent(value)}; Max-Age=${ATTRIBUTION_DAYS * 86_400}; Path=/; SameSite=Lax${secure}`;
}

/** Reads the landing page once at start: an ads code in the query, an outside referrer. */
export function captureAttribution(
  search: string = location.search,
  referrer: string = document.referrer,
  origin: string = location.origin,
): void {
  const adsCode = new URLSearchParams(search).get('ads_kode')?.trim() ?? '';
  if (ADS_CODE_PATTERN.test(adsCode)) setCookie(ATTRIBUTION_COOKIE.adsCode, adsCode);
  if (!referrer || referrer.length > MAX_REFERRER) return;
  try {
    const from = new URL(referrer);
    // Moving between our own pages is not a referral.
    if (from.origin !== origin && (from.protocol === 'https:' || from.protocol === 'http:')) {
      setCookie(ATTRIBUTION_COOKIE.referrer, from.href);
    }
  } catch {
    // Not a URL: nothing to keep.
  }
}

/** What the cookies hold now; a value that is not what the landing could have stored is dropped. */
export function readAttribution(cookie?: string): { adsCode: string | null; referrerUrl: string | null } {
  const adsCode = readCookie(ATTRIBUTION_COOKIE.adsCode, cookie);
  const referrerUrl = readCookie(ATTRIBUTION_COOKIE.referrer, cookie);
  return {
    adsCode: adsCode && ADS_CODE_PATTERN.test(adsCode) ? adsCode : null,
    referrerUrl: referrerUrl && referrerUrl.length <= MAX_REFERRER ? referrerUrl : null,
  };
}
