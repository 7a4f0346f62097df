import { describe, expect, it } from 'vitest';
import { mapsSearchUrl } from '../../src/lib/maps';

describe('mapsSearchUrl', () => {
  it('builds an external maps search at the latitude and longitude', () => {
    const url = new URL(mapsSearchUrl(-6.8943, 107.5856));
    expect(url.origin).toBe('https://www.google.com');
    expect(url.pathname).toBe('/maps/search/');
    expect(url.searchParams.get('api')).toBe('1');
    expect(url.searchParams.get('query')).toBe('-6.8943,107.5856');
  });

  it('keeps negative and integer coordinates as given', () => {
    expect(mapsSearchUrl(0, -0.5)).toBe('https://www.google.com/maps/search/?api=1&query=0%2C-0.5');
  });
});
