import {
  type BookingContext,
  type FeeType,
  legNames,
  legsOf,
  passengerCount,
  remainingSeatsOf,
} from './booking-context';
import type { Booker, Direction, SeatsByLeg, TripLeg } from './types';

/**
 * What the booking asks of the server, in the machine's own words: the price check and the
 * reservation as domain requests. The spec's rules about what is sent (head counts, the desktop
 * round-trip flag, donation, seat names) are decided here; src/api turns a request into the
 * cek-harga or reservasi body, the only place that knows the wire names.
 */

/** A leg as a call names it. */
export interface LegRef {
  operatorCode: string;
  scheduleCode: string;
  date: string;
}

/**
 * One leg of a call: its schedule (none before a trip is chosen), the seats in the call's own
 * shape, and the head count of a leg without seat selection (null where the seats count).
 */
export interface LegRequest<TSeat> {
  leg: LegRef | null;
  seats: TSeat[];
  headCount: number | null;
}

/** A leg of a connecting trip, which always names its schedule. */
export type ConnectingLegRequest<TSeat> = LegRequest<TSeat> & { leg: LegRef };

/** The trip of a call: the legs of a connecting trip, or the outbound leg and a return leg. */
export type TripRequest<TSeat> =
  | { kind: 'connecting'; legs: ConnectingLegRequest<TSeat>[] }
  | { kind: 'direct'; outbound: LegRequest<TSeat>; return: LegRequest<TSeat> | null };

/** Voucher, payment, refundable cover, donation and points, as both calls send them. */
export interface OptionsRequest {
  voucher: { code: string; discount: number } | null;
  feeType: FeeType;
  fee: number;
  /** null: no payment chosen yet. */
  paymentCode: string | null;
  refundable: boolean;
  /** Rupiah, or null without a donation. */
  donation: number | null;
  usePoints: boolean;
}

export interface PriceRequest {
  trip: TripRequest<string>;
  options: OptionsRequest;
}

/** A seat of the reservation with its passenger; a leg without seat selection has no number. */
export interface ReservedSeatRequest {
  seat: string | null;
  passengerName: string;
}

