import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import { FLASH_SALE_MESSAGES, type FlashSaleSoalResults } from '../../contract';
import {
  bookerErrorsOf,
  defaultSlot,
  flashSaleMachine,
  slotClock,
  type FlashSaleOutcome,
  type FlashSaleSlot,
  type QuizInput,
  type AnswerInput,
  type FlashSaleAnswerResults,
} from '../../machines/flash-sale.machine';
import type { ToastEmitted } from '../../machines/types';

const NOW = '2026-11-23T01:00:00.000Z';
const NOW_MS = Date.parse(NOW);
const slot = (id: number, from: number, to: number, status: FlashSaleSlot['status']): FlashSaleSlot => ({
  id,
  name: `Sesi ${id}`,
  startsAtMs: NOW_MS + from,
  endsAtMs: NOW_MS + to,
  status,
});

function start(answer: FlashSaleOutcome<unknown> = { kind: 'ok', results: {} }) {
  const clock = new SimulatedClock();
  let refreshes = 0;
  const actor = createActor(
    flashSaleMachine.provide({
      actions: { refreshSessions: () => void (refreshes += 1) },
      actors: {
        loadQuiz: fromPromise<FlashSaleOutcome<FlashSaleSoalResults>, QuizInput>(async () => ({
          kind: 'ok' as const,
          results: {
            card_id: 7,
            soal: 'Soal',
            pilihan: [
              { kode: 'A' as const, teks: 'a' },
              { kode: 'B' as const, teks: 'b' },
            ],
          },
        })),
        checkAnswer: fromPromise<FlashSaleOutcome<FlashSaleAnswerResults>, AnswerInput>(
          async () => answer as FlashSaleOutcome<FlashSaleAnswerResults>,
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
      results: { benar: true, key_auth: 'k'.repeat(43), berlaku_sampai: NOW, waktu_server: NOW, keyLeftMs: 2500 },
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
      kode: 'VA_BCA',
      nama: 'BCA Virtual Account',
      grup: 'Virtual Account',
      jenis: 'va' as const,
      fee: 4000,
      tipe_fee: 'nominal' as const,
      biaya: 4000,
      total: 54000,
      tersedia: true,
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
                card_id: 7,
                soal: 'Soal',
                pilihan: [
                  { kode: 'A' as const, teks: 'a' },
                  { kode: 'C' as const, teks: 'c' },
                ],
              },
            };
          }),
          checkAnswer: fromPromise(async ({ input }) => {
            asked.checkAnswer = input;
            return {
              kind: 'ok' as const,
              results: {
                benar: true as const,
                key_auth: KEY,
                berlaku_sampai: NOW,
                waktu_server: NOW,
                keyLeftMs: 600_000,
              },
            };
          }),
          loadMethods: fromPromise(async ({ input }) => {
            asked.loadMethods = input;
            return { kind: 'ok' as const, results: { amount: 50000, list: [method] } };
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
