import type { TraceDocument, TraceLane, TraceStep } from '../contract';
import { bookingMessages, dialogTexts } from '../machines/booking-context';
import { passengerFormTexts, selectRows, type PassengerFormContext } from '../machines/passenger-form.machine';
import {
  currentFloor,
  currentLayout,
  saveButtonLabel,
  type SeatSelectionContext,
} from '../machines/seat-selection.machine';
import type { Direction } from '../machines/types';
import { recordedSnapshots, replayTrace, type Difference, type TraceReplay } from '../src/trace/replay';
import type { Json } from '../src/trace/trace-codec';

/**
 * The customer's taps in a support trace, as the Playwright regression replays them through the
 * app (e2e/support/trace-regression.ts): each page event of the booking flow becomes what the
 * customer did on the screen (search and "Pilih", a seat, a name typed, a button), with what the
 * recorded snapshot says the page showed after it. Events the page sends by itself (a screen
 * mounting, a reload resuming the flow) and events the chart sends its own children are left
 * to the app; an event with no known gesture becomes an `unsupported` tap that fails the test.
 */

/** Where a tap comes from in the trace: lane (index in `trace.lanes`), step number `i`, event type. */
export interface StepRef {
  lane: number;
  i: number;
  event: string;
}

/** The schedule list the customer searched: its query, dates as days after the test's first day. */
export interface SearchTap {
  query: Record<string, string | number>;
  days: { tanggal: number; tanggal_pulang?: number };
}

export type Gesture =
  /** "Pilih" on the departure whose detail link names `code` (a schedule or connecting code). */
  | { do: 'choose'; code: string; name: string; search: SearchTap | null }
  /** The seat button "Kursi {seat}" on the seat map of `child`. */
  | { do: 'seat'; child: string; seat: string; pressed: boolean }
  | { do: 'floor'; child: string; floor: string }
  | { do: 'saveSeats'; child: string; label: string }
  | { do: 'legBack'; child: string; label: string }
  /** Types `value` into the field labelled `label` of the form `child`; the field then shows `shows`. */
  | { do: 'type'; child: string; label: string; value: string; shows: string }
  /** A checkbox (desktop) or switch (mobile) labelled `label`, inside `child` or on the page. */
  | { do: 'toggle'; child: string | null; label: string; checked: boolean }
  | { do: 'button'; child: string | null; label: string }
  /** The form's "Simpan" (mobile), or focus leaving the inline form (desktop). */
  | { do: 'saveForm'; child: string }
  | { do: 'openBooker' }
  | { do: 'refundable'; label: string }
  /** "Gunakan Voucher"; the list opens unless the flow refused (its toast says why). */
  | { do: 'openVoucher'; label: string; opens: boolean }
  | { do: 'applyVoucher'; code: string; name: string }
  | { do: 'clearVoucher'; inList: boolean }
  | { do: 'openSeats'; direction: Direction; where: string }
  | { do: 'openPassengers'; where: string }
  | { do: 'back' }
  | { do: 'reserve'; texts: string[] }
  | { do: 'dialog'; title: string; button: string }
  | { do: 'reload' }
  | { do: 'unsupported'; reason: string };

/** What the recorded snapshot says the page shows after the tap. */
export interface TapCheck {
  /** The dialog opened (its title), or closed (null); absent when it did not change. */
  dialog?: string | null;
  toasts?: string[];
}

export type Tap = StepRef & Gesture & { expect?: TapCheck };

/** The first step whose replay differs from the recording. */
export interface StopAt extends StepRef {
  message: string;
}

export interface TapPlan {
  layout: 'd' | 'm';
  /** The first travel day, in days from today (Jakarta); see `span`. */
  day: number;
  /** The searched days run from `day` to `day + span`. */
  span: number;
  /** The booking lane was signed in: the test signs in as the seeded demo customer. */
  signedIn: boolean;
  taps: Tap[];
  /** Where the replay first diverges (taps end there), or null when it replays identically. */
  stop: StopAt | null;
  /** The booking ended reserved: the confirmation page must show. */
  reserved: boolean;
  /** Page events of other lanes (payment, order, login), which the test does not replay. */
  notReplayed: string[];
}

