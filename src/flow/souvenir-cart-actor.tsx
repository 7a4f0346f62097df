import { createContext, useContext, useState, type ReactNode } from 'react';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { souvenirCartMachine, type SouvenirCartSnapshot } from '../../machines/souvenir-cart.machine';
import { browserStorage } from './persisted-actor';
import { usePersistedActorRef } from './use-flow-actor';

/** The cart and its seen hint belong to the device (spec section 2: persisted locally). */
export const CART_STORAGE_KEY = 'berangkat:oleh-oleh-cart';

export type SouvenirCartActor = ActorRefFrom<typeof souvenirCartMachine>;

const CartContext = createContext<SouvenirCartActor | null>(null);

/** Runs the cart chart for the souvenir pages and keeps each of its snapshots on the device. */
export function SouvenirCartProvider({ children }: { children: ReactNode }) {
  const [storage] = useState(() => browserStorage('local'));
  const actor: SouvenirCartActor = usePersistedActorRef(souvenirCartMachine, {
    input: {},
    key: CART_STORAGE_KEY,
    storage,
  });
  return <CartContext value={actor}>{children}</CartContext>;
}

export function useSouvenirCart(): SouvenirCartActor {
  const actor = useContext(CartContext);
  if (!actor) throw new Error('useSouvenirCart outside SouvenirCartProvider');
  return actor;
}

export function useCartSelector<T>(selector: (snapshot: SouvenirCartSnapshot) => T): T {
  return useSelector(useSouvenirCart(), selector);
}
