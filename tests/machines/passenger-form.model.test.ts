import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock, type AnyStateNode, type SnapshotFrom } from 'xstate';
import { firstError, messages, PassengerNameSchema, typePassengerName } from '../../contract/fields';
import { COMPLETION_DEBOUNCE_MS, MAX_PASSENGERS, VALIDATION_DEBOUNCE_MS } from '../../machines/constants';
import {
  passengerFormMachine,
  passengerKey,
  selectPassengerMap,
  selectRows,
  type PassengerFormEvent,
  type PassengerFormInput,
} from '../../machines/passenger-form.machine';
import type { ChosenSeat } from '../../machines/types';
import { edgeCoverPaths, measureCoverage, printCoverage, type ChartCoverage } from './support/coverage';

type Snapshot = SnapshotFrom<typeof passengerFormMachine>;

const AFTER_VALIDATION = 'xstate.after.validationDebounce.passenger-form.editing.validation.debouncing';
const AFTER_COMPLETION = 'xstate.after.completionDebounce.passenger-form.editing.completion.debouncing';
/** The named delays, so replay runs them on the simulated clock instead of sending the events. */
const delayOf: Record<string, number> = {
  [AFTER_VALIDATION]: VALIDATION_DEBOUNCE_MS,
  [AFTER_COMPLETION]: COMPLETION_DEBOUNCE_MS,
};

// The delayed events are not in the public event union; the graph uses them to stand for the clock.
const events = [
  { type: 'passenger.type', index: 0, value: 'Budi Santoso' },
  { type: 'passenger.type', index: 0, value: 'Al' },
  { type: 'passenger.type', index: 0, value: 'Ani7' },
  { type: 'passenger.type', index: 0, value: '' },
  { type: 'passenger.type', index: 1, value: 'Citra' },
  { type: 'passenger.type', index: 2, value: 'B'.repeat(40) },
  { type: 'passenger.type', index: 5, value: 'Dedi' },
  { type: 'passenger.add' },
  { type: 'passenger.remove', index: 0 },
  { type: 'passenger.remove', index: 1 },
  { type: 'passenger.remove', index: 2 },
  { type: 'self.toggle' },
  { type: 'sameAsFirst.toggle' },
  { type: 'booker.changed', name: 'Budi Santoso' },
  { type: 'booker.changed', name: '' },
  { type: 'form.save' },
  { type: AFTER_VALIDATION },
  { type: AFTER_COMPLETION },
] as unknown as PassengerFormEvent[];

const resume = { type: 'flow.resume' } as PassengerFormEvent;

/** Seats chosen or cleared while the form is open (desktop seat sheet); declared below the seat helper. */
const seatUpdates = (): PassengerFormEvent[] => [
  { type: 'seats.update', seats: [seat('1'), seat('2')] },
  { type: 'seats.update', seats: [] },
];

/** The first leg's names saved while a later leg's form is open (desktop shows every leg at once). */
const firstLegUpdates = (snapshot: Snapshot): PassengerFormEvent[] =>
  snapshot.context.tripKind === 'connecting' ? [{ type: 'firstLeg.update', names: ['Ani', 'Dedi Kurnia'] }] : [];

/**
 * A reload restored the form: pending debounces wait again. Offered only while one runs; with none
 * it changes nothing (see the unit tests), and offering it everywhere only doubles the paths.
 */
function offered(snapshot: Snapshot): PassengerFormEvent[] {
  if (snapshot.status !== 'active') return [];
  const waiting =
    snapshot.matches({ editing: { validation: 'debouncing' } }) ||
    snapshot.matches({ editing: { completion: 'debouncing' } });
  const always = [...events, ...seatUpdates(), ...firstLegUpdates(snapshot)];
  return waiting ? [...always, resume] : always;
}

const seat = (no: string): ChosenSeat => ({
  no,
  key: `1-${no}`,
  floor: '1',
  price: 90000,
  normalPrice: 90000,
  promoCode: null,
});

const base: PassengerFormInput = {
  flow: 'booking-page',
  tripKind: 'one-way',
  direction: 'pergi',
  legIndex: 0,
  legCount: 1,
  seats: [],
  remainingSeats: 10,
  bookerName: 'Budi Santoso',
  sa: false,
};

