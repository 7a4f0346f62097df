/**
 * Rate limits: token buckets kept in one limiter store. The in-process store suits one process;
 * with several processes behind a load balancer the Redis store makes them share the counts.
 * A limiter must never take the product down, nor open up: when Redis does not answer, each
 * process counts in its own memory until Redis is back (redisStore).
 */
import { createHash } from 'node:crypto';
import { Redis } from 'ioredis';
import type { Logger } from '../logger';

export interface Rate {
  /** Calls a key may make at once... */
  burst: number;
  /** ...and calls it earns back per minute (a fraction for hourly limits). */
  perMinute: number;
  /** Keys the in-process store remembers per limiter; the oldest are forgotten first. */
  maxClients?: number;
}

/** `perHour` calls an hour, all of them at once if need be. */
export const perHour = (calls: number): Rate => ({ burst: calls, perMinute: calls / 60 });

const DEFAULT_MAX_KEYS = 50_000;

export interface LimiterStore {
  /** Takes one call from the bucket of `limiter`/`key` at instant `at` (ms); false when it is empty. */
  take(limiter: string, key: string, rate: Rate, at: number): Promise<boolean>;
  close(): Promise<void>;
  /** A store shared through a server (Redis): resolves when it answers PING, rejects otherwise (/api/ready). */
  ping?: () => Promise<void>;
}

export interface RateLimiter {
  take(key: string): Promise<boolean>;
}

/** One named limiter on a store, reading the API's clock. */
export function createRateLimiter(store: LimiterStore, name: string, rate: Rate, now: () => Date): RateLimiter {
  return { take: (key) => store.take(name, key, rate, now().getTime()) };
}

/** A rate with its burst and refill multiplied (the e2e servers, whose browsers share one address). */
export function scaleRate(rate: Rate, factor: number): Rate {
  return factor === 1 ? rate : { ...rate, burst: rate.burst * factor, perMinute: rate.perMinute * factor };
}

interface Bucket {
  tokens: number;
  at: number;
}

/** The bucket after `at`: refilled for the time passed (never for a clock that went back), one call taken if it can. */
function takeFrom(bucket: Bucket | undefined, rate: Rate, at: number): { bucket: Bucket; allowed: boolean } {
  const start = bucket ?? { tokens: rate.burst, at };
  const since = Math.max(0, at - start.at);
  const tokens = Math.min(rate.burst, start.tokens + (since / 60_000) * rate.perMinute);
  const time = Math.max(at, start.at);
  if (tokens < 1) return { bucket: { tokens, at: time }, allowed: false };
  return { bucket: { tokens: tokens - 1, at: time }, allowed: true };
}

/** Buckets in this process's memory: each process behind a load balancer allows its own share. */
export function memoryStore(): LimiterStore {
  const limiters = new Map<string, Map<string, Bucket>>();
  return {
    take(limiter, key, rate, at) {
      let buckets = limiters.get(limiter);
      if (!buckets) {
        buckets = new Map();
        limiters.set(limiter, buckets);
      }
      const { bucket, allowed } = takeFrom(buckets.get(key), rate, at);
      // Re-inserted last, so the first key of the map is the one used longest ago.
      buckets.delete(key);
      if (buckets.size >= (rate.maxClients ?? DEFAULT_MAX_KEYS)) {
        const oldest = buckets.keys().next().value;
        if (oldest !== undefined) buckets.delete(oldest);
      }
      buckets.set(key, bucket);
      return Promise.resolve(allowed);
    },
    close: () => Promise.resolve(),
  };
}

/**
 * The same bucket as takeFrom, atomically in Redis. KEYS[1] the bucket; ARGV burst, tokens per
 * ms, the instant (ms) and the key's lifetime (ms: a full refill, after which the key means nothing).
 */
const TAKE_SCRIPT = `
local burst = tonumber(ARGV[1])
local per_ms = tonumber(ARGV[2])
local at = tonumber(ARGV[3])
local saved = redis.call('HMGET', KEYS[1], 'tokens', 'at')
local tokens = tonumber(saved[1])
local since = tonumber(saved[2])
if tokens == nil or since == nil then
  tokens = burst
  since = at
end
tokens = math.min(burst, tokens + math.max(0, at - since) * per_ms)
local allowed = 0
if tokens >= 1 then
  tokens = tokens - 1
  allowed = 1
end
redis.call('HSET', KEYS[1], 'tokens', tostring(tokens), 'at', tostring(math.max(at, since)))
redis.call('PEXPIRE', KEYS[1], ARGV[4])
return allowed
`;
const TAKE_SHA = createHash('sha1').update(TAKE_SCRIPT).digest('hex');

/** Redis keys of the limiters: `berangkat:rl:<limiter>:<key>`. */
export const REDIS_KEY_PREFIX = 'berangkat:rl:';

/** The longest a request waits for Redis before its call is counted in this process instead. */
export const REDIS_TIMEOUT_MS = 500;
/**
 * After a failure, how long calls go straight to the in-process count before one request tries
 * Redis again: a Redis that hangs costs one request REDIS_TIMEOUT_MS per interval, not every request.
 */
export const REDIS_RETRY_MS = 1_000;

