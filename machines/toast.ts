import { TOAST_MESSAGE_MS } from './constants';
import type { ToastEmitted } from './types';

/**
 * The toast every machine emits. Spec section 9: "most messages" last 3 s, so that is the one
 * duration the machines use; the position is each message's own (the spec names top or bottom).
 */
export function toast(message: string, position: ToastEmitted['position']): ToastEmitted {
  return { type: 'toast', message, durationMs: TOAST_MESSAGE_MS, position };
}
