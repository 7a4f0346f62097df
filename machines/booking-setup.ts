import { assign, emit, enqueueActions, fromPromise, raise, sendTo, setup } from 'xstate';
import type { CekHargaResults, ReservasiResults } from '../contract';
import { typeDonationMessage } from '../contract/fields';
import { bookerFormMachine } from './booker-form.machine';
import {
  type PassengerRequest,
  type ScheduleChoice,
  bookerFormInput,
  childId,
  childRoute,
  passengerFormInput,
  seatSelectionInput,
} from './booking-children';
import {
  type BookingContext,
  type BookingEmitted,
  type BookingInput,
  type BookingSheet,
  type ChildRequest,
  DEFAULT_PAYMENT,
  type EntrySource,
  RETURN_PARAM,
  type RefundableChoice,
  type ReserveInput,
  type ReserveOutcome,
  type Voucher,
  hasAnySeats,
  legNames,
  legsOf,
  passengerCount,
  seatCount,
} from './booking-context';
import { chosenHoldLegs, seatsWithoutLeg } from './booking-hold';
import { bookingHoldMachine, type HoldAnswered } from './booking-hold.machine';
import { canUsePoints, isRefundableAsked, isValidDonationAmount, pointsRefusal, refundableFlag } from './booking-price';
import { bookingPriceMachine, type PriceChecked } from './booking-price.machine';
import { priceRequest } from './booking-requests';
import {
  beginCheckoutEvent,
  nextReservationKey,
  reservationKeyFor,
  isSeatTakenOutcome,
  outcomeMessage,
  outcomeResults,
  priceChangeNavigation,
  successNavigation,
} from './booking-reservation';
import { isBookerComplete, validateBooking, type ValidationFailure } from './booking-validation';
import { ERROR_TOAST_DELAY_MS, INLINE_FORMS_SAVED_MS, REFUNDABLE_HIGHLIGHT_MS } from './constants';
import { passengerFormMachine, type PassengerFormLegOutput } from './passenger-form.machine';
import { seatSelectionMachine } from './seat-selection.machine';
import { toast } from './toast';
import type {
  Booker,
  BookerFormOutput,
  Direction,
  NavigationIntent,
  SeatSelectionOutput,
  ToastEmitted,
  Trip,
} from './types';

/**
 * The booking chart's vocabulary: its events, and the guards, actions, actors and delays it
 * names, given once to setup(). The chart itself (states and transitions) is in
 * booking.machine.ts, which builds on `bookingSetup`.
 */

