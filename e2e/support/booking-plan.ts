import {
  SimulatedClock,
  createActor,
  fromCallback,
  fromPromise,
  getInitialSnapshot,
  getNextSnapshot,
  type AnyActorRef,
  type AnyStateMachine,
  type AnyStateNode,
  type EventObject,
  type InspectionEvent,
} from 'xstate';
import type { CekHargaResults } from '../../contract';
import type { ChildRequest } from '../../machines/booking-context';
import {
  DEFAULT_PAYMENT,
  dialogTexts,
  initialContext,
  type BookingContext,
  type HoldOutcome,
  type ReserveOutcome,
} from '../../machines/booking-context';
import { bookingHoldMachine } from '../../machines/booking-hold.machine';
import { bookingPriceMachine } from '../../machines/booking-price.machine';
import { openDialog } from '../../machines/booking-selectors';
import { validateBooking } from '../../machines/booking-validation';
import { bookingMachine, type BookingSnapshot } from '../../machines/booking.machine';
import { DONATION_DEFAULT, ERROR_TOAST_DELAY_MS, INLINE_FORMS_SAVED_MS } from '../../machines/constants';
import type { LayoutMode, ToastEmitted } from '../../machines/types';
import { coverageRecorder, declaredStates, declaredTransitions } from '../../tests/machines/support/coverage';
import { BOOKING_PLAN_DAY, dayFromToday, departure, type Departure } from './seeded-departures';

/*
 * The booking machine as the model of the booking page (TESTING.md, "Model-based tests from the
 * charts"): the event set, the path choice, the plan's Indonesian texts and the tools a step
 * needs, in one place. The Playwright test (e2e/booking.model.spec.ts) runs these paths on the
 * page; `npm run paths -- booking` prints them as a test plan. Every event and every flow state
 * has its text here: a new one fails the plan until it has one.
 */

export type ModelEvent = EventObject & { [key: string]: unknown };

// ---------------------------------------------------------------------------------------------
// What the plan books: a seeded departure nobody else books, on a day without seeded sales.

export const BOOKING_SCHEDULE = 'DYT-BDG-JKT-1400';
export const bookingDeparture = (): Departure => departure(BOOKING_SCHEDULE);
export const bookingDate = (): string => dayFromToday(BOOKING_PLAN_DAY);
export const PLAN_BOOKER = { name: 'Budi Santoso', phone: '081234567890', email: 'budi@contoh.id' } as const;
export const PLAN_PASSENGER = 'Siti Aminah';
/** Every path reserves (or loses) its own seat: desktop and mobile never share one. */
export const PLAN_SEATS: Record<LayoutMode, readonly string[]> = { d: ['3', '4', '5'], m: ['6', '7', '8'] };
/** The operator's fare change of the price-change path: the fare goes up by this much. */
export const FARE_RISE = 25_000;
/** Spec section 9: the donation's default amount. */
export const PLAN_DONATION = 2000;

// ---------------------------------------------------------------------------------------------
// The model.

const neverSettles = <T>() => fromPromise<T>(() => new Promise<T>(() => undefined));
const noChild = fromCallback(() => () => undefined);

/** The calls never settle by themselves in the model: the paths say how they end. */
export const model = bookingMachine.provide({
  actors: {
    price: bookingPriceMachine.provide({ actors: { checkPrice: neverSettles<CekHargaResults>() as never } }),
    hold: bookingHoldMachine.provide({
      actors: { holdSeats: neverSettles<HoldOutcome>() as never, holdClock: noChild as never },
    }),
    reserve: neverSettles<ReserveOutcome>() as never,
    loadProfile: neverSettles<never>() as never,
    seatSelection: noChild as never,
    passengerForm: noChild as never,
    bookerForm: noChild as never,
  },
});

/** How the reservation call ends: the plan's own event, turned into the machine's by machineEvent. */
export const OUTCOMES = ['reserved', 'priceChanged', 'seatTaken', 'failed'] as const;
export type Outcome = (typeof OUTCOMES)[number];
export const OUTCOME = 'reserve.outcome';
export const ERROR_TOAST_AFTER = 'xstate.after.errorToastDelay.booking.flow.reserveFailed';
const FORMS_SAVED_AFTER = 'xstate.after.inlineFormsSaved.booking.flow.savingForms';

