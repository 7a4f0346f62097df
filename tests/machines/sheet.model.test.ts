import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock, type AnyStateNode, type EventFromLogic, type StateValue } from 'xstate';
import { SHEET_CLOSE_DELAY_MS, SHEET_OPEN_DELAY_MS } from '../../machines/constants';
import {
  isSheetMounted,
  isSheetVisible,
  sheetDragOffset,
  sheetMachine,
  sheetMessages,
  type SheetInput,
  type SheetSnapshot,
} from '../../machines/sheet.machine';
import type { NavigateEmitted, ToastEmitted } from '../../machines/types';
import { edgeCoverPaths, withLazyPaths, measureCoverage, printCoverage, combineCoverage } from './support/coverage';

type SheetEvent = EventFromLogic<typeof sheetMachine>;

const OPEN_AFTER = 'xstate.after.sheetOpenDelay.sheet.opening';
const CLOSE_AFTER = 'xstate.after.sheetCloseDelay.sheet.closing';
/** The named delays, so replay can run them on the simulated clock instead of sending the event. */
const delayOf: Record<string, number> = { [OPEN_AFTER]: SHEET_OPEN_DELAY_MS, [CLOSE_AFTER]: SHEET_CLOSE_DELAY_MS };

const HEIGHT = 400;
const events: SheetEvent[] = [
  { type: 'sheet.open' },
  { type: 'sheet.close' },
  { type: 'sheet.dragStart' },
  { type: 'sheet.drag', offset: 50, height: HEIGHT }, // below the threshold
  { type: 'sheet.drag', offset: 100, height: HEIGHT }, // exactly 25%: not past
  { type: 'sheet.drag', offset: 150, height: HEIGHT }, // past the threshold
  { type: 'sheet.drag', offset: -20, height: HEIGHT }, // upwards: clamped to 0
  { type: 'sheet.drag', offset: 80, height: 0 }, // height not measured
  { type: 'sheet.dragEnd' },
  { type: 'sheet.setCloseBlock', message: sheetMessages.seatsRequired },
  { type: 'sheet.setCloseBlock', message: null },
  { type: OPEN_AFTER } as unknown as SheetEvent, // delayed events are not part of the event union
  { type: CLOSE_AFTER } as unknown as SheetEvent,
];

/** What matters of the context: the block and which side of the threshold the drag is. */
function serialize(snapshot: SheetSnapshot): string {
  const { closeBlock, dragOffset, dragHeight } = snapshot.context;
  const drag = dragOffset === 0 ? 'rest' : dragHeight > 0 && dragOffset > dragHeight / 4 ? 'past' : 'below';
  return JSON.stringify({ value: snapshot.value, blocked: closeBlock !== null, drag });
}

function valueKey(value: StateValue): string {
  if (typeof value === 'string') return value;
  return Object.entries(value)
    .map(([key, child]) => (child === undefined ? key : `${key}.${valueKey(child)}`))
    .join(',');
}

interface Step {
  snapshot: SheetSnapshot;
  input: SheetInput;
  navigations: NavigateEmitted[];
  toasts: ToastEmitted[];
  /** closing -> closed transitions seen so far. */
  closes: number;
}

const hidden = ({ snapshot }: Step) => {
  expect(isSheetVisible(snapshot)).toBe(false);
  expect(snapshot.context.dragOffset).toBe(0);
  expect(sheetDragOffset(snapshot)).toBe(0);
};

/** Invariants per state value; a state missing here fails the test. */
const invariants: Record<string, (step: Step) => void> = {
  closed: (step) => {
    hidden(step);
    expect(isSheetMounted(step.snapshot)).toBe(false);
  },
  opening: (step) => {
    hidden(step);
    expect(isSheetMounted(step.snapshot)).toBe(true);
  },
  'open.idle': ({ snapshot }) => {
    expect(isSheetVisible(snapshot)).toBe(true);
    expect(snapshot.context.dragOffset).toBe(0);
  },
  'open.dragging': ({ snapshot, input }) => {
    expect(isSheetVisible(snapshot)).toBe(true);
    expect(input.layout).toBe('m');
    expect(sheetDragOffset(snapshot)).toBe(snapshot.context.dragOffset);
  },
  closing: (step) => {
    hidden(step);
    expect(isSheetMounted(step.snapshot)).toBe(true);
  },
};