/** Each input opens a part of the chart the others cannot reach (seat-bound add, the copy switch, no seats left). */
const inputs: Record<string, PassengerFormInput> = {
  'one-way without seats': base,
  'connecting later leg with seats': {
    ...base,
    tripKind: 'connecting',
    legIndex: 1,
    legCount: 2,
    seats: [seat('1'), seat('2')],
    firstLegNames: ['Ani', 'Citra'],
  },
  'one remaining seat': { ...base, remainingSeats: 1, bookerName: '' },
};

const contractMessages = new Set<string>(Object.values(messages));
const isValid = (name: string) => firstError(PassengerNameSchema, name) === null;

function leafPaths(value: unknown, prefix = ''): string[] {
  if (typeof value === 'string') return [`${prefix}${value}`];
  return Object.entries(value as Record<string, unknown>).flatMap(([key, child]) =>
    leafPaths(child, `${prefix}${key}.`),
  );
}

/** Plain checks: vitest's expect is too slow for the tens of thousands of steps replayed here. */
function ensure(condition: boolean, message: string): void {
  if (!condition) throw new Error(`Invariant broken: ${message}`);
}
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** Invariants of every snapshot, whatever its state. */
function always(snapshot: Snapshot, input: PassengerFormInput): void {
  const { context } = snapshot;
  ensure(context.rows.length >= 1 && context.rows.length <= MAX_PASSENGERS, 'passenger rows 1..3');
  if (context.seats.length > 0) ensure(context.rows.length === context.seats.length, 'rows follow the seats');
  ensure(
    same(
      Object.keys(selectPassengerMap(snapshot)),
      context.rows.map((_, index) => passengerKey(input.tripKind, input.legIndex, index)),
    ),
    'the map keys match the rows',
  );
  ensure(selectRows(snapshot)[0]?.removable === false, 'the first row is not removable');
  if (snapshot.status === 'active') {
    ensure(!snapshot.can({ type: 'passenger.remove', index: 0 }), 'the first row cannot be removed');
  }
  if (context.selfDetails) {
    ensure(context.rows[0]?.name === context.bookerName, 'own details on: first name is the booker name');
    ensure(context.bookerName.trim() !== '', 'own details on: a booker name exists');
  }
  if (context.sameAsFirst) {
    ensure(
      context.rows.every((row, index) => row.name === (context.firstLegNames?.[index] ?? '')),
      'same as first leg on: names are the first leg names',
    );
  }
  for (const row of context.rows) {
    ensure(row.error === null || contractMessages.has(row.error), `error is a contract message: ${row.error}`);
    ensure(typePassengerName(row.name).value === row.name, 'names hold only what typing lets through');
  }
  ensure(new Set(context.pending).size === context.pending.length, 'pending rows are unique');
  ensure(
    context.pending.every((index) => index < context.rows.length),
    'pending rows exist',
  );
  if (snapshot.status !== 'done') ensure(snapshot.output === undefined, 'no output before the final state');
}

const invariants: Record<string, (snapshot: Snapshot, input: PassengerFormInput) => void> = {
  'editing.validation.idle': (snapshot) => {
    ensure(snapshot.status === 'active', 'editing is active');
    ensure(snapshot.context.pending.length === 0, 'no pending validation when idle');
  },
  'editing.validation.debouncing': (snapshot) => {
    ensure(snapshot.status === 'active', 'editing is active');
  },
  'editing.completion.settled': (snapshot) => {
    ensure(
      snapshot.context.complete === snapshot.context.rows.every((row) => isValid(row.name)),
      'settled: the complete flag matches the names',
    );
  },
  'editing.completion.debouncing': (snapshot) => {
    ensure(snapshot.status === 'active', 'editing is active');
  },
  saved: (snapshot, input) => {
    ensure(snapshot.status === 'done', 'saved is final');
    ensure(
      snapshot.context.rows.every((row) => isValid(row.name)),
      'output only when every name is valid',
    );
    ensure(
      same(snapshot.output, {
        direction: input.direction,
        legIndex: input.legIndex,
        passengers: [
          Object.fromEntries(
            snapshot.context.rows.map((row, index) => [
              passengerKey(input.tripKind, input.legIndex, index),
              row.name.trim(),
            ]),
          ),
        ],
        seats: snapshot.context.seats,
      }),
      'the output is the trimmed passenger map',
    );
  },
};

