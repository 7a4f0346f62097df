/** Base of the external maps search: opens the maps app on phones, the web map elsewhere. */
export const MAPS_SEARCH_BASE = 'https://www.google.com/maps/search/';

/**
 * Spec: "Lihat Peta" opens an external maps search at the latitude and longitude.
 * `-6.9 , 107.6` -> `https://www.google.com/maps/search/?api=1&query=-6.9,107.6`.
 */
export function mapsSearchUrl(lat: number, lon: number): string {
  return `${MAPS_SEARCH_BASE}?api=1&query=${encodeURIComponent(`${lat},${lon}`)}`;
}
