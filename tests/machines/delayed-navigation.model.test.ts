import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock, type AnyStateNode, type EventFromLogic } from 'xstate';
import { BACK_NAVIGATION_DELAY_MS, SCHEDULE_DETAIL_NAVIGATION_DELAY_MS } from '../../machines/constants';
import { delayedNavigationMachine } from '../../machines/delayed-navigation.machine';
import type { NavigateEmitted, NavigationIntent } from '../../machines/types';
import { edgeCoverPaths, measureCoverage, printCoverage, withLazyPaths } from './support/coverage';

type Event = EventFromLogic<typeof delayedNavigationMachine>;

const BACK_AFTER = 'xstate.after.backDelay.delayed-navigation.waitingBack';
const DETAIL_AFTER = 'xstate.after.detailDelay.delayed-navigation.waitingDetail';
const delayOf: Record<string, number> = {
  [BACK_AFTER]: BACK_NAVIGATION_DELAY_MS,
  [DETAIL_AFTER]: SCHEDULE_DETAIL_NAVIGATION_DELAY_MS,
};

const detail: NavigationIntent = {
  kind: 'route',
  name: 'schedule',
  search: { operator_code: 'CPT', schedule_code: 'CPT-BDG-JKT-1100' },
};
const events: Event[] = [
  { type: 'back.press' },
  { type: 'detail.open', intent: detail },
  { type: 'navigation.cancel' },
  { type: BACK_AFTER } as unknown as Event, // delayed events are not part of the event union
  { type: DETAIL_AFTER } as unknown as Event,
];

interface Step {
  value: string;
  intent: NavigationIntent | null;
  emitted: NavigateEmitted[];
  /** Presses since the last navigation, and what the last one asked for. */
  pending: 'back' | 'detail' | null;
}

/** Invariants per state; a state missing here fails the test. */
const invariants: Record<string, (step: Step) => void> = {
  idle: ({ intent, pending }) => {
    expect(intent).toBeNull();
    expect(pending).toBeNull();
  },
  waitingBack: ({ intent, pending }) => {
    expect(intent).toBeNull();
    expect(pending).toBe('back');
  },
  waitingDetail: ({ intent, pending }) => {
    expect(intent).toEqual(detail);
    expect(pending).toBe('detail');
  },
};

/** Replays a path with a simulated clock; each navigation must be the one the last press asked for. */
function replay(path: readonly Event[]): string[] {
  const clock = new SimulatedClock();
  const actor = createActor(delayedNavigationMachine, { clock });
  const emitted: NavigateEmitted[] = [];
  actor.on('navigate', (event) => emitted.push(event));
  actor.start();
  let pending: Step['pending'] = null;
  const seen: string[] = [];
  const check = () => {
    const snapshot = actor.getSnapshot();
    const value = snapshot.value as string;
    seen.push(value);
    const step = { value, intent: snapshot.context.intent, emitted, pending };
    const invariant = invariants[value];
    if (!invariant) throw new Error(`no invariants for state "${value}"`);
    invariant(step);
  };
  check();
  for (const event of path) {
    const before = emitted.length;
    const delay = delayOf[event.type];
    const owned = (actor.getSnapshot()._nodes as AnyStateNode[]).some((node) => node.transitions.has(event.type));
    if (delay !== undefined && owned) {
      // Not a tick earlier: one step before the delay nothing has happened yet.
      clock.increment(delay - 1);
      expect(emitted).toHaveLength(before);
      clock.increment(1);
      const expected = pending === 'back' ? { kind: 'back', steps: 1 } : detail;
      expect(emitted.slice(before)).toEqual([{ type: 'navigate', intent: expected }]);
      pending = null;
    } else {
      actor.send(event);
      if (event.type === 'back.press') pending = 'back';
      else if (event.type === 'detail.open') pending = 'detail';
      else if (event.type === 'navigation.cancel') pending = null;
      expect(emitted).toHaveLength(before);
    }
    check();
  }
  actor.stop();
  return seen;
}

describe('delayedNavigationMachine model', () => {
  const run = withLazyPaths({}, () => edgeCoverPaths(delayedNavigationMachine, { events }));

  it('every path navigates once per press, after its own delay, to what the last press asked', () => {
    expect(run.paths.length).toBeGreaterThan(0);
    const seen = new Set(run.paths.flatMap(replay));
    expect([...seen].sort()).toEqual(Object.keys(invariants).sort());
  });

  it('the paths cover every state and transition of the chart', () => {
    const coverage = measureCoverage(delayedNavigationMachine, run.paths);
    printCoverage('delayed-navigation', coverage);
    expect(coverage.states.missing).toEqual([]);
    expect(coverage.transitions.missing).toEqual([]);
  });
});
