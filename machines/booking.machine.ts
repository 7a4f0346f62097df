import { and, type SnapshotFrom } from 'xstate';
import type { ReservasiResults } from '../contract';
import { type PassengerRequest, childId, passengerRequest, tripOfChoice } from './booking-children';
import { SEAT_CONFLICT_SEARCH_TYPE, bookingMessages, dialogTexts, initialContext } from './booking-context';
import { reservationRequest } from './booking-requests';
import { outcomeMessage, outcomeResults, seatTakenMessage } from './booking-reservation';
import { bookingSetup } from './booking-setup';
import type { SeatSelectionOutput } from './types';

export type { BookingEvent } from './booking-setup';

/**
 * The booking wizard's root and the booking-information page (spec sections 2, 4, 5, 7, 8):
 * the chosen trip, the children that choose seats and enter passengers and booker, the options
 * (voucher, refundable, points, donation, terms), the price check that follows every change, the
 * validation order and the reservation with its outcomes.
 *
 * Regions run side by side: `flow` (editing, dialogs, reserving), `refundableHighlight`,
 * `voucherList` and `profile`. The price check and the seat hold are child charts the root
 * invokes (booking-price.machine.ts, booking-hold.machine.ts): the root asks them and takes
 * their answers (`price.checked`, `hold.answered`).
 *
 * The events, guards and actions are named in booking-setup.ts; the children's inputs and ids
 * live in booking-children.ts, the screens' selectors in booking-selectors.ts and the calls'
 * domain requests in booking-requests.ts: import each from its own module.
 */

/** What every finished seat choice does first: keep the seats, drop the child, price again. */
const storeSeatsDone = [
  {
    type: 'storeSeats',
    params: ({ event }: { event: { output: SeatSelectionOutput } }) => event.output,
  },
  {
    type: 'forgetChild',
    params: ({ event }: { event: { output: SeatSelectionOutput } }) => ({
      id: childId({ kind: 'seatSelection', direction: event.output.direction }),
    }),
  },
  'requestPrice',
  'requestHold',
  {
    type: 'updatePassengerSeats',
    params: ({ event }: { event: { output: SeatSelectionOutput } }) => ({ direction: event.output.direction }),
  },
] as const;
/** Leaving the booking or starting another: the held seats go back to everyone. */
const letGoOfHold = ['releaseHold'] as const;
const openReturnSeats = {
  type: 'openChild',
  params: { request: { kind: 'seatSelection', direction: 'pulang' }, navigate: false },
} as const;