function checkStep(step: Step): void {
  const key = valueKey(step.snapshot.value);
  const check = invariants[key];
  if (!check) throw new Error(`no invariants for state "${key}"`);
  check(step);
  // Every state: no negative drag, one back per finished close of a route child (none for a sheet
  // its owner opened without a route), toasts only with the block's message.
  expect(step.snapshot.context.dragOffset).toBeGreaterThanOrEqual(0);
  expect(step.navigations).toHaveLength(step.input.historyBound === false ? 0 : step.closes);
  for (const navigation of step.navigations) expect(navigation.intent).toEqual({ kind: 'back', steps: 1 });
  for (const toast of step.toasts) expect(toast.message).toBe(sheetMessages.seatsRequired);
}

/** Replays a path on a real actor with a simulated clock; delays run by advancing the clock. */
function replay(path: readonly SheetEvent[], input: SheetInput): string[] {
  const clock = new SimulatedClock();
  const actor = createActor(sheetMachine, { input, clock });
  const navigations: NavigateEmitted[] = [];
  const toasts: ToastEmitted[] = [];
  actor.on('navigate', (event) => navigations.push(event));
  actor.on('toast', (event) => toasts.push(event));
  actor.start();
  let closes = 0;
  const visited: string[] = [];
  const check = () => {
    const snapshot = actor.getSnapshot();
    visited.push(valueKey(snapshot.value));
    checkStep({ snapshot, input, navigations, toasts, closes });
  };
  check();
  for (const event of path) {
    const before = actor.getSnapshot();
    const delay = delayOf[event.type];
    const owned = (before._nodes as AnyStateNode[]).some((node) => node.transitions.has(event.type));
    // A delayed event only happens in the state that scheduled it; elsewhere it is just ignored.
    if (delay !== undefined && owned) clock.increment(delay);
    else actor.send(event);
    if (before.matches('closing') && actor.getSnapshot().matches('closed')) closes += 1;
    check();
  }
  actor.stop();
  return visited;
}

describe('sheetMachine model', () => {
  /** A route child (the default), and a sheet its owner opens without a route (the desktop seat sheet). */
  const mobileInputs: Record<string, SheetInput> = {
    'route child': { layout: 'm' },
    'no route': { layout: 'm', historyBound: false },
  };
  const mobileRuns = Object.entries(mobileInputs).map(([name, input]) =>
    withLazyPaths({ name, input }, () => edgeCoverPaths(sheetMachine, { events, input, serialize })),
  );

  it.each(mobileRuns.map((run) => [run.name, run] as const))(
    'mobile (%s): every path keeps the invariants of every state it reaches',
    (_, run) => {
      expect(run.paths.length).toBeGreaterThan(0);
      const reached = new Set(run.paths.flatMap((path) => replay(path, run.input)));
      expect([...reached].sort()).toEqual(Object.keys(invariants).sort());
    },
  );

  it('mobile: paths cover every state and transition of the chart', () => {
    const coverages = mobileRuns.map((run) => {
      const coverage = measureCoverage(sheetMachine, run.paths, run.input);
      printCoverage(`sheet (mobile, ${run.name})`, coverage);
      return coverage;
    });
    const coverage = combineCoverage(coverages);
    printCoverage('sheet (mobile)', coverage);
    expect(coverage.states.missing).toEqual([]);
    expect(coverage.transitions.missing).toEqual([]);
  });

  it('desktop side panels (left and right, with and without a route): same invariants, never dragging', () => {
    const inputs = [
      { layout: 'd', side: 'left' },
      { layout: 'd' },
      { layout: 'd', historyBound: false },
    ] satisfies SheetInput[];
    for (const input of inputs) {
      const paths = edgeCoverPaths(sheetMachine, { events, input, serialize });
      const reached = new Set(paths.flatMap((path) => replay(path, input)));
      expect(reached.has('open.dragging')).toBe(false);
      expect([...reached].sort()).toEqual(['closed', 'closing', 'open.idle', 'opening']);
      const route = input.historyBound === false ? ', no route' : '';
      printCoverage(`sheet (desktop ${input.side ?? 'right'}${route})`, measureCoverage(sheetMachine, paths, input));
    }
  });
});