export const flowState = (snapshot: BookingSnapshot): string => (snapshot.value as { flow: string }).flow;

const seatNumbers = (context: BookingContext) => context.seats.pergi.flat().map((seat) => seat.no);

/** The server's words for a seat another passenger booked first (server/services/reservations.ts). */
export const seatTakenText = (seats: readonly string[]) => `Kursi ${seats.join(', ')} sudah dipesan penumpang lain`;

/** The machine's event for a plan event: a reservation outcome becomes the reserve actor's answer. */
export function machineEvent(event: ModelEvent, before: BookingSnapshot): ModelEvent {
  if (event.type !== OUTCOME) return event;
  const total = before.context.price?.total_bayar ?? 0;
  const results = (changed: boolean) => ({
    reservasi_kode: 'PLANMODEL2',
    flag_harga_berubah: changed ? 1 : 0,
    total_bayar: changed ? total + FARE_RISE : total,
    flag_lunas: 0,
    kunci_pesanan: 'kunci-pesanan-rencana-uji',
  });
  switch (event.outcome as Outcome) {
    case 'reserved':
      return { type: 'xstate.done.actor.reserve', output: { kind: 'ok', results: results(false) } };
    case 'priceChanged':
      return { type: 'xstate.done.actor.reserve', output: { kind: 'ok', results: results(true) } };
    case 'seatTaken':
      return {
        type: 'xstate.done.actor.reserve',
        output: { kind: 'api', code: 'RSV-2', message: seatTakenText(seatNumbers(before.context)) },
      };
    case 'failed':
      return { type: 'xstate.error.actor.reserve', error: new Error('jaringan terputus') };
  }
}

/** The seat change opened after RSV-2: the page has left the booking for the seat choice. */
const seatChangeOpen = (snapshot: BookingSnapshot) =>
  snapshot.context.openChildren.some((id) => id.startsWith('seatSelection.'));

/** A path ends once the reservation is made or the seat is lost; a price change only leads to "reserved". */
export const closes = (snapshot: BookingSnapshot) =>
  ['reserved', 'priceChanged'].includes(flowState(snapshot)) || seatChangeOpen(snapshot);

/**
 * The bounded event set, by state: only what changes something (a checkbox set to its own value
 * is no event on the page). Leaving is only ever cancelled here: confirming it leaves the booking.
 */
function modelEvents(snapshot: BookingSnapshot): ModelEvent[] {
  const { context } = snapshot;
  if (flowState(snapshot) === 'priceChanged') return [{ type: 'dialog.confirm' }];
  if (closes(snapshot)) return [];
  switch (flowState(snapshot)) {
    case 'editing':
      return [
        ...(['yes', 'no'] as const)
          .filter((value) => value !== context.refundable)
          .map((value) => ({ type: 'refundable.set', value })),
        { type: 'donation.toggle' },
        { type: 'terms.set', checked: !context.termsAccepted },
        { type: 'reserve.request' },
        { type: 'leave.request', intent: { kind: 'back', steps: 1 } },
      ];
    case 'confirmingReservation':
      return [{ type: 'dialog.cancel' }, { type: 'dialog.confirm' }];
    case 'confirmingLeave':
      return [{ type: 'dialog.cancel' }];
    case 'reserving':
      return OUTCOMES.map((outcome) => ({ type: OUTCOME, outcome }));
    case 'reserveFailed':
      return [{ type: ERROR_TOAST_AFTER }];
    default:
      return [];
  }
}

/** What tells two page states apart: the flow step, the choices on screen, and whether the path ended. */
function serialize(snapshot: BookingSnapshot): string {
  const { context } = snapshot;
  return JSON.stringify([
    flowState(snapshot),
    context.refundable,
    context.termsAccepted,
    context.donation.on,
    seatChangeOpen(snapshot),
  ]);
}

/**
 * A step's kind for coverage: the state it leaves, the event with its value, and how a
 * reservation request ends (refused on which field, or accepted).
 */