export type BookingEvent =
  /** From the schedule pages. */
  | ({ type: 'schedule.choose' } & ScheduleChoice)
  | { type: 'trip.set'; trip: Trip }
  /** A restored snapshot picks up the delays that were pending when it was saved. */
  | { type: 'flow.resume' }
  | { type: 'page.enter'; from: EntrySource; sa?: boolean }
  /** The page shows again after one of its sheets closed (spec section 4 "Booking page entry"). */
  | { type: 'page.return'; sheet: BookingSheet }
  /** The app saw the customer change (sign-in, sign-out, a refused token dropped, another account). */
  | { type: 'session.change'; signedIn: boolean }
  /** Raised after a change of customer: prefill the booker from the new profile if it is still empty. */
  | { type: 'profile.request' }
  /** User intents on the booking page: (re)start the child; on mobile also go to its screen. */
  | { type: 'booker.open' }
  | { type: 'seats.open'; direction: Direction }
  | { type: 'passengers.open'; direction: Direction; legIndex?: number; remainingSeats?: number }
  /** A screen hosting a child mounted (after a child's navigation or a reload): start it if it is not running. */
  | { type: 'child.attach'; request: ChildRequest }
  | { type: 'child.close'; id: string }
  /** "Tambah Penumpang" / changing passengers of a direction. */
  | { type: 'passengers.change'; direction: Direction; legIndex?: number; remainingSeats?: number }
  | { type: 'sameAsBooker.set'; value: boolean }
  | { type: 'refundable.set'; value: Exclude<RefundableChoice, 'unset'> }
  | { type: 'points.toggle' }
  | { type: 'donation.toggle' }
  | { type: 'donation.amount'; amount: number }
  | { type: 'donation.message'; text: string }
  | { type: 'terms.set'; checked: boolean }
  | { type: 'voucher.open' }
  /** The voucher sheet's route mounted: open the list where it already is, or leave when it may not open. */
  | { type: 'voucher.attach' }
  | { type: 'voucher.close' }
  | { type: 'voucher.set'; voucher: Voucher }
  | { type: 'voucher.clear' }
  /** Recompute the price (raised after every change; the page may send it too). */
  | { type: 'price.refresh' }
  /** From the price child: the reply of the check asked last. */
  | PriceChecked
  | { type: 'reserve.request' }
  /** The open dialog's confirm button ("Ya", "Ya, Reservasi", "Saya Paham") or its cancel ("Tidak"). */
  | { type: 'dialog.confirm' }
  | { type: 'dialog.cancel' }
  /** Leaving to schedule, partner schedule or detail-reservation: needs "Konfirmasi Kembali ?". */
  | { type: 'leave.request'; intent: NavigationIntent }
  /** Raised to restart the highlight of the refundable option. */
  | { type: 'refundable.highlight' }
  /** Raised after seats were saved: the hold child holds them on the server. */
  | { type: 'hold.request' }
  /** From the hold child after each hold call answered: its token, and a refusal to answer. */
  | HoldAnswered
  | { type: `xstate.done.actor.seatSelection.${Direction}`; output: SeatSelectionOutput }
  | { type: `xstate.done.actor.passengerForm.${Direction}.${number}`; output: PassengerFormLegOutput }
  | { type: 'xstate.done.actor.bookerForm'; output: BookerFormOutput };

/** Choices the trip or the latest price check no longer allows are dropped (never yes when disabled). */
function withoutDisallowedChoices(context: BookingContext): Partial<BookingContext> {
  return {
    refundable: context.refundable === 'yes' && refundableFlag(context) === 0 ? 'unset' : context.refundable,
    usePoint: context.usePoint && canUsePoints(context),
  };
}

/** The booker form and the passenger forms: inline on the desktop page. */
const isInlineForm = (id: string) => id === 'bookerForm' || id.startsWith('passengerForm.');

/** Sets one leg's entry, filling earlier legs so the list stays dense (JSON turns holes into null). */
function setAt<T>(list: readonly T[], index: number, value: T, filler: T): T[] {
  const next = Array.from({ length: Math.max(list.length, index + 1) }, (_, i) => list[i] ?? filler);
  next[index] = value;
  return next;
}

type OpenChildParams = { request: ChildRequest; navigate: boolean; search?: Record<string, string | number> };

/** Desktop round trip: after the outbound seats the seat choice moves on while there are no return seats. */
function isOutboundOfDesktopRoundTrip(context: BookingContext, direction: Direction): boolean {
  return (
    context.layout === 'd' &&
    context.trip?.kind === 'round-trip' &&
    direction === 'pergi' &&
    seatCount(context, 'pulang') === 0
  );
}

