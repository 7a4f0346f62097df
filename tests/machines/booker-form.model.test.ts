import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock, type AnyStateNode, type SnapshotFrom } from 'xstate';
import { BookerNameSchema, EmailSchema, firstError, FIELD_LIMITS, messages, PhoneSchema } from '../../contract/fields';
import { bookerFormMachine, type BookerFormEvent, type BookerFormInput } from '../../machines/booker-form.machine';
import { VALIDATION_DEBOUNCE_MS } from '../../machines/constants';
import type { Booker } from '../../machines/types';
import { edgeCoverPaths, measureCoverage, printCoverage } from './support/coverage';

type Snapshot = SnapshotFrom<typeof bookerFormMachine>;

const AFTER_VALIDATION = 'xstate.after.validationDebounce.booker-form.editing.debouncing';
/** The named delay, so replay runs it on the simulated clock instead of sending the event. */
const delayOf: Record<string, number> = { [AFTER_VALIDATION]: VALIDATION_DEBOUNCE_MS };

// The delayed event is not in the public event union; the graph uses it to stand for the clock.
const events = [
  { type: 'booker.type', field: 'name', value: 'Budi Santoso' },
  { type: 'booker.type', field: 'name', value: 'Budi!' },
  { type: 'booker.type', field: 'name', value: 'B'.repeat(40) },
  { type: 'booker.type', field: 'name', value: '' },
  { type: 'booker.type', field: 'phone', value: '081234567890' },
  { type: 'booker.type', field: 'phone', value: '0812' },
  { type: 'booker.type', field: 'phone', value: '0812a' },
  { type: 'booker.type', field: 'phone', value: '1'.repeat(16) },
  { type: 'booker.type', field: 'phone', value: '1'.repeat(17) },
  { type: 'booker.type', field: 'email', value: 'budi@mail.co.id' },
  { type: 'booker.type', field: 'email', value: 'budi@' },
  { type: 'booker.type', field: 'email', value: 'bu di+x@mail.com' },
  { type: 'booker.type', field: 'email', value: `${'a'.repeat(40)}@mail.com` },
  { type: 'form.save' },
  { type: AFTER_VALIDATION },
] as unknown as BookerFormEvent[];

const input: BookerFormInput = { initial: { name: 'Budi' } };

const schemas = { name: BookerNameSchema, phone: PhoneSchema, email: EmailSchema } as const;
const fields = ['name', 'phone', 'email'] as const;
const contractMessages = new Set<string>(Object.values(messages));
const isValid = (values: Booker) => fields.every((field) => firstError(schemas[field], values[field]) === null);

/** Plain checks: vitest's expect is slow for thousands of replayed steps. */
function ensure(condition: boolean, message: string): void {
  if (!condition) throw new Error(`Invariant broken: ${message}`);
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

function always(snapshot: Snapshot): void {
  const { values, errors, pending } = snapshot.context;
  // Values always pass the typing filters.
  ensure(/^[A-Za-z ]*$/.test(values.name) && values.name.length <= FIELD_LIMITS.bookerNameMax, 'name filter');
  ensure(/^[0-9]*$/.test(values.phone) && values.phone.length <= FIELD_LIMITS.phoneMax, 'phone filter');
  ensure(/^[A-Za-z0-9@._-]*$/.test(values.email) && values.email.length <= FIELD_LIMITS.emailMax, 'email filter');
  for (const field of fields) {
    const error = errors[field];
    ensure(error === null || contractMessages.has(error), `error is a contract message: ${error}`);
  }
  ensure(new Set(pending).size === pending.length, 'pending fields are unique');
  if (snapshot.status !== 'done') ensure(snapshot.output === undefined, 'no output before the final state');
}

const invariants: Record<string, (snapshot: Snapshot) => void> = {
  'editing.idle': (snapshot) => {
    ensure(snapshot.status === 'active', 'editing is active');
    ensure(snapshot.context.pending.length === 0, 'no pending validation when idle');
  },
  'editing.debouncing': (snapshot) => {
    ensure(snapshot.status === 'active', 'editing is active');
    ensure(snapshot.context.pending.length > 0, 'debouncing waits for a typed field');
  },
  saved: (snapshot) => {
    ensure(snapshot.status === 'done', 'saved is final');
    ensure(isValid(snapshot.context.values), 'output only when valid');
    ensure(
      JSON.stringify(snapshot.output) ===
        JSON.stringify({ ...snapshot.context.values, name: snapshot.context.values.name.trim() }),
      'the output is the booker details',
    );
  },
};

function leafPaths(value: unknown, prefix = ''): string[] {
  if (typeof value === 'string') return [`${prefix}${value}`];
  return Object.entries(value as Record<string, unknown>).flatMap(([key, child]) =>
    leafPaths(child, `${prefix}${key}.`),
  );
}

function check(snapshot: Snapshot, event: BookerFormEvent | null): void {
  always(snapshot);
  for (const leaf of leafPaths(snapshot.value)) {
    const invariant = invariants[leaf];
    // A new state without invariants fails the model.
    if (!invariant) throw new Error(`No invariants for state ${leaf}`);
    invariant(snapshot);
  }
  if (event?.type === 'form.save' && snapshot.status === 'active') {
    ensure(
      fields.every(
        (field) => snapshot.context.errors[field] === firstError(schemas[field], snapshot.context.values[field]),
      ),
      'a save that did not finish shows every field rule at once',
    );
  }
}

// Values abstracted to what the rules care about: valid or not, and whether an error shows.
function serialize(snapshot: Snapshot): string {
  const { values, errors, pending } = snapshot.context;
  return JSON.stringify([
    snapshot.value,
    fields.map((field) => [firstError(schemas[field], values[field]), errors[field]]),
    [...pending].sort(),
  ]);
}

describe('booker form model', () => {
  it('every path keeps the invariants and covers the whole chart', () => {
    const paths = edgeCoverPaths(bookerFormMachine, {
      // A reload restored the form: a pending validation waits again (offered while one runs).
      events: (snapshot) =>
        snapshot.status !== 'active'
          ? []
          : snapshot.matches({ editing: 'debouncing' })
            ? [...events, { type: 'flow.resume' } as BookerFormEvent]
            : events,
      input,
      serialize,
    });
    expect(paths.length).toBeGreaterThan(0);
    for (const path of paths) {
      const clock = new SimulatedClock();
      const actor = createActor(bookerFormMachine, { input, clock });
      actor.start();
      check(actor.getSnapshot(), null);
      for (const event of path) {
        const before = actor.getSnapshot();
        const delay = delayOf[event.type];
        const owned = (before._nodes as AnyStateNode[]).some((node) => node.transitions.has(event.type));
        // A delay happens only in the state that scheduled it, after its full time: run the clock.
        if (delay !== undefined && owned) clock.increment(delay);
        else actor.send(event);
        check(actor.getSnapshot(), event);
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
    const coverage = measureCoverage(bookerFormMachine, paths, input);
    printCoverage('booker-form', coverage);
    expect(coverage.states.missing).toEqual([]);
    expect(coverage.transitions.missing).toEqual([]);
  }, 180_000); // thousands of replayed steps: time on a busy machine is no invariant
});
