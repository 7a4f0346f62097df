import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, type DoneActorEvent, type ErrorActorEvent } from 'xstate';
import { BOOKABLE_SEAT_TYPES, type Floor, type Seat } from '../../contract/seats';
import { FIRST_CONNECTING_ROUTE, TOAST_MESSAGE_MS } from '../../machines/constants';
import {
  SeatLayoutRefusedError,
  allowedSeatCount,
  currentLayout,
  currentLeg,
  legIndex,
  seatMessages,
  seatSelectionMachine,
  type LoadLayoutInput,
  type SeatSelectionContext,
  type SeatSelectionEvent,
  type SeatSelectionInput,
  type SeatSelectionSnapshot,
} from '../../machines/seat-selection.machine';
import type { ChosenSeat, NavigateEmitted, SeatLayout, ToastEmitted, TripLeg } from '../../machines/types';
import { edgeCoverPaths, measureCoverage, printCoverage, type ChartCoverage } from './support/coverage';

// ---------------------------------------------------------------------------------------------
// A small model layout: lower floor with three free seats (P, PS, P), a taken one and a toilet;
// upper floor fully booked. maks_penumpang 2, so a third free seat exercises "drop the oldest".

function seat(no: string, overrides: Partial<Seat> = {}): Seat {
  return { no, tipe: 'P', flag_booking: 0, flag_promo: 0, harga_tiket: 100_000, promo_kode: null, ...overrides };
}

function modelLayout(overrides: Partial<SeatLayout> = {}): SeatLayout {
  const lower: Floor = {
    nama: 'Lantai Bawah',
    baris: 3,
    kolom: 2,
    sisa_kursi: 3,
    kursi: {
      '1-1': seat('1'),
      '1-2': seat('2', { tipe: 'PS', flag_promo: 1, harga_tiket: 80_000, promo_kode: 'HEMAT' }),
      '2-1': seat('3', { flag_booking: 1 }),
      '2-2': seat('', { tipe: 'T' }),
      '3-1': seat('4'),
    },
  };
  const upper: Floor = {
    nama: 'Lantai Atas',
    baris: 1,
    kolom: 2,
    sisa_kursi: 0,
    kursi: { '1-1': seat('5', { flag_booking: 1 }), '1-2': seat('', { tipe: 'K' }) },
  };
  return {
    operator_kode: 'OP1',
    jadwal_kode: 'J1',
    tanggal_berangkat: '2026-03-02',
    select_seat: true,
    layout_kursi: [lower, upper],
    flag_multi_harga: 0,
    maks_penumpang: 2,
    harga_tiket_normal: 100_000,
    ...overrides,
  };
}

function leg(scheduleCode: string, selectSeat = true): TripLeg {
  return {
    operatorCode: 'OP1',
    operatorName: 'Operator Satu',
    operatorType: 'bus',
    operatorLogo: '',
    scheduleCode,
    date: '2026-03-02',
    departureTime: '08:00',
    origin: 'Bandung',
    destination: 'Jakarta',
    selectSeat,
    refundable: true,
  };
}

// ---------------------------------------------------------------------------------------------
// Events, with valid and invalid payloads. The loader's done/error events are sent by hand: the
// model machine's loader never settles on its own.

type ModelEvent =
  SeatSelectionEvent | DoneActorEvent<SeatLayout, 'loadLayout'> | ErrorActorEvent<unknown, 'loadLayout'>;

const SERVER_MESSAGE = 'Jadwal tidak ditemukan';

const userEvents: ModelEvent[] = [
  { type: 'seat.toggle', key: '1-1' },
  { type: 'seat.toggle', key: '1-2' },
  { type: 'seat.toggle', key: '3-1' },
  { type: 'seat.toggle', key: '2-1' }, // taken
  { type: 'seat.toggle', key: '2-2' }, // toilet
  { type: 'seat.toggle', key: '9-9' }, // no tile
  { type: 'floor.select', index: 0 },
  { type: 'floor.select', index: 1 },
  { type: 'floor.select', index: 7 },
  { type: 'selection.save' },
  { type: 'leg.back' },
  { type: 'layout.retry' },
];

// Only the invoked loader sends these, so only while loading (elsewhere XState would treat an
// unhandled actor error as the machine's own error).
const loaderEvents: ModelEvent[] = [
  { type: 'xstate.done.actor.loadLayout', output: modelLayout(), actorId: 'loadLayout' },
  { type: 'xstate.done.actor.loadLayout', output: modelLayout({ select_seat: false }), actorId: 'loadLayout' },
  { type: 'xstate.error.actor.loadLayout', error: new Error('err'), actorId: 'loadLayout' },
  {
    type: 'xstate.error.actor.loadLayout',
    error: new SeatLayoutRefusedError(SERVER_MESSAGE),
    actorId: 'loadLayout',
  },
];

