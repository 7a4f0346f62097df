import { expect, type Page } from '@playwright/test';
import { createActor, fromPromise, type EventObject } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import { BOOKABLE_SEAT_TYPES } from '../../contract/seats';
import {
  allowedSeatCount,
  chosenSeatNumbers,
  currentFloor,
  floorLabels,
  saveButtonLabel,
  seatMessages,
  seatSelectionMachine,
  selectionNormalPrice,
  selectionPrice,
  showsNormalPrice,
  type LoadLayoutInput,
  type SeatSelectionEvent,
  type SeatSelectionInput,
  type SeatSelectionSnapshot,
} from '../../machines/seat-selection.machine';
import type { SeatLayout, ToastEmitted } from '../../machines/types';

/*
 * The seat-selection chart as the model of the seat page (TESTING.md, "Model-based tests from the
 * charts"): the paths come from machines/seat-selection.machine.ts, each event maps to one user
 * action on the page, and each state the page reaches has its expectation here, in one table.
 */

/** The chart with the layouts given as input: it never loads, it only decides. */
export const modelMachine = seatSelectionMachine.provide({
  actors: {
    loadLayout: fromPromise<SeatLayout, LoadLayoutInput>(() => new Promise<SeatLayout>(() => {})),
  },
});

// ---------------------------------------------------------------------------------------------
// Events -> page actions.

/** Rupiah as the spec writes it (section 9), computed here, not with the app's formatter. */
function rupiah(value: number): string {
  return value === 0 ? 'Gratis' : `Rp ${String(value).replace(/\B(?=(\d{3})+(?!\d))/g, '.')}`;
}

const seatMap = (page: Page) => page.getByRole('grid', { name: /^Denah kursi / });
const seatInfo = (page: Page) => page.getByRole('region', { name: 'Informasi Kursi' });

/** Plays one event of the chart as the user would on the page, reading names from the state before it. */
export async function playEvent(page: Page, event: SeatSelectionEvent, before: SeatSelectionSnapshot): Promise<void> {
  const context = before.context;
  switch (event.type) {
    case 'seat.toggle': {
      const seat = currentFloor(context)?.kursi[event.key];
      if (!seat) throw new Error(`No seat ${event.key} on the shown floor`);
      await seatMap(page)
        .getByRole('button', { name: `Kursi ${seat.no}`, exact: true })
        .click();
      return;
    }
    case 'floor.select': {
      const label = floorLabels(context)[event.index];
      if (!label) throw new Error(`No floor ${event.index}`);
      await page.getByRole('tab', { name: label, exact: true }).click();
      return;
    }
    case 'selection.save':
      await seatInfo(page)
        .getByRole('button', { name: saveButtonLabel(context), exact: true })
        .click();
      return;
    case 'leg.back':
      await page.getByRole('button', { name: `Kembali ke Rute ${context.connectingRoute - 1}`, exact: true }).click();
      return;
    case 'layout.retry':
      await page.getByRole('button', { name: 'Coba Lagi', exact: true }).click();
      return;
  }
}

// ---------------------------------------------------------------------------------------------
// States -> what the page shows. A state missing here fails the run: add its expectation.

type Expectation = (page: Page, snapshot: SeatSelectionSnapshot) => Promise<void>;

function stateName(snapshot: SeatSelectionSnapshot): string {
  return typeof snapshot.value === 'string' ? snapshot.value : JSON.stringify(snapshot.value);
}

