import { addDays } from '../../lib/dates';
/** mulberry32: tiny, fast and good enough to spread seat bookings; same seed, same sequence. */
export function createRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** FNV-1a of a string, used to derive per-schedule seeds that do not shift when rows are added. */
export function hashString(value: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < value.length; i += 1) {
    hash ^= value.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** `count` distinct items of `items`, chosen by `random` (partial Fisher-Yates on a copy). */
export function pickDistinct<T>(items: readonly T[], count: number, random: () => number): T[] {
  const pool = [...items];
  const n = Math.min(count, pool.length);
  for (let i = 0; i < n; i += 1) {
    const j = i + Math.floor(random() * (pool.length - i));
    const tmp = pool[i] as T;
    pool[i] = pool[j] as T;
    pool[j] = tmp;
  }
  return pool.slice(0, n);
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** `YYYY-MM-DD` plus `days`, computed in UTC so the host time zone never matters. */
export { addDays };

export function assertIsoDate(date: string): void {
  const match = ISO_DATE.exec(date);
  if (!match || addDays(date, 0) !== date) throw new Error(`Invalid date ${date}: expected YYYY-MM-DD`);
}
