/**
 * The keys of the orders this browser made or opened as a guest (reservasi's kunci_pesanan, or a
 * matching guest look-up). Sent as X-Order-Key, a key lets this browser open, pay and cancel its
 * order; local storage keeps it across reloads and tabs, as the order itself outlives the booking.
 */
const STORAGE_KEY = 'berangkat:order-keys';
/** Oldest keys are dropped beyond this many orders. */
const MAX_KEYS = 20;

type KeyMap = Record<string, string>;

function read(): KeyMap {
  try {
    const raw = localStorage.getItem(STORAGE_KEY);
    const parsed: unknown = raw ? JSON.parse(raw) : {};
    if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) return {};
    return Object.fromEntries(
      Object.entries(parsed).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
    );
  } catch {
    return {};
  }
}

export function rememberOrderKey(code: string, key: string): void {
  const entries = Object.entries(read()).filter(([stored]) => stored !== code.toUpperCase());
  entries.push([code.toUpperCase(), key]);
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify(Object.fromEntries(entries.slice(-MAX_KEYS))));
  } catch {
    // Storage full or blocked (private mode): the order still opens through the guest look-up.
  }
}

export function orderKeyOf(code: string): string | null {
  return read()[code.toUpperCase()] ?? null;
}
