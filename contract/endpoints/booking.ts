import { get, post, alsoAt } from '../endpoint';
import { PREFIX } from '../platform';
import * as holds from '../holds';
import * as seats from '../seats';
import * as price from '../price';
import * as reservation from '../reservation';
import * as vouchers from '../vouchers';

export const bookingEndpoints = {
  kursi: get(`/${PREFIX}/kursi`, seats.KursiQuerySchema, seats.KursiResultsSchema),
  cekHarga: post(`/${PREFIX}/cek-harga`, price.CekHargaBodySchema, price.CekHargaResultsSchema),
  /** Headers: Idempotency-Key (a retry answers the same reservation), X-Hold-Token (converts a seat hold). */
  reservasi: post(`/${PREFIX}/reservasi`, reservation.ReservasiBodySchema, reservation.ReservasiResultsSchema),
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
} as const;
