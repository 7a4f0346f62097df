import { useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { ActorRefFrom } from 'xstate';
import type { FlashSaleSnapshot, flashSaleMachine } from '../../machines/flash-sale.machine';
import type { Booker } from '../../machines/types';
import { readProfileCopy } from '../platform/session';
import { flashSaleMachineWithEffects } from './flash-sale-flow';
import { browserStorage } from '../platform/browser-storage';
import { sharedActor, usePersistedActorRef } from './use-flow-actor';

/**
 * The tab's flash-sale progress (the purchase key included) survives a reload, not the tab. ":2":
 * the context holds the app's models now; a tab's snapshot from before holds the replies' shapes,
 * which the screens cannot read, so it is not restored.
 */
export const FLASH_SALE_STORAGE_KEY = 'berangkat:flash-sale:2';

export type FlashSaleActor = ActorRefFrom<typeof flashSaleMachine>;

const shared = sharedActor<FlashSaleActor>('useFlashSaleActor', 'FlashSaleProvider');

function bookerOfProfile(): Booker | null {
  const profile = readProfileCopy();
  if (!profile) return null;
  return { name: profile.nama, phone: profile.telp, email: profile.email };
}

/**
 * Runs the flash-sale chart for every page under /app/flash-sale, with its effects, kept in the
 * tab's sessionStorage; the pages send events and read the snapshot.
 */
export function FlashSaleProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [logic] = useState(() => flashSaleMachineWithEffects(queryClient));
  const [booker] = useState(bookerOfProfile);
  const [storage] = useState(() => browserStorage('session'));
  const actor: FlashSaleActor = usePersistedActorRef(logic, {
    input: { booker },
    key: FLASH_SALE_STORAGE_KEY,
    storage,
  });
  return <shared.Context value={actor}>{children}</shared.Context>;
}

export const useFlashSaleActor: () => FlashSaleActor = shared.useActor;
export const useFlashSaleSelector: <T>(selector: (snapshot: FlashSaleSnapshot) => T) => T = shared.useActorSelector;
