import { useSyncExternalStore } from 'react';
import { META, readMeta, writeMeta } from './page-meta';

import type { LayoutMode } from '../../machines/types';

export type { LayoutMode };

export const MOBILE_MAX_WIDTH_PX = 767;
const MOBILE_QUERY = `(max-width: ${MOBILE_MAX_WIDTH_PX}.98px)`;

const isLayoutMode = (value: string | null): value is LayoutMode => value === 'm' || value === 'd';

function fromViewport(): LayoutMode {
  if (typeof window === 'undefined') return 'm';
  if (typeof window.matchMedia === 'function') return window.matchMedia(MOBILE_QUERY).matches ? 'm' : 'd';
  return window.innerWidth <= MOBILE_MAX_WIDTH_PX ? 'm' : 'd';
}

let mode: LayoutMode = 'm';
let hostFixed = false;
let started = false;
const listeners = new Set<() => void>();

function apply(next: LayoutMode) {
  mode = next;
  if (typeof document !== 'undefined') document.documentElement.dataset.vm = next;
  if (!hostFixed) writeMeta(META.layoutMode, next);
  for (const listener of listeners) listener();
}

/**
 * Reads the `vm` meta once: a value set by the host (m or d) is kept as is; otherwise the mode
 * follows the viewport (< 768 px is mobile) and the meta is kept in step on every resize.
 */
export function startLayoutMode(): LayoutMode {
  if (started) return mode;
  started = true;
  const fromHost = readMeta(META.layoutMode);
  if (isLayoutMode(fromHost)) {
    hostFixed = true;
    apply(fromHost);
    return mode;
  }
  apply(fromViewport());
  if (typeof window !== 'undefined') {
    if (typeof window.matchMedia === 'function') {
      window.matchMedia(MOBILE_QUERY).addEventListener('change', () => apply(fromViewport()));
    } else {
      window.addEventListener('resize', () => {
        const next = fromViewport();
        if (next !== mode) apply(next);
      });
    }
  }
  return mode;
}

export function getLayoutMode(): LayoutMode {
  return started ? mode : startLayoutMode();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Current layout mode; re-renders when the viewport crosses the breakpoint. */
export function useLayoutMode(): LayoutMode {
  return useSyncExternalStore(subscribe, getLayoutMode, () => 'm');
}
