import type { ReservasiResults } from '../contract';
import {
  type AnalyticsEmitted,
  type BookingContext,
  type LayoutMode,
  type ReserveOutcome,
  bookingMessages,
  legNames,
  legsOf,
} from './booking-context';
import { type ReservationInputs, type ReservationRequest, reservationRequest } from './booking-requests';
import type { Direction, NavigationIntent } from './types';
import { cyrb53 } from './digest';

/**
 * Reservation side of the booking page: the idempotency key a confirmation sends, where a
 * successful reply leads (spec section 4 "Reservation flow") and the analytics event it fires.
 * The request itself is in booking-requests.ts.
 */

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
 * A short fingerprint of what the server hashes for an idempotency key: the request (what the
 * body is built from, one to one) and the hold token (a collision only costs an RSV-4 refusal).
 */
export function reservationFingerprint(request: ReservationRequest, holdToken: string | null): string {
  return cyrb53(JSON.stringify({ request, holdToken }));
}

type KeyInputs = ReservationInputs & Pick<BookingContext, 'reservationKey' | 'reservationFingerprint' | 'holdToken'>;

/**
 * The key a confirmation sends: the same order as the last one sent (a retry after a failed
 * call) keeps its key, so the server answers the order it may already have made instead of RSV-2
 * on the passenger's own seats; any other order takes a new key from `newKey`.
 */
export function reservationKeyFor(
  context: KeyInputs,
  newKey: (previous: string | null) => string,
): Pick<BookingContext, 'reservationKey' | 'reservationFingerprint'> {
  const fingerprint = reservationFingerprint(reservationRequest(context), context.holdToken);
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
