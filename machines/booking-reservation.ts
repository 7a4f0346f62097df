import type { ReservasiBody, ReservasiResults, ReservedSeat } from '../contract';
import {
  type AnalyticsEmitted,
  type BookingContext,
  type LayoutMode,
  type ReserveOutcome,
  bookingMessages,
  legNames,
  legsOf,
} from './booking-context';
import {
  connectingOnWire,
  optionsOnWire,
  outboundHeadCountOnWire,
  outboundOnWire,
  returnHeadCountOnWire,
  returnOnWire,
} from './booking-wire';
import type { Direction, NavigationIntent } from './types';
import { cyrb53 } from './digest';

/**
 * Reservation side of the booking page: the reservasi body (spec section 7 "Reservation"), where
 * a successful reply leads (section 4 "Reservation flow") and the analytics event it fires.
 */

type ReservationInputs = Pick<
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
 * has no seat numbers: the operator assigns them, so each name goes with `no: null`.
 */
function reservedSeats(context: ReservationInputs, direction: Direction, legIndex: number): ReservedSeat[] {
  const names = legNames(context, direction, legIndex);
  const seats = context.seats[direction][legIndex] ?? [];
  if (seats.length === 0) return names.map((name) => ({ no: null, penumpang_nama: name }));
  return seats.map((seat, index) => ({ no: seat.no, penumpang_nama: names[index] ?? '' }));
}

export function buildReservasiBody(context: ReservationInputs): ReservasiBody {
  const { trip } = context;
  const donating = context.features.berkah && context.donation.on;
  const common = {
    // Spec section 7: reservasi sends "donasi (0 if none)".
    ...optionsOnWire(context, 0),
    pemesan_nama: context.booker.name,
    pemesan_telp: context.booker.phone,
    pemesan_email: context.booker.email,
    total_bayar: context.price?.total_bayar ?? 0,
    ads_kode: context.adsCode,
    url_referer: context.referrerUrl,
    komentar_donasi: donating && context.donation.message.trim() !== '' ? context.donation.message : null,
  } satisfies Partial<ReservasiBody>;

  if (trip?.kind === 'connecting') {
    return {
      connecting: connectingOnWire(context, (legIndex) => reservedSeats(context, 'pergi', legIndex)),
      flag_connecting: 1,
      flag_pp: 0,
      ...common,
    };
  }
  const roundTrip = trip?.kind === 'round-trip';
  const outbound = legsOf(trip, 'pergi')[0];
  const inbound = legsOf(trip, 'pulang')[0];
  return {
    ...outboundOnWire(outbound),
    kursi_pergi: reservedSeats(context, 'pergi', 0),
    ...outboundHeadCountOnWire(context),
    ...(roundTrip ? { ...returnOnWire(inbound), ...returnHeadCountOnWire(context) } : {}),
    kursi_pulang: roundTrip ? reservedSeats(context, 'pulang', 0) : [],
    connecting: [],
    flag_connecting: 0,
    flag_pp: roundTrip ? 1 : 0,
    ...common,
  };
}

const SEQUENTIAL_KEY = /^reservation-(\d+)$/;

/**
 * The machine's own key source, pure so charts and tests replay the same keys: each confirmation
 * takes the next number after the previous key. The app provides random keys instead (a counter
 * restarts with every booking, and the server would answer an earlier booking's order).
 */
export function nextReservationKey(previous: string | null): string {
  const match = previous === null ? null : SEQUENTIAL_KEY.exec(previous);
  return `reservation-${match ? Number(match[1]) + 1 : 1}`;
}

/**
 * A short fingerprint of what the server hashes for an idempotency key: the body and the hold
 * token (a collision only costs an RSV-4 refusal).
 */
export function reservationFingerprint(body: ReservasiBody, holdToken: string | null): string {
  return cyrb53(JSON.stringify({ body, holdToken }));
}

type KeyInputs = ReservationInputs & Pick<BookingContext, 'reservationKey' | 'reservationFingerprint' | 'hold'>;

/**
 * The key a confirmation sends: the same order as the last one sent (a retry after a failed
 * call) keeps its key, so the server answers the order it may already have made instead of RSV-2
 * on the passenger's own seats; any other order takes a new key from `newKey`.
 */
export function reservationKeyFor(
  context: KeyInputs,
  newKey: (previous: string | null) => string,
): Pick<BookingContext, 'reservationKey' | 'reservationFingerprint'> {
  const fingerprint = reservationFingerprint(buildReservasiBody(context), context.hold.token);
  if (context.reservationKey !== null && context.reservationFingerprint === fingerprint) {
    return { reservationKey: context.reservationKey, reservationFingerprint: fingerprint };
  }
  return { reservationKey: newKey(context.reservationKey), reservationFingerprint: fingerprint };
}

/** Spec section 4: unpaid goes to the payment confirmation; paid to the order (desktop) or payment page (mobile). */
export function successNavigation(results: ReservasiResults, layout: LayoutMode): NavigationIntent {
  const params = { code: results.reservasi_kode };
  if (results.flag_lunas === 0) return { kind: 'route', name: 'confirmation-payment-order', params };
  return { kind: 'route', name: layout === 'd' ? 'detail-order' : 'payment-order', params };
}

/** "Saya Paham" on the price-change dialog. */
export function priceChangeNavigation(code: string): NavigationIntent {
  return { kind: 'route', name: 'confirmation-payment-order', params: { code } };
}

export function beginCheckoutEvent(
  context: Pick<BookingContext, 'trip' | 'seats' | 'passengers'>,
  results: ReservasiResults,
): AnalyticsEmitted {
  const directions: Direction[] = ['pergi', 'pulang'];
  const items = directions.flatMap((direction) =>
    legsOf(context.trip, direction).map((leg, legIndex) => {
      const seats = context.seats[direction][legIndex] ?? [];
      return {
        item_id: leg.scheduleCode,
        item_name: leg.operatorName,
        item_category: direction,
        price: seats.reduce((sum, seat) => sum + seat.price, 0),
        quantity: Math.max(seats.length, legNames(context, direction, legIndex).length),
      };
    }),
  );
  return {
    type: 'analytics',
    name: 'begin_checkout',
    transactionId: results.reservasi_kode,
    value: results.total_bayar,
    currency: 'IDR',
    items,
  };
}

/** Spec section 8: RSV-2 on desktop appends the advice to the server's message. */
export function seatTakenMessage(serverMessage: string): string {
  return `${serverMessage}${bookingMessages.seatTakenSuffix}`;
}

/** The results of a successful reservation, or null. */
export function outcomeResults(outcome: ReserveOutcome): ReservasiResults | null {
  return outcome.kind === 'ok' ? outcome.results : null;
}

/** The server's message of a refused reservation, or null (success or call failure). */
export function outcomeMessage(outcome: ReserveOutcome): string | null {
  return outcome.kind === 'api' ? outcome.message : null;
}

/** Spec section 8: RSV-2, a chosen seat was sold meanwhile. */
export function isSeatTakenOutcome(outcome: ReserveOutcome): boolean {
  return outcome.kind === 'api' && outcome.code === 'RSV-2';
}
