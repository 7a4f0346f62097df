import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock, type AnyStateNode, type StateValue } from 'xstate';
import { FLASH_SALE_MESSAGES } from '../../contract';
import {
  bookerErrorsOf,
  chosenSlot,
  flashSaleMachine,
  flashSaleMessages,
  slotClock,
  type FlashSaleBought,
  type FlashSaleEvent,
  type FlashSaleInput,
  type FlashSaleKey,
  type FlashSaleMethods,
  type FlashSaleNavigateEmitted,
  type FlashSalePurchase,
  type FlashSaleQuiz,
  type FlashSaleSnapshot,
} from '../../machines/flash-sale.machine';
import { PAYMENT_REFRESH } from '../../machines/constants';
import type { ToastEmitted } from '../../machines/types';
import { coverageRecorder, edgeCoverPaths, printCoverage, withLazyPaths, combineCoverage } from './support/coverage';
import { method, NOW, NOW_MS, slot } from './flash-sale-fixtures';

// Calls never settle by themselves: the paths send their done and error events.
const never = () => fromPromise(() => new Promise<never>(() => {}));
let refreshes = 0;
const kept: FlashSaleBought[] = [];
/** What "Cek Status" and the page's own reads answered, as the page was given it. */
const reads: FlashSalePurchase[] = [];
/** The status the purchase's page shows: the last answer given to it, or the page's own query. */
const shown: FlashSalePurchase['status'][] = [];
const model = flashSaleMachine.provide({
  actors: {
    loadQuiz: never() as never,
    checkAnswer: never() as never,
    loadMethods: never() as never,
    buy: never() as never,
    checkTransaction: never() as never,
    readTransaction: never() as never,
  },
  actions: {
    refreshSessions: () => void (refreshes += 1),
    keepTransaction: (_, params) => void kept.push(params.transaction),
    keepTransactionRead: (_, params) => {
      reads.push(params.transaction);
      shown.push(params.transaction.status);
    },
  },
});

const at = (offsetMs: number) => new Date(Date.parse(NOW) + offsetMs).toISOString();
/** A slot over, one running for two more seconds, one starting in two seconds. */
const SLOTS = [
  slot(1, -9000, -5000, 'selesai'),
  slot(2, -5000, 2000, 'berlangsung'),
  slot(3, 2000, 9000, 'akan-datang'),
];
const QUIZ: FlashSaleQuiz = {
  cardId: 7,
  question: 'Kota Surabaya dikenal dengan julukan...',
  options: [
    { code: 'A', text: 'Kota Kembang' },
    { code: 'B', text: 'Kota Pahlawan' },
  ],
};
/** A key with two seconds left: the paths reach its end. */
const KEY: FlashSaleKey = { key: 'k'.repeat(43), keyLeftMs: 2000 };
const METHODS: FlashSaleMethods = { amount: 49_000, methods: [method('VA_BCA'), method('VA_BNI', false)] };
const TRANSACTION: FlashSaleBought = {
  code: 'FSABCD2345',
  status: 'menunggu-pembayaran',
  card: {
    id: 7,
    title: 'Semarang - Surabaya cuma Rp 59.000',
    operatorCode: 'SBR',
    operatorName: 'Sinar Baru',
    operatorLogo: '/logos/sbr.svg',
    origin: 'Semarang',
    destination: 'Surabaya',
    validFrom: '2026-11-23',
    validUntil: '2026-12-23',
  },
  booker: { name: 'Sari Wulandari', email: 'sari@contoh.id', phone: '081298765432' },
  methodCode: 'VA_BCA',
  methodName: 'BCA Virtual Account',
  price: 49_000,
  adminFee: 4000,
  total: 53_000,
  payment: { number: '3935812345678', billerCode: null, qris: null, url: null },
  createdAt: NOW,
  payBefore: at(1_800_000),
  simulated: false,
  orderKey: 'kunci-transaksi-0000000001',
};

const { orderKey: _orderKey, ...READ } = TRANSACTION;
const GATEWAY_DOWN = 'Penyedia pembayaran sedang tidak dapat dihubungi.';

