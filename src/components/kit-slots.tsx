import { createContext, useContext, type ReactNode } from 'react';
import type { InspectionEvent } from 'xstate';

/**
 * What the app lends the UI kit, so the kit never imports a feature or the flow: the account entry
 * the navbar shows, the app's step back, and the inspector for an actor a kit component starts (a
 * sheet). The root route fills them; a kit component rendered alone (a test) runs without them.
 */
export interface KitSlots {
  /** Shown at the navbar's right on desktop. */
  accountEntry?: ReactNode;
  /** The navbar's back when the screen does not take it over. */
  back?: () => void;
  /**
   * A hook returning the app's inspector. Passed as a hook, not a value: reading the inspector
   * waits for the flow's code, which only a screen that starts an actor should wait for. It must
   * stay the same function for the app's life (hooks run in the same order on every render).
   */
  useInspect?: () => ((event: InspectionEvent) => void) | undefined;
}

const KitSlotsContext = createContext<KitSlots>({});

export function KitSlotsProvider({ value, children }: { value: KitSlots; children: ReactNode }) {
  return <KitSlotsContext value={value}>{children}</KitSlotsContext>;
}

export function useKitSlots(): KitSlots {
  return useContext(KitSlotsContext);
}

const noInspector = () => undefined;

/** The app's inspector for an actor a kit component starts; undefined outside the app. */
export function useKitInspect(): ((event: InspectionEvent) => void) | undefined {
  const useInspect = useKitSlots().useInspect ?? noInspector;
  return useInspect();
}
