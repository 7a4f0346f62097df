import { useState, type ReactNode } from 'react';
import type { ActorRefFrom } from 'xstate';
import { souvenirCartMachine, type SouvenirCartSnapshot } from '../../machines/souvenir-cart.machine';
import { browserStorage } from '../platform/browser-storage';
import { sharedActor, usePersistedActorRef } from './use-flow-actor';

/** The cart and its seen hint belong to the device (spec section 2: persisted locally). */
export const CART_STORAGE_KEY = 'berangkat:oleh-oleh-cart';

export type SouvenirCartActor = ActorRefFrom<typeof souvenirCartMachine>;

const shared = sharedActor<SouvenirCartActor>('useSouvenirCart', 'SouvenirCartProvider');

/** Runs the cart chart for the souvenir pages and keeps each of its snapshots on the device. */
export function SouvenirCartProvider({ children }: { children: ReactNode }) {
  const [storage] = useState(() => browserStorage('local'));
  const actor: SouvenirCartActor = usePersistedActorRef(souvenirCartMachine, {
    input: {},
    key: CART_STORAGE_KEY,
    storage,
  });
  return <shared.Context value={actor}>{children}</shared.Context>;
}

export const useSouvenirCart: () => SouvenirCartActor = shared.useActor;
export const useCartSelector: <T>(selector: (snapshot: SouvenirCartSnapshot) => T) => T = shared.useActorSelector;
