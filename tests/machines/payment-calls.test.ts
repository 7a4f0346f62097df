import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import type { BayarKartuResults, PaymentInstruction, SimulasiBayarResults } from '../../contract/payment';
import {
  chosenMethod,
  isInstructionBusy,
  paymentMachine,
  paymentMessages,
  paymentView,
  type CheckoutData,
  type InstructionData,
  type OrderRead,
  type PaymentInput,
  type PaymentOutcome,
} from '../../machines/payment.machine';
import type { ToastEmitted } from '../../machines/types';
import { BCA, instruction, METHODS, order, QRIS } from './payment-fixtures';

/*
 * What the payment chart hands each server call and what it makes of a failed one: the order's
 * own code on every call, the chosen method and the card's token, and the loaders' own words on
 * the screen. The calls below record their input and answer as the test says.
 */

const CODE = 'BRK7Q2M9';
const LATER = 30 * 60_000;
const pending: OrderRead = { order: order(), remainingMs: LATER };
const cardSetup = {
  client_key: 'SB-key',
  script_url: 'https://gateway/3ds.js',
  lingkungan: 'sandbox' as const,
  percobaan_terakhir: null,
};

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

interface Answers {
  checkout?: () => Promise<CheckoutData>;
  instruction?: () => Promise<InstructionData>;
  order?: () => Promise<OrderRead>;
  check?: () => Promise<OrderRead>;
  change?: () => Promise<PaymentOutcome<PaymentInstruction>>;
  simulate?: () => Promise<PaymentOutcome<SimulasiBayarResults>>;
  card?: () => Promise<PaymentOutcome<BayarKartuResults>>;
}

const never = <T>() => new Promise<T>(() => {});

function start(input: Partial<PaymentInput>, answers: Answers) {
  const calls: { call: string; input: unknown }[] = [];
  const recorded =
    <I, O>(call: string, answer: (() => Promise<O>) | undefined) =>
    ({ input: given }: { input: I }) => {
      calls.push({ call, input: given });
      return answer ? answer() : never<O>();
    };
  const clock = new SimulatedClock();
  const logic = paymentMachine.provide({
    actors: {
      loadCheckout: fromPromise(recorded('loadCheckout', answers.checkout)),
      loadInstruction: fromPromise(recorded('loadInstruction', answers.instruction)),
      loadOrder: fromPromise(recorded('loadOrder', answers.order)),
      checkPayment: fromPromise(recorded('checkPayment', answers.check)),
      changePayment: fromPromise(recorded('changePayment', answers.change)),
      simulatePayment: fromPromise(recorded('simulatePayment', answers.simulate)),
      payByCard: fromPromise(recorded('payByCard', answers.card)),
    },
  });
  const actor = createActor(logic, { input: { code: CODE, page: 'checkout', layout: 'm', ...input }, clock });
  const toasts: ToastEmitted[] = [];
  const authenticate: string[] = [];
  actor.on('toast', (event) => toasts.push(event));
  actor.on('card.authenticate', (event) => authenticate.push(event.url));
  actor.start();
  return { actor, clock, calls, toasts, authenticate };
}

/** The instruction page, loaded: a VA with the demo's simulation and a card form. */
const instructionPage = (answers: Answers, simulasi = true) =>
  start(
    { page: 'instruction' },
    {
      instruction: async () => ({ ...pending, instruction: instruction({ simulasi, kartu: cardSetup }) }),
      ...answers,
    },
  );