export function stepKind(before: BookingSnapshot, event: ModelEvent): string {
  const detail =
    event.type === 'reserve.request'
      ? `:${validateBooking(before.context)?.field ?? 'accepted'}`
      : event.type === 'terms.set'
        ? `:${String(event.checked)}`
        : event.type === 'refundable.set'
          ? `:${String(event.value)}`
          : event.type === 'donation.toggle'
            ? `:${before.context.donation.on ? 'off' : 'on'}`
            : event.type === OUTCOME
              ? `:${String(event.outcome)}`
              : '';
  return `${flowState(before)} --${event.type}${detail}`;
}

/** The next page state: desktop's inline forms save within the same step (no time a tester sees). */
function next(snapshot: BookingSnapshot, event: ModelEvent): BookingSnapshot {
  let after = getNextSnapshot(model as AnyStateMachine, snapshot, machineEvent(event, snapshot)) as BookingSnapshot;
  while (flowState(after) === 'savingForms') {
    after = getNextSnapshot(model as AnyStateMachine, after, { type: FORMS_SAVED_AFTER }) as BookingSnapshot;
  }
  return after;
}

/** The inline forms a desktop booking page keeps attached (the page sends child.attach for each). */
function inlineForm(id: string): ChildRequest | null {
  if (id === 'bookerForm') return { kind: 'bookerForm' };
  const match = /^passengerForm\.(pergi|pulang)\.(\d+)$/.exec(id);
  return match
    ? { kind: 'passengerForm', direction: match[1] as 'pergi' | 'pulang', legIndex: Number(match[2]) }
    : null;
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
  let snapshot = { ...resolved, children } as BookingSnapshot;
  // The page attaches its open forms to the chart (desktop: inline, saved on "Reservasi Tiket").
  for (const id of context.openChildren) {
    const request = inlineForm(id);
    if (request) {
      snapshot = getNextSnapshot(model as AnyStateMachine, snapshot, {
        type: 'child.attach',
        request,
      }) as BookingSnapshot;
    }
  }
  return snapshot;
}

export interface ModelPath {
  events: ModelEvent[];
  kinds: string[];
}

/** The shortest way from `from` to a step `wanted` accepts, by breadth-first search; null when none. */
function nearest(
  from: BookingSnapshot,
  wanted: (kind: string, after: BookingSnapshot) => boolean,
): ModelEvent[] | null {
  const seen = new Set([serialize(from)]);
  let frontier: { snapshot: BookingSnapshot; events: ModelEvent[] }[] = [{ snapshot: from, events: [] }];
  while (frontier.length > 0) {
    const following: typeof frontier = [];
    for (const { snapshot, events } of frontier) {
      for (const event of modelEvents(snapshot)) {
        const after = next(snapshot, event);
        if (wanted(stepKind(snapshot, event), after)) return [...events, event];
        const key = serialize(after);
        if (seen.has(key) || closes(after)) continue;
        seen.add(key);
        following.push({ snapshot: after, events: [...events, event] });
      }
    }
    frontier = following;
  }
  return null;
}

/** The booking page with refundable cover and the donation chosen. */
const withOptions = (snapshot: BookingSnapshot) =>
  flowState(snapshot) === 'editing' && snapshot.context.refundable === 'yes' && snapshot.context.donation.on;

/**
 * Few, long paths: each walks from the prepared booking to the nearest kind of step not taken yet,
 * again and again, and ends with the nearest way of closing the booking not taken yet (reserved,
 * price changed, seat taken), with refundable cover and the donation on. Each path thus costs one
 * seat and one preparation, and together they take every kind of step of the event set.
 */
export function modelPaths(from: BookingSnapshot): ModelPath[] {
  const taken = new Set<string>();
  const paths: ModelPath[] = [];
  for (;;) {
    const path: ModelPath = { events: [], kinds: [] };
    let state = from;
    const walk = (events: ModelEvent[]) => {
      for (const event of events) {
        const kind = stepKind(state, event);
        taken.add(kind);
        path.events.push(event);
        path.kinds.push(kind);
        state = next(state, event);
      }
    };
    for (let more = nearest(state, (kind, after) => !taken.has(kind) && !closes(after)); more;) {
      walk(more);
      more = nearest(state, (kind, after) => !taken.has(kind) && !closes(after));
    }
    // The booking closes with both priced options on, so the total it books carries them.
    const dressed = nearest(state, (_kind, after) => withOptions(after));
    if (dressed && !withOptions(state)) walk(dressed);
    const closing = nearest(state, (kind, after) => !taken.has(kind) && closes(after));
    if (!closing) break;
    walk(closing);
    // A price change has one way on: "Saya Paham".
    for (let forced = modelEvents(state); forced.length > 0; forced = modelEvents(state)) walk(forced.slice(0, 1));
    paths.push(path);
  }
  return paths;
}

