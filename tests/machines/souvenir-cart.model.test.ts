import { describe, expect, it } from 'vitest';
import { createActor, type EventFromLogic } from 'xstate';
import {
  cartCount,
  cartTotal,
  isCartOpen,
  isTutorialShowing,
  souvenirCartMachine,
  type CartProduct,
  type SouvenirCartSnapshot,
} from '../../machines/souvenir-cart.machine';
import { edgeCoverPaths, measureCoverage, printCoverage, withLazyPaths } from './support/coverage';

type CartEvent = EventFromLogic<typeof souvenirCartMachine>;

const BOLU: CartProduct = { id: 1, name: 'Bolu Susu Lembang', unit: 'Kotak isi 10', price: 45000, image: '/b.svg' };
const KOPI: CartProduct = { id: 12, name: 'Kopi Java Preanger', unit: 'Bubuk 200 g', price: 75000, image: '/k.svg' };
const MAX = 2;
const input = { quantityMax: MAX };

const events: CartEvent[] = [
  { type: 'cart.add', product: BOLU },
  { type: 'cart.add', product: KOPI },
  { type: 'cart.decrease', id: BOLU.id },
  { type: 'cart.remove', id: BOLU.id },
  { type: 'cart.remove', id: KOPI.id },
  { type: 'cart.remove', id: 999 },
  { type: 'cart.clear' },
  { type: 'cart.open' },
  { type: 'cart.close' },
  { type: 'tutorial.dismiss' },
];

/** The model's truth, kept beside the actor: what a shopper expects the cart to hold. */
interface Model {
  quantities: Map<number, number>;
  open: boolean;
  tutorial: 'unseen' | 'showing' | 'seen';
}

const PRODUCTS = new Map([BOLU, KOPI].map((p) => [p.id, p]));

function expected(model: Model, event: CartEvent): Model {
  const quantities = new Map(model.quantities);
  let { open, tutorial } = model;
  switch (event.type) {
    case 'cart.add': {
      const now = quantities.get(event.product.id) ?? 0;
      if (now < MAX) {
        quantities.set(event.product.id, now + 1);
        if (tutorial === 'unseen') tutorial = 'showing';
      }
      break;
    }
    case 'cart.decrease': {
      const now = quantities.get(event.id) ?? 0;
      if (now > 1) quantities.set(event.id, now - 1);
      break;
    }
    case 'cart.remove':
      quantities.delete(event.id);
      if (quantities.size === 0) open = false;
      break;
    case 'cart.clear':
      quantities.clear();
      open = false;
      if (tutorial === 'showing') tutorial = 'seen';
      break;
    case 'cart.open':
      if (quantities.size > 0) open = true;
      if (tutorial === 'showing') tutorial = 'seen';
      break;
    case 'cart.close':
      open = false;
      break;
    case 'tutorial.dismiss':
      if (tutorial === 'showing') tutorial = 'seen';
      break;
  }
  return { quantities, open, tutorial };
}

function check(snapshot: SouvenirCartSnapshot, model: Model): string {
  const { lines } = snapshot.context;
  expect(new Map(lines.map((line) => [line.id, line.quantity]))).toEqual(model.quantities);
  expect(isCartOpen(snapshot)).toBe(model.open);
  expect(snapshot.matches({ tutorial: model.tutorial })).toBe(true);
  expect(isTutorialShowing(snapshot)).toBe(model.tutorial === 'showing');
  // Every line keeps its product as added, within 1..MAX; count and total follow the lines.
  for (const line of lines) {
    expect(line).toMatchObject(PRODUCTS.get(line.id)!);
    expect(line.quantity).toBeGreaterThanOrEqual(1);
    expect(line.quantity).toBeLessThanOrEqual(MAX);
  }
  expect(cartCount(snapshot)).toBe([...model.quantities.values()].reduce((a, b) => a + b, 0));
  expect(cartTotal(snapshot)).toBe(lines.reduce((sum, l) => sum + PRODUCTS.get(l.id)!.price * l.quantity, 0));
  // An open cart is never empty.
  if (isCartOpen(snapshot)) expect(lines.length).toBeGreaterThan(0);
  return JSON.stringify(snapshot.value);
}

function replay(path: readonly CartEvent[]): string[] {
  const actor = createActor(souvenirCartMachine, { input }).start();
  let model: Model = { quantities: new Map(), open: false, tutorial: 'unseen' };
  const visited = [check(actor.getSnapshot(), model)];
  for (const event of path) {
    actor.send(event);
    model = expected(model, event);
    visited.push(check(actor.getSnapshot(), model));
  }
  actor.stop();
  return visited;
}

describe('souvenirCartMachine model', () => {
  // Generated inside the tests (on first use), so a mutant that breaks the chart fails a test.
  const run = withLazyPaths({}, () => edgeCoverPaths(souvenirCartMachine, { events, input }));

  it('every path keeps the cart a shopper expects at every step', () => {
    expect(run.paths.length).toBeGreaterThan(50);
    const reached = new Set(run.paths.flatMap(replay));
    // Opening the cart is seeing it: an open cart never shows the hint.
    expect([...reached].sort()).toEqual(
      [
        { panel: 'closed', tutorial: 'seen' },
        { panel: 'closed', tutorial: 'showing' },
        { panel: 'closed', tutorial: 'unseen' },
        { panel: 'open', tutorial: 'seen' },
      ].map((value) => JSON.stringify(value)),
    );
  });

  it('paths cover every state and transition of the chart', () => {
    const coverage = measureCoverage(souvenirCartMachine, run.paths, input);
    printCoverage('souvenir-cart', coverage);
    expect(coverage.states.missing).toEqual([]);
    expect(coverage.transitions.missing).toEqual([]);
  });

  it('a snapshot kept in storage restores the same cart and never shows the hint twice', () => {
    const actor = createActor(souvenirCartMachine, { input: {} }).start();
    actor.send({ type: 'cart.add', product: BOLU });
    actor.send({ type: 'cart.add', product: KOPI });
    actor.send({ type: 'tutorial.dismiss' });
    const kept = JSON.parse(JSON.stringify(actor.getPersistedSnapshot())) as never;
    actor.stop();
    const again = createActor(souvenirCartMachine, { input: {}, snapshot: kept }).start();
    expect(cartCount(again.getSnapshot())).toBe(2);
    again.send({ type: 'cart.clear' });
    again.send({ type: 'cart.add', product: BOLU });
    expect(isTutorialShowing(again.getSnapshot())).toBe(false);
  });
});
