import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { GUEST_LOOKUP_REFUSED } from '../../contract/order';
import {
  cancelDialog,
  isRefreshing,
  isVerifying,
  orderMachine,
  orderMessages,
  shownOrder,
  type CancelOrderInput,
  type CancelOutcome,
  type LoadOrderInput,
  type LoadOutcome,
  type LookupOrderInput,
  type LookupOutcome,
  type OrderInput,
} from '../../machines/order.machine';
import type { ToastEmitted } from '../../machines/types';
import { cancelledOrder, order, ORDER_CODE, ORDER_KEY, paidOrder } from './order-fixtures';

interface Fakes {
  loads?: LoadOutcome[];
  lookups?: (LookupOutcome | Error)[];
  cancels?: (CancelOutcome | Error)[];
}

/** The machine with scripted calls: each call takes the next answer of its list. */
function start(input: Partial<OrderInput>, fakes: Fakes) {
  const loads = [...(fakes.loads ?? [])];
  const lookups = [...(fakes.lookups ?? [])];
  const cancels = [...(fakes.cancels ?? [])];
  const lookupInputs: LookupOrderInput[] = [];
  const cancelInputs: CancelOrderInput[] = [];
  const loadInputs: LoadOrderInput[] = [];
  const rememberKey = vi.fn();
  const next = <T>(list: (T | Error)[]) => {
    const answer = list.shift();
    if (answer === undefined) throw new Error('no answer scripted');
    return answer instanceof Error ? Promise.reject(answer) : Promise.resolve(answer);
  };
  const actor = createActor(
    orderMachine.provide({
      actors: {
        loadOrder: fromPromise<LoadOutcome, LoadOrderInput>(({ input: call }) => {
          loadInputs.push(call);
          return next(loads);
        }),
        lookupOrder: fromPromise<LookupOutcome, LookupOrderInput>(({ input: call }) => {
          lookupInputs.push(call);
          return next(lookups);
        }),
        cancelOrder: fromPromise<CancelOutcome, CancelOrderInput>(({ input: call }) => {
          cancelInputs.push(call);
          return next(cancels);
        }),
      },
      actions: { rememberKey: (_, params) => rememberKey(params) },
    }),
    { input: { code: ORDER_CODE.toLowerCase(), guest: false, hasKey: true, ...input } },
  );
  const toasts: ToastEmitted[] = [];
  actor.on('toast', (event) => toasts.push(event));
  actor.start();
  return { actor, toasts, rememberKey, lookupInputs, cancelInputs, loadInputs, loads };
}

describe('order page', () => {
  it('reads the order by its code (upper case) and shows it by status', async () => {
    const { actor } = start({}, { loads: [{ kind: 'ok', order: paidOrder() }] });
    await waitFor(actor, (snapshot) => snapshot.matches({ shown: 'paid' }));
    expect(shownOrder(actor.getSnapshot())?.reservasi_kode).toBe(ORDER_CODE);
    expect(actor.getSnapshot().context.code).toBe(ORDER_CODE);
    expect(actor.getSnapshot().can({ type: 'cancel.open' })).toBe(false);
  });

  it('an unknown code or no access on the app page: not found, nothing shown', async () => {
    const { actor } = start({}, { loads: [{ kind: 'notFound' }] });
    await waitFor(actor, (snapshot) => snapshot.matches('notFound'));
    expect(shownOrder(actor.getSnapshot())).toBeNull();
  });

  it('a failed read offers "Coba Lagi", which reads again', async () => {
    const { actor, loads } = start({}, { loads: [] });
    await waitFor(actor, (snapshot) => snapshot.matches('failed'));
    expect(shownOrder(actor.getSnapshot())).toBeNull();
    loads.push({ kind: 'ok', order: order() });
    actor.send({ type: 'order.retry' });
    await waitFor(actor, (snapshot) => snapshot.matches({ shown: { pending: 'idle' } }));
  });
});

