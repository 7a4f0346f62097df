import { readFileSync } from 'node:fs';
import {
  SimulatedClock,
  createActor,
  fromPromise,
  getInitialSnapshot,
  getNextSnapshot,
  type AnyActorRef,
  type AnyStateMachine,
  type EventObject,
} from 'xstate';
import { getAdjacencyMap, getShortestPaths } from 'xstate/graph';
import type { CekHargaResults } from '../../contract';
import type { TraceDocument } from '../../contract/support';
import { dialogTexts, type BookingContext, type ReserveOutcome } from '../../machines/booking-context';
import { bookingPriceMachine } from '../../machines/booking-price.machine';
import { openDialog } from '../../machines/booking-selectors';
import { validateBooking } from '../../machines/booking-validation';
import { bookingMachine, type BookingSnapshot } from '../../machines/booking.machine';
import { ERROR_TOAST_DELAY_MS } from '../../machines/constants';
import type { LayoutMode, ToastEmitted } from '../../machines/types';
import { recordedSnapshots } from '../../src/trace/replay';

/*
 * The booking machine as the model of the booking page (TESTING.md, "Model-based tests from the
 * charts"): the event set, the path choice and the plan's Indonesian texts, in one place. The
 * Playwright test (e2e/booking.model.spec.ts) runs these paths on the page; `npm run paths --
 * booking` prints them as a test plan. Every event type and every flow state has its text here:
 * a new one fails the plan's test until it has one.
 */

export type ModelEvent = EventObject & { [key: string]: unknown };

/** The calls never settle by themselves in the model: the paths say how they end. */
export const model = bookingMachine.provide({
  actors: {
    price: bookingPriceMachine.provide({
      actors: {
        checkPrice: fromPromise<CekHargaResults>(() => new Promise<CekHargaResults>(() => undefined)) as never,
      },
    }),
    reserve: fromPromise<ReserveOutcome>(() => new Promise<ReserveOutcome>(() => undefined)) as never,
    loadProfile: fromPromise(() => new Promise<never>(() => undefined)) as never,
  },
});

export const RESERVE_FAILED: ModelEvent = {
  type: 'xstate.error.actor.reserve',
  error: new Error('Reservasi belum tersedia'),
};
export const ERROR_TOAST_AFTER: ModelEvent = { type: 'xstate.after.errorToastDelay.booking.flow.reserveFailed' };

export const flowState = (snapshot: BookingSnapshot): string => {
  const value = snapshot.value as { flow: string };
  return value.flow;
};

/**
 * The bounded event set, by state: only what changes something (a checkbox set to its own value
 * is no event on the page). Leaving is only ever cancelled: confirming it leaves the page.
 */
function modelEvents(snapshot: BookingSnapshot): ModelEvent[] {
  const { context } = snapshot;
  switch (flowState(snapshot)) {
    case 'editing':
      return [
        { type: 'terms.set', checked: !context.termsAccepted },
        ...(['yes', 'no'] as const)
          .filter((value) => value !== context.refundable)
          .map((value) => ({ type: 'refundable.set', value })),
        { type: 'donation.toggle' },
        { type: 'reserve.request' },
        { type: 'leave.request', intent: { kind: 'back', steps: 1 } },
      ];
    case 'confirmingReservation':
      return [{ type: 'dialog.confirm' }, { type: 'dialog.cancel' }];
    case 'confirmingLeave':
      return [{ type: 'dialog.cancel' }];
    case 'reserving':
      return [RESERVE_FAILED];
    case 'reserveFailed':
      return [ERROR_TOAST_AFTER];
    default:
      return [];
  }
}

/** What tells two page states apart: the flow step and the choices on screen. */
function serialize(snapshot: BookingSnapshot): string {
  const { context } = snapshot;
  return JSON.stringify([flowState(snapshot), context.refundable, context.termsAccepted, context.donation.on]);
}

/**
 * A step's kind for coverage: the state it leaves, the event with its value, and how a
 * reservation request ends (refused on which field, or accepted).
 */
function stepKind(before: BookingSnapshot, event: ModelEvent): string {
  const detail =
    event.type === 'reserve.request' && flowState(before) === 'editing'
      ? `:${validateBooking(before.context)?.field ?? 'accepted'}`
      : event.type === 'terms.set'
        ? `:${String(event.checked)}`
        : event.type === 'refundable.set'
          ? `:${String(event.value)}`
          : event.type === 'donation.toggle'
            ? `:${before.context.donation.on ? 'off' : 'on'}`
            : '';
  return `${flowState(before)} --${event.type}${detail}`;
}

