import { describe, expect, it } from 'vitest';
import { assign, createActor, fromPromise, SimulatedClock, type AnyStateNode, type StateValue } from 'xstate';
import { nextTickMs } from '../../machines/countdown';
import {
  paidNavigation,
  paymentMachine,
  paymentMessages,
  paymentUrlNavigation,
  paymentView,
  isInstructionBusy,
  type PaymentEvent,
  type PaymentInput,
  type PaymentSnapshot,
} from '../../machines/payment.machine';
import type { CardAuthenticateEmitted } from '../../machines/payment.machine';
import type { NavigateEmitted, ToastEmitted } from '../../machines/types';
import { BCA, instruction, METHODS, order } from './payment-fixtures';
import { edgeCoverPaths, withLazyPaths, measureCoverage, printCoverage, combineCoverage } from './support/coverage';

// Calls never settle by themselves: the paths send their done and error events.
const never = () => fromPromise(() => new Promise<never>(() => {}));
// The back-off's growth is tested on its own (payment.test.ts); here every wait is the first one,
// so the graph of the chart with its own reads stays finite.
const model = paymentMachine.provide({
  actions: { backOff: assign(({ context }) => ({ refreshInMs: context.refreshEveryMs })) },
  actors: {
    loadCheckout: never() as never,
    loadInstruction: never() as never,
    loadOrder: never() as never,
    checkPayment: never() as never,
    changePayment: never() as never,
    simulatePayment: never() as never,
    payByCard: never() as never,
  },
});

/** Short enough that the paths reach the end of the payment time: 2.5 s is three ticks. */
const LEFT = 2500;
const pending = { order: order(), remainingMs: LEFT };
const paid = { order: order({ status: 'paid', dibayar_pada: '2026-11-23T05:10:00.000Z' }), remainingMs: LEFT };
const cancelled = { order: order({ status: 'cancelled' }), remainingMs: LEFT };
const expiredByServer = { order: order({ status: 'expired' }), remainingMs: 0 };
const outOfTime = { order: order(), remainingMs: 0 };

const PAY1 = 'Pesanan ini sudah tidak dapat dibayar';
const PAY2 = 'Waktu pembayaran habis dan kursi sudah terjual. Tidak ada dana yang ditarik.';
const PAY3 = 'Metode pembayaran tidak tersedia untuk pesanan ini';
const LOAD_ERROR = 'Pesanan tidak ditemukan';

// Delayed and actor events are not part of the event union.
const ev = (event: { type: string; [key: string]: unknown }) => event as unknown as PaymentEvent;
const CHECKOUT_TICK = 'xstate.after.nextTick.payment.checkout.countdown.running';
const INSTRUCTION_TICK = 'xstate.after.nextTick.payment.instruction.countdown.running';
const TICKS = new Set([CHECKOUT_TICK, INSTRUCTION_TICK]);

