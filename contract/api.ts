import { z } from 'zod';
import * as donation from './donation';
import * as feedback from './feedback';
import * as referral from './referral';
import * as flashsale from './flashsale';
import * as holds from './holds';
import * as order from './order';
import * as payment from './payment';
import * as points from './points';
import * as schedules from './schedules';
import * as seats from './seats';
import * as price from './price';
import * as account from './account';
import * as reservation from './reservation';
import * as vouchers from './vouchers';
import * as support from './support';
import * as souvenir from './souvenir';
import * as content from './content';
import * as operator from './operator';

const noInput = () => z.object({});

/** All paths sit under this base; `{prefix}` of the spec is the product's own group. */
export const API_BASE = '/api';
export const PREFIX = 'berangkat';

interface Endpoint {
  method: 'GET' | 'POST';
  path: string;
  input: z.ZodType;
  results: z.ZodType;
  /** How a POST body travels: JSON unless the spec says form-encoded. */
  body?: 'json' | 'form';
  /** A larger body limit than the API's default, in bytes (support traces). */
  maxBodyBytes?: number;
  /** Further paths the server answers identically (the spec names some calls without `{prefix}`). */
  aliases?: readonly string[];
}

const get = <I extends z.ZodType, R extends z.ZodType>(path: string, input: I, results: R) =>
  ({ method: 'GET', path, input, results }) as const satisfies Endpoint;
const post = <I extends z.ZodType, R extends z.ZodType>(path: string, input: I, results: R) =>
  ({ method: 'POST', path, input, results, body: 'json' }) as const satisfies Endpoint;
/** A POST whose body is `application/x-www-form-urlencoded` (spec: customer-update-data). */
const postForm = <I extends z.ZodType, R extends z.ZodType>(path: string, input: I, results: R) =>
  ({ method: 'POST', path, input, results, body: 'form' }) as const satisfies Endpoint;

/** The same call also answered at `paths` (one handler, one schema). */
const alsoAt = <E extends Endpoint, const P extends readonly string[]>(endpoint: E, ...paths: P) =>
  ({ ...endpoint, aliases: paths }) as const;

