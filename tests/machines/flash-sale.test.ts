import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock, type Snapshot } from 'xstate';
import { FLASH_SALE_MESSAGES } from '../../contract';
import {
  bookerErrorsOf,
  defaultSlot,
  flashSaleMachine,
  flashSaleMessages,
  slotClock,
  type CheckInput,
  type FlashSaleOutcome,
  type QuizInput,
  type AnswerInput,
  type FlashSaleKey,
  type FlashSalePurchase,
  type FlashSaleQuiz,
} from '../../machines/flash-sale.machine';
import { paymentMessages } from '../../machines/payment.machine';
import type { ToastEmitted } from '../../machines/types';
import { NOW, NOW_MS, slot } from './flash-sale-fixtures';

function start(answer: FlashSaleOutcome<unknown> = { kind: 'ok', results: {} }) {
  const clock = new SimulatedClock();
  let refreshes = 0;
  const actor = createActor(
    flashSaleMachine.provide({
      actions: { refreshSessions: () => void (refreshes += 1) },
      actors: {
        loadQuiz: fromPromise<FlashSaleOutcome<FlashSaleQuiz>, QuizInput>(async () => ({
          kind: 'ok' as const,
          results: {
            cardId: 7,
            question: 'Soal',
            options: [
              { code: 'A' as const, text: 'a' },
              { code: 'B' as const, text: 'b' },
            ],
          },
        })),
        checkAnswer: fromPromise<FlashSaleOutcome<FlashSaleKey>, AnswerInput>(
          async () => answer as FlashSaleOutcome<FlashSaleKey>,
        ),
      },
    }),
    { input: { booker: null }, clock },
  );
  const toasts: ToastEmitted[] = [];
  actor.on('toast', (event) => toasts.push(event));
  actor.start();
  return { actor, clock, toasts, refreshes: () => refreshes };
}
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('flash sale: the session tabs', () => {
  it('the running slot is shown first, then the next to start', () => {
    const over = slot(1, -9000, -5000, 'selesai');
    const running = slot(2, -5000, 60_000, 'berlangsung');
    const next = slot(3, 60_000, 90_000, 'akan-datang');
    expect(defaultSlot([over, running, next])).toBe(running);
    expect(defaultSlot([over, next])).toBe(next);
    expect(defaultSlot([over])).toBe(over);
  });

  it("counts on the server's clock: to the start of an upcoming slot, to the end of a running one", () => {
    expect(slotClock(slot(3, 60_000, 90_000, 'akan-datang'), NOW_MS)).toBe(60_000);
    expect(slotClock(slot(2, -5000, 30_000, 'berlangsung'), NOW_MS)).toBe(30_000);
    expect(slotClock(slot(1, -9000, -5000, 'selesai'), NOW_MS)).toBe(0);
  });

  it('reads the lists again once, when the chosen slot ends, and keeps the tab', () => {
    const run = start();
    run.actor.send({
      type: 'sessions.loaded',
      date: '2026-11-23',
      list: [slot(2, -5000, 3000, 'berlangsung')],
      serverNowMs: NOW_MS,
    });
    const seconds = (n: number) => Array.from({ length: n }, () => run.clock.increment(1000));
    seconds(2);
    expect(run.refreshes()).toBe(0);
    seconds(1);
    expect(run.refreshes()).toBe(1);
    seconds(5);
    expect(run.refreshes()).toBe(1);
    expect(run.actor.getSnapshot().context.slotId).toBe(2);
  });

  it('a day without slots says so; choosing another day reads its slots', () => {
    const run = start();
    run.actor.send({ type: 'sessions.loaded', date: '2026-11-24', list: [], serverNowMs: NOW_MS });
    expect(run.actor.getSnapshot().matches({ sessions: 'empty' })).toBe(true);
    run.actor.send({ type: 'date.choose', date: '2026-11-25' });
    expect(run.actor.getSnapshot().matches({ sessions: 'loading' })).toBe(true);
    expect(run.actor.getSnapshot().context.date).toBe('2026-11-25');
  });
});