const refused = (code: string, message: string) => ({ kind: 'refused', code, message });
const PAY4 = 'Pembayaran kartu ditolak. Periksa nomor kartu, masa berlaku dan CVV, atau gunakan kartu atau metode lain';
const BANK_PAGE = 'https://api.sandbox.midtrans.com/v2/3ds/redirect/abc';
const CARD = instruction({
  jenis_pembayaran_kode: 'KARTU',
  jenis: 'card',
  nomor_bayar: null,
  simulasi: false,
  kartu: {
    client_key: 'SB-Mid-client-x',
    script_url: 'https://api.midtrans.com/v2/assets/js/midtrans-new-3ds.min.js',
    lingkungan: 'sandbox',
    percobaan_terakhir: null,
  },
});
const cardReply = (status: 'paid' | 'pending', url: string | null) => ({
  kind: 'ok',
  results: { reservasi_kode: 'BRK7Q2M9', status, url_3ds: url },
});
const allEvents: PaymentEvent[] = [
  ev({ type: 'xstate.done.actor.loadCheckout', output: { ...pending, methods: METHODS } }),
  ev({ type: 'xstate.done.actor.loadCheckout', output: { ...paid, methods: [] } }),
  ev({ type: 'xstate.done.actor.loadCheckout', output: { ...cancelled, methods: [] } }),
  ev({ type: 'xstate.done.actor.loadCheckout', output: { ...expiredByServer, methods: [] } }),
  ev({ type: 'xstate.done.actor.loadCheckout', output: { ...outOfTime, methods: METHODS } }),
  ev({ type: 'xstate.error.actor.loadCheckout', error: new Error(LOAD_ERROR) }),
  ev({ type: 'xstate.error.actor.loadCheckout', error: 'not an error' }),
  { type: 'method.choose', code: 'BCA_VA' },
  { type: 'method.choose', code: 'OVO' }, // not available
  { type: 'method.choose', code: 'NOPE' }, // unknown
  { type: 'payment.pay' },
  ev({ type: 'xstate.done.actor.changePayment', output: { kind: 'ok', results: instruction() } }),
  ev({ type: 'xstate.done.actor.changePayment', output: refused('PAY-1', PAY1) }),
  ev({ type: 'xstate.done.actor.changePayment', output: refused('PAY-3', PAY3) }),
  ev({ type: 'xstate.done.actor.changePayment', output: refused('REQ-1', 'Permintaan tidak valid') }),
  ev({ type: 'xstate.error.actor.changePayment', error: new Error('err') }),
  ev({ type: 'xstate.done.actor.loadInstruction', output: { ...pending, instruction: instruction() } }),
  ev({
    type: 'xstate.done.actor.loadInstruction',
    output: { ...pending, instruction: instruction({ simulasi: false }) },
  }),
  ev({ type: 'xstate.done.actor.loadInstruction', output: { ...paid, instruction: instruction() } }),
  ev({ type: 'xstate.done.actor.loadInstruction', output: { ...cancelled, instruction: instruction() } }),
  ev({ type: 'xstate.done.actor.loadInstruction', output: { ...outOfTime, instruction: instruction() } }),
  ev({ type: 'xstate.error.actor.loadInstruction', error: new Error(LOAD_ERROR) }),
  ev({ type: 'xstate.done.actor.loadInstruction', output: { ...pending, instruction: CARD } }),
  // The card: the page made the token; bayar-kartu answers.
  { type: 'card.pay', token: '48111111-1114-token' },
  ev({ type: 'xstate.done.actor.payByCard', output: cardReply('paid', null) }),
  ev({ type: 'xstate.done.actor.payByCard', output: cardReply('pending', BANK_PAGE) }),
  ev({ type: 'xstate.done.actor.payByCard', output: cardReply('pending', null) }),
  ev({ type: 'xstate.done.actor.payByCard', output: refused('PAY-4', PAY4) }),
  ev({ type: 'xstate.done.actor.payByCard', output: refused('PAY-1', PAY1) }),
  ev({ type: 'xstate.done.actor.payByCard', output: refused('REQ-2', 'Terlalu banyak permintaan') }),
  ev({ type: 'xstate.error.actor.payByCard', error: new Error('err') }),
  // Back from the bank's page: the gateway is asked first.
  ev({ type: 'xstate.done.actor.confirmCard', output: paid }),
  ev({ type: 'xstate.done.actor.confirmCard', output: pending }),
  ev({ type: 'xstate.error.actor.confirmCard', error: new Error('Tidak dapat terhubung') }),
  { type: 'payment.simulate' },
  ev({
    type: 'xstate.done.actor.simulatePayment',
    output: { kind: 'ok', results: { reservasi_kode: 'BRK7Q2M9', flag_lunas: 1, cashback_point: 0 } },
  }),
  ev({
    type: 'xstate.done.actor.simulatePayment',
    output: { kind: 'ok', results: { reservasi_kode: 'BRK7Q2M9', flag_lunas: 0, cashback_point: 0 } },
  }),
  ev({ type: 'xstate.done.actor.simulatePayment', output: refused('PAY-2', PAY2) }),
  ev({ type: 'xstate.done.actor.simulatePayment', output: refused('PAY-1', PAY1) }),
  ev({ type: 'xstate.done.actor.simulatePayment', output: refused('REQ-2', 'Terlalu banyak permintaan') }),
  ev({ type: 'xstate.error.actor.simulatePayment', error: new Error('err') }),
  { type: 'payment.check' },
  ev({ type: 'xstate.done.actor.checkPayment', output: paid }),
  ev({ type: 'xstate.done.actor.checkPayment', output: cancelled }),
  ev({ type: 'xstate.done.actor.checkPayment', output: outOfTime }),
  ev({ type: 'xstate.done.actor.checkPayment', output: pending }),
  ev({ type: 'xstate.error.actor.checkPayment', error: new Error('Tidak dapat terhubung') }),
  ev({ type: 'xstate.error.actor.checkPayment', error: null }),
  // The page's own reads (raised by a tick once the wait is over).
  ev({ type: 'xstate.done.actor.refreshOrder', output: paid }),
  ev({ type: 'xstate.done.actor.refreshOrder', output: cancelled }),
  ev({ type: 'xstate.done.actor.refreshOrder', output: outOfTime }),
  ev({ type: 'xstate.done.actor.refreshOrder', output: pending }),
  ev({ type: 'xstate.error.actor.refreshOrder', error: new Error('Tidak dapat terhubung') }),
  { type: 'load.retry' },
  { type: 'countdown.sync' },
  ev({ type: 'xstate.done.actor.syncOrder', output: { order: order(), remainingMs: 1000 } }),
  ev({ type: 'xstate.done.actor.syncOrder', output: paid }),
  ev({ type: 'xstate.done.actor.syncOrder', output: cancelled }),
  ev({ type: 'xstate.done.actor.syncOrder', output: outOfTime }),
  ev({ type: 'xstate.error.actor.syncOrder', error: new Error('err') }),
  ev({ type: CHECKOUT_TICK }),
  ev({ type: INSTRUCTION_TICK }),
];

