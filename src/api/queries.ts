import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import type { Facility, PointType } from '../../contract/common';
import type { Sort, TimeRangeCode } from '../../contract/schedules';
import { getOperatorCode } from '../platform/session';
import { api } from './api';
import { ApiError, NETWORK_ERROR_MESSAGE } from './client';
import { toDateSummary, toFilterOptions, toPlace, toPopularPlace, toScheduleSearchPage } from './mappers';

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
  /** List filters and sort; none when absent. */
  filters?: ScheduleFilters;
  page?: number;
}

export interface ScheduleFilters {
  operators: string[];
  timeRanges: TimeRangeCode[];
  facilities: Facility[];
  priceMin: number | null;
  priceMax: number | null;
  sort: Sort;
}

/** Filters as search-jadwal takes them: comma lists, absent when empty. */
export function filterInput(filters: ScheduleFilters | undefined) {
  if (!filters) return {};
  return {
    ...(filters.operators.length > 0 ? { operator: filters.operators.join(',') } : {}),
    ...(filters.timeRanges.length > 0 ? { jam: filters.timeRanges.join(',') } : {}),
    ...(filters.facilities.length > 0 ? { fasilitas: filters.facilities.join(',') } : {}),
    ...(filters.priceMin !== null ? { harga_min: filters.priceMin } : {}),
    ...(filters.priceMax !== null ? { harga_max: filters.priceMax } : {}),
    sort: filters.sort,
  };
}

function searchJadwalInput(params: ScheduleSearchParams, page: number) {
  return {
    ...filterInput(params.filters),
    asal_id: params.originId,
    asal_tipe: params.originType,
    tujuan_id: params.destinationId,
    tujuan_tipe: params.destinationType,
    tanggal_berangkat: params.date,
    group_by: 'operator-jurusan' as const,
    flag_pp: params.roundTrip,
    // A round trip carries one leg each way, so connecting trips are offered one way only.
    show_connecting: !params.roundTrip,
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

/** Origin, destination and connecting flag: what the date strip and the filter lists share. */
function searchBaseInput(
  params: Pick<ScheduleSearchParams, 'originId' | 'originType' | 'destinationId' | 'destinationType'>,
) {
  return {
    asal_id: params.originId,
    asal_tipe: params.originType,
    tujuan_id: params.destinationId,
    tujuan_tipe: params.destinationType,
    show_connecting: true,
  };
}

export type DateStripParams = Pick<
  ScheduleSearchParams,
  'originId' | 'originType' | 'destinationId' | 'destinationType'
> & {
  /** First day of the strip, `YYYY-MM-DD`. */
  startDate: string;
  days: number;
};

/** list-tanggal-jadwal: departures and the lowest price per day (the date strip). */
export const listTanggalJadwalQueryOptions = ({ startDate, days, ...place }: DateStripParams) =>
  queryOptions({
    queryKey: ['list-tanggal-jadwal', { ...place, startDate, days }] as const,
    queryFn: ({ signal }) =>
      api
        .request(
          'listTanggalJadwal',
          { ...searchBaseInput(place), tanggal_mulai: startDate, jumlah_hari: days },
          { signal },
        )
        .then((r) => r.list.map(toDateSummary)),
    staleTime: 60_000,
  });

/** list-filter-search-jadwal: the operators, time ranges, facilities and prices of one search. */
export const listFilterQueryOptions = (params: Omit<ScheduleSearchParams, 'page' | 'filters' | 'roundTrip'>) =>
  queryOptions({
    queryKey: ['list-filter-search-jadwal', params] as const,
    queryFn: ({ signal }) =>
      api
        .request('listFilterSearchJadwal', { ...searchBaseInput(params), tanggal_berangkat: params.date }, { signal })
        .then(toFilterOptions),
    staleTime: 60_000,
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
  /**
   * An operator's own app (`operator_kode` in the page's query, read at start): only that
   * operator's points, through the -v2 look-ups. Null for every operator.
   */
  operatorCode?: string | null;
}

/**
 * Spec section 8: a destination look-up with undefined parameters answers `err`, the call
 * layer's marker for a failed call, without calling the server.
 */
export function undefinedParametersError(): ApiError {
  return new ApiError('REQ-1', 0, NETWORK_ERROR_MESSAGE);
}

/**
 * Origins. Within one operator: its departures (cities, each before its pools) while nothing is
 * typed, then its matches.
 */
export const searchPointAsalQueryOptions = ({ text, page = 1, operatorCode = getOperatorCode() }: PlaceSearchParams) =>
  queryOptions({
    queryKey: ['search-point-asal', { text, page, operatorCode }] as const,
    queryFn: ({ signal }) => {
      const request = !operatorCode
        ? api.request('searchPointAsal', { text, page }, { signal })
        : text.trim() === ''
          ? api.request('listKeberangkatanOperatorV2', { operator_kode: operatorCode }, { signal })
          : api.request('searchPointAsalV2', { text, page, operator_kode: operatorCode }, { signal });
      return request.then((r) => r.list.map(toPlace));
    },
    staleTime: 5 * MINUTE,
  });

export const searchPointTujuanQueryOptions = ({
  text,
  page = 1,
  operatorCode = getOperatorCode(),
}: Partial<PlaceSearchParams>) =>
  queryOptions({
    queryKey: ['search-point-tujuan', { text, page, operatorCode }] as const,
    queryFn: async ({ signal }) => {
      if (text === undefined) throw undefinedParametersError();
      const reply = operatorCode
        ? await api.request('searchPointTujuanV2', { text, page, operator_kode: operatorCode }, { signal })
        : await api.request('searchPointTujuan', { text, page }, { signal });
      return reply.list.map(toPlace);
    },
    staleTime: 5 * MINUTE,
  });

export interface DestinationListParams {
  /** Undefined before an origin is chosen: the look-up then answers `err` (spec section 8). */
  originId: number | undefined;
  originType: PointType | undefined;
  operatorCode?: string | null;
}

/** Destinations reachable from an origin (within one operator in an operator's own app). */
export const listTujuanQueryOptions = ({
  originId,
  originType,
  operatorCode = getOperatorCode(),
}: DestinationListParams) =>
  queryOptions({
    queryKey: ['list-tujuan', { originId, originType, operatorCode }] as const,
    queryFn: async ({ signal }) => {
      if (originId === undefined || originType === undefined) throw undefinedParametersError();
      const input = { asal_id: originId, asal_tipe: originType };
      const reply = operatorCode
        ? await api.request('listTujuanV2', { ...input, operator_kode: operatorCode }, { signal })
        : await api.request('listTujuan', input, { signal });
      return reply.list.map(toPlace);
    },
    staleTime: 5 * MINUTE,
  });
