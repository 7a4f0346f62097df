import { describe, expect, it } from 'vitest';
import {
  createActor,
  fromCallback,
  fromPromise,
  SimulatedClock,
  type AnyStateNode,
  type EventFromLogic,
  type StateValue,
} from 'xstate';
import type { CekHargaResults, ReservasiResults } from '../../contract';
import { childId, type ScheduleChoice } from '../../machines/booking-children';
import {
  bookingMessages,
  DEFAULT_PAYMENT,
  type BookingInput,
  type HoldLeg,
  type HoldOutcome,
  type ReserveOutcome,
  hasAnySeats,
} from '../../machines/booking-context';
import { bookingHoldMachine } from '../../machines/booking-hold.machine';
import { canUsePoints, refundableFlag } from '../../machines/booking-price';
import { bookingPriceMachine } from '../../machines/booking-price.machine';
import {
  openDialog,
  priceLoading,
  refundableHighlighted,
  reserving,
  voucherListOpen,
} from '../../machines/booking-selectors';
import { arePassengersComplete, isBookerComplete, validateBooking } from '../../machines/booking-validation';
import { bookingMachine, type BookingSnapshot } from '../../machines/booking.machine';
import {
  DONATION_DEFAULT,
  ERROR_TOAST_DELAY_MS,
  INLINE_FORMS_SAVED_MS,
  REFUNDABLE_HIGHLIGHT_MS,
} from '../../machines/constants';
import type { Direction, NavigationIntent, ToastEmitted } from '../../machines/types';
import {
  connecting,
  fakeChild,
  holdOf,
  input,
  leg,
  noSeatTrip,
  oneWay,
  passengers,
  priceOf,
  priceResults,
  roundTrip,
  seat,
  validBooker,
} from './booking-fixtures';
import {
  combineCoverage,
  coverageRecorder,
  edgeCoverPaths,
  printCoverage,
  withLazyPaths,
  type CoverageRecorder,
} from './support/coverage';

type BookingEvent = EventFromLogic<typeof bookingMachine>;
/** Done and delayed events are not all in the event union; the model sends them like the runtime does. */
const ev = (event: { type: string; [key: string]: unknown }) => event as unknown as BookingEvent;

const ERROR_TOAST_AFTER = 'xstate.after.errorToastDelay.booking.flow.reserveFailed';
const HIGHLIGHT_AFTER = 'xstate.after.refundableHighlight.booking.refundableHighlight.on';
const FORMS_SAVED_AFTER = 'xstate.after.inlineFormsSaved.booking.flow.savingForms';
const delayOf: Record<string, number> = {
  [ERROR_TOAST_AFTER]: ERROR_TOAST_DELAY_MS,
  [FORMS_SAVED_AFTER]: INLINE_FORMS_SAVED_MS,
  [HIGHLIGHT_AFTER]: REFUNDABLE_HIGHLIGHT_MS,
};

// ---------------------------------------------------------------------------------------------
// The model's machine: fake children, calls that never settle by themselves (the paths send their
// done and error events), and a counter of price checks started.

let priceChecks = 0;
const model = bookingMachine.provide({
  actors: {
    seatSelection: fakeChild as never,
    passengerForm: fakeChild as never,
    bookerForm: fakeChild as never,
    // The children run (the replay counts the checks started); the paths send their answers to the root.
    price: bookingPriceMachine.provide({
      actors: {
        checkPrice: fromPromise<CekHargaResults>(() => {
          priceChecks += 1;
          return new Promise<CekHargaResults>(() => {});
        }) as never,
      },
    }),
    hold: bookingHoldMachine.provide({
      actors: {
        holdSeats: fromPromise<HoldOutcome>(() => new Promise<HoldOutcome>(() => {})) as never,
        holdClock: fromCallback(() => {}),
      },
    }),
    reserve: fromPromise<ReserveOutcome>(() => new Promise<ReserveOutcome>(() => {})) as never,
    loadProfile: fromPromise(() => new Promise<never>(() => {})) as never,
  },
});

const results = (patch: Partial<ReservasiResults> = {}): ReservasiResults => ({
  reservasi_kode: 'TMP-1',
  flag_harga_berubah: 0,
  total_bayar: 200_000,
  flag_lunas: 0,
  kunci_pesanan: 'kunci-pesanan-uji-0001',
  ...patch,
});

const reserveOutcomes: BookingEvent[] = [
  ev({ type: 'xstate.done.actor.reserve', output: { kind: 'ok', results: results() } }),
  ev({ type: 'xstate.done.actor.reserve', output: { kind: 'ok', results: results({ flag_lunas: 1 }) } }),
  ev({
    type: 'xstate.done.actor.reserve',
    output: { kind: 'ok', results: results({ flag_harga_berubah: 1, total_bayar: 250_000 }) },
  }),
  ev({ type: 'xstate.done.actor.reserve', output: { kind: 'api', code: 'RSV-2', message: 'Kursi 1A terjual' } }),
  ev({ type: 'xstate.done.actor.reserve', output: { kind: 'api', code: 'RSV-1', message: 'Jadwal ditutup' } }),
  ev({ type: 'xstate.done.actor.reserve', output: { kind: 'network' } }),
  ev({ type: 'xstate.error.actor.reserve', error: new Error('boom') }),
];

