import dayjs from 'dayjs';
import 'dayjs/locale/id';
import type { PriceLineType } from '../../contract/price';

/**
 * Every money, point, date and time text of the app (DESIGN.md "Language and formats").
 * Screens never format by hand: one change here changes the whole app.
 */

/** Business time zone: schedules are WIB wall-clock times and "today" is Jakarta's today. */
export const APP_TIME_ZONE = 'Asia/Jakarta';
export const TIME_SUFFIX = 'WIB';
export const FREE_LABEL = 'Gratis';

/** `1500000` -> `1.500.000` (Indonesian dot thousands, no decimals). */
export function groupThousands(value: number): string {
  const whole = Math.round(Math.abs(value));
  return String(whole).replace(/\B(?=(\d{3})+(?!\d))/g, '.');
}

/** `150000` -> `Rp 150.000`; `0` -> `Gratis`; negatives (discounts) -> `-Rp 5.000`. */
export function formatRupiah(value: number): string {
  if (Math.round(value) === 0) return FREE_LABEL;
  const sign = value < 0 ? '-' : '';
  return `${sign}Rp ${groupThousands(value)}`;
}

/** One price, or a `low - high` range when the list holds two different values. */
export function formatRupiahRange(values: readonly number[]): string {
  if (values.length === 0) return '';
  const low = Math.min(...values);
  const high = Math.max(...values);
  if (low === high) return formatRupiah(low);
  return `${formatRupiah(low)} - ${formatRupiah(high)}`;
}

/** Cashback: `+1.500 Point`. */
export function formatPointsEarned(points: number): string {
  return `+${groupThousands(points)} Point`;
}

/** Point discount: `-1.500 Point`. */
export function formatPointsSpent(points: number): string {
  return `-${groupThousands(points)} Point`;
}

/** A price-list line by its wire type (spec section 3: less -, add +, total, points). */
export function formatPriceLine(price: number, type: PriceLineType): string {
  switch (type) {
    case 'less':
      return `-Rp ${groupThousands(price)}`;
    case 'add':
      return `+Rp ${groupThousands(price)}`;
    case 'cashback-point':
      return formatPointsEarned(price);
    case 'potongan-point':
      return formatPointsSpent(price);
    case 'total':
    case 'normal':
      return formatRupiah(price);
  }
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

function parseDate(date: string) {
  // Date-only values are calendar days, not instants: parse as a local day so the weekday holds.
  return dayjs(date).locale('id');
}

/** `2026-11-23` -> `Sen, 23 Nov 2026`. */
export function formatDateShort(date: string): string {
  return parseDate(date).format('ddd, DD MMM YYYY');
}

/** `2026-11-23` -> `Senin, 23 November 2026`. */
export function formatDateLong(date: string): string {
  return parseDate(date).format('dddd, DD MMMM YYYY');
}

/** `2026-11-23` -> `23 Nov` for tight spots (date strips, chips). */
export function formatDateCompact(date: string): string {
  return parseDate(date).format('DD MMM');
}

/** `07:30` -> `07.30 WIB`. */
export function formatTime(time: string): string {
  const [hours = '00', minutes = '00'] = time.split(':');
  return `${hours.padStart(2, '0')}.${minutes.padStart(2, '0')} ${TIME_SUFFIX}`;
}

/**
 * Whether an arrival at `arrival` ('HH:mm') after a departure at `departure` falls on the next
 * day. Trips here last under a day, so an earlier clock time means after midnight.
 */
export function arrivesNextDay(departure: string, arrival: string): boolean {
  return arrival < departure;
}

/** Jakarta keeps WIB, UTC+7, all year (no daylight saving since 1964). */
const JAKARTA_OFFSET_MS = 7 * 60 * 60 * 1000;

/**
 * Today's calendar date in Jakarta as `YYYY-MM-DD`, whatever the device's own time zone. Plain
 * arithmetic on the fixed offset: the first `Intl.DateTimeFormat` with a time zone loads the
 * zone data: 160 ms of the home screen's first frame at a 4x slower CPU (a CPU profile).
 */
export function todayInJakarta(now: Date = new Date()): string {
  return new Date(now.getTime() + JAKARTA_OFFSET_MS).toISOString().slice(0, 10);
}

/** Calendar arithmetic on `YYYY-MM-DD` strings (UTC based, so no DST or zone surprises). */
export function addDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const shifted = new Date(Date.UTC(y, m - 1, d + days));
  return shifted.toISOString().slice(0, 10);
}

export function tomorrowInJakarta(now: Date = new Date()): string {
  return addDays(todayInJakarta(now), 1);
}

/** True for a well-formed `YYYY-MM-DD` that exists on the calendar. */
export function isCalendarDate(value: string): boolean {
  if (!ISO_DATE.test(value)) return false;
  const [y, m, d] = value.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}
