import { queryOptions } from '@tanstack/react-query';
import type { Facility } from '../../contract/common';
import type { DetailJadwal } from '../../contract/schedules';
import { api } from './api';
import { isApiError } from './client';
import { toScheduleCard } from './mappers';

/**
 * Reads of the schedule detail screens (detail-schedule, the standalone page and its location
 * child, the partner schedule): detail-jadwal, operator-snk, list-jadwal and
 * list-tanggal-jadwal-available. Wire names are mapped once here to the app's names.
 */

const MINUTE = 60_000;

export interface ScheduleDetailKey {
  operatorCode: string;
  scheduleCode: string;
  /** Departure day, `YYYY-MM-DD`. */
  date: string;
}

export interface DetailStop {
  date: string;
  time: string;
  title: string;
  address: string;
  lat: number | null;
  lon: number | null;
}

export interface DetailLeg {
  /** Numbered from 1 (spec constants: connecting route numbering starts at 1). */
  leg: number;
  operatorName: string;
  operatorCode: string;
  scheduleCode: string;
  date: string;
  time: string;
  stops: DetailStop[];
}

export interface ScheduleDetail {
  operatorCode: string;
  operatorName: string;
  operatorLogo: string;
  service: string;
  date: string;
  time: string;
  facilities: Facility[];
  prices: number[];
  remainingSeats: number;
  /** Spec: the first and last titles of rute_perjalanan become from and to. */
  from: string;
  to: string;
  stops: DetailStop[];
  legs: DetailLeg[];
}

type WireStop = DetailJadwal['rute_perjalanan'][number];

function toStop(stop: WireStop): DetailStop {
  return { date: stop.tanggal, time: stop.jam, title: stop.title, address: stop.alamat, lat: stop.lat, lon: stop.lon };
}

export function toScheduleDetail(reply: DetailJadwal): ScheduleDetail {
  const stops = reply.rute_perjalanan.map(toStop);
  return {
    operatorCode: reply.operator_kode,
    operatorName: reply.operator_nama,
    operatorLogo: reply.operator_logo,
    service: reply.layanan,
    date: reply.tanggal_berangkat,
    time: reply.jam_berangkat,
    facilities: reply.fasilitas,
    prices: reply.harga,
    remainingSeats: reply.sisa_kursi,
    from: stops[0]?.title ?? '',
    to: stops.at(-1)?.title ?? '',
    stops,
    legs: reply.list_connecting.map((leg, index) => ({
      leg: index + 1,
      operatorName: leg.operator_nama,
      operatorCode: leg.operator_kode,
      scheduleCode: leg.jadwal_kode,
      date: leg.tanggal_berangkat,
      time: leg.jam_berangkat,
      stops: leg.rute_perjalanan.map(toStop),
    })),
  };
}

export const detailJadwalQueryOptions = ({ operatorCode, scheduleCode, date }: ScheduleDetailKey) =>
  queryOptions({
    queryKey: ['detail-jadwal', { operatorCode, scheduleCode, date }] as const,
    queryFn: ({ signal }) =>
      api
        .request('detailJadwal', { operator_code: operatorCode, schedule_code: scheduleCode, date }, { signal })
        .then(toScheduleDetail),
    staleTime: 30_000,
    // A 404 (schedule unknown or not running that day) will not change on a retry.
    retry: (failures, error) => failures < 2 && !isNotFound(error),
  });

export interface OperatorTerms {
  operatorCode: string;
  operatorName: string;
  terms: string[];
}

export const operatorSnkQueryOptions = (operatorCode: string) =>
  queryOptions({
    queryKey: ['operator-snk', { operatorCode }] as const,
    queryFn: ({ signal }): Promise<OperatorTerms> =>
      api
        .request('operatorSnk', { operator_kode: operatorCode }, { signal })
        .then((r) => ({ operatorCode: r.operator_kode, operatorName: r.operator_nama, terms: r.snk })),
    staleTime: 30 * MINUTE,
  });

export interface PartnerScheduleKey {
  operatorCode: string;
  routeId: number;
  date: string;
}

/** One operator's departures on one route and day (partner schedule, "Pilih Jadwal"). */
export const listJadwalQueryOptions = ({ operatorCode, routeId, date }: PartnerScheduleKey) =>
  queryOptions({
    queryKey: ['list-jadwal', { operatorCode, routeId, date }] as const,
    queryFn: ({ signal }) =>
      api
        .request(
          'listJadwal',
          { operator_kode: operatorCode, jurusan_id: routeId, tanggal_berangkat: date, show_connecting: true },
          { signal },
        )
        // Same card shape as the search list, so the rows read like its cards.
        .then((r) => r.list.map(toScheduleCard)),
    staleTime: 30_000,
  });

export interface AvailableDay {
  date: string;
  available: boolean;
  remainingSeats: number;
}

export const AVAILABLE_DAYS = 7;

/** The days one schedule runs with free seats, from `startDate` on. */
export const listTanggalJadwalAvailableQueryOptions = ({
  operatorCode,
  scheduleCode,
  startDate,
  days = AVAILABLE_DAYS,
}: {
  operatorCode: string;
  scheduleCode: string;
  startDate: string;
  days?: number;
}) =>
  queryOptions({
    queryKey: ['list-tanggal-jadwal-available', { operatorCode, scheduleCode, startDate, days }] as const,
    queryFn: ({ signal }): Promise<AvailableDay[]> =>
      api
        .request(
          'listTanggalJadwalAvailable',
          { operator_kode: operatorCode, jadwal_kode: scheduleCode, tanggal_mulai: startDate, jumlah_hari: days },
          { signal },
        )
        .then((r) =>
          r.list.map((day) => ({ date: day.tanggal, available: day.tersedia, remainingSeats: day.sisa_kursi })),
        ),
    staleTime: 30_000,
  });

export function isNotFound(error: unknown): boolean {
  return isApiError(error) && error.code === 'NFD-1';
}