// Delayed and actor events are not part of the event union.
const ev = (event: { type: string; [key: string]: unknown }) => event as unknown as FlashSaleEvent;
const SECOND = 'xstate.after.second.flash-sale.sessions.shown';
const KEY_TICK = 'xstate.after.keyTick.flash-sale.purchase.keyClock.counting';
const REFRESH = 'xstate.after.refreshWait.flash-sale.done.idle';
const refused = (code: string, message: string) => ({ kind: 'refused', code, message });
const ok = (results: unknown) => ({ kind: 'ok', results });
const METHOD_GONE = 'Metode pembayaran tidak ditemukan atau sedang tidak tersedia';

const E = {
  otherDay: { type: 'date.choose', date: '2026-11-24' },
  slots: { type: 'sessions.loaded', date: '2026-11-23', list: SLOTS, serverNowMs: NOW_MS },
  noSlots: { type: 'sessions.loaded', date: '2026-11-24', list: [], serverNowMs: NOW_MS },
  chooseUpcoming: { type: 'session.choose', slotId: 3 },
  chooseUnknown: { type: 'session.choose', slotId: 99 },
  second: ev({ type: SECOND }),
  open: { type: 'card.open', cardId: 7 },
  show7: { type: 'card.show', cardId: 7 },
  show8: { type: 'card.show', cardId: 8 },
  close: { type: 'card.close' },
  buy: { type: 'buy' },
  quizOk: ev({ type: 'xstate.done.actor.loadQuiz', output: ok(QUIZ) }),
  quizSoldOut: ev({ type: 'xstate.done.actor.loadQuiz', output: refused('FLS-4', FLASH_SALE_MESSAGES.soldOut) }),
  quizOffline: ev({ type: 'xstate.error.actor.loadQuiz', error: new Error('offline') }),
  answer: { type: 'answer.choose', answer: 'B' },
  submit: { type: 'answer.submit' },
  closeQuiz: { type: 'quiz.close' },
  right: ev({ type: 'xstate.done.actor.checkAnswer', output: ok(KEY) }),
  wrong: ev({ type: 'xstate.done.actor.checkAnswer', output: refused('FLS-2', FLASH_SALE_MESSAGES.wrongAnswer) }),
  over: ev({ type: 'xstate.done.actor.checkAnswer', output: refused('FLS-1', FLASH_SALE_MESSAGES.notRunning) }),
  answerOffline: ev({ type: 'xstate.error.actor.checkAnswer', error: new Error('offline') }),
  name: { type: 'booker.type', field: 'name', value: 'Sari Wulandari' },
  badPhone: { type: 'booker.type', field: 'phone', value: '0812-9876' },
  phone: { type: 'booker.type', field: 'phone', value: '081298765432' },
  email: { type: 'booker.type', field: 'email', value: 'sari@contoh.id' },
  bookerSubmit: { type: 'booker.submit' },
  methods: ev({ type: 'xstate.done.actor.loadMethods', output: ok(METHODS) }),
  methodsKeyGone: ev({
    type: 'xstate.done.actor.loadMethods',
    output: refused('FLS-3', FLASH_SALE_MESSAGES.keyInvalid),
  }),
  methodsOffline: ev({ type: 'xstate.error.actor.loadMethods', error: new Error('offline') }),
  bca: { type: 'method.choose', code: 'VA_BCA' },
  bni: { type: 'method.choose', code: 'VA_BNI' },
  pay: { type: 'pay' },
  back: { type: 'step.back' },
  bought: ev({ type: 'xstate.done.actor.buy', output: ok(TRANSACTION) }),
  buyKeyGone: ev({ type: 'xstate.done.actor.buy', output: refused('FLS-3', FLASH_SALE_MESSAGES.keyInvalid) }),
  buyMethodGone: ev({ type: 'xstate.done.actor.buy', output: refused('PAY-3', METHOD_GONE) }),
  buySoldOut: ev({ type: 'xstate.done.actor.buy', output: refused('FLS-4', FLASH_SALE_MESSAGES.soldOut) }),
  buyOffline: ev({ type: 'xstate.error.actor.buy', error: new Error('offline') }),
  keyTick: ev({ type: KEY_TICK }),
  showBought: { type: 'transaction.show', code: TRANSACTION.code },
  showOther: { type: 'transaction.show', code: 'FSZZZZ2345' },
  check: { type: 'payment.check' },
  checkedWaiting: ev({ type: 'xstate.done.actor.checkTransaction', output: ok(READ) }),
  checkedPaid: ev({ type: 'xstate.done.actor.checkTransaction', output: ok({ ...READ, status: 'lunas' }) }),
  checkedExpired: ev({ type: 'xstate.done.actor.checkTransaction', output: ok({ ...READ, status: 'kedaluwarsa' }) }),
  checkRefused: ev({ type: 'xstate.done.actor.checkTransaction', output: refused('SRV-2', GATEWAY_DOWN) }),
  checkOffline: ev({ type: 'xstate.error.actor.checkTransaction', error: new Error('offline') }),
  refresh: ev({ type: REFRESH }),
  readWaiting: ev({ type: 'xstate.done.actor.readTransaction', output: ok(READ) }),
  readPaid: ev({ type: 'xstate.done.actor.readTransaction', output: ok({ ...READ, status: 'lunas' }) }),
  readExpired: ev({ type: 'xstate.done.actor.readTransaction', output: ok({ ...READ, status: 'kedaluwarsa' }) }),
  readRefused: ev({ type: 'xstate.done.actor.readTransaction', output: refused('SRV-2', GATEWAY_DOWN) }),
  readOffline: ev({ type: 'xstate.error.actor.readTransaction', error: new Error('offline') }),
  loadedWaiting: { type: 'transaction.loaded', code: TRANSACTION.code, status: 'menunggu-pembayaran' },
  loadedPaid: { type: 'transaction.loaded', code: TRANSACTION.code, status: 'lunas' },
  loadedExpired: { type: 'transaction.loaded', code: TRANSACTION.code, status: 'kedaluwarsa' },
  loadedOther: { type: 'transaction.loaded', code: 'FSZZZZ2345', status: 'lunas' },
  leave: { type: 'transaction.leave', code: TRANSACTION.code },
  leaveOther: { type: 'transaction.leave', code: 'FSZZZZ2345' },
} satisfies Record<string, FlashSaleEvent>;

