import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock, type AnyStateNode, type EventFromLogic, type StateValue } from 'xstate';
import { TOAST_DEFAULT_MS, TOAST_MESSAGE_MS } from '../../machines/constants';
import {
  toastsAt,
  toasterMachine,
  toastTimerMachine,
  type ToasterSnapshot,
  type ToastItem,
} from '../../machines/toaster.machine';
import type { ToastEmitted } from '../../machines/types';
import { edgeCoverPaths, measureCoverage, printCoverage, withLazyPaths } from './support/coverage';

/**
 * The toasts on screen, on a simulated clock. The graph stands for "a toast's time has passed" with
 * the done event of its timer; replay runs the clock instead, and the invariants compare the list
 * with an independent account of what must be on screen at that time.
 */

type ToasterEvent = EventFromLogic<typeof toasterMachine>;
type TimerEvent = EventFromLogic<typeof toastTimerMachine>;

function valueKey(value: StateValue): string {
  if (typeof value === 'string') return value;
  const entries = Object.entries(value);
  if (entries.length === 0) return '(root)';
  return entries.map(([key, child]) => (child === undefined ? key : `${key}.${valueKey(child)}`)).join(',');
}

// ---------------------------------------------------------------------------------------------
// The toaster: one state (its root), the list in its context.

const emitted = (message: string, position: ToastEmitted['position'], durationMs: number): ToasterEvent => ({
  type: 'toast',
  message,
  position,
  durationMs,
});
/** Two messages, both places, both durations of spec section 9: enough for repeats and overlaps. */
const toastEvents: ToasterEvent[] = [
  emitted('Harap lengkapi detail penumpang', 'top', TOAST_MESSAGE_MS),
  emitted('Harap lengkapi detail penumpang', 'bottom', TOAST_MESSAGE_MS),
  emitted('Masuk untuk bisa gunakan fitur ini', 'top', TOAST_DEFAULT_MS),
];
/** Three toasts per path: every repeat, overlap and order of endings, and a finite graph. */
const MAX_TOASTS_PER_PATH = 3;
const UNKNOWN_ID = 0;

const timeOver = (id: number): ToasterEvent =>
  ({ type: `xstate.done.actor.toast.${id}`, output: { id } }) as ToasterEvent;

function toasterEvents(snapshot: ToasterSnapshot): ToasterEvent[] {
  const { toasts, nextId } = snapshot.context;
  return [
    ...(nextId <= MAX_TOASTS_PER_PATH ? toastEvents : []),
    { type: 'toast.dismiss', id: UNKNOWN_ID },
    ...toasts.flatMap((toast): ToasterEvent[] => [{ type: 'toast.dismiss', id: toast.id }, timeOver(toast.id)]),
  ];
}

/** The toaster's own account of what must show: every toast sent, until its time, repeat or dismissal. */
interface Expected {
  id: number;
  message: string;
  position: ToastItem['position'];
  durationMs: number;
  endsAt: number;
}

interface ToasterStep {
  snapshot: ToasterSnapshot;
  now: number;
  expected: Expected[];
}

const toasterInvariants: Record<string, (step: ToasterStep) => void> = {
  '(root)': ({ snapshot, now, expected }) => {
    const { toasts, nextId } = snapshot.context;
    // What shows is exactly what must show now, oldest first.
    expect(toasts).toEqual(
      expected.map(({ id, message, position, durationMs }) => ({ id, message, position, durationMs })),
    );
    for (const toast of expected) expect(toast.endsAt).toBeGreaterThan(now);
    // One timer per toast on screen; a repeat's or a dismissed toast's timer is gone.
    expect(Object.keys(snapshot.children).sort()).toEqual(toasts.map((toast) => `toast.${toast.id}`).sort());
    // Numbers are unique and grow; a message shows once per place.
    expect(new Set(toasts.map((toast) => toast.id)).size).toBe(toasts.length);
    for (const toast of toasts) expect(toast.id).toBeLessThan(nextId);
    expect(toasts.map((toast) => toast.id)).toEqual([...toasts.map((toast) => toast.id)].sort((a, b) => a - b));
    const places = toasts.map((toast) => `${toast.position}:${toast.message}`);
    expect(new Set(places).size).toBe(places.length);
    // The screen's two stacks hold every toast once.
    const top = toastsAt(snapshot, 'top');
    const bottom = toastsAt(snapshot, 'bottom');
    expect(top.every((toast) => toast.position === 'top')).toBe(true);
    expect(bottom.every((toast) => toast.position === 'bottom')).toBe(true);
    expect(top.length + bottom.length).toBe(toasts.length);
  },
};

function checkToaster(step: ToasterStep): string {
  const key = valueKey(step.snapshot.value);
  const check = toasterInvariants[key];
  if (!check) throw new Error(`no invariants for state "${key}"`);
  check(step);
  return key;
}

