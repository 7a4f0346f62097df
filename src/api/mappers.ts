import type { Facility, OperatorType, PointType } from '../../contract/common';
import type { Point, PopularCity } from '../../contract/points';
import type { CustomerProfilResults } from '../../contract/profile';
import type {
  DateSummary,
  ListFilterResults,
  Schedule,
  ScheduleGroup,
  SearchJadwalResults,
  TimeRangeCode,
} from '../../contract/schedules';
import type { DetailVoucherResults, ValidasiVoucherResults, VoucherItem } from '../../contract/vouchers';
import type { PayingPlace, Trip, TripLeg } from '../../machines/types';

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
  operatorType: OperatorType;
  operatorLogo: string;
  scheduleCode: string;
  selectSeat: boolean;
  remainingSeats: number;
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
      operatorType: leg.operator_type,
      operatorLogo: leg.operator_logo,
      scheduleCode: leg.schedule_code,
      selectSeat: leg.select_seat,
      remainingSeats: leg.sisa_kursi,
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

/** One day of the date strip. */
export interface DateSummaryCard {
  date: string;
  scheduleCount: number;
  /** Lowest price that day; null without departures. */
  lowestPrice: number | null;
}

export function toDateSummary(day: DateSummary): DateSummaryCard {
  return { date: day.tanggal, scheduleCount: day.jumlah_jadwal, lowestPrice: day.harga_min };
}

export interface FilterOptions {
  operators: { code: string; name: string; logo: string; count: number }[];
  timeRanges: { code: TimeRangeCode; label: string; from: string; to: string; count: number }[];
  facilities: { code: Facility; label: string; count: number }[];
  price: { min: number; max: number };
}

export function toFilterOptions(results: ListFilterResults): FilterOptions {
  return {
    operators: results.operator.map((o) => ({ code: o.kode, name: o.nama, logo: o.logo, count: o.jumlah })),
    timeRanges: results.jam.map((t) => ({ code: t.kode, label: t.label, from: t.dari, to: t.sampai, count: t.jumlah })),
    facilities: results.fasilitas.map((f) => ({ code: f.kode, label: f.label, count: f.jumlah })),
    price: { min: results.harga.min, max: results.harga.max },
  };
}

/**
 * A schedule card as the booking flow's legs: a direct departure is one leg, a connecting
 * itinerary ("Pindah Armada") one leg per bus, in order.
 */
export function toTripLegs(schedule: ScheduleCard): TripLeg[] {
  if (schedule.isConnecting && schedule.legs.length > 0) {
    return [...schedule.legs]
      .sort((a, b) => a.leg - b.leg)
      .map((leg) => ({
        operatorCode: leg.operatorCode,
        operatorName: leg.operatorName,
        operatorType: leg.operatorType,
        operatorLogo: leg.operatorLogo,
        scheduleCode: leg.scheduleCode,
        date: leg.date,
        departureTime: leg.departureTime,
        origin: leg.departPool,
        destination: leg.dropPool,
        selectSeat: leg.selectSeat,
        refundable: schedule.isRefundable,
        remainingSeats: leg.remainingSeats,
      }));
  }
  return [
    {
      operatorCode: schedule.operatorCode,
      operatorName: schedule.operatorName,
      operatorType: schedule.operatorType,
      operatorLogo: schedule.operatorLogo,
      scheduleCode: schedule.code,
      date: schedule.date,
      departureTime: schedule.departureTime,
      origin: schedule.departPool,
      destination: schedule.dropPool,
      selectSeat: schedule.selectSeat,
      refundable: schedule.isRefundable,
      remainingSeats: schedule.remainingSeats,
    },
  ];
}

/** The wire schedule straight to legs (tests and callers holding the raw reply). */
export function scheduleToTripLegs(schedule: Schedule): TripLeg[] {
  return toTripLegs(toScheduleCard(schedule));
}

/** Outbound choice: one way, connecting, or the first half of a round trip (return still null). */
export function toOutboundTrip(schedule: ScheduleCard, roundTrip: boolean): Trip {
  const connecting = schedule.isConnecting && schedule.legs.length > 0;
  return {
    kind: roundTrip ? 'round-trip' : connecting ? 'connecting' : 'one-way',
    outbound: toTripLegs(schedule),
    return: null,
    connectingCode: connecting ? schedule.code : null,
  };
}

/** The return choice completes a round trip started by toOutboundTrip. */
export function withReturnLeg(outbound: Trip, schedule: ScheduleCard): Trip {
  return { ...outbound, kind: 'round-trip', return: toTripLegs(schedule) };
}

// ---------------------------------------------------------------------------------------------
// Vouchers and profile.

/** A voucher in the list (list-voucher) and on its detail sheet. */
export interface VoucherCard {
  code: string;
  name: string;
  description: string;
  discountType: 'persen' | 'nominal';
  /** Percent for persen, rupiah for nominal. */
  discountValue: number;
  /** Cap of a percent discount in rupiah; null without a cap. */
  maxDiscount: number | null;
  minTransaction: number;
  /** Last day it can be used, `YYYY-MM-DD`. */
  validUntil: string;
  /** The only payment method it works with (code and name); null for any. */
  paymentMethodCode: string | null;
  paymentMethodName: string | null;
}

export interface VoucherDetail extends VoucherCard {
  /** Terms, one Indonesian sentence each. */
  terms: string[];
}

/** What the booking keeps of an accepted voucher: the machines' Voucher takes `discount` as its price. */
export interface VoucherValidation {
  code: string;
  name: string;
  /** Rupiah taken off the amount that was checked. */
  discount: number;
}

export interface Profile {
  name: string;
  phone: string;
  email: string;
}

export function toVoucherCard(voucher: VoucherItem): VoucherCard {
  return {
    code: voucher.voucher_kode,
    name: voucher.voucher_nama,
    description: voucher.deskripsi,
    discountType: voucher.tipe_potongan,
    discountValue: voucher.nilai_potongan,
    maxDiscount: voucher.maks_potongan,
    minTransaction: voucher.min_transaksi,
    validUntil: voucher.berlaku_sampai,
    paymentMethodCode: voucher.metode_pembayaran,
    paymentMethodName: voucher.metode_pembayaran_nama,
  };
}

export function toVoucherDetail(voucher: DetailVoucherResults): VoucherDetail {
  return { ...toVoucherCard(voucher), terms: [...voucher.syarat] };
}

export function toVoucherValidation(results: ValidasiVoucherResults): VoucherValidation {
  return { code: results.voucher_kode, name: results.voucher_nama, discount: results.potongan };
}

/** Spec section 3: the booker is prefilled from nama, telp and email (the server sends '' for none). */
export function toProfile(profile: CustomerProfilResults): Profile {
  return { name: profile.nama, phone: profile.telp, email: profile.email };
}

/** The paying-place fields an order's instruction and a flash-sale purchase share. */
export function toPayingPlace(place: {
  nomor_bayar: string | null;
  kode_biller: string | null;
  qris: string | null;
  url_bayar: string | null;
}): PayingPlace {
  return { number: place.nomor_bayar, billerCode: place.kode_biller, qris: place.qris, url: place.url_bayar };
}