const modelMachine = seatSelectionMachine.provide({
  actors: { loadLayout: fromPromise<SeatLayout, LoadLayoutInput>(() => new Promise<SeatLayout>(() => {})) },
});

/** Abstracts the context to what the rules depend on, so the graph stays small. */
function serialize(snapshot: SeatSelectionSnapshot): string {
  const context = snapshot.context;
  return JSON.stringify({
    value: snapshot.value,
    route: context.connectingRoute,
    floor: context.floorIndex,
    layouts: context.layouts.map((layout) => (layout ? layout.select_seat : null)),
    selection: context.selection.map((chosen) => chosen.key),
    saved: context.savedSeats.map((seats) => seats.length),
  });
}

const scenarios: { name: string; input: SeatSelectionInput }[] = [
  {
    name: 'connecting, two legs, mobile, layouts loaded',
    input: {
      direction: 'pergi',
      tripKind: 'connecting',
      legs: [leg('J1'), leg('J2')],
      connectingCode: 'CON-1',
      layout: 'm',
    },
  },
  {
    name: 'round trip return, desktop, layout known, one passenger',
    input: {
      direction: 'pulang',
      tripKind: 'round-trip',
      legs: [leg('J9')],
      layouts: [modelLayout()],
      passengerCount: 1,
    },
  },
  {
    name: 'one-way without seat selection',
    input: { direction: 'pergi', tripKind: 'one-way', legs: [leg('J1', false)] },
  },
];

// ---------------------------------------------------------------------------------------------
// Invariants.

function tileOf(layout: SeatLayout | null | undefined, chosen: ChosenSeat): Seat | undefined {
  return layout?.layout_kursi.find((floor) => floor.nama === chosen.floor)?.kursi[chosen.key];
}

function expectBookableFree(layout: SeatLayout | null | undefined, seats: ChosenSeat[]) {
  for (const chosen of seats) {
    const tile = tileOf(layout, chosen);
    expect(tile, `seat ${chosen.floor} ${chosen.key}`).toBeDefined();
    expect(BOOKABLE_SEAT_TYPES).toContain(tile?.tipe);
    expect(tile?.flag_booking).toBe(0);
  }
}

function expectCommon(snapshot: SeatSelectionSnapshot) {
  const context = snapshot.context;
  expect(snapshot.status).not.toBe('error');
  expect(context.connectingRoute).toBeGreaterThanOrEqual(FIRST_CONNECTING_ROUTE);
  expect(context.connectingRoute).toBeLessThanOrEqual(Math.max(1, context.legs.length));
  expect(context.selection.length).toBeLessThanOrEqual(allowedSeatCount(context));
  // Saved legs: each non-empty; later ones exactly as many as the first.
  const first = context.savedSeats[0]?.length;
  for (const seats of context.savedSeats) {
    expect(seats.length).toBeGreaterThan(0);
    expect(seats.length).toBe(first);
  }
  context.savedSeats.forEach((seats, index) => expectBookableFree(context.layouts[index], seats));
  expectBookableFree(currentLayout(context), context.selection);
  // No seat twice in one leg.
  const keys = context.selection.map((chosen) => `${chosen.floor}/${chosen.key}`);
  expect(new Set(keys).size).toBe(keys.length);
}

function expectInProgress(context: SeatSelectionContext) {
  expect(context.savedSeats).toHaveLength(legIndex(context));
}

const invariants: Record<string, (snapshot: SeatSelectionSnapshot, input: SeatSelectionInput) => void> = {
  loadingLayout: (snapshot) => {
    expectInProgress(snapshot.context);
    expect(currentLayout(snapshot.context)).toBeNull();
    expect(currentLeg(snapshot.context)?.selectSeat).toBe(true);
    expect(snapshot.status).toBe('active');
  },
  layoutUnavailable: (snapshot) => {
    expectInProgress(snapshot.context);
    expect(currentLayout(snapshot.context)).toBeNull();
    expect(snapshot.can({ type: 'layout.retry' })).toBe(true);
  },
  notAllowed: (snapshot) => {
    expectInProgress(snapshot.context);
    const leg = currentLeg(snapshot.context);
    expect(!leg?.selectSeat || currentLayout(snapshot.context)?.select_seat === false).toBe(true);
    expect(snapshot.can({ type: 'selection.save' })).toBe(false);
  },
  selecting: (snapshot) => {
    const context = snapshot.context;
    expectInProgress(context);
    const layout = currentLayout(context);
    expect(layout?.select_seat).toBe(true);
    expect(context.floorIndex).toBeLessThan(layout?.layout_kursi.length ?? 0);
    expect(snapshot.can({ type: 'leg.back' })).toBe(context.connectingRoute > FIRST_CONNECTING_ROUTE);
  },
  done: (snapshot, input) => {
    expect(snapshot.status).toBe('done');
    const output = snapshot.output;
    expect(output?.direction).toBe(input.direction);
    expect(output?.seats).toHaveLength(input.legs.length);
    expect(output?.seats).toEqual(snapshot.context.savedSeats);
  },
};

