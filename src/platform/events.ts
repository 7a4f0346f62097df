/**
 * App-to-host events. A native webview or the booking flow listens on `window` for these; the
 * navbar's back button always emits BACK_EVENT, even when it then navigates inside the app.
 */
export const BACK_EVENT = 'berangkat:back';

export interface BackEventDetail {
  /** Path the user pressed back on. */
  from: string;
}

export function emitBack(detail: BackEventDetail): void {
  if (typeof window === 'undefined') return;
  window.dispatchEvent(new CustomEvent<BackEventDetail>(BACK_EVENT, { detail }));
}
