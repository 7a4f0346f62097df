import {
  bookerFormChild,
  hasAnySeats,
  legNames,
  legsOf,
  passengerCount,
  passengerFormChild,
  type BookingContext,
} from '../../../machines/booking.machine';
import type { Direction, Trip, TripLeg } from '../../../machines/types';
import { useBookingSelector, type BookingActor } from '../../flow/app-flow';

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

/**
 * Desktop shows the booker and passenger forms inline and saves them when focus leaves them; a
 * press that did not move focus first (a row just removed took focus with it) saves them here.
 * Each form keeps its details only when they are valid, and shows what is wrong otherwise.
 */
export function saveInlineForms(booking: BookingActor): void {
  const snapshot = booking.getSnapshot();
  if (snapshot.context.layout !== 'd') return;
  bookerFormChild(snapshot)?.send({ type: 'form.save' });
  for (const direction of directionsOf(snapshot.context.trip)) {
    legsOf(snapshot.context.trip, direction).forEach((_, legIndex) => {
      passengerFormChild(snapshot, direction, legIndex)?.send({ type: 'form.save' });
    });
  }
}