const knownToasts = new Set<string>([...Object.values(seatMessages), SERVER_MESSAGE]);

function expectEmitted(emitted: (ToastEmitted | NavigateEmitted)[], snapshot: SeatSelectionSnapshot) {
  for (const event of emitted) {
    if (event.type === 'toast') {
      expect(knownToasts.has(event.message), event.message).toBe(true);
      expect(event.durationMs).toBe(TOAST_MESSAGE_MS);
      expect(event.position).toBe('top');
    } else {
      // Navigation only on finishing, and only on mobile.
      expect(snapshot.status).toBe('done');
      expect(snapshot.context.layoutMode).toBe('m');
    }
  }
}

function checkState(snapshot: SeatSelectionSnapshot, input: SeatSelectionInput) {
  const key = typeof snapshot.value === 'string' ? snapshot.value : JSON.stringify(snapshot.value);
  const check = invariants[key];
  if (!check) throw new Error(`No invariants for state ${key}: add them to the table.`);
  expectCommon(snapshot);
  check(snapshot, input);
}

// ---------------------------------------------------------------------------------------------

describe('seatSelectionMachine model', () => {
  const coverages: ChartCoverage[] = [];

  for (const scenario of scenarios) {
    it(`every edge keeps the invariants: ${scenario.name}`, () => {
      const paths = edgeCoverPaths(modelMachine, {
        // The loader's done/error events are not part of the machine's own event type.
        events: (snapshot) =>
          (snapshot.status === 'done'
            ? []
            : snapshot.matches('loadingLayout')
              ? [...userEvents, ...loaderEvents]
              : userEvents) as SeatSelectionEvent[],
        input: scenario.input,
        serialize,
      });
      expect(paths.length).toBeGreaterThan(0);
      for (const path of paths) {
        const actor = createActor(modelMachine, { input: scenario.input });
        let emitted: (ToastEmitted | NavigateEmitted)[] = [];
        actor.on('*', (event) => emitted.push(event));
        actor.start();
        checkState(actor.getSnapshot(), scenario.input);
        expectEmitted(emitted, actor.getSnapshot());
        for (const event of path) {
          emitted = [];
          actor.send(event);
          checkState(actor.getSnapshot(), scenario.input);
          expectEmitted(emitted, actor.getSnapshot());
        }
        actor.stop();
      }
      const coverage = measureCoverage(modelMachine, paths, scenario.input);
      coverages.push(coverage);
      printCoverage(`seat-selection (${scenario.name})`, coverage);
    });
  }

  it('all scenarios together cover every state and transition', () => {
    expect(coverages).toHaveLength(scenarios.length);
    const missing = (pick: (c: ChartCoverage) => ChartCoverage['states']) =>
      pick(coverages[0] as ChartCoverage).missing.filter((id) => coverages.every((c) => pick(c).missing.includes(id)));
    const first = coverages[0] as ChartCoverage;
    const states = missing((c) => c.states);
    const transitions = missing((c) => c.transitions);
    const merged: ChartCoverage = {
      states: { total: first.states.total, covered: first.states.total - states.length, missing: states },
      transitions: {
        total: first.transitions.total,
        covered: first.transitions.total - transitions.length,
        missing: transitions,
      },
      paths: coverages.reduce((sum, c) => sum + c.paths, 0),
    };
    printCoverage('seat-selection (all scenarios)', merged);
    expect(merged.states.missing).toEqual([]);
    expect(merged.transitions.missing).toEqual([]);
  });

  it('the invariant table fails on a state it does not know', () => {
    const snapshot = createActor(modelMachine, { input: scenarios[0]?.input as SeatSelectionInput })
      .start()
      .getSnapshot();
    const unknown = { ...snapshot, value: 'somewhereNew' } as unknown as SeatSelectionSnapshot;
    expect(() => checkState(unknown, scenarios[0]?.input as SeatSelectionInput)).toThrow(/No invariants/);
  });
});
