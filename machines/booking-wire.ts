import { type BookingContext, type FeeType, legNames, legsOf, remainingSeatsOf } from './booking-context';
import type { Direction, TripLeg } from './types';

/**
 * The booking context in the wire's words, for the two calls that carry a trip: the price check
 * (booking-price.ts) and the reservation (booking-reservation.ts). What both send is built here
 * once, so the two bodies cannot drift apart.
 */

/** A leg as the price check and the reservation name it on the wire. */
export function legOnWire(leg: TripLeg) {
  return { operator_kode: leg.operatorCode, jadwal_kode: leg.scheduleCode, tanggal_berangkat: leg.date };
}

export function outboundOnWire(leg: TripLeg | undefined) {
  return leg
    ? { operator_kode_pergi: leg.operatorCode, jadwal_kode_pergi: leg.scheduleCode, tanggal_berangkat_pergi: leg.date }
    : {};
}

export function returnOnWire(leg: TripLeg | undefined) {
  return leg
    ? {
        operator_kode_pulang: leg.operatorCode,
        jadwal_kode_pulang: leg.scheduleCode,
        tanggal_berangkat_pulang: leg.date,
      }
    : {};
}

type HeadCountInputs = Pick<BookingContext, 'trip' | 'passengers'>;

/**
 * How a head count is bounded: the price check never asks for more passengers than the schedule
 * has seats left; the reservation sends the names as entered, for the server to judge.
 */
export type HeadCountLimit = 'remaining-seats' | 'none';

/**
 * A leg whose schedule has no seat selection has no seat numbers: the operator seats its
 * passengers, so the leg is priced and booked by head count, the names entered on it and at least
 * one (before any name is entered the price is that of one passenger). null for a leg with seat
 * selection, which the seats count.
 */
export function headCount(
  context: HeadCountInputs,
  direction: Direction,
  legIndex: number,
  limit: HeadCountLimit = 'none',
): number | null {
  const leg = legsOf(context.trip, direction)[legIndex];
  if (!leg || leg.selectSeat) return null;
  const entered = legNames(context, direction, legIndex).filter((name) => name.trim() !== '').length;
  const left = limit === 'remaining-seats' ? remainingSeatsOf(context.trip, direction) : null;
  return Math.max(1, left === null ? entered : Math.min(entered, left));
}

export function outboundHeadCountOnWire(
  context: HeadCountInputs,
  limit: HeadCountLimit = 'none',
): { jumlah_penumpang_pergi?: number } {
  const count = headCount(context, 'pergi', 0, limit);
  return count === null ? {} : { jumlah_penumpang_pergi: count };
}

export function returnHeadCountOnWire(
  context: HeadCountInputs,
  limit: HeadCountLimit = 'none',
): { jumlah_penumpang_pulang?: number } {
  const count = headCount(context, 'pulang', 0, limit);
  return count === null ? {} : { jumlah_penumpang_pulang: count };
}

/** The legs of a connecting trip with each leg's seats in the call's own shape, and its head count. */
export function connectingOnWire<TSeat>(
  context: HeadCountInputs,
  seatsOf: (legIndex: number) => TSeat[],
  limit: HeadCountLimit = 'none',
) {
  return legsOf(context.trip, 'pergi').map((leg, legIndex) => {
    const count = headCount(context, 'pergi', legIndex, limit);
    return { ...legOnWire(leg), kursi: seatsOf(legIndex), ...(count === null ? {} : { jumlah_penumpang: count }) };
  });
}

export type OptionInputs = Pick<
  BookingContext,
  'voucher' | 'payment' | 'refundable' | 'donation' | 'usePoint' | 'features'
>;

/** The payment and option fields both calls send. */
export interface OptionsOnWire<TNoDonation extends null | 0> {
  voucher_kode: string | null;
  voucher_diskon?: number;
  tipe_admin_fee: FeeType;
  admin_fee: number;
  jenis_pembayaran_kode: string | null;
  flag_asuransi: 0 | 1;
  donasi: number | TNoDonation;
  flag_point: 0 | 1;
}

/**
 * Voucher, payment, refundable cover, donation and points. `noDonation` is the calls' one real
 * difference (spec section 7): cek-harga sends `donasi` as the amount or null, reservasi sends 0
 * when there is none.
 */
export function optionsOnWire<TNoDonation extends null | 0>(
  context: OptionInputs,
  noDonation: TNoDonation,
): OptionsOnWire<TNoDonation> {
  const donating = context.features.berkah && context.donation.on;
  return {
    voucher_kode: context.voucher?.code ?? null,
    ...(context.voucher ? { voucher_diskon: context.voucher.price } : {}),
    tipe_admin_fee: context.payment.typeFee,
    admin_fee: context.payment.fee,
    jenis_pembayaran_kode: context.payment.code === '' ? null : context.payment.code,
    flag_asuransi: context.refundable === 'yes' ? 1 : 0,
    donasi: donating ? context.donation.amount : noDonation,
    flag_point: context.usePoint ? 1 : 0,
  };
}