describe('flash sale: the question and the key', () => {
  it('a wrong answer blocks the card: "Beli Sekarang" then only says why', async () => {
    const run = start({ kind: 'refused', code: 'FLS-2', message: FLASH_SALE_MESSAGES.wrongAnswer });
    run.actor.send({ type: 'card.show', cardId: 7 });
    run.actor.send({ type: 'buy' });
    await flush();
    run.actor.send({ type: 'answer.choose', answer: 'A' });
    run.actor.send({ type: 'answer.submit' });
    await flush();
    expect(run.actor.getSnapshot().matches({ quiz: 'blocked' })).toBe(true);
    run.actor.send({ type: 'quiz.close' });
    run.actor.send({ type: 'buy' });
    expect(run.actor.getSnapshot().value).toBe('card');
    expect(run.toasts.at(-1)?.message).toBe(FLASH_SALE_MESSAGES.wrongAnswer);
  });

  it('sending without an answer asks for one, without a call', async () => {
    const run = start();
    run.actor.send({ type: 'card.show', cardId: 7 });
    run.actor.send({ type: 'buy' });
    await flush();
    run.actor.send({ type: 'answer.submit' });
    expect(run.actor.getSnapshot().matches({ quiz: 'answering' })).toBe(true);
    expect(run.toasts.at(-1)?.message).toBe('Pilih salah satu jawaban');
  });

  it('the key lasts its time to the millisecond, then the question is asked again', async () => {
    const run = start({
      kind: 'ok',
      results: { key: 'k'.repeat(43), keyLeftMs: 2500 },
    });
    run.actor.send({ type: 'card.show', cardId: 7 });
    run.actor.send({ type: 'buy' });
    await flush();
    run.actor.send({ type: 'answer.choose', answer: 'B' });
    run.actor.send({ type: 'answer.submit' });
    await flush();
    expect(run.actor.getSnapshot().matches({ purchase: { step: 'booker' } })).toBe(true);
    // The simulated clock schedules from where it stands: it moves in the exact steps a phone would.
    run.clock.increment(500);
    expect(run.actor.getSnapshot().context.keyLeftMs).toBe(2000);
    run.clock.increment(999);
    expect(run.actor.getSnapshot().context.keyLeftMs).toBe(2000);
    run.clock.increment(1);
    expect(run.actor.getSnapshot().context.keyLeftMs).toBe(1000);
    run.clock.increment(999);
    expect(run.actor.getSnapshot().matches('purchase')).toBe(true);
    run.clock.increment(1);
    expect(run.actor.getSnapshot().value).toEqual({ quiz: 'loading' });
    expect(run.actor.getSnapshot().context.key).toBeNull();
    expect(run.toasts.at(-1)?.message).toBe(FLASH_SALE_MESSAGES.keyInvalid);
  });
});

describe('flash sale: the buyer', () => {
  it("uses the booking's booker rules and messages", () => {
    expect(bookerErrorsOf({ name: '', phone: '', email: '' })).toEqual({
      name: 'Harap isi',
      phone: 'Harap isi',
      email: 'Harap isi',
    });
    expect(bookerErrorsOf({ name: 'Sari Wulandari', phone: '081298765432', email: 'sari@contoh.id' })).toEqual({});
    expect(bookerErrorsOf({ name: 'Sari', phone: '0812', email: 'sari@' })).toEqual({
      phone: 'Masukan min 9 & max 15 digit angka',
      email: 'Format email tidak valid',
    });
  });
});