describe('every payment call is about the order on the page', () => {
  it('the checkout reads the order, and "Bayar" sets the chosen method for it', async () => {
    const page = start(
      {},
      {
        checkout: async () => ({ ...pending, methods: METHODS }),
        change: async () => ({ kind: 'ok', results: instruction() }),
      },
    );
    await settle();
    page.actor.send({ type: 'method.choose', code: QRIS.kode });
    page.actor.send({ type: 'payment.pay' });
    await settle();
    expect(page.calls).toEqual([
      { call: 'loadCheckout', input: { code: CODE } },
      { call: 'changePayment', input: { code: CODE, methodCode: 'QRIS' } },
    ]);
  });

  it('the instruction page reads the instruction, its own re-reads, the check, the simulation and the card charge', async () => {
    const page = instructionPage({
      order: async () => pending,
      check: async () => pending,
      simulate: async () => ({ kind: 'ok', results: { reservasi_kode: CODE, flag_lunas: 0, cashback_point: 0 } }),
      card: async () => ({ kind: 'ok', results: { reservasi_kode: CODE, status: 'pending', url_3ds: null } }),
    });
    await settle();
    for (let second = 0; second < 3; second += 1) {
      page.clock.increment(1000);
      await settle();
    }
    page.actor.send({ type: 'payment.check' });
    await settle();
    page.actor.send({ type: 'payment.simulate' });
    await settle();
    page.actor.send({ type: 'card.pay', token: 'tok-4811' });
    await settle();
    expect(page.calls).toEqual([
      { call: 'loadInstruction', input: { code: CODE } },
      { call: 'loadOrder', input: { code: CODE } },
      { call: 'checkPayment', input: { code: CODE } },
      { call: 'simulatePayment', input: { code: CODE } },
      { call: 'payByCard', input: { code: CODE, token: 'tok-4811' } },
    ]);
  });

  it("back from the bank's 3DS page, the gateway is asked about this order first", async () => {
    const page = start({ page: 'instruction', afterCard: true }, { check: never });
    await settle();
    expect(page.calls).toEqual([{ call: 'checkPayment', input: { code: CODE } }]);
    expect(paymentView(page.actor.getSnapshot())).toBe('loading');
  });

  it('the checkout page never reads the order by itself: only the instruction page does', async () => {
    const page = start({}, { checkout: async () => ({ ...pending, methods: METHODS }), order: async () => pending });
    await settle();
    for (let second = 0; second < 40; second += 1) {
      page.clock.increment(1000);
      await settle();
    }
    expect(page.calls.map((call) => call.call)).toEqual(['loadCheckout']);
  });
});

describe('a failed load says what the app said, or the general words', () => {
  it.each([
    ['checkout', { checkout: () => Promise.reject(new Error('Pesanan tidak ditemukan')) }],
    ['instruction', { instruction: () => Promise.reject(new Error('Pesanan tidak ditemukan')) }],
  ] as const)("the %s page shows the loader's message", async (pageName, answers) => {
    const page = start({ page: pageName }, answers);
    await settle();
    expect(paymentView(page.actor.getSnapshot())).toBe('loadFailed');
    expect(page.actor.getSnapshot().context.error).toBe('Pesanan tidak ditemukan');
  });

  it('an error without words, or not an Error, shows the general message', async () => {
    for (const failure of [new Error(''), 'timeout']) {
      const page = start({}, { checkout: () => Promise.reject(failure) });
      await settle();
      expect(page.actor.getSnapshot().context.error).toBe(paymentMessages.loadFailed);
    }
  });

  it('"Coba Lagi" clears the message while the page loads again', async () => {
    let tries = 0;
    const page = start(
      {},
      { checkout: () => (tries++ === 0 ? Promise.reject(new Error('Koneksi terputus')) : never<CheckoutData>()) },
    );
    await settle();
    page.actor.send({ type: 'load.retry' });
    await settle();
    expect(paymentView(page.actor.getSnapshot())).toBe('loading');
    expect(page.actor.getSnapshot().context.error).toBeNull();
  });

  it('"Cek Status Pembayaran" that fails toasts the reason at the bottom, or the general words', async () => {
    const failures = [new Error('Server pembayaran sibuk'), new Error('')];
    const page = instructionPage({ check: () => Promise.reject(failures.shift()) });
    await settle();
    page.actor.send({ type: 'payment.check' });
    await settle();
    page.actor.send({ type: 'payment.check' });
    await settle();
    expect(page.toasts.map(({ message, position }) => [message, position])).toEqual([
      ['Server pembayaran sibuk', 'bottom'],
      [paymentMessages.loadFailed, 'bottom'],
    ]);
  });
});