/** Replays a path on an actor of the model: the snapshots reached and the toasts each step emitted. */
export function replay(
  from: BookingSnapshot,
  events: readonly ModelEvent[],
  inspect?: (inspection: InspectionEvent) => void,
) {
  const clock = new SimulatedClock();
  // The input is only read for a fresh start; the snapshot given wins.
  const actor = createActor(model, {
    snapshot: from as never,
    clock,
    input: { layout: from.context.layout, signedIn: from.context.signedIn, features: from.context.features },
    ...(inspect ? { inspect } : {}),
  });
  let toasts: string[] = [];
  actor.on('toast', (event: ToastEmitted) => toasts.push(event.message));
  actor.start();
  const steps = events.map((event) => {
    toasts = [];
    if (event.type === ERROR_TOAST_AFTER) clock.increment(ERROR_TOAST_DELAY_MS);
    else (actor as AnyActorRef).send(machineEvent(event, actor.getSnapshot() as BookingSnapshot));
    if (flowState(actor.getSnapshot() as BookingSnapshot) === 'savingForms') clock.increment(INLINE_FORMS_SAVED_MS);
    return { snapshot: actor.getSnapshot() as BookingSnapshot, toasts };
  });
  actor.stop();
  return steps;
}

// ---------------------------------------------------------------------------------------------
// The plan's words: what a tester does for each event, and what the page then shows.

export const TERMS_LABEL = 'Setuju dengan syarat & ketentuan yang diberikan operator perjalanan';
export const REFUNDABLE_LABEL = { yes: 'Ya, lindungi tiket saya', no: 'Tidak' } as const;
export const RESERVE_LOADER = 'Memproses reservasi…';
const reserveLabel = (layout: LayoutMode) => (layout === 'm' ? 'Bayar Sekarang' : 'Reservasi Tiket');
const rupiah = (amount: number) => `Rp ${String(amount).replace(/\B(?=(\d{3})+(?!\d))/g, '.')}`;

type StepText = (event: ModelEvent, before: BookingSnapshot) => string;

const dialogStep = (label: 'confirmLabel' | 'cancelLabel'): StepText => {
  return (_event, before) => {
    const dialog = openDialog(before);
    return `Pada dialog "${dialog?.texts.title ?? '?'}", ketuk "${dialog?.texts[label] ?? '?'}"`;
  };
};

/** One tester action per event type, named as the page labels it. */
export const STEP_TEXT: Record<string, StepText> = {
  'terms.set': (event) => `${event.checked === true ? 'Centang' : 'Hapus centang'} "${TERMS_LABEL}"`,
  'refundable.set': (event) => `Pada "Tiket Refundable", pilih "${REFUNDABLE_LABEL[event.value as 'yes' | 'no']}"`,
  'donation.toggle': (_event, before) => `${before.context.donation.on ? 'Matikan' : 'Nyalakan'} "Donasi Berkah"`,
  'reserve.request': (_event, before) => `Ketuk tombol "${reserveLabel(before.context.layout)}"`,
  'leave.request': () => 'Ketuk tombol "Kembali" di bilah atas',
  'dialog.confirm': dialogStep('confirmLabel'),
  'dialog.cancel': dialogStep('cancelLabel'),
  [OUTCOME]: (event) =>
    ({
      reserved: 'Tunggu jawaban server: reservasi diterima',
      priceChanged: 'Tunggu jawaban server: harga sudah berubah',
      seatTaken: 'Tunggu jawaban server: kursi sudah dipesan penumpang lain (RSV-2)',
      failed: 'Tunggu: panggilan reservasi gagal (jaringan terputus)',
    })[event.outcome as Outcome],
  [ERROR_TOAST_AFTER]: () => 'Tunggu setengah detik',
};

type StateText = (snapshot: BookingSnapshot) => string;

