import { assign, fromCallback, fromPromise, sendParent, setup, type EventObject } from 'xstate';
import { HOLD_MINUTES } from '../contract/holds';
import { EMPTY_HOLD, type HoldInput, type HoldLeg, type HoldOutcome, type SeatHold } from './booking-context';
import { chosenWithoutLeg, hasHoldWork, heldAfter, holdInput, holdLeft, releaseInput } from './booking-hold';

/**
 * The seat hold (hold-kursi, beyond the spec), a child of the booking chart: seats saved on the
 * seat page are held on the server for HOLD_MINUTES and the page counts down. The booking hands
 * it the chosen legs after every seat save and takes each answer back as `hold.answered` (the
 * token for its calls, and a refusal to show); the countdown is read from this chart's snapshot.
 */

export type BookingHoldEvent =
  /** Seats were saved: hold these legs (every chosen leg with seat selection). */
  | { type: 'hold.request'; legs: HoldLeg[] }
  /** From the provided clock while seats are held: this device's time in ms. */
  | { type: 'hold.tick'; now: number }
  /** Leaving the booking or starting another: the held seats go back to everyone. */
  | { type: 'hold.release' }
  /** The reservation converted the hold (the server let go of the rest): the token stays for the next booking. */
  | { type: 'hold.forget' };

/** What the booking learns after each answer: the token to send, and a refusal to answer. */
export interface HoldAnswered {
  type: 'hold.answered';
  token: string | null;
  refusal: HoldOutcome['refusal'];
}

export interface BookingHoldContext {
  hold: SeatHold;
  /** The legs of the last request: a call started later (seats saved meanwhile) sends these. */
  chosen: HoldLeg[];
}

