import { get, post, noInput } from '../endpoint';
import * as flashsale from '../flashsale';

export const flashsaleEndpoints = {
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
} as const;