/**
 * Attempts a regression may make (playwright.config.ts: one retry). Each attempt travels on days
 * of its own, `span + 1` after the previous one's: the first may have held or booked the seats.
 */
export const ATTEMPTS = 2;

/** Days a plan books on, all attempts together, from `plan.day`. */
export const daysBooked = (plan: Pick<TapPlan, 'span'>) => (plan.span + 1) * ATTEMPTS;

// ---------------------------------------------------------------------------------------------
// Reading recorded snapshots.

type Rec = Record<string, Json>;
const isRec = (value: Json | undefined): value is Rec =>
  value !== null && value !== undefined && typeof value === 'object' && !Array.isArray(value);
const recAt = (value: Json | undefined, key: string): Rec | null => {
  const next = isRec(value) ? value[key] : undefined;
  return isRec(next) ? next : null;
};
const str = (value: Json | undefined): string | null => (typeof value === 'string' ? value : null);

function contextOf(snapshot: Json | undefined): Rec | null {
  return recAt(snapshot, 'context');
}

/** A running child's context in a persisted booking snapshot (`children[id].snapshot.context`). */
function childContext(snapshot: Json | undefined, id: string): Rec | null {
  return contextOf(recAt(recAt(recAt(snapshot, 'children'), id), 'snapshot') ?? undefined);
}

function flowOf(snapshot: Json | undefined): string | null {
  return str(recAt(snapshot, 'value')?.flow);
}

function voucherListOf(snapshot: Json | undefined): string | null {
  return str(recAt(snapshot, 'value')?.voucherList);
}

/** The booking chart's dialog states and what they show (machines/booking-selectors.ts openDialog). */
const DIALOG_OF_FLOW: Record<string, { title: string; confirmLabel: string; cancelLabel: string | null }> = {
  confirmingReservation: dialogTexts.reserve,
  priceChanged: dialogTexts.priceChanged,
  confirmingPassengerChange: dialogTexts.changePassengers,
  confirmingLeave: dialogTexts.leave,
};

const dialogOf = (snapshot: Json | undefined) => DIALOG_OF_FLOW[flowOf(snapshot) ?? ''] ?? null;

/** The booker's and passengers' names the snapshot holds (what the booking page shows). */
export function namesOf(snapshot: Json | undefined): string[] {
  const context = contextOf(snapshot);
  const texts: string[] = [];
  const booker = str(recAt(context ?? undefined, 'booker')?.name);
  if (booker) texts.push(booker);
  const passengers = recAt(context ?? undefined, 'passengers');
  for (const legs of Object.values(passengers ?? {})) {
    if (!Array.isArray(legs)) continue;
    for (const map of legs) if (isRec(map)) texts.push(...Object.values(map).flatMap((v) => str(v) ?? []));
  }
  return [...new Set(texts.map((text) => text.trim()).filter((text) => text !== ''))];
}

// ---------------------------------------------------------------------------------------------
// The first divergence, as the replay finds it.

export function firstDivergence(replay: TraceReplay): (StopAt & { index: number; differences: Difference[] }) | null {
  for (const [lane, run] of replay.lanes.entries()) {
    if (!run.known || !run.divergence) continue;
    const { i, index, eventType, message, differences } = run.divergence;
    return { lane, i, index, event: eventType, message, differences };
  }
  return null;
}

/** "path: recorded → replayed" lines of a divergence. */
export function differenceLines(differences: readonly Difference[]): string[] {
  const show = (value: Json | undefined) => (value === undefined ? '(tidak ada)' : JSON.stringify(value));
  return differences.map(
    (difference) => `${difference.path}: ${show(difference.recorded)} → ${show(difference.replayed)}`,
  );
}

// ---------------------------------------------------------------------------------------------
// Building the taps.

/** Page events the app sends by itself (a screen mounting or showing again, a reload, a session). */
const BY_THE_PAGE = new Set([
  'page.enter',
  'page.return',
  'child.attach',
  'child.close',
  'voucher.attach',
  'voucher.close',
  'session.change',
  'profile.request',
  'price.refresh',
  'flow.resume',
]);
/**
 * Events the booking chart sends its own children (enqueued by name, they reach the inspector
 * without a sender): the replay of the taps before them makes them again.
 */
const BY_THE_CHART = new Set([
  'seats.update',
  'firstLeg.update',
  'booker.changed',
  'validation.restart',
  'completion.restart',
  'hold.request',
  'refundable.highlight',
]);