/** The page's prepared booking as the model's starting state. */
export function startState(context: BookingContext): BookingSnapshot {
  const resolved = model.resolveState({ value: { flow: 'editing' }, context: { ...context, openChildren: [] } });
  // resolveState enters no state: the price and hold children the root invokes come from the start.
  const { children } = getInitialSnapshot(model, {
    layout: context.layout,
    signedIn: context.signedIn,
    features: context.features,
  });
  return { ...resolved, children } as BookingSnapshot;
}

export interface ModelPath {
  events: ModelEvent[];
  kinds: string[];
}

/**
 * A handful of paths: every page state's shortest path followed by each event it offers (every
 * kind of step), then greedily the fewest of them that still take every kind of step.
 */
export function modelPaths(from: BookingSnapshot): ModelPath[] {
  const traversal = { fromState: from, events: modelEvents, serializeState: serialize } as never;
  const toState = new Map<string, ModelEvent[]>();
  for (const path of getShortestPaths(model as AnyStateMachine, traversal)) {
    const events = path.steps.map((step) => step.event as ModelEvent).filter((event) => event.type !== 'xstate.init');
    const key = serialize(path.state as BookingSnapshot);
    const known = toState.get(key);
    if (!known || known.length > events.length) toState.set(key, events);
  }
  const adjacency = getAdjacencyMap(model as AnyStateMachine, traversal) as unknown as Record<
    string,
    { state: BookingSnapshot; transitions: Record<string, { event: ModelEvent }> }
  >;
  const candidates = Object.values(adjacency).flatMap((entry) => {
    const prefix = toState.get(serialize(entry.state));
    if (!prefix) return [];
    return Object.values(entry.transitions).map(({ event }) => {
      const events = [...prefix, event];
      let snapshot = from;
      const kinds: string[] = [];
      for (const step of events) {
        kinds.push(stepKind(snapshot, step));
        snapshot = getNextSnapshot(model as AnyStateMachine, snapshot, step) as BookingSnapshot;
      }
      return { events, kinds };
    });
  });
  const uncovered = new Set(candidates.flatMap((candidate) => candidate.kinds));
  const chosen: ModelPath[] = [];
  while (uncovered.size > 0) {
    const best = candidates
      .map((candidate) => ({
        candidate,
        gain: new Set(candidate.kinds.filter((kind) => uncovered.has(kind))).size,
      }))
      .sort((a, b) => b.gain - a.gain || a.candidate.events.length - b.candidate.events.length)[0];
    if (!best || best.gain === 0) break;
    chosen.push(best.candidate);
    for (const kind of best.candidate.kinds) uncovered.delete(kind);
  }
  return chosen;
}

/** Replays a path on an actor of the model: the snapshots reached and the toasts each step emitted. */
export function replay(from: BookingSnapshot, events: readonly ModelEvent[]) {
  const clock = new SimulatedClock();
  // The input is only read for a fresh start; the snapshot given wins.
  const actor = createActor(model, {
    snapshot: from as never,
    clock,
    input: { layout: from.context.layout, signedIn: from.context.signedIn, features: from.context.features },
  });
  let toasts: string[] = [];
  actor.on('toast', (event: ToastEmitted) => toasts.push(event.message));
  actor.start();
  return events.map((event) => {
    toasts = [];
    if (event.type.startsWith('xstate.after.')) clock.increment(ERROR_TOAST_DELAY_MS);
    else (actor as AnyActorRef).send(event);
    return { snapshot: actor.getSnapshot() as BookingSnapshot, toasts };
  });
}

// ---------------------------------------------------------------------------------------------
// The plan's words: what a tester does for each event, and what the page then shows.

export const TERMS_LABEL = 'Setuju dengan syarat & ketentuan yang diberikan operator perjalanan';
export const REFUNDABLE_LABEL = { yes: 'Ya, lindungi tiket saya', no: 'Tidak' } as const;
export const RESERVE_LOADER = 'Memproses reservasi…';
const reserveLabel = (layout: LayoutMode) => (layout === 'm' ? 'Bayar Sekarang' : 'Reservasi Tiket');

type StepText = (event: ModelEvent, before: BookingSnapshot) => string;