describe('refusals and the card', () => {
  it('a refused method change toasts the server message at the bottom; a failed call the general words', async () => {
    const outcomes: (() => Promise<PaymentOutcome<PaymentInstruction>>)[] = [
      async () => ({ kind: 'refused', code: 'RSV-1', message: 'Metode sedang gangguan' }),
      () => Promise.reject(new Error('network')),
    ];
    const page = start(
      {},
      {
        checkout: async () => ({ ...pending, methods: METHODS }),
        change: () => (outcomes.shift() as () => Promise<PaymentOutcome<PaymentInstruction>>)(),
      },
    );
    await settle();
    page.actor.send({ type: 'method.choose', code: BCA.kode });
    page.actor.send({ type: 'payment.pay' });
    await settle();
    page.actor.send({ type: 'payment.pay' });
    await settle();
    expect(page.toasts.map(({ message, position }) => [message, position])).toEqual([
      ['Metode sedang gangguan', 'bottom'],
      [paymentMessages.payFailed, 'bottom'],
    ]);
  });

  it("a card at 3DS hands the gateway's page to the browser", async () => {
    const page = instructionPage({
      card: async () => ({
        kind: 'ok',
        results: { reservasi_kode: CODE, status: 'pending', url_3ds: 'https://bank.example/3ds/abc' },
      }),
    });
    await settle();
    page.actor.send({ type: 'card.pay', token: 'tok-4811' });
    await settle();
    expect(page.authenticate).toEqual(['https://bank.example/3ds/abc']);
    expect(isInstructionBusy(page.actor.getSnapshot())).toBe(true);
  });

  it('a refused card keeps the refusal for the form; the next attempt clears it', async () => {
    const outcomes: (() => Promise<PaymentOutcome<BayarKartuResults>>)[] = [
      async () => ({ kind: 'refused', code: 'PAY-4', message: 'Kartu ditolak bank penerbit' }),
      never,
    ];
    const page = instructionPage({
      card: () => (outcomes.shift() as () => Promise<PaymentOutcome<BayarKartuResults>>)(),
    });
    await settle();
    page.actor.send({ type: 'card.pay', token: 'tok-1' });
    await settle();
    expect(page.actor.getSnapshot().context.cardError).toBe('Kartu ditolak bank penerbit');
    page.actor.send({ type: 'card.pay', token: 'tok-2' });
    expect(page.actor.getSnapshot().context.cardError).toBeNull();
  });
});

describe('the method chosen for the traveller', () => {
  const withMethod = (kode: string) => order({ jenis_pembayaran: { kode, nama: kode, jenis: 'va' } });
  const preselect = async (orderRead: OrderRead['order'], methods = METHODS) => {
    const page = start({}, { checkout: async () => ({ order: orderRead, remainingMs: LATER, methods }) });
    await settle();
    return page.actor.getSnapshot().context.chosen;
  };

  it("keeps the order's method only while it is offered and available", async () => {
    expect(await preselect(withMethod('QRIS'))).toBe('QRIS');
    // OVO is listed but bound out by a voucher; DANA is not listed at all; none chosen yet.
    expect(await preselect(withMethod('OVO'))).toBeNull();
    expect(await preselect(withMethod('DANA'))).toBeNull();
    expect(await preselect(order())).toBeNull();
  });

  it('a method the server says is not available for the order (PAY-3) is unchosen: "Bayar" waits for another', async () => {
    const page = start(
      {},
      {
        checkout: async () => ({ ...pending, methods: METHODS }),
        change: async () => ({
          kind: 'refused',
          code: 'PAY-3',
          message: 'Metode ini tidak tersedia untuk pesanan ini',
        }),
      },
    );
    await settle();
    page.actor.send({ type: 'method.choose', code: BCA.kode });
    page.actor.send({ type: 'payment.pay' });
    await settle();
    expect(page.actor.getSnapshot().context.chosen).toBeNull();
    expect(page.actor.getSnapshot().can({ type: 'payment.pay' })).toBe(false);
  });
});

