import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { createActor, type Snapshot } from 'xstate';
import type { FlashSaleSnapshot } from '../../../machines/flash-sale.machine';
import type { Booker } from '../../../machines/types';
import { useFlowInspect } from '../../flow/app-flow';
import { flashSaleMachineWithEffects } from '../../flow/flash-sale-flow';
import { applyNavigationIntent, type NavigationTarget } from '../../flow/navigation';
import { readProfileCopy } from '../../platform/session';

/** The tab's flash-sale progress (the purchase key included) survives a reload, not the tab. */
const STORAGE_KEY = 'berangkat:flash-sale';

type FlashSaleLogic = ReturnType<typeof flashSaleMachineWithEffects>;
function useFlashSaleActorRef(logic: FlashSaleLogic, booker: Booker | null, snapshot: Snapshot<unknown> | null) {
  const inspect = useFlowInspect();
  return useActorRef(logic, {
    input: { booker },
    ...(snapshot ? { snapshot } : {}),
    ...(inspect ? { inspect } : {}),
  });
}
export type FlashSaleActor = ReturnType<typeof useFlashSaleActorRef>;

const FlashSaleContext = createContext<FlashSaleActor | null>(null);

/** A kept snapshot this version of the chart can start from; null when none or unreadable. */
function restored(logic: FlashSaleLogic, booker: Booker | null): Snapshot<unknown> | null {
  try {
    const raw = sessionStorage.getItem(STORAGE_KEY);
    if (!raw) return null;
    const snapshot = JSON.parse(raw) as Snapshot<unknown>;
    // A snapshot of an older chart fails here, not in the page.
    createActor(logic, { input: { booker }, snapshot }).start().stop();
    return snapshot;
  } catch {
    return null;
  }
}

function bookerOfProfile(): Booker | null {
  const profile = readProfileCopy();
  if (!profile) return null;
  return { name: profile.nama, phone: profile.telp, email: profile.email };
}

/**
 * Runs the flash-sale chart for every page under /app/flash-sale, with its effects; the pages send
 * events and read the snapshot. Its navigation goes through the app's one adapter.
 */
export function FlashSaleProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const router = useRouter();
  const inspect = useFlowInspect();
  const [logic] = useState(() => flashSaleMachineWithEffects(queryClient));
  const [booker] = useState(bookerOfProfile);
  const [snapshot] = useState(() => restored(logic, booker));
  const actor = useFlashSaleActorRef(logic, booker, snapshot);
  useEffect(() => {
    const subscription = actor.subscribe(() => {
      try {
        sessionStorage.setItem(STORAGE_KEY, JSON.stringify(actor.getPersistedSnapshot()));
      } catch {
        // Storage full or blocked: the flow still works, it only does not survive a reload.
      }
    });
    return () => subscription.unsubscribe();
  }, [actor]);
  useEffect(() => {
    // Inside the app the flow's inspector applies the navigation; rendered alone, this provider does.
    if (inspect) return;
    const subscription = actor.on('navigate', (event) => {
      void applyNavigationIntent(router as unknown as NavigationTarget, event.intent);
    });
    return () => subscription.unsubscribe();
  }, [actor, inspect, router]);
  return <FlashSaleContext value={actor}>{children}</FlashSaleContext>;
}

export function useFlashSaleActor(): FlashSaleActor {
  const actor = useContext(FlashSaleContext);
  if (!actor) throw new Error('useFlashSaleActor outside FlashSaleProvider');
  return actor;
}

export function useFlashSaleSelector<T>(selector: (snapshot: FlashSaleSnapshot) => T): T {
  return useSelector(useFlashSaleActor(), selector);
}