/** One tester action per event type, named as the page labels it. */
export const STEP_TEXT: Record<string, StepText> = {
  'terms.set': (event) => `${event.checked === true ? 'Centang' : 'Hapus centang'} "${TERMS_LABEL}"`,
  'refundable.set': (event) => `Pada "Tiket Refundable", pilih "${REFUNDABLE_LABEL[event.value as 'yes' | 'no']}"`,
  'donation.toggle': (_event, before) => `${before.context.donation.on ? 'Matikan' : 'Nyalakan'} "Donasi Berkah"`,
  'reserve.request': (_event, before) => `Ketuk tombol "${reserveLabel(before.context.layout)}"`,
  'leave.request': () => 'Ketuk tombol "Kembali" di bilah atas',
  'dialog.confirm': (_event, before) => {
    const dialog = openDialog(before);
    return `Pada dialog "${dialog?.texts.title ?? '?'}", ketuk "${dialog?.texts.confirmLabel ?? '?'}"`;
  },
  'dialog.cancel': (_event, before) => {
    const dialog = openDialog(before);
    return `Pada dialog "${dialog?.texts.title ?? '?'}", ketuk "${dialog?.texts.cancelLabel ?? '?'}"`;
  },
  [RESERVE_FAILED.type]: () => 'Biarkan panggilan reservasi gagal (jaringan terputus)',
  [ERROR_TOAST_AFTER.type]: () => 'Tunggu sebentar',
};

type StateText = (snapshot: BookingSnapshot) => string;

const choicesText = (context: BookingContext) =>
  [
    `"${TERMS_LABEL.split(' ').slice(0, 4).join(' ')}…" ${context.termsAccepted ? 'tercentang' : 'tidak tercentang'}`,
    `refundable ${context.refundable === 'unset' ? 'belum dipilih' : `"${REFUNDABLE_LABEL[context.refundable]}"`}`,
    `"Donasi Berkah" ${context.donation.on ? 'menyala' : 'mati'}`,
  ].join(', ');

/** What the page shows in each flow state. */
export const STATE_TEXT: Record<string, StateText> = {
  editing: (snapshot) => `Halaman pemesanan tanpa dialog; ${choicesText(snapshot.context)}`,
  confirmingReservation: () => `Dialog "${dialogTexts.reserve.title}"`,
  confirmingLeave: () => `Dialog "${dialogTexts.leave.title}"`,
  confirmingPassengerChange: () => `Dialog "${dialogTexts.changePassengers.title}"`,
  priceChanged: () => `Dialog "${dialogTexts.priceChanged.title}"`,
  reserving: () => `Layar tunggu "${RESERVE_LOADER}"`,
  reserveFailed: () => 'Layar tunggu hilang; halaman pemesanan tetap terbuka',
  savingForms: () => 'Formulir di halaman disimpan dulu; halaman pemesanan tanpa dialog',
  reserved: () => 'Halaman konfirmasi pesanan',
};

export interface PlanStep {
  action: string;
  expect: string;
  toasts: string[];
}

export interface PlanPath {
  kinds: string[];
  steps: PlanStep[];
  /** Flow states the path passes through, in order. */
  states: string[];
}

/** The paths with their words: what `npm run paths -- booking` prints and the page test runs. */
export function bookingPlan(from: BookingSnapshot): PlanPath[] {
  return modelPaths(from).map((path) => {
    let before = from;
    const replayed = replay(from, path.events);
    const steps = replayed.map((step, index) => {
      const event = path.events[index] as ModelEvent;
      const action = STEP_TEXT[event.type];
      const shown = STATE_TEXT[flowState(step.snapshot)];
      if (!action) throw new Error(`Tidak ada teks langkah untuk ${event.type}`);
      if (!shown) throw new Error(`Tidak ada teks keadaan untuk ${flowState(step.snapshot)}`);
      const planned = { action: action(event, before), expect: shown(step.snapshot), toasts: step.toasts };
      before = step.snapshot;
      return planned;
    });
    return { kinds: path.kinds, steps, states: replayed.map((step) => flowState(step.snapshot)) };
  });
}

/**
 * The start the printed plan uses: a booking recorded in the browser on the booking page with the
 * booker and the passengers filled and no option touched yet (tests/traces/fixtures), in the
 * layout asked for. The page test starts from its own booking of that kind and checks that its
 * paths are these.
 */
export function planStart(layout: LayoutMode): BookingSnapshot {
  const trace = JSON.parse(
    readFileSync(new URL('../../tests/traces/fixtures/round-trip-desktop.json', import.meta.url), 'utf8'),
  ) as TraceDocument;
  const lane = trace.lanes.filter((candidate) => candidate.name === 'booking').at(-1);
  if (!lane) throw new Error('the recorded trace has no booking lane');
  const snapshots = recordedSnapshots(lane) as { value?: { flow?: string }; context?: BookingContext }[];
  const ready = snapshots.find(
    (snapshot) =>
      snapshot.value?.flow === 'editing' &&
      snapshot.context?.booker.name !== '' &&
      snapshot.context?.refundable === 'unset' &&
      validateBooking(snapshot.context as BookingContext)?.field === 'refundable',
  );
  if (!ready?.context) throw new Error('the recorded trace never reached a booking ready for its options');
  return startState({ ...ready.context, layout });
}