const SIGNED_IN: FlashSaleInput = {
  booker: { name: 'Sari Wulandari', phone: '081298765432', email: 'sari@contoh.id' },
};
const GUEST: FlashSaleInput = { booker: null };

/**
 * Scenarios, each with the events it may send: one space of every event together is too large to
 * walk, so each part of the chart is walked on its own and the union must take every transition.
 */
const scenarios: { name: string; input: FlashSaleInput; events: FlashSaleEvent[] }[] = [
  {
    name: 'session tabs',
    input: GUEST,
    events: [E.otherDay, E.slots, E.noSlots, E.chooseUpcoming, E.chooseUnknown, E.second, E.open, E.close],
  },
  {
    name: 'the question',
    input: GUEST,
    events: [
      E.show7,
      E.show8,
      E.buy,
      E.quizOk,
      E.quizSoldOut,
      E.quizOffline,
      E.answer,
      E.submit,
      E.closeQuiz,
      E.wrong,
      E.over,
      E.answerOffline,
      E.close,
    ],
  },
  {
    name: 'a guest fills in the buyer',
    input: GUEST,
    events: [
      E.show7,
      E.buy,
      E.quizOk,
      E.answer,
      E.submit,
      E.right,
      E.name,
      E.badPhone,
      E.phone,
      E.email,
      E.bookerSubmit,
      E.methods,
      E.methodsOffline,
      E.back,
      E.close,
    ],
  },
  {
    name: 'payment and purchase',
    input: SIGNED_IN,
    events: [
      E.show7,
      E.buy,
      E.quizOk,
      E.answer,
      E.submit,
      E.right,
      E.bookerSubmit,
      E.methods,
      E.methodsKeyGone,
      E.bca,
      E.bni,
      E.pay,
      E.back,
      E.bought,
      E.buyKeyGone,
      E.buyMethodGone,
      E.buySoldOut,
      E.buyOffline,
      E.keyTick,
      E.slots,
      E.close,
    ],
  },
  {
    name: "the purchase's page and its status check",
    input: GUEST,
    events: [
      E.showBought,
      E.showOther,
      E.check,
      E.checkedWaiting,
      E.checkedPaid,
      E.checkedExpired,
      E.checkRefused,
      E.checkOffline,
      E.slots,
      E.close,
    ],
  },
  {
    name: "the purchase's page reads it by itself",
    input: GUEST,
    events: [
      E.showBought,
      E.showOther,
      E.refresh,
      E.readWaiting,
      E.readPaid,
      E.readExpired,
      E.readRefused,
      E.readOffline,
      E.check,
      E.checkedPaid,
      E.loadedWaiting,
      E.loadedPaid,
      E.loadedExpired,
      E.loadedOther,
      E.slots,
      E.leave,
      E.leaveOther,
    ],
  },
];

