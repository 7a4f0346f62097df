import { TOAST_DEFAULT_MS, TOAST_MESSAGE_MS } from './constants';
import type { ToastEmitted } from './types';

/**
 * The toast every machine emits for a message (spec section 9: "most messages 3000 ms"): refusals,
 * warnings, failures and anything the traveller must read before acting. The position is each
 * message's own (the spec names top or bottom).
 */
export function toast(message: string, position: ToastEmitted['position']): ToastEmitted {
  return { type: 'toast', message, durationMs: TOAST_MESSAGE_MS, position };
}

/**
 * The default toast (spec section 9: "default 1 s"): a few words that confirm what the traveller
 * has just done and that the screen already shows ("Kamu sudah keluar", "Profil berhasil
 * disimpan"). Anything longer, a refusal or a warning is a `toast` (3 s).
 */
export function briefToast(message: string, position: ToastEmitted['position']): ToastEmitted {
  return { type: 'toast', message, durationMs: TOAST_DEFAULT_MS, position };
}
