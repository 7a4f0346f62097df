import { createActor, fromPromise, type EventObject, type InspectionEvent } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import { BOOKABLE_SEAT_TYPES } from '../../contract/seats';
import {
  currentFloor,
  floorLabels,
  saveButtonLabel,
  seatSelectionMachine,
  type LoadLayoutInput,
  type SeatSelectionEvent,
  type SeatSelectionInput,
  type SeatSelectionSnapshot,
} from '../../machines/seat-selection.machine';
import type { LayoutMode, SeatLayout, ToastEmitted, TripLeg } from '../../machines/types';
import { SEAT_PLAN_DAY, dayFromToday, departure, seededSeatMap } from './seeded-departures';

/*
 * The seat-selection chart as the model of the seat page: the paths and the plan's words, in one
 * place. e2e/seat-selection.model.spec.ts runs these paths on the page (with the page actions and
 * expectations of seat-selection-model.ts); `npm run paths -- seat-selection` prints them.
 */

/** The chart with the layouts given as input: it never loads, it only decides. */
export const modelMachine = seatSelectionMachine.provide({
  actors: {
    loadLayout: fromPromise<SeatLayout, LoadLayoutInput>(() => new Promise<SeatLayout>(() => {})),
  },
});

// ---------------------------------------------------------------------------------------------
// Paths.

/** The first free seats of the shown floor, promo seats first, as toggle events. */
export function freeSeatToggles(snapshot: SeatSelectionSnapshot, count: number): SeatSelectionEvent[] {
  const floor = currentFloor(snapshot.context);
  if (!floor) return [];
  const free = Object.entries(floor.kursi).filter(
    ([, seat]) => BOOKABLE_SEAT_TYPES.includes(seat.tipe) && seat.flag_booking === 0,
  );
  free.sort(([, a], [, b]) => b.flag_promo - a.flag_promo || Number(a.no) - Number(b.no));
  return free.slice(0, count).map(([key]) => ({ type: 'seat.toggle', key }));
}

/**
 * What the page sees change: the state, the leg, the floor and how many seats are chosen. The
 * traversal keeps one shortest path per such state, so the page is driven once per state and not
 * once per combination of seats.
 */
function pageState(snapshot: SeatSelectionSnapshot): string {
  // Once saved the page has gone: how many seats were saved makes no other page.
  if (snapshot.status === 'done') return 'done';
  const context = snapshot.context;
  return JSON.stringify({
    value: snapshot.value,
    route: context.connectingRoute,
    floor: context.floorIndex,
    chosen: context.selection.length,
    saved: context.savedSeats.map((seats) => seats.length),
  });
}

/** What one step does, as the page shows it; paths are added until each kind is taken once. */
function effectOf(before: SeatSelectionSnapshot, after: SeatSelectionSnapshot, toasts: string[]): string | null {
  if (after.status === 'done') return 'finish';
  if (toasts.length > 0) return `toast:${toasts.join('|')}`;
  const [a, b] = [before.context, after.context];
  if (b.connectingRoute > a.connectingRoute) return 'next-leg';
  if (b.connectingRoute < a.connectingRoute) return 'leg-back';
  if (b.floorIndex !== a.floorIndex) return 'floor';
  if (b.selection.length > a.selection.length) return 'choose';
  if (b.selection.length < a.selection.length) return 'unchoose';
  if (b.selection !== a.selection) return 'replace-oldest';
  return null;
}

export interface ReplayedStep {
  event: SeatSelectionEvent;
  before: SeatSelectionSnapshot;
  after: SeatSelectionSnapshot;
  toasts: string[];
}

