import type { EndpointName } from './api';
import type { pointsEndpoints } from './endpoints/points';
import type { schedulesEndpoints } from './endpoints/schedules';
import type { bookingEndpoints } from './endpoints/booking';
import type { paymentEndpoints } from './endpoints/payment';
import type { orderEndpoints } from './endpoints/order';
import type { accountEndpoints } from './endpoints/account';
import type { souvenirEndpoints } from './endpoints/souvenir';
import type { contentEndpoints } from './endpoints/content';
import type { flashsaleEndpoints } from './endpoints/flashsale';
import type { supportEndpoints } from './endpoints/support';

/** Each area's table, as a type only: importing this file builds no schema. */
interface AreaTables {
  points: typeof pointsEndpoints;
  schedules: typeof schedulesEndpoints;
  booking: typeof bookingEndpoints;
  payment: typeof paymentEndpoints;
  order: typeof orderEndpoints;
  account: typeof accountEndpoints;
  souvenir: typeof souvenirEndpoints;
  content: typeof contentEndpoints;
  flashsale: typeof flashsaleEndpoints;
  support: typeof supportEndpoints;
}
export type EndpointArea = keyof AreaTables;
type AreaOf<N extends EndpointName> = { [A in EndpointArea]: N extends keyof AreaTables[A] ? A : never }[EndpointArea];

/**
 * The area each call lives in, so the app loads (and builds the schemas of) only the areas a page
 * calls. A new call that is missing here, or named with the wrong area, fails the typecheck.
 */
export const ENDPOINT_AREA: { readonly [N in EndpointName]: AreaOf<N> } = {
  searchPointAsal: 'points',
  searchPointAsalV2: 'points',
  searchPointTujuan: 'points',
  searchPointTujuanV2: 'points',
  listTujuan: 'points',
  listTujuanV2: 'points',
  listKeberangkatanOperator: 'points',
  listKeberangkatanOperatorV2: 'points',
  kotaPopuler: 'points',
  listOperator: 'schedules',
  detailOperator: 'schedules',
  searchJadwal: 'schedules',
  listTanggalJadwal: 'schedules',
  listFilterSearchJadwal: 'schedules',
  listJadwal: 'schedules',
  listTanggalJadwalAvailable: 'schedules',
  detailJadwal: 'schedules',
  operatorSnk: 'schedules',
  kursi: 'booking',
  cekHarga: 'booking',
  reservasi: 'booking',
  holdKursi: 'booking',
  validasiVoucher: 'booking',
  listVoucher: 'booking',
  detailVoucher: 'booking',
  listJenisPembayaran: 'payment',
  gantiPembayaran: 'payment',
  detailPembayaran: 'payment',
  cekStatusPembayaran: 'payment',
  bayarKartu: 'payment',
  simulasiBayar: 'payment',
  demoUbahHarga: 'payment',
  detailReservasi: 'order',
  webDetailReservasi: 'order',
  batalReservasi: 'order',
  requestCustomerLoginAlternative: 'account',
  customerLogin: 'account',
  customerLogout: 'account',
  customerProfil: 'account',
  customerUpdateData: 'account',
  listReservasi: 'account',
  listRiwayatReservasi: 'account',
  customerPoint: 'account',
  customerHistoryPoint: 'account',
  demoOtpOutbox: 'account',
  referral: 'account',
  feedbackKategori: 'account',
  feedbackCreate: 'account',
  feedbackRiwayat: 'account',
  feedbackDetail: 'account',
  messageSouvenir: 'souvenir',
  bannerOlehOleh: 'souvenir',
  listProdukOlehOleh: 'souvenir',
  detailProdukOlehOleh: 'souvenir',
  rekomendasiProdukOlehOleh: 'souvenir',
  formatPesanOlehOleh: 'souvenir',
  detailBlog: 'content',
  listHighlightOperator: 'content',
  listPath: 'content',
  listBannerEvent: 'content',
  listVoucherEvent: 'content',
  listBanner: 'content',
  listBannerKategori: 'content',
  bannerPopup: 'content',
  rekomendasiFaq: 'content',
  listFaq: 'content',
  konfigurasi: 'content',
  donasiSummary: 'content',
  donasiListKomentar: 'content',
  flashsaleBeranda: 'flashsale',
  flashsaleListSesi: 'flashsale',
  flashsaleListCard: 'flashsale',
  flashsaleDetailCard: 'flashsale',
  flashsaleSoalCard: 'flashsale',
  flashsaleCekSoalCard: 'flashsale',
  flashsaleListJenisPembayaran: 'flashsale',
  flashsaleTransaksi: 'flashsale',
  flashsaleDetailTransaksi: 'flashsale',
  flashsaleCekStatus: 'flashsale',
  flashsaleSimulasiBayar: 'flashsale',
  flashsaleListTransaksi: 'flashsale',
  supportTrace: 'support',
  supportTraceRead: 'support',
  supportAccess: 'support',
};
