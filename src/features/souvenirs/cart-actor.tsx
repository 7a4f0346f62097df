import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { createActor, type Snapshot } from 'xstate';
import { souvenirCartMachine, type SouvenirCartSnapshot } from '../../../machines/souvenir-cart.machine';
import { useFlowInspect } from '../../flow/app-flow';

/** The cart and its seen hint belong to the device (spec section 2: persisted locally). */
export const CART_STORAGE_KEY = 'berangkat:oleh-oleh-cart';

function useCartActorRef(snapshot: Snapshot<unknown> | null) {
  const inspect = useFlowInspect();
  return useActorRef(souvenirCartMachine, {
    input: {},
    ...(snapshot ? { snapshot } : {}),
    ...(inspect ? { inspect } : {}),
  });
}
export type SouvenirCartActor = ReturnType<typeof useCartActorRef>;

const CartContext = createContext<SouvenirCartActor | null>(null);

/** A kept cart this version of the chart can start from; null when none or unreadable. */
function restored(): Snapshot<unknown> | null {
  try {
    const raw = localStorage.getItem(CART_STORAGE_KEY);
    if (!raw) return null;
    const snapshot = JSON.parse(raw) as Snapshot<unknown>;
    createActor(souvenirCartMachine, { input: {}, snapshot }).start().stop();
    return snapshot;
  } catch {
    return null;
  }
}

/** Runs the cart chart for the souvenir pages and keeps each of its snapshots on the device. */
export function SouvenirCartProvider({ children }: { children: ReactNode }) {
  const [snapshot] = useState(restored);
  const actor = useCartActorRef(snapshot);
  useEffect(() => {
    const subscription = actor.subscribe(() => {
      try {
        localStorage.setItem(CART_STORAGE_KEY, JSON.stringify(actor.getPersistedSnapshot()));
      } catch {
        // Storage full or blocked: the cart still works, it only does not survive a reload.
      }
    });
    return () => subscription.unsubscribe();
  }, [actor]);
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