/** booker-form.tsx's labels. */
const BOOKER_LABELS: Record<string, string> = { name: 'Nama Lengkap', phone: 'Nomor Handphone', email: 'Email' };
/** refundable-option.tsx's choices. */
const REFUNDABLE_LABELS: Record<string, string> = { yes: 'Ya, lindungi tiket saya', no: 'Tidak' };
/** passenger-fields.tsx, donation-option.tsx, points-option.tsx. */
const SAME_AS_BOOKER = 'Sama dengan pemesan';
const ADD_PASSENGER = 'Tambah Penumpang';
const DONATION = 'Donasi Berkah';
const POINTS = 'Gunakan Point';

const DAY_MS = 86_400_000;
const daysBetween = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / DAY_MS);

function formatTime(time: string): string {
  const [hours = '00', minutes = '00'] = time.split(':');
  return `${hours.padStart(2, '0')}.${minutes.padStart(2, '0')} WIB`;
}

interface Cursor {
  lane: TraceLane;
  snapshots: Json[];
  index: number;
  step: TraceStep;
  /** The first searched day of the trace (YYYY-MM-DD), set by its first search. */
  firstDay: { value: string | null };
}

const before = (c: Cursor): Json | undefined => (c.index === 0 ? (c.lane.start as Json) : c.snapshots[c.index - 1]);
const after = (c: Cursor): Json | undefined => c.snapshots[c.index];
const targetId = (c: Cursor) => c.step.target[0] ?? '';
const eventField = (c: Cursor, key: string): unknown => (c.step.event as Record<string, unknown>)[key];

function unsupported(reason: string): Gesture {
  return { do: 'unsupported', reason };
}

function chooseGesture(c: Cursor): Gesture {
  const legs = eventField(c, 'legs');
  const first = Array.isArray(legs) ? (legs[0] as Record<string, unknown> | undefined) : undefined;
  const connectingCode = eventField(c, 'connectingCode');
  const code = typeof connectingCode === 'string' ? connectingCode : str(first?.scheduleCode as Json);
  if (!Array.isArray(legs) || !first || !code) return unsupported('the choice names no departure');
  const operators = legs.map((leg) => String((leg as Record<string, unknown>).operatorName)).join(' + ');
  const name = `Pilih ${operators} ${formatTime(String(first.departureTime))}`;
  if (eventField(c, 'direction') !== 'pergi') return { do: 'choose', code, name, search: null };
  const listed = eventField(c, 'returnListSearch');
  if (!listed || typeof listed !== 'object') return unsupported('the choice does not say what was searched');
  const query = { ...(listed as Record<string, string | number>) };
  const tanggal = String(query.tanggal);
  const pulang = query.tanggal_pulang === undefined ? undefined : String(query.tanggal_pulang);
  delete query.tanggal;
  delete query.tanggal_pulang;
  c.firstDay.value ??= tanggal;
  const days = {
    tanggal: daysBetween(c.firstDay.value, tanggal),
    ...(pulang ? { tanggal_pulang: daysBetween(c.firstDay.value, pulang) } : {}),
  };
  return { do: 'choose', code, name, search: { query, days } };
}

function seatGesture(c: Cursor): Gesture {
  const child = targetId(c);
  const context = childContext(before(c), child) as unknown as SeatSelectionContext | null;
  const key = String(eventField(c, 'key'));
  const floor = context ? currentFloor(context) : null;
  const seat = floor?.kursi[key];
  if (!context || !floor || !seat) return unsupported(`seat ${key} is not on the recorded map of ${child}`);
  const chosen = (childContext(after(c), child) as unknown as SeatSelectionContext | null)?.selection ?? [];
  const pressed = chosen.some((item) => item.floor === floor.nama && item.key === key);
  return { do: 'seat', child, seat: seat.no, pressed };
}