describe('cancelling', () => {
  it('reason required, then "Batalkan Pesanan ?", then the call, the toast and the refreshed order', async () => {
    const { actor, toasts, cancelInputs } = start(
      {},
      {
        loads: [
          { kind: 'ok', order: order() },
          { kind: 'ok', order: cancelledOrder() },
        ],
        cancels: [{ kind: 'ok' }],
      },
    );
    await waitFor(actor, (snapshot) => snapshot.matches({ shown: { pending: 'idle' } }));
    actor.send({ type: 'cancel.open' });
    expect(cancelDialog(actor.getSnapshot())).toBe('reason');
    actor.send({ type: 'cancel.submit' });
    expect(actor.getSnapshot().context.reasonError).toBe('Pilih alasan pembatalan');
    expect(cancelDialog(actor.getSnapshot())).toBe('reason');
    actor.send({ type: 'cancel.reason', reason: 'salah-data' });
    expect(actor.getSnapshot().context.reasonError).toBeNull();
    actor.send({ type: 'cancel.submit' });
    expect(cancelDialog(actor.getSnapshot())).toBe('confirm');
    actor.send({ type: 'cancel.confirm' });
    await waitFor(actor, (snapshot) => snapshot.matches({ shown: 'cancelled' }));
    expect(cancelInputs).toEqual([{ code: ORDER_CODE, reason: 'salah-data' }]);
    expect(toasts.map((toast) => toast.message)).toEqual([orderMessages.cancelled]);
    expect(shownOrder(actor.getSnapshot())?.status).toBe('cancelled');
  });

  it('"Tidak" closes without a call; opening again starts without the old reason', async () => {
    const { actor, cancelInputs } = start({}, { loads: [{ kind: 'ok', order: order() }] });
    await waitFor(actor, (snapshot) => snapshot.matches({ shown: { pending: 'idle' } }));
    actor.send({ type: 'cancel.open' });
    actor.send({ type: 'cancel.reason', reason: 'lainnya' });
    actor.send({ type: 'cancel.submit' });
    actor.send({ type: 'cancel.dismiss' });
    expect(cancelDialog(actor.getSnapshot())).toBeNull();
    actor.send({ type: 'cancel.open' });
    expect(actor.getSnapshot().context.reason).toBeNull();
    expect(cancelInputs).toEqual([]);
  });

  it('ORD-1: the server message is toasted and the order is read again', async () => {
    const message = 'Pesanan sudah dibayar dan tidak dapat dibatalkan';
    const { actor, toasts } = start(
      {},
      {
        loads: [
          { kind: 'ok', order: order() },
          { kind: 'ok', order: paidOrder() },
        ],
        cancels: [{ kind: 'refused', message }],
      },
    );
    await waitFor(actor, (snapshot) => snapshot.matches({ shown: { pending: 'idle' } }));
    actor.send({ type: 'cancel.open' });
    actor.send({ type: 'cancel.reason', reason: 'batal-pergi' });
    actor.send({ type: 'cancel.submit' });
    actor.send({ type: 'cancel.confirm' });
    await waitFor(actor, (snapshot) => snapshot.matches({ shown: 'paid' }));
    expect(toasts.map((toast) => toast.message)).toEqual([message]);
    expect(toasts[0]?.position).toBe('bottom');
  });

  it('a failed call says so and leaves the order as it was', async () => {
    const { actor, toasts } = start({}, { loads: [{ kind: 'ok', order: order() }], cancels: [new Error('offline')] });
    await waitFor(actor, (snapshot) => snapshot.matches({ shown: { pending: 'idle' } }));
    actor.send({ type: 'cancel.open' });
    actor.send({ type: 'cancel.reason', reason: 'batal-pergi' });
    actor.send({ type: 'cancel.submit' });
    actor.send({ type: 'cancel.confirm' });
    await waitFor(actor, (snapshot) => toasts.length > 0 && snapshot.matches({ shown: { pending: 'idle' } }));
    expect(toasts.map((toast) => toast.message)).toEqual([orderMessages.cancelFailed]);
  });

  it('an order the server no longer lets cancel offers no "Batalkan Pesanan"', async () => {
    const { actor } = start({}, { loads: [{ kind: 'ok', order: order({ bisa_batal: false }) }] });
    await waitFor(actor, (snapshot) => snapshot.matches({ shown: { pending: 'idle' } }));
    expect(actor.getSnapshot().can({ type: 'cancel.open' })).toBe(false);
  });
});

describe('guest page', () => {
  it('without the key: the form first, nothing of the order, no read', async () => {
    const { actor } = start({ guest: true, hasKey: false }, {});
    expect(actor.getSnapshot().matches({ lookup: 'editing' })).toBe(true);
    expect(shownOrder(actor.getSnapshot())).toBeNull();
  });

  it('an empty field is refused by the contract rule, without a call', () => {
    const { actor, lookupInputs } = start({ guest: true, hasKey: false }, {});
    actor.send({ type: 'lookup.submit' });
    expect(actor.getSnapshot().context.contactError).toBe('Email atau nomor handphone wajib diisi');
    actor.send({ type: 'lookup.change', value: '   ' });
    actor.send({ type: 'lookup.submit' });
    expect(actor.getSnapshot().context.contactError).toBe('Email atau nomor handphone wajib diisi');
    expect(lookupInputs).toEqual([]);
  });

  it('a wrong contact shows the one refusal; the rate limit shows the server message; a match keeps the key', async () => {
    const limited = 'Terlalu banyak percobaan, coba lagi nanti';
    const { actor, rememberKey, lookupInputs } = start(
      { guest: true, hasKey: false },
      {
        lookups: [
          { kind: 'refused' },
          { kind: 'limited', message: limited },
          { kind: 'ok', order: order(), key: ORDER_KEY },
        ],
      },
    );
    actor.send({ type: 'lookup.change', value: 'salah@contoh.id' });
    actor.send({ type: 'lookup.submit' });
    await waitFor(actor, (snapshot) => snapshot.context.lookupError !== null);
    expect(actor.getSnapshot().context.lookupError).toBe(GUEST_LOOKUP_REFUSED);
    expect(shownOrder(actor.getSnapshot())).toBeNull();

    actor.send({ type: 'lookup.submit' });
    await waitFor(actor, (snapshot) => snapshot.context.lookupError === limited);

    actor.send({ type: 'lookup.change', value: ' budi@contoh.id ' });
    expect(actor.getSnapshot().context.lookupError).toBeNull();
    actor.send({ type: 'lookup.submit' });
    await waitFor(actor, (snapshot) => snapshot.matches('shown'));
    expect(lookupInputs.at(-1)).toEqual({ code: ORDER_CODE, contact: 'budi@contoh.id' });
    expect(rememberKey).toHaveBeenCalledExactlyOnceWith({ code: ORDER_CODE, key: ORDER_KEY });
  });

  it('a failed look-up says so and keeps the form', async () => {
    const { actor } = start({ guest: true, hasKey: false }, { lookups: [new Error('offline')] });
    actor.send({ type: 'lookup.change', value: '081234567890' });
    actor.send({ type: 'lookup.submit' });
    await waitFor(actor, (snapshot) => snapshot.context.lookupError !== null);
    expect(actor.getSnapshot().context.lookupError).toBe(orderMessages.lookupFailed);
    expect(actor.getSnapshot().matches({ lookup: 'editing' })).toBe(true);
  });

  it('with the key the order shows at once; a key the server refuses falls back to the form', async () => {
    const held = start({ guest: true, hasKey: true }, { loads: [{ kind: 'ok', order: order() }] });
    await waitFor(held.actor, (snapshot) => snapshot.matches('shown'));
    const stale = start({ guest: true, hasKey: true }, { loads: [{ kind: 'notFound' }] });
    await waitFor(stale.actor, (snapshot) => snapshot.matches({ lookup: 'editing' }));
    expect(shownOrder(stale.actor.getSnapshot())).toBeNull();
  });
});

