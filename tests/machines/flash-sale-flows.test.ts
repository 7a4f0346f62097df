import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import { FLASH_SALE_MESSAGES } from '../../contract';
import {
  chosenSlot,
  flashSaleMachine,
  flashSaleMessages,
  slotClock,
  type FlashSaleMethods,
  type FlashSaleOutcome,
  type FlashSaleBought,
  type FlashSaleEvent,
  type FlashSaleKey,
  type FlashSaleQuiz,
} from '../../machines/flash-sale.machine';
import type { ToastEmitted } from '../../machines/types';
import { method, NOW_MS, slot } from './flash-sale-fixtures';

/*
 * The flash sale's tabs, navigation, buyer form and refusals as the pages see them: the chosen
 * tab, the routes the chart asks for, the messages and where they show.
 */

const MINUTE = 60_000;
const RUNNING = slot(1, -MINUTE, 30 * MINUTE, 'berlangsung');
const NEXT = slot(2, 60 * MINUTE, 90 * MINUTE, 'akan-datang');
const QUIZ: FlashSaleQuiz = {
  cardId: 7,
  question: 'Soal',
  options: [
    { code: 'A', text: 'a' },
    { code: 'B', text: 'b' },
  ],
};

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

function start(
  answers: {
    check?: () => Promise<FlashSaleOutcome<FlashSaleKey>>;
    methods?: FlashSaleMethods['methods'];
  } = {},
) {
  const clock = new SimulatedClock();
  const actor = createActor(
    flashSaleMachine.provide({
      actors: {
        loadQuiz: fromPromise(async (): Promise<FlashSaleOutcome<FlashSaleQuiz>> => ({ kind: 'ok', results: QUIZ })),
        checkAnswer: fromPromise(
          answers.check ??
            (async () => ({ kind: 'ok' as const, results: { key: 'k'.repeat(43), keyLeftMs: 10 * MINUTE } })),
        ),
        loadMethods: fromPromise(async (): Promise<FlashSaleOutcome<FlashSaleMethods>> => ({
          kind: 'ok',
          results: { amount: 50_000, methods: answers.methods ?? [method('VA_BCA')] },
        })),
        buy: fromPromise(() => new Promise<FlashSaleOutcome<FlashSaleBought>>(() => {})),
      },
    }),
    { input: { booker: null }, clock },
  );
  const toasts: ToastEmitted[] = [];
  const routes: unknown[] = [];
  actor.on('toast', (event) => toasts.push(event));
  actor.on('navigate', (event) => routes.push(event.intent));
  actor.start();
  return { actor, clock, toasts, routes };
}

const loaded = (run: ReturnType<typeof start>, list = [RUNNING, NEXT], date = '2026-11-23') =>
  run.actor.send({ type: 'sessions.loaded', date, list, serverNowMs: NOW_MS });

/** The day's tabs read, card 7 opened from them, "Beli Sekarang", answer A sent. */
async function toQuiz(run: ReturnType<typeof start>) {
  loaded(run);
  run.actor.send({ type: 'card.open', cardId: 7 });
  run.actor.send({ type: 'buy' });
  await flush();
  run.actor.send({ type: 'answer.choose', answer: 'A' });
  run.actor.send({ type: 'answer.submit' });
  await flush();
}

describe('flash sale: the slot helpers', () => {
  it('counts to the end from the very millisecond a slot starts; nothing to count without a slot or a clock', () => {
    expect(slotClock(NEXT, NEXT.startsAtMs)).toBe(30 * MINUTE);
    expect(slotClock(NEXT, NEXT.startsAtMs - 1)).toBe(1);
    expect(slotClock(undefined, NOW_MS)).toBe(0);
    expect(slotClock(NEXT, null)).toBe(0);
  });

  it('the chosen slot is the one with the chosen id, not the first', () => {
    expect(chosenSlot({ slots: [RUNNING, NEXT], slotId: NEXT.id })).toBe(NEXT);
    expect(chosenSlot({ slots: [RUNNING, NEXT], slotId: 9 })).toBeUndefined();
  });
});

