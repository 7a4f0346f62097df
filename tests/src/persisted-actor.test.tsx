import { act, cleanup, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { souvenirCartMachine, type CartProduct } from '../../machines/souvenir-cart.machine';
import {
  createPersistedActor,
  restoredSnapshot,
  snapshotWriter,
  type SnapshotStorage,
} from '../../src/flow/persisted-actor';
import {
  CART_STORAGE_KEY,
  SouvenirCartProvider,
  useCartSelector,
  useSouvenirCart,
} from '../../src/flow/souvenir-cart-actor';

const KEY = 'test:cart';
const KERIPIK: CartProduct = { id: 7, name: 'Keripik Tempe', unit: 'bungkus', price: 25_000, image: '' };

function memoryStorage(initial: Record<string, string> = {}): SnapshotStorage & { data: Map<string, string> } {
  const data = new Map(Object.entries(initial));
  return {
    data,
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => void data.set(key, value),
    removeItem: (key) => void data.delete(key),
  };
}

const linesOf = (storage: { data: Map<string, string> }) =>
  (JSON.parse(storage.data.get(KEY) ?? '{}') as { context?: { lines: unknown[] } }).context?.lines;

beforeEach(() => localStorage.clear());
afterEach(cleanup);

describe('createPersistedActor (the one way an app actor survives a reload)', () => {
  it('stores every change and starts the next actor from it', () => {
    const storage = memoryStorage();
    const first = createPersistedActor({ logic: souvenirCartMachine, input: {}, key: KEY, storage });
    expect(first.restored).toBe(false);
    first.actor.send({ type: 'cart.add', product: KERIPIK });
    expect(linesOf(storage)).toHaveLength(1);
    first.actor.stop();

    const second = createPersistedActor({ logic: souvenirCartMachine, input: {}, key: KEY, storage });
    expect(second.restored).toBe(true);
    expect(second.actor.getSnapshot().context.lines).toEqual([{ ...KERIPIK, quantity: 1 }]);
    second.actor.stop();
  });

  it('forgets a stored value it cannot start from, or one the caller does not accept, and starts fresh', () => {
    for (const text of ['{oops', '42', JSON.stringify({ status: 'done', value: {} })]) {
      const storage = memoryStorage({ [KEY]: text });
      const { actor, restored } = createPersistedActor({ logic: souvenirCartMachine, input: {}, key: KEY, storage });
      expect(restored).toBe(false);
      expect(actor.getSnapshot().context.lines).toEqual([]);
      actor.stop();
    }
    const storage = memoryStorage();
    const kept = createPersistedActor({ logic: souvenirCartMachine, input: {}, key: KEY, storage });
    kept.actor.send({ type: 'cart.add', product: KERIPIK });
    kept.actor.stop();
    const refused = createPersistedActor({
      logic: souvenirCartMachine,
      input: {},
      key: KEY,
      storage,
      accept: (snapshot) => snapshot.context.lines.length === 0,
    });
    expect(refused.restored).toBe(false);
    expect(refused.actor.getSnapshot().context.lines).toEqual([]);
    refused.actor.stop();
  });

  it('writes nothing for an actor that is no longer running', () => {
    const storage = memoryStorage();
    const actor = createActor(souvenirCartMachine, { input: {} }).start();
    actor.stop();
    snapshotWriter(storage, KEY, () => actor).persist();
    expect(storage.data.has(KEY)).toBe(false);
  });

  it('a storage that refuses to write leaves the actor working', () => {
    const storage = {
      ...memoryStorage(),
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    };
    const { actor } = createPersistedActor({ logic: souvenirCartMachine, input: {}, key: KEY, storage });
    actor.send({ type: 'cart.add', product: KERIPIK });
    expect(actor.getSnapshot().context.lines).toHaveLength(1);
    actor.stop();
  });
});

describe('restoredSnapshot (a page-held actor)', () => {
  it('hands back a snapshot this chart starts from, and null for anything else', () => {
    const storage = memoryStorage();
    const { actor } = createPersistedActor({ logic: souvenirCartMachine, input: {}, key: KEY, storage });
    actor.send({ type: 'cart.add', product: KERIPIK });
    actor.stop();
    expect(restoredSnapshot(souvenirCartMachine, {}, storage, KEY)).toMatchObject({
      context: { lines: [{ ...KERIPIK, quantity: 1 }] },
    });
    expect(restoredSnapshot(souvenirCartMachine, {}, memoryStorage({ [KEY]: '{oops' }), KEY)).toBeNull();
    expect(restoredSnapshot(souvenirCartMachine, {}, memoryStorage(), KEY)).toBeNull();
    expect(restoredSnapshot(souvenirCartMachine, {}, null, KEY)).toBeNull();
  });
});

describe('the souvenir cart on the device (spec section 2)', () => {
  function Cart() {
    const cart = useSouvenirCart();
    const count = useCartSelector((snapshot) => snapshot.context.lines.length);
    return (
      <button type="button" onClick={() => cart.send({ type: 'cart.add', product: KERIPIK })}>
        {count}
      </button>
    );
  }

  it('keeps the cart in localStorage and shows it again after a reload', () => {
    const first = render(
      <SouvenirCartProvider>
        <Cart />
      </SouvenirCartProvider>,
    );
    act(() => first.getByRole('button').click());
    const stored = JSON.parse(localStorage.getItem(CART_STORAGE_KEY) ?? '{}') as { context?: { lines: unknown[] } };
    expect(stored.context?.lines).toHaveLength(1);
    first.unmount();

    const second = render(
      <SouvenirCartProvider>
        <Cart />
      </SouvenirCartProvider>,
    );
    expect(second.getByRole('button').textContent).toBe('1');
  });

  it('a hook outside the provider says so', () => {
    expect(() => render(<Cart />)).toThrow('useSouvenirCart outside SouvenirCartProvider');
  });
});