function check(snapshot: Snapshot, input: PassengerFormInput, event: PassengerFormEvent | null): void {
  always(snapshot, input);
  for (const leaf of leafPaths(snapshot.value)) {
    const invariant = invariants[leaf];
    // A new state without invariants fails the model.
    if (!invariant) throw new Error(`No invariants for state ${leaf}`);
    invariant(snapshot, input);
  }
  if (event?.type === 'form.save' && snapshot.status === 'active') {
    ensure(
      snapshot.context.rows.every((row) => row.error === firstError(PassengerNameSchema, row.name)),
      'a save that did not finish shows every field rule at once',
    );
  }
}

// Abstracts names to what the rules care about, so the graph stays small.
function serialize(snapshot: Snapshot): string {
  const { context } = snapshot;
  return JSON.stringify([
    snapshot.value,
    context.rows.length,
    context.rows.filter((row) => isValid(row.name)).length,
    context.rows.some((row) => row.error !== null),
    context.rows[0]?.name === context.bookerName,
    context.bookerName !== '',
    context.selfDetails,
    context.sameAsFirst,
    context.pending.length > 0,
    context.complete,
  ]);
}

/** Tens of thousands of replayed steps: on a busy machine this takes long, and time is no invariant here. */
const MODEL_TIMEOUT_MS = 180_000;

describe('passenger form model', () => {
  const coverages: ChartCoverage[] = [];
  let pathCount = 0;

  it.each(Object.entries(inputs))(
    'every path keeps the invariants: %s',
    (_, input) => {
      const paths = edgeCoverPaths(passengerFormMachine, {
        events: offered,
        input,
        serialize,
      });
      expect(paths.length).toBeGreaterThan(0);
      for (const path of paths) {
        const clock = new SimulatedClock();
        const actor = createActor(passengerFormMachine, { input, clock });
        actor.start();
        check(actor.getSnapshot(), input, null);
        for (const event of path) {
          const before = actor.getSnapshot();
          const delay = delayOf[event.type];
          const owned = (before._nodes as AnyStateNode[]).some((node) => node.transitions.has(event.type));
          // A delay happens only in the state that scheduled it, after its full time: run the clock
          // (which may end the other region's shorter wait too, as the real timers would).
          if (delay !== undefined && owned) clock.increment(delay);
          else actor.send(event);
          check(actor.getSnapshot(), input, event);
          if (event.type === 'seats.update' && event.seats.length > 0) {
            const after = actor.getSnapshot().context;
            ensure(after.rows.length === event.seats.length, 'one name row per seat');
            ensure(
              after.rows.every((row, index) => row.name === (before.context.rows[index]?.name ?? '')),
              'names already typed stay on their rows',
            );
          }
          if (event.type === 'firstLeg.update') {
            const after = actor.getSnapshot().context;
            ensure(same(after.firstLegNames, event.names), 'a later leg keeps the first leg names it was told');
            if (before.context.sameAsFirst) {
              ensure(after.sameAsFirst, 'the copy stays on');
              ensure(
                after.rows.every((row, index) => row.name === (event.names[index] ?? '')),
                'with the copy on, the names follow the first leg',
              );
            } else {
              ensure(same(after.rows, before.context.rows), 'with the copy off, the names stay');
            }
          }
          if (event.type === 'flow.resume') {
            ensure(
              same(actor.getSnapshot().context, before.context),
              'resuming only restarts waits: the form is unchanged',
            );
            ensure(same(actor.getSnapshot().value, before.value), 'resuming keeps the state');
          }
        }
        actor.stop();
      }
      pathCount += paths.length;
      coverages.push(measureCoverage(passengerFormMachine, paths, input));
    },
    MODEL_TIMEOUT_MS,
  );

  it('the paths together cover every state and transition', () => {
    expect(coverages).toHaveLength(Object.keys(inputs).length);
    const [first] = coverages;
    if (!first) throw new Error('no coverage measured');
    // A state or transition is missing only if no input's paths reached it.
    const missing = (pick: (coverage: ChartCoverage) => string[]) =>
      pick(first).filter((key) => coverages.every((coverage) => pick(coverage).includes(key)));
    const states = missing((coverage) => coverage.states.missing);
    const transitions = missing((coverage) => coverage.transitions.missing);
    const combined: ChartCoverage = {
      states: { covered: first.states.total - states.length, total: first.states.total, missing: states },
      transitions: {
        covered: first.transitions.total - transitions.length,
        total: first.transitions.total,
        missing: transitions,
      },
      paths: pathCount,
    };
    printCoverage('passenger-form', combined);
    expect(combined.states.missing).toEqual([]);
    expect(combined.transitions.missing).toEqual([]);
  });
});