/**
 * Each state is offered the events it handles: an actor's error event sent where no state
 * handles it would fail the actor, which no real call can cause.
 */
function events(snapshot: PaymentSnapshot): PaymentEvent[] {
  const nodes = snapshot._nodes as AnyStateNode[];
  return allEvents.filter((event) => nodes.some((node) => node.transitions.has(event.type)));
}

/** What matters of the context: the time left (three ticks' worth), the choice, the instruction's demo flag. */
function serialize(snapshot: PaymentSnapshot): string {
  const { remainingMs, chosen, instruction: shown, error, order: read, refreshInMs, refreshEveryMs } = snapshot.context;
  return JSON.stringify({
    card: shown?.kartu != null,
    cardError: snapshot.context.cardError !== null,
    value: snapshot.value,
    remainingMs,
    refreshInMs,
    refreshEveryMs,
    chosen,
    simulasi: shown?.simulasi ?? null,
    error: error !== null,
    status: read?.status ?? null,
  });
}

function valueKey(value: StateValue): string {
  if (typeof value === 'string') return value;
  return Object.entries(value)
    .map(([key, child]) => (child === undefined ? key : `${key}.${valueKey(child)}`))
    .join(',');
}

interface Step {
  snapshot: PaymentSnapshot;
  input: PaymentInput;
  navigations: NavigateEmitted[];
  toasts: ToastEmitted[];
  bankPages: CardAuthenticateEmitted[];
}

const TOAST_MESSAGES = new Set<string>([
  paymentMessages.payFailed,
  paymentMessages.notYetPaid,
  paymentMessages.loadFailed,
  paymentMessages.cardPending,
  PAY1,
  PAY3,
  LOAD_ERROR,
  'Permintaan tidak valid',
  'Terlalu banyak permintaan',
  'Tidak dapat terhubung',
]);

const counting = ({ snapshot }: Step) => {
  expect(snapshot.context.remainingMs).toBeGreaterThan(0);
  expect(snapshot.context.order?.status).toBe('pending');
};