/** What the price child tells the root (its own chart is walked in booking-price.model.test.ts). */
const priceReplies: BookingEvent[] = [
  { type: 'price.checked', price: priceResults() },
  // Free ticket without points: cover and points are no longer allowed.
  { type: 'price.checked', price: priceResults({ flag_status_asuransi: 0, flag_status_point: 0, max_point: 0 }) },
];

const seatsDone = (direction: 'pergi' | 'pulang') =>
  ev({ type: `xstate.done.actor.seatSelection.${direction}`, output: { direction, seats: [[seat('1A')]] } });
const passengersDone = (direction: 'pergi' | 'pulang', names: string[]) =>
  ev({
    type: `xstate.done.actor.passengerForm.${direction}.0`,
    output: { direction, legIndex: 0, passengers: [passengers(...names)], seats: [seat('1A')] },
  });

const heldLeg: HoldLeg = {
  direction: 'pergi',
  legIndex: 0,
  operatorCode: 'XTR',
  scheduleCode: 'J-GO',
  date: '2026-12-01',
  seats: ['1A'],
};
/** What the hold child tells the root after a call (its own chart is walked in booking-hold.model.test.ts). */
const holdReplies: BookingEvent[] = [
  { type: 'hold.answered', token: 'hold-token-model-0001', refusal: null },
  {
    type: 'hold.answered',
    token: 'hold-token-model-0001',
    refusal: { kind: 'taken', message: 'Kursi 1A sudah tidak tersedia', leg: heldLeg },
  },
  {
    type: 'hold.answered',
    token: null,
    refusal: { kind: 'limited', message: 'Terlalu banyak permintaan tahan kursi', leg: heldLeg },
  },
];

const dialogEvents: BookingEvent[] = [{ type: 'dialog.confirm' }, { type: 'dialog.cancel' }];

const resume: BookingEvent = { type: 'flow.resume' };

/**
 * Offers only what the state can use (else the graph multiplies by events that change nothing).
 * `anywhere` lists events a scenario offers in every flow state (a "Pilih" starts over from any step).
 */
function offer(
  common: (snapshot: BookingSnapshot) => BookingEvent[],
  anywhere: (snapshot: BookingSnapshot) => BookingEvent[] = () => [],
  /** Answer the seat hold (else a hold stays in its call: fewer states to walk). */
  holds = false,
) {
  return (snapshot: BookingSnapshot): BookingEvent[] => {
    const events: BookingEvent[] = [...anywhere(snapshot)];
    const { context } = snapshot;
    // The children's state is not the root's: answers come while there is something to answer.
    if (holds && hasAnySeats(context) && context.holdToken === null) events.push(...holdReplies);
    if (context.trip !== null && context.price === null) events.push(...priceReplies);
    if (snapshot.matches({ profile: 'loading' })) {
      events.push(
        ev({ type: 'xstate.done.actor.loadProfile', output: validBooker }),
        ev({ type: 'xstate.error.actor.loadProfile', error: new Error('401') }),
      );
    }
    // A reload while a wait runs: the page resumes it.
    if (snapshot.matches({ refundableHighlight: 'on' })) events.push(ev({ type: HIGHLIGHT_AFTER }), resume);
    if (snapshot.matches({ flow: 'reserving' })) return [...events, ...reserveOutcomes];
    if (snapshot.matches({ flow: 'reserveFailed' })) return [...events, ev({ type: ERROR_TOAST_AFTER }), resume];
    if (snapshot.matches({ flow: 'savingForms' })) return [...events, ev({ type: FORMS_SAVED_AFTER }), resume];
    if (snapshot.matches({ flow: 'reserved' })) return events;
    if (!snapshot.matches({ flow: 'editing' })) return [...events, ...dialogEvents, { type: 'reserve.request' }];
    return [...events, ...common(snapshot)];
  };
}

const choose = (choice: ScheduleChoice): BookingEvent => ({ type: 'schedule.choose', ...choice });
const returnLeg = leg('J-BACK', { date: '2026-12-03', origin: 'Jakarta', destination: 'Bandung' });
const returnListSearch = { origin: 'Jakarta', destination: 'Bandung', date: '2026-12-03' };
/** "Pilih" on the lists: every kind of schedule, and the two choices the machine turns down. */
const choices: BookingEvent[] = [
  choose({ direction: 'pergi', legs: oneWay.outbound }),
  choose({ direction: 'pergi', legs: noSeatTrip.outbound }),
  choose({ direction: 'pergi', legs: connecting.outbound, connectingCode: 'CX-1' }),
  choose({ direction: 'pergi', legs: oneWay.outbound, roundTrip: true, returnListSearch }),
  choose({ direction: 'pergi', legs: connecting.outbound, connectingCode: 'CX-1', roundTrip: true }),
  choose({ direction: 'pulang', legs: [returnLeg] }),
];

