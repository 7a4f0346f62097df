import { hasAnySeats, legNames, legsOf, passengerCount, type BookingContext } from '../../../machines/booking-context';
import type { Direction, Trip, TripLeg } from '../../../machines/types';
import { useBookingSelector } from '../../flow/app-flow';

/**
 * Narrow reads of the booking actor shared by the booking screens. Derived values (lists,
 * objects) are compared by content so a screen re-renders only when what it shows changed.
 */

export function sameJson<T>(a: T, b: T): boolean {
  return a === b || JSON.stringify(a) === JSON.stringify(b);
}

/** A slice of the booking context, compared by content. */
export function useBookingContext<T>(select: (context: BookingContext) => T): T {
  return useBookingSelector((snapshot) => select(snapshot.context), sameJson);
}

export function useTrip(): Trip | null {
  return useBookingSelector((snapshot) => snapshot.context.trip);
}

/** Directions of the trip: the return one only on a round trip. */
export function directionsOf(trip: Trip | null): Direction[] {
  return trip?.kind === 'round-trip' ? ['pergi', 'pulang'] : ['pergi'];
}

export const directionLabel: Record<Direction, string> = { pergi: 'Pergi', pulang: 'Pulang' };

/** One leg of a direction with what the page shows of it. */
export interface LegView {
  direction: Direction;
  legIndex: number;
  leg: TripLeg;
  /** Seat numbers chosen on this leg. */
  seats: string[];
  /** Passenger names stored for this leg, in seat order. */
  names: string[];
}

export function legViews(context: BookingContext, direction: Direction): LegView[] {
  return legsOf(context.trip, direction).map((leg, legIndex) => ({
    direction,
    legIndex,
    leg,
    seats: (context.seats[direction][legIndex] ?? []).map((seat) => seat.no),
    names: legNames(context, direction, legIndex),
  }));
}

/**
 * Seats are chosen: on a schedule without seat selection the operator assigns them, so the
 * passengers entered stand for the seats.
 */
export function hasChosenSeats(context: BookingContext): boolean {
  return hasAnySeats(context) || passengerCount(context, 'pergi') > 0;
}

/** "Bandung → Jakarta": the outbound's first origin and last destination. */
export function routeLine(trip: Trip | null): string {
  const first = trip?.outbound[0];
  const last = trip?.outbound[trip.outbound.length - 1];
  return first && last ? `${first.origin} → ${last.destination}` : '';
}

// The running children: the flow's own hooks (a saved child is not running).
export {
  useBookerFormChild as useRunningBookerForm,
  usePassengerFormChild as useRunningPassengerForm,
  useSeatSelectionChild as useRunningSeatSelection,
} from '../../flow/booking-children';
