/**
 * Business constants and timings of spec section 9, named once. The machines use them as
 * XState `after` delays and guards; the screens import the same names (never a bare number).
 * It imports only contract/, so any layer may read it.
 */
import { FIELD_LIMITS } from '../contract/fields';

/** Back button: go back one step after this delay (the back event fires at once). */
export const BACK_NAVIGATION_DELAY_MS = 100;

/** Bottom sheets open after this delay. */
export const SHEET_OPEN_DELAY_MS = 100;
/** Closing a sheet goes back in history after this delay (its close animation). */
export const SHEET_CLOSE_DELAY_MS = 750;
/** Close animation of the generic dialog. */
export const DIALOG_CLOSE_ANIMATION_MS = 400;
/** Navigating to a schedule detail is delayed by this much. */
export const SCHEDULE_DETAIL_NAVIGATION_DELAY_MS = 200;

/** Toasts. */
export const TOAST_DEFAULT_MS = 1000;
export const TOAST_MESSAGE_MS = 3000;
export const REFUNDABLE_HIGHLIGHT_MS = 4000;
export const SHAKE_ANIMATION_MS = 500;
export const ERROR_TOAST_DELAY_MS = 500;
/**
 * Desktop "Reservasi Tiket" saves the inline forms first; their answers land before the next
 * task, so validation waits for one turn of the clock (0 ms) and then reads what they kept.
 */
export const INLINE_FORMS_SAVED_MS = 0;

/** The seat hold's countdown steps once a second. */
export const HOLD_TICK_MS = 1000;

/** Debounces of the passenger and booker forms. */
export const VALIDATION_DEBOUNCE_MS = 1000;
export const COMPLETION_DEBOUNCE_MS = 800;

/** Passengers per leg (seat layouts may lower it with the server's maks_penumpang). */
export const MAX_PASSENGERS = FIELD_LIMITS.maxPassengersPerLeg;

/** Donation ("berkah") presets in rupiah, the default amount and the message limit. */
export const DONATION_PRESETS = [2000, 5000, 10000, 20000, 50000, 100000] as const;
export const DONATION_DEFAULT = 2000;
export const DONATION_MESSAGE_MAX = FIELD_LIMITS.donationMessageMax;

/** Connecting legs are numbered from this value. */
export const FIRST_CONNECTING_ROUTE = 1;

/** Price list skeleton rows while the price check loads. */
export const PRICE_SKELETON_ROWS = 3;

/** Sheet drag: close when dragged past this share of its height; move events throttled. */
export const SHEET_SWIPE_CLOSE_RATIO = 0.25;
export const SHEET_DRAG_THROTTLE_MS = 16;

/** The login cookie lives this long. */
export const TOKEN_COOKIE_MAX_AGE_DAYS = 365;

/** Route param value of the return direction (`/app/schedule/:return?`, `/app/select-seat/:return?`). */
export const RETURN_ROUTE_PARAM = 'return';

/** Query `sa` value that loads the return passengers (spec section 2, passenger form screen). */
export const RETURN_PASSENGERS_SA = 2;

/**
 * The payment page asks for the order's status by itself while it is open (issue 23): first after
 * 3 s, then each wait 1.5 times the last, never more than 30 s apart. "Cek Status Pembayaran" stays.
 */
export const PAYMENT_REFRESH = { firstMs: 3000, factor: 1.5, maxMs: 30_000 } as const;

/** The wait after `current` in the payment page's back-off, in whole seconds. */
export function nextRefreshMs(current: number): number {
  return Math.min(PAYMENT_REFRESH.maxMs, Math.ceil((current * PAYMENT_REFRESH.factor) / 1000) * 1000);
}