export const bookingHoldMachine = setup({
  types: {
    context: {} as BookingHoldContext,
    events: {} as BookingHoldEvent,
  },
  actors: {
    // Placeholders: the app provides the call and the clock (src/flow/effects.ts).
    holdSeats: fromPromise<HoldOutcome, HoldInput>(() => Promise.reject(new Error('holdSeats is provided by the app'))),
    // The app's clock: sends hold.tick with the time now, at once and every HOLD_TICK_MS.
    holdClock: fromCallback<EventObject>(() => {}),
  },
  guards: {
    hasHoldWork: ({ context }, params: { legs: readonly HoldLeg[] }) => hasHoldWork(params.legs, context.hold),
    isHoldAgain: ({ context }) => context.hold.again,
    holdsSeats: ({ context }) => context.hold.legs.length > 0,
    isHoldOver: ({ context }, params: { now: number }) => holdLeft(context.hold, params.now) === 0,
    holdsSeatsAfter: ({ context }, params: { outcome: HoldOutcome }) =>
      heldAfter(context.hold, params.outcome, 0).legs.length > 0,
  },
  actions: {
    storeChosen: assign((_, params: { legs: HoldLeg[] }) => ({ chosen: params.legs })),
    markHoldAgain: assign(({ context }) => ({ hold: { ...context.hold, again: true } })),
    startHoldCall: assign(({ context }) => ({ hold: { ...context.hold, again: false } })),
    storeHold: assign(({ context }, params: { outcome: HoldOutcome }) => ({
      hold: heldAfter(context.hold, params.outcome, HOLD_MINUTES * 60_000),
      // RSV-2 clears the refused leg's seats in the booking: a call made next does not send them.
      chosen:
        params.outcome.refusal?.kind === 'taken'
          ? chosenWithoutLeg(context.chosen, params.outcome.refusal.leg)
          : context.chosen,
    })),
    reportHold: sendParent(({ context }, params: { outcome: HoldOutcome }): HoldAnswered => ({
      type: 'hold.answered',
      token: context.hold.token,
      refusal: params.outcome.refusal,
    })),
    tickHold: assign(({ context }, params: { now: number }) => ({
      hold: { ...context.hold, remainingMs: holdLeft(context.hold, params.now) },
    })),
    endHold: assign(({ context }) => ({ hold: { ...context.hold, remainingMs: 0 } })),
    // Fire and forget, provided by the app: the hold ends by itself if the call never lands.
    releaseHold: (_, _params: { input: HoldInput | null }) => {},
    forgetHold: assign(({ context }) => ({ hold: { ...EMPTY_HOLD, token: context.hold.token }, chosen: [] })),
  },
}).createMachine({
  id: 'booking-hold',
  description: `Seats saved on the seat page are held on the server for ${HOLD_MINUTES} minutes; the page counts down.`,
  context: { hold: EMPTY_HOLD, chosen: [] },
  initial: 'idle',
  on: {
    'hold.release': {
      target: '.idle',
      actions: [
        { type: 'releaseHold', params: ({ context }) => ({ input: releaseInput(context.hold) }) },
        'forgetHold',
      ],
    },
    'hold.forget': { target: '.idle', actions: 'forgetHold' },
  },
  states: {
    idle: {
      description: 'Nothing held.',
      on: {
        'hold.request': {
          guard: { type: 'hasHoldWork', params: ({ event }) => ({ legs: event.legs }) },
          target: 'holding',
          actions: { type: 'storeChosen', params: ({ event }) => ({ legs: event.legs }) },
        },
      },
    },
    holding: {
      description:
        'The hold call runs (every chosen leg in turn); seats saved meanwhile are held when it answers. A refused seat is chosen again; a failed call is silent.',
      entry: 'startHoldCall',
      invoke: {
        id: 'holdSeats',
        src: 'holdSeats',
        input: ({ context }) => holdInput(context.chosen, context.hold),
        onDone: [
          {
            guard: 'isHoldAgain',
            target: 'holding',
            reenter: true,
            actions: [
              { type: 'storeHold', params: ({ event }) => ({ outcome: event.output }) },
              { type: 'reportHold', params: ({ event }) => ({ outcome: event.output }) },
            ],
          },
          {
            guard: { type: 'holdsSeatsAfter', params: ({ event }) => ({ outcome: event.output }) },
            target: 'held',
            actions: [
              { type: 'storeHold', params: ({ event }) => ({ outcome: event.output }) },
              { type: 'reportHold', params: ({ event }) => ({ outcome: event.output }) },
            ],
          },
          {
            target: 'idle',
            actions: [
              { type: 'storeHold', params: ({ event }) => ({ outcome: event.output }) },
              { type: 'reportHold', params: ({ event }) => ({ outcome: event.output }) },
            ],
          },
        ],
        onError: [
          { guard: 'isHoldAgain', target: 'holding', reenter: true },
          { guard: 'holdsSeats', target: 'held' },
          { target: 'idle' },
        ],
      },
      on: {
        'hold.request': {
          actions: ['markHoldAgain', { type: 'storeChosen', params: ({ event }) => ({ legs: event.legs }) }],
        },
      },
    },
    held: {
      description: 'The seats are held: the provided clock ticks the countdown until the hold ends.',
      invoke: { id: 'holdClock', src: 'holdClock' },
      on: {
        'hold.tick': [
          {
            guard: { type: 'isHoldOver', params: ({ event }) => ({ now: event.now }) },
            target: 'expired',
            actions: 'endHold',
          },
          { actions: { type: 'tickHold', params: ({ event }) => ({ now: event.now }) } },
        ],
        'hold.request': {
          guard: { type: 'hasHoldWork', params: ({ event }) => ({ legs: event.legs }) },
          target: 'holding',
          actions: { type: 'storeChosen', params: ({ event }) => ({ legs: event.legs }) },
        },
      },
    },
    expired: {
      description: 'The hold ran out: reserving still works while nobody took the seats (else RSV-2).',
      on: {
        'hold.request': {
          guard: { type: 'hasHoldWork', params: ({ event }) => ({ legs: event.legs }) },
          target: 'holding',
          actions: { type: 'storeChosen', params: ({ event }) => ({ legs: event.legs }) },
        },
      },
    },
  },
});
