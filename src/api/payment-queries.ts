import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { type BayarKartuResults, type PaymentInstruction, type SimulasiBayarResults } from '../../contract/payment';
import type { PaymentOutcome } from '../../machines/payment.machine';
import { api } from './api';
import { orderKeyHeaders, orderQueryKey } from './order-queries';
import type { ErrorCode } from '../../contract/envelope';
import { isApiError, type ApiClient, type ApiErrorCode, type RequestOptions } from './client';
import { friendlyErrorMessage } from './errors';

/**
 * The payment calls of spec section 7: list-jenis-pembayaran, detail-reservasi (for the deadline),
 * detail-pembayaran, ganti-pembayaran and simulasi-bayar. Each sends this browser's X-Order-Key
 * for the order when it holds one; without it the booker's token decides. Keys start with the
 * endpoint's name; the order's key is the order page's own, so both pages share one read.
 */

const SECOND = 1000;

function orderOptions(code: string, signal?: AbortSignal): RequestOptions {
  const headers = orderKeyHeaders(code);
  return { ...(signal ? { signal } : {}), ...(headers ? { headers } : {}) };
}

const upper = (code: string) => code.toUpperCase();

export const paymentMethodsQueryKey = (code: string) => ['list-jenis-pembayaran', { code: upper(code) }] as const;
export const paymentInstructionQueryKey = (code: string) => ['detail-pembayaran', { code: upper(code) }] as const;

/** No network retry for "not yours" or "not payable": those answers do not change on a retry. */
const retryNetworkOnce = (failures: number, error: unknown) =>
  failures < 1 && isApiError(error) && error.code === 'NETWORK';

/** The methods for this order, with each fee on its amount. */
export const paymentMethodsQueryOptions = (code: string, client: ApiClient = api) =>
  queryOptions({
    queryKey: paymentMethodsQueryKey(code),
    queryFn: ({ signal }) =>
      client
        .request('listJenisPembayaran', { reservasi_kode: upper(code) }, orderOptions(code, signal))
        .then((results) => results.list),
    staleTime: 30 * SECOND,
    retry: retryNetworkOnce,
  });

/** Where and how much to pay with the chosen method. */
export const paymentInstructionQueryOptions = (code: string, client: ApiClient = api) =>
  queryOptions({
    queryKey: paymentInstructionQueryKey(code),
    queryFn: ({ signal }): Promise<PaymentInstruction> =>
      client.request('detailPembayaran', { reservasi_kode: upper(code) }, orderOptions(code, signal)),
    staleTime: 5 * SECOND,
    retry: retryNetworkOnce,
  });

function isServerCode(code: ApiErrorCode): code is ErrorCode {
  return code !== 'NETWORK' && code !== 'BAD_REPLY';
}

/**
 * A refusal the passenger must read (the server's words; friendlier ones for request-shape codes),
 * or a throw for a failed call: no reply, an unreadable one, a server fault.
 */
async function asOutcome<T>(call: () => Promise<T>): Promise<PaymentOutcome<T>> {
  try {
    return { kind: 'ok', results: await call() };
  } catch (error) {
    if (isApiError(error) && isServerCode(error.code) && error.status >= 400 && error.status < 500) {
      return { kind: 'refused', code: error.code, message: friendlyErrorMessage(error) };
    }
    throw error;
  }
}

/** ganti-pembayaran: sets the method; the instruction it answers is cached for the payment page. */
export function changePaymentMethod(
  queryClient: QueryClient,
  code: string,
  methodCode: string,
  signal?: AbortSignal,
  client: ApiClient = api,
): Promise<PaymentOutcome<PaymentInstruction>> {
  return asOutcome(async () => {
    const instruction = await client.request(
      'gantiPembayaran',
      { reservasi_kode: upper(code), jenis_pembayaran_kode: methodCode },
      orderOptions(code, signal),
    );
    queryClient.setQueryData(paymentInstructionQueryKey(code), instruction);
    // The order's total now carries the method's fee.
    void queryClient.invalidateQueries({ queryKey: orderQueryKey(code) });
    return instruction;
  });
}

/** simulasi-bayar (demo mode): settles the order; every read of it is stale afterwards. */
export function simulatePayment(
  queryClient: QueryClient,
  code: string,
  signal?: AbortSignal,
  client: ApiClient = api,
): Promise<PaymentOutcome<SimulasiBayarResults>> {
  return asOutcome(async () => {
    const results = await client.request('simulasiBayar', { reservasi_kode: upper(code) }, orderOptions(code, signal));
    void queryClient.invalidateQueries({ queryKey: orderQueryKey(code) });
    void queryClient.invalidateQueries({ queryKey: paymentInstructionQueryKey(code) });
    return results;
  });
}

/**
 * bayar-kartu: charges the card's one-time token (made at the gateway by the page). Paid at once
 * refreshes the order; otherwise the answer carries the bank's 3DS page.
 */
export function payByCard(
  queryClient: QueryClient,
  code: string,
  token: string,
  signal?: AbortSignal,
  client: ApiClient = api,
): Promise<PaymentOutcome<BayarKartuResults>> {
  return asOutcome(async () => {
    const results = await client.request(
      'bayarKartu',
      { reservasi_kode: upper(code), token_id: token },
      orderOptions(code, signal),
    );
    void queryClient.invalidateQueries({ queryKey: orderQueryKey(code) });
    void queryClient.invalidateQueries({ queryKey: paymentInstructionQueryKey(code) });
    return results;
  });
}

/**
 * cek-status-pembayaran ("Cek Status Pembayaran"): the server asks the payment gateway about the
 * order's charges, so a payment whose notification was lost is found. Answers the order's status.
 */
export function checkPaymentStatus(code: string, signal?: AbortSignal, client: ApiClient = api) {
  return client.request('cekStatusPembayaran', { reservasi_kode: upper(code) }, orderOptions(code, signal));
}