/** Replays events on the model and returns each step with the state before and after it. */
export function replay(
  input: SeatSelectionInput,
  events: readonly SeatSelectionEvent[],
  inspect?: (inspection: InspectionEvent) => void,
) {
  const actor = createActor(modelMachine, { input, ...(inspect ? { inspect } : {}) });
  let toasts: string[] = [];
  actor.on('toast', (event: ToastEmitted) => toasts.push(event.message));
  actor.start();
  const initial = { snapshot: actor.getSnapshot(), toasts };
  const steps: ReplayedStep[] = [];
  for (const event of events) {
    toasts = [];
    const before = actor.getSnapshot();
    actor.send(event);
    steps.push({ event, before, after: actor.getSnapshot(), toasts });
  }
  actor.stop();
  return { initial, steps };
}

function isPrefix(short: readonly EventObject[], long: readonly EventObject[]): boolean {
  return (
    short.length < long.length && short.every((event, index) => JSON.stringify(event) === JSON.stringify(long[index]))
  );
}

/** A step that only toasts leaves the state as it was: it can be slipped into any path passing there. */
function isToastOnly(step: ReplayedStep): boolean {
  return (
    step.toasts.length > 0 &&
    step.after.context === step.before.context &&
    pageState(step.after) === pageState(step.before)
  );
}

/**
 * A handful of paths for the page: the shortest path to every page state (without those that
 * another path runs through), then, for each kind of effect no path shows yet (a toast, giving up
 * a seat, dropping the oldest at the cap, going back a leg), the shortest way to it. A toast-only
 * step is slipped into a longer path passing the same state instead of costing a run of its own.
 * `effects` limits the kinds sought (the scenario's own subject).
 */
export function modelPaths(
  input: SeatSelectionInput,
  events: (snapshot: SeatSelectionSnapshot) => SeatSelectionEvent[],
  effects?: (effect: string) => boolean,
): SeatSelectionEvent[][] {
  const shortest = getShortestPaths(modelMachine, {
    input,
    events: (snapshot: SeatSelectionSnapshot) => (snapshot.status === 'done' ? [] : events(snapshot)),
    serializeState: (snapshot: SeatSelectionSnapshot) => pageState(snapshot),
  });
  const toStates = shortest
    .map((path) => path.steps.map((step) => step.event).filter((event) => (event.type as string) !== 'xstate.init'))
    .sort((a, b) => a.length - b.length);
  let paths = toStates.filter((path) => !toStates.some((other) => isPrefix(path, other))).map((path) => [...path]);

  const covered = new Set<string>();
  for (const path of paths) {
    for (const step of replay(input, path).steps) {
      const effect = effectOf(step.before, step.after, step.toasts);
      if (effect) covered.add(effect);
    }
  }
  // Every state's shortest prefix, tried with every event: the first step of a new kind makes a path.
  for (const prefix of toStates) {
    const { steps, initial } = replay(input, prefix);
    const state = steps.at(-1)?.after ?? initial.snapshot;
    if (state.status === 'done') continue;
    for (const event of events(state)) {
      const step = replay(input, [...prefix, event]).steps.at(-1);
      const effect = step ? effectOf(step.before, step.after, step.toasts) : null;
      if (!step || !effect || covered.has(effect) || (effects && !effects(effect))) continue;
      covered.add(effect);
      const host = isToastOnly(step) ? paths.find((path) => isPrefix(prefix, path)) : undefined;
      if (host) host.splice(prefix.length, 0, event);
      else paths.push([...prefix, event]);
    }
  }
  paths = paths.filter((path) => !paths.some((other) => isPrefix(path, other)));
  return paths;
}

