import { z } from 'zod';
import { get, post } from '../endpoint';
import { PREFIX } from '../platform';
import * as payment from '../payment';

export const paymentEndpoints = {
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
  /** Demo mode only (404 otherwise): an operator's fare change, for e2e runs and demos. */
  demoUbahHarga: post(`/${PREFIX}/demo/ubah-harga`, payment.UbahHargaBodySchema, z.object({ harga: z.number() })),
} as const;
