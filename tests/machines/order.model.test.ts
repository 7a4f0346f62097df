import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, type EventFromLogic, type StateValue } from 'xstate';
import {
  cancelDialog,
  isCancelling,
  isLoading,
  isRefreshing,
  isVerifying,
  orderMachine,
  orderMessages,
  shownOrder,
  type CancelOutcome,
  type LoadOutcome,
  type LookupOutcome,
  type OrderInput,
  type OrderSnapshot,
} from '../../machines/order.machine';
import type { ToastEmitted } from '../../machines/types';
import { cancelledOrder, expiredOrder, lockedOrder, order, ORDER_CODE, ORDER_KEY, paidOrder } from './order-fixtures';
import {
  declaredTransitions,
  edgeCoverPaths,
  measureCoverage,
  printCoverage,
  type ChartCoverage,
  combineCoverage,
  withLazyPaths,
} from './support/coverage';

type OrderEvent = EventFromLogic<typeof orderMachine>;
/** Done and error events are not in the event union; the model sends them as the runtime would. */
const ev = (event: { type: string; [key: string]: unknown }) => event as unknown as OrderEvent;

/** The calls never settle by themselves: each path sends their outcomes. */
const model = orderMachine.provide({
  actors: {
    loadOrder: fromPromise<LoadOutcome>(() => new Promise<LoadOutcome>(() => {})) as never,
    lookupOrder: fromPromise<LookupOutcome>(() => new Promise<LookupOutcome>(() => {})) as never,
    cancelOrder: fromPromise<CancelOutcome>(() => new Promise<CancelOutcome>(() => {})) as never,
  },
});

const ORD_1 = 'Pesanan tidak dapat dibatalkan karena sudah dibayar';
const LIMITED = 'Terlalu banyak percobaan. Coba lagi dalam 1 menit.';
const EMAIL = 'budi@contoh.id';

const loaded = (id: 'loadOrder' | 'refreshOrder', output: LoadOutcome) =>
  ev({ type: `xstate.done.actor.${id}`, output });
const failed = (id: string) => ev({ type: `xstate.error.actor.${id}`, error: new Error('offline') });

function loadReplies(id: 'loadOrder' | 'refreshOrder'): OrderEvent[] {
  return [
    loaded(id, { kind: 'ok', order: order() }),
    loaded(id, { kind: 'ok', order: lockedOrder() }),
    loaded(id, { kind: 'ok', order: paidOrder() }),
    loaded(id, { kind: 'ok', order: cancelledOrder() }),
    loaded(id, { kind: 'ok', order: expiredOrder() }),
    loaded(id, { kind: 'notFound' }),
    failed(id),
  ];
}

const lookupReplies: OrderEvent[] = [
  ev({ type: 'xstate.done.actor.lookupOrder', output: { kind: 'ok', order: order(), key: ORDER_KEY } }),
  ev({ type: 'xstate.done.actor.lookupOrder', output: { kind: 'ok', order: paidOrder(), key: ORDER_KEY } }),
  ev({ type: 'xstate.done.actor.lookupOrder', output: { kind: 'refused' } }),
  ev({ type: 'xstate.done.actor.lookupOrder', output: { kind: 'limited', message: LIMITED } }),
  failed('lookupOrder'),
];

const cancelReplies: OrderEvent[] = [
  ev({ type: 'xstate.done.actor.cancelOrder', output: { kind: 'ok' } }),
  ev({ type: 'xstate.done.actor.cancelOrder', output: { kind: 'refused', message: ORD_1 } }),
  failed('cancelOrder'),
];

/** Offers only what the state can use (else the graph multiplies by events that change nothing). */
function offer(snapshot: OrderSnapshot): OrderEvent[] {
  if (snapshot.matches('loading')) return loadReplies('loadOrder');
  if (snapshot.matches('failed')) return [{ type: 'order.retry' }];
  if (snapshot.matches({ lookup: 'editing' })) {
    return [
      { type: 'lookup.change', value: '' },
      { type: 'lookup.change', value: EMAIL },
      { type: 'lookup.change', value: `${'a'.repeat(60)}@contoh.id` },
      { type: 'lookup.submit' },
    ];
  }
  if (snapshot.matches({ lookup: 'verifying' })) return lookupReplies;
  if (!snapshot.matches('shown')) return [];
  const events: OrderEvent[] = [{ type: 'order.reload' }];
  if (snapshot.matches({ shown: 'refreshing' })) events.push(...loadReplies('refreshOrder'));
  if (snapshot.matches({ shown: { pending: 'idle' } })) events.push({ type: 'cancel.open' });
  if (snapshot.matches({ shown: { pending: 'reason' } })) {
    events.push(
      { type: 'cancel.reason', reason: 'batal-pergi' },
      { type: 'cancel.reason', reason: 'bukan-alasan' },
      { type: 'cancel.submit' },
      { type: 'cancel.dismiss' },
    );
  }
  if (snapshot.matches({ shown: { pending: 'confirm' } })) {
    events.push({ type: 'cancel.confirm' }, { type: 'cancel.dismiss' });
  }
  if (isCancelling(snapshot)) events.push(...cancelReplies);
  return events;
}

