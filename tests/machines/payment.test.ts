import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import {
  afterTick,
  countdownAnnouncement,
  formatCountdown,
  isLastTick,
  nextTickMs,
  secondsLeft,
} from '../../machines/countdown';
import {
  chosenMethod,
  paidNavigation,
  paymentMachine,
  paymentMessages,
  paymentView,
  type CheckoutData,
  type InstructionData,
  type OrderRead,
  type PaymentInput,
  type PaymentOutcome,
} from '../../machines/payment.machine';
import type { NavigateEmitted, ToastEmitted } from '../../machines/types';
import type { PaymentInstruction } from '../../contract/payment';
import { BCA, instruction, METHODS, order } from './payment-fixtures';

const HOUR = 3_600_000;

/** Calls that answer at once with the given data (resolved on the next microtask). */
function start(
  input: Partial<PaymentInput>,
  answers: {
    checkout?: CheckoutData;
    instruction?: InstructionData;
    order?: OrderRead;
    change?: () => Promise<PaymentOutcome<PaymentInstruction>>;
  },
) {
  const clock = new SimulatedClock();
  const logic = paymentMachine.provide({
    actors: {
      loadCheckout: fromPromise(async () => answers.checkout as CheckoutData),
      loadInstruction: fromPromise(async () => answers.instruction as InstructionData),
      loadOrder: fromPromise(async () => answers.order as OrderRead),
      checkPayment: fromPromise(async () => answers.order as OrderRead),
      changePayment: fromPromise(() => (answers.change ? answers.change() : new Promise<never>(() => {}))),
    },
  });
  const actor = createActor(logic, { input: { code: 'BRK7Q2M9', page: 'checkout', layout: 'm', ...input }, clock });
  const navigations: NavigateEmitted[] = [];
  const toasts: ToastEmitted[] = [];
  actor.on('navigate', (event) => navigations.push(event));
  actor.on('toast', (event) => toasts.push(event));
  actor.start();
  return { actor, clock, navigations, toasts };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('countdown helpers', () => {
  it('ticks first on the odd milliseconds, then every second', () => {
    expect(nextTickMs(3_600_400)).toBe(400);
    expect(nextTickMs(3_600_000)).toBe(1000);
    expect(afterTick(3_600_400)).toBe(3_600_000);
    expect(afterTick(1000)).toBe(0);
    expect(afterTick(300)).toBe(0);
    expect(isLastTick(1000)).toBe(true);
    expect(isLastTick(1001)).toBe(false);
  });

  it('shows whole seconds rounded up as HH:MM:SS, hours not capped', () => {
    expect(secondsLeft(400)).toBe(1);
    expect(formatCountdown(3_600_400)).toBe('01:00:01');
    expect(formatCountdown(3_599_000)).toBe('00:59:59');
    expect(formatCountdown(48 * HOUR)).toBe('48:00:00');
    expect(formatCountdown(0)).toBe('00:00:00');
    expect(formatCountdown(-5)).toBe('00:00:00');
  });

  it('announces whole minutes, so a screen reader hears it at most once a minute', () => {
    expect(countdownAnnouncement(HOUR + 30 * 60_000)).toBe('Sisa waktu pembayaran 1 jam 30 menit');
    expect(countdownAnnouncement(HOUR)).toBe('Sisa waktu pembayaran 1 jam');
    expect(countdownAnnouncement(4 * 60_000 + 1)).toBe('Sisa waktu pembayaran 5 menit');
    expect(countdownAnnouncement(59_000)).toBe('Sisa waktu pembayaran kurang dari 1 menit');
    expect(countdownAnnouncement(0)).toBe('Waktu pembayaran habis');
    // Every second of one minute says the same thing.
    const texts = new Set(
      Array.from({ length: 60 }, (_, second) => countdownAnnouncement(10 * 60_000 - second * 1000)),
    );
    expect(texts.size).toBe(1);
  });
});

describe('payment countdown on a simulated clock', () => {
  it('counts down from the server-measured time and expires on the last tick, not a tick early', async () => {
    const { actor, clock } = start({}, { checkout: { order: order(), remainingMs: 2 * HOUR + 400, methods: METHODS } });
    await settle();
    expect(paymentView(actor.getSnapshot())).toBe('checkout');
    expect(formatCountdown(actor.getSnapshot().context.remainingMs)).toBe('02:00:01');
    clock.increment(399);
    expect(actor.getSnapshot().context.remainingMs).toBe(2 * HOUR + 400);
    clock.increment(1);
    expect(formatCountdown(actor.getSnapshot().context.remainingMs)).toBe('02:00:00');
    clock.increment(1000);
    expect(formatCountdown(actor.getSnapshot().context.remainingMs)).toBe('01:59:59');
    for (let second = 0; second < (2 * HOUR) / 1000 - 2; second += 1) clock.increment(1000);
    expect(formatCountdown(actor.getSnapshot().context.remainingMs)).toBe('00:00:01');
    expect(paymentView(actor.getSnapshot())).toBe('checkout');
    clock.increment(999);
    expect(paymentView(actor.getSnapshot())).toBe('checkout');
    clock.increment(1);
    expect(paymentView(actor.getSnapshot())).toBe('expired');
    expect(actor.getSnapshot().context.remainingMs).toBe(0);
    // Expired is final for the page: the clock no longer changes anything.
    clock.increment(10_000);
    expect(actor.getSnapshot().context.remainingMs).toBe(0);
  });

  it('an order already out of time by the server clock opens expired, with no tick', async () => {
    const { actor } = start({}, { checkout: { order: order(), remainingMs: 0, methods: METHODS } });
    await settle();
    expect(paymentView(actor.getSnapshot())).toBe('expired');
  });

  it('time running out while "Bayar" is on its way ends on expired; its late answer changes nothing', async () => {
    let answer: (outcome: PaymentOutcome<PaymentInstruction>) => void = () => {};
    const { actor, clock, navigations } = start(
      {},
      {
        checkout: { order: order(), remainingMs: 1500, methods: METHODS },
        change: () => new Promise((resolve) => (answer = resolve)),
      },
    );
    await settle();
    actor.send({ type: 'method.choose', code: BCA.kode });
    expect(chosenMethod(actor.getSnapshot().context)).toEqual(BCA);
    actor.send({ type: 'payment.pay' });
    expect(paymentView(actor.getSnapshot())).toBe('paying');
    clock.increment(500);
    clock.increment(1000);
    expect(paymentView(actor.getSnapshot())).toBe('expired');
    answer({ kind: 'ok', results: instruction() });
    await settle();
    expect(paymentView(actor.getSnapshot())).toBe('expired');
    expect(navigations).toEqual([]);
  });

  it('"Cek Status Pembayaran" sets the countdown again by the server clock', async () => {
    const { actor, clock, toasts } = start(
      // The page's own reads wait a minute here: only the button reads the order.
      { page: 'instruction', refreshFirstMs: 60_000 },
      {
        instruction: { order: order(), remainingMs: 10 * 60_000, instruction: instruction() },
        order: { order: order(), remainingMs: 5 * 60_000 },
      },
    );
    await settle();
    // One second at a time: the simulated clock fires only what is due when it is moved.
    for (let second = 0; second < 3; second += 1) clock.increment(1000);
    expect(actor.getSnapshot().context.remainingMs).toBe(10 * 60_000 - 3000);
    actor.send({ type: 'payment.check' });
    await settle();
    expect(actor.getSnapshot().context.remainingMs).toBe(5 * 60_000);
    expect(toasts.map((toast) => toast.message)).toEqual([paymentMessages.notYetPaid]);
    clock.increment(1000);
    expect(actor.getSnapshot().context.remainingMs).toBe(5 * 60_000 - 1000);
  });
});

describe('the payment page reads the order by itself', () => {
  /** Reads of the order, answered in turn (the last answer repeats); their clock times are kept. */
  function reading(answersInTurn: OrderRead[], layout: 'm' | 'd' = 'm') {
    const clock = new SimulatedClock();
    const readsAt: number[] = [];
    const checksAt: number[] = [];
    const answer = () => answersInTurn[Math.min(readsAt.length - 1, answersInTurn.length - 1)] as OrderRead;
    const logic = paymentMachine.provide({
      actors: {
        loadInstruction: fromPromise(async (): Promise<InstructionData> => ({
          order: order(),
          remainingMs: 30 * 60_000,
          instruction: instruction({ simulasi: false }),
        })),
        loadOrder: fromPromise(async (): Promise<OrderRead> => {
          readsAt.push(clock.now());
          return answer();
        }),
        checkPayment: fromPromise(async (): Promise<OrderRead> => {
          checksAt.push(clock.now());
          return { order: order(), remainingMs: 30 * 60_000 };
        }),
      },
    });
    const actor = createActor(logic, { input: { code: 'BRK7Q2M9', page: 'instruction', layout }, clock });
    const navigations: NavigateEmitted[] = [];
    const toasts: ToastEmitted[] = [];
    actor.on('navigate', (event) => navigations.push(event));
    actor.on('toast', (event) => toasts.push(event));
    actor.start();
    /** Moves the clock one second at a time, letting each read answer. */
    const run = async (seconds: number) => {
      for (let second = 0; second < seconds; second += 1) {
        clock.increment(1000);
        await settle();
      }
    };
    return { actor, readsAt, checksAt, navigations, toasts, run };
  }

  const stillPending = { order: order(), remainingMs: 30 * 60_000 };
  const paidNow = { order: order({ status: 'paid', flag_lunas: 1 }), remainingMs: 30 * 60_000 };

  it('after 3 s, then 1.5 times longer each time in whole seconds, never more than 30 s apart', async () => {
    const page = reading([stillPending]);
    await settle();
    await page.run(150);
    // Waits 3, 5 (4.5 up), 8 (7.5 up), 12, 18, 27, 30, 30...: the reads' clock times.
    const waits = page.readsAt.map((at, i) => at - (page.readsAt[i - 1] ?? 0));
    expect(waits.slice(0, 8)).toEqual([3000, 5000, 8000, 12000, 18000, 27000, 30000, 30000]);
    // Silent while nothing changed: no toast for a read of its own.
    expect(page.toasts).toEqual([]);
    expect(paymentView(page.actor.getSnapshot())).toBe('instruction');
  });

  it('a payment made elsewhere turns the open page to the paid order without a press', async () => {
    const page = reading([stillPending, stillPending, paidNow], 'd');
    await settle();
    await page.run(20);
    expect(page.readsAt).toEqual([3000, 8000, 16000]);
    expect(paymentView(page.actor.getSnapshot())).toBe('paid');
    expect(page.navigations.map((n) => n.intent)).toEqual([paidNavigation('BRK7Q2M9', 'd')]);
    expect(page.checksAt).toEqual([]);
    // Paid: no more reads.
    await page.run(60);
    expect(page.readsAt).toHaveLength(3);
  });

  it('the button asks the server at once, whatever the wait of the next read', async () => {
    const clockless = reading([stillPending]);
    await settle();
    clockless.actor.send({ type: 'payment.check' });
    await settle();
    expect(clockless.checksAt).toEqual([0]);
    await clockless.run(3);
    expect(clockless.readsAt).toEqual([3000]);
  });
});

describe('countdown after a hidden spell', () => {
  it("shown again after a hidden spell, the countdown takes the server clock's time", async () => {
    const { actor, clock } = start(
      {},
      {
        checkout: { order: order(), remainingMs: 20 * 60_000, methods: METHODS },
        // Slowed timers counted 2 s while 12 minutes passed.
        order: { order: order(), remainingMs: 8 * 60_000 },
      },
    );
    await settle();
    clock.increment(1000);
    clock.increment(1000);
    actor.send({ type: 'countdown.sync' });
    await settle();
    expect(actor.getSnapshot().context.remainingMs).toBe(8 * 60_000);
    expect(paymentView(actor.getSnapshot())).toBe('checkout');
    clock.increment(1000);
    expect(actor.getSnapshot().context.remainingMs).toBe(8 * 60_000 - 1000);
  });

  it('a sync that finds the time over ends on expired', async () => {
    const { actor } = start(
      {},
      { checkout: { order: order(), remainingMs: HOUR, methods: METHODS }, order: { order: order(), remainingMs: 0 } },
    );
    await settle();
    actor.send({ type: 'countdown.sync' });
    await settle();
    expect(paymentView(actor.getSnapshot())).toBe('expired');
  });
});

describe('payment choices', () => {
  it('preselects the method the order already has, when it is still offered', async () => {
    const { actor } = start(
      {},
      {
        checkout: {
          order: order({ jenis_pembayaran: { kode: 'BCA_VA', nama: 'BCA Virtual Account', jenis: 'va' } }),
          remainingMs: HOUR,
          methods: METHODS,
        },
      },
    );
    await settle();
    expect(actor.getSnapshot().context.chosen).toBe('BCA_VA');
    expect(actor.getSnapshot().can({ type: 'payment.pay' })).toBe(true);
  });

  it('an unavailable method cannot be chosen and "Bayar" stays disabled', async () => {
    const { actor } = start({}, { checkout: { order: order(), remainingMs: HOUR, methods: METHODS } });
    await settle();
    actor.send({ type: 'method.choose', code: 'OVO' });
    expect(actor.getSnapshot().context.chosen).toBeNull();
    expect(actor.getSnapshot().can({ type: 'payment.pay' })).toBe(false);
  });

  it('a failed call says "Tidak dapat memproses pembayaran" and keeps the choice', async () => {
    const { actor, toasts } = start(
      {},
      {
        checkout: { order: order(), remainingMs: HOUR, methods: METHODS },
        change: () => Promise.reject(new Error('err')),
      },
    );
    await settle();
    actor.send({ type: 'method.choose', code: BCA.kode });
    actor.send({ type: 'payment.pay' });
    await settle();
    expect(toasts.map((toast) => toast.message)).toEqual(['Tidak dapat memproses pembayaran']);
    expect(toasts[0]?.durationMs).toBe(3000);
    expect(actor.getSnapshot().context.chosen).toBe(BCA.kode);
    expect(paymentView(actor.getSnapshot())).toBe('checkout');
  });
});
