import { useSyncExternalStore } from 'react';
import type { ToastItem } from '../../machines/toaster.machine';

/**
 * What the toaster actor shows, for the root's Toaster to draw. The actor (and XState) load with
 * the booking flow; the home page carries only this store.
 */
let toasts: readonly ToastItem[] = [];
let dismissHandler: ((id: number) => void) | null = null;
const listeners = new Set<() => void>();

export function publishToasts(next: readonly ToastItem[], dismiss: (id: number) => void): void {
  toasts = next;
  dismissHandler = dismiss;
  for (const listener of listeners) listener();
}

export function dismissToast(id: number): void {
  dismissHandler?.(id);
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const EMPTY: readonly ToastItem[] = [];

export function useToasts(): readonly ToastItem[] {
  return useSyncExternalStore(
    subscribe,
    () => toasts,
    () => EMPTY,
  );
}