/** What matters of the context: the validation result, the choices and their permissions. */
function serialize(snapshot: BookingSnapshot): string {
  const { context } = snapshot;
  return JSON.stringify({
    value: snapshot.value,
    failure: validateBooking(context)?.field ?? 'ok',
    trip: context.trip?.kind ?? null,
    tripReturn: context.trip?.return !== null && context.trip?.return !== undefined,
    selectSeat: context.trip?.outbound[0]?.selectSeat ?? null,
    seatHost: context.seatHost,
    passengerFlow: context.passengerFlow,
    autoOpened: context.autoOpened,
    refundable: context.refundable,
    refundableFlag: refundableFlag(context),
    usePoint: context.usePoint,
    points: canUsePoints(context),
    signedIn: context.signedIn,
    // Whether the profile may still fill the booker.
    bookerEmpty: context.booker.name === '' && context.booker.phone === '' && context.booker.email === '',
    donation: context.donation.on,
    voucher: context.voucher !== null,
    children: [...context.openChildren].sort(),
    seats: [context.seats.pergi.length > 0, context.seats.pulang.length > 0],
    // Per direction: the validation result alone would merge states whose futures differ.
    passengers: [arePassengersComplete(context, 'pergi'), arePassengersComplete(context, 'pulang')],
    holdToken: context.holdToken !== null,
  });
}

// ---------------------------------------------------------------------------------------------
// Scenarios: each a focused slice of the chart; together they take every state and transition.

interface Scenario {
  name: string;
  input: BookingInput;
  events: (snapshot: BookingSnapshot) => BookingEvent[];
}