describe('flash sale: what each call is asked', () => {
  it('the question, the answer, the methods and the purchase carry the card, the answer, the key, the buyer and the method', async () => {
    const KEY = 'k'.repeat(43);
    const asked: { loadQuiz?: unknown; checkAnswer?: unknown; loadMethods?: unknown; buy?: unknown } = {};
    const method = {
      code: 'VA_BCA',
      name: 'BCA Virtual Account',
      group: 'Virtual Account',
      kind: 'va' as const,
      fee: 4000,
      feeType: 'nominal' as const,
      feeAmount: 4000,
      total: 54000,
      available: true,
    };
    const navigations: unknown[] = [];
    const actor = createActor(
      flashSaleMachine.provide({
        actors: {
          loadQuiz: fromPromise(async ({ input }) => {
            asked.loadQuiz = input;
            return {
              kind: 'ok' as const,
              results: {
                cardId: 7,
                question: 'Soal',
                options: [
                  { code: 'A' as const, text: 'a' },
                  { code: 'C' as const, text: 'c' },
                ],
              },
            };
          }),
          checkAnswer: fromPromise(async ({ input }) => {
            asked.checkAnswer = input;
            return {
              kind: 'ok' as const,
              results: { key: KEY, keyLeftMs: 600_000 },
            };
          }),
          loadMethods: fromPromise(async ({ input }) => {
            asked.loadMethods = input;
            return { kind: 'ok' as const, results: { amount: 50000, methods: [method] } };
          }),
          buy: fromPromise(async ({ input }) => {
            asked.buy = input;
            return { kind: 'refused' as const, code: 'FLS-4' as const, message: FLASH_SALE_MESSAGES.soldOut };
          }),
        },
      }),
      { input: { booker: null }, clock: new SimulatedClock() },
    );
    actor.on('navigate', (event) => navigations.push(event));
    actor.start();
    actor.send({ type: 'card.show', cardId: 7 });
    actor.send({ type: 'buy' });
    await flush();
    expect(asked.loadQuiz).toEqual({ cardId: 7 });
    actor.send({ type: 'answer.choose', answer: 'C' });
    actor.send({ type: 'answer.submit' });
    await flush();
    expect(asked.checkAnswer).toEqual({ cardId: 7, answer: 'C' });
    expect(actor.getSnapshot().context.key).toBe(KEY);
    const booker = { name: 'Sari Wulandari', phone: '081298765432', email: 'sari@contoh.id' };
    actor.send({ type: 'booker.type', field: 'name', value: booker.name });
    actor.send({ type: 'booker.type', field: 'phone', value: booker.phone });
    actor.send({ type: 'booker.type', field: 'email', value: booker.email });
    actor.send({ type: 'booker.submit' });
    await flush();
    expect(asked.loadMethods).toEqual({ cardId: 7, key: KEY });
    actor.send({ type: 'method.choose', code: 'VA_BCA' });
    actor.send({ type: 'pay' });
    await flush();
    expect(asked.buy).toEqual({ cardId: 7, key: KEY, booker, methodCode: 'VA_BCA' });
    // Sold out while paying: back to the card, never a transaction page.
    expect(navigations.some((event) => JSON.stringify(event).includes('flash-sale-transaction'))).toBe(false);
    actor.stop();
  });
});

const WAITING: FlashSalePurchase = {
  code: 'FSABCD2345',
  status: 'menunggu-pembayaran',
  card: {
    id: 7,
    title: 'Semarang - Surabaya',
    operatorCode: 'SBR',
    operatorName: 'Sinar Baru',
    operatorLogo: '/logos/sbr.svg',
    origin: 'Semarang',
    destination: 'Surabaya',
    validFrom: '2026-11-23',
    validUntil: '2026-12-23',
  },
  booker: { name: 'Sari Wulandari', email: 'sari@contoh.id', phone: '081298765432' },
  methodCode: 'QRIS',
  methodName: 'QRIS',
  price: 49_000,
  adminFee: 343,
  total: 49_343,
  payment: { number: null, billerCode: null, qris: '00020101021226', url: null },
  createdAt: NOW,
  payBefore: '2026-11-23T01:30:00.000Z',
  simulated: false,
};