/** Every call the API serves: the client and the server both read this table. */
export const endpoints = {
  searchPointAsal: get('/search-point-asal', points.SearchPointQuerySchema, points.PointListSchema),
  searchPointAsalV2: get('/search-point-asal-v2', points.SearchPointV2QuerySchema, points.PointListSchema),
  searchPointTujuan: get('/search-point-tujuan', points.SearchPointQuerySchema, points.PointListSchema),
  searchPointTujuanV2: get('/search-point-tujuan-v2', points.SearchPointV2QuerySchema, points.PointListSchema),
  listTujuan: get('/list-tujuan', points.ListTujuanQuerySchema, points.PointListSchema),
  listTujuanV2: get('/list-tujuan-v2', points.ListTujuanV2QuerySchema, points.PointListSchema),
  listKeberangkatanOperator: get(
    '/list-keberangkatan-operator',
    points.ListKeberangkatanOperatorQuerySchema,
    points.PointListSchema,
  ),
  listKeberangkatanOperatorV2: get(
    '/list-keberangkatan-operator-v2',
    points.ListKeberangkatanOperatorQuerySchema,
    points.PointListSchema,
  ),
  kotaPopuler: get('/kota-populer', noInput(), points.PopularCityListSchema),
  listOperator: get(`/${PREFIX}/list-operator`, noInput(), schedules.OperatorListSchema),
  /** The operator landing page (landing-page-mitra): its routes and their next departures. */
  detailOperator: get(
    `/${PREFIX}/detail-operator`,
    operator.DetailOperatorQuerySchema,
    operator.DetailOperatorResultsSchema,
  ),
  searchJadwal: get(`/${PREFIX}/search-jadwal`, schedules.SearchJadwalQuerySchema, schedules.SearchJadwalResultsSchema),
  listTanggalJadwal: get(
    '/list-tanggal-jadwal',
    schedules.ListTanggalJadwalQuerySchema,
    schedules.ListTanggalJadwalResultsSchema,
  ),
  listFilterSearchJadwal: get(
    '/list-filter-search-jadwal',
    schedules.ListFilterQuerySchema,
    schedules.ListFilterResultsSchema,
  ),
  listJadwal: get('/list-jadwal', schedules.ListJadwalQuerySchema, schedules.ListJadwalResultsSchema),
  listTanggalJadwalAvailable: get(
    '/list-tanggal-jadwal-available',
    schedules.ListTanggalAvailableQuerySchema,
    schedules.ListTanggalAvailableResultsSchema,
  ),
  detailJadwal: get('/detail-jadwal', schedules.DetailJadwalQuerySchema, schedules.DetailJadwalResultsSchema),
  operatorSnk: get('/operator-snk', schedules.OperatorSnkQuerySchema, schedules.OperatorSnkResultsSchema),
  kursi: get(`/${PREFIX}/kursi`, seats.KursiQuerySchema, seats.KursiResultsSchema),
  cekHarga: post(`/${PREFIX}/cek-harga`, price.CekHargaBodySchema, price.CekHargaResultsSchema),
  /** Headers: Idempotency-Key (a retry answers the same reservation), X-Hold-Token (converts a seat hold). */
  reservasi: post(`/${PREFIX}/reservasi`, reservation.ReservasiBodySchema, reservation.ReservasiResultsSchema),
  listJenisPembayaran: get(
    '/list-jenis-pembayaran',
    payment.ListJenisPembayaranQuerySchema,
    payment.ListJenisPembayaranResultsSchema,
  ),
  /** Header X-Order-Key (or the booker's bearer token) on every order call below. */
  gantiPembayaran: post('/ganti-pembayaran', payment.GantiPembayaranBodySchema, payment.PaymentInstructionSchema),
  detailPembayaran: get(
    `/${PREFIX}/detail-pembayaran`,
    payment.DetailPembayaranQuerySchema,
    payment.PaymentInstructionSchema,
  ),
  cekStatusPembayaran: post(
    `/${PREFIX}/cek-status-pembayaran`,
    payment.CekStatusPembayaranBodySchema,
    payment.CekStatusPembayaranResultsSchema,
  ),
  /** The card's one-time token from the gateway's script; the card data itself never comes here. */
  bayarKartu: post(`/${PREFIX}/bayar-kartu`, payment.BayarKartuBodySchema, payment.BayarKartuResultsSchema),
  /** Demo mode only (404 otherwise): settles the order as the simulated provider's notification would. */
  simulasiBayar: post(`/${PREFIX}/simulasi-bayar`, payment.SimulasiBayarBodySchema, payment.SimulasiBayarResultsSchema),
  detailReservasi: get('/detail-reservasi', order.DetailReservasiQuerySchema, order.OrderDetailSchema),
  /** Rate limited per client and per code; one refusal for an unknown code and a wrong contact. */
  webDetailReservasi: get(
    '/web-detail-reservasi',
    order.WebDetailReservasiQuerySchema,
    order.WebDetailReservasiResultsSchema,
  ),
  batalReservasi: post('/batal-reservasi', order.BatalReservasiBodySchema, order.BatalReservasiResultsSchema),
  /** Demo mode only (404 otherwise): an operator's fare change, for e2e runs and demos. */
  demoUbahHarga: post(`/${PREFIX}/demo/ubah-harga`, payment.UbahHargaBodySchema, z.object({ harga: z.number() })),
  holdKursi: post(`/${PREFIX}/hold-kursi`, holds.HoldKursiBodySchema, holds.HoldKursiResultsSchema),
  // Spec section 7 lists the voucher calls without `{prefix}`; the app calls the prefixed paths.
  validasiVoucher: alsoAt(
    get(`/${PREFIX}/validasi-voucher`, vouchers.ValidasiVoucherQuerySchema, vouchers.ValidasiVoucherResultsSchema),
    '/validasi-voucher',
  ),
  listVoucher: alsoAt(
    get(`/${PREFIX}/list-voucher`, vouchers.ListVoucherQuerySchema, vouchers.ListVoucherResultsSchema),
    '/list-voucher',
  ),
  detailVoucher: alsoAt(
    get(`/${PREFIX}/detail-voucher`, vouchers.DetailVoucherQuerySchema, vouchers.DetailVoucherResultsSchema),
    '/detail-voucher',
  ),
  requestCustomerLoginAlternative: post(
    `/${PREFIX}/request-customer-login-alternative`,
    account.RequestLoginBodySchema,
    account.RequestLoginResultsSchema,
  ),
  customerLogin: post(`/${PREFIX}/customer-login`, account.CustomerLoginBodySchema, account.CustomerLoginResultsSchema),
  /** Revokes the bearer token of the call (beyond the spec: signing out). */
  customerLogout: post(`/${PREFIX}/customer-logout`, noInput(), z.object({ ok: z.literal(true) })),
  customerProfil: get(`/${PREFIX}/customer-profil`, noInput(), account.CustomerProfilResultsSchema),
  customerUpdateData: postForm(
    '/customer-update-data',
    account.CustomerUpdateDataBodySchema,
    account.CustomerProfilResultsSchema,
  ),
  /** Bearer only; a customer sees only their own orders. */
  listReservasi: get(`/${PREFIX}/list-reservasi`, account.ListReservasiQuerySchema, account.OrderCardPageSchema),
  listRiwayatReservasi: get(
    `/${PREFIX}/list-riwayat-reservasi`,
    account.ListReservasiQuerySchema,
    account.OrderCardPageSchema,
  ),
  customerPoint: get('/customer-point', noInput(), account.CustomerPointResultsSchema),
  customerHistoryPoint: get(
    '/customer-history-point',
    account.CustomerHistoryPointQuerySchema,
    account.CustomerHistoryPointResultsSchema,
  ),
  /** Demo mode only (404 otherwise): the development outbox of one-time codes, for testers and e2e. */
  demoOtpOutbox: get(`/${PREFIX}/demo/otp-outbox`, account.OtpOutboxQuerySchema, account.OtpOutboxResultsSchema),
  /** Bearer only: the customer's referral code and the paid bookings it brought. */
  referral: get(`/${PREFIX}/referral`, noInput(), referral.ReferralResultsSchema),
  feedbackKategori: get('/feedback-kategori', noInput(), feedback.FeedbackKategoriResultsSchema),
  /** Bearer only, like the two below: a customer sees only their own feedback. */
  feedbackCreate: post('/feedback-create', feedback.FeedbackCreateBodySchema, feedback.FeedbackSchema),
  feedbackRiwayat: get('/feedback-riwayat', feedback.FeedbackRiwayatQuerySchema, feedback.FeedbackRiwayatResultsSchema),
  feedbackDetail: get('/feedback-detail', feedback.FeedbackDetailQuerySchema, feedback.FeedbackSchema),
  messageSouvenir: get('/message-souvenir', noInput(), souvenir.MessageSouvenirResultsSchema),
  bannerOlehOleh: get('/banner-oleh-oleh', noInput(), souvenir.BannerOlehOlehResultsSchema),
  listProdukOlehOleh: get(
    '/list-produk-oleh-oleh',
    souvenir.ListProdukOlehOlehQuerySchema,
    souvenir.ListProdukOlehOlehResultsSchema,
  ),
  detailProdukOlehOleh: get(
    '/detail-produk-oleh-oleh',
    souvenir.DetailProdukOlehOlehQuerySchema,
    souvenir.DetailProdukOlehOlehResultsSchema,
  ),
  rekomendasiProdukOlehOleh: get(
    '/rekomendasi-produk-oleh-oleh',
    noInput(),
    souvenir.RekomendasiProdukOlehOlehResultsSchema,
  ),
  formatPesanOlehOleh: get('/format-pesan-oleh-oleh', noInput(), souvenir.FormatPesanOlehOlehResultsSchema),
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
  flashsaleBeranda: get('/flashsale/beranda', noInput(), flashsale.FlashSaleBerandaResultsSchema),
  flashsaleListSesi: get(
    '/flashsale/list-sesi',
    flashsale.FlashSaleListSesiQuerySchema,
    flashsale.FlashSaleListSesiResultsSchema,
  ),
  flashsaleListCard: get(
    '/flashsale/list-card',
    flashsale.FlashSaleListCardQuerySchema,
    flashsale.FlashSaleListCardResultsSchema,
  ),
  flashsaleDetailCard: get(
    '/flashsale/detail-card',
    flashsale.FlashSaleCardQuerySchema,
    flashsale.FlashSaleDetailCardResultsSchema,
  ),
  flashsaleSoalCard: get(
    '/flashsale/soal-card',
    flashsale.FlashSaleCardQuerySchema,
    flashsale.FlashSaleSoalResultsSchema,
  ),
  /**
   * A wrong answer is 403 FLS-2 and blocks the card for this client until its session ends. A
   * client already at its purchase cap for the card gets 409 FLS-6 instead of a key.
   */
  flashsaleCekSoalCard: get(
    '/flashsale/cek-soal-card',
    flashsale.FlashSaleCekSoalQuerySchema,
    flashsale.FlashSaleCekSoalResultsSchema,
  ),
  flashsaleListJenisPembayaran: get(
    '/flashsale/list-jenis-pembayaran',
    flashsale.FlashSaleJenisPembayaranQuerySchema,
    flashsale.FlashSaleJenisPembayaranResultsSchema,
  ),
  /**
   * Stock is taken in the same database transaction as the key: never oversold (409 FLS-4). The key
   * buys only for the buyer who earned it (403 FLS-5; a blocked buyer 403 FLS-2), and a buyer holds
   * at most the server's cap of one card's purchases per session (409 FLS-6; 1 unless configured).
   */
  flashsaleTransaksi: post(
    '/flashsale/transaksi',
    flashsale.FlashSaleTransaksiBodySchema,
    flashsale.FlashSaleTransaksiResultsSchema,
  ),
  flashsaleDetailTransaksi: get(
    '/flashsale/detail-transaksi',
    flashsale.FlashSaleDetailTransaksiQuerySchema,
    flashsale.FlashSaleTransactionSchema,
  ),
  /** "Cek Status Pembayaran": asks the gateway about the purchase's open charges, then answers it. */
  flashsaleCekStatus: post(
    '/flashsale/cek-status',
    flashsale.FlashSaleCekStatusBodySchema,
    flashsale.FlashSaleTransactionSchema,
  ),
  /** Demo mode with the simulated provider only (404 otherwise): pays a flash-sale purchase once. */
  flashsaleSimulasiBayar: post(
    '/flashsale/simulasi-bayar',
    flashsale.FlashSaleSimulasiBayarBodySchema,
    flashsale.FlashSaleTransactionSchema,
  ),
  /** Bearer only: the customer's own flash-sale transactions. */
  flashsaleListTransaksi: get(
    '/flashsale/list-transaksi',
    flashsale.FlashSaleListTransaksiQuerySchema,
    flashsale.FlashSaleListTransaksiResultsSchema,
  ),
  /** Beyond the spec: a customer or tester sends a booking trace; answers the support code. */
  supportTrace: {
    ...post(`/${PREFIX}/support/trace`, support.SupportTraceBodySchema, support.SupportTraceSentSchema),
    maxBodyBytes: support.TRACE_MAX_BYTES,
  },
  /** Support accounts only (403 AUT-4): a stored trace by its code. */
  supportTraceRead: get(`/${PREFIX}/support/trace`, support.SupportTraceQuerySchema, support.SupportTraceReadSchema),
  /** Support accounts only (403 AUT-4): the replay screen's gate. */
  supportAccess: get(`/${PREFIX}/support/akses`, noInput(), support.SupportAccessSchema),
} as const;

export type EndpointName = keyof typeof endpoints;
export type EndpointInput<N extends EndpointName> = z.input<(typeof endpoints)[N]['input']>;
export type EndpointParsedInput<N extends EndpointName> = z.output<(typeof endpoints)[N]['input']>;
export type EndpointResults<N extends EndpointName> = z.output<(typeof endpoints)[N]['results']>;
