import { z } from 'zod';
import { RupiahSchema, pageParam } from './common';

/**
 * Donasi Berkah (spec section 7: donasi/summary, donasi/list-komentar; shapes not shown): what
 * travellers gave with their tickets. Only paid reservations count; a cancelled or expired one
 * never does. Comments show the booker's first name and an initial, never the whole name.
 */

export const DonasiSummaryResultsSchema = z.object({
  judul: z.string(),
  deskripsi: z.string(),
  total_donasi: RupiahSchema,
  jumlah_donatur: z.number().int().nonnegative(),
  jumlah_komentar: z.number().int().nonnegative(),
  /** ISO instant the figures were counted. */
  diperbarui: z.string(),
});
export type DonasiSummaryResults = z.infer<typeof DonasiSummaryResultsSchema>;

export const DonasiListKomentarQuerySchema = z.object({ page: pageParam });

export const DonasiKomentarSchema = z.object({
  /** "Rina K.". */
  nama: z.string(),
  komentar: z.string(),
  donasi: RupiahSchema,
  /** ISO instant of the payment. */
  waktu: z.string(),
});
export type DonasiKomentar = z.infer<typeof DonasiKomentarSchema>;

export const DonasiListKomentarResultsSchema = z.object({
  list: z.array(DonasiKomentarSchema),
  page: z.number().int().positive(),
  total_page: z.number().int().nonnegative(),
});
export type DonasiListKomentarResults = z.infer<typeof DonasiListKomentarResultsSchema>;
