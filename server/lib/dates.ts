/**
 * Calendar dates on the wire are `YYYY-MM-DD` in Asia/Jakarta (WIB, UTC+7, no daylight saving).
 * All arithmetic here works on the date string through UTC midnights, so the server's own
 * timezone never leaks in.
 */

export const JAKARTA_TIMEZONE = 'Asia/Jakarta';

/**
 * Days ahead a departure can be searched and booked: today through today + 366. The timetable
 * recurs without end, so the horizon is a sales choice: a year keeps the coming Lebaran always on
 * sale, as operators open homecoming seats months before.
 */
export const BOOKING_WINDOW_DAYS = 366;

const jakartaFormatter = new Intl.DateTimeFormat('en-CA', {
  timeZone: JAKARTA_TIMEZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** Today's calendar date in Jakarta. */
export function jakartaToday(now: Date = new Date()): string {
  // en-CA formats as YYYY-MM-DD.
  return jakartaFormatter.format(now);
}

function toUtcMillis(date: string): number {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return Date.UTC(y, m - 1, d);
}

const DAY_MS = 86_400_000;

export function addDays(date: string, days: number): string {
  return new Date(toUtcMillis(date) + days * DAY_MS).toISOString().slice(0, 10);
}

const jakartaTimeFormatter = new Intl.DateTimeFormat('en-GB', {
  timeZone: JAKARTA_TIMEZONE,
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** The wall-clock time in Jakarta, `HH:mm`. */
export function jakartaTime(now: Date = new Date()): string {
  return jakartaTimeFormatter.format(now);
}

/**
 * Departures on `today` at or before the returned `HH:mm` have left and are no longer sold. Null
 * when the sale day is not the clock's day (a fixed day of a demo or test run): such a day has
 * no hour, and all its departures stay on sale.
 */
export function departedBy(today: string, now: Date = new Date()): string | null {
  return jakartaToday(now) === today ? jakartaTime(now) : null;
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round((toUtcMillis(to) - toUtcMillis(from)) / DAY_MS);
}

/** Last date of the booking window that starts today. */
export function windowEnd(today: string): string {
  return addDays(today, BOOKING_WINDOW_DAYS);
}

/** True when the date is today or later and inside the booking window. */
export function inBookingWindow(date: string, today: string): boolean {
  const offset = daysBetween(today, date);
  return offset >= 0 && offset <= BOOKING_WINDOW_DAYS;
}

/** Every date from `start`, `count` of them. */
export function dateRange(start: string, count: number): string[] {
  return Array.from({ length: count }, (_, i) => addDays(start, i));
}

/** `HH:mm[:ss]` plus minutes: the wall-clock time and how many days later it falls. */
export function addMinutes(time: string, minutes: number): { time: string; dayOffset: number } {
  const [h, m] = time.split(':').map(Number) as [number, number];
  const total = h * 60 + m + minutes;
  const dayOffset = Math.floor(total / 1440);
  const inDay = total - dayOffset * 1440;
  const hh = String(Math.floor(inDay / 60)).padStart(2, '0');
  const mm = String(inDay % 60).padStart(2, '0');
  return { time: `${hh}:${mm}`, dayOffset };
}

/** `HH:mm:ss` from the database as `HH:mm`. */
export function shortTime(time: string): string {
  return time.slice(0, 5);
}

const MONTHS_ID = [
  'Januari',
  'Februari',
  'Maret',
  'April',
  'Mei',
  'Juni',
  'Juli',
  'Agustus',
  'September',
  'Oktober',
  'November',
  'Desember',
] as const;

/** `2026-12-23` as "23 Desember 2026", for sentences the API writes (voucher terms). */
export function longDateId(date: string): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return `${d} ${MONTHS_ID[m - 1] ?? ''} ${y}`;
}
