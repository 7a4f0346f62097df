import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import type { PointType } from '../../contract/common';
import { api } from './api';
import { toPlace, toPopularPlace, toScheduleSearchPage } from './mappers';

/**
 * Query options factories: the one description of each read, shared by route loaders
 * (prefetch) and components (useQuery). Keys start with the endpoint's name.
 */

const MINUTE = 60_000;

export interface ScheduleSearchParams {
  originId: number;
  originType: PointType;
  destinationId: number;
  destinationType: PointType;
  /** Departure day, `YYYY-MM-DD`. */
  date: string;
  roundTrip: boolean;
  page?: number;
}

function searchJadwalInput(params: ScheduleSearchParams, page: number) {
  return {
    asal_id: params.originId,
    asal_tipe: params.originType,
    tujuan_id: params.destinationId,
    tujuan_tipe: params.destinationType,
    tanggal_berangkat: params.date,
    group_by: 'operator-jurusan' as const,
    flag_pp: params.roundTrip,
    show_connecting: true,
    page,
  };
}

/** One page of search-jadwal (grouped by operator and route, connecting trips included). */
export const searchJadwalQueryOptions = (params: ScheduleSearchParams) => {
  const page = params.page ?? 1;
  return queryOptions({
    queryKey: ['search-jadwal', { ...params, page }] as const,
    queryFn: ({ signal }) =>
      api.request('searchJadwal', searchJadwalInput(params, page), { signal }).then(toScheduleSearchPage),
    staleTime: 30_000,
  });
};

/** The same search, page after page ("Muat lebih banyak"). */
export const searchJadwalInfiniteQueryOptions = (params: Omit<ScheduleSearchParams, 'page'>) =>
  infiniteQueryOptions({
    queryKey: ['search-jadwal', 'pages', params] as const,
    queryFn: ({ signal, pageParam }) =>
      api.request('searchJadwal', searchJadwalInput(params, pageParam), { signal }).then(toScheduleSearchPage),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page < last.totalPages ? last.page + 1 : undefined),
    staleTime: 30_000,
  });

export const kotaPopulerQueryOptions = () =>
  queryOptions({
    queryKey: ['kota-populer'] as const,
    queryFn: ({ signal }) => api.request('kotaPopuler', {}, { signal }).then((r) => r.list.map(toPopularPlace)),
    staleTime: 30 * MINUTE,
  });

export interface PlaceSearchParams {
  text: string;
  page?: number;
}

export const searchPointAsalQueryOptions = ({ text, page = 1 }: PlaceSearchParams) =>
  queryOptions({
    queryKey: ['search-point-asal', { text, page }] as const,
    queryFn: ({ signal }) =>
      api.request('searchPointAsal', { text, page }, { signal }).then((r) => r.list.map(toPlace)),
    staleTime: 5 * MINUTE,
  });

export const searchPointTujuanQueryOptions = ({ text, page = 1 }: PlaceSearchParams) =>
  queryOptions({
    queryKey: ['search-point-tujuan', { text, page }] as const,
    queryFn: ({ signal }) =>
      api.request('searchPointTujuan', { text, page }, { signal }).then((r) => r.list.map(toPlace)),
    staleTime: 5 * MINUTE,
  });

export interface DestinationListParams {
  originId: number;
  originType: PointType;
}

/** Destinations reachable from an origin. */
export const listTujuanQueryOptions = ({ originId, originType }: DestinationListParams) =>
  queryOptions({
    queryKey: ['list-tujuan', { originId, originType }] as const,
    queryFn: ({ signal }) =>
      api
        .request('listTujuan', { asal_id: originId, asal_tipe: originType }, { signal })
        .then((r) => r.list.map(toPlace)),
    staleTime: 5 * MINUTE,
  });
