import { describe, expect, it } from 'vitest';
import {
  createActor,
  fromPromise,
  SimulatedClock,
  type AnyStateNode,
  type EventFromLogic,
  type StateValue,
} from 'xstate';
import type { CekHargaResults, ReservasiResults } from '../../contract';
import {
  arePassengersComplete,
  bookingMachine,
  canUsePoints,
  DEFAULT_PAYMENT,
  isBookerComplete,
  openDialog,
  priceLoading,
  refundableFlag,
  refundableHighlighted,
  reserving,
  validateBooking,
  voucherListOpen,
  type BookingInput,
  type BookingSnapshot,
  type ReserveOutcome,
} from '../../machines/booking.machine';
import { DONATION_DEFAULT, ERROR_TOAST_DELAY_MS, REFUNDABLE_HIGHLIGHT_MS } from '../../machines/constants';
import type { NavigationIntent } from '../../machines/types';
import { fakeChild, input, oneWay, passengers, priceResults, roundTrip, seat, validBooker } from './booking-fixtures';
import { edgeCoverPaths, measureCoverage, printCoverage, type ChartCoverage } from './support/coverage';

type BookingEvent = EventFromLogic<typeof bookingMachine>;
/** Done and delayed events are not all in the event union; the model sends them like the runtime does. */
const ev = (event: { type: string; [key: string]: unknown }) => event as unknown as BookingEvent;

const ERROR_TOAST_AFTER = 'xstate.after.errorToastDelay.booking.flow.reserveFailed';
const HIGHLIGHT_AFTER = 'xstate.after.refundableHighlight.booking.refundableHighlight.on';
const delayOf: Record<string, number> = {
  [ERROR_TOAST_AFTER]: ERROR_TOAST_DELAY_MS,
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
    checkPrice: fromPromise<CekHargaResults>(() => {
      priceChecks += 1;
      return new Promise<CekHargaResults>(() => {});
    }) as never,
    reserve: fromPromise<ReserveOutcome>(() => new Promise<ReserveOutcome>(() => {})) as never,
    loadProfile: fromPromise(() => new Promise<never>(() => {})) as never,
  },
});