/** Invariants per state value; a state missing here fails the test. */
const invariants: Record<string, (step: Step) => void> = {
  loadingCheckout: ({ snapshot, input }) => {
    expect(input.page).toBe('checkout');
    expect(paymentView(snapshot)).toBe('loading');
  },
  loadingInstruction: ({ snapshot, input }) => {
    expect(input.page).toBe('instruction');
    expect(paymentView(snapshot)).toBe('loading');
  },
  confirmingCard: ({ snapshot, input }) => {
    // Only on the way back from the bank's page (and its "Coba Lagi"), before the page shows anything.
    expect(input.afterCard).toBe(true);
    expect(paymentView(snapshot)).toBe('loading');
  },
  'instruction.countdown.running,action.payingCard': (step) => {
    counting(step);
    const { snapshot } = step;
    expect(snapshot.context.instruction?.kartu).not.toBeNull();
    expect(snapshot.context.cardError).toBeNull();
    expect(isInstructionBusy(snapshot)).toBe(true);
    expect(snapshot.can({ type: 'card.pay', token: 't' })).toBe(false);
  },
  'instruction.countdown.running,action.authenticating': (step) => {
    counting(step);
    // The bank's page was handed to the gateway's script, once per attempt.
    expect(step.bankPages.at(-1)?.url).toBe(BANK_PAGE);
    expect(isInstructionBusy(step.snapshot)).toBe(true);
    expect(step.snapshot.can({ type: 'payment.check' })).toBe(true);
  },
  'checkout.countdown.running,method.choosing': (step) => {
    counting(step);
    const { snapshot } = step;
    expect(paymentView(snapshot)).toBe('checkout');
    expect(snapshot.context.methods.length).toBeGreaterThan(0);
    // Only a method the server offers for this order can be chosen; "Bayar" waits for one.
    if (snapshot.context.chosen !== null) expect(snapshot.context.chosen).toBe(BCA.kode);
    expect(snapshot.can({ type: 'payment.pay' })).toBe(snapshot.context.chosen !== null);
  },
  'checkout.countdown.running,method.paying': (step) => {
    counting(step);
    expect(paymentView(step.snapshot)).toBe('paying');
    expect(step.snapshot.context.chosen).toBe(BCA.kode);
    expect(step.snapshot.can({ type: 'payment.pay' })).toBe(false);
  },
  redirecting: ({ snapshot, navigations }) => {
    expect(paymentView(snapshot)).toBe('redirecting');
    expect(navigations.at(-1)?.intent).toEqual(paymentUrlNavigation('BRK7Q2M9'));
  },
  'instruction.countdown.running,action.idle': (step) => {
    counting(step);
    const { snapshot } = step;
    expect(paymentView(snapshot)).toBe('instruction');
    expect(snapshot.context.instruction).not.toBeNull();
    // "Simulasikan pembayaran" only where the server offers it (demo mode).
    expect(snapshot.can({ type: 'payment.simulate' })).toBe(snapshot.context.instruction?.simulasi === true);
    // The card form only where the server sent the card's setup; a refusal is kept for the form.
    expect(snapshot.can({ type: 'card.pay', token: 't' })).toBe(snapshot.context.instruction?.kartu != null);
    if (snapshot.context.cardError !== null) expect(snapshot.context.cardError).toBe(PAY4);
  },
  'instruction.countdown.running,action.simulating': (step) => {
    counting(step);
    expect(step.snapshot.context.instruction?.simulasi).toBe(true);
    expect(step.snapshot.can({ type: 'payment.simulate' })).toBe(false);
  },
  'instruction.countdown.running,action.refreshing': (step) => {
    counting(step);
    const { snapshot } = step;
    expect(paymentView(snapshot)).toBe('instruction');
    // A read of its own: due, and the buttons are not held up by it.
    expect(snapshot.context.refreshInMs).toBeLessThanOrEqual(0);
    expect(snapshot.can({ type: 'payment.check' })).toBe(true);
    expect(isInstructionBusy(snapshot)).toBe(false);
  },
  'instruction.countdown.running,action.checking': (step) => {
    counting(step);
    expect(step.snapshot.can({ type: 'payment.check' })).toBe(false);
  },
  paid: ({ snapshot, input, navigations }) => {
    expect(paymentView(snapshot)).toBe('paid');
    // Paid by this page: off to the order page; found paid on arrival: the page says Lunas itself.
    const last = navigations.at(-1);
    if (last) expect(last.intent).toEqual(paidNavigation('BRK7Q2M9', input.layout));
    else expect(snapshot.context.order?.flag_lunas).toBe(1);
  },
  expired: ({ snapshot }) => {
    expect(paymentView(snapshot)).toBe('expired');
    const { remainingMs, order: read } = snapshot.context;
    expect(remainingMs === 0 || read?.status === 'expired').toBe(true);
  },
  cancelled: ({ snapshot }) => {
    expect(paymentView(snapshot)).toBe('cancelled');
    expect(snapshot.context.order?.status).toBe('cancelled');
  },
  refused: ({ snapshot }) => {
    expect(paymentView(snapshot)).toBe('refused');
    expect(snapshot.context.error).toBe(PAY2);
  },
  loadFailed: ({ snapshot }) => {
    expect(paymentView(snapshot)).toBe('loadFailed');
    expect([LOAD_ERROR, paymentMessages.loadFailed]).toContain(snapshot.context.error);
    expect(snapshot.can({ type: 'load.retry' })).toBe(true);
  },
};

const SYNCING = 'countdown.syncing';

function checkStep(step: Step): void {
  const value = valueKey(step.snapshot.value);
  // Syncing pauses the count for one read; the other region's invariants hold as while running.
  const syncing = value.includes(SYNCING);
  const key = value.replace(SYNCING, 'countdown.running');
  const check = invariants[key];
  if (!check) throw new Error(`no invariants for state "${value}"`);
  check(step);
  if (syncing) expect(step.snapshot.can({ type: 'countdown.sync' })).toBe(false);
  // Every state: time never negative; each page navigates only where its flow leads.
  expect(step.snapshot.context.remainingMs).toBeGreaterThanOrEqual(0);
  const allowed =
    step.input.page === 'checkout' ? paymentUrlNavigation('BRK7Q2M9') : paidNavigation('BRK7Q2M9', step.input.layout);
  for (const navigation of step.navigations) expect(navigation.intent).toEqual(allowed);
  for (const toast of step.toasts) expect(TOAST_MESSAGES).toContain(toast.message);
}

