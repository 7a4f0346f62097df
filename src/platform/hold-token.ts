import { HoldTokenSchema } from '../../contract/holds';

/**
 * The hold token a booking's first hold-kursi call names, made on this device and kept in local
 * storage before the call leaves. Were the server to make it, a page reloaded while that call
 * was on its way would never learn it: the reloaded booking would hold under a new token, find
 * its own seat held by the lost one for HOLD_MINUTES and tell the traveller it was sold. One
 * token per device, as the booking itself is (it keeps its token from one booking to the next).
 */
const STORAGE_KEY = 'berangkat:hold-token';

function newToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(18));
  // base64url of 18 random bytes: 24 characters, what HoldTokenSchema takes.
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_');
}

let inMemory: string | null = null;

export function deviceHoldToken(): string {
  try {
    const stored = localStorage.getItem(STORAGE_KEY);
    if (stored !== null && HoldTokenSchema.safeParse(stored).success) return stored;
    const token = newToken();
    localStorage.setItem(STORAGE_KEY, token);
    return token;
  } catch {
    // No storage (private mode): the token lasts as long as the page, as the booking does there.
    inMemory ??= newToken();
    return inMemory;
  }
}