/** Each state is offered the scenario's events it handles (an actor's answer where none runs would fail it). */
const eventsOf = (list: readonly FlashSaleEvent[]) => (snapshot: FlashSaleSnapshot) => {
  const nodes = snapshot._nodes as AnyStateNode[];
  return list.filter((event) => nodes.some((node) => node.transitions.has(event.type)));
};

/** What matters of the context: the tab and its clock, the card, the key's time, the fields' validity. */
function serialize(snapshot: FlashSaleSnapshot): string {
  const c = snapshot.context;
  return JSON.stringify({
    value: snapshot.value,
    date: c.date,
    slotId: c.slotId,
    slots: c.slots.length,
    clock: slotClock(chosenSlot(c), c.serverNowMs),
    cardId: c.cardId,
    blocked: c.blockedCards,
    quiz: c.quiz !== null,
    answer: c.answer,
    key: c.key !== null,
    keyLeftMs: c.keyLeftMs,
    // The fields' progress, not their text: how many pass, how many messages show.
    booker: (['name', 'phone', 'email'] as const).filter((field) => !bookerErrorsOf({ ...c.booker })[field]).length,
    errors: Object.keys(c.bookerErrors).length,
    methods: c.methods.length,
    methodCode: c.methodCode,
    transaction: c.transaction !== null,
    transactionCode: c.transactionCode,
    // Whether the wait has grown, not each of its lengths.
    backedOff: c.refreshEveryMs > PAYMENT_REFRESH.firstMs,
  });
}

function valueKey(value: StateValue): string {
  if (typeof value === 'string') return value;
  return Object.entries(value)
    .map(([key, child]) => (child === undefined ? key : `${key}.${valueKey(child)}`))
    .join(',');
}

interface Step {
  snapshot: FlashSaleSnapshot;
  navigations: FlashSaleNavigateEmitted[];
  toasts: ToastEmitted[];
}

const TOASTS = new Set<string>([
  FLASH_SALE_MESSAGES.soldOut,
  FLASH_SALE_MESSAGES.wrongAnswer,
  FLASH_SALE_MESSAGES.notRunning,
  FLASH_SALE_MESSAGES.keyInvalid,
  METHOD_GONE,
  GATEWAY_DOWN,
  ...Object.values(flashSaleMessages),
]);

const noKey = ({ snapshot }: Step) => {
  expect(snapshot.context.key).toBeNull();
  expect(snapshot.context.keyLeftMs).toBe(0);
};
const onCard = ({ snapshot }: Step) => expect(snapshot.context.cardId).not.toBeNull();
const inPurchase = (step: Step) => {
  onCard(step);
  const { context } = step.snapshot;
  expect(context.key).toBe(KEY.key);
  expect(context.keyLeftMs).toBeGreaterThan(0);
  expect(context.keyLeftMs).toBeLessThanOrEqual(KEY.keyLeftMs);
  // A card answered wrong never reaches the purchase.
  expect(context.blockedCards).not.toContain(context.cardId);
  expect(step.snapshot.can({ type: 'buy' })).toBe(false);
};

