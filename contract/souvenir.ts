import { z } from 'zod';
import { RupiahSchema, pageParam, recordIdParam } from './common';

/**
 * Oleh-oleh (spec section 7 "Souvenirs"; shapes not shown there): regional souvenirs a traveller
 * orders through the call centre's WhatsApp. The cart lives on the device; the server keeps the
 * catalogue, the greeting, the banners and the message format.
 */

export const SOUVENIR_LIMITS = { perPageMax: 50, perPageDefault: 12, searchMax: 60, quantityMax: 20 } as const;

export const SOUVENIR_MESSAGES = {
  notFound: 'Produk oleh-oleh tidak ditemukan',
  category: 'Kategori oleh-oleh tidak ditemukan',
  search: `Kata pencarian maksimal ${SOUVENIR_LIMITS.searchMax} karakter`,
  perPage: `per_page harus 1 sampai ${SOUVENIR_LIMITS.perPageMax}`,
} as const;

/** GET message-souvenir: the greeting at the top of the souvenir page. */
export const MessageSouvenirResultsSchema = z.object({ judul: z.string(), pesan: z.string() });
export type MessageSouvenirResults = z.infer<typeof MessageSouvenirResultsSchema>;

/** An image the page sizes before it loads (no layout shift). */
export const SizedImageSchema = z.object({
  url: z.string(),
  lebar: z.number().int().positive(),
  tinggi: z.number().int().positive(),
});
export type SizedImage = z.infer<typeof SizedImageSchema>;

export const SouvenirBannerSchema = z.object({
  banner_id: z.number().int().positive(),
  judul: z.string(),
  gambar: SizedImageSchema,
  /** Category the banner opens, if any. */
  kategori_id: z.number().int().positive().nullable(),
});
export const BannerOlehOlehResultsSchema = z.object({ list: z.array(SouvenirBannerSchema) });
export type BannerOlehOlehResults = z.infer<typeof BannerOlehOlehResultsSchema>;

export const SouvenirCategorySchema = z.object({ kategori_id: z.number().int().positive(), nama: z.string() });
export type SouvenirCategory = z.infer<typeof SouvenirCategorySchema>;

export const SouvenirProductSchema = z.object({
  produk_id: z.number().int().positive(),
  kategori_id: z.number().int().positive(),
  kategori: z.string(),
  nama: z.string(),
  /** "Kotak 500 g". */
  satuan: z.string(),
  harga: RupiahSchema,
  asal: z.string(),
  gambar: SizedImageSchema,
});
export type SouvenirProduct = z.infer<typeof SouvenirProductSchema>;

export const ListProdukOlehOlehQuerySchema = z.object({
  kategori_id: recordIdParam('kategori_id').optional(),
  page: pageParam,
  per_page: z.coerce
    .number({ error: SOUVENIR_MESSAGES.perPage })
    .int(SOUVENIR_MESSAGES.perPage)
    .min(1, SOUVENIR_MESSAGES.perPage)
    .max(SOUVENIR_LIMITS.perPageMax, SOUVENIR_MESSAGES.perPage)
    .default(SOUVENIR_LIMITS.perPageDefault),
  search: z
    .string({ error: SOUVENIR_MESSAGES.search })
    .trim()
    .max(SOUVENIR_LIMITS.searchMax, SOUVENIR_MESSAGES.search)
    .default(''),
});
export type ListProdukOlehOlehQuery = z.input<typeof ListProdukOlehOlehQuerySchema>;

/** The categories travel with the list so the filter and the page agree in one reply. */
export const ListProdukOlehOlehResultsSchema = z.object({
  list: z.array(SouvenirProductSchema),
  kategori: z.array(SouvenirCategorySchema),
  page: z.number().int().positive(),
  per_page: z.number().int().positive(),
  total: z.number().int().nonnegative(),
  total_page: z.number().int().nonnegative(),
});
export type ListProdukOlehOlehResults = z.infer<typeof ListProdukOlehOlehResultsSchema>;

export const DetailProdukOlehOlehQuerySchema = z.object({ produk_id: recordIdParam('produk_id') });
export const DetailProdukOlehOlehResultsSchema = SouvenirProductSchema.extend({
  deskripsi: z.string(),
  penjual: z.string(),
  /** Days it keeps, for a traveller carrying it home. */
  tahan_hari: z.number().int().positive(),
});
export type DetailProdukOlehOlehResults = z.infer<typeof DetailProdukOlehOlehResultsSchema>;

export const RekomendasiProdukOlehOlehResultsSchema = z.object({ list: z.array(SouvenirProductSchema) });
export type RekomendasiProdukOlehOlehResults = z.infer<typeof RekomendasiProdukOlehOlehResultsSchema>;

/**
 * GET format-pesan-oleh-oleh: how an order reads in WhatsApp. `baris` is written once per cart
 * line with {nama}, {jumlah}, {satuan} and {subtotal}; `format` takes the lines as {daftar} and
 * the sum as {total}.
 */
export const FormatPesanOlehOlehResultsSchema = z.object({
  whatsapp: z.string().regex(/^\d{8,15}$/),
  format: z.string(),
  baris: z.string(),
});
export type FormatPesanOlehOlehResults = z.infer<typeof FormatPesanOlehOlehResultsSchema>;
