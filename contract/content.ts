import { z } from 'zod';
import { DateSchema, PointTypeSchema, RupiahSchema, TimeSchema, idParam, recordIdParam } from './common';
import { SearchFiltersSchema } from './schedules';
import { SizedImageSchema } from './souvenir';
import { VoucherItemSchema } from './vouchers';

/**
 * Content and lists (spec section 7 "Content and lists"; shapes not shown there): banners, the
 * popup for an ads code, events with their vouchers, FAQ, blog, popular paths and operators, and
 * the product's configuration (feature flags, call centre, social links).
 */

export const CONTENT_MESSAGES = {
  blogNotFound: 'Artikel tidak ditemukan',
  eventNotFound: 'Event tidak ditemukan atau sudah berakhir',
  bannerCategory: 'Kategori banner tidak ditemukan',
  adsCode: 'ads_kode hanya boleh huruf, angka, - dan _ (maksimal 40)',
  slug: 'kode hanya boleh huruf kecil, angka dan - (maksimal 80)',
} as const;

/** Why the server refuses an option whose feature flag is off (FTR-1). */
export const FEATURE_OFF_MESSAGES = {
  refundable: 'Opsi refundable sedang tidak tersedia',
  berkah: 'Donasi Berkah sedang tidak tersedia',
  point: 'Penggunaan poin sedang tidak tersedia',
} as const;