/** Invariants per state value; a state missing here fails the test. */
const invariants: Record<string, (step: Step) => void> = {
  'sessions.loading': (step) => {
    noKey(step);
    expect(step.snapshot.context.slots).toEqual([]);
    expect(step.snapshot.can({ type: 'session.choose', slotId: 2 })).toBe(false);
  },
  'sessions.empty': (step) => {
    noKey(step);
    expect(step.snapshot.context.slotId).toBeNull();
  },
  'sessions.shown': (step) => {
    noKey(step);
    const { context } = step.snapshot;
    // A tab is always chosen, among the day's slots; the running one first.
    expect(chosenSlot(context)).toBeDefined();
    expect(context.serverNowMs).not.toBeNull();
    expect(step.snapshot.can({ type: 'card.open', cardId: 7 })).toBe(true);
  },
  card: (step) => {
    onCard(step);
    noKey(step);
    expect(step.snapshot.can({ type: 'buy' })).toBe(true);
  },
  'quiz.loading': (step) => {
    onCard(step);
    noKey(step);
    expect(step.snapshot.context.quiz).toBeNull();
  },
  'quiz.answering': (step) => {
    onCard(step);
    noKey(step);
    expect(step.snapshot.context.quiz).toEqual(QUIZ);
    expect(step.snapshot.context.blockedCards).not.toContain(step.snapshot.context.cardId);
  },
  'quiz.checking': (step) => {
    noKey(step);
    expect(step.snapshot.context.answer).not.toBeNull();
    // Closing waits for the answer: a key must not arrive to a closed dialog.
    expect(step.snapshot.can({ type: 'quiz.close' })).toBe(false);
  },
  'quiz.blocked': (step) => {
    noKey(step);
    expect(step.snapshot.context.blockedCards).toContain(step.snapshot.context.cardId);
  },
  'purchase.step.booker,keyClock.counting': (step) => {
    inPurchase(step);
    expect(step.snapshot.can({ type: 'booker.submit' })).toBe(true);
  },
  'purchase.step.methods.loading,keyClock.counting': (step) => {
    inPurchase(step);
    expect(step.snapshot.context.bookerErrors).toEqual({});
  },
  'purchase.step.methods.choosing,keyClock.counting': (step) => {
    inPurchase(step);
    expect(step.snapshot.context.methods).toEqual(METHODS.methods);
  },
  'purchase.step.methods.buying,keyClock.counting': (step) => {
    inPurchase(step);
    const { context } = step.snapshot;
    // Only an offered, available method is paid with, by a buyer who passes the rules.
    expect(context.methods.find((m) => m.code === context.methodCode)?.available).toBe(true);
    // Nothing else can be pressed while the purchase is sent.
    expect(step.snapshot.can({ type: 'step.back' })).toBe(false);
    expect(step.snapshot.can({ type: 'card.close' })).toBe(false);
    expect(step.snapshot.can({ type: 'pay' })).toBe(false);
  },
  'done.idle': (step) => {
    onPage(step);
    expect(step.snapshot.can({ type: 'payment.check' })).toBe(true);
    // The next read by itself waits the back-off: from 3 s, never more than 30 s.
    expect(step.snapshot.context.refreshEveryMs).toBeGreaterThanOrEqual(PAYMENT_REFRESH.firstMs);
    expect(step.snapshot.context.refreshEveryMs).toBeLessThanOrEqual(PAYMENT_REFRESH.maxMs);
    expect(shown.at(-1) ?? 'menunggu-pembayaran').toBe('menunggu-pembayaran');
  },
  'done.refreshing': (step) => {
    onPage(step);
    // A read on its way never blocks the button.
    expect(step.snapshot.can({ type: 'payment.check' })).toBe(true);
    expect(shown.at(-1) ?? 'menunggu-pembayaran').toBe('menunggu-pembayaran');
  },
  'done.checking': (step) => {
    onPage(step);
    // One check at a time.
    expect(step.snapshot.can({ type: 'payment.check' })).toBe(false);
  },
  'done.paid': (step) => {
    onPage(step);
    // The page shows the paid purchase; nothing more to check or read.
    expect(shown.at(-1)).toBe('lunas');
    expect(step.snapshot.can({ type: 'payment.check' })).toBe(false);
  },
  'done.expired': (step) => {
    onPage(step);
    // The page shows the expired purchase; nothing more to check or read.
    expect(shown.at(-1)).toBe('kedaluwarsa');
    expect(step.snapshot.can({ type: 'payment.check' })).toBe(false);
  },
};

