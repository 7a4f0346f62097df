import { z } from 'zod';

/**
 * Referral (spec section 7: {prefix}/referral; shape not shown). A signed-in customer's code: a
 * friend who lands with `?ads_kode=CODE` carries it in a cookie into their reservations, and the
 * customer sees how many paid bookings it brought.
 */

/** Cookie names the landing URL's attribution travels in (spec: "carried in cookies"). */
export const ATTRIBUTION_COOKIE = { adsCode: 'ads_kode', referrer: 'url_referer' } as const;
/** Days an attribution cookie lasts. */
export const ATTRIBUTION_DAYS = 30;
/** What an ads code may hold: the app drops anything else instead of sending it. */
export const ADS_CODE_PATTERN = /^[A-Za-z0-9._-]{1,64}$/;

export const ReferralResultsSchema = z.object({
  kode_referral: z.string(),
  /** The path a friend opens, with the code: /?ads_kode=CODE. */
  tautan: z.string(),
  /** Paid reservations made with this code. */
  jumlah_pemesanan: z.number().int().nonnegative(),
  syarat: z.array(z.string()),
});
export type ReferralResults = z.infer<typeof ReferralResultsSchema>;