const choicesText = (context: BookingContext) =>
  [
    `"${TERMS_LABEL.split(' ').slice(0, 4).join(' ')}…" ${context.termsAccepted ? 'tercentang' : 'tidak tercentang'}`,
    `refundable ${context.refundable === 'unset' ? 'belum dipilih' : `"${REFUNDABLE_LABEL[context.refundable]}"`}`,
    `"Donasi Berkah" ${context.donation.on ? 'menyala' : 'mati'}`,
  ].join(', ');

/** The rows "Detail Harga Tiket" must hold for these choices (the server names them, pricing.ts). */
const priceText = (context: BookingContext) =>
  `"Detail Harga Tiket" ${context.refundable === 'yes' ? 'dengan' : 'tanpa'} baris "Asuransi Refundable", ` +
  `${context.donation.on ? `dengan baris "Donasi Berkah" +${rupiah(PLAN_DONATION)}` : 'tanpa baris "Donasi Berkah"'}; ` +
  '"Total Pembayaran" sama dengan jumlah baris di atasnya';

/** What the page shows in each flow state. */
export const STATE_TEXT: Record<string, StateText> = {
  editing: (snapshot) => {
    const { context } = snapshot;
    if (seatChangeOpen(snapshot)) {
      const seats = `Kursi ${seatNumbers(context).join(', ') || '?'}`;
      return context.layout === 'd'
        ? `Lembar "Pilih Kursi" terbuka di atas halaman pemesanan; ${seats} tidak bisa dipilih lagi`
        : `Halaman pilih kursi terbuka lagi, tanpa kursi terpilih; kursi yang tadi dipilih tidak bisa dipilih lagi`;
    }
    return `Halaman pemesanan tanpa dialog; ${choicesText(context)}; ${priceText(context)}`;
  },
  confirmingReservation: () => `Dialog "${dialogTexts.reserve.title}"`,
  confirmingLeave: () => `Dialog "${dialogTexts.leave.title}"`,
  confirmingPassengerChange: () => `Dialog "${dialogTexts.changePassengers.title}"`,
  priceChanged: () =>
    `Dialog "${dialogTexts.priceChanged.title}" dengan total baru (tarif lama + ${rupiah(FARE_RISE)}, ditambah opsi yang dipilih)`,
  reserving: () => `Layar tunggu "${RESERVE_LOADER}" (bisa hanya sekejap)`,
  reserveFailed: () => 'Layar tunggu hilang; halaman pemesanan tetap terbuka',
  savingForms: () => 'Formulir di halaman disimpan dulu; halaman pemesanan tanpa dialog',
  reserved: () =>
    'Halaman pembayaran pesanan (alamat /app/confirmation-order/<kode>) dengan "Total Pembayaran" yang terakhir tampil',
};

// ---------------------------------------------------------------------------------------------
// Tools: what a tester cannot do by hand on the page.

const API = 'http://127.0.0.1:3000/api/berangkat';
const CURL = `curl -s -H "x-user-id: $(printf '%0100d' 0)" -H "x-platform: WEB" -u berangkat-web:web-2026 -H 'content-type: application/json'`;

export interface Tool {
  /** What is needed: "terminal (curl)", "DevTools Chrome". */
  tool: string;
  /** What to do with it, and when. */
  what: string;
}

/** The demo mode's fare change (POST demo/ubah-harga): its body, and as a command. */
export const fareBody = (fare: number) => ({
  operator_kode: bookingDeparture().operatorCode,
  jadwal_kode: BOOKING_SCHEDULE,
  harga: fare,
});
export const fareCommand = (fare: number) => `${CURL} -d '${JSON.stringify(fareBody(fare))}' ${API}/demo/ubah-harga`;

/** Another passenger's reservation of `seat` (POST reservasi): its body, and as a command. */
export function takeSeatBody(seat: string) {
  return {
    operator_kode_pergi: bookingDeparture().operatorCode,
    jadwal_kode_pergi: BOOKING_SCHEDULE,
    tanggal_berangkat_pergi: bookingDate(),
    kursi_pergi: [{ no: seat, penumpang_nama: 'Penumpang Lain' }],
    pemesan_nama: 'Penumpang Lain',
    pemesan_telp: '081111111111',
    pemesan_email: 'lain@contoh.id',
    total_bayar: bookingDeparture().price,
  };
}
export const takeSeatCommand = (seat: string) => `${CURL} -d '${JSON.stringify(takeSeatBody(seat))}' ${API}/reservasi`;

