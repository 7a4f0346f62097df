/**
 * The payment deadline countdown, pure. The app measures the remaining time once against the
 * server's clock (batas_bayar - waktu_server of the reply, never the phone's clock) and the machine
 * counts it down with its own `after` delays: a phone set to the wrong time still shows the right
 * deadline.
 */

export const SECOND_MS = 1000;
export const MINUTE_MS = 60 * SECOND_MS;
/** DESIGN.md "Countdowns": amber under 5 minutes. */
export const COUNTDOWN_WARNING_MS = 5 * MINUTE_MS;

/**
 * The delay to the next whole second shown: the first tick takes the odd milliseconds, so the
 * display changes on the second, then every 1000 ms.
 */
export function nextTickMs(remaining: number): number {
  return remaining % SECOND_MS || SECOND_MS;
}

/** The remaining time after one tick. */
export function afterTick(remaining: number): number {
  return Math.max(0, remaining - nextTickMs(remaining));
}

/** True when the next tick reaches zero. */
export function isLastTick(remaining: number): boolean {
  return remaining <= SECOND_MS;
}

/** Whole seconds shown (rounded up: 0.4 s left still shows 00:00:01). */
export function secondsLeft(remaining: number): number {
  return Math.ceil(Math.max(0, remaining) / SECOND_MS);
}

/** `HH:MM:SS`, hours not capped (a deadline two days away shows 48:00:00). */
export function formatCountdown(remaining: number): string {
  const total = secondsLeft(remaining);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${pad(Math.floor(total / 3600))}:${pad(Math.floor((total % 3600) / 60))}:${pad(total % 60)}`;
}

/**
 * What a screen reader hears, changing at most once a minute (DESIGN.md): whole minutes left,
 * rounded up, or "kurang dari 1 menit" in the last minute.
 */
export function countdownAnnouncement(remaining: number): string {
  if (remaining <= 0) return 'Waktu pembayaran habis';
  const minutes = Math.ceil(remaining / MINUTE_MS);
  if (remaining < MINUTE_MS) return 'Sisa waktu pembayaran kurang dari 1 menit';
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  const parts = [hours > 0 ? `${hours} jam` : '', rest > 0 ? `${rest} menit` : ''].filter(Boolean);
  return `Sisa waktu pembayaran ${parts.join(' ')}`;
}