describe('flash sale: "Cek Status Pembayaran" on the purchase page', () => {
  /** Each check answers the next of `answers` (a rejection is no answer at all) once released. */
  function page(answers: Array<FlashSaleOutcome<FlashSalePurchase> | Error>) {
    const asked: CheckInput[] = [];
    const kept: FlashSalePurchase[] = [];
    const releases: Array<() => void> = [];
    const actor = createActor(
      flashSaleMachine.provide({
        actions: { keepTransactionRead: (_, params) => void kept.push(params.transaction) },
        actors: {
          checkTransaction: fromPromise<FlashSaleOutcome<FlashSalePurchase>, CheckInput>(async ({ input }) => {
            asked.push(input);
            const answer = answers.shift();
            await new Promise<void>((resolve) => releases.push(resolve));
            if (!answer || answer instanceof Error) throw answer ?? new Error('no answer');
            return answer;
          }),
        },
      }),
      { input: { booker: null }, clock: new SimulatedClock() },
    );
    const toasts: ToastEmitted[] = [];
    actor.on('toast', (event) => toasts.push(event));
    actor.start();
    const release = async () => {
      await flush();
      releases.shift()?.();
      await flush();
    };
    return { actor, asked, kept, toasts, release };
  }

  it("uses the order payment page's words", () => {
    expect(flashSaleMessages.notYetPaid).toBe(paymentMessages.notYetPaid);
    expect(flashSaleMessages.notYetPaid).toBe('Pembayaran belum kami terima. Selesaikan pembayaran lalu cek lagi.');
  });

  it('still unpaid: a toast says so, the page shows the answer, and it can be asked again', async () => {
    const run = page([{ kind: 'ok', results: WAITING }]);
    expect(run.actor.getSnapshot().can({ type: 'payment.check' })).toBe(false);
    // Opened by its address (a reload, a link): the page's purchase is the one asked about.
    run.actor.send({ type: 'transaction.show', code: 'FSABCD2345' });
    expect(run.actor.getSnapshot().value).toEqual({ done: 'idle' });
    run.actor.send({ type: 'payment.check' });
    expect(run.actor.getSnapshot().value).toEqual({ done: 'checking' });
    expect(run.actor.getSnapshot().can({ type: 'payment.check' })).toBe(false);
    // The page shown again meanwhile does not stop the check.
    run.actor.send({ type: 'transaction.show', code: 'FSABCD2345' });
    expect(run.actor.getSnapshot().value).toEqual({ done: 'checking' });
    await run.release();
    expect(run.asked).toEqual([{ code: 'FSABCD2345' }]);
    expect(run.actor.getSnapshot().value).toEqual({ done: 'idle' });
    expect(run.toasts.map((toast) => toast.message)).toEqual([flashSaleMessages.notYetPaid]);
    expect(run.kept).toEqual([WAITING]);
    expect(run.actor.getSnapshot().can({ type: 'payment.check' })).toBe(true);
  });

  it('paid: the page turns to the paid purchase, without a toast and without another check', async () => {
    const paid = { ...WAITING, status: 'lunas' as const };
    const run = page([{ kind: 'ok', results: paid }]);
    run.actor.send({ type: 'transaction.show', code: 'FSABCD2345' });
    run.actor.send({ type: 'payment.check' });
    await run.release();
    expect(run.actor.getSnapshot().value).toEqual({ done: 'paid' });
    expect(run.kept).toEqual([paid]);
    expect(run.toasts).toEqual([]);
    expect(run.actor.getSnapshot().can({ type: 'payment.check' })).toBe(false);
  });

  it('past its deadline: the page shows it, no "belum kami terima", nothing more to check', async () => {
    const expired = { ...WAITING, status: 'kedaluwarsa' as const };
    const run = page([{ kind: 'ok', results: expired }]);
    run.actor.send({ type: 'transaction.show', code: 'FSABCD2345' });
    run.actor.send({ type: 'payment.check' });
    await run.release();
    expect(run.actor.getSnapshot().value).toEqual({ done: 'expired' });
    expect(run.kept).toEqual([expired]);
    expect(run.toasts).toEqual([]);
    expect(run.actor.getSnapshot().can({ type: 'payment.check' })).toBe(false);
  });

  it("a refusal shows the server's words, no answer at all the network message; nothing is kept", async () => {
    const run = page([
      { kind: 'refused', code: 'SRV-2', message: 'Penyedia pembayaran sedang tidak dapat dihubungi.' },
      new Error('offline'),
    ]);
    run.actor.send({ type: 'transaction.show', code: 'FSABCD2345' });
    run.actor.send({ type: 'payment.check' });
    await run.release();
    run.actor.send({ type: 'payment.check' });
    await run.release();
    expect(run.toasts.map((toast) => toast.message)).toEqual([
      'Penyedia pembayaran sedang tidak dapat dihubungi.',
      flashSaleMessages.network,
    ]);
    expect(run.kept).toEqual([]);
    expect(run.actor.getSnapshot().value).toEqual({ done: 'idle' });
  });

  it("another purchase's page opened while a check runs drops that check and shows its own", async () => {
    const run = page([{ kind: 'ok', results: WAITING }]);
    run.actor.send({ type: 'transaction.show', code: 'FSZZZZ2345' });
    run.actor.send({ type: 'payment.check' });
    // Another purchase's page while the check runs: the first check is dropped, the new page is idle.
    run.actor.send({ type: 'transaction.show', code: 'FSABCD2345' });
    expect(run.actor.getSnapshot().value).toEqual({ done: 'idle' });
    expect(run.actor.getSnapshot().context.transactionCode).toBe('FSABCD2345');
    await run.release();
    expect(run.kept).toEqual([]);
    expect(run.toasts).toEqual([]);
  });
});

