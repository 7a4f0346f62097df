import {
  type BookingContext,
  type HoldInput,
  type HoldLeg,
  type HoldOutcome,
  type SeatHold,
  bookingMessages,
  legsOf,
} from './booking-context';
import type { Direction } from './types';

/**
 * The seat hold (hold-kursi, beyond the spec): which legs a hold call sends, how its answer
 * changes the booking, and the countdown text. Every call sends every chosen leg, so all legs
 * share one end and a leg chosen again replaces its old seats on the server.
 */

const DIRECTIONS: Direction[] = ['pergi', 'pulang'];

const sameLeg = (a: Pick<HoldLeg, 'direction' | 'legIndex'>, b: Pick<HoldLeg, 'direction' | 'legIndex'>) =>
  a.direction === b.direction && a.legIndex === b.legIndex;

/** The chosen seats of every leg with seat selection. */
export function chosenHoldLegs(context: Pick<BookingContext, 'trip' | 'seats'>): HoldLeg[] {
  return DIRECTIONS.flatMap((direction) =>
    legsOf(context.trip, direction).flatMap((leg, legIndex) => {
      const seats = context.seats[direction][legIndex] ?? [];
      if (!leg.selectSeat || seats.length === 0) return [];
      return [
        {
          direction,
          legIndex,
          operatorCode: leg.operatorCode,
          scheduleCode: leg.scheduleCode,
          date: leg.date,
          seats: seats.map((seat) => seat.no),
        },
      ];
    }),
  );
}

/** The next hold call: every chosen leg, and an empty list for a held leg that has no seats now. */
export function holdInput(chosen: readonly HoldLeg[], hold: SeatHold): HoldInput {
  const dropped = hold.legs
    .filter((held) => !chosen.some((leg) => sameLeg(leg, held)))
    .map((held) => ({ ...held, seats: [] }));
  return { token: hold.token, legs: [...chosen, ...dropped] };
}

/** Leaving the booking: every held leg with an empty list (nothing to send without a token). */
export function releaseInput(hold: SeatHold): HoldInput | null {
  if (hold.token === null || hold.legs.length === 0) return null;
  return { token: hold.token, legs: hold.legs.map((leg) => ({ ...leg, seats: [] })) };
}

/** Whether a hold call has anything to send. */
export function hasHoldWork(chosen: readonly HoldLeg[], hold: SeatHold): boolean {
  return holdInput(chosen, hold).legs.length > 0;
}

/** The chosen legs without the one a refused hold names (its seats were cleared). */
export function chosenWithoutLeg(chosen: readonly HoldLeg[], leg: Pick<HoldLeg, 'direction' | 'legIndex'>): HoldLeg[] {
  return chosen.filter((chosenLeg) => !sameLeg(chosenLeg, leg));
}

/** The leg a refused hold names, with its seats cleared (the passenger chooses again). */
export function seatsWithoutLeg(
  seats: BookingContext['seats'],
  leg: Pick<HoldLeg, 'direction' | 'legIndex'>,
): BookingContext['seats'] {
  const legs = seats[leg.direction].map((chosen, index) => (index === leg.legIndex ? [] : chosen));
  return { ...seats, [leg.direction]: legs };
}

/**
 * What the hold's answer leaves in the context. `outcome.held` are the legs the server answered
 * (with the seats it now holds there, maybe none); legs it did not reach keep their earlier hold.
 * A fresh hold restarts the countdown from `fullMs`.
 */
export function heldAfter(hold: SeatHold, outcome: HoldOutcome, fullMs: number): SeatHold {
  const answered = outcome.held;
  const legs = [
    ...hold.legs.filter((leg) => !answered.some((done) => sameLeg(done, leg))),
    ...answered.filter((leg) => leg.seats.length > 0),
  ];
  const renewed = answered.some((leg) => leg.seats.length > 0);
  return {
    token: outcome.token ?? hold.token,
    endsAt: legs.length === 0 ? null : renewed ? (outcome.endsAt ?? hold.endsAt) : hold.endsAt,
    deadline: legs.length === 0 ? null : renewed ? (outcome.deadline ?? hold.deadline) : hold.deadline,
    remainingMs: legs.length === 0 ? 0 : renewed ? fullMs : hold.remainingMs,
    legs,
    again: hold.again,
  };
}

/** What is left at `now` (the provided clock); 0 once the end passed or nothing is held. */
export function holdLeft(hold: Pick<SeatHold, 'deadline'>, now: number): number {
  return hold.deadline === null ? 0 : Math.max(0, hold.deadline - now);
}

/** MM:SS of what is left (rounded up: 0:00.4 left still shows 00:01). */
export function holdClock(remainingMs: number): string {
  const seconds = Math.max(0, Math.ceil(remainingMs / 1000));
  const mm = String(Math.floor(seconds / 60)).padStart(2, '0');
  const ss = String(seconds % 60).padStart(2, '0');
  return `${mm}:${ss}`;
}

export function holdRemainingText(remainingMs: number): string {
  return bookingMessages.holdRemaining.replace('{time}', holdClock(remainingMs));
}
