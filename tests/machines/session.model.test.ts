import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, type AnyStateNode, type EventFromLogic } from 'xstate';
import { sessionMachine, sessionMessages } from '../../machines/session.machine';
import type { NavigateEmitted, ToastEmitted } from '../../machines/types';
import { edgeCoverPaths, measureCoverage, printCoverage, withLazyPaths } from './support/coverage';

type Event = EventFromLogic<typeof sessionMachine>;

// The call never settles by itself: the paths send its done and error events.
const model = sessionMachine.provide({
  actors: { signOut: fromPromise(() => new Promise<never>(() => {})) as never },
});

// Actor events are not part of the event union.
const ev = (event: { type: string; [key: string]: unknown }) => event as unknown as Event;
const allEvents: Event[] = [
  { type: 'session.signOut' },
  ev({ type: 'xstate.done.actor.signOut', output: undefined }),
  ev({ type: 'xstate.error.actor.signOut', error: new Error('cookie refused') }),
];

/** Each state is offered the events it handles (an actor's event where none runs would fail it). */
function events(snapshot: { _nodes: unknown }): Event[] {
  const nodes = snapshot._nodes as AnyStateNode[];
  return allEvents.filter((event) => nodes.some((node) => node.transitions.has(event.type)));
}

type Emitted = NavigateEmitted | ToastEmitted;

/** Invariants per state; a state missing here fails the test. */
const invariants: Record<string, (emitted: readonly Emitted[], signOuts: number, done: number) => void> = {
  // Idle again: one toast and one way home for each finished sign-out, nothing for a failed one.
  idle: (emitted, _signOuts, done) => {
    expect(emitted).toHaveLength(done * 2);
  },
  // Under way: one sign-out at a time, whatever the presses.
  signingOut: (_emitted, signOuts, done) => {
    expect(signOuts - done).toBeGreaterThanOrEqual(1);
  },
};

function replay(path: readonly Event[]): string[] {
  const actor = createActor(model);
  const emitted: Emitted[] = [];
  actor.on('*', (event) => emitted.push(event as Emitted));
  actor.start();
  const seen: string[] = [];
  let signOuts = 0;
  let done = 0;
  const check = () => {
    const value = actor.getSnapshot().value as string;
    seen.push(value);
    const invariant = invariants[value];
    if (!invariant) throw new Error(`no invariants for state "${value}"`);
    invariant(emitted, signOuts, done);
  };
  check();
  for (const event of path as readonly { type: string }[]) {
    const before = emitted.length;
    const wasIdle = actor.getSnapshot().matches('idle');
    actor.send(event as Event);
    if (event.type === 'session.signOut' && wasIdle) signOuts += 1;
    if (event.type === 'xstate.done.actor.signOut') {
      done += 1;
      expect(emitted.slice(before)).toEqual([
        // Spec section 9: the default toast, 1 s.
        { type: 'toast', message: sessionMessages.signedOut, durationMs: 1000, position: 'bottom' },
        { type: 'navigate', intent: { kind: 'route', name: 'home' } },
      ]);
    } else {
      expect(emitted).toHaveLength(before);
    }
    if (event.type === 'xstate.error.actor.signOut') signOuts -= 1;
    check();
  }
  actor.stop();
  return seen;
}

describe('sessionMachine model', () => {
  const run = withLazyPaths({}, () => edgeCoverPaths(model, { events }));

  it('every path says "Kamu sudah keluar" and goes home once per finished sign-out, and only then', () => {
    expect(run.paths.length).toBeGreaterThan(0);
    const seen = new Set(run.paths.flatMap(replay));
    expect([...seen].sort()).toEqual(Object.keys(invariants).sort());
  });

  it('the paths cover every state and transition of the chart', () => {
    const coverage = measureCoverage(model, run.paths);
    printCoverage('session', coverage);
    expect(coverage.states.missing).toEqual([]);
    expect(coverage.transitions.missing).toEqual([]);
  });
});
