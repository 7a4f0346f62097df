import { queryOptions } from '@tanstack/react-query';
import type { OrderDetail } from '../../contract/order';
import { ORDER_KEY_HEADER } from '../../contract/payment';
import type { CancelOutcome, CancelReason, LoadOutcome, LookupOutcome } from '../../machines/order.machine';
import { orderKeyOf } from '../platform/order-keys';
import { api } from './api';
import { isApiError, type ApiClient, type ApiErrorCode } from './client';

/**
 * The after-booking calls of spec section 7: detail-reservasi (with this browser's order key),
 * the guest look-up web-detail-reservasi, and batal-reservasi. The order page's machine reads
 * them as outcomes (src/flow/order-flow.ts); other screens share the order through the query.
 */

/** How long one read of the order serves: a page opened by a loader reuses it, a later visit reads again. */
export const ORDER_READ_FRESH_MS = 5_000;

/** The key of one order's read; invalidate it after changing the order (payment method). */
export const orderQueryKey = (code: string) => ['detail-reservasi', { code: code.toUpperCase() }] as const;

/** X-Order-Key of this browser for the order, when it holds one (else the booker's token decides). */
export function orderKeyHeaders(code: string): Record<string, string> | undefined {
  const key = orderKeyOf(code);
  return key ? { [ORDER_KEY_HEADER]: key } : undefined;
}

function withHeaders(code: string, signal?: AbortSignal) {
  const headers = orderKeyHeaders(code);
  return { ...(signal ? { signal } : {}), ...(headers ? { headers } : {}) };
}

export function fetchOrderDetail(code: string, signal?: AbortSignal, client: ApiClient = api): Promise<OrderDetail> {
  return client.request('detailReservasi', { reservasi_kode: code }, withHeaders(code, signal));
}

/** Answers that mean "this browser may not see that order": the server tells no more. */
const NO_ACCESS: ReadonlySet<ApiErrorCode> = new Set<ApiErrorCode>(['NFD-1', 'AUT-1', 'REQ-1']);

export function isNoAccess(error: unknown): boolean {
  return isApiError(error) && NO_ACCESS.has(error.code);
}

export const orderDetailQueryOptions = (code: string, client: ApiClient = api) =>
  queryOptions({
    queryKey: orderQueryKey(code),
    queryFn: ({ signal }) => fetchOrderDetail(code, signal, client),
    // The status and the deadline move: a loader's read serves the page it opens, no longer.
    staleTime: ORDER_READ_FRESH_MS,
    // No access will not change on a retry.
    retry: (failures, error) => failures < 1 && isApiError(error) && error.code === 'NETWORK',
  });

/** The order as the machine reads it: "not found" for no access, a throw for a failed call. */
export async function loadOrderOutcome(read: () => Promise<OrderDetail>): Promise<LoadOutcome> {
  try {
    return { kind: 'ok', order: await read() };
  } catch (error) {
    if (isNoAccess(error)) return { kind: 'notFound' };
    throw error;
  }
}

/** web-detail-reservasi: a match with the order's key, the one refusal, or the rate limit's message. */
export async function lookupOrder(
  code: string,
  contact: string,
  signal?: AbortSignal,
  client: ApiClient = api,
): Promise<LookupOutcome> {
  try {
    const results = await client.request(
      'webDetailReservasi',
      { reservasi_kode: code, pemesan_email_telp: contact },
      signal ? { signal } : {},
    );
    const { kunci_pesanan: key, ...order } = results;
    return { kind: 'ok', order, key };
  } catch (error) {
    if (isApiError(error) && error.code === 'REQ-2') return { kind: 'limited', message: error.message };
    if (isNoAccess(error)) return { kind: 'refused' };
    throw error;
  }
}

/** Server refusals of a cancel that carry a message for the passenger (ORD-1: paid, cancelled or expired). */
const CANCEL_REFUSALS: ReadonlySet<ApiErrorCode> = new Set<ApiErrorCode>(['ORD-1', 'NFD-1', 'AUT-1', 'REQ-1']);

export async function cancelOrder(
  code: string,
  reason: CancelReason,
  signal?: AbortSignal,
  client: ApiClient = api,
): Promise<CancelOutcome> {
  try {
    await client.request('batalReservasi', { reservasi_kode: code, jenis_batal: reason }, withHeaders(code, signal));
    return { kind: 'ok' };
  } catch (error) {
    if (isApiError(error) && CANCEL_REFUSALS.has(error.code) && error.status > 0) {
      return { kind: 'refused', message: error.message };
    }
    throw error;
  }
}