const scenarios: Scenario[] = [
  {
    // Desktop guest with details: seats, passengers, refundable, terms, the reservation outcomes.
    name: 'desktop reserve',
    input: input({ layout: 'd', signedIn: false, trip: oneWay, booker: validBooker }),
    events: offer(() => [
      seatsDone('pergi'),
      passengersDone('pergi', ['Budi Santoso']),
      { type: 'refundable.set', value: 'yes' },
      { type: 'refundable.set', value: 'no' },
      { type: 'terms.set', checked: true },
      { type: 'reserve.request' },
    ]),
  },
  {
    // Desktop seat hold: held, refused, limited or failed; the countdown's end; seats saved while
    // a hold call runs; the hold converted by a reservation, or let go when leaving.
    name: 'desktop seat hold',
    // No cover and no points to ask about: fewer states to walk.
    input: input({
      layout: 'd',
      signedIn: false,
      trip: oneWay,
      booker: validBooker,
      features: { refundable: false, berkah: false, point: false },
    }),
    events: offer(
      () => [
        seatsDone('pergi'),
        passengersDone('pergi', ['Budi Santoso']),
        { type: 'terms.set', checked: true },
        { type: 'reserve.request' },
        { type: 'leave.request', intent: { kind: 'route', name: 'schedule' } },
      ],
      () => [],
      true,
    ),
  },
  {
    // Desktop with the booker and passenger forms inline: "Reservasi Tiket" saves them, then validates.
    name: 'desktop inline forms',
    input: input({
      layout: 'd',
      signedIn: false,
      trip: oneWay,
      booker: validBooker,
      features: { refundable: false, berkah: false, point: false },
    }),
    events: offer(() => [
      { type: 'child.attach', request: { kind: 'bookerForm' } },
      ev({ type: 'xstate.done.actor.bookerForm', output: validBooker }),
      seatsDone('pergi'),
      passengersDone('pergi', ['Budi Santoso']),
      { type: 'terms.set', checked: true },
      { type: 'reserve.request' },
    ]),
  },
  {
    // Signed-in desktop customer without details: the profile prefill and the points toggle.
    name: 'desktop points and profile',
    input: input({ layout: 'd', signedIn: true, trip: oneWay }),
    events: offer(() => [
      { type: 'page.enter', from: 'schedule' },
      ev({ type: 'xstate.done.actor.bookerForm', output: validBooker }),
      seatsDone('pergi'),
      { type: 'points.toggle' },
    ]),
  },
  {
    // Signing in and out on the page (in-app sign-in, a refused token): points and the profile follow.
    name: 'desktop session changes',
    input: input({
      layout: 'd',
      signedIn: false,
      trip: oneWay,
      features: { refundable: false, berkah: false, point: true },
    }),
    events: offer(
      () => [
        { type: 'page.enter', from: 'schedule' },
        ev({ type: 'xstate.done.actor.bookerForm', output: validBooker }),
        seatsDone('pergi'),
        { type: 'points.toggle' },
        { type: 'reserve.request' },
      ],
      () => [
        { type: 'session.change', signedIn: true },
        { type: 'session.change', signedIn: false },
      ],
    ),
  },
  {
    // Guest on mobile with filled details, round trip: mobile seat conflict, points refused.
    name: 'mobile reserve',
    input: input({
      layout: 'm',
      signedIn: false,
      trip: roundTrip,
      booker: validBooker,
      features: { refundable: false, berkah: true, point: true },
    }),
    events: offer(() => [
      seatsDone('pergi'),
      seatsDone('pulang'),
      passengersDone('pergi', ['Budi Santoso']),
      passengersDone('pulang', ['Budi Santoso']),
      { type: 'points.toggle' },
      { type: 'terms.set', checked: true },
      { type: 'reserve.request' },
    ]),
  },
  {
    // Options and dialogs on a desktop round trip.
    name: 'desktop options',
    input: input({ layout: 'd', signedIn: false, trip: roundTrip, booker: validBooker }),
    events: offer((snapshot) => [
      seatsDone('pergi'),
      { type: 'donation.toggle' },
      { type: 'donation.amount', amount: 5000 },
      { type: 'donation.amount', amount: DONATION_DEFAULT - 1 },
      { type: 'donation.message', text: 'x'.repeat(121) },
      ...(snapshot.context.voucher
        ? [{ type: 'voucher.clear' } as const]
        : [{ type: 'voucher.set', voucher: { name: 'Hemat', code: 'HEMAT', price: 10_000 } } as const]),
      { type: 'voucher.open' },
      { type: 'voucher.attach' },
      { type: 'voucher.close' },
      { type: 'passengers.change', direction: 'pergi' },
      { type: 'leave.request', intent: { kind: 'route', name: 'schedule' } },
      { type: 'trip.set', trip: roundTrip },
    ]),
  },
  {
    // Children and page entry on mobile, no booker yet.
    name: 'mobile children',
    input: input({ layout: 'm', signedIn: false, trip: oneWay }),
    events: offer(() => [
      { type: 'booker.open' },
      { type: 'seats.open', direction: 'pergi' },
      { type: 'passengers.open', direction: 'pergi' },
      { type: 'child.attach', request: { kind: 'bookerForm' } },
      { type: 'child.close', id: 'bookerForm' },
      ev({ type: 'xstate.done.actor.bookerForm', output: validBooker }),
      { type: 'voucher.open' },
      { type: 'voucher.attach' },
      { type: 'page.enter', from: 'partner-schedule' },
      { type: 'sameAsBooker.set', value: true },
      { type: 'price.refresh' },
      resume,
    ]),
  },
  {
    // Desktop "Pilih" on every kind of schedule, from the page and from a dialog.
    name: 'desktop schedule choice',
    input: input({ layout: 'd', signedIn: false }),
    events: offer(
      () => [{ type: 'leave.request', intent: { kind: 'route', name: 'schedule' } }, resume],
      () => choices,
    ),
  },
  {
    // Desktop round trip: seats chosen on the seat page (after "Pilih") or in the "Pilih Kursi" sheet.
    name: 'desktop seat hosts',
    input: input({ layout: 'd', signedIn: false, trip: roundTrip }),
    events: offer(() => [
      { type: 'seats.open', direction: 'pergi' },
      seatsDone('pergi'),
      seatsDone('pulang'),
      { type: 'child.close', id: 'seatSelection.pulang' },
    ]),
  },
  {
    // Mobile "Pilih", then the seat page's flow into the passenger forms.
    name: 'mobile schedule choice',
    input: input({ layout: 'm', signedIn: false }),
    events: offer(() => [
      choices[0]!,
      choices[2]!,
      choices[3]!,
      choices[5]!,
      seatsDone('pergi'),
      seatsDone('pulang'),
      { type: 'passengers.open', direction: 'pergi' },
      resume,
    ]),
  },
  {
    // Mobile schedule without seat selection: the page opens the booker form, then the passenger form, once each.
    name: 'mobile entry without seat selection',
    input: input({ layout: 'm', signedIn: false, trip: noSeatTrip }),
    events: offer(() => [
      { type: 'page.enter', from: 'schedule' },
      // Back from the booker sheet is an entry from customer-order; from another sheet it is not.
      { type: 'page.return', sheet: 'booker' },
      { type: 'page.return', sheet: 'voucher' },
      { type: 'child.close', id: 'bookerForm' },
      { type: 'child.close', id: 'passengerForm.pergi.0' },
      ev({ type: 'xstate.done.actor.bookerForm', output: validBooker }),
      passengersDone('pergi', ['Budi Santoso']),
      { type: 'trip.set', trip: noSeatTrip },
    ]),
  },
];

// ---------------------------------------------------------------------------------------------
// Invariants, per region state: a region state without an entry fails the test.
// Plain checks: vitest's expect is too slow for the hundred thousand steps replayed here.

function ensure(condition: boolean, message: string): void {
  if (!condition) throw new Error(`Invariant broken: ${message}`);
}
/** Deep equality of plain data (contexts, intents), key order included as the machine builds it. */
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
const sameSet = (a: readonly string[], b: readonly string[]) => same([...a].sort(), [...b].sort());

interface Step {
  previous: BookingSnapshot;
  snapshot: BookingSnapshot;
  event: BookingEvent | null;
  navigations: NavigationIntent[];
  /** What this step emitted. */
  newNavigations: NavigationIntent[];
  newToasts: ToastEmitted[];
  checksStarted: number;
}

