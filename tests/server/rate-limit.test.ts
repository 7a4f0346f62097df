import { randomBytes, randomInt } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../server/app';
import { createLogger } from '../../server/logger';
import {
  REDIS_KEY_PREFIX,
  memoryStore,
  redisStore,
  type LimiterStore,
  type Rate,
} from '../../server/services/rate-limit';
import { defaultHeaders, fails, ok, type CallOptions } from './api-support';
import { freshPhone } from './helpers/accounts';
import { TEST_TODAY, testNow, createTestDatabase, type TestDatabase, describeEachDatabase } from './helpers/test-db';
import { describeNeeding } from '../helpers/needs';

/** The Redis the shared-limit tests run on: the CI's when it answers (.ci/run); skipped otherwise. */
const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? '';

const T0 = Date.parse('2026-11-23T02:00:00Z');
const THREE_A_MINUTE: Rate = { burst: 3, perMinute: 3 };

/** A key no other test or run uses, so buckets in a shared Redis never meet. */
const freshKey = () => `uji-${randomBytes(6).toString('hex')}`;

const asClient = (ip: string): CallOptions => ({ headers: { ...defaultHeaders(), 'x-forwarded-for': ip } });
/** A client address no other test or run uses (a shared Redis remembers buckets for an hour). */
const freshIp = () => `10.3.${randomInt(0, 255)}.${randomInt(1, 255)}-${randomBytes(4).toString('hex')}`;

const tokenBucket = (makeStore: () => LimiterStore) => () => {
  let store: LimiterStore;
  beforeAll(() => {
    store = makeStore();
  });
  afterAll(async () => {
    await store.close();
  });

  it('allows the burst, then refuses, and earns a call back as time passes', async () => {
    const key = freshKey();
    const takes: boolean[] = [];
    for (let i = 0; i < 4; i += 1) takes.push(await store.take('uji', key, THREE_A_MINUTE, T0));
    expect(takes).toEqual([true, true, true, false]);
    // Three a minute: one call back after 20 seconds, not before.
    expect(await store.take('uji', key, THREE_A_MINUTE, T0 + 19_000)).toBe(false);
    expect(await store.take('uji', key, THREE_A_MINUTE, T0 + 20_000)).toBe(true);
    expect(await store.take('uji', key, THREE_A_MINUTE, T0 + 20_000)).toBe(false);
    // A full minute later the whole burst is back, never more.
    const after: boolean[] = [];
    for (let i = 0; i < 4; i += 1) after.push(await store.take('uji', key, THREE_A_MINUTE, T0 + 600_000));
    expect(after).toEqual([true, true, true, false]);
  });

  it('counts each key and each limiter apart', async () => {
    const key = freshKey();
    for (let i = 0; i < 3; i += 1) await store.take('uji', key, THREE_A_MINUTE, T0);
    expect(await store.take('uji', key, THREE_A_MINUTE, T0)).toBe(false);
    expect(await store.take('uji', freshKey(), THREE_A_MINUTE, T0)).toBe(true);
    expect(await store.take('lain', key, THREE_A_MINUTE, T0)).toBe(true);
  });

  it('refills hourly limits a fraction at a time', async () => {
    const key = freshKey();
    const fivePerHour: Rate = { burst: 5, perMinute: 5 / 60 };
    for (let i = 0; i < 5; i += 1) expect(await store.take('uji', key, fivePerHour, T0)).toBe(true);
    expect(await store.take('uji', key, fivePerHour, T0 + 11 * 60_000)).toBe(false);
    expect(await store.take('uji', key, fivePerHour, T0 + 12 * 60_000)).toBe(true);
  });
};

describe(
  'a token bucket in memory',
  tokenBucket(() => memoryStore()),
);
describeNeeding(
  'redis',
  'a token bucket in Redis',
  tokenBucket(() => redisStore(TEST_REDIS_URL, createLogger('silent'))),
);

describe('the in-process store', () => {
  it('is not shared: two processes each allow their own burst', async () => {
    const a = memoryStore();
    const b = memoryStore();
    const key = freshKey();
    for (let i = 0; i < 3; i += 1) expect(await a.take('uji', key, THREE_A_MINUTE, T0)).toBe(true);
    expect(await a.take('uji', key, THREE_A_MINUTE, T0)).toBe(false);
    expect(await b.take('uji', key, THREE_A_MINUTE, T0)).toBe(true);
  });

  it('forgets the least recently used keys beyond its size', async () => {
    const store = memoryStore();
    const small: Rate = { burst: 1, perMinute: 1, maxClients: 2 };
    expect(await store.take('uji', 'a', small, T0)).toBe(true);
    expect(await store.take('uji', 'b', small, T0)).toBe(true);
    expect(await store.take('uji', 'c', small, T0)).toBe(true);
    // 'a' was forgotten to make room for 'c', so it starts with a full bucket again.
    expect(await store.take('uji', 'a', small, T0)).toBe(true);
    expect(await store.take('uji', 'c', small, T0)).toBe(false);
  });
});

