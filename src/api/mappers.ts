import type { Facility, OperatorType, PointType } from '../../contract/common';
import type { Point, PopularCity } from '../../contract/points';
import type { Schedule, ScheduleGroup, SearchJadwalResults } from '../../contract/schedules';

/**
 * Wire names (Indonesian, spec section 3) become the app's English names here and only here.
 * Screens and machines read these shapes; a wire rename touches this file alone.
 */

/** A place to travel from or to: a city (kota) or a pool (cabang). */
export interface Place {
  id: number;
  type: PointType;
  name: string;
  cityId: number;
  cityName: string;
  address: string | null;
}

export interface PopularPlace {
  id: number;
  name: string;
  province: string;
}

export interface ConnectingLegCard {
  leg: number;
  operatorName: string;
  operatorCode: string;
  operatorLogo: string;
  departPool: string;
  dropPool: string;
  departCity: string;
  dropCity: string;
  date: string;
  departureTime: string;
  arrivalTime: string;
}

export interface ScheduleCard {
  code: string;
  operatorCode: string;
  operatorName: string;
  operatorType: OperatorType;
  operatorLogo: string;
  service: string;
  routeId: number;
  departPool: string;
  dropPool: string;
  departCity: string;
  dropCity: string;
  date: string;
  departureTime: string;
  arrivalTime: string;
  /** One price, or the low and high end of a range. */
  prices: number[];
  /** Normal price to strike through beside a promo price; null without promo. */
  normalPrice: number | null;
  remainingSeats: number;
  totalSeats: number;
  facilities: Facility[];
  selectSeat: boolean;
  isConnecting: boolean;
  isRefundable: boolean;
  legs: ConnectingLegCard[];
}

export interface ScheduleGroupCard {
  key: string;
  operatorCode: string;
  operatorName: string;
  operatorLogo: string;
  routeId: number;
  departPool: string;
  dropPool: string;
  isConnecting: boolean;
  schedules: ScheduleCard[];
}

export interface ScheduleSearchPage {
  page: number;
  perPage: number;
  totalPages: number;
  /** Groups across all pages. */
  totalGroups: number;
  /** Departures across all pages. */
  totalSchedules: number;
  groups: ScheduleGroupCard[];
}

export function toPlace(point: Point): Place {
  return {
    id: point.id,
    type: point.tipe,
    name: point.nama,
    cityId: point.kota_id,
    cityName: point.kota_nama,
    address: point.alamat,
  };
}

export function toPopularPlace(city: PopularCity): PopularPlace {
  return { id: city.id, name: city.nama, province: city.provinsi };
}

export function toScheduleCard(schedule: Schedule): ScheduleCard {
  return {
    code: schedule.code_schedule,
    operatorCode: schedule.operator_code,
    operatorName: schedule.operator_name,
    operatorType: schedule.operator_type,
    operatorLogo: schedule.operator_logo,
    service: schedule.service,
    routeId: schedule.jurusan_id,
    departPool: schedule.depart,
    dropPool: schedule.drop,
    departCity: schedule.depart_city,
    dropCity: schedule.drop_city,
    date: schedule.date,
    departureTime: schedule.time_departure,
    arrivalTime: schedule.time_arrival,
    prices: [...schedule.price_ticket],
    normalPrice: schedule.price_normal,
    remainingSeats: schedule.remaining_seats,
    totalSeats: schedule.total_seats,
    facilities: [...schedule.facilities],
    selectSeat: schedule.select_seat,
    isConnecting: schedule.is_connecting,
    isRefundable: schedule.is_refundable,
    legs: schedule.routes_connecting.map((leg) => ({
      leg: leg.leg,
      operatorName: leg.operator_name,
      operatorCode: leg.operator_code,
      operatorLogo: leg.operator_logo,
      departPool: leg.asal_cabang_nama,
      dropPool: leg.tujuan_cabang_nama,
      departCity: leg.asal_kota_nama,
      dropCity: leg.tujuan_kota_nama,
      date: leg.date_go,
      departureTime: leg.jam_berangkat,
      arrivalTime: leg.jam_tiba,
    })),
  };
}

export function toScheduleGroupCard(group: ScheduleGroup): ScheduleGroupCard {
  return {
    key: group.key,
    operatorCode: group.operator_code,
    operatorName: group.operator_name,
    operatorLogo: group.operator_logo,
    routeId: group.jurusan_id,
    departPool: group.depart,
    dropPool: group.drop,
    isConnecting: group.is_connecting,
    schedules: group.jadwal.map(toScheduleCard),
  };
}

export function toScheduleSearchPage(results: SearchJadwalResults): ScheduleSearchPage {
  return {
    page: results.page,
    perPage: results.per_page,
    totalPages: results.total_page,
    totalGroups: results.total,
    totalSchedules: results.total_jadwal,
    groups: results.list.map(toScheduleGroupCard),
  };
}