function seatChildGesture(c: Cursor): Gesture {
  const child = targetId(c);
  const context = childContext(before(c), child) as unknown as SeatSelectionContext | null;
  if (!context) return unsupported(`${child} is not in the recorded snapshot`);
  switch (c.step.event.type) {
    case 'seat.toggle':
      return seatGesture(c);
    case 'selection.save':
      return { do: 'saveSeats', child, label: saveButtonLabel(context) };
    case 'floor.select': {
      const floor = currentLayout(context)?.layout_kursi[Number(eventField(c, 'index'))];
      return floor ? { do: 'floor', child, floor: floor.nama } : unsupported('no such floor');
    }
    case 'leg.back':
      // seat-texts.ts previousLegLabel
      return { do: 'legBack', child, label: `Kembali ke Rute ${context.connectingRoute - 1}` };
    default:
      return unsupported(`no gesture for ${c.step.event.type} on the seat map`);
  }
}

function passengerGesture(c: Cursor): Gesture {
  const child = targetId(c);
  const context = childContext(before(c), child) as unknown as PassengerFormContext | null;
  if (!context) return unsupported(`${child} is not in the recorded snapshot`);
  const rowLabel = (index: number) => selectRows({ context })[index]?.label ?? `Penumpang ${index + 1}`;
  const afterContext = childContext(after(c), child) as unknown as PassengerFormContext | null;
  switch (c.step.event.type) {
    case 'passenger.type': {
      const index = Number(eventField(c, 'index'));
      const value = String(eventField(c, 'value'));
      const shows = afterContext?.rows[index]?.name ?? value;
      return { do: 'type', child, label: rowLabel(index), value, shows };
    }
    case 'passenger.add':
      return { do: 'button', child, label: ADD_PASSENGER };
    case 'passenger.remove':
      return { do: 'button', child, label: `Hapus ${rowLabel(Number(eventField(c, 'index')))}` };
    case 'self.toggle':
      return { do: 'toggle', child, label: SAME_AS_BOOKER, checked: afterContext?.selfDetails ?? !context.selfDetails };
    case 'sameAsFirst.toggle':
      return {
        do: 'toggle',
        child,
        label: passengerFormTexts.sameAsFirst,
        checked: afterContext?.sameAsFirst ?? !context.sameAsFirst,
      };
    case 'form.save':
      return { do: 'saveForm', child };
    default:
      return unsupported(`no gesture for ${c.step.event.type} on the passenger form`);
  }
}

function bookerGesture(c: Cursor): Gesture {
  switch (c.step.event.type) {
    case 'booker.type': {
      const field = String(eventField(c, 'field'));
      const label = BOOKER_LABELS[field];
      const value = String(eventField(c, 'value'));
      const shows = str(recAt(childContext(after(c), 'bookerForm') ?? undefined, 'values')?.[field]) ?? value;
      return label ? { do: 'type', child: 'bookerForm', label, value, shows } : unsupported('unknown booker field');
    }
    case 'form.save':
      return { do: 'saveForm', child: 'bookerForm' };
    default:
      return unsupported(`no gesture for ${c.step.event.type} on the booker form`);
  }
}

/** How a leg's buttons in the mobile passenger summary tell legs apart (passenger-summary.tsx). */
function legSuffix(c: Cursor, direction: string, legIndex: number): string {
  const kind = str(recAt(contextOf(before(c)) ?? undefined, 'trip')?.kind);
  if (kind === 'connecting') return ` rute ${legIndex + 1}`;
  return kind === 'round-trip' ? ` ${direction}` : '';
}