describe('flash sale: the purchase page reads the purchase by itself', () => {
  const CODE = 'FSABCD2345';
  const PAID = { ...WAITING, status: 'lunas' as const };
  const EXPIRED = { ...WAITING, status: 'kedaluwarsa' as const };

  /**
   * The page's reads (detail-transaksi) answer the next of `reads` (an Error is no answer at all),
   * or stay on their way while `hold` is set; the check (cek-status) answers `check`.
   */
  function page(
    reads: Array<FlashSaleOutcome<FlashSalePurchase> | Error>,
    options: { hold?: boolean; check?: FlashSaleOutcome<FlashSalePurchase>; clock?: SimulatedClock } = {},
  ) {
    const clock = options.clock ?? new SimulatedClock();
    const readAt: number[] = [];
    const checked: CheckInput[] = [];
    const kept: FlashSalePurchase[] = [];
    const held: Array<() => void> = [];
    const logic = flashSaleMachine.provide({
      actions: { keepTransactionRead: (_, params) => void kept.push(params.transaction) },
      actors: {
        readTransaction: fromPromise<FlashSaleOutcome<FlashSalePurchase>, CheckInput>(async ({ input }) => {
          expect(input).toEqual({ code: CODE });
          readAt.push(clock.now());
          const answer = reads.length > 1 ? reads.shift() : reads[0];
          if (options.hold) await new Promise<void>((resolve) => held.push(resolve));
          if (!answer || answer instanceof Error) throw answer ?? new Error('no answer');
          return answer;
        }),
        checkTransaction: fromPromise<FlashSaleOutcome<FlashSalePurchase>, CheckInput>(async ({ input }) => {
          checked.push(input);
          if (!options.check) throw new Error('no check expected');
          return options.check;
        }),
      },
    });
    const toasts: ToastEmitted[] = [];
    const open = (snapshot?: Snapshot<unknown>) => {
      const made = createActor(logic, {
        input: { booker: null },
        clock,
        ...(snapshot ? { snapshot: snapshot as never } : {}),
      });
      made.on('toast', (event) => toasts.push(event));
      made.start();
      made.send({ type: 'transaction.show', code: CODE });
      return made;
    };
    const actor = open();
    /** The simulated clock moves on a second at a time; each read answers before the next second. */
    const wait = async (ms: number) => {
      for (let passed = 0; passed < ms; passed += 1000) {
        clock.increment(1000);
        await flush();
      }
    };
    const gaps = () => readAt.map((at, i) => at - (readAt[i - 1] ?? 0));
    return { actor, clock, readAt, gaps, checked, kept, toasts, held, wait, open };
  }

  it('reads the purchase first after 3 s, then 1.5 times longer in whole seconds, never more than 30 s apart', async () => {
    const run = page([{ kind: 'ok', results: WAITING }]);
    await run.wait(2000);
    expect(run.readAt).toEqual([]);
    await run.wait(1000);
    expect(run.readAt).toEqual([3000]);
    await run.wait(160_000);
    // 3 s, 4.5 -> 5 s, 7.5 -> 8 s, 12 s, 18 s, 27 s, then the 30 s cap.
    expect(run.gaps()).toEqual([3000, 5000, 8000, 12_000, 18_000, 27_000, 30_000, 30_000, 30_000]);
    // Still unpaid: the page shows each read, without a word.
    expect(run.kept).toHaveLength(9);
    expect(run.kept.every((read) => read.status === 'menunggu-pembayaran')).toBe(true);
    expect(run.toasts).toEqual([]);
    expect(run.checked).toEqual([]);
    expect(run.actor.getSnapshot().value).toEqual({ done: 'idle' });
    expect(run.actor.getSnapshot().context.refreshEveryMs).toBe(30_000);
  });

  it('paid turns the page to "Lunas" as the check does, and nothing more is read', async () => {
    const run = page([
      { kind: 'ok', results: WAITING },
      { kind: 'ok', results: PAID },
    ]);
    await run.wait(8000);
    expect(run.readAt).toEqual([3000, 8000]);
    expect(run.actor.getSnapshot().value).toEqual({ done: 'paid' });
    expect(run.kept).toEqual([WAITING, PAID]);
    expect(run.toasts).toEqual([]);
    expect(run.actor.getSnapshot().can({ type: 'payment.check' })).toBe(false);
    await run.wait(120_000);
    expect(run.readAt).toHaveLength(2);
  });

  it('past its deadline: the page shows the expired purchase, and nothing more is read', async () => {
    const run = page([{ kind: 'ok', results: EXPIRED }]);
    await run.wait(3000);
    expect(run.actor.getSnapshot().value).toEqual({ done: 'expired' });
    expect(run.kept).toEqual([EXPIRED]);
    expect(run.toasts).toEqual([]);
    await run.wait(120_000);
    expect(run.readAt).toEqual([3000]);
  });

  it('a failed read waits longer, silently; the next read still turns the page', async () => {
    const run = page([
      new Error('offline'),
      { kind: 'refused', code: 'SRV-2', message: 'Penyedia pembayaran sedang tidak dapat dihubungi.' },
      { kind: 'ok', results: PAID },
    ]);
    await run.wait(20_000);
    expect(run.gaps()).toEqual([3000, 5000, 8000]);
    expect(run.toasts).toEqual([]);
    expect(run.kept).toEqual([PAID]);
    expect(run.actor.getSnapshot().value).toEqual({ done: 'paid' });
  });

  it('leaving the page stops the reads, also one on its way', async () => {
    const run = page([{ kind: 'ok', results: WAITING }]);
    await run.wait(2000);
    run.actor.send({ type: 'transaction.leave', code: CODE });
    expect(run.actor.getSnapshot().value).toEqual({ sessions: 'loading' });
    await run.wait(120_000);
    expect(run.readAt).toEqual([]);

    const held = page([{ kind: 'ok', results: PAID }], { hold: true });
    await held.wait(3000);
    expect(held.readAt).toEqual([3000]);
    // Leaving another purchase's page changes nothing here.
    held.actor.send({ type: 'transaction.leave', code: 'FSZZZZ2345' });
    expect(held.actor.getSnapshot().value).toEqual({ done: 'refreshing' });
    held.actor.send({ type: 'transaction.leave', code: CODE });
    held.held.forEach((release) => release());
    await held.wait(120_000);
    expect(held.readAt).toEqual([3000]);
    expect(held.kept).toEqual([]);
    expect(held.actor.getSnapshot().matches('sessions')).toBe(true);

    // The actor stopped (the flash-sale pages left altogether): no timer is left behind.
    const stopped = page([{ kind: 'ok', results: WAITING }]);
    stopped.actor.stop();
    await stopped.wait(60_000);
    expect(stopped.readAt).toEqual([]);
  });

  it('pressing "Cek Status Pembayaran" while a read is on its way asks the gateway; the read is dropped', async () => {
    const run = page([{ kind: 'ok', results: WAITING }], { hold: true, check: { kind: 'ok', results: PAID } });
    await run.wait(3000);
    expect(run.actor.getSnapshot().value).toEqual({ done: 'refreshing' });
    expect(run.actor.getSnapshot().can({ type: 'payment.check' })).toBe(true);
    run.actor.send({ type: 'payment.check' });
    expect(run.actor.getSnapshot().value).toEqual({ done: 'checking' });
    await flush();
    run.held.forEach((release) => release());
    await flush();
    expect(run.checked).toEqual([{ code: CODE }]);
    expect(run.kept).toEqual([PAID]);
    expect(run.actor.getSnapshot().value).toEqual({ done: 'paid' });
  });

  it("the page's own read of a paid or expired purchase: the chart does not read it", async () => {
    const paid = page([{ kind: 'ok', results: PAID }]);
    paid.actor.send({ type: 'transaction.loaded', code: CODE, status: 'lunas' });
    expect(paid.actor.getSnapshot().value).toEqual({ done: 'paid' });
    const expired = page([{ kind: 'ok', results: EXPIRED }]);
    expired.actor.send({ type: 'transaction.loaded', code: CODE, status: 'kedaluwarsa' });
    expect(expired.actor.getSnapshot().value).toEqual({ done: 'expired' });
    // Statuses only move on: a paid page never turns back; an expired one paid late turns "Lunas".
    paid.actor.send({ type: 'transaction.loaded', code: CODE, status: 'kedaluwarsa' });
    expect(paid.actor.getSnapshot().value).toEqual({ done: 'paid' });
    const late = page([{ kind: 'ok', results: PAID }]);
    late.actor.send({ type: 'transaction.loaded', code: CODE, status: 'kedaluwarsa' });
    late.actor.send({ type: 'transaction.loaded', code: CODE, status: 'lunas' });
    expect(late.actor.getSnapshot().value).toEqual({ done: 'paid' });
    // Unpaid, or another purchase's answer: the reads go on.
    const waiting = page([{ kind: 'ok', results: WAITING }]);
    waiting.actor.send({ type: 'transaction.loaded', code: CODE, status: 'menunggu-pembayaran' });
    waiting.actor.send({ type: 'transaction.loaded', code: 'FSZZZZ2345', status: 'lunas' });
    expect(waiting.actor.getSnapshot().value).toEqual({ done: 'idle' });
    await Promise.all([paid.wait(60_000), expired.wait(60_000), waiting.wait(3000)]);
    expect(paid.readAt).toEqual([]);
    expect(expired.readAt).toEqual([]);
    expect(waiting.readAt).toEqual([3000]);
  });

  it('after a reload (the stored chart has no timer) the page shown again waits its current back-off', async () => {
    const run = page([{ kind: 'ok', results: WAITING }]);
    await run.wait(3000);
    expect(run.actor.getSnapshot().context.refreshEveryMs).toBe(5000);
    const stored = run.actor.getPersistedSnapshot();
    run.actor.stop();
    const reloaded = run.open(stored);
    expect(reloaded.getSnapshot().value).toEqual({ done: 'idle' });
    await run.wait(4000);
    expect(run.readAt).toEqual([3000]);
    await run.wait(1000);
    expect(run.readAt).toEqual([3000, 8000]);
  });
});
