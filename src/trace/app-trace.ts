import type { InspectionEvent } from 'xstate';
import type { Platform } from '../../contract/platform';
import type { LayoutMode } from '../../machines/types';
import { browserStorage } from '../platform/browser-storage';
import { TraceRecorder } from './trace-recorder';

/** The build's version (package version and commit), for the trace's header. */
export const APP_VERSION: string = import.meta.env?.VITE_APP_VERSION ?? 'dev';

/** The query switch that shows the trace tools on any page (`?debug=trace`). */
export const DEBUG_TRACE_PARAM = { name: 'debug', value: 'trace' } as const;

/** Masking and diffing wait for an idle moment, so a tap never pays for the trace. */
function idle(work: () => void): void {
  if (typeof window === 'undefined') {
    work();
    return;
  }
  if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(work, { timeout: 1000 });
  else window.setTimeout(work, 0);
}

export interface AppTraceOptions {
  layout: () => LayoutMode;
  platform: () => Platform;
}

/** The visit's recorder: kept in this tab across reloads, saved when the page may go away. */
export function createAppTrace(options: AppTraceOptions): TraceRecorder {
  const recorder = new TraceRecorder({
    appVersion: APP_VERSION,
    layout: options.layout,
    platform: options.platform,
    route: () => (typeof window === 'undefined' ? '/' : window.location.pathname),
    storage: browserStorage('session'),
    defer: idle,
  });
  if (typeof window !== 'undefined') {
    window.addEventListener('pagehide', () => recorder.save());
    document.addEventListener('visibilitychange', () => {
      if (document.visibilityState === 'hidden') recorder.save();
    });
  }
  return recorder;
}

type Inspect = (event: InspectionEvent) => void;

/**
 * Development only: `?inspect=stately` attaches the Stately inspector to every app actor. Events
 * before it has loaded are kept and handed over, so it sees each actor from its start.
 */
export function devInspector(): Inspect | null {
  if (!import.meta.env?.DEV || typeof window === 'undefined') return null;
  if (new URLSearchParams(window.location.search).get('inspect') !== 'stately') return null;
  let target: Inspect | null = null;
  const early: InspectionEvent[] = [];
  void import('@statelyai/inspect').then(({ createBrowserInspector }) => {
    const inspector = createBrowserInspector();
    target = (event) => inspector.inspect.next?.(event);
    for (const event of early.splice(0)) target(event);
  });
  return (event) => {
    if (target) target(event);
    else early.push(event);
  };
}