export const pageExpectations: Record<string, Expectation> = {
  selecting: async (page, snapshot) => {
    const context = snapshot.context;
    const floor = currentFloor(context);
    if (!floor) throw new Error('selecting without a floor');
    await expect(seatMap(page)).toHaveAccessibleName(`Denah kursi ${floor.nama}`);
    const label = floorLabels(context)[context.floorIndex] ?? '';
    await expect(page.getByRole('tab', { name: label, exact: true })).toHaveAttribute('aria-selected', 'true');

    // Exactly the chosen seats of this floor are pressed.
    const pressed = context.selection.filter((seat) => seat.floor === floor.nama).map((seat) => `Kursi ${seat.no}`);
    await expect(seatMap(page).locator('button[aria-pressed="true"]')).toHaveCount(pressed.length);
    for (const name of pressed) {
      await expect(seatMap(page).getByRole('button', { name, exact: true })).toHaveAttribute('aria-pressed', 'true');
    }

    const info = seatInfo(page);
    // The leg being chosen: its seats and counter (other legs of a connecting trip are listed too).
    const live = info.getByRole('status');
    const numbers = chosenSeatNumbers(context);
    await expect(
      live.getByText(numbers.length > 0 ? `Kursi ${numbers.join(', ')}` : 'Belum ada kursi dipilih', { exact: true }),
    ).toBeVisible();
    await expect(
      live.getByText(`Kursi dipilih ${context.selection.length}/${allowedSeatCount(context)}`, { exact: true }),
    ).toBeVisible();
    if (numbers.length > 0) {
      await expect(info.getByText(rupiah(selectionPrice(context)), { exact: true })).toBeVisible();
    }
    if (showsNormalPrice(context))
      await expect(info.locator('s')).toHaveText(new RegExp(rupiah(selectionNormalPrice(context))));
    else await expect(info.locator('s')).toHaveCount(0);
    await expect(info.getByRole('button', { name: saveButtonLabel(context), exact: true })).toBeEnabled();

    // Connecting legs: the heading of the leg, its card current, and the way back from leg 2 on.
    if (context.legs.length > 1) {
      const route = context.connectingRoute;
      await expect(page.getByRole('heading', { level: 2, name: `Kursi Pergi ${route}` })).toBeVisible();
      await expect(
        page
          .getByRole('list', { name: 'Rute perjalanan' })
          .getByRole('listitem')
          .nth(route - 1),
      ).toHaveAttribute('aria-current', 'step');
      await expect(page.getByRole('button', { name: /^Kembali ke Rute / })).toHaveCount(route > 1 ? 1 : 0);
    }
  },
  done: async (page, snapshot) => {
    // Mobile: the machine goes on to the passenger form; desktop: the booking page decides, off the seat page.
    if (snapshot.context.layoutMode === 'm') {
      await expect(page).toHaveURL(/\/app\/m-information-passengers-without-no-select-seat/);
    } else {
      await expect(page).not.toHaveURL(/\/app\/select-seat/);
    }
  },
  notAllowed: async (page) => {
    await expect(page.getByText('Kursi ditentukan oleh operator')).toBeVisible();
    await expect(seatMap(page)).toHaveCount(0);
    await expect(page.getByText(seatMessages.notAllowed)).toBeVisible();
  },
  layoutUnavailable: async (page) => {
    await expect(page.getByRole('button', { name: 'Coba Lagi' })).toBeVisible();
  },
  loadingLayout: async (page) => {
    await expect(page.getByText('Memuat denah kursi…')).toBeAttached();
  },
};

export async function expectPageShows(page: Page, snapshot: SeatSelectionSnapshot, toasts: string[]): Promise<void> {
  const expectation = pageExpectations[stateName(snapshot)];
  if (!expectation) throw new Error(`No page expectation for state ${stateName(snapshot)}: add it to the table.`);
  await expectation(page, snapshot);
  for (const message of toasts) await expect(page.getByText(message, { exact: true }).first()).toBeVisible();
}

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
export function replay(input: SeatSelectionInput, events: readonly SeatSelectionEvent[]) {
  const actor = createActor(modelMachine, { input });
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

/** A short name for a path, for the test title. */
export function describePath(input: SeatSelectionInput, events: readonly SeatSelectionEvent[]): string {
  if (events.length === 0) return 'opening';
  return replay(input, events)
    .steps.map(({ event, before }) => {
      if (event.type === 'seat.toggle')
        return `Kursi ${currentFloor(before.context)?.kursi[event.key]?.no ?? event.key}`;
      if (event.type === 'floor.select') return floorLabels(before.context)[event.index] ?? `lantai ${event.index}`;
      if (event.type === 'selection.save') return saveButtonLabel(before.context);
      if (event.type === 'leg.back') return `Kembali ke Rute ${before.context.connectingRoute - 1}`;
      return event.type;
    })
    .join(' → ');
}
