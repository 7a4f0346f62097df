import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, type AnyStateNode, type EventFromLogic } from 'xstate';
import type { CekHargaResults } from '../../contract';
import { bookingPriceMachine } from '../../machines/booking-price.machine';
import type { PriceRequest } from '../../machines/booking-requests';
import { priceLoading } from '../../machines/booking-selectors';
import { priceResults } from './booking-fixtures';
import { edgeCoverPaths, measureCoverage, printCoverage, withLazyPaths } from './support/coverage';

type Event = EventFromLogic<typeof bookingPriceMachine>;

/** What the price child told its parent, in order (the booking stores each reply). */
let reported: CekHargaResults[] = [];
/** Checks started (each entry into `checking` calls cek-harga once). */
let started: PriceRequest[] = [];

// The call never settles by itself: the paths send its done and error events. The parent is the
// test: the report is recorded instead of sent.
const model = bookingPriceMachine.provide({
  actors: {
    checkPrice: fromPromise<CekHargaResults, PriceRequest>(({ input }) => {
      started.push(input);
      return new Promise<CekHargaResults>(() => {});
    }),
  },
  actions: {
    reportPrice: (_, params: { price: CekHargaResults }) => {
      reported.push(params.price);
    },
  },
});

const request = (seats: string[]): PriceRequest => ({ seats }) as unknown as PriceRequest; // Opaque to this chart: only handed to the call.
const first = request(['1A']);
const second = request(['1A', '1B']);

// Actor events are not part of the event union.
const ev = (event: { type: string; [key: string]: unknown }) => event as unknown as Event;
const allEvents: Event[] = [
  { type: 'price.check', request: first },
  { type: 'price.check', request: second },
  { type: 'price.cancel' },
  ev({ type: 'xstate.done.actor.checkPrice', output: priceResults({ total_bayar: 123_000 }) }),
  ev({ type: 'xstate.error.actor.checkPrice', error: new Error('offline') }),
];

/** Each state is offered the events it handles (an actor's event where none runs would fail it). */
function events(snapshot: { _nodes: unknown }): Event[] {
  const nodes = snapshot._nodes as AnyStateNode[];
  return allEvents.filter((event) => nodes.some((node) => node.transitions.has(event.type)));
}

type Snapshot = ReturnType<ReturnType<typeof createActor<typeof model>>['getSnapshot']>;

/** Invariants per state; a state missing here fails the test. */
const invariants: Record<string, (snapshot: Snapshot) => void> = {
  // No skeleton, no call running.
  idle: (snapshot) => {
    expect(priceLoading(snapshot)).toBe(false);
    expect(snapshot.children.checkPrice).toBeUndefined();
  },
  // The skeleton shows, and the one call running checks the last request asked.
  checking: (snapshot) => {
    expect(priceLoading(snapshot)).toBe(true);
    expect(snapshot.children.checkPrice).toBeDefined();
    expect(started.at(-1)).toBe(snapshot.context.request);
  },
};

function replay(path: readonly Event[]): string[] {
  reported = [];
  started = [];
  const actor = createActor(model);
  actor.start();
  const seen: string[] = [];
  let done = 0;
  const check = () => {
    const snapshot = actor.getSnapshot();
    const value = snapshot.value as string;
    seen.push(value);
    const invariant = invariants[value];
    if (!invariant) throw new Error(`no invariants for state "${value}"`);
    invariant(snapshot);
    // Only an answered check is reported, once, with its reply.
    expect(reported).toHaveLength(done);
  };
  check();
  for (const event of path) {
    const checking = actor.getSnapshot().matches('checking');
    const before = started.length;
    actor.send(event);
    if ((event.type as string) === 'xstate.done.actor.checkPrice') done += 1;
    // A request asked is checked at once, cancelling the one in flight; nothing else starts a call.
    expect(started.length - before).toBe(event.type === 'price.check' ? 1 : 0);
    if (event.type === 'price.check') expect(started.at(-1)).toBe(event.request);
    if (event.type === 'price.cancel' && checking) expect(actor.getSnapshot().matches('idle')).toBe(true);
    check();
  }
  actor.stop();
  return seen;
}

describe('bookingPriceMachine model', () => {
  const run = withLazyPaths({}, () => edgeCoverPaths(model, { events }));

  it('every path checks each request once, at once, and reports only what was answered', () => {
    expect(run.paths.length).toBeGreaterThan(0);
    const seen = new Set(run.paths.flatMap(replay));
    expect([...seen].sort()).toEqual(Object.keys(invariants).sort());
  });

  it('the paths cover every state and transition of the chart', () => {
    const coverage = measureCoverage(model, run.paths);
    printCoverage('booking-price', coverage);
    expect(coverage.states.missing).toEqual([]);
    expect(coverage.transitions.missing).toEqual([]);
  });
});