describe('flash sale: the tabs', () => {
  it('a tab of the day can be chosen; one the list does not have cannot', () => {
    const run = start();
    loaded(run);
    run.actor.send({ type: 'session.choose', slotId: NEXT.id });
    expect(run.actor.getSnapshot().context.slotId).toBe(NEXT.id);
    run.actor.send({ type: 'session.choose', slotId: 9 });
    expect(run.actor.getSnapshot().context.slotId).toBe(NEXT.id);
  });

  it("the list read again keeps the visitor's tab; a tab gone from it falls back to the running slot", () => {
    const run = start();
    loaded(run);
    run.actor.send({ type: 'session.choose', slotId: NEXT.id });
    loaded(run);
    expect(run.actor.getSnapshot().context.slotId).toBe(NEXT.id);
    loaded(run, [RUNNING]);
    expect(run.actor.getSnapshot().context.slotId).toBe(RUNNING.id);
  });

  it('the same day pressed again changes nothing; an empty day keeps its date', () => {
    const run = start();
    loaded(run);
    run.actor.send({ type: 'date.choose', date: '2026-11-23' });
    expect(run.actor.getSnapshot().value).toEqual({ sessions: 'shown' });
    expect(run.actor.getSnapshot().context.slots).toHaveLength(2);
    run.actor.send({ type: 'date.choose', date: '2026-11-24' });
    loaded(run, [], '2026-11-24');
    expect(run.actor.getSnapshot().value).toEqual({ sessions: 'empty' });
    expect(run.actor.getSnapshot().context.date).toBe('2026-11-24');
  });

  it('the clock goes on ticking after the chosen slot starts', () => {
    const run = start();
    run.actor.send({ type: 'sessions.loaded', date: '2026-11-23', list: [NEXT], serverNowMs: NEXT.startsAtMs - 2_000 });
    for (let second = 0; second < 5; second += 1) run.clock.increment(1000);
    expect(run.actor.getSnapshot().context.serverNowMs).toBe(NEXT.startsAtMs + 3_000);
  });
});

describe('flash sale: where the chart sends the page', () => {
  it('a card opens its page, and closing it goes back to the sessions', () => {
    const run = start();
    loaded(run);
    run.actor.send({ type: 'card.open', cardId: 7 });
    run.actor.send({ type: 'card.close' });
    expect(run.routes).toEqual([
      { kind: 'route', name: 'flash-sale-card', params: { id: '7' } },
      { kind: 'route', name: 'flash-sale' },
    ]);
  });

  it('the card page shown again for the card already open keeps the purchase under way', async () => {
    const run = start();
    await toQuiz(run);
    expect(run.actor.getSnapshot().matches('purchase')).toBe(true);
    run.actor.send({ type: 'card.show', cardId: 7 });
    expect(run.actor.getSnapshot().matches('purchase')).toBe(true);
    expect(run.actor.getSnapshot().context.key).not.toBeNull();
  });
});

describe('flash sale: answers and the buyer', () => {
  it('a refusal other than a wrong answer (sold out) goes back to the card with its words at the top, unblocked', async () => {
    const run = start({
      check: async () => ({ kind: 'refused', code: 'FLS-4', message: FLASH_SALE_MESSAGES.soldOut }),
    });
    await toQuiz(run);
    expect(run.actor.getSnapshot().value).toBe('card');
    expect(run.actor.getSnapshot().context.blockedCards).toEqual([]);
    expect(run.toasts.map(({ message, position }) => [message, position])).toEqual([
      [FLASH_SALE_MESSAGES.soldOut, 'top'],
    ]);
  });

  it('without a profile the buyer starts empty; a wrong character and a bad submit show the rules', async () => {
    const run = start();
    await toQuiz(run);
    expect(run.actor.getSnapshot().context.booker).toEqual({ name: '', phone: '', email: '' });
    run.actor.send({ type: 'booker.submit' });
    expect(Object.keys(run.actor.getSnapshot().context.bookerErrors).sort()).toEqual(['email', 'name', 'phone']);
    run.actor.send({ type: 'booker.type', field: 'name', value: 'Sari Wulandari' });
    expect(run.actor.getSnapshot().context.bookerErrors.name).toBeUndefined();
    run.actor.send({ type: 'booker.type', field: 'phone', value: '0812abc' });
    expect(run.actor.getSnapshot().context.bookerErrors.phone).toEqual(expect.any(String));
    expect(run.actor.getSnapshot().context.bookerErrors.email).toEqual(expect.any(String));
  });

  it('"Bayar" goes with any one available method chosen among several', async () => {
    const run = start({ methods: [method('VA_BCA'), method('QRIS'), method('OVO', false)] });
    await toQuiz(run);
    run.actor.send({ type: 'booker.type', field: 'name', value: 'Sari Wulandari' });
    run.actor.send({ type: 'booker.type', field: 'phone', value: '081298765432' });
    run.actor.send({ type: 'booker.type', field: 'email', value: 'sari@contoh.id' });
    run.actor.send({ type: 'booker.submit' });
    await flush();
    run.actor.send({ type: 'method.choose', code: 'QRIS' });
    run.actor.send({ type: 'pay' });
    expect(run.actor.getSnapshot().matches({ purchase: { step: { methods: 'buying' } } })).toBe(true);
    expect(run.toasts.map((toast) => toast.message)).not.toContain(flashSaleMessages.chooseMethod);
  });
});