/** The tool a step needs before it is done: decided by how the reservation it sends will end. */
function toolBefore(event: ModelEvent, following: ModelEvent | undefined, before: BookingSnapshot): Tool | null {
  if (event.type !== 'dialog.confirm' || following?.type !== OUTCOME) return null;
  const seat = seatNumbers(before.context).join(', ');
  switch (following.outcome as Outcome) {
    case 'priceChanged':
      return {
        tool: 'terminal (curl, panggilan demo ubah-harga)',
        what: `sebelum mengetuk, naikkan tarif menjadi ${rupiah(bookingDeparture().price + FARE_RISE)}: ${fareCommand(bookingDeparture().price + FARE_RISE)}`,
      };
    case 'seatTaken':
      return {
        tool: 'terminal (curl, panggilan reservasi sebagai penumpang lain)',
        what: `sebelum mengetuk, pesan Kursi ${seat} lebih dulu: ${takeSeatCommand(seat)}`,
      };
    case 'failed':
      return {
        tool: 'DevTools Chrome, Network request blocking',
        what: 'sebelum mengetuk, blokir pola "*/reservasi"; buka blokirnya lagi setelah pesan gagal muncul',
      };
    default:
      return null;
  }
}

// ---------------------------------------------------------------------------------------------
// The printed plan.

export interface PlanStep {
  action: string;
  expect: string;
  toasts: string[];
  tool: Tool | null;
}

export interface PlanPath {
  title: string;
  /** The seat this path books. */
  seat: string;
  /** How it closes. */
  outcome: Outcome;
  /** What to set up before preparing the booking, and what to undo after the path. */
  setup: Tool | null;
  teardown: Tool | null;
  events: ModelEvent[];
  kinds: string[];
  steps: PlanStep[];
  /** Flow states the path passes through, in order. */
  states: string[];
}

/** "Reservasi berhasil dengan refundable dan donasi, setelah ...": what the path does. */
function pathTitle(outcome: Outcome, kinds: readonly string[], end: BookingContext): string {
  const opening = {
    reserved: 'Reservasi berhasil sampai halaman pembayaran',
    priceChanged: 'Harga berubah saat reservasi, lanjut ke pembayaran dengan harga baru',
    seatTaken: 'Kursi keburu dipesan penumpang lain (RSV-2)',
    failed: 'Reservasi gagal',
  }[outcome];
  const options =
    end.refundable === 'yes' && end.donation.on
      ? 'dengan refundable dan donasi'
      : `${end.refundable === 'yes' ? 'dengan' : 'tanpa'} refundable, ${end.donation.on ? 'dengan' : 'tanpa'} donasi`;
  const also = [
    kinds.some((kind) => /reserve\.request:(refundable|terms)$/.test(kind)) && 'pesan validasi',
    kinds.includes('editing --leave.request') && 'batal kembali',
    kinds.includes('confirmingReservation --dialog.cancel') && 'batal reservasi',
    kinds.includes(`reserving --${OUTCOME}:failed`) && 'sekali gagal karena jaringan',
  ].filter((part): part is string => typeof part === 'string');
  return `${opening}, ${options}${also.length > 0 ? `; juga ${also.join(', ')}` : ''}`;
}

/** A path's steps in words from a start (the printed one, or the page's own in the e2e). */
export function planSteps(from: BookingSnapshot, events: readonly ModelEvent[]): PlanStep[] {
  let before = from;
  return replay(from, events).map((step, index) => {
    const event = events[index] as ModelEvent;
    const action = STEP_TEXT[event.type];
    const shown = STATE_TEXT[flowState(step.snapshot)];
    if (!action) throw new Error(`Tidak ada teks langkah untuk ${event.type}`);
    if (!shown) throw new Error(`Tidak ada teks keadaan untuk ${flowState(step.snapshot)}`);
    const planned = {
      action: action(event, before),
      expect: shown(step.snapshot),
      toasts: step.toasts,
      tool: toolBefore(event, events[index + 1], before),
    };
    before = step.snapshot;
    return planned;
  });
}

