import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, fromPromise, type AnyStateNode, type EventFromLogic } from 'xstate';
import { HOLD_MINUTES } from '../../contract';
import type { HoldInput, HoldLeg, HoldOutcome } from '../../machines/booking-context';
import { bookingHoldMachine } from '../../machines/booking-hold.machine';
import { holdCountdown } from '../../machines/booking-selectors';
import { edgeCoverPaths, measureCoverage, printCoverage, withLazyPaths } from './support/coverage';

type Event = EventFromLogic<typeof bookingHoldMachine>;

/** What the hold told its parent (the booking keeps the token and answers a refusal). */
let reported: { token: string | null; refusal: HoldOutcome['refusal'] }[] = [];
/** What each hold call was asked, and each "let go". */
let calls: HoldInput[] = [];
let releases: (HoldInput | null)[] = [];

// The call never settles by itself and the clock never ticks: the paths send both. The parent is
// the test: the report is recorded instead of sent.
const model = bookingHoldMachine.provide({
  actors: {
    holdSeats: fromPromise<HoldOutcome, HoldInput>(({ input }) => {
      calls.push(input);
      return new Promise<HoldOutcome>(() => {});
    }),
    holdClock: fromCallback(() => {}),
  },
  actions: {
    reportHold: ({ context }, params: { outcome: HoldOutcome }) => {
      reported.push({ token: context.hold.token, refusal: params.outcome.refusal });
    },
    releaseHold: (_, params: { input: HoldInput | null }) => {
      releases.push(params.input);
    },
  },
});

const TOKEN = 'hold-token-model-0001';
const DEADLINE = 5_000_000;
const leg: HoldLeg = {
  direction: 'pergi',
  legIndex: 0,
  operatorCode: 'XTR',
  scheduleCode: 'J-GO',
  date: '2026-12-01',
  seats: ['1A'],
};
const answer = (outcome: Partial<HoldOutcome>) =>
  ev({
    type: 'xstate.done.actor.holdSeats',
    output: { token: TOKEN, endsAt: null, deadline: null, held: [], refusal: null, ...outcome },
  });

// Actor events are not part of the event union.
const ev = (event: { type: string; [key: string]: unknown }) => event as unknown as Event;
const allEvents: Event[] = [
  { type: 'hold.request', legs: [leg] },
  // The seats were given up: a held leg is let go, nothing else has work.
  { type: 'hold.request', legs: [] },
  { type: 'hold.tick', now: DEADLINE - 1000 },
  { type: 'hold.tick', now: DEADLINE },
  { type: 'hold.release' },
  { type: 'hold.forget' },
  answer({ endsAt: '2026-12-01T00:10:00.000Z', deadline: DEADLINE, held: [leg] }),
  // The leg let go (sent empty): nothing held any more.
  answer({ held: [{ ...leg, seats: [] }] }),
  answer({ refusal: { kind: 'taken', message: 'Kursi 1A sudah tidak tersedia', leg } }),
  answer({ token: null, refusal: { kind: 'limited', message: 'Terlalu banyak permintaan tahan kursi', leg } }),
  ev({ type: 'xstate.error.actor.holdSeats', error: new Error('offline') }),
];

/** Each state is offered the events it handles (an actor's event where none runs would fail it). */
function events(snapshot: { _nodes: unknown }): Event[] {
  const nodes = snapshot._nodes as AnyStateNode[];
  return allEvents.filter((event) => nodes.some((node) => node.transitions.has(event.type)));
}

type Snapshot = ReturnType<ReturnType<typeof createActor<typeof model>>['getSnapshot']>;