const regionInvariants: Record<string, (step: Step) => void> = {
  'flow.editing': ({ snapshot }) => {
    ensure(openDialog(snapshot) === null, 'editing: no dialog');
    ensure(!reserving(snapshot), 'editing: no loader');
  },
  'flow.confirmingReservation': ({ snapshot, previous, event }) => {
    ensure(openDialog(snapshot)?.kind === 'reserve', 'confirmingReservation: the reserve dialog');
    if (!previous.matches({ flow: 'confirmingReservation' })) {
      ensure(
        event?.type === 'reserve.request' ||
          ((event?.type as string | undefined) === FORMS_SAVED_AFTER && previous.matches({ flow: 'savingForms' })),
        'the reserve dialog opens on reserve.request, after the inline forms were saved',
      );
      ensure(validateBooking(previous.context) === null, 'the reserve dialog opens only on a valid booking');
    }
  },
  'flow.savingForms': ({ snapshot, previous, event }) => {
    ensure(openDialog(snapshot) === null && !reserving(snapshot), 'savingForms: no dialog, no loader');
    ensure(snapshot.context.layout === 'd', 'savingForms: desktop only');
    if (!previous.matches({ flow: 'savingForms' })) {
      ensure(event?.type === 'reserve.request', 'the inline forms are saved on reserve.request');
      ensure(
        snapshot.context.openChildren.some((id) => id === 'bookerForm' || id.startsWith('passengerForm.')),
        'savingForms: an inline form is open',
      );
    }
  },
  'flow.reserving': ({ snapshot, previous, event }) => {
    ensure(reserving(snapshot), 'reserving: the loader');
    ensure(same(snapshot.context.payment, DEFAULT_PAYMENT), 'reserving: the payment is reset');
    if (!previous.matches({ flow: 'reserving' })) {
      // Reserving only after a passed validation and a confirmed dialog.
      ensure(previous.matches({ flow: 'confirmingReservation' }), 'reserving comes from the reserve dialog');
      ensure(event?.type === 'dialog.confirm', 'reserving after "Ya, Reservasi"');
      ensure(validateBooking(previous.context) === null, 'reserving a valid booking only');
    }
  },
  'flow.reserveFailed': ({ snapshot }) => {
    ensure(openDialog(snapshot) === null, 'reserveFailed: no dialog');
    ensure(!reserving(snapshot), 'reserveFailed: no loader');
  },
  'flow.priceChanged': ({ snapshot, previous, event }) => {
    const dialog = openDialog(snapshot);
    ensure(
      dialog?.kind === 'priceChanged' && dialog.total === snapshot.context.changedTotal,
      'priceChanged: the dialog with the new total',
    );
    ensure(snapshot.context.orderCode !== null, 'priceChanged: the order code is kept');
    if (previous.matches({ flow: 'priceChanged' })) {
      ensure(event?.type !== 'dialog.confirm', '"Saya Paham" leaves the price-change dialog');
    }
  },
  'flow.reserved': ({ snapshot, previous, event, navigations }) => {
    const code = snapshot.context.orderCode;
    ensure(code !== null, 'reserved: an order code');
    const last = navigations.at(-1);
    ensure(last?.kind === 'route' && same(last.params, { code }), 'reserved: the last navigation is to the order');
    if (previous.matches({ flow: 'priceChanged' })) {
      // The price-changed dialog is left only by "Saya Paham".
      ensure(event?.type === 'dialog.confirm', 'the price-change dialog is left by "Saya Paham"');
      ensure(last?.kind === 'route' && last.name === 'confirmation-payment-order', 'then the payment confirmation');
    }
  },
  'flow.confirmingPassengerChange': ({ snapshot }) => {
    ensure(openDialog(snapshot)?.kind === 'changePassengers', 'confirmingPassengerChange: its dialog');
    ensure(snapshot.context.pendingPassengerChange !== null, 'confirmingPassengerChange: the pending change');
  },
  'flow.confirmingLeave': ({ snapshot }) => {
    ensure(openDialog(snapshot)?.kind === 'leave', 'confirmingLeave: its dialog');
    ensure(snapshot.context.pendingLeave !== null, 'confirmingLeave: where to go');
  },
  'refundableHighlight.off': ({ snapshot }) => ensure(!refundableHighlighted(snapshot), 'highlight off'),
  'refundableHighlight.on': ({ snapshot }) => ensure(refundableHighlighted(snapshot), 'highlight on'),
  'voucherList.closed': ({ snapshot }) => ensure(!voucherListOpen(snapshot), 'voucher list closed'),
  'voucherList.open': ({ snapshot }) => {
    ensure(voucherListOpen(snapshot), 'voucher list open');
    ensure(isBookerComplete(snapshot.context.booker), 'the voucher list opens only with the booker details');
  },
  'profile.loading': ({ snapshot }) => ensure(snapshot.context.signedIn, 'the profile loads only when signed in'),
  'profile.idle': () => {},
};

function regionKeys(value: StateValue, prefix = ''): string[] {
  if (typeof value === 'string') return [`${prefix}${value}`];
  return Object.entries(value).flatMap(([key, child]) =>
    child === undefined ? [`${prefix}${key}`] : regionKeys(child, `${prefix}${key}.`),
  );
}

/** The events the issue lists as price-relevant changes. */
const CHANGE_EVENTS = new Set([
  'refundable.set',
  'points.toggle',
  'donation.toggle',
  'donation.amount',
  'voucher.set',
  'voucher.clear',
  'xstate.done.actor.seatSelection.pergi',
  'xstate.done.actor.seatSelection.pulang',
  'xstate.done.actor.passengerForm.pergi.0',
  'xstate.done.actor.passengerForm.pulang.0',
]);