function outcomeOf(kinds: readonly string[]): Outcome {
  const last = [...kinds].reverse().find((kind) => kind.startsWith(`reserving --${OUTCOME}:`));
  return (last?.split(':').at(-1) ?? 'failed') as Outcome;
}

/**
 * The paths with their words, seats and tools: what `npm run paths -- booking` prints and the page
 * test runs. `start(seat)` is the prepared booking of that seat.
 */
export function bookingPlan(start: (seat: string) => BookingSnapshot, layout: LayoutMode): PlanPath[] {
  const seats = PLAN_SEATS[layout];
  const generic = start(seats[0] as string);
  return modelPaths(generic).map((path, index) => {
    const seat = seats[index];
    if (!seat) throw new Error(`Rencana ${layout} butuh kursi untuk jalur ${index + 1}`);
    const from = start(seat);
    const replayed = replay(from, path.events);
    const outcome = outcomeOf(path.kinds);
    const end = replayed.at(-1)?.snapshot.context ?? from.context;
    return {
      title: pathTitle(outcome, path.kinds, end),
      seat,
      outcome,
      setup:
        outcome === 'seatTaken'
          ? {
              tool: 'DevTools Chrome, Network request blocking',
              what: `sebelum memilih kursi, blokir pola "*/hold-kursi" sampai jalur selesai, agar halaman ini tidak menahan Kursi ${seat} untuk dirinya`,
            }
          : null,
      teardown:
        outcome === 'priceChanged'
          ? {
              tool: 'terminal (curl)',
              what: `kembalikan tarif ${rupiah(bookingDeparture().price)}: ${fareCommand(bookingDeparture().price)}`,
            }
          : null,
      events: path.events,
      kinds: path.kinds,
      steps: planSteps(from, path.events),
      states: replayed.map((step) => flowState(step.snapshot)),
    };
  });
}

/**
 * The printed plan's start: the seeded departure booked as the page prepares it (one seat, the
 * passenger's name, the booker; no option touched) in the layout asked for. The page test builds
 * its start from its own prepared booking and checks that its paths and words are these.
 */
export function planStart(layout: LayoutMode, seat: string): BookingSnapshot {
  const one = bookingDeparture();
  const context = initialContext({
    layout,
    signedIn: false,
    features: { refundable: true, berkah: true, point: true },
    trip: {
      kind: 'one-way',
      outbound: [
        {
          operatorCode: one.operatorCode,
          operatorName: one.operatorName,
          operatorType: 'shuttle',
          operatorLogo: `/logos/${one.operatorCode.toLowerCase()}.svg`,
          scheduleCode: one.scheduleCode,
          date: bookingDate(),
          departureTime: one.time.replace('.', ':'),
          origin: one.origin.pool,
          destination: one.destination.pool,
          selectSeat: true,
          refundable: true,
        },
      ],
      return: null,
      connectingCode: null,
    },
    booker: { ...PLAN_BOOKER },
  });
  const ready: BookingContext = {
    ...context,
    passengers: { pergi: [{ pass0: PLAN_PASSENGER }], pulang: [] },
    seats: {
      pergi: [[{ no: seat, key: '', floor: 'Utama', price: one.price, normalPrice: one.price, promoCode: null }]],
      pulang: [],
    },
    payment: DEFAULT_PAYMENT,
    donation: { on: false, amount: DONATION_DEFAULT, message: '', messageError: null },
    price: {
      sub_total: one.price,
      total_bayar: one.price,
      biaya_asuransi: 0,
      flag_status_asuransi: 1,
      max_point: 0,
      total_point: 0,
      flag_status_point: 0,
      list_harga: [],
    },
    // Desktop keeps the passenger form inline on the booking page.
    openChildren: layout === 'd' ? ['passengerForm.pergi.0'] : [],
  };
  return startState(ready);
}

// ---------------------------------------------------------------------------------------------
// Coverage of the chart, region by region.

export interface RegionCoverage {
  region: string;
  states: { covered: string[]; missing: string[] };
  transitions: { covered: string[]; missing: string[] };
}

export const REGION_OF_ROOT = '(akar: di setiap keadaan)';

function shortEvent(eventType: string): string {
  const after = /^xstate\.after\.([^.]+)\./.exec(eventType);
  if (after) return `setelah ${after[1] as string}`;
  return eventType.replace(/^xstate\.done\.actor\./, 'selesai ').replace(/^xstate\.error\.actor\./, 'gagal ');
}