/** Replays a path on a real actor with a simulated clock; ticks run by advancing the clock. */
function replay(path: readonly PaymentEvent[], input: PaymentInput): string[] {
  const clock = new SimulatedClock();
  const actor = createActor(model, { input, clock });
  const navigations: NavigateEmitted[] = [];
  const toasts: ToastEmitted[] = [];
  const bankPages: CardAuthenticateEmitted[] = [];
  actor.on('navigate', (event) => navigations.push(event));
  actor.on('toast', (event) => toasts.push(event));
  actor.on('card.authenticate', (event) => bankPages.push(event));
  actor.start();
  const visited: string[] = [];
  const check = () => {
    const snapshot = actor.getSnapshot();
    visited.push(valueKey(snapshot.value).replace(SYNCING, 'countdown.running'));
    checkStep({ snapshot, input, navigations, toasts, bankPages });
  };
  check();
  for (const event of path) {
    const before = actor.getSnapshot();
    const owned = (before._nodes as AnyStateNode[]).some((node) => node.transitions.has(event.type));
    // A tick only happens in the state that scheduled it; elsewhere it is just ignored.
    if (TICKS.has(event.type)) {
      if (owned) {
        // A read that set the time anew leaves the tick scheduled before it: run the clock on,
        // a step at a time, until that tick has happened (never further).
        clock.increment(nextTickMs(before.context.remainingMs));
        for (
          let step = 0;
          step < 10 && actor.getSnapshot().context.remainingMs === before.context.remainingMs;
          step += 1
        )
          clock.increment(100);
      }
    } else actor.send(event);
    check();
  }
  actor.stop();
  return visited;
}

/**
 * measureCoverage replays by sending events, so a hand-sent tick would count; the paths here
 * contain tick events only where the tick is due, and replay() above runs them on the clock.
 */
describe('paymentMachine model', () => {
  const inputs: Record<string, PaymentInput> = {
    'checkout, mobile': { code: 'BRK7Q2M9', page: 'checkout', layout: 'm' },
    'checkout, desktop': { code: 'BRK7Q2M9', page: 'checkout', layout: 'd' },
    // The first read of its own after one second: within the 2.5 s the paths have.
    'instruction, mobile': { code: 'BRK7Q2M9', page: 'instruction', layout: 'm', refreshFirstMs: 1000 },
    'instruction, desktop': { code: 'BRK7Q2M9', page: 'instruction', layout: 'd', refreshFirstMs: 1000 },
    'back from the bank, mobile': {
      code: 'BRK7Q2M9',
      page: 'instruction',
      layout: 'm',
      refreshFirstMs: 1000,
      afterCard: true,
    },
  };
  const runs = Object.entries(inputs).map(([name, input]) =>
    withLazyPaths({ name, input }, () => edgeCoverPaths(model, { events, input, serialize })),
  );

  it.each(runs.map((run) => [run.name, run] as const))(
    '%s: every path keeps the invariants of every state it reaches',
    (_, run) => {
      expect(run.paths.length).toBeGreaterThan(0);
      const reached = new Set(run.paths.flatMap((path) => replay(path, run.input)));
      const own = Object.keys(invariants).filter((key) =>
        run.input.page === 'checkout'
          ? !key.startsWith('instruction') &&
            key !== 'loadingInstruction' &&
            key !== 'refused' &&
            key !== 'confirmingCard'
          : !key.startsWith('checkout') &&
            key !== 'loadingCheckout' &&
            key !== 'redirecting' &&
            (key !== 'confirmingCard' || run.input.afterCard === true),
      );
      expect([...reached].sort()).toEqual(own.sort());
    },
  );

  it('paths of both pages cover every state and transition of the chart', () => {
    const coverages = runs.map((run) => {
      const coverage = measureCoverage(model, run.paths, run.input);
      printCoverage(`payment (${run.name})`, coverage);
      return coverage;
    });
    const coverage = combineCoverage(coverages);
    printCoverage('payment', coverage);
    expect(coverage.states.missing).toEqual([]);
    expect(coverage.transitions.missing).toEqual([]);
  });
});
