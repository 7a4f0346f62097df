import { assign, fromPromise, sendParent, setup } from 'xstate';
import type { CekHargaResults } from '../contract';
import type { PriceRequest } from './booking-requests';

/**
 * The booking page's price check (cek-harga), a child of the booking chart: the booking asks for
 * a check after every price-relevant change, with the request it computed from its context, and
 * takes the reply back as `price.checked`. A new request while one runs cancels it and starts
 * again; a failure is silent (the last price list stays).
 */

export type BookingPriceEvent =
  /** Check this request now (restarts a check in flight, whose reply would be stale). */
  | { type: 'price.check'; request: PriceRequest }
  /** Nothing to price (no trip any more): a check in flight is dropped. */
  | { type: 'price.cancel' };

/** What the booking learns: the reply of the check it asked last. */
export interface PriceChecked {
  type: 'price.checked';
  price: CekHargaResults;
}

export interface BookingPriceContext {
  /** The request of the check running (or last run); null before the first. */
  request: PriceRequest | null;
}

export const bookingPriceMachine = setup({
  types: {
    context: {} as BookingPriceContext,
    events: {} as BookingPriceEvent,
  },
  actors: {
    // Placeholder: the app provides the call (src/flow/effects.ts); a rejection is a silent failure.
    checkPrice: fromPromise<CekHargaResults, PriceRequest>(() =>
      Promise.reject(new Error('checkPrice is provided by the app')),
    ),
  },
  actions: {
    storeRequest: assign((_, params: { request: PriceRequest }) => ({ request: params.request })),
    reportPrice: sendParent((_, params: { price: CekHargaResults }): PriceChecked => ({
      type: 'price.checked',
      price: params.price,
    })),
  },
}).createMachine({
  id: 'booking-price',
  description: 'The price check of the booking page: restarted on every change, its failures are silent.',
  context: { request: null },
  initial: 'idle',
  states: {
    idle: {
      description: 'Showing the last price list (or none).',
      on: {
        'price.check': {
          target: 'checking',
          actions: { type: 'storeRequest', params: ({ event }) => ({ request: event.request }) },
        },
      },
    },
    checking: {
      description: 'The price list shows its skeleton rows while the check runs.',
      invoke: {
        id: 'checkPrice',
        src: 'checkPrice',
        // Stored by the transition into this state.
        input: ({ context }) => context.request as PriceRequest,
        onDone: {
          target: 'idle',
          actions: { type: 'reportPrice', params: ({ event }) => ({ price: event.output }) },
        },
        onError: 'idle',
      },
      on: {
        // Re-entering cancels the check in flight and starts one with the new request.
        'price.check': {
          target: 'checking',
          reenter: true,
          actions: { type: 'storeRequest', params: ({ event }) => ({ request: event.request }) },
        },
        'price.cancel': 'idle',
      },
    },
  },
});