/** "editing --reserve.request [2] → confirmingReservation": readable, and unique within the chart. */
export function transitionLabels(machine: AnyStateMachine): Map<string, string> {
  const labels = new Map<string, string>();
  const visit = (node: AnyStateNode) => {
    for (const [eventType, list] of node.transitions as Map<
      string,
      { target?: readonly AnyStateNode[] | undefined }[]
    >) {
      list.forEach((transition, index) => {
        const source = node.path.at(-1) ?? node.id;
        const targets = (transition.target ?? []).map((target) => target.path.at(-1) ?? target.id);
        const guardIndex = list.length > 1 ? ` [${index}]` : '';
        labels.set(
          `${node.id} --${eventType}[${index}]`,
          `${source} --${shortEvent(eventType)}${guardIndex} → ${targets.length > 0 ? targets.join(', ') : '(tetap)'}`,
        );
      });
    }
    const always = (node.always ?? []) as { target?: readonly AnyStateNode[] | undefined }[];
    always.forEach((transition, index) => {
      const targets = (transition.target ?? []).map((target) => target.path.at(-1) ?? target.id);
      labels.set(
        `${node.id} --always[${index}]`,
        `${node.path.at(-1) ?? node.id} --otomatis${always.length > 1 ? ` [${index}]` : ''} → ${targets.join(', ') || '(tetap)'}`,
      );
    });
    for (const child of Object.values(node.states as Record<string, AnyStateNode>)) visit(child);
  };
  visit(machine.root);
  return labels;
}

function regionOf(id: string): string {
  const parts = id.split('.');
  return parts.length < 2 ? REGION_OF_ROOT : (parts[1] as string);
}

/**
 * What a coverage measure says, by region: `regionOf` names the region of a state node's id (the
 * booking chart's parallel regions; one region for a chart without). A state left by a transition
 * counts as entered (a transient one is never reported entered on its own).
 */
export function regionCoverage(
  machine: AnyStateMachine,
  result: ReturnType<ReturnType<typeof coverageRecorder>['result']>,
  regionOf: (id: string) => string,
  firstRegion?: string,
): RegionCoverage[] {
  const missingTransitions = new Set(result.transitions.missing);
  const left = new Set(
    declaredTransitions(machine)
      .filter((key) => !missingTransitions.has(key))
      .map((key) => key.split(' --')[0]),
  );
  const missingStates = new Set(result.states.missing.filter((id) => !left.has(id)));
  const labels = transitionLabels(machine);
  const regions = new Map<string, RegionCoverage>();
  const region = (name: string) => {
    let found = regions.get(name);
    if (!found) {
      found = { region: name, states: { covered: [], missing: [] }, transitions: { covered: [], missing: [] } };
      regions.set(name, found);
    }
    return found;
  };
  if (firstRegion) region(firstRegion);
  const rootDepth = machine.root.id.split('.').length;
  for (const id of declaredStates(machine)) {
    const parts = id.split('.');
    const depth = parts.length - rootDepth;
    // A parallel region's own node is entered with the chart: its states are what it counts.
    if (machine.root.type === 'parallel' && depth < 2) continue;
    const name = parts.slice(machine.root.type === 'parallel' ? rootDepth + 1 : rootDepth).join('.');
    region(regionOf(id)).states[missingStates.has(id) ? 'missing' : 'covered'].push(name);
  }
  for (const key of declaredTransitions(machine)) {
    const id = key.split(' --')[0] as string;
    region(regionOf(id)).transitions[missingTransitions.has(key) ? 'missing' : 'covered'].push(labels.get(key) ?? key);
  }
  return [...regions.values()];
}

/** Which states and transitions of the booking chart the paths take, by parallel region. */
export function chartCoverage(from: (seat: string) => BookingSnapshot, paths: readonly PlanPath[]): RegionCoverage[] {
  const recorder = coverageRecorder();
  for (const path of paths) {
    replay(from(path.seat), path.events, recorder.inspect);
    recorder.pathDone();
  }
  return regionCoverage(model as AnyStateMachine, recorder.result(model as AnyStateMachine), regionOf, REGION_OF_ROOT);
}