describe('what the page reads off the chart', () => {
  it('the chosen method is the one chosen, not the first offered', async () => {
    const page = start({}, { checkout: async () => ({ ...pending, methods: METHODS }) });
    await settle();
    page.actor.send({ type: 'method.choose', code: QRIS.kode });
    expect(chosenMethod(page.actor.getSnapshot().context)).toEqual(QRIS);
  });

  it('a simulation or a check on its way makes the instruction page busy; idle it is not', async () => {
    const page = instructionPage({ simulate: never, check: never });
    await settle();
    expect(isInstructionBusy(page.actor.getSnapshot())).toBe(false);
    page.actor.send({ type: 'payment.simulate' });
    expect(isInstructionBusy(page.actor.getSnapshot())).toBe(true);
    const checking = instructionPage({ check: never });
    await settle();
    checking.actor.send({ type: 'payment.check' });
    expect(isInstructionBusy(checking.actor.getSnapshot())).toBe(true);
  });

  it('before the first answer the page has no methods to list', () => {
    const page = start({}, {});
    expect(page.actor.getSnapshot().context.methods).toEqual([]);
  });
});

describe('the chart on its own, before the app gives it the calls', () => {
  it('names the call the app has not provided where the page shows a load error or a check toast', async () => {
    const checkout = createActor(paymentMachine, { input: { code: CODE, page: 'checkout', layout: 'd' } }).start();
    const instructionOnly = createActor(paymentMachine, { input: { code: CODE, page: 'instruction', layout: 'd' } });
    instructionOnly.start();
    await settle();
    expect(checkout.getSnapshot().context.error).toBe('loadCheckout is provided by the app');
    expect(instructionOnly.getSnapshot().context.error).toBe('loadInstruction is provided by the app');

    const unprovided = paymentMachine.provide({
      actors: {
        loadInstruction: fromPromise(async (): Promise<InstructionData> => ({
          ...pending,
          instruction: instruction(),
        })),
      },
    });
    const checking = createActor(unprovided, { input: { code: CODE, page: 'instruction', layout: 'd' } });
    const toasts: string[] = [];
    checking.on('toast', (event) => toasts.push(event.message));
    checking.start();
    await settle();
    checking.send({ type: 'payment.check' });
    await settle();
    expect(toasts).toEqual(['checkPayment is provided by the app']);
  });

  it('a call the app has not provided fails like a failed call: quietly for a read, with the general words for a payment', async () => {
    const loaded = paymentMachine.provide({
      actors: {
        loadCheckout: fromPromise(async (): Promise<CheckoutData> => ({ ...pending, methods: METHODS })),
        loadInstruction: fromPromise(async (): Promise<InstructionData> => ({
          ...pending,
          instruction: instruction({ simulasi: true, kartu: cardSetup }),
        })),
      },
    });
    const clock = new SimulatedClock();
    const shown = createActor(loaded, { input: { code: CODE, page: 'instruction', layout: 'd' }, clock });
    const toasts: string[] = [];
    shown.on('toast', (event) => toasts.push(event.message));
    shown.start();
    await settle();
    // The page's own read (loadOrder) after 3 s: a failure is quiet, the page stays.
    for (let second = 0; second < 4; second += 1) {
      clock.increment(1000);
      await settle();
    }
    expect(paymentView(shown.getSnapshot())).toBe('instruction');
    shown.send({ type: 'payment.simulate' });
    await settle();
    shown.send({ type: 'card.pay', token: 'tok-1' });
    await settle();
    const checkout = createActor(loaded, { input: { code: CODE, page: 'checkout', layout: 'd' } });
    checkout.on('toast', (event) => toasts.push(event.message));
    checkout.start();
    await settle();
    checkout.send({ type: 'method.choose', code: BCA.kode });
    checkout.send({ type: 'payment.pay' });
    await settle();
    expect(toasts).toEqual([paymentMessages.payFailed, paymentMessages.payFailed, paymentMessages.payFailed]);
    expect(paymentView(shown.getSnapshot())).toBe('instruction');
    expect(paymentView(checkout.getSnapshot())).toBe('checkout');
  });
});
