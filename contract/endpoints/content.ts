import { get, noInput } from '../endpoint';
import { PREFIX } from '../platform';
import * as donation from '../donation';
import * as content from '../content';

export const contentEndpoints = {
  detailBlog: get(`/${PREFIX}/detail-blog`, content.DetailBlogQuerySchema, content.DetailBlogResultsSchema),
  listHighlightOperator: get(
    `/${PREFIX}/list-highlight-operator`,
    content.ListHighlightOperatorQuerySchema,
    content.ListHighlightOperatorResultsSchema,
  ),
  listPath: get(`/${PREFIX}/list-path`, noInput(), content.ListPathResultsSchema),
  listBannerEvent: get(`/${PREFIX}/list-banner-event`, noInput(), content.ListBannerEventResultsSchema),
  listVoucherEvent: get(
    `/${PREFIX}/list-voucher-event`,
    content.ListVoucherEventQuerySchema,
    content.ListVoucherEventResultsSchema,
  ),
  listBanner: get('/list-banner', content.ListBannerQuerySchema, content.ListBannerResultsSchema),
  listBannerKategori: get('/list-banner-kategori', noInput(), content.ListBannerKategoriResultsSchema),
  bannerPopup: get('/banner-popup', content.BannerPopupQuerySchema, content.BannerPopupResultsSchema),
  rekomendasiFaq: get('/rekomendasi-faq', noInput(), content.ListFaqResultsSchema),
  listFaq: get('/list-faq', noInput(), content.ListFaqResultsSchema),
  /** Feature flags (refundable, berkah, point), the call centre and social links of this deployment. */
  konfigurasi: get(`/${PREFIX}/konfigurasi`, noInput(), content.KonfigurasiResultsSchema),
  /** Paid reservations' donations only. */
  donasiSummary: get('/donasi/summary', noInput(), donation.DonasiSummaryResultsSchema),
  donasiListKomentar: get(
    '/donasi/list-komentar',
    donation.DonasiListKomentarQuerySchema,
    donation.DonasiListKomentarResultsSchema,
  ),
} as const;
