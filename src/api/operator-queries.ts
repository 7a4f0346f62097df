import { queryOptions } from '@tanstack/react-query';
import type { DetailOperatorResults, ListHighlightOperatorResults } from '../../contract';
import type { OperatorType, PointType } from '../../contract/common';
import { api } from './api';
import { isApiError } from './client';
import { filterInput, type ScheduleSearchParams } from './queries';

/** The operator landing page and the highlighted operators of a search, in the app's words. */

export interface OperatorDepartureCard {
  scheduleCode: string;
  date: string;
  departureTime: string;
  price: number;
  remainingSeats: number;
}

export interface OperatorRouteCard {
  routeId: number;
  originId: number;
  originType: PointType;
  originPool: string;
  originCity: string;
  destinationId: number;
  destinationType: PointType;
  destinationPool: string;
  destinationCity: string;
  departures: OperatorDepartureCard[];
}

export interface OperatorLanding {
  code: string;
  name: string;
  logo: string;
  type: OperatorType;
  routes: OperatorRouteCard[];
}

export function toOperatorLanding(results: DetailOperatorResults): OperatorLanding {
  return {
    code: results.operator.kode,
    name: results.operator.nama,
    logo: results.operator.logo,
    type: results.operator.tipe,
    routes: results.jurusan.map((route) => ({
      routeId: route.jurusan_id,
      originId: route.asal_id,
      originType: route.asal_tipe,
      originPool: route.asal_nama,
      originCity: route.asal_kota,
      destinationId: route.tujuan_id,
      destinationType: route.tujuan_tipe,
      destinationPool: route.tujuan_nama,
      destinationCity: route.tujuan_kota,
      departures: route.keberangkatan.map((departure) => ({
        scheduleCode: departure.jadwal_kode,
        date: departure.tanggal,
        departureTime: departure.jam_berangkat,
        price: departure.harga,
        remainingSeats: departure.sisa_kursi,
      })),
    })),
  };
}

/** A 4xx other than a network failure: the operator does not exist (or its code cannot). */
export function isOperatorMissing(error: unknown): boolean {
  return isApiError(error) && error.status >= 400 && error.status < 500;
}

/** detail-operator: departures move by the minute, so the page is fresh for one minute. */
export const operatorLandingQueryOptions = (code: string) =>
  queryOptions({
    queryKey: ['detail-operator', code] as const,
    queryFn: ({ signal }) => api.request('detailOperator', { operator_kode: code }, { signal }).then(toOperatorLanding),
    staleTime: 60_000,
    // An unknown operator stays unknown: only a network failure is tried again.
    retry: (failures, error) => failures < 2 && isApiError(error) && error.code === 'NETWORK',
  });

export interface HighlightedOperator {
  code: string;
  name: string;
  logo: string;
  lowestPrice: number;
  departures: number;
  firstDeparture: string;
}

export function toHighlightedOperators(results: ListHighlightOperatorResults): HighlightedOperator[] {
  return results.list.map((operator) => ({
    code: operator.operator_kode,
    name: operator.operator_nama,
    logo: operator.operator_logo,
    lowestPrice: operator.harga_mulai,
    departures: operator.jumlah_jadwal,
    firstDeparture: operator.jam_pertama,
  }));
}

/**
 * list-highlight-operator for the searched route and day, with the list's filters as search-jadwal
 * is given them. The sort does not change who runs the route, so it is left out of the call.
 */
export const highlightOperatorsQueryOptions = (params: Omit<ScheduleSearchParams, 'page' | 'roundTrip'>) => {
  const { sort: _sort, ...filters }: { sort?: unknown } & ReturnType<typeof filterInput> = filterInput(params.filters);
  const query = {
    ...filters,
    asal_id: params.originId,
    asal_tipe: params.originType,
    tujuan_id: params.destinationId,
    tujuan_tipe: params.destinationType,
    tanggal_berangkat: params.date,
  };
  return queryOptions({
    queryKey: ['list-highlight-operator', query] as const,
    queryFn: ({ signal }) => api.request('listHighlightOperator', query, { signal }).then(toHighlightedOperators),
    staleTime: 60_000,
  });
};