/** What matters of the context: the order's status and permission, the form's and dialog's state. */
function serialize(snapshot: OrderSnapshot): string {
  const { context } = snapshot;
  return JSON.stringify({
    value: snapshot.value,
    status: context.order?.status ?? null,
    cancellable: context.order?.bisa_batal ?? null,
    contact: context.contact === EMAIL ? 'valid' : context.contact === '' ? 'empty' : 'long',
    contactError: context.contactError !== null,
    lookupError: context.lookupError,
    reason: context.reason,
    reasonError: context.reasonError !== null,
  });
}

function valueKey(value: StateValue): string {
  if (typeof value === 'string') return value;
  return Object.entries(value)
    .map(([key, child]) => (child === undefined ? key : `${key}.${valueKey(child)}`))
    .join(',');
}

interface Step {
  snapshot: OrderSnapshot;
  input: OrderInput;
  /** Keys this browser was told to keep. */
  remembered: { code: string; key: string }[];
  toasts: ToastEmitted[];
  /** Cancel calls answered "ok" so far. */
  cancelsDone: number;
  /** Look-ups that matched so far. */
  matches: number;
}

const noOrderShown = ({ snapshot }: Step) => {
  expect(shownOrder(snapshot)).toBeNull();
  expect(cancelDialog(snapshot)).toBeNull();
};

const orderWithStatus = (status: string) => (step: Step) => {
  expect(shownOrder(step.snapshot)?.status).toBe(status);
  expect(cancelDialog(step.snapshot)).toBeNull();
  expect(step.snapshot.can({ type: 'cancel.open' })).toBe(false);
  expect(isLoading(step.snapshot)).toBe(false);
};

/** Invariants per state value; a state missing here fails the test. */
const invariants: Record<string, (step: Step) => void> = {
  loading: (step) => {
    noOrderShown(step);
    expect(isLoading(step.snapshot)).toBe(true);
    // The guest page reads the order only with the key in hand.
    if (step.input.guest) expect(step.input.hasKey).toBe(true);
  },
  failed: (step) => {
    noOrderShown(step);
    expect(step.snapshot.can({ type: 'order.retry' })).toBe(true);
  },
  notFound: (step) => {
    noOrderShown(step);
    // The guest page never ends here: it offers the look-up instead.
    expect(step.input.guest).toBe(false);
  },
  'lookup.editing': (step) => {
    noOrderShown(step);
    expect(step.input.guest).toBe(true);
    const { lookupError } = step.snapshot.context;
    expect([null, orderMessages.lookupRefused, orderMessages.lookupFailed, LIMITED]).toContain(lookupError);
    if (step.snapshot.context.contactError !== null) {
      expect(step.snapshot.context.contact).not.toBe(EMAIL);
    }
  },
  'lookup.verifying': (step) => {
    noOrderShown(step);
    expect(isVerifying(step.snapshot)).toBe(true);
    expect(step.snapshot.context.contact).toBe(EMAIL);
    expect(step.snapshot.context.lookupError).toBeNull();
  },
  'shown.pending.idle': (step) => {
    expect(shownOrder(step.snapshot)?.status).toBe('pending');
    expect(cancelDialog(step.snapshot)).toBeNull();
    expect(step.snapshot.can({ type: 'cancel.open' })).toBe(step.snapshot.context.order?.bisa_batal);
  },
  'shown.pending.reason': (step) => {
    expect(cancelDialog(step.snapshot)).toBe('reason');
    expect(step.snapshot.context.order?.bisa_batal).toBe(true);
    if (step.snapshot.context.reasonError !== null) {
      expect(step.snapshot.context.reasonError).toBe('Pilih alasan pembatalan');
    }
  },
  'shown.pending.confirm': (step) => {
    expect(cancelDialog(step.snapshot)).toBe('confirm');
    expect(step.snapshot.context.reason).toBe('batal-pergi');
    expect(isCancelling(step.snapshot)).toBe(false);
  },
  'shown.pending.cancelling': (step) => {
    expect(cancelDialog(step.snapshot)).toBe('confirm');
    expect(isCancelling(step.snapshot)).toBe(true);
    expect(step.snapshot.context.reason).toBe('batal-pergi');
  },
  'shown.paid': orderWithStatus('paid'),
  'shown.cancelled': orderWithStatus('cancelled'),
  'shown.expired': orderWithStatus('expired'),
  'shown.refreshing': (step) => {
    expect(isRefreshing(step.snapshot)).toBe(true);
    // The order read before stays on screen while it is read again.
    expect(shownOrder(step.snapshot)).not.toBeNull();
    expect(cancelDialog(step.snapshot)).toBeNull();
  },
};