export const bookingSetup = setup({
  types: {
    context: {} as BookingContext,
    input: {} as BookingInput,
    events: {} as BookingEvent,
    emitted: {} as BookingEmitted,
  },
  actors: {
    seatSelection: seatSelectionMachine,
    passengerForm: passengerFormMachine,
    bookerForm: bookerFormMachine,
    // Always running, invoked by the root: the price check and the seat hold with their calls.
    price: bookingPriceMachine,
    hold: bookingHoldMachine,
    // Placeholders: the app provides the calls (src/api); a rejection is a silent failure.
    reserve: fromPromise<ReserveOutcome, ReserveInput>(() =>
      Promise.reject(new Error('reserve is provided by the app')),
    ),
    loadProfile: fromPromise<Partial<Booker>>(() => Promise.reject(new Error('loadProfile is provided by the app'))),
  },
  delays: {
    errorToastDelay: ERROR_TOAST_DELAY_MS,
    inlineFormsSaved: INLINE_FORMS_SAVED_MS,
    refundableHighlight: REFUNDABLE_HIGHLIGHT_MS,
  },
  guards: {
    hasTrip: ({ context }) => context.trip !== null,
    // The return list is only reachable after an outbound choice; a stale tab may still send one.
    isReturnWithoutOutbound: ({ context }, params: { choice: ScheduleChoice }) =>
      params.choice.direction === 'pulang' && context.trip?.kind !== 'round-trip',
    // A round trip carries one leg each way: a connecting outbound cannot be priced or reserved with a return.
    isConnectingRoundTrip: (_, params: { choice: ScheduleChoice }) =>
      params.choice.direction === 'pergi' && params.choice.roundTrip === true && params.choice.legs.length > 1,
    isRoundTripOutbound: (_, params: { choice: ScheduleChoice }) =>
      params.choice.direction === 'pergi' && params.choice.roundTrip === true,
    isDesktop: ({ context }) => context.layout === 'd',
    isOutboundOfDesktopRoundTripOnPage: ({ context }, params: { direction: Direction }) =>
      context.seatHost === 'page' && isOutboundOfDesktopRoundTrip(context, params.direction),
    isSeatPageHost: ({ context }) => context.seatHost === 'page',
    isBookingInvalid: ({ context }) => validateBooking(context) !== null,
    // Desktop shows the booker and passenger forms on the page: a press saves them first.
    hasInlineForms: ({ context }) => context.layout === 'd' && context.openChildren.some(isInlineForm),
    isBookerSheet: (_, params: { sheet: BookingSheet }) => params.sheet === 'booker',
    isBookerComplete: ({ context }) => isBookerComplete(context.booker),
    isChildOpen: ({ context }, params: { request: ChildRequest }) =>
      context.openChildren.includes(childId(params.request)),
    // Desktop round trip: after the outbound seats the sheet moves on while there are no return seats.
    isOutboundOfDesktopRoundTrip: ({ context }, params: { direction: Direction }) =>
      isOutboundOfDesktopRoundTrip(context, params.direction),
    // Only a different answer is a change (and worth a price check).
    canChooseRefundable: ({ context }, params: { value: RefundableChoice }) =>
      isRefundableAsked(context) && context.refundable !== params.value,
    isUsingPoints: ({ context }) => context.usePoint,
    canUsePoints: ({ context }) => canUsePoints(context),
    isPointsFeatureOn: ({ context }) => context.features.point,
    isDonationFeatureOn: ({ context }) => context.features.berkah,
    canSetDonationAmount: ({ context }, params: { amount: number }) =>
      context.features.berkah &&
      context.donation.on &&
      isValidDonationAmount(params.amount) &&
      params.amount !== context.donation.amount,
    hasVoucher: ({ context }) => context.voucher !== null,
    // Desktop resets both directions, mobile the direction being changed.
    passengerChangeResetsSeats: ({ context }, params: { direction: Direction }) =>
      context.layout === 'd' ? hasAnySeats(context) : seatCount(context, params.direction) > 0,
    shouldLoadProfile: ({ context }) =>
      context.signedIn && context.booker.name === '' && context.booker.phone === '' && context.booker.email === '',
    isPriceChanged: (_, params: { outcome: ReserveOutcome }) =>
      outcomeResults(params.outcome)?.flag_harga_berubah === 1,
    isReserved: (_, params: { outcome: ReserveOutcome }) => outcomeResults(params.outcome) !== null,
    isSeatTaken: (_, params: { outcome: ReserveOutcome }) => isSeatTakenOutcome(params.outcome),
    isSeatTakenOnDesktop: ({ context }, params: { outcome: ReserveOutcome }) =>
      context.layout === 'd' && isSeatTakenOutcome(params.outcome),
    isRefused: (_, params: { outcome: ReserveOutcome }) => outcomeMessage(params.outcome) !== null,
  },
  actions: {
    requestPrice: raise({ type: 'price.refresh' }),
    // The price child checks the request of the context as it is after this change.
    askPriceCheck: sendTo('price', ({ context }) => ({ type: 'price.check' as const, request: priceRequest(context) })),
    cancelPriceCheck: sendTo('price', { type: 'price.cancel' }),
    storePrice: assign((_, params: { price: CekHargaResults }) => ({ price: params.price })),
    // Raised, as requestPrice is: the price check then starts before the hold call, as it always did.
    requestHold: raise({ type: 'hold.request' }),
    // The hold child holds the chosen seats of every leg (and lets go of legs chosen empty).
    askHold: sendTo('hold', ({ context }) => ({ type: 'hold.request' as const, legs: chosenHoldLegs(context) })),
    // Leaving the booking or starting another: the held seats go back to everyone.
    releaseHold: sendTo('hold', { type: 'hold.release' }),
    /** The reservation converted the hold (the server let go of the rest): the token stays for the next booking. */
    forgetHold: sendTo('hold', { type: 'hold.forget' }),
    storeHoldToken: assign(({ context }, params: { token: string | null }) => ({
      holdToken: params.token ?? context.holdToken,
    })),
    emitToast: emit((_, params: { message: string; position: ToastEmitted['position'] }) =>
      toast(params.message, params.position),
    ),

    // Children.
    openChild: enqueueActions(({ context, enqueue }, params: OpenChildParams) => {
      const { request } = params;
      const id = childId(request);
      // Opening restarts the child from the current context (a no-op stop when it is not running).
      // No systemId: xstate/graph traverses on one shared system, where a second spawn would clash.
      // Screens read the child from snapshot.children[id].
      enqueue.stopChild(id);
      if (request.kind === 'seatSelection') {
        enqueue.spawnChild('seatSelection', {
          id,
          input: seatSelectionInput(context, request.direction, request.connectingRoute),
        });
      } else if (request.kind === 'passengerForm') {
        enqueue.spawnChild('passengerForm', { id, input: passengerFormInput(context, request) });
      } else {
        enqueue.spawnChild('bookerForm', { id, input: bookerFormInput(context) });
      }
      enqueue.assign({ openChildren: [...context.openChildren.filter((open) => open !== id), id] });
      if (params.navigate && context.layout === 'm') {
        enqueue.emit({ type: 'navigate', intent: childRoute(context, request, params.search) });
      }
    }),
    closeChild: enqueueActions(({ context, enqueue }, params: { id: string }) => {
      enqueue.stopChild(params.id);
      enqueue.assign({ openChildren: context.openChildren.filter((open) => open !== params.id) });
    }),
    forgetChild: assign(({ context }, params: { id: string }) => ({
      openChildren: context.openChildren.filter((open) => open !== params.id),
    })),
    /**
     * Desktop shows the booker and passenger forms inline and saves them when focus leaves them; a
     * press that did not move focus first (a row just removed took focus with it) saves them here.
     * Each form keeps its details only when they are valid, and shows what is wrong otherwise.
     */
    saveInlineForms: enqueueActions(({ context, enqueue }) => {
      for (const id of context.openChildren.filter(isInlineForm)) enqueue.sendTo(id, { type: 'form.save' });
    }),
    closeAllChildren: enqueueActions(({ context, enqueue }) => {
      for (const id of context.openChildren) enqueue.stopChild(id);
      enqueue.assign({ openChildren: [] });
    }),
    storeSeats: assign(({ context }, params: SeatSelectionOutput) => ({
      seats: { ...context.seats, [params.direction]: params.seats },
    })),
    storePassengers: assign(({ context }, params: PassengerFormLegOutput) => ({
      passengers: {
        ...context.passengers,
        [params.direction]: setAt(
          context.passengers[params.direction],
          params.legIndex,
          params.passengers[0] ?? {},
          {},
        ),
      },
      // Removing a row removes its seat too: the form reports the rebuilt seat list.
      seats: {
        ...context.seats,
        [params.direction]: setAt(context.seats[params.direction], params.legIndex, params.seats, []),
      },
    })),
    storeBooker: assign((_, params: Booker) => ({ booker: params })),
    // Open passenger forms keep their own-details switch in step with the booker name.
    tellPassengerForms: enqueueActions(({ context, enqueue }, params: { name: string }) => {
      for (const id of context.openChildren.filter((open) => open.startsWith('passengerForm.'))) {
        enqueue.sendTo(id, { type: 'booker.changed', name: params.name });
      }
    }),

    // Trip and page entry.
    // A new trip starts a new booking: nothing of a finished or abandoned one carries over that
    // belongs to the old schedule (its order, its operator's terms, cover, a voucher priced on it).
    setTrip: assign((_, params: { trip: Trip }) => ({
      trip: params.trip,
      seats: { pergi: [], pulang: [] },
      passengers: { pergi: [], pulang: [] },
      sameAsBooker: false,
      price: null,
      orderCode: null,
      changedTotal: null,
      reservationKey: null,
      reservationFingerprint: null,
      termsAccepted: false,
      refundable: 'unset' as const,
      voucher: null,
      usePoint: false,
      seatHost: 'page' as const,
      passengerFlow: 'passenger-screen' as const,
      autoOpened: [],
    })),
    navigateToReturnList: emit((_, params: { search: Record<string, string | number> | undefined }) => ({
      type: 'navigate' as const,
      intent: {
        kind: 'route' as const,
        name: 'schedule' as const,
        params: { return: RETURN_PARAM },
        ...(params.search ? { search: params.search } : {}),
      },
    })),
    /**
     * After "Pilih": the booking page, and on top of it the seat page when the schedule has seat
     * choice, so every "back" of the spec's flows lands on the booking page. Without seat choice
     * the booking page itself asks for what is missing (see enterPage).
     */
    startWizard: enqueueActions(({ context, enqueue }) => {
      enqueue.emit({ type: 'navigate', intent: { kind: 'route', name: 'information-passengers' } });
      if (!context.trip?.outbound[0]?.selectSeat) return;
      const request: ChildRequest = { kind: 'seatSelection', direction: 'pergi' };
      enqueue.raise({ type: 'child.attach', request });
      enqueue.emit({ type: 'navigate', intent: childRoute(context, request) });
    }),
    setSeatHost: assign((_, params: { host: BookingContext['seatHost'] }) => ({ seatHost: params.host })),
    rememberSeatHost: assign(({ context }, params: { request: ChildRequest }) => ({
      seatHost: params.request.kind === 'seatSelection' && params.request.host ? params.request.host : context.seatHost,
    })),
    // An open passenger form follows the new seats (one name row per seat, typed names kept).
    updatePassengerSeats: enqueueActions(({ context, enqueue }, params: { direction: Direction }) => {
      context.seats[params.direction].forEach((seats, legIndex) => {
        const id = childId({ kind: 'passengerForm', direction: params.direction, legIndex });
        if (context.openChildren.includes(id)) enqueue.sendTo(id, { type: 'seats.update', seats });
      });
    }),
    // Later legs' open forms follow the first leg's names (desktop shows every leg at once).
    tellLaterLegs: enqueueActions(({ context, enqueue }, params: { direction: Direction; legIndex: number }) => {
      if (params.legIndex !== 0) return;
      const names = legNames(context, params.direction, 0);
      legsOf(context.trip, params.direction).forEach((_, legIndex) => {
        const id = childId({ kind: 'passengerForm', direction: params.direction, legIndex });
        if (legIndex > 0 && context.openChildren.includes(id)) enqueue.sendTo(id, { type: 'firstLeg.update', names });
      });
    }),
    setPassengerFlow: assign((_, params: { flow: BookingContext['passengerFlow'] }) => ({
      passengerFlow: params.flow,
    })),
    navigateToReturnSeats: emit({
      type: 'navigate',
      intent: { kind: 'route', name: 'select-seat', params: { return: RETURN_PARAM }, replace: true },
    }),
    leaveSeatPage: emit({ type: 'navigate', intent: { kind: 'back', steps: 1 } }),
    resumeChildren: enqueueActions(({ context, enqueue }) => {
      for (const id of context.openChildren) {
        // A seat map whose call the reload itself cut off was saved as unavailable: the spec fetches
        // the layout on mount, so a restored seat page asks again (ignored in any other state).
        if (id.startsWith('seatSelection.')) enqueue.sendTo(id, { type: 'layout.retry' });
        else enqueue.sendTo(id, { type: 'flow.resume' });
      }
    }),
    /** Spec section 4 "Booking page entry". */
    enterPage: enqueueActions(({ context, enqueue }, params: { from: EntrySource; sa: boolean }) => {
      enqueue.assign({ sa: params.sa });
      if (params.from === 'partner-schedule' && context.voucher) enqueue.assign({ voucher: null });
      const recompute =
        params.sa ||
        params.from === 'customer-order' ||
        params.from === 'payment-confirmation' ||
        (params.from === 'partner-schedule' && context.voucher !== null);
      if (recompute) enqueue.raise({ type: 'price.refresh' });
      // Mobile, schedule without seat selection: open what is missing, replacing this page in history.
      const first = context.trip?.outbound[0];
      if (context.layout !== 'm' || !first || first.selectSeat) return;
      // Each form opens by itself once per trip: Back from it returns to this page, not into a loop.
      const request: ChildRequest | null =
        !isBookerComplete(context.booker) && !context.autoOpened.includes('bookerForm')
          ? { kind: 'bookerForm' }
          : passengerCount(context, 'pergi') === 0 && !context.autoOpened.includes('passengerForm')
            ? { kind: 'passengerForm', direction: 'pergi' }
            : null;
      if (!request) return;
      enqueue.assign({ autoOpened: [...context.autoOpened, request.kind], passengerFlow: 'passenger-screen' });
      enqueue.raise({ type: 'child.attach', request });
      enqueue.emit({ type: 'navigate', intent: childRoute(context, request) });
    }),

    // Session.
    setSignedIn: assign((_, params: { signedIn: boolean }) => ({ signedIn: params.signedIn })),
    requestProfile: raise({ type: 'profile.request' }),

    // Options.
    setRefundable: assign((_, params: { value: RefundableChoice }) => ({ refundable: params.value })),
    setUsePoint: assign((_, params: { on: boolean }) => ({ usePoint: params.on })),
    toastPointsRefusal: emit(({ context }) =>
      // Only reached when points are refused, so there is a reason.
      toast(pointsRefusal(context) as string, 'top'),
    ),
    toggleDonation: assign(({ context }) => ({ donation: { ...context.donation, on: !context.donation.on } })),
    setDonationAmount: assign(({ context }, params: { amount: number }) => ({
      donation: { ...context.donation, amount: params.amount },
    })),
    typeDonationMessage: assign(({ context }, params: { text: string }) => {
      const typed = typeDonationMessage(params.text);
      return { donation: { ...context.donation, message: typed.value, messageError: typed.error } };
    }),
    setTerms: assign((_, params: { checked: boolean }) => ({ termsAccepted: params.checked })),
    setSameAsBooker: assign((_, params: { value: boolean }) => ({ sameAsBooker: params.value })),
    setVoucher: assign((_, params: { voucher: Voucher | null }) => ({ voucher: params.voucher })),
    navigateToVoucherList: emit({ type: 'navigate', intent: { kind: 'route', name: 'list-voucher' } }),
    leaveVoucherList: emit({
      type: 'navigate',
      intent: { kind: 'route', name: 'information-passengers', replace: true },
    }),
    dropDisallowedChoices: assign(({ context }) => withoutDisallowedChoices(context)),
    prefillBooker: assign(({ context }, params: Partial<Booker>) =>
      // Typing meanwhile wins over the profile; missing fields become empty.
      context.booker.name === '' && context.booker.phone === '' && context.booker.email === ''
        ? { booker: { name: params.name ?? '', phone: params.phone ?? '', email: params.email ?? '' } }
        : {},
    ),

    // Validation and reservation.
    reportInvalidBooking: enqueueActions(({ context, enqueue }) => {
      // Only taken behind isBookingInvalid.
      const failure = validateBooking(context) as ValidationFailure;
      enqueue.emit(toast(failure.message, 'top'));
      enqueue.emit({ type: 'scrollTo', field: failure.field });
      if (failure.field === 'refundable') enqueue.raise({ type: 'refundable.highlight' });
    }),
    resetPayment: assign({ payment: DEFAULT_PAYMENT }),
    // The same order as the last one sent (a retry after a failed call) keeps its key, so the
    // server answers the order it may have made; a changed order takes a new key (else RSV-4).
    // The app provides random keys.
    renewReservationKey: assign(({ context }) => reservationKeyFor(context, nextReservationKey)),
    // A refusal made no order under the key (or RSV-4: the key is another order's): without a
    // fingerprint no order matches it, so the next confirmation takes a new key.
    forgetReservationKey: assign({ reservationFingerprint: null }),
    // A made reservation lets go of its key: the next booking must not be answered with this order.
    storeOrder: assign((_, params: { results: ReservasiResults }) => ({
      orderCode: params.results.reservasi_kode,
      reservationKey: null,
      reservationFingerprint: null,
    })),
    storePriceChange: assign((_, params: { results: ReservasiResults }) => ({
      orderCode: params.results.reservasi_kode,
      changedTotal: params.results.total_bayar,
      reservationKey: null,
      reservationFingerprint: null,
    })),

    // Seat hold.
    /**
     * A refused hold: the server's message; RSV-2 (a seat was just taken) also clears that leg's
     * seats and opens the seat choice again, where the taken seat now shows taken.
     */
    answerHoldRefusal: enqueueActions(({ context, enqueue }, params: { refusal: HoldAnswered['refusal'] }) => {
      const { refusal } = params;
      if (!refusal) return;
      enqueue.emit(toast(refusal.message, 'top'));
      if (refusal.kind !== 'taken') return;
      const { direction, legIndex } = refusal.leg;
      enqueue.assign({ seats: seatsWithoutLeg(context.seats, refusal.leg) });
      // An open passenger form of that leg follows (its seat rows go).
      const formId = childId({ kind: 'passengerForm', direction, legIndex });
      if (context.openChildren.includes(formId)) enqueue.sendTo(formId, { type: 'seats.update', seats: [] });
      enqueue.raise({ type: 'price.refresh' });
      // As the page's "Pilih Kursi": the sheet on desktop, the seat page on mobile.
      enqueue.raise({ type: 'seats.open', direction });
    }),

    emitBeginCheckout: emit(({ context }, params: { results: ReservasiResults }) =>
      beginCheckoutEvent(context, params.results),
    ),
    navigateAfterReservation: emit(({ context }, params: { results: ReservasiResults }) => ({
      type: 'navigate' as const,
      intent: successNavigation(params.results, context.layout),
    })),
    navigateAfterPriceChange: emit(({ context }) => ({
      type: 'navigate' as const,
      intent: priceChangeNavigation(context.orderCode as string), // stored on entering priceChanged
    })),
    clearSeats: assign({ seats: { pergi: [], pulang: [] } }),

    // Dialogs.
    askPassengerChange: assign((_, params: { request: PassengerRequest }) => ({
      pendingPassengerChange: params.request,
    })),
    forgetPassengerChange: assign({ pendingPassengerChange: null }),
    /** "Ubah Penumpang ?" confirmed (spec section 4). */
    resetSeatsForPassengerChange: assign(({ context }) => {
      if (context.layout === 'm') {
        // Stored by the transition that opened the dialog.
        const { direction } = context.pendingPassengerChange as PassengerRequest;
        return { seats: { ...context.seats, [direction]: [] } };
      }
      const connecting = context.trip?.kind === 'connecting';
      return {
        seats: { pergi: [], pulang: [] },
        sameAsBooker: false,
        ...(connecting ? { passengers: { pergi: [], pulang: [] } } : {}),
      };
    }),
    askLeave: assign((_, params: { intent: NavigationIntent }) => ({ pendingLeave: params.intent })),
    forgetLeave: assign({ pendingLeave: null }),
    navigateLeave: emit(({ context }) => ({
      type: 'navigate' as const,
      intent: context.pendingLeave as NavigationIntent, // stored when the dialog opened
    })),
    /** "Konfirmasi Kembali ?" confirmed: schedule details, passengers, connecting list, same-as-orderer and donation flags. */
    clearForLeave: assign(({ context }) => ({
      trip: null,
      seats: { pergi: [], pulang: [] },
      passengers: { pergi: [], pulang: [] },
      sameAsBooker: false,
      donation: { ...context.donation, on: false },
      price: null,
      pendingLeave: null,
    })),
  },
});