function priceInputs(snapshot: BookingSnapshot): string {
  const { seats, passengers: names, refundable, donation, usePoint, voucher } = snapshot.context;
  return JSON.stringify({ seats, names, refundable, donation: [donation.on, donation.amount], usePoint, voucher });
}

function checkStep(step: Step): void {
  const { snapshot, previous, event } = step;
  for (const key of regionKeys(snapshot.value)) {
    const check = regionInvariants[key];
    if (!check) throw new Error(`no invariants for state "${key}"`);
    check(step);
  }
  const { context } = snapshot;
  // Refundable: tri-state, never yes when disabled.
  ensure(['unset', 'yes', 'no'].includes(context.refundable), 'refundable is a tri-state');
  if (refundableFlag(context) === 0 || !context.features.refundable) {
    ensure(context.refundable !== 'yes', 'never yes when the cover is not allowed');
  }
  // Points never on when not allowed.
  if (context.usePoint) ensure(canUsePoints(context), 'points only when allowed');
  // The donation amount never drops below the default.
  ensure(context.donation.amount >= DONATION_DEFAULT, 'the donation amount never drops below the default');
  if (context.donation.on) ensure(context.features.berkah, 'a donation only with the feature on');
  // A recompute after every price-relevant change, and at most one per step.
  ensure(step.checksStarted <= 1, 'at most one price check per step');
  if (event && CHANGE_EVENTS.has(event.type) && context.trip) {
    const accepted =
      priceInputs(previous) !== priceInputs(snapshot) ||
      event.type.startsWith('xstate.done.actor.') ||
      (event.type === 'voucher.set' && previous.matches({ flow: 'editing' }));
    ensure(step.checksStarted === (accepted ? 1 : 0), `a price check after each accepted change (${event.type})`);
  }
  if (step.checksStarted === 1) {
    ensure(priceLoading(priceOf(snapshot)), 'a started check shows');
    ensure(context.trip !== null, 'a price check needs a trip');
  }
  if (!context.trip) ensure(!priceLoading(priceOf(snapshot)), 'no trip: no price check runs');
  // The forms the page opened by itself: each once, and only for a mobile trip without seat selection.
  ensure(new Set(context.autoOpened).size === context.autoOpened.length, 'each form opens by itself once');
  if (context.autoOpened.length > 0) {
    ensure(
      context.layout === 'm' && context.trip?.outbound[0]?.selectSeat === false,
      'forms open by themselves only on mobile without seat selection',
    );
  }
  if (event?.type === 'dialog.confirm' && previous.matches({ flow: 'confirmingLeave' })) {
    const hold = holdOf(snapshot);
    ensure(hold?.matches('idle') === true && hold.context.hold.legs.length === 0, 'leaving lets the hold go');
  }
  if (snapshot.matches({ flow: 'reserved' })) {
    ensure(holdOf(snapshot)?.context.hold.legs.length === 0, 'a reservation ends the hold');
  }
  if (event) checkEvent(step, event);
}

function ensureUnchanged(step: Step, what: string): void {
  ensure(same(step.snapshot.context, step.previous.context), `${what}: the booking is unchanged`);
  ensure(same(step.snapshot.value, step.previous.value), `${what}: the state is unchanged`);
  ensure(step.newNavigations.length === 0, `${what}: no navigation`);
  ensure(step.checksStarted === 0, `${what}: no price check`);
}