function rootGesture(c: Cursor): Gesture {
  const previous = before(c);
  const next = after(c);
  const context = contextOf(previous);
  switch (c.step.event.type) {
    case 'schedule.choose':
      return chooseGesture(c);
    case 'booker.open':
      return { do: 'openBooker' };
    case 'refundable.set': {
      const label = REFUNDABLE_LABELS[String(eventField(c, 'value'))];
      return label ? { do: 'refundable', label } : unsupported('unknown refundable choice');
    }
    case 'terms.set':
      return {
        do: 'toggle',
        child: null,
        label: bookingMessages.termsLabel,
        checked: eventField(c, 'checked') === true,
      };
    case 'points.toggle':
      return { do: 'toggle', child: null, label: POINTS, checked: contextOf(next)?.usePoint === true };
    case 'donation.toggle':
      return {
        do: 'toggle',
        child: null,
        label: DONATION,
        checked: recAt(contextOf(next) ?? undefined, 'donation')?.on === true,
      };
    case 'voucher.open':
      return {
        do: 'openVoucher',
        label: isRec(context?.voucher) ? 'Ganti voucher' : 'Gunakan Voucher',
        opens: voucherListOf(next) === 'open',
      };
    case 'voucher.set': {
      const voucher = eventField(c, 'voucher') as { code?: unknown; name?: unknown } | undefined;
      return { do: 'applyVoucher', code: String(voucher?.code), name: String(voucher?.name) };
    }
    case 'voucher.clear':
      return { do: 'clearVoucher', inList: voucherListOf(previous) === 'open' };
    case 'seats.open': {
      const direction = eventField(c, 'direction') === 'pulang' ? 'pulang' : 'pergi';
      return { do: 'openSeats', direction, where: legSuffix(c, direction, 0).replace(/ rute \d+$/, '') };
    }
    case 'passengers.open':
      return {
        do: 'openPassengers',
        where: legSuffix(c, String(eventField(c, 'direction')), Number(eventField(c, 'legIndex') ?? 0)),
      };
    case 'passengers.change': {
      const direction = String(eventField(c, 'direction'));
      const legIndex = eventField(c, 'legIndex');
      // Desktop: the leg form's own button; mobile: the summary's, named by direction on a round trip.
      return typeof legIndex === 'number'
        ? { do: 'button', child: `passengerForm.${direction}.${legIndex}`, label: ADD_PASSENGER }
        : { do: 'button', child: null, label: `${ADD_PASSENGER}${legSuffix(c, direction, 0)}` };
    }
    case 'leave.request':
      return { do: 'back' };
    case 'reserve.request':
      return { do: 'reserve', texts: namesOf(previous) };
    case 'dialog.confirm':
    case 'dialog.cancel': {
      const dialog = dialogOf(previous);
      const button = c.step.event.type === 'dialog.confirm' ? dialog?.confirmLabel : dialog?.cancelLabel;
      return dialog && button ? { do: 'dialog', title: dialog.title, button } : unsupported('no dialog was open');
    }
    default:
      return unsupported(`no gesture for ${c.step.event.type}`);
  }
}

function gestureOf(c: Cursor): Gesture {
  const id = targetId(c);
  if (id === '') return rootGesture(c);
  if (id.startsWith('seatSelection.')) return seatChildGesture(c);
  if (id.startsWith('passengerForm.')) return passengerGesture(c);
  if (id === 'bookerForm') return bookerGesture(c);
  return unsupported(`no gesture for ${c.step.event.type} on ${id}`);
}

const isUi = (step: TraceStep | undefined) => step?.source === 'ui';

/** The index of the lane's next page event after `index` (-1: none). */
function nextUiIndex(lane: TraceLane, index: number): number {
  return lane.steps.findIndex((step, at) => at > index && isUi(step));
}
const nextUi = (lane: TraceLane, index: number): TraceStep | undefined => lane.steps[nextUiIndex(lane, index)];

/** Page events that are part of the next one, or that the chart sent itself. */
function isImplied(trace: TraceDocument, lane: TraceLane, index: number): boolean {
  const step = lane.steps[index];
  if (!step) return true;
  const type = step.event.type;
  if (BY_THE_PAGE.has(type) || BY_THE_CHART.has(type)) return true;
  // Desktop "Reservasi Tiket" saves the inline forms first (saveInlineForms): those saves follow it.
  if (type === 'form.save' && trace.layout === 'd') {
    const rest = lane.steps.slice(index + 1).filter(isUi);
    const firstOther = rest.find((later) => later.event.type !== 'form.save');
    if (firstOther?.event.type === 'reserve.request') return true;
  }
  const previous = lane.steps.slice(0, index).filter(isUi).at(-1);
  // "Sama dengan pemesan" tells the page's flow too.
  if (type === 'sameAsBooker.set' && previous?.event.type === 'self.toggle') return true;
  // Applying a voucher drops the one in use first (voucher-list.tsx).
  if (type === 'voucher.clear' && nextUi(lane, index)?.event.type === 'voucher.set') return true;
  return false;
}

/** A run of keystrokes into one field is one `type` with the last value. */
function sameField(a: TraceStep, b: TraceStep | undefined): boolean {
  if (!b || a.event.type !== b.event.type || a.target.join('/') !== b.target.join('/')) return false;
  const keyOf = (step: TraceStep) => JSON.stringify([step.event.index, step.event.field]);
  return (a.event.type === 'passenger.type' || a.event.type === 'booker.type') && keyOf(a) === keyOf(b);
}