export const bookingMachine = bookingSetup.createMachine({
  id: 'booking',
  description: 'Booking information page: trip, children, options, price check, validation and reservation.',
  context: ({ input }) => initialContext(input),
  type: 'parallel',
  invoke: [
    { id: 'price', src: 'price' },
    { id: 'hold', src: 'hold' },
  ],
  on: {
    // Taken in every state: a check asked without a trip drops the one in flight.
    'price.refresh': [{ guard: 'hasTrip', actions: 'askPriceCheck' }, { actions: 'cancelPriceCheck' }],
    'price.checked': {
      actions: [{ type: 'storePrice', params: ({ event }) => ({ price: event.price }) }, 'dropDisallowedChoices'],
    },
    'hold.request': { actions: 'askHold' },
    'hold.answered': {
      actions: [
        { type: 'storeHoldToken', params: ({ event }) => ({ token: event.token }) },
        { type: 'answerHoldRefusal', params: ({ event }) => ({ refusal: event.refusal }) },
      ],
    },
    'child.attach': [
      // Already running: the screen reads it from snapshot.children.
      {
        guard: { type: 'isChildOpen', params: ({ event }) => ({ request: event.request }) },
        actions: { type: 'rememberSeatHost', params: ({ event }) => ({ request: event.request }) },
      },
      {
        actions: [
          { type: 'rememberSeatHost', params: ({ event }) => ({ request: event.request }) },
          { type: 'openChild', params: ({ event }) => ({ request: event.request, navigate: false }) },
        ],
      },
    ],
    'child.close': { actions: { type: 'closeChild', params: ({ event }) => ({ id: event.id }) } },
    'flow.resume': { actions: 'resumeChildren' },
    // Points and the balance belong to the customer: a new one (or a guest) is priced again, and
    // a guest's points are off. Taken in every flow state: the bearer token changed underneath.
    'session.change': {
      actions: [
        { type: 'setSignedIn', params: ({ event }) => ({ signedIn: event.signedIn }) },
        'dropDisallowedChoices',
        'requestPrice',
        'requestProfile',
      ],
    },
    'xstate.done.actor.seatSelection.*': [
      {
        // Desktop round trip, seat page: the return seats come next, on the return seat page.
        guard: {
          type: 'isOutboundOfDesktopRoundTripOnPage',
          params: ({ event }) => ({ direction: event.output.direction }),
        },
        actions: [...storeSeatsDone, openReturnSeats, 'navigateToReturnSeats'],
      },
      {
        // Desktop round trip, "Pilih Kursi" sheet: the sheet moves on to the return seats.
        guard: { type: 'isOutboundOfDesktopRoundTrip', params: ({ event }) => ({ direction: event.output.direction }) },
        actions: [...storeSeatsDone, openReturnSeats],
      },
      // Desktop seat page: back to the booking page under it; the sheet simply closes.
      { guard: and(['isDesktop', 'isSeatPageHost']), actions: [...storeSeatsDone, 'leaveSeatPage'] },
      { guard: 'isDesktop', actions: storeSeatsDone },
      {
        // Mobile: the seat page's own navigation leads to this direction's passenger form.
        actions: [
          ...storeSeatsDone,
          { type: 'setPassengerFlow', params: { flow: 'booking-page' } },
          {
            type: 'openChild',
            params: ({ event }) => ({
              request: { kind: 'passengerForm', direction: event.output.direction },
              navigate: false,
            }),
          },
        ],
      },
    ],
    'xstate.done.actor.passengerForm.*': {
      actions: [
        { type: 'storePassengers', params: ({ event }) => event.output },
        {
          type: 'forgetChild',
          params: ({ event }) => ({
            id: childId({ kind: 'passengerForm', direction: event.output.direction, legIndex: event.output.legIndex }),
          }),
        },
        {
          type: 'tellLaterLegs',
          params: ({ event }) => ({ direction: event.output.direction, legIndex: event.output.legIndex }),
        },
        'requestPrice',
      ],
    },
    'xstate.done.actor.bookerForm': {
      actions: [
        { type: 'storeBooker', params: ({ event }) => event.output },
        { type: 'forgetChild', params: { id: 'bookerForm' } },
        { type: 'tellPassengerForms', params: ({ event }) => ({ name: event.output.name }) },
      ],
    },
  },
  states: {
    flow: {
      description: 'What the page is doing: editing, a dialog, or the reservation call.',
      initial: 'editing',
      on: {
        // "Pilih" starts over from any step, a finished reservation included.
        'schedule.choose': [
          { guard: { type: 'isReturnWithoutOutbound', params: ({ event }) => ({ choice: event }) } },
          {
            guard: { type: 'isConnectingRoundTrip', params: ({ event }) => ({ choice: event }) },
            actions: { type: 'emitToast', params: { message: bookingMessages.connectingRoundTrip, position: 'top' } },
          },
          {
            guard: { type: 'isRoundTripOutbound', params: ({ event }) => ({ choice: event }) },
            target: '.editing',
            actions: [
              'closeAllChildren',
              ...letGoOfHold,
              { type: 'setTrip', params: ({ context, event }) => ({ trip: tripOfChoice(context.trip, event) }) },
              'dropDisallowedChoices',
              // Restarts a check still running for the previous trip, whose reply would be stale.
              'requestPrice',
              { type: 'navigateToReturnList', params: ({ event }) => ({ search: event.returnListSearch }) },
            ],
          },
          {
            target: '.editing',
            actions: [
              'closeAllChildren',
              ...letGoOfHold,
              { type: 'setTrip', params: ({ context, event }) => ({ trip: tripOfChoice(context.trip, event) }) },
              'dropDisallowedChoices',
              'requestPrice',
              'startWizard',
            ],
          },
        ],
      },
      states: {
        editing: {
          description: 'The booking page is open for changes; every price-relevant change recomputes the price.',
          on: {
            'trip.set': {
              actions: [
                'closeAllChildren',
                ...letGoOfHold,
                { type: 'setTrip', params: ({ event }) => ({ trip: event.trip }) },
                'dropDisallowedChoices',
                'requestPrice',
              ],
            },
            'page.enter': {
              actions: { type: 'enterPage', params: ({ event }) => ({ from: event.from, sa: event.sa ?? false }) },
            },
            // Coming back from the booker sheet is an entry from customer-order: the price is
            // checked again and the flow asks for what is next.
            'page.return': {
              guard: { type: 'isBookerSheet', params: ({ event }) => ({ sheet: event.sheet }) },
              actions: { type: 'enterPage', params: { from: 'customer-order', sa: false } },
            },
            'booker.open': {
              actions: { type: 'openChild', params: { request: { kind: 'bookerForm' }, navigate: true } },
            },
            'seats.open': {
              actions: [
                { type: 'setSeatHost', params: { host: 'sheet' } },
                {
                  type: 'openChild',
                  params: ({ event }) => ({
                    request: { kind: 'seatSelection', direction: event.direction },
                    navigate: true,
                  }),
                },
              ],
            },
            'passengers.open': {
              actions: [
                { type: 'setPassengerFlow', params: { flow: 'passenger-screen' } },
                {
                  type: 'openChild',
                  params: ({ event }) => ({ request: passengerRequest(event), navigate: true }),
                },
              ],
            },
            'passengers.change': [
              {
                guard: { type: 'passengerChangeResetsSeats', params: ({ event }) => ({ direction: event.direction }) },
                target: 'confirmingPassengerChange',
                actions: { type: 'askPassengerChange', params: ({ event }) => ({ request: passengerRequest(event) }) },
              },
              {
                actions: [
                  { type: 'setPassengerFlow', params: { flow: 'passenger-screen' } },
                  {
                    type: 'openChild',
                    params: ({ event }) => ({ request: passengerRequest(event), navigate: true }),
                  },
                ],
              },
            ],
            'sameAsBooker.set': {
              actions: { type: 'setSameAsBooker', params: ({ event }) => ({ value: event.value }) },
            },
            'refundable.set': {
              guard: { type: 'canChooseRefundable', params: ({ event }) => ({ value: event.value }) },
              actions: [{ type: 'setRefundable', params: ({ event }) => ({ value: event.value }) }, 'requestPrice'],
            },
            'points.toggle': [
              { guard: 'isUsingPoints', actions: [{ type: 'setUsePoint', params: { on: false } }, 'requestPrice'] },
              { guard: 'canUsePoints', actions: [{ type: 'setUsePoint', params: { on: true } }, 'requestPrice'] },
              { guard: 'isPointsFeatureOn', actions: 'toastPointsRefusal' },
            ],
            'donation.toggle': { guard: 'isDonationFeatureOn', actions: ['toggleDonation', 'requestPrice'] },
            'donation.amount': {
              guard: { type: 'canSetDonationAmount', params: ({ event }) => ({ amount: event.amount }) },
              actions: [
                { type: 'setDonationAmount', params: ({ event }) => ({ amount: event.amount }) },
                'requestPrice',
              ],
            },
            'donation.message': {
              guard: 'isDonationFeatureOn',
              actions: { type: 'typeDonationMessage', params: ({ event }) => ({ text: event.text }) },
            },
            'terms.set': { actions: { type: 'setTerms', params: ({ event }) => ({ checked: event.checked }) } },
            'voucher.set': {
              actions: [{ type: 'setVoucher', params: ({ event }) => ({ voucher: event.voucher }) }, 'requestPrice'],
            },
            'voucher.clear': {
              guard: 'hasVoucher',
              actions: [{ type: 'setVoucher', params: { voucher: null } }, 'requestPrice'],
            },
            'leave.request': {
              target: 'confirmingLeave',
              actions: { type: 'askLeave', params: ({ event }) => ({ intent: event.intent }) },
            },
            'reserve.request': [
              { guard: 'hasInlineForms', target: 'savingForms', actions: 'saveInlineForms' },
              { guard: 'isBookingInvalid', actions: 'reportInvalidBooking' },
              { target: 'confirmingReservation' },
            ],
          },
        },
        savingForms: {
          description:
            'Desktop: the inline booker and passenger forms were told to save; their answers land, then the booking is validated.',
          after: {
            inlineFormsSaved: [
              { guard: 'isBookingInvalid', target: 'editing', actions: 'reportInvalidBooking' },
              { target: 'confirmingReservation' },
            ],
          },
          on: { 'flow.resume': { target: 'savingForms', reenter: true } },
        },
        confirmingReservation: {
          description: `Dialog "${dialogTexts.reserve.title}": reserving means agreeing to the schedule's policies.`,
          on: {
            // A price reply meanwhile may ask for more (refundable): validate again before the call.
            'dialog.confirm': [
              { guard: 'isBookingInvalid', target: 'editing', actions: 'reportInvalidBooking' },
              { target: 'reserving', actions: ['resetPayment', 'renewReservationKey'] },
            ],
            'dialog.cancel': 'editing',
          },
        },
        reserving: {
          description: 'Full-page loader while the reservation call runs.',
          invoke: {
            id: 'reserve',
            src: 'reserve',
            // From the context, not the event: a snapshot restored in this state sends the same key again.
            input: ({ context }) => ({
              request: reservationRequest(context),
              idempotencyKey: context.reservationKey,
              holdToken: context.holdToken,
            }),
            onDone: [
              {
                guard: { type: 'isPriceChanged', params: ({ event }) => ({ outcome: event.output }) },
                target: 'priceChanged',
                actions: [
                  {
                    type: 'storePriceChange',
                    // Guarded by isPriceChanged: there are results.
                    params: ({ event }) => ({ results: outcomeResults(event.output) as ReservasiResults }),
                  },
                  'forgetHold',
                ],
              },
              {
                guard: { type: 'isReserved', params: ({ event }) => ({ outcome: event.output }) },
                target: 'reserved',
                actions: [
                  // Guarded by isReserved: there are results.
                  {
                    type: 'storeOrder',
                    params: ({ event }) => ({ results: outcomeResults(event.output) as ReservasiResults }),
                  },
                  'forgetHold',
                  {
                    type: 'emitBeginCheckout',
                    params: ({ event }) => ({ results: outcomeResults(event.output) as ReservasiResults }),
                  },
                  {
                    type: 'navigateAfterReservation',
                    params: ({ event }) => ({ results: outcomeResults(event.output) as ReservasiResults }),
                  },
                ],
              },
              {
                guard: { type: 'isSeatTakenOnDesktop', params: ({ event }) => ({ outcome: event.output }) },
                target: 'editing',
                actions: [
                  'forgetReservationKey',
                  {
                    type: 'emitToast',
                    // Guarded: an API error, so there is a message.
                    params: ({ event }) => ({
                      message: seatTakenMessage(outcomeMessage(event.output) as string),
                      position: 'bottom',
                    }),
                  },
                  // The seat change reopens over the booking page, in its "Pilih Kursi" sheet: finishing
                  // it must not go back in history as the seat page does.
                  { type: 'setSeatHost', params: { host: 'sheet' } },
                  {
                    type: 'openChild',
                    params: { request: { kind: 'seatSelection', direction: 'pergi' }, navigate: false },
                  },
                ],
              },
              {
                guard: { type: 'isSeatTaken', params: ({ event }) => ({ outcome: event.output }) },
                target: 'editing',
                actions: [
                  'forgetReservationKey',
                  {
                    type: 'emitToast',
                    params: ({ event }) => ({ message: outcomeMessage(event.output) as string, position: 'bottom' }),
                  },
                  // Mobile: both directions' seats are cleared and the seat page opens again.
                  'clearSeats',
                  'requestPrice',
                  {
                    type: 'openChild',
                    params: {
                      request: { kind: 'seatSelection', direction: 'pergi' },
                      navigate: true,
                      search: { type: SEAT_CONFLICT_SEARCH_TYPE },
                    },
                  },
                ],
              },
              {
                guard: { type: 'isRefused', params: ({ event }) => ({ outcome: event.output }) },
                target: 'editing',
                actions: [
                  'forgetReservationKey',
                  {
                    type: 'emitToast',
                    params: ({ event }) => ({ message: outcomeMessage(event.output) as string, position: 'bottom' }),
                  },
                ],
              },
              { target: 'reserveFailed' },
            ],
            onError: 'reserveFailed',
          },
        },
        reserveFailed: {
          description: `The call failed: "${bookingMessages.reserveFailed}" shows after a short delay.`,
          after: {
            errorToastDelay: {
              target: 'editing',
              actions: { type: 'emitToast', params: { message: bookingMessages.reserveFailed, position: 'bottom' } },
            },
          },
          on: { 'flow.resume': { target: 'reserveFailed', reenter: true } },
        },
        priceChanged: {
          description: `Dialog "${dialogTexts.priceChanged.title}" with the new total; only "${dialogTexts.priceChanged.confirmLabel}" leaves it.`,
          on: { 'dialog.confirm': { target: 'reserved', actions: 'navigateAfterPriceChange' } },
        },
        reserved: {
          description: 'The reservation is made; the screens follow the emitted navigation.',
        },
        confirmingPassengerChange: {
          description: `Dialog "${dialogTexts.changePassengers.title}": changing passengers resets the seat selection.`,
          on: {
            'dialog.confirm': {
              target: 'editing',
              actions: [
                'resetSeatsForPassengerChange',
                'requestPrice',
                // Opened from the booking page like an unasked change: saving leads back to it.
                { type: 'setPassengerFlow', params: { flow: 'passenger-screen' } },
                {
                  type: 'openChild',
                  params: ({ context }) => ({
                    // Stored by the transition that opened this dialog.
                    request: context.pendingPassengerChange as PassengerRequest,
                    navigate: true,
                  }),
                },
                'forgetPassengerChange',
              ],
            },
            'dialog.cancel': { target: 'editing', actions: 'forgetPassengerChange' },
          },
        },
        confirmingLeave: {
          description: `Dialog "${dialogTexts.leave.title}": going back resets seat and schedule selection.`,
          on: {
            'dialog.confirm': {
              target: 'editing',
              actions: ['navigateLeave', 'closeAllChildren', ...letGoOfHold, 'clearForLeave', 'requestPrice'],
            },
            'dialog.cancel': { target: 'editing', actions: 'forgetLeave' },
          },
        },
      },
    },
    refundableHighlight: {
      description: 'The refundable option is highlighted for a while after validation stopped on it.',
      initial: 'off',
      states: {
        off: { description: 'Not highlighted.', on: { 'refundable.highlight': 'on' } },
        on: {
          description: 'Highlighted.',
          after: { refundableHighlight: 'off' },
          on: {
            'refundable.highlight': { target: 'on', reenter: true },
            'flow.resume': { target: 'on', reenter: true },
          },
        },
      },
    },
    voucherList: {
      description: 'The voucher list opens only when the booker details are filled.',
      initial: 'closed',
      states: {
        closed: {
          description: 'The voucher bar shows the voucher or "Gunakan Voucher".',
          on: {
            'voucher.open': [
              { guard: 'isBookerComplete', target: 'open', actions: 'navigateToVoucherList' },
              { actions: { type: 'emitToast', params: { message: bookingMessages.bookerEmpty, position: 'top' } } },
            ],
            // The list's own address was opened (a link, a reload): nothing to push, or back to the page.
            'voucher.attach': [
              { guard: 'isBookerComplete', target: 'open' },
              {
                actions: [
                  { type: 'emitToast', params: { message: bookingMessages.bookerEmpty, position: 'top' } },
                  'leaveVoucherList',
                ],
              },
            ],
          },
        },
        open: {
          description: 'The voucher list is open; choosing a voucher or closing it closes its sheet.',
          on: {
            // Still open from an earlier visit without its sheet on screen: show it again.
            'voucher.open': { actions: 'navigateToVoucherList' },
            'voucher.close': 'closed',
            'voucher.set': 'closed',
          },
        },
      },
    },
    profile: {
      description:
        'Entering the page, or signing in on it, with empty booker details fetches the profile to prefill them.',
      initial: 'idle',
      states: {
        idle: {
          description: 'No profile call running.',
          on: {
            'page.enter': { guard: 'shouldLoadProfile', target: 'loading' },
            'profile.request': { guard: 'shouldLoadProfile', target: 'loading' },
          },
        },
        loading: {
          description: "Loading the profile; a failure is silent. A change of customer asks the new one's, or stops.",
          on: {
            'profile.request': [{ guard: 'shouldLoadProfile', target: 'loading', reenter: true }, { target: 'idle' }],
          },
          invoke: {
            id: 'loadProfile',
            src: 'loadProfile',
            onDone: { target: 'idle', actions: { type: 'prefillBooker', params: ({ event }) => event.output } },
            onError: 'idle',
          },
        },
      },
    },
  },
});

export type BookingSnapshot = SnapshotFrom<typeof bookingMachine>;