/** A link a banner or popup opens: a page of the app (`/app/...`) or an https address. */
export const ContentLinkSchema = z
  .string()
  .regex(/^(\/app(\/[\w\-./?=&%]*)?|https:\/\/[\w\-.]+(\/[\w\-./?=&%#]*)?)$/)
  .nullable();

const slug = (name: string) =>
  z
    .string({ error: `${name} wajib diisi` })
    .trim()
    .regex(/^[a-z0-9][a-z0-9-]{0,79}$/, CONTENT_MESSAGES.slug);

export const BannerSchema = z.object({
  banner_id: z.number().int().positive(),
  judul: z.string(),
  gambar: SizedImageSchema,
  tautan: ContentLinkSchema,
});
export type Banner = z.infer<typeof BannerSchema>;

export const BannerCategorySchema = z.object({ kategori_id: z.number().int().positive(), nama: z.string() });
export const ListBannerKategoriResultsSchema = z.object({ list: z.array(BannerCategorySchema) });
export type ListBannerKategoriResults = z.infer<typeof ListBannerKategoriResultsSchema>;

export const ListBannerQuerySchema = z.object({ kategori_id: recordIdParam('kategori_id') });
export const ListBannerResultsSchema = z.object({ list: z.array(BannerSchema) });
export type ListBannerResults = z.infer<typeof ListBannerResultsSchema>;

export const AdsCodeSchema = z
  .string({ error: CONTENT_MESSAGES.adsCode })
  .trim()
  .regex(/^[A-Za-z0-9_-]{1,40}$/, CONTENT_MESSAGES.adsCode);

export const BannerPopupQuerySchema = z.object({ ads_kode: AdsCodeSchema });
/** The campaign's popup, or null when the code has none. */
export const BannerPopupResultsSchema = z.object({
  popup: z
    .object({
      ads_kode: z.string(),
      judul: z.string(),
      deskripsi: z.string(),
      gambar: SizedImageSchema,
      tautan: ContentLinkSchema,
      tombol: z.string(),
    })
    .nullable(),
});
export type BannerPopupResults = z.infer<typeof BannerPopupResultsSchema>;

export const ContentEventSchema = z.object({
  event_kode: z.string(),
  judul: z.string(),
  deskripsi: z.string(),
  gambar: SizedImageSchema,
  mulai: DateSchema,
  selesai: DateSchema,
});
export type ContentEvent = z.infer<typeof ContentEventSchema>;

/** GET list-banner-event: events running today. */
export const ListBannerEventResultsSchema = z.object({ list: z.array(ContentEventSchema) });
export type ListBannerEventResults = z.infer<typeof ListBannerEventResultsSchema>;

export const ListVoucherEventQuerySchema = z.object({ kode: slug('kode') });
/** GET list-voucher-event: the event and its vouchers still valid today. */
export const ListVoucherEventResultsSchema = z.object({ event: ContentEventSchema, list: z.array(VoucherItemSchema) });
export type ListVoucherEventResults = z.infer<typeof ListVoucherEventResultsSchema>;

export const FaqSchema = z.object({
  faq_id: z.number().int().positive(),
  kategori: z.string(),
  pertanyaan: z.string(),
  jawaban: z.string(),
});
export type Faq = z.infer<typeof FaqSchema>;
export const ListFaqResultsSchema = z.object({ list: z.array(FaqSchema) });
export type ListFaqResults = z.infer<typeof ListFaqResultsSchema>;

export const DetailBlogQuerySchema = z.object({ kode: slug('kode') });
export const DetailBlogResultsSchema = z.object({
  kode: z.string(),
  judul: z.string(),
  ringkasan: z.string(),
  /** Paragraphs, plain text. */
  isi: z.array(z.string()),
  penulis: z.string(),
  terbit: DateSchema,
  gambar: SizedImageSchema,
});
export type DetailBlogResults = z.infer<typeof DetailBlogResultsSchema>;

/** GET list-path: the most travelled routes, with the lowest fare on them. */
export const PathSchema = z.object({
  asal_id: z.number().int().positive(),
  asal_tipe: PointTypeSchema,
  asal_nama: z.string(),
  tujuan_id: z.number().int().positive(),
  tujuan_tipe: PointTypeSchema,
  tujuan_nama: z.string(),
  harga_mulai: RupiahSchema,
});
export type Path = z.infer<typeof PathSchema>;
export const ListPathResultsSchema = z.object({ list: z.array(PathSchema) });
export type ListPathResults = z.infer<typeof ListPathResultsSchema>;

/**
 * The spec's `filters` travel as search-jadwal's do (operator, jam, fasilitas, harga_min,
 * harga_max), so the operators shown are those of the list the traveller is looking at.
 */
export const ListHighlightOperatorQuerySchema = z
  .object({
    asal_id: idParam('asal_id'),
    asal_tipe: PointTypeSchema,
    tujuan_id: idParam('tujuan_id'),
    tujuan_tipe: PointTypeSchema,
    tanggal_berangkat: DateSchema,
  })
  .extend(SearchFiltersSchema.omit({ sort: true }).shape)
  .refine((q) => q.harga_min === undefined || q.harga_max === undefined || q.harga_min <= q.harga_max, {
    message: 'harga_min tidak boleh lebih dari harga_max',
    path: ['harga_min'],
  });
export type ListHighlightOperatorQuery = z.input<typeof ListHighlightOperatorQuerySchema>;
export type ListHighlightOperatorParams = z.output<typeof ListHighlightOperatorQuerySchema>;
/** Operators running the route that day: the cheapest fare and the first departure. */
export const ListHighlightOperatorResultsSchema = z.object({
  list: z.array(
    z.object({
      operator_kode: z.string(),
      operator_nama: z.string(),
      operator_logo: z.string(),
      harga_mulai: RupiahSchema,
      jumlah_jadwal: z.number().int().positive(),
      jam_pertama: TimeSchema,
    }),
  ),
});
export type ListHighlightOperatorResults = z.infer<typeof ListHighlightOperatorResultsSchema>;

/** GET konfigurasi: what the deployment switches on, and how to reach the call centre. */
export const KonfigurasiResultsSchema = z.object({
  /** demo: seeded demo data and simulated payment (the app shows a "Mode demo" ribbon); produksi: the real service. */
  mode: z.enum(['demo', 'produksi']),
  fitur: z.object({ refundable: z.boolean(), berkah: z.boolean(), point: z.boolean() }),
  call_center: z.object({
    whatsapp: z.string().regex(/^\d{8,15}$/),
    telepon: z.string(),
    email: z.string(),
    jam_layanan: z.string(),
  }),
  sosial: z.array(z.object({ nama: z.string(), url: z.string().startsWith('https://') })),
});
export type KonfigurasiResults = z.infer<typeof KonfigurasiResultsSchema>;
