import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { api } from './api';
import { isApiError } from './client';

/** Donasi Berkah (spec section 7: donasi/summary, donasi/list-komentar). */
const retryNetwork = (failures: number, error: unknown) =>
  failures < 2 && isApiError(error) && error.code === 'NETWORK';

export const donationSummaryQueryOptions = () =>
  queryOptions({
    queryKey: ['donasi', 'summary'],
    queryFn: ({ signal }) => api.request('donasiSummary', {}, { signal }),
    staleTime: 30_000,
    retry: retryNetwork,
  });

export const donationCommentsQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: ['donasi', 'list-komentar'] as const,
    queryFn: ({ pageParam, signal }) => api.request('donasiListKomentar', { page: pageParam }, { signal }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page < last.total_page ? last.page + 1 : undefined),
    staleTime: 30_000,
    retry: retryNetwork,
  });
