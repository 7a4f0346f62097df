import type { SearchJadwalResults } from '../../../contract';
import type { Database } from '../../db/client';
import { batchedBookedCounts, remainingOf, type ScheduleSeats, type SeatSlot } from './seat-counts';

/*
 * Search page cache. On the embedded database every statement runs on one WASM thread, so the
 * page query (~6 ms) caps the whole API near 150 searches a second. Which departures match, how
 * they are grouped, sorted and paged, and their prices depend only on the timetable (schedules,
 * routes, operators, layouts: written by migrations and the seed, never by the API); no filter or
 * sort looks at seats. So a page is kept for a short while per database and query, and on every
 * answer its remaining seats are recounted from the live bookings in one small query: seat
 * figures are never stale, even when another process books. Timetable edits made straight in the
 * database show after at most SEARCH_CACHE_TTL_MS.
 */
const SEARCH_CACHE_TTL_MS = 60_000;
const SEARCH_CACHE_MAX = 500;

export interface CachedPage {
  results: SearchJadwalResults;
  /** Per schedule of `results.list`, flattened in order. */
  seats: ScheduleSeats[];
}

interface CacheEntry {
  /** Pending while the first request for this query reads it; concurrent ones wait for it. */
  page: Promise<CachedPage>;
  expires: number;
}

const searchCaches = new WeakMap<Database, Map<string, CacheEntry>>();

function searchCache(db: Database): Map<string, CacheEntry> {
  let cache = searchCaches.get(db);
  if (!cache) {
    cache = new Map();
    searchCaches.set(db, cache);
  }
  return cache;
}

/** A copy of the cached page with remaining seats (schedules and connecting legs) counted now. */
async function withLiveSeats(db: Database, page: CachedPage): Promise<SearchJadwalResults> {
  const slots: SeatSlot[] = [];
  for (const seats of page.seats) {
    if (seats.kind === 'direct') slots.push(seats.slot);
    else slots.push(...seats.legs);
  }
  const counts = await batchedBookedCounts(db, slots);
  let at = 0;
  const next = (slot: SeatSlot) => {
    const remaining = remainingOf(slot, counts[at] ?? 0);
    at += 1;
    return remaining;
  };
  let index = 0;
  // Fresh objects along the path to each seat figure; the cached page itself stays untouched.
  const list = page.results.list.map((group) => ({
    ...group,
    jadwal: group.jadwal.map((schedule) => {
      const seats = page.seats[index];
      index += 1;
      if (!seats) throw new Error('search cache: seats out of step');
      if (seats.kind === 'direct') return { ...schedule, remaining_seats: next(seats.slot) };
      if (seats.legs.length === 0) return schedule;
      const legs = schedule.routes_connecting.map((leg, legIndex) => {
        const slot = seats.legs[legIndex];
        return slot ? { ...leg, sisa_kursi: next(slot) } : leg;
      });
      // A connecting itinerary has the fewest remaining seats of its legs.
      return { ...schedule, routes_connecting: legs, remaining_seats: Math.min(...legs.map((leg) => leg.sisa_kursi)) };
    }),
  }));
  return { ...page.results, list };
}

/**
 * The page of `key`: kept, with its seats recounted now, or read by `read` and kept. Concurrent
 * requests for one page share one read.
 */
export async function cachedSearch(
  db: Database,
  key: string,
  read: () => Promise<CachedPage>,
): Promise<SearchJadwalResults> {
  const cache = searchCache(db);
  const at = Date.now();
  const hit = cache.get(key);
  // Also when the page is still being read by another request: its seats were counted before
  // this request came, so they are counted again.
  if (hit && hit.expires > at) {
    // Least recently used goes first: a hit moves to the end of the Map's order.
    cache.delete(key);
    cache.set(key, hit);
    return withLiveSeats(db, await hit.page);
  }
  if (hit) cache.delete(key);

  const fresh = read();
  if (cache.size >= SEARCH_CACHE_MAX) {
    const oldest = cache.keys().next();
    if (!oldest.done) cache.delete(oldest.value);
  }
  // Kept as a copy: the caller's answer goes out to be serialized, the cached page stays as read.
  const entry: CacheEntry = {
    page: fresh.then((page) => ({ ...page, results: structuredClone(page.results) })),
    expires: at + SEARCH_CACHE_TTL_MS,
  };
  cache.set(key, entry);
  // A failed read is not kept: the next request tries again.
  entry.page.catch(() => {
    if (cache.get(key) === entry) cache.delete(key);
  });
  return (await fresh).results;
}

/** Forgets every cached page of this database: after a fare change, the next search reads the new price. */
export function clearSearchCache(db: Database): void {
  searchCaches.get(db)?.clear();
}