/** What each of the wizard's events must do, from the state before it. */
function checkEvent(step: Step, event: BookingEvent): void {
  const { previous, snapshot, newNavigations, newToasts } = step;
  const { context } = snapshot;
  if (event.type === 'flow.resume') {
    // Resuming only restarts waits: nothing changes, nothing is shown.
    ensureUnchanged(step, 'flow.resume');
    ensure(newToasts.length === 0, 'flow.resume: no toast');
    return;
  }
  if (event.type === 'session.change') {
    const { signedIn } = event as { signedIn: boolean };
    ensure(context.signedIn === signedIn, 'session.change: the page follows the session');
    ensure(same(snapshot.value.flow, previous.value.flow), 'session.change: the flow stays where it was');
    if (context.trip) ensure(step.checksStarted === 1, 'session.change: priced again for the new customer');
    if (!signedIn) {
      ensure(!context.usePoint, 'session.change: a guest redeems no points');
      ensure(snapshot.matches({ profile: 'idle' }), 'session.change: no profile without a customer');
    } else {
      const empty = ({ name, phone, email }: typeof context.booker) => name === '' && phone === '' && email === '';
      ensure(
        snapshot.matches({ profile: 'loading' }) === empty(context.booker),
        'session.change: the profile fills an empty booker, and only an empty one',
      );
    }
    return;
  }
  if (event.type === 'schedule.choose') {
    checkScheduleChoice(step, event as ScheduleChoice);
    return;
  }
  if (event.type === 'voucher.open' || event.type === 'voucher.attach') {
    checkVoucherListOpening(step, event.type);
    return;
  }
  if (event.type.startsWith('xstate.done.actor.seatSelection.')) {
    const { direction } = (event as unknown as { output: { direction: Direction } }).output;
    const was = previous.context;
    ensure(!context.openChildren.includes(childId({ kind: 'seatSelection', direction })), 'the seat child is gone');
    if (was.layout === 'm') {
      // The seat page leads to this direction's passenger form itself.
      ensure(newNavigations.length === 0, 'mobile seats done: the seat page navigates, not the booking');
      ensure(context.passengerFlow === 'booking-page', 'mobile seats done: the seat page flow');
      ensure(
        context.openChildren.includes(childId({ kind: 'passengerForm', direction })),
        'mobile seats done: the passenger form of that direction',
      );
      return;
    }
    const returnNext =
      was.trip?.kind === 'round-trip' && direction === 'pergi' && was.seats.pulang.every((leg) => leg.length === 0);
    if (returnNext) ensure(context.openChildren.includes('seatSelection.pulang'), 'the return seats come next');
    const expected: NavigationIntent[] =
      was.seatHost === 'sheet'
        ? []
        : returnNext
          ? [{ kind: 'route', name: 'select-seat', params: { return: 'return' }, replace: true }]
          : [{ kind: 'back', steps: 1 }];
    ensure(same(newNavigations, expected), `desktop seats done from the ${was.seatHost}: ${JSON.stringify(expected)}`);
    return;
  }
  if (event.type === 'page.enter') {
    // The mobile entry rule: at most one form, pushed (Back returns here), never one opened before.
    const opened = context.autoOpened.filter((form) => !previous.context.autoOpened.includes(form));
    ensure(opened.length === newNavigations.length && opened.length <= 1, 'page.enter opens one new form at most');
    if (opened[0] === 'bookerForm') {
      ensure(same(newNavigations, [{ kind: 'route', name: 'info-customer-order' }]), 'the booker form, pushed');
      ensure(!isBookerComplete(previous.context.booker), 'the booker form opens while the details are missing');
      ensure(context.openChildren.includes('bookerForm'), 'the booker form runs');
    }
    if (opened[0] === 'passengerForm') {
      ensure(
        same(newNavigations, [{ kind: 'route', name: 'm-information-passengers-no-select-seat', params: {} }]),
        'the passenger form, pushed',
      );
      ensure(
        previous.context.passengers.pergi.every((map) => Object.keys(map).length === 0),
        'while no names',
      );
      ensure(context.passengerFlow === 'passenger-screen', 'saving it returns to the booking page');
      ensure(context.openChildren.includes('passengerForm.pergi.0'), 'the passenger form runs');
    }
  }
}

/**
 * The voucher list sheet: the bar's "open" goes to it once the list may open; the sheet's own
 * address (a link, a reload) opens the list where it is, or replaces itself with the booking page.
 */
function checkVoucherListOpening(step: Step, type: 'voucher.open' | 'voucher.attach'): void {
  const { previous, snapshot, newNavigations, newToasts } = step;
  const wasOpen = voucherListOpen(previous);
  const allowed = isBookerComplete(previous.context.booker);
  ensure(voucherListOpen(snapshot) === (wasOpen || allowed), `${type}: open only with the booker details`);
  const listRoute: NavigationIntent[] = [{ kind: 'route', name: 'list-voucher' }];
  const expected: NavigationIntent[] =
    type === 'voucher.open'
      ? wasOpen || allowed
        ? listRoute
        : []
      : wasOpen || allowed
        ? []
        : [{ kind: 'route', name: 'information-passengers', replace: true }];
  ensure(same(newNavigations, expected), `${type}: ${JSON.stringify(expected)}`);
  ensure(
    newToasts.length === (wasOpen || allowed ? 0 : 1),
    `${type}: the booker toast exactly when the list may not open`,
  );
}