function checkStep(step: Step): void {
  const key = valueKey(step.snapshot.value);
  const check = invariants[key];
  if (!check) throw new Error(`no invariants for state "${key}"`);
  check(step);
  // Every state: the order is the one asked for; a guest without the key sees it only after a
  // matching look-up, whose key is kept first; toasts only say what the cancel call answered.
  const shown = shownOrder(step.snapshot);
  if (shown) expect(shown.reservasi_kode).toBe(ORDER_CODE);
  if (shown && step.input.guest && !step.input.hasKey) expect(step.matches).toBeGreaterThan(0);
  expect(step.remembered).toEqual(Array.from({ length: step.matches }, () => ({ code: ORDER_CODE, key: ORDER_KEY })));
  for (const toast of step.toasts) {
    expect([orderMessages.cancelled, ORD_1, orderMessages.cancelFailed]).toContain(toast.message);
  }
  expect(step.toasts.filter((toast) => toast.message === orderMessages.cancelled)).toHaveLength(step.cancelsDone);
}

function replay(path: readonly OrderEvent[], input: OrderInput): string[] {
  const remembered: Step['remembered'] = [];
  const actor = createActor(model.provide({ actions: { rememberKey: (_, params) => void remembered.push(params) } }), {
    input,
  });
  const toasts: ToastEmitted[] = [];
  actor.on('toast', (event) => toasts.push(event));
  actor.start();
  let cancelsDone = 0;
  let matches = 0;
  const visited: string[] = [];
  const check = () => {
    const snapshot = actor.getSnapshot();
    visited.push(valueKey(snapshot.value));
    checkStep({ snapshot, input, remembered, toasts, cancelsDone, matches });
  };
  check();
  for (const event of path) {
    const wasCancelling = isCancelling(actor.getSnapshot());
    const wasVerifying = isVerifying(actor.getSnapshot());
    actor.send(event);
    const { type, output } = event as unknown as { type: string; output?: { kind?: string } };
    if (wasCancelling && type === 'xstate.done.actor.cancelOrder' && output?.kind === 'ok') cancelsDone += 1;
    if (wasVerifying && type === 'xstate.done.actor.lookupOrder' && output?.kind === 'ok') matches += 1;
    check();
  }
  actor.stop();
  return visited;
}

function wasTaken(coverage: ChartCoverage, stateId: string): boolean {
  return declaredTransitions(model).some(
    (key) => key.startsWith(`${stateId} --`) && !coverage.transitions.missing.includes(key),
  );
}

describe('orderMachine model', () => {
  const inputs: Record<string, OrderInput> = {
    'app page': { code: ORDER_CODE, guest: false, hasKey: true },
    'guest page without the key': { code: ORDER_CODE, guest: true, hasKey: false },
    'guest page with the key': { code: ORDER_CODE, guest: true, hasKey: true },
  };
  const runs = Object.entries(inputs).map(([name, input]) =>
    withLazyPaths({ name, input }, () => edgeCoverPaths(model, { events: offer, input, serialize })),
  );

  /** Each run's paths are replayed once; the states they reached are kept for the next check. */
  const replayed = new Map<string, string[]>();
  const statesReachedBy = (run: (typeof runs)[number]) => {
    let states = replayed.get(run.name);
    if (!states) {
      states = run.paths.flatMap((path) => replay(path, run.input));
      replayed.set(run.name, states);
    }
    return states;
  };

  it.each(runs.map((run) => [run.name, run] as const))(
    '%s: every path keeps the invariants of every state it reaches',
    (_, run) => {
      expect(run.paths.length).toBeGreaterThan(0);
      expect(statesReachedBy(run).length).toBeGreaterThan(0);
    },
  );

  it('together the paths reach every state with invariants, and each state has invariants', () => {
    const reached = new Set(runs.flatMap(statesReachedBy));
    expect([...reached].sort()).toEqual(Object.keys(invariants).sort());
  });

  it('the paths cover every state and transition of the chart', () => {
    const coverages = runs.map((run) => {
      const coverage = measureCoverage(model, run.paths, run.input);
      printCoverage(`order (${run.name})`, coverage);
      return coverage;
    });
    // A state one of whose own transitions was taken was entered, even if not reported.
    const coverage = combineCoverage(coverages, (id) => coverages.some((c) => wasTaken(c, id)));
    printCoverage('order', coverage);
    expect(coverage.states.missing).toEqual([]);
    expect(coverage.transitions.missing).toEqual([]);
  });
});