/** A purchase's page: just bought (its navigation made, its key kept), or opened by its address. */
function onPage(step: Step): void {
  noKey(step);
  const { context } = step.snapshot;
  expect(context.transactionCode).toMatch(/^FS[A-Z0-9]{8}$/);
  if (context.transaction === null) return;
  expect(context.transaction).toEqual(TRANSACTION);
  expect(kept.at(-1)).toEqual(TRANSACTION);
  expect(step.navigations.at(-1)).toEqual({
    type: 'navigate',
    intent: {
      kind: 'route',
      name: 'flash-sale-transaction',
      params: { kode: TRANSACTION.code },
      replace: true,
    },
  });
}

function checkStep(step: Step): void {
  const value = valueKey(step.snapshot.value);
  const check = invariants[value];
  if (!check) throw new Error(`no invariants for state "${value}"`);
  check(step);
  for (const toast of step.toasts) expect(TOASTS).toContain(toast.message);
}

/** Replays a path on a real actor with a simulated clock; delays run by advancing the clock. */
function replay(path: readonly FlashSaleEvent[], input: FlashSaleInput, coverage: ReturnType<typeof coverageRecorder>) {
  kept.length = 0;
  reads.length = 0;
  shown.length = 0;
  refreshes = 0;
  const clock = new SimulatedClock();
  const actor = createActor(model, { input, clock, inspect: coverage.inspect });
  const navigations: FlashSaleNavigateEmitted[] = [];
  const toasts: ToastEmitted[] = [];
  actor.on('navigate', (event) => navigations.push(event));
  actor.on('toast', (event) => toasts.push(event));
  actor.start();
  const visited: string[] = [];
  const check = () => {
    const snapshot = actor.getSnapshot();
    coverage.record(snapshot);
    visited.push(valueKey(snapshot.value));
    checkStep({ snapshot, navigations, toasts });
  };
  check();
  for (const event of path) {
    const before = actor.getSnapshot();
    const owned = (before._nodes as AnyStateNode[]).some((node) => node.transitions.has(event.type));
    if ((event.type as string) === REFRESH) {
      // The page's next read comes after its own back-off wait.
      if (owned) clock.increment(before.context.refreshEveryMs);
    } else if ((event.type as string) === SECOND || (event.type as string) === KEY_TICK) {
      // A tick happens only in the state that scheduled it, after its own delay.
      if (owned) clock.increment((event.type as string) === SECOND ? 1000 : before.context.keyLeftMs % 1000 || 1000);
    } else {
      // A purchase's page opened anew has not shown its status yet.
      if (
        event.type === 'transaction.show' &&
        !(before.matches('done') && before.context.transactionCode === event.code)
      )
        shown.length = 0;
      // What the purchase's own page shows when its query answers: statuses only move on.
      if (event.type === 'transaction.loaded' && event.code === before.context.transactionCode) {
        const last = shown.at(-1);
        if (
          last === undefined ||
          last === 'menunggu-pembayaran' ||
          (last === 'kedaluwarsa' && event.status === 'lunas')
        )
          shown.push(event.status);
      }
      actor.send(event);
    }
    check();
  }
  actor.stop();
  coverage.pathDone();
  return visited;
}

describe('flashSaleMachine model', () => {
  const runs = scenarios.map((scenario) =>
    withLazyPaths({ ...scenario, coverage: coverageRecorder(), reached: null as string[] | null }, () =>
      edgeCoverPaths(model, { events: eventsOf(scenario.events), input: scenario.input, serialize }),
    ),
  );
  const replayAll = (run: (typeof runs)[number]) =>
    (run.reached ??= run.paths.flatMap((path) => replay(path, run.input, run.coverage)));

  it.each(runs.map((run) => [run.name, run] as const))(
    '%s: every path keeps the invariants of every state it reaches',
    (_, run) => {
      expect(run.paths.length).toBeGreaterThan(0);
      expect(replayAll(run).length).toBeGreaterThan(0);
    },
  );

  it('together the scenarios reach every state and take every transition of the chart', () => {
    const reached = new Set(runs.flatMap(replayAll));
    expect([...reached].sort()).toEqual(Object.keys(invariants).sort());
    const coverages = runs.map((run) => {
      const coverage = run.coverage.result(model);
      printCoverage(`flash-sale (${run.name})`, coverage);
      return coverage;
    });
    const coverage = combineCoverage(coverages);
    printCoverage('flash-sale (all scenarios)', coverage);
    expect(coverage.states.missing).toEqual([]);
    expect(coverage.transitions.missing).toEqual([]);
  });
});
