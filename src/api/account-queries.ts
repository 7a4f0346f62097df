import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import type { CustomerProfilResults, CustomerUpdateDataBody, OrderCardPage } from '../../contract/account';
import type { FeedbackCreateBody } from '../../contract/feedback';
import { api } from './api';
import { isApiError } from './client';

/**
 * The signed-in customer's reads (spec section 7: customer-profil, list-reservasi,
 * list-riwayat-reservasi, customer-point, customer-history-point). Every key starts with
 * 'account': the session resets them all whenever the customer changes.
 */

const MINUTE = 60_000;

/** A guest's 401 and a refused token stay refusals on a retry; only a lost connection is tried again. */
const retryNetworkOnce = (failures: number, error: unknown) =>
  failures < 1 && isApiError(error) && error.code === 'NETWORK';

export const accountProfileQueryOptions = () =>
  queryOptions({
    queryKey: ['account', 'profile'] as const,
    queryFn: ({ signal }) => api.request('customerProfil', {}, { signal }),
    staleTime: 5 * MINUTE,
    retry: retryNetworkOnce,
  });

export type OrderTab = 'active' | 'past';

export const accountOrdersQueryOptions = (tab: OrderTab) =>
  infiniteQueryOptions({
    queryKey: ['account', 'orders', tab] as const,
    queryFn: ({ pageParam, signal }) =>
      api.request(tab === 'active' ? 'listReservasi' : 'listRiwayatReservasi', { page: pageParam }, { signal }),
    initialPageParam: 1,
    getNextPageParam: (last: OrderCardPage) => (last.page * last.per_page < last.total ? last.page + 1 : undefined),
    // Statuses move (paid, expired): a list older than a minute is read again.
    staleTime: MINUTE,
    retry: retryNetworkOnce,
  });

export const accountPointsQueryOptions = () =>
  queryOptions({
    queryKey: ['account', 'points'] as const,
    queryFn: ({ signal }) => api.request('customerPoint', {}, { signal }),
    staleTime: MINUTE,
    retry: retryNetworkOnce,
  });

export const accountPointHistoryQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: ['account', 'point-history'] as const,
    queryFn: ({ pageParam, signal }) => api.request('customerHistoryPoint', { page: pageParam }, { signal }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.per_page < last.total ? last.page + 1 : undefined),
    staleTime: MINUTE,
    retry: retryNetworkOnce,
  });

/** customer-update-data (form-encoded by the client): answers the profile as saved. */
export function updateProfile(body: CustomerUpdateDataBody): Promise<CustomerProfilResults> {
  return api.request('customerUpdateData', body);
}

/** {prefix}/referral: the customer's code, link and the paid bookings it brought. */
export const referralQueryOptions = () =>
  queryOptions({
    queryKey: ['account', 'referral'] as const,
    queryFn: ({ signal }) => api.request('referral', {}, { signal }),
    staleTime: MINUTE,
    retry: retryNetworkOnce,
  });

/** feedback-kategori: the same for everyone, so kept long. */
export const feedbackCategoriesQueryOptions = () =>
  queryOptions({
    queryKey: ['feedback', 'kategori'] as const,
    queryFn: ({ signal }) => api.request('feedbackKategori', {}, { signal }),
    staleTime: 60 * MINUTE,
    retry: retryNetworkOnce,
  });

/** feedback-riwayat (bearer): the customer's feedback, newest first. */
export const feedbackHistoryQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: ['account', 'feedback'] as const,
    queryFn: ({ pageParam, signal }) => api.request('feedbackRiwayat', { page: pageParam }, { signal }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page < last.total_page ? last.page + 1 : undefined),
    staleTime: MINUTE,
    retry: retryNetworkOnce,
  });

/** feedback-detail with flag_read 1: opening it marks its reply read. */
export const feedbackDetailQueryOptions = (id: number) =>
  queryOptions({
    queryKey: ['account', 'feedback', id] as const,
    queryFn: ({ signal }) => api.request('feedbackDetail', { feedback_id: id, flag_read: 1 }, { signal }),
    staleTime: MINUTE,
    retry: retryNetworkOnce,
  });

export function sendFeedback(body: FeedbackCreateBody) {
  return api.request('feedbackCreate', body);
}
