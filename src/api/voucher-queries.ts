import { queryOptions } from '@tanstack/react-query';
import type { ValidasiVoucherQuery } from '../../contract/vouchers';
import type { TripLeg } from '../../machines/types';
import { api } from './api';
import { isApiError, type RequestOptions } from './client';
import { toProfile, toVoucherCard, toVoucherDetail, toVoucherValidation, type VoucherValidation } from './mappers';

/**
 * Reads of the voucher sheet and the booker prefill: list-voucher, detail-voucher,
 * validasi-voucher and customer-profil. Keys start with the endpoint's name.
 */

const MINUTE = 60_000;

export interface VoucherListParams {
  /** Part of a code or a name; empty lists every usable voucher. */
  search?: string;
  email?: string;
  phone?: string;
}

/** The vouchers usable today with quota left, by name. */
export const listVoucherQueryOptions = ({ search = '', email, phone }: VoucherListParams = {}) =>
  queryOptions({
    queryKey: ['list-voucher', { search, email, phone }] as const,
    queryFn: ({ signal }) =>
      api
        .request('listVoucher', { search, ...(email ? { email } : {}), ...(phone ? { telp: phone } : {}) }, { signal })
        .then((r) => r.list.map(toVoucherCard)),
    // Quotas run out while the sheet is open: a list older than a minute is read again.
    staleTime: MINUTE,
  });

/** One voucher with its terms; an unknown code (404) will not appear on a retry. */
export const detailVoucherQueryOptions = (code: string) =>
  queryOptions({
    queryKey: ['detail-voucher', { code }] as const,
    queryFn: ({ signal }) => api.request('detailVoucher', { voucher_kode: code }, { signal }).then(toVoucherDetail),
    staleTime: MINUTE,
    retry: (failures, error) => failures < 2 && !(isApiError(error) && error.code === 'NFD-1'),
  });

/** The part of a leg the voucher check names. */
export type VoucherLeg = Pick<TripLeg, 'operatorCode' | 'scheduleCode' | 'date'>;

export interface VoucherValidationInput {
  code: string;
  email: string;
  phone: string;
  /** The chosen payment method's code; null or '' while none is chosen. */
  paymentCode: string | null;
  outbound: VoucherLeg;
  /** The return leg of a round trip; null one way. */
  return: VoucherLeg | null;
  /** The tickets' subtotal in rupiah: what the price check measures the voucher against. */
  totalAmount: number;
}

function validationQuery(input: VoucherValidationInput): ValidasiVoucherQuery {
  return {
    voucher_kode: input.code,
    email: input.email,
    telp: input.phone,
    ...(input.paymentCode ? { jenis_pembayaran_kode: input.paymentCode } : {}),
    operator_kode_pergi: input.outbound.operatorCode,
    jadwal_kode_pergi: input.outbound.scheduleCode,
    tanggal_berangkat_pergi: input.outbound.date,
    ...(input.return
      ? {
          operator_kode_pulang: input.return.operatorCode,
          jadwal_kode_pulang: input.return.scheduleCode,
          tanggal_berangkat_pulang: input.return.date,
        }
      : {}),
    flag_pp: input.return ? 1 : 0,
    total_amount: input.totalAmount,
  };
}

/**
 * validasi-voucher: the voucher and its discount, or an ApiError whose code says why not
 * (VCR-1 unknown, VCR-2 dates, VCR-3 quota, VCR-4 minimum, VCR-5 payment method) and whose
 * message is the server's Indonesian reason. A command, not a cached read: each call checks anew.
 */
export async function validateVoucher(
  input: VoucherValidationInput,
  options: RequestOptions = {},
): Promise<VoucherValidation> {
  return toVoucherValidation(await api.request('validasiVoucher', validationQuery(input), options));
}

/** The signed-in customer's nama, telp and email for the booker prefill; a guest's call fails with AUT-1. */
export const customerProfileQueryOptions = () =>
  queryOptions({
    queryKey: ['customer-profil'] as const,
    queryFn: ({ signal }) => api.request('customerProfil', {}, { signal }).then(toProfile),
    staleTime: 5 * MINUTE,
    // Spec section 8: a profile failure is silent, and a guest's 401 stays one.
    retry: false,
  });