/**
 * Buckets in Redis (REDIS_URL), shared by every process using it. The clock is the API's: each
 * process sends its instant, and a bucket never runs backwards when two clocks differ a little.
 *
 * A limit must hold when Redis does not: an open limiter during an outage is exactly when a code
 * sprayer or a seat grabber would strike. So while Redis fails (refused, down, or slower than
 * REDIS_TIMEOUT_MS) each process counts in its own memory, as if it ran without REDIS_URL: a
 * cluster of N processes then allows at most N times a limit. One warning marks the outage's start
 * and one line its end; Redis is used again as soon as it answers.
 */
export function redisStore(url: string, logger: Logger): LimiterStore {
  const redis = new Redis(url, {
    // Only clears ioredis's queue of a command nobody waits for any more: withinTimeout answers first.
    commandTimeout: REDIS_TIMEOUT_MS * 4,
    connectTimeout: 2_000,
    maxRetriesPerRequest: 1,
    // Reconnects forever, at most every 2 s: Redis coming back restores the shared limits.
    retryStrategy: (times) => Math.min(times * 200, 2_000),
  });
  const fallback = memoryStore();
  /** Since when Redis has failed (ms), or null while it answers. */
  let downSince: number | null = null;
  /** Before this instant (ms) no request tries Redis. */
  let retryAt = 0;
  /** One request at a time finds out whether Redis is back; the others count in memory meanwhile. */
  let probing = false;

  const failed = (reason: string) => {
    retryAt = Date.now() + REDIS_RETRY_MS;
    if (downSince !== null) return;
    downSince = Date.now();
    logger.warn({ reason }, 'rate limiter: Redis tidak menjawab, batas dihitung di proses ini');
  };
  const answered = () => {
    if (downSince === null) return;
    logger.info({ downMs: Date.now() - downSince }, 'rate limiter: Redis menjawab lagi, batas dihitung bersama lagi');
    downSince = null;
  };
  // Without a listener ioredis reports every failed reconnect on stderr.
  redis.on('error', (error: Error) => failed(error.message));

  const run = async (key: string, args: (string | number)[]): Promise<unknown> => {
    try {
      return await redis.evalsha(TAKE_SHA, 1, key, ...args);
    } catch (error) {
      if (error instanceof Error && error.message.startsWith('NOSCRIPT'))
        return redis.eval(TAKE_SCRIPT, 1, key, ...args);
      throw error;
    }
  };

  /**
   * The wait for Redis, bounded. When the timer fires, the answer may already sit unread on the
   * socket (the event loop was busy, not Redis slow): one turn of the loop reads it before giving up,
   * so a stalled process does not count calls in memory for nothing.
   */
  const withinTimeout = <T>(work: Promise<T>): Promise<T> => {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        setImmediate(() => reject(new Error(`no answer within ${REDIS_TIMEOUT_MS} ms`)));
      }, REDIS_TIMEOUT_MS);
    });
    return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
  };

  const unavailable = () => redis.status === 'reconnecting' || redis.status === 'close' || redis.status === 'end';

  return {
    async take(limiter, key, rate, at) {
      const down = downSince !== null;
      // Known to be away: no waiting for a timeout on every request.
      if (unavailable() || (down && (Date.now() < retryAt || probing))) {
        if (unavailable()) failed(`status ${redis.status}`);
        return fallback.take(limiter, key, rate, at);
      }
      const lifetime = Math.ceil((rate.burst / rate.perMinute) * 60_000) + 1_000;
      if (down) probing = true;
      try {
        const allowed = await withinTimeout(
          run(`${REDIS_KEY_PREFIX}${limiter}:${key}`, [rate.burst, rate.perMinute / 60_000, at, lifetime]),
        );
        answered();
        return allowed !== 0;
      } catch (error) {
        failed(error instanceof Error ? error.message : String(error));
        return fallback.take(limiter, key, rate, at);
      } finally {
        if (down) probing = false;
      }
    },
    async ping() {
      // A connection still being made or lost: ioredis would queue the PING until it is back.
      if (redis.status !== 'ready') throw new Error(`status ${redis.status}`);
      await withinTimeout(redis.ping());
    },
    async close() {
      try {
        await redis.quit();
      } catch {
        redis.disconnect();
      }
    },
  };
}

/** The store a process uses: Redis when a URL is configured, else its own memory. */
export function createLimiterStore(options: { redisUrl?: string | undefined; logger: Logger }): LimiterStore {
  return options.redisUrl ? redisStore(options.redisUrl, options.logger) : memoryStore();
}

/** Makes the API's named limiters on one store; per-client ones may be raised (e2e: one address for all browsers). */
export interface Limiters {
  /** A limit keyed by the calling client's address. */
  perClient(name: string, rate: Rate): RateLimiter;
  /** A limit keyed by what is asked for (a phone, an order code). */
  perKey(name: string, rate: Rate): RateLimiter;
}

export function limitersOn(store: LimiterStore, now: () => Date, clientFactor = 1): Limiters {
  return {
    perClient: (name, rate) => createRateLimiter(store, name, scaleRate(rate, clientFactor), now),
    perKey: (name, rate) => createRateLimiter(store, name, rate, now),
  };
}