export interface ReservationRequest {
  trip: TripRequest<ReservedSeatRequest>;
  options: OptionsRequest;
  booker: Booker;
  /** The total of the last price check (0 before one). */
  total: number;
  adsCode: string | null;
  referrerUrl: string | null;
  /** The donation's message, or null without a donation or a message. */
  donationMessage: string | null;
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

function legRef(leg: TripLeg): LegRef {
  return { operatorCode: leg.operatorCode, scheduleCode: leg.scheduleCode, date: leg.date };
}

function connectingLegRequest<TSeat>(
  context: HeadCountInputs,
  leg: TripLeg,
  legIndex: number,
  seats: TSeat[],
  limit: HeadCountLimit,
): ConnectingLegRequest<TSeat> {
  return { leg: legRef(leg), seats, headCount: headCount(context, 'pergi', legIndex, limit) };
}

function legRequest<TSeat>(
  context: HeadCountInputs,
  direction: Direction,
  legIndex: number,
  seats: TSeat[],
  limit: HeadCountLimit,
): LegRequest<TSeat> {
  const leg = legsOf(context.trip, direction)[legIndex];
  return {
    leg: leg ? legRef(leg) : null,
    seats,
    headCount: headCount(context, direction, legIndex, limit),
  };
}

type OptionInputs = Pick<BookingContext, 'voucher' | 'payment' | 'refundable' | 'donation' | 'usePoint' | 'features'>;

export function optionsRequest(context: OptionInputs): OptionsRequest {
  const donating = context.features.berkah && context.donation.on;
  return {
    voucher: context.voucher ? { code: context.voucher.code, discount: context.voucher.price } : null,
    feeType: context.payment.typeFee,
    fee: context.payment.fee,
    paymentCode: context.payment.code === '' ? null : context.payment.code,
    refundable: context.refundable === 'yes',
    donation: donating ? context.donation.amount : null,
    usePoints: context.usePoint,
  };
}

export type PriceInputs = Pick<
  BookingContext,
  | 'layout'
  | 'trip'
  | 'seats'
  | 'passengers'
  | 'voucher'
  | 'payment'
  | 'refundable'
  | 'donation'
  | 'usePoint'
  | 'features'
>;

const seatNumbers = (seats: SeatsByLeg, legIndex: number) => (seats[legIndex] ?? []).map((seat) => seat.no);

/**
 * The price check (spec section 7 "Price check") from the booking context. Spec rules kept as
 * they are:
 * - on desktop with no passengers in either leg the trip is priced one way;
 * - if there are no outbound seats but return seats exist, the return seats are priced as outbound.
 */
export function priceRequest(context: PriceInputs): PriceRequest {
  const { trip } = context;
  const options = optionsRequest(context);
  if (trip?.kind === 'connecting') {
    const legs = legsOf(trip, 'pergi').map((leg, legIndex) =>
      connectingLegRequest(context, leg, legIndex, seatNumbers(context.seats.pergi, legIndex), 'remaining-seats'),
    );
    return { trip: { kind: 'connecting', legs }, options };
  }
  const inbound = trip?.kind === 'round-trip' ? legsOf(trip, 'pulang')[0] : undefined;
  const noPassengers = passengerCount(context, 'pergi') + passengerCount(context, 'pulang') === 0;
  const roundTrip = inbound !== undefined && !(context.layout === 'd' && noPassengers);
  const outboundSeats = seatNumbers(context.seats.pergi, 0);
  const returnSeats = seatNumbers(context.seats.pulang, 0);
  const outboundPriced = outboundSeats.length === 0 && returnSeats.length > 0 ? returnSeats : outboundSeats;
  return {
    trip: {
      kind: 'direct',
      outbound: legRequest(context, 'pergi', 0, outboundPriced, 'remaining-seats'),
      return: roundTrip ? legRequest(context, 'pulang', 0, returnSeats, 'remaining-seats') : null,
    },
    options,
  };
}

export type ReservationInputs = Pick<
  BookingContext,
  | 'trip'
  | 'seats'
  | 'passengers'
  | 'booker'
  | 'voucher'
  | 'payment'
  | 'refundable'
  | 'donation'
  | 'usePoint'
  | 'price'
  | 'features'
  | 'adsCode'
  | 'referrerUrl'
>;

/**
 * Seat entries of one leg with their passenger names, in seat order. A leg without seat selection
 * has no seat numbers: the operator assigns them, so each name goes without a seat.
 */
function reservedSeats(context: ReservationInputs, direction: Direction, legIndex: number): ReservedSeatRequest[] {
  const names = legNames(context, direction, legIndex);
  const seats = context.seats[direction][legIndex] ?? [];
  if (seats.length === 0) return names.map((name) => ({ seat: null, passengerName: name }));
  return seats.map((seat, index) => ({ seat: seat.no, passengerName: names[index] ?? '' }));
}

/** The reservation (spec section 7 "Reservation") from the booking context. */
export function reservationRequest(context: ReservationInputs): ReservationRequest {
  const { trip } = context;
  const donating = context.features.berkah && context.donation.on;
  const common = {
    options: optionsRequest(context),
    booker: context.booker,
    total: context.price?.total_bayar ?? 0,
    adsCode: context.adsCode,
    referrerUrl: context.referrerUrl,
    donationMessage: donating && context.donation.message.trim() !== '' ? context.donation.message : null,
  };
  const seatsOf = (direction: Direction, legIndex: number) => reservedSeats(context, direction, legIndex);
  if (trip?.kind === 'connecting') {
    const legs = legsOf(trip, 'pergi').map((leg, legIndex) =>
      connectingLegRequest(context, leg, legIndex, seatsOf('pergi', legIndex), 'none'),
    );
    return { trip: { kind: 'connecting', legs }, ...common };
  }
  const roundTrip = trip?.kind === 'round-trip';
  return {
    trip: {
      kind: 'direct',
      outbound: legRequest(context, 'pergi', 0, seatsOf('pergi', 0), 'none'),
      return: roundTrip ? legRequest(context, 'pulang', 0, seatsOf('pulang', 0), 'none') : null,
    },
    ...common,
  };
}