describe('flash sale: the purchase page', () => {
  it("leaving another purchase's page (a late event) keeps this one open", () => {
    const run = start();
    loaded(run);
    run.actor.send({ type: 'transaction.show', code: 'FS-1' });
    run.actor.send({ type: 'transaction.leave', code: 'FS-2' });
    expect(run.actor.getSnapshot().matches('done')).toBe(true);
    run.actor.send({ type: 'transaction.leave', code: 'FS-1' });
    expect(run.actor.getSnapshot().value).toEqual({ sessions: 'shown' });
  });
});

/** Opens card 7, presses "Beli Sekarang" and sends answer A. */
async function answerQuestion(actor: { send: (event: FlashSaleEvent) => void }) {
  actor.send({ type: 'card.show', cardId: 7 });
  actor.send({ type: 'buy' });
  await flush();
  actor.send({ type: 'answer.choose', answer: 'A' });
  actor.send({ type: 'answer.submit' });
  await flush();
}

describe('flash sale: the chart before the app gives it the calls', () => {
  it('the question that cannot be read says so with the network message', async () => {
    const actor = createActor(flashSaleMachine, { input: { booker: null } });
    const toasts: string[] = [];
    actor.on('toast', (event) => toasts.push(event.message));
    actor.start();
    actor.send({ type: 'card.show', cardId: 7 });
    actor.send({ type: 'buy' });
    await flush();
    expect(actor.getSnapshot().value).toBe('card');
    expect(toasts).toEqual([flashSaleMessages.network]);
  });

  it('each later call not provided fails like a call without an answer: the step stays and says so', async () => {
    const clock = new SimulatedClock();
    const quizOnly = flashSaleMachine.provide({
      actors: {
        loadQuiz: fromPromise(async (): Promise<FlashSaleOutcome<FlashSaleQuiz>> => ({ kind: 'ok', results: QUIZ })),
      },
    });
    const toasts: string[] = [];
    const answering = createActor(quizOnly, { input: { booker: null }, clock });
    answering.on('toast', (event) => toasts.push(event.message));
    answering.start();
    await answerQuestion(answering);
    // checkAnswer: the question stays open.
    expect(answering.getSnapshot().value).toEqual({ quiz: 'answering' });

    const keyed = quizOnly.provide({
      actors: {
        checkAnswer: fromPromise(async (): Promise<FlashSaleOutcome<FlashSaleKey>> => ({
          kind: 'ok',
          results: { key: 'k'.repeat(43), keyLeftMs: MINUTE },
        })),
      },
    });
    const buying = createActor(keyed, {
      input: { booker: { name: 'Sari Wulandari', phone: '081298765432', email: 'sari@contoh.id' } },
      clock,
    });
    buying.on('toast', (event) => toasts.push(event.message));
    buying.start();
    await answerQuestion(buying);
    buying.send({ type: 'booker.submit' });
    await flush();
    // loadMethods: back to the buyer's step.
    expect(buying.getSnapshot().matches({ purchase: { step: 'booker' } })).toBe(true);

    const paying = createActor(
      keyed.provide({
        actors: {
          loadMethods: fromPromise(async (): Promise<FlashSaleOutcome<FlashSaleMethods>> => ({
            kind: 'ok',
            results: { amount: 50_000, methods: [method('VA_BCA')] },
          })),
        },
      }),
      { input: { booker: { name: 'Sari Wulandari', phone: '081298765432', email: 'sari@contoh.id' } }, clock },
    );
    paying.on('toast', (event) => toasts.push(event.message));
    paying.start();
    await answerQuestion(paying);
    paying.send({ type: 'booker.submit' });
    await flush();
    paying.send({ type: 'method.choose', code: 'VA_BCA' });
    paying.send({ type: 'pay' });
    await flush();
    // buy: the methods stay to choose from.
    expect(paying.getSnapshot().matches({ purchase: { step: { methods: 'choosing' } } })).toBe(true);

    const page = createActor(flashSaleMachine, { input: { booker: null }, clock });
    page.on('toast', (event) => toasts.push(event.message));
    page.start();
    page.send({ type: 'transaction.show', code: 'FS-1' });
    page.send({ type: 'payment.check' });
    await flush();
    // checkTransaction: the page stays, waiting; readTransaction after the wait: quietly the same.
    expect(page.getSnapshot().value).toEqual({ done: 'idle' });
    clock.increment(3_000);
    await flush();
    expect(page.getSnapshot().value).toEqual({ done: 'idle' });
    expect(page.getSnapshot().context.refreshEveryMs).toBeGreaterThan(3_000);

    expect(toasts).toEqual([
      flashSaleMessages.network,
      flashSaleMessages.network,
      flashSaleMessages.buyFailed,
      flashSaleMessages.network,
    ]);
  });
});