/** What a path does, in words, for its title: "Simpan tanpa kursi (pesan), pilih Kursi 9, simpan". */
export function describePath(input: SeatSelectionInput, events: readonly SeatSelectionEvent[]): string {
  if (events.length === 0) return 'Halaman kursi terbuka, tanpa langkah';
  const parts = replay(input, events).steps.map(({ event, before, after, toasts }) => {
    const seat =
      event.type === 'seat.toggle' ? `Kursi ${currentFloor(before.context)?.kursi[event.key]?.no ?? event.key}` : '';
    const effect = effectOf(before, after, toasts);
    if (event.type === 'selection.save') {
      if (effect === 'finish') return `"${saveButtonLabel(before.context)}" menutup halaman kursi`;
      if (effect === 'next-leg') return `"${saveButtonLabel(before.context)}" ke rute berikutnya`;
      return `"${saveButtonLabel(before.context)}" ditolak dengan pesan`;
    }
    if (event.type === 'floor.select')
      return `pindah ke ${floorLabels(before.context)[event.index] ?? `lantai ${event.index}`}`;
    if (event.type === 'leg.back') return 'kembali ke rute sebelumnya';
    if (event.type === 'layout.retry') return 'coba muat denah lagi';
    if (effect?.startsWith('toast:')) return `${seat} ditolak dengan pesan`;
    if (effect === 'unchoose') return `lepas ${seat}`;
    if (effect === 'replace-oldest') return `${seat} melewati batas: kursi terlama lepas`;
    return `pilih ${seat}`;
  });
  const text = parts.join(', ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

// ---------------------------------------------------------------------------------------------
// Scenarios and the plan's words.

/** A departure the seat page is tested on: its legs, the search that lists it, the events tried. */
export interface SeatScenario {
  name: string;
  legs: { operatorCode: string; scheduleCode: string }[];
  connectingCode?: string;
  /** Search destination city id (origin Bandung, 1) and the list's "Pilih" button. */
  destination: number;
  pilih: string | RegExp;
  events: (snapshot: SeatSelectionSnapshot) => SeatSelectionEvent[];
  effects?: (effect: string) => boolean;
}

export const SEAT_SCENARIOS: readonly SeatScenario[] = [
  {
    name: 'Satu lantai dengan kursi promo: pilih, lepas, batas kursi, simpan',
    legs: [{ operatorCode: 'CPT', scheduleCode: 'CPT-BDG-JKT-1100' }],
    destination: 2,
    pilih: 'Pilih Cipta Trans 11.00 WIB',
    // One seat more than the cap allows, so the oldest gets dropped.
    events: (snapshot) => [...freeSeatToggles(snapshot, 4), { type: 'selection.save' }],
  },
  {
    name: 'Bus dua lantai: pindah lantai, pilihan tetap',
    legs: [{ operatorCode: 'GMA', scheduleCode: 'GMA-BDG-JKT-2200' }],
    destination: 2,
    pilih: 'Pilih Garuda Mas Armada 22.00 WIB',
    events: (snapshot) => [
      { type: 'floor.select', index: 0 },
      { type: 'floor.select', index: 1 },
      ...freeSeatToggles(snapshot, 1),
    ],
    effects: (effect) => effect === 'floor',
  },
  {
    name: 'Pindah armada: rute berurutan, jumlah dari rute pertama, kembali satu rute, selesai',
    legs: [
      { operatorCode: 'CPT', scheduleCode: 'CPT-BDG-CRB-0600' },
      { operatorCode: 'NRS', scheduleCode: 'NRS-CRB-SMG-1000' },
    ],
    connectingCode: 'CT-BDG-SMG-0600',
    destination: 12,
    pilih: /^Pilih Cipta Trans \+ Nusa Rapi Shuttle /,
    events: (snapshot) => [...freeSeatToggles(snapshot, 2), { type: 'selection.save' }, { type: 'leg.back' }],
    effects: (effect) => effect === 'leg-back' || effect.startsWith('toast:'),
  },
];

/** The seat plan's travel day: seeded, with no sales but the seed's own (a full lower floor). */
export const seatDate = (): string => dayFromToday(SEAT_PLAN_DAY);

/** Only what the chart reads of a leg (selectSeat and the codes of the layout request), named from the seed. */
export function seatLeg(scheduleCode: string, selectSeat = true): TripLeg {
  const one = departure(scheduleCode);
  return {
    operatorCode: one.operatorCode,
    operatorName: one.operatorName,
    operatorType: 'shuttle',
    operatorLogo: '',
    scheduleCode,
    date: seatDate(),
    departureTime: one.time.replace('.', ':'),
    origin: one.origin.pool,
    destination: one.destination.pool,
    selectSeat,
    refundable: true,
  };
}

/**
 * The chart's input for a scenario: the seat maps the seed gives its legs on the plan's day, not
 * the live ones. The Playwright test checks that the server serves exactly these.
 */
export function scenarioInput(scenario: SeatScenario, layout: LayoutMode): SeatSelectionInput {
  return {
    direction: 'pergi',
    tripKind: scenario.legs.length > 1 ? 'connecting' : 'one-way',
    legs: scenario.legs.map((one) => seatLeg(one.scheduleCode)),
    layouts: scenario.legs.map((one) => seededSeatMap(one.scheduleCode, seatDate())),
    ...(scenario.connectingCode ? { connectingCode: scenario.connectingCode } : {}),
    layout,
  };
}

type SeatStepText = (event: SeatSelectionEvent, before: SeatSelectionSnapshot) => string;

/** One tester action per event type, named as the page labels it. */
export const SEAT_STEP_TEXT: Record<SeatSelectionEvent['type'], SeatStepText> = {
  'seat.toggle': (event, before) => {
    if (event.type !== 'seat.toggle') return '';
    const seat = currentFloor(before.context)?.kursi[event.key];
    const chosen = before.context.selection.some((one) => one.key === event.key);
    return chosen
      ? `Ketuk "Kursi ${seat?.no ?? event.key}" lagi untuk melepasnya`
      : `Ketuk "Kursi ${seat?.no ?? event.key}" pada denah`;
  },
  'floor.select': (event, before) =>
    event.type === 'floor.select' ? `Pilih tab "${floorLabels(before.context)[event.index] ?? event.index}"` : '',
  'selection.save': (_event, before) => `Ketuk tombol "${saveButtonLabel(before.context)}"`,
  'leg.back': (_event, before) => `Ketuk "Kembali ke Rute ${before.context.connectingRoute - 1}"`,
  'layout.retry': () => 'Ketuk "Coba Lagi"',
};

type SeatStateText = (snapshot: SeatSelectionSnapshot) => string;

export const SEAT_STATE_TEXT: Record<string, SeatStateText> = {
  selecting: (snapshot) => {
    const context = snapshot.context;
    const floor = currentFloor(context)?.nama ?? '?';
    const chosen = context.selection.map((seat) => seat.no);
    const leg = context.legs.length > 1 ? `, judul "Kursi Pergi ${context.connectingRoute}"` : '';
    return `Denah kursi ${floor}${leg}; ${chosen.length > 0 ? `Kursi ${chosen.join(', ')} terpilih` : '"Belum ada kursi dipilih"'}`;
  },
  done: (snapshot) =>
    snapshot.context.layoutMode === 'm' ? 'Form Penumpang terbuka' : 'Halaman kursi ditutup, kembali ke pemesanan',
  notAllowed: () => '"Kursi ditentukan oleh operator"',
  layoutUnavailable: () => 'Tombol "Coba Lagi"',
  loadingLayout: () => '"Memuat denah kursi…"',
};

export interface SeatPlanPath {
  title: string;
  steps: { action: string; expect: string; toasts: string[] }[];
}

const seatStateName = (snapshot: SeatSelectionSnapshot) =>
  typeof snapshot.value === 'string' ? snapshot.value : JSON.stringify(snapshot.value);

/** A scenario's paths with their words: what the plan prints and the page test runs. */
export function seatPlan(input: SeatSelectionInput, scenario: SeatScenario): SeatPlanPath[] {
  return modelPaths(input, scenario.events, scenario.effects).map((events) => ({
    title: describePath(input, events),
    steps: replay(input, events).steps.map((step) => {
      const state = SEAT_STATE_TEXT[seatStateName(step.after)];
      if (!state) throw new Error(`Tidak ada teks keadaan untuk ${seatStateName(step.after)}`);
      return {
        action: SEAT_STEP_TEXT[step.event.type](step.event, step.before),
        expect: state(step.after),
        toasts: step.toasts,
      };
    }),
  }));
}
