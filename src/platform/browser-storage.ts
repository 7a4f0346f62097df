/**
 * The page's localStorage or sessionStorage, or null where it cannot be used (no window, private
 * mode, a webview without it): whatever is kept there is then simply not kept.
 */
export function browserStorage(kind: 'local' | 'session'): Storage | null {
  try {
    if (typeof window === 'undefined') return null;
    return kind === 'local' ? window.localStorage : window.sessionStorage;
  } catch {
    return null;
  }
}