/** Invariants per state; a state missing here fails the test. */
const invariants: Record<string, (snapshot: Snapshot) => void> = {
  idle: (snapshot) => {
    expect(snapshot.context.hold.legs).toEqual([]);
    expect(holdCountdown(snapshot)).toBeNull();
  },
  holding: (snapshot) => {
    expect(snapshot.children.holdSeats).toBeDefined();
    // Seats already held keep showing their time while more are held.
    const { hold } = snapshot.context;
    const shown = hold.legs.length > 0 && hold.remainingMs > 0;
    expect(holdCountdown(snapshot)).toEqual(shown ? { kind: 'held', remainingMs: hold.remainingMs } : null);
  },
  held: (snapshot) => {
    const { hold } = snapshot.context;
    expect(hold.token).not.toBeNull();
    expect(hold.legs.length).toBeGreaterThan(0);
    expect(snapshot.children.holdClock).toBeDefined();
    // A failed call after the end keeps what was held at 0 left: the clock's first tick (at once)
    // says expired again.
    expect(holdCountdown(snapshot)).toEqual({ kind: 'held', remainingMs: hold.remainingMs });
  },
  expired: (snapshot) => {
    expect(holdCountdown(snapshot)).toEqual({ kind: 'expired' });
    expect(snapshot.context.hold.remainingMs).toBe(0);
  },
};

function replay(path: readonly Event[]): string[] {
  reported = [];
  calls = [];
  releases = [];
  const actor = createActor(model);
  actor.start();
  const seen: string[] = [];
  let answers = 0;
  const check = () => {
    const snapshot = actor.getSnapshot();
    const value = snapshot.value as string;
    seen.push(value);
    const invariant = invariants[value];
    if (!invariant) throw new Error(`no invariants for state "${value}"`);
    invariant(snapshot);
    // Every answer is reported once, with the token the hold keeps.
    expect(reported).toHaveLength(answers);
    if (answers > 0) expect(reported.at(-1)?.token).toBe(snapshot.context.hold.token);
  };
  check();
  for (const event of path) {
    const before = actor.getSnapshot();
    const callsBefore = calls.length;
    actor.send(event);
    const after = actor.getSnapshot();
    if ((event.type as string) === 'xstate.done.actor.holdSeats') answers += 1;
    if (event.type === 'hold.release') {
      // The held seats go back (nothing to send without a token or a held leg); the token stays.
      const { token, legs } = before.context.hold;
      expect(releases.at(-1)).toEqual(
        token !== null && legs.length > 0 ? { token, legs: legs.map((held) => ({ ...held, seats: [] })) } : null,
      );
    }
    if (event.type === 'hold.release' || event.type === 'hold.forget') {
      expect(after.matches('idle')).toBe(true);
      expect(after.context.hold.token).toBe(before.context.hold.token);
    }
    if (after.matches('holding') && calls.length > callsBefore) {
      // A call sends the legs asked last, and lets go of held legs no longer asked.
      const sent = calls.at(-1);
      expect(sent?.token).toBe(after.context.hold.token);
      for (const chosen of after.context.chosen) expect(sent?.legs).toContainEqual(chosen);
    }
    if (event.type === 'hold.request' && before.matches('holding')) {
      // Seats saved while a call runs: no second call now, one more when it answers.
      expect(calls.length).toBe(callsBefore);
      expect(after.context.hold.again).toBe(true);
    }
    const renewed =
      (event.type as string) === 'xstate.done.actor.holdSeats' &&
      (event as unknown as { output: HoldOutcome }).output.held.some((held) => held.seats.length > 0);
    // A hold that kept seats restarts the countdown from the full time.
    if (renewed) expect(after.context.hold.remainingMs).toBe(HOLD_MINUTES * 60_000);
    check();
  }
  actor.stop();
  return seen;
}

describe('bookingHoldMachine model', () => {
  const run = withLazyPaths({}, () => edgeCoverPaths(model, { events }));

  it('every path keeps the countdown, the calls, the reports and the let-go consistent', () => {
    expect(run.paths.length).toBeGreaterThan(0);
    const seen = new Set(run.paths.flatMap(replay));
    expect([...seen].sort()).toEqual(Object.keys(invariants).sort());
  });

  it('the paths cover every state and transition of the chart', () => {
    const coverage = measureCoverage(model, run.paths);
    printCoverage('booking-hold', coverage);
    expect(coverage.states.missing).toEqual([]);
    expect(coverage.transitions.missing).toEqual([]);
  });
});