function checksOf(c: Cursor): TapCheck | undefined {
  const check: TapCheck = {};
  const was = dialogOf(before(c));
  const now = dialogOf(after(c));
  if (was?.title !== now?.title) check.dialog = now?.title ?? null;
  const toasts = c.step.emitted.flatMap((emitted) =>
    emitted.type === 'toast' && typeof emitted.message === 'string' ? [emitted.message] : [],
  );
  if (toasts.length > 0) check.toasts = toasts;
  return Object.keys(check).length > 0 ? check : undefined;
}

/**
 * The taps of every booking lane, in order, up to and including the first divergent step (or to
 * the end). `day` (the test's first travel day, in days from today) is the caller's to choose.
 */
export function tapPlan(trace: TraceDocument, replay: TraceReplay = replayTrace(trace)): TapPlan {
  const stopAt = firstDivergence(replay);
  const taps: Tap[] = [];
  const notReplayed: string[] = [];
  const firstDay = { value: null as string | null };
  let reserved = false;
  let signedIn = false;
  let seenBooking = false;
  for (const [laneIndex, lane] of trace.lanes.entries()) {
    if (stopAt && laneIndex > stopAt.lane) break;
    const last = stopAt && laneIndex === stopAt.lane ? stopAt.index : lane.steps.length - 1;
    if (lane.machine.id !== 'booking') {
      const types = lane.steps
        .slice(0, last + 1)
        .filter(isUi)
        .map((step) => `${step.i} ${step.event.type}`);
      if (types.length > 0) notReplayed.push(`${lane.name} (lane ${laneIndex}): ${types.join(', ')}`);
      continue;
    }
    signedIn ||= isRec(lane.input as Json) && (lane.input as Rec).signedIn === true;
    const snapshots = recordedSnapshots(lane);
    const opening = lane.steps[0];
    if (!seenBooking && opening && recAt(contextOf(lane.start as Json) ?? undefined, 'trip')) {
      // Nothing on a fresh database leads to a booking already under way.
      taps.push({
        lane: laneIndex,
        i: opening.i,
        event: opening.event.type,
        ...unsupported('the trace begins with a departure already chosen (its earlier steps were dropped)'),
      });
    }
    for (let index = 0; index <= last; index += 1) {
      const step = lane.steps[index];
      if (!step || !isUi(step)) continue;
      const ref: StepRef = { lane: laneIndex, i: step.i, event: step.event.type };
      // A later lane that resumes the stored flow is the page loaded again.
      if (step.event.type === 'flow.resume' && seenBooking) taps.push({ ...ref, do: 'reload' });
      if (isImplied(trace, lane, index)) continue;
      const next = nextUiIndex(lane, index);
      if (next >= 0 && next <= last && sameField(step, lane.steps[next])) continue;
      const c: Cursor = { lane, snapshots, index, step, firstDay };
      const check = checksOf(c);
      taps.push({ ...ref, ...gestureOf(c), ...(check ? { expect: check } : {}) });
    }
    seenBooking = true;
    if (!stopAt) reserved = flowOf(snapshots.at(-1)) === 'reserved';
  }
  const offsets = taps.flatMap((tap) =>
    tap.do === 'choose' && tap.search ? [tap.search.days.tanggal, tap.search.days.tanggal_pulang ?? 0] : [],
  );
  const earliest = Math.min(0, ...offsets);
  // Searches before the first one's day (a customer who moved back a day) start the window there.
  if (earliest < 0) {
    for (const tap of taps) {
      if (tap.do !== 'choose' || !tap.search) continue;
      tap.search.days.tanggal -= earliest;
      if (tap.search.days.tanggal_pulang !== undefined) tap.search.days.tanggal_pulang -= earliest;
    }
  }
  return {
    layout: trace.layout,
    day: 0,
    span: Math.max(0, ...offsets) - earliest,
    signedIn,
    taps,
    stop: stopAt ? { lane: stopAt.lane, i: stopAt.i, event: stopAt.event, message: stopAt.message } : null,
    reserved,
    notReplayed,
  };
}
