import { afterEach, describe, expect, it } from 'vitest';
import { captureAttribution, readAttribution } from '../../../src/platform/attribution';

function clearCookies() {
  for (const name of ['ads_kode', 'url_referer']) document.cookie = `${name}=; Max-Age=0; Path=/`;
}

describe('attribution from the landing URL', () => {
  afterEach(clearCookies);

  it('keeps the ads code and an outside referrer in cookies for the reservations', () => {
    captureAttribution('?ads_kode=PROMO-IG&x=1', 'https://www.instagram.com/berangkat', 'https://berangkat.id');
    expect(readAttribution()).toEqual({ adsCode: 'PROMO-IG', referrerUrl: 'https://www.instagram.com/berangkat' });
  });

  it('a later landing with another code wins; our own pages are not a referrer', () => {
    captureAttribution('?ads_kode=PROMO-IG', '', 'https://berangkat.id');
    captureAttribution('?ads_kode=REF-ABCDE', 'https://berangkat.id/app/schedule', 'https://berangkat.id');
    expect(readAttribution()).toEqual({ adsCode: 'REF-ABCDE', referrerUrl: null });
  });

  it('drops a code it could not have stored, and anything that is not a web page', () => {
    captureAttribution('?ads_kode=%3Cscript%3E', 'javascript:alert(1)', 'https://berangkat.id');
    expect(readAttribution()).toEqual({ adsCode: null, referrerUrl: null });
    document.cookie = 'ads_kode=' + encodeURIComponent('a b<c>') + '; Path=/';
    expect(readAttribution().adsCode).toBeNull();
  });
});