/** "Pilih": the two refusals leave everything as it was; otherwise a fresh booking from any step. */
function checkScheduleChoice(step: Step, choice: ScheduleChoice): void {
  const { previous, snapshot, newNavigations, newToasts } = step;
  const { context } = snapshot;
  if (choice.direction === 'pulang' && previous.context.trip?.kind !== 'round-trip') {
    ensureUnchanged(step, 'a return without its outbound');
    ensure(newToasts.length === 0, 'a return without its outbound: no toast');
    return;
  }
  if (choice.direction === 'pergi' && choice.roundTrip && choice.legs.length > 1) {
    ensureUnchanged(step, 'a connecting round trip');
    ensure(
      same(
        newToasts.map((toast) => [toast.message, toast.position]),
        [[bookingMessages.connectingRoundTrip, 'top']],
      ),
      'a connecting round trip: its toast',
    );
    return;
  }
  ensure(snapshot.matches({ flow: 'editing' }), 'Pilih lands on the booking page, from any step');
  ensure(
    same(context.seats, { pergi: [], pulang: [] }) &&
      same(context.passengers, { pergi: [], pulang: [] }) &&
      context.price === null,
    'Pilih starts a fresh booking',
  );
  ensure(
    context.seatHost === 'page' && context.passengerFlow === 'passenger-screen' && context.autoOpened.length === 0,
    'Pilih resets where the children belong',
  );
  const outbound = choice.direction === 'pergi' ? choice.legs : previous.context.trip?.outbound;
  ensure(same(context.trip?.outbound, outbound), 'the outbound legs');
  if (choice.roundTrip) {
    ensure(context.trip?.kind === 'round-trip' && context.trip.return === null, 'a round trip waiting for its return');
    ensure(
      same(newNavigations, [
        { kind: 'route', name: 'schedule', params: { return: 'return' }, search: choice.returnListSearch },
      ]),
      'the return list next',
    );
    // The outbound half is priced again, so a check running for the previous trip cannot land.
    ensure(context.openChildren.length === 0 && step.checksStarted === 1, 'no child, the outbound priced afresh');
    return;
  }
  if (choice.direction === 'pulang') {
    ensure(context.trip?.kind === 'round-trip' && same(context.trip.return, choice.legs), 'the round trip completed');
  }
  ensure(step.checksStarted === 1, 'Pilih checks the price');
  const seatPage: NavigationIntent[] = context.trip?.outbound[0]?.selectSeat
    ? [
        {
          kind: 'route',
          name: 'select-seat',
          params: {},
          ...(context.trip.kind === 'connecting' ? { search: { connecting_route: 1 } } : {}),
        },
      ]
    : [];
  ensure(
    same(newNavigations, [{ kind: 'route', name: 'information-passengers' }, ...seatPage]),
    'the booking page, and the seat page on top when the schedule has seat choice',
  );
  ensure(
    sameSet(context.openChildren, seatPage.length > 0 ? ['seatSelection.pergi'] : []),
    'only the seat child of the new trip runs',
  );
}

/**
 * Replays a path on a real actor (simulated clock) and checks every step; returns the region states
 * seen. The recorder counts the states entered and transitions taken, so coverage needs no second pass.
 */
function replay(path: readonly BookingEvent[], scenarioInput: BookingInput, coverage: CoverageRecorder): string[] {
  const clock = new SimulatedClock();
  const actor = createActor(model, { input: scenarioInput, clock, inspect: coverage.inspect });
  const navigations: NavigationIntent[] = [];
  const toasts: ToastEmitted[] = [];
  actor.on('navigate', (emitted) => navigations.push(emitted.intent));
  actor.on('toast', (emitted) => toasts.push(emitted));
  priceChecks = 0;
  actor.start();
  const seen: string[] = [];
  let previous = actor.getSnapshot();
  let emittedBefore = { navigations: 0, toasts: 0 };
  const check = (event: BookingEvent | null, checksStarted: number) => {
    const snapshot = actor.getSnapshot();
    coverage.record(snapshot);
    seen.push(...regionKeys(snapshot.value));
    checkStep({
      previous,
      snapshot,
      event,
      navigations,
      newNavigations: navigations.slice(emittedBefore.navigations),
      newToasts: toasts.slice(emittedBefore.toasts),
      checksStarted,
    });
    previous = snapshot;
    emittedBefore = { navigations: navigations.length, toasts: toasts.length };
  };
  check(null, 0);
  for (const event of path) {
    const before = priceChecks;
    const delay = delayOf[event.type];
    const owned = (previous._nodes as AnyStateNode[]).some((node) => node.transitions.has(event.type));
    // A delayed event happens only in the state that scheduled it: run the clock instead.
    if (delay !== undefined && owned) clock.increment(delay);
    else actor.send(event);
    check(event, priceChecks - before);
  }
  actor.stop();
  coverage.pathDone();
  return seen;
}

/** Tens of thousands of replayed steps: on a busy machine this takes long, and time is no invariant here. */
const MODEL_TIMEOUT_MS = 180_000;

describe('bookingMachine model', () => {
  const runs = scenarios.map((scenario) =>
    withLazyPaths(
      {
        scenario,
        /** Region states the replays reached (filled by the scenario's own test). */
        reached: null as string[] | null,
        coverage: coverageRecorder(),
      },
      () => edgeCoverPaths(model, { events: scenario.events, input: scenario.input, serialize }),
    ),
  );
  const replayAll = (run: (typeof runs)[number]) =>
    (run.reached ??= run.paths.flatMap((path) => replay(path, run.scenario.input, run.coverage)));

  it.each(runs.map((run) => [run.scenario.name, run] as const))(
    '%s: every path keeps the invariants of every state it reaches',
    (_, run) => {
      expect(run.paths.length).toBeGreaterThan(0);
      expect(replayAll(run).length).toBeGreaterThan(0);
    },
    MODEL_TIMEOUT_MS,
  );

  it(
    'together the scenarios reach every region state and take every transition of the chart',
    () => {
      const reached = new Set(runs.flatMap(replayAll));
      expect([...reached].sort()).toEqual(Object.keys(regionInvariants).sort());
      const coverages = runs.map((run) => {
        const coverage = run.coverage.result(model);
        printCoverage(`booking (${run.scenario.name})`, coverage);
        return coverage;
      });
      const union = combineCoverage(coverages);
      printCoverage('booking (all scenarios)', union);
      expect(union.states.missing).toEqual([]);
      expect(union.transitions.missing).toEqual([]);
    },
    MODEL_TIMEOUT_MS,
  );
});