// A Redis that fails (refused, hung, gone and back): rate-limit-fallback.test.ts.

describeEachDatabase('limits shared by two server processes on %s', (kind) => {
  let handle: TestDatabase;
  beforeAll(async () => {
    handle = await createTestDatabase(kind);
  });
  afterAll(async () => {
    await handle.destroy();
  });

  /** Two apps on one database, each with its own store, as two processes behind a load balancer. */
  const twoProcesses = (makeStore: () => LimiterStore) => {
    const storeA = makeStore();
    const storeB = makeStore();
    const a = createApp({ db: handle.db, today: () => TEST_TODAY, now: testNow, limiterStore: storeA });
    const b = createApp({ db: handle.db, today: () => TEST_TODAY, now: testNow, limiterStore: storeB });
    return { a, b, close: () => Promise.all([storeA.close(), storeB.close()]) };
  };

  it('with in-process stores each process allows its own 20 codes an hour to one client', async () => {
    const { a, b, close } = twoProcesses(memoryStore);
    try {
      const as = asClient(freshIp());
      for (let i = 0; i < 30; i += 1) {
        await ok(i % 2 === 0 ? a : b, 'requestCustomerLoginAlternative', { tipe: 'telp', telp: freshPhone() }, as);
      }
    } finally {
      await close();
    }
  });

  it('raises per-client limits by the e2e factor, never the limits per phone', async () => {
    const app = createApp({ db: handle.db, today: () => TEST_TODAY, now: testNow, clientRateFactor: 2 });
    const as = asClient(freshIp());
    for (let i = 0; i < 40; i += 1) {
      await ok(app, 'requestCustomerLoginAlternative', { tipe: 'telp', telp: freshPhone() }, as);
    }
    expect(
      (await fails(app, 'requestCustomerLoginAlternative', { tipe: 'telp', telp: freshPhone() }, as)).httpStatus,
    ).toBe(429);
    let clock = new Date(`${TEST_TODAY}T09:00:00+07:00`);
    const timed = createApp({ db: handle.db, today: () => TEST_TODAY, now: () => clock, clientRateFactor: 100 });
    const telp = freshPhone();
    for (let i = 0; i < 5; i += 1) {
      await ok(timed, 'requestCustomerLoginAlternative', { tipe: 'telp', telp }, asClient(freshIp()));
      clock = new Date(clock.getTime() + 61_000);
    }
    const limited = await fails(timed, 'requestCustomerLoginAlternative', { tipe: 'telp', telp }, asClient(freshIp()));
    expect([limited.httpStatus, limited.code]).toEqual([429, 'REQ-2']);
  });

  describeNeeding('redis', 'through Redis', () => {
    const url = TEST_REDIS_URL;
    it('allows one client 20 codes an hour across both, then answers 429 REQ-2 on either', async () => {
      const { a, b, close } = twoProcesses(() => redisStore(url, createLogger('silent')));
      try {
        const as = asClient(freshIp());
        for (let i = 0; i < 20; i += 1) {
          await ok(i % 2 === 0 ? a : b, 'requestCustomerLoginAlternative', { tipe: 'telp', telp: freshPhone() }, as);
        }
        for (const app of [a, b]) {
          const limited = await fails(app, 'requestCustomerLoginAlternative', { tipe: 'telp', telp: freshPhone() }, as);
          expect(limited).toMatchObject({
            httpStatus: 429,
            code: 'REQ-2',
            message: 'Terlalu banyak permintaan kode OTP. Silakan coba lagi nanti',
          });
        }
      } finally {
        await close();
      }
    });

    it('allows one client 30 sign-in attempts a minute across both', async () => {
      const { a, b, close } = twoProcesses(() => redisStore(url, createLogger('silent')));
      try {
        const as = asClient(freshIp());
        const login = (app: typeof a) =>
          fails(app, 'customerLogin', { tipe: 'telp', telp: freshPhone(), otp: '123456' }, as);
        for (let i = 0; i < 30; i += 1) expect((await login(i % 2 === 0 ? a : b)).code).toBe('OTP-2');
        expect(await login(b)).toMatchObject({
          httpStatus: 429,
          code: 'REQ-2',
          message: 'Terlalu banyak percobaan masuk. Silakan coba lagi dalam 1 menit',
        });
      } finally {
        await close();
      }
    });

    it('keeps its buckets under berangkat:rl:<limiter>:<key>, expiring', async () => {
      const { a, close } = twoProcesses(() => redisStore(url, createLogger('silent')));
      const probe = new Redis(url);
      try {
        const ip = freshIp();
        await ok(a, 'requestCustomerLoginAlternative', { tipe: 'telp', telp: freshPhone() }, asClient(ip));
        const ttl = await probe.pttl(`${REDIS_KEY_PREFIX}otp-client:${ip}`);
        // A full refill of 20 an hour: about an hour, and a key that does expire.
        expect(ttl).toBeGreaterThan(59 * 60_000);
        expect(ttl).toBeLessThanOrEqual(61 * 60_000);
      } finally {
        probe.disconnect();
        await close();
      }
    });
  });
});
