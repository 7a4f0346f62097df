import { describe, expect, it } from 'vitest';
import { assign, createActor, setup, type AnyActorLogic } from 'xstate';
import type { CekHargaResults } from '../../contract';
import { bookingPriceMachine, type PriceChecked } from '../../machines/booking-price.machine';
import type { PriceRequest } from '../../machines/booking-requests';
import { type BookingPriceRef, priceLoading, priceSkeletonRows } from '../../machines/booking-selectors';
import { PRICE_SKELETON_ROWS } from '../../machines/constants';
import { controllable, flush, priceResults } from './booking-fixtures';

const request = (seats: string[]): PriceRequest => ({ seats }) as unknown as PriceRequest; // Opaque to the chart.

/** A parent like the booking: it invokes the price child and keeps what the child tells it. */
function withParent(child: AnyActorLogic) {
  const parent = setup({
    types: { context: {} as { told: PriceChecked[] }, events: {} as PriceChecked },
    actors: { price: child },
  }).createMachine({
    context: { told: [] },
    invoke: { id: 'price', src: 'price' },
    on: { 'price.checked': { actions: assign(({ context, event }) => ({ told: [...context.told, event] })) } },
  });
  const actor = createActor(parent).start();
  const price = () => actor.getSnapshot().children.price as unknown as BookingPriceRef;
  return { actor, price };
}

describe('bookingPriceMachine', () => {
  it('checks the request asked and tells the parent the reply; the skeleton shows meanwhile', async () => {
    const checkPrice = controllable<CekHargaResults, PriceRequest>();
    const { actor, price } = withParent(bookingPriceMachine.provide({ actors: { checkPrice: checkPrice.logic } }));
    expect(priceSkeletonRows(price().getSnapshot())).toBe(0);
    price().send({ type: 'price.check', request: request(['1A']) });
    expect(checkPrice.calls.map((call) => call.input)).toEqual([request(['1A'])]);
    expect(priceLoading(price().getSnapshot())).toBe(true);
    expect(priceSkeletonRows(price().getSnapshot())).toBe(PRICE_SKELETON_ROWS);
    expect(price().getSnapshot().context.request).toEqual(request(['1A']));
    checkPrice.calls[0]?.resolve(priceResults({ total_bayar: 150_000 }));
    await flush();
    expect(actor.getSnapshot().context.told).toEqual([
      { type: 'price.checked', price: priceResults({ total_bayar: 150_000 }) },
    ]);
    expect(price().getSnapshot().value).toBe('idle');
  });

  it('a new request restarts the check: only the last one is told', async () => {
    const checkPrice = controllable<CekHargaResults, PriceRequest>();
    const { actor, price } = withParent(bookingPriceMachine.provide({ actors: { checkPrice: checkPrice.logic } }));
    price().send({ type: 'price.check', request: request(['1A']) });
    price().send({ type: 'price.check', request: request(['1A', '1B']) });
    expect(checkPrice.calls.map((call) => call.input)).toEqual([request(['1A']), request(['1A', '1B'])]);
    expect(price().getSnapshot().context.request).toEqual(request(['1A', '1B']));
    checkPrice.calls[0]?.resolve(priceResults({ total_bayar: 1 }));
    await flush();
    expect(actor.getSnapshot().context.told).toEqual([]);
    checkPrice.calls[1]?.resolve(priceResults({ total_bayar: 2 }));
    await flush();
    expect(actor.getSnapshot().context.told.map((told) => told.price.total_bayar)).toEqual([2]);
  });

  it('a cancel drops the check in flight; a failure is silent', async () => {
    const checkPrice = controllable<CekHargaResults, PriceRequest>();
    const { actor, price } = withParent(bookingPriceMachine.provide({ actors: { checkPrice: checkPrice.logic } }));
    price().send({ type: 'price.check', request: request(['1A']) });
    price().send({ type: 'price.cancel' });
    expect(price().getSnapshot().value).toBe('idle');
    checkPrice.calls[0]?.resolve(priceResults());
    price().send({ type: 'price.check', request: request(['2A']) });
    checkPrice.calls[1]?.reject(new Error('offline'));
    await flush();
    expect(price().getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().context.told).toEqual([]);
  });

  it('without a provided call the check fails silently', async () => {
    const { actor, price } = withParent(bookingPriceMachine);
    price().send({ type: 'price.check', request: request(['1A']) });
    await flush();
    expect(price().getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().context.told).toEqual([]);
  });
});