/** Replays a path with a simulated clock: a toast's time passes by advancing the clock to its end. */
function replayToaster(path: readonly ToasterEvent[]): string[] {
  const clock = new SimulatedClock();
  const actor = createActor(toasterMachine, { clock });
  actor.start();
  let now = 0;
  let expected: Expected[] = [];
  const visited: string[] = [];
  const advanceTo = (time: number) => {
    clock.increment(time - now);
    now = time;
    expected = expected.filter((toast) => toast.endsAt > now);
  };
  visited.push(checkToaster({ snapshot: actor.getSnapshot(), now, expected }));
  for (const event of path) {
    if (event.type === 'toast') {
      const id = actor.getSnapshot().context.nextId;
      actor.send(event);
      expected = [
        ...expected.filter((toast) => toast.message !== event.message || toast.position !== event.position),
        {
          id,
          message: event.message,
          position: event.position,
          durationMs: event.durationMs,
          endsAt: now + event.durationMs,
        },
      ];
    } else if (event.type === 'toast.dismiss') {
      actor.send(event);
      expected = expected.filter((toast) => toast.id !== event.id);
    } else {
      // "Its time has passed": the clock runs to its end (others ending by then end too).
      const { id } = (event as { output: { id: number } }).output;
      const toast = expected.find((candidate) => candidate.id === id);
      if (toast) advanceTo(toast.endsAt);
    }
    visited.push(checkToaster({ snapshot: actor.getSnapshot(), now, expected }));
  }
  actor.stop();
  return visited;
}

/** Toaster snapshots with the same list and number count as the same state (the timers follow the list). */
function serializeToaster(snapshot: ToasterSnapshot): string {
  return JSON.stringify(snapshot.context);
}

// ---------------------------------------------------------------------------------------------
// One toast's timer.

const TIMER_AFTER = 'xstate.after.toastDuration.toast-timer.visible';
const timerEvents = [{ type: 'toast.dismiss' }, { type: TIMER_AFTER }] as unknown as TimerEvent[];

const timerInvariants: Record<string, (step: { snapshot: ReturnType<typeof timerSnapshot>; ended: boolean }) => void> =
  {
    visible: ({ snapshot }) => {
      expect(snapshot.status).toBe('active');
      expect(snapshot.output).toBeUndefined();
    },
    done: ({ snapshot, ended }) => {
      expect(snapshot.status).toBe('done');
      expect(snapshot.output).toEqual({ id: snapshot.context.id });
      expect(ended).toBe(true);
    },
  };

function timerSnapshot(actor: ReturnType<typeof createTimer>) {
  return actor.getSnapshot();
}
function createTimer(clock: SimulatedClock, durationMs: number) {
  return createActor(toastTimerMachine, { clock, input: { id: 5, durationMs } });
}

/** Replays a timer path: its delay runs on the clock, the full duration and not a millisecond less. */
function replayTimer(path: readonly TimerEvent[], durationMs: number): string[] {
  const clock = new SimulatedClock();
  const actor = createTimer(clock, durationMs);
  actor.start();
  let ended = false;
  const visited: string[] = [];
  const check = () => {
    const snapshot = actor.getSnapshot();
    const key = valueKey(snapshot.value);
    const invariant = timerInvariants[key];
    if (!invariant) throw new Error(`no invariants for state "${key}"`);
    invariant({ snapshot, ended });
    visited.push(key);
  };
  check();
  for (const event of path) {
    const owned = (actor.getSnapshot()._nodes as AnyStateNode[]).some((node) => node.transitions.has(event.type));
    if ((event.type as string) === TIMER_AFTER) {
      if (owned) {
        clock.increment(durationMs - 1);
        expect(actor.getSnapshot().value).toBe('visible');
        clock.increment(1);
        ended = true;
      }
    } else {
      actor.send(event);
      if (owned) ended = true;
    }
    check();
  }
  return visited;
}

describe('toasterMachine model', () => {
  const run = withLazyPaths({}, () =>
    edgeCoverPaths(toasterMachine, { events: toasterEvents, serialize: serializeToaster }),
  );

  it('every path keeps the invariants: what shows is what must show at that time', () => {
    expect(run.paths.length).toBeGreaterThan(0);
    const reached = new Set(run.paths.flatMap((path) => replayToaster(path)));
    expect([...reached].sort()).toEqual(Object.keys(toasterInvariants).sort());
  });

  it('the paths cover every state and transition of the chart', () => {
    const coverage = measureCoverage(toasterMachine, run.paths);
    printCoverage('toaster', coverage);
    expect(coverage.states.missing).toEqual([]);
    expect(coverage.transitions.missing).toEqual([]);
    expect(coverage.transitions.total).toBeGreaterThan(0);
  });
});

describe('toastTimerMachine model', () => {
  const input = { id: 5, durationMs: TOAST_DEFAULT_MS };
  const run = withLazyPaths({}, () =>
    edgeCoverPaths(toastTimerMachine, {
      events: (snapshot) => (snapshot.status === 'active' ? timerEvents : []),
      input,
    }),
  );

  it.each([TOAST_DEFAULT_MS, TOAST_MESSAGE_MS])('every path keeps the invariants (%i ms)', (durationMs) => {
    expect(run.paths.length).toBeGreaterThan(0);
    const reached = new Set(run.paths.flatMap((path) => replayTimer(path, durationMs)));
    expect([...reached].sort()).toEqual(Object.keys(timerInvariants).sort());
  });

  it('the paths cover every state and transition of the chart', () => {
    const coverage = measureCoverage(toastTimerMachine, run.paths, input);
    printCoverage('toast-timer', coverage);
    expect(coverage.states.missing).toEqual([]);
    expect(coverage.transitions.missing).toEqual([]);
  });
});
