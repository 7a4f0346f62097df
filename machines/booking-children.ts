import type { BookerFormInput } from './booker-form.machine';
import {
  type BookingContext,
  type ChildRequest,
  RETURN_PARAM,
  legNames,
  legsOf,
  remainingSeatsOf,
  seatCount,
} from './booking-context';
import { FIRST_CONNECTING_ROUTE } from './constants';
import type { PassengerFormInput } from './passenger-form.machine';
import type { SeatSelectionInput } from './seat-selection.machine';
import type { Direction, NavigationIntent, Trip, TripLeg } from './types';

/**
 * What the booking page hands its children: the ids they run under, their inputs built from the
 * booking context, the mobile screens hosting them, and the trip a schedule's "Pilih" makes.
 * The chart in booking.machine.ts names these; the details live here so the chart reads on its own.
 */

/** "Pilih" on a schedule of the outbound or the return list. */
export interface ScheduleChoice {
  direction: Direction;
  /** One leg, or the legs of a connecting trip in order. */
  legs: TripLeg[];
  /** Code of the connecting itinerary; null for a direct departure. */
  connectingCode?: string | null;
  /** Outbound of a round-trip search: the return list comes next. */
  roundTrip?: boolean;
  /** The return list's query (origin and destination swapped, the return day). */
  returnListSearch?: Record<string, string | number>;
}

export type PassengerRequest = Extract<ChildRequest, { kind: 'passengerForm' }>;

/** The passenger form a `passengers.open` / `passengers.change` event asks for. */
export function passengerRequest(event: {
  direction: Direction;
  legIndex?: number;
  remainingSeats?: number;
}): PassengerRequest {
  return {
    kind: 'passengerForm',
    direction: event.direction,
    ...(event.legIndex === undefined ? {} : { legIndex: event.legIndex }),
    ...(event.remainingSeats === undefined ? {} : { remainingSeats: event.remainingSeats }),
  };
}

export function childId(request: ChildRequest): string {
  switch (request.kind) {
    case 'seatSelection':
      return `seatSelection.${request.direction}`;
    case 'passengerForm':
      return `passengerForm.${request.direction}.${request.legIndex ?? 0}`;
    case 'bookerForm':
      return 'bookerForm';
  }
}

/** `connectingRoute`: the leg to start on (the seat page's address); the child keeps it within the legs already chosen. */
export function seatSelectionInput(
  context: BookingContext,
  direction: Direction,
  connectingRoute?: number,
): SeatSelectionInput {
  // Passengers entered first cap the seats (else the server's maks_penumpang does).
  const passengers = legNames(context, direction, 0).length;
  return {
    direction,
    tripKind: context.trip?.kind ?? 'one-way',
    legs: legsOf(context.trip, direction),
    ...(passengers > 0 ? { passengerCount: passengers } : {}),
    initialSeats: context.seats[direction],
    connectingCode: context.trip?.connectingCode ?? null,
    layout: context.layout,
    hasReturnSeats: seatCount(context, 'pulang') > 0,
    ...(connectingRoute === undefined ? {} : { connectingRoute }),
  };
}

/** The lower of what the screen and the chosen schedule say is left; null when neither said. */
function remainingSeatsFor(context: BookingContext, request: PassengerRequest): number | null {
  const known = [request.remainingSeats, remainingSeatsOf(context.trip, request.direction) ?? undefined].filter(
    (count): count is number => count !== undefined,
  );
  return known.length > 0 ? Math.min(...known) : null;
}

export function passengerFormInput(context: BookingContext, request: PassengerRequest): PassengerFormInput {
  const legIndex = request.legIndex ?? 0;
  const legs = legsOf(context.trip, request.direction);
  return {
    flow: context.layout === 'd' ? 'embedded' : (request.flow ?? context.passengerFlow),
    tripKind: context.trip?.kind ?? 'one-way',
    direction: request.direction,
    legIndex,
    legCount: Math.max(1, legs.length),
    seats: context.seats[request.direction][legIndex] ?? [],
    remainingSeats: remainingSeatsFor(context, request),
    bookerName: context.booker.name,
    ...(legIndex > 0 ? { firstLegNames: legNames(context, request.direction, 0) } : {}),
    initial: context.passengers[request.direction][legIndex] ?? {},
    sa: context.sa,
  };
}

export function bookerFormInput(context: BookingContext): BookerFormInput {
  return { initial: context.booker, embedded: context.layout === 'd' };
}

/** The mobile screen that hosts a child (desktop shows them inline or in sheets). */
export function childRoute(
  context: Pick<BookingContext, 'trip'>,
  request: ChildRequest,
  extraSearch: Record<string, string | number> = {},
): NavigationIntent {
  if (request.kind === 'bookerForm') return { kind: 'route', name: 'info-customer-order' };
  const params: Record<string, string> = request.direction === 'pulang' ? { return: RETURN_PARAM } : {};
  const legIndex = request.kind === 'passengerForm' ? (request.legIndex ?? 0) : 0;
  const search = {
    ...(context.trip?.kind === 'connecting' ? { connecting_route: FIRST_CONNECTING_ROUTE + legIndex } : {}),
    ...extraSearch,
  };
  const name = request.kind === 'seatSelection' ? 'select-seat' : 'm-information-passengers-no-select-seat';
  return { kind: 'route', name, params, ...(Object.keys(search).length > 0 ? { search } : {}) };
}

/** The trip a "Pilih" makes: a new outbound trip, or the return half of the round trip chosen before. */
export function tripOfChoice(current: Trip | null, choice: ScheduleChoice): Trip {
  if (choice.direction === 'pulang' && current) return { ...current, kind: 'round-trip', return: choice.legs };
  const connecting = choice.legs.length > 1;
  return {
    kind: choice.roundTrip ? 'round-trip' : connecting ? 'connecting' : 'one-way',
    outbound: choice.legs,
    return: null,
    connectingCode: connecting ? (choice.connectingCode ?? null) : null,
  };
}