const results = (patch: Partial<ReservasiResults> = {}): ReservasiResults => ({
  reservasi_kode: 'TMP-1',
  flag_harga_berubah: 0,
  total_bayar: 200_000,
  flag_lunas: 0,
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

const priceReplies: BookingEvent[] = [
  ev({ type: 'xstate.done.actor.checkPrice', output: priceResults() }),
  // Free ticket without points: cover and points are no longer allowed.
  ev({
    type: 'xstate.done.actor.checkPrice',
    output: priceResults({ flag_status_asuransi: 0, flag_status_point: 0, max_point: 0 }),
  }),
  ev({ type: 'xstate.error.actor.checkPrice', error: new Error('offline') }),
];

const seatsDone = (direction: 'pergi' | 'pulang') =>
  ev({ type: `xstate.done.actor.seatSelection.${direction}`, output: { direction, seats: [[seat('1A')]] } });
const passengersDone = (direction: 'pergi' | 'pulang', names: string[]) =>
  ev({
    type: `xstate.done.actor.passengerForm.${direction}.0`,
    output: { direction, legIndex: 0, passengers: [passengers(...names)], seats: [seat('1A')] },
  });

const dialogEvents: BookingEvent[] = [{ type: 'dialog.confirm' }, { type: 'dialog.cancel' }];

/** Offers only what the state can use (else the graph multiplies by events that change nothing). */
function offer(common: (snapshot: BookingSnapshot) => BookingEvent[]) {
  return (snapshot: BookingSnapshot): BookingEvent[] => {
    const events: BookingEvent[] = [];
    if (snapshot.matches({ price: 'checking' })) events.push(...priceReplies);
    if (snapshot.matches({ profile: 'loading' })) {
      events.push(
        ev({ type: 'xstate.done.actor.loadProfile', output: validBooker }),
        ev({ type: 'xstate.error.actor.loadProfile', error: new Error('401') }),
      );
    }
    if (snapshot.matches({ refundableHighlight: 'on' })) events.push(ev({ type: HIGHLIGHT_AFTER }));
    if (snapshot.matches({ flow: 'reserving' })) return [...events, ...reserveOutcomes];
    if (snapshot.matches({ flow: 'reserveFailed' })) return [...events, ev({ type: ERROR_TOAST_AFTER })];
    if (snapshot.matches({ flow: 'reserved' })) return events;
    if (!snapshot.matches({ flow: 'editing' })) return [...events, ...dialogEvents, { type: 'reserve.request' }];
    return [...events, ...common(snapshot)];
  };
}

/** What matters of the context: the validation result, the choices and their permissions. */
function serialize(snapshot: BookingSnapshot): string {
  const { context } = snapshot;
  return JSON.stringify({
    value: snapshot.value,
    failure: validateBooking(context)?.field ?? 'ok',
    trip: context.trip?.kind ?? null,
    refundable: context.refundable,
    refundableFlag: refundableFlag(context),
    usePoint: context.usePoint,
    points: canUsePoints(context),
    donation: context.donation.on,
    voucher: context.voucher !== null,
    children: [...context.openChildren].sort(),
    seats: [context.seats.pergi.length > 0, context.seats.pulang.length > 0],
    // Per direction: the validation result alone would merge states whose futures differ.
    passengers: [arePassengersComplete(context, 'pergi'), arePassengersComplete(context, 'pulang')],
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
      { type: 'page.enter', from: 'partner-schedule' },
      { type: 'sameAsBooker.set', value: true },
      { type: 'price.refresh' },
    ]),
  },
];

// ---------------------------------------------------------------------------------------------
// Invariants, per region state: a region state without an entry fails the test.

interface Step {
  previous: BookingSnapshot;
  snapshot: BookingSnapshot;
  event: BookingEvent | null;
  navigations: NavigationIntent[];
  checksStarted: number;
}

const regionInvariants: Record<string, (step: Step) => void> = {
  'flow.editing': ({ snapshot }) => {
    expect(openDialog(snapshot)).toBeNull();
    expect(reserving(snapshot)).toBe(false);
  },
  'flow.confirmingReservation': ({ snapshot, previous, event }) => {
    expect(openDialog(snapshot)?.kind).toBe('reserve');
    if (!previous.matches({ flow: 'confirmingReservation' })) {
      expect(event?.type).toBe('reserve.request');
      expect(validateBooking(previous.context)).toBeNull();
    }
  },
  'flow.reserving': ({ snapshot, previous, event }) => {
    expect(reserving(snapshot)).toBe(true);
    expect(snapshot.context.payment).toEqual(DEFAULT_PAYMENT);
    if (!previous.matches({ flow: 'reserving' })) {
      // Reserving only after a passed validation and a confirmed dialog.
      expect(previous.matches({ flow: 'confirmingReservation' })).toBe(true);
      expect(event?.type).toBe('dialog.confirm');
      expect(validateBooking(previous.context)).toBeNull();
    }
  },
  'flow.reserveFailed': ({ snapshot }) => {
    expect(openDialog(snapshot)).toBeNull();
    expect(reserving(snapshot)).toBe(false);
  },
  'flow.priceChanged': ({ snapshot, previous, event }) => {
    expect(openDialog(snapshot)).toMatchObject({ kind: 'priceChanged', total: snapshot.context.changedTotal });
    expect(snapshot.context.orderCode).not.toBeNull();
    if (previous.matches({ flow: 'priceChanged' })) expect(event?.type).not.toBe('dialog.confirm');
  },
  'flow.reserved': ({ snapshot, previous, event, navigations }) => {
    expect(snapshot.context.orderCode).not.toBeNull();
    const last = navigations.at(-1);
    expect(last).toMatchObject({ kind: 'route', params: { code: snapshot.context.orderCode } });
    if (previous.matches({ flow: 'priceChanged' })) {
      // The price-changed dialog is left only by "Saya Paham".
      expect(event?.type).toBe('dialog.confirm');
      expect(last).toMatchObject({ name: 'confirmation-payment-order' });
    }
  },
  'flow.confirmingPassengerChange': ({ snapshot }) => {
    expect(openDialog(snapshot)?.kind).toBe('changePassengers');
    expect(snapshot.context.pendingPassengerChange).not.toBeNull();
  },
  'flow.confirmingLeave': ({ snapshot }) => {
    expect(openDialog(snapshot)?.kind).toBe('leave');
    expect(snapshot.context.pendingLeave).not.toBeNull();
  },
  'price.idle': ({ snapshot }) => expect(priceLoading(snapshot)).toBe(false),
  'price.checking': ({ snapshot }) => {
    expect(priceLoading(snapshot)).toBe(true);
    expect(snapshot.context.trip).not.toBeNull();
  },
  'refundableHighlight.off': ({ snapshot }) => expect(refundableHighlighted(snapshot)).toBe(false),
  'refundableHighlight.on': ({ snapshot }) => expect(refundableHighlighted(snapshot)).toBe(true),
  'voucherList.closed': ({ snapshot }) => expect(voucherListOpen(snapshot)).toBe(false),
  'voucherList.open': ({ snapshot }) => {
    expect(voucherListOpen(snapshot)).toBe(true);
    expect(isBookerComplete(snapshot.context.booker)).toBe(true);
  },
  'profile.loading': ({ snapshot }) => expect(snapshot.context.signedIn).toBe(true),
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
  expect(['unset', 'yes', 'no']).toContain(context.refundable);
  if (refundableFlag(context) === 0 || !context.features.refundable) expect(context.refundable).not.toBe('yes');
  // Points never on when not allowed.
  if (context.usePoint) expect(canUsePoints(context)).toBe(true);
  // The donation amount never drops below the default.
  expect(context.donation.amount).toBeGreaterThanOrEqual(DONATION_DEFAULT);
  if (context.donation.on) expect(context.features.berkah).toBe(true);
  // A recompute after every price-relevant change, and at most one per step.
  expect(step.checksStarted).toBeLessThanOrEqual(1);
  if (event && CHANGE_EVENTS.has(event.type) && context.trip) {
    const accepted =
      priceInputs(previous) !== priceInputs(snapshot) ||
      event.type.startsWith('xstate.done.actor.') ||
      (event.type === 'voucher.set' && previous.matches({ flow: 'editing' }));
    expect(step.checksStarted).toBe(accepted ? 1 : 0);
  }
  if (step.checksStarted === 1) expect(snapshot.matches({ price: 'checking' })).toBe(true);
}

/** Replays a path on a real actor (simulated clock) and checks every step; returns the region states seen. */
function replay(path: readonly BookingEvent[], scenarioInput: BookingInput): string[] {
  const clock = new SimulatedClock();
  const actor = createActor(model, { input: scenarioInput, clock });
  const navigations: NavigationIntent[] = [];
  actor.on('navigate', (emitted) => navigations.push(emitted.intent));
  priceChecks = 0;
  actor.start();
  const seen: string[] = [];
  let previous = actor.getSnapshot();
  const check = (event: BookingEvent | null, checksStarted: number) => {
    const snapshot = actor.getSnapshot();
    seen.push(...regionKeys(snapshot.value));
    checkStep({ previous, snapshot, event, navigations, checksStarted });
    previous = snapshot;
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
  return seen;
}

describe('bookingMachine model', () => {
  const runs = scenarios.map((scenario) => ({
    scenario,
    paths: edgeCoverPaths(model, { events: scenario.events, input: scenario.input, serialize }),
    /** Region states the replays reached (filled by the scenario's own test). */
    reached: null as string[] | null,
  }));
  const replayAll = (run: (typeof runs)[number]) =>
    (run.reached ??= run.paths.flatMap((path) => replay(path, run.scenario.input)));

  it.each(runs.map((run) => [run.scenario.name, run] as const))(
    '%s: every path keeps the invariants of every state it reaches',
    (_, run) => {
      expect(run.paths.length).toBeGreaterThan(0);
      expect(replayAll(run).length).toBeGreaterThan(0);
    },
  );

  it('together the scenarios reach every region state and take every transition of the chart', () => {
    const reached = new Set(runs.flatMap(replayAll));
    expect([...reached].sort()).toEqual(Object.keys(regionInvariants).sort());
    const coverages: ChartCoverage[] = runs.map((run) => {
      const coverage = measureCoverage(model, run.paths, run.scenario.input);
      printCoverage(`booking (${run.scenario.name})`, coverage);
      return coverage;
    });
    const missing = (pick: (coverage: ChartCoverage) => string[]) =>
      coverages.map(pick).reduce((left, right) => left.filter((key) => right.includes(key)));
    const union: ChartCoverage = {
      states: {
        covered: coverages[0]!.states.total - missing((c) => c.states.missing).length,
        total: coverages[0]!.states.total,
        missing: missing((c) => c.states.missing),
      },
      transitions: {
        covered: coverages[0]!.transitions.total - missing((c) => c.transitions.missing).length,
        total: coverages[0]!.transitions.total,
        missing: missing((c) => c.transitions.missing),
      },
      paths: coverages.reduce((sum, c) => sum + c.paths, 0),
    };
    printCoverage('booking (all scenarios)', union);
    expect(union.states.missing).toEqual([]);
    expect(union.transitions.missing).toEqual([]);
  });
});