describe('what the order page asks and shows between reads', () => {
  it('the first read asks for the order as the browser may keep it; the read after cancelling asks fresh', async () => {
    const { actor, loadInputs, toasts } = start(
      {},
      {
        loads: [
          { kind: 'ok', order: order() },
          { kind: 'ok', order: cancelledOrder() },
        ],
        cancels: [{ kind: 'ok' }],
      },
    );
    await waitFor(actor, (snapshot) => snapshot.matches({ shown: { pending: 'idle' } }));
    expect(isRefreshing(actor.getSnapshot())).toBe(false);
    expect(loadInputs).toEqual([{ code: ORDER_CODE, fresh: false }]);
    actor.send({ type: 'cancel.open' });
    actor.send({ type: 'cancel.reason', reason: 'salah-data' });
    actor.send({ type: 'cancel.submit' });
    actor.send({ type: 'cancel.confirm' });
    await waitFor(actor, (snapshot) => snapshot.matches({ shown: 'cancelled' }));
    expect(loadInputs).toEqual([
      { code: ORDER_CODE, fresh: false },
      { code: ORDER_CODE, fresh: true },
    ]);
    expect(toasts).toEqual([expect.objectContaining({ message: orderMessages.cancelled, position: 'bottom' })]);
  });

  it('the guest form is not verifying while typing', () => {
    const { actor } = start({ guest: true, hasKey: false }, {});
    expect(actor.getSnapshot().matches({ lookup: 'editing' })).toBe(true);
    expect(isVerifying(actor.getSnapshot())).toBe(false);
  });
});

describe("the chart without the app's calls", () => {
  it('a read nobody provided fails like a failed read: "Coba Lagi"', async () => {
    const actor = createActor(orderMachine, { input: { code: ORDER_CODE, guest: false, hasKey: true } }).start();
    await waitFor(actor, (snapshot) => snapshot.matches('failed'));
  });

  it('a look-up nobody provided fails like a failed look-up', async () => {
    const actor = createActor(orderMachine, { input: { code: ORDER_CODE, guest: true, hasKey: false } }).start();
    actor.send({ type: 'lookup.change', value: 'budi@contoh.id' });
    actor.send({ type: 'lookup.submit' });
    await waitFor(actor, (snapshot) => snapshot.matches({ lookup: 'editing' }));
    expect(actor.getSnapshot().context.lookupError).toBe(orderMessages.lookupFailed);
  });

  it('a cancel call nobody provided fails like a failed cancel call', async () => {
    const actor = createActor(
      orderMachine.provide({
        actors: {
          loadOrder: fromPromise<LoadOutcome, LoadOrderInput>(() => Promise.resolve({ kind: 'ok', order: order() })),
        },
      }),
      { input: { code: ORDER_CODE, guest: false, hasKey: true } },
    );
    const toasts: ToastEmitted[] = [];
    actor.on('toast', (event) => toasts.push(event));
    actor.start();
    await waitFor(actor, (snapshot) => snapshot.matches({ shown: { pending: 'idle' } }));
    actor.send({ type: 'cancel.open' });
    actor.send({ type: 'cancel.reason', reason: 'salah-data' });
    actor.send({ type: 'cancel.submit' });
    actor.send({ type: 'cancel.confirm' });
    await waitFor(actor, (snapshot) => snapshot.matches({ shown: { pending: 'idle' } }));
    expect(toasts.map((toast) => toast.message)).toEqual([orderMessages.cancelFailed]);
  });
});
