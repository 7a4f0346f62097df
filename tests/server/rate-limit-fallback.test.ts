import { randomBytes, randomInt } from 'node:crypto';
import { createServer, connect, type AddressInfo, type Server, type Socket } from 'node:net';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp, type App } from '../../server/app';
import { createLogger } from '../../server/logger';
import {
  REDIS_KEY_PREFIX,
  REDIS_RETRY_MS,
  REDIS_TIMEOUT_MS,
  createLimiterStore,
  redisStore,
  type LimiterStore,
  type Rate,
} from '../../server/services/rate-limit';
import { defaultHeaders, fails, ok, type CallOptions } from './api-support';
import { freshPhone } from './helpers/accounts';
import { describeNeeding } from '../helpers/needs';
import { TEST_TODAY, createTestDatabase, describeEachDatabase, type TestDatabase } from './helpers/test-db';

/** Nothing listens on port 1: a Redis that refuses every connection. */
const DEAD_REDIS = 'redis://127.0.0.1:1';

const T0 = Date.parse('2026-11-23T02:00:00Z');
const THREE_A_MINUTE: Rate = { burst: 3, perMinute: 3 };
const freshKey = () => `uji-${randomBytes(6).toString('hex')}`;
const freshIp = () => `10.4.${randomInt(0, 255)}.${randomInt(1, 255)}-${randomBytes(4).toString('hex')}`;
const asClient = (ip: string): CallOptions => ({ headers: { ...defaultHeaders(), 'x-forwarded-for': ip } });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A logger whose JSON lines the test reads back. */
function recordingLogger() {
  const lines: { level: number; msg: string }[] = [];
  const logger = createLogger('info', { write: (line: string) => void lines.push(JSON.parse(line)) });
  const about = (word: string) => lines.filter((line) => line.msg.includes('rate limiter') && line.msg.includes(word));
  return { logger, lines, about };
}

async function takes(store: LimiterStore, key: string, count: number, at = T0): Promise<boolean[]> {
  const result: boolean[] = [];
  for (let i = 0; i < count; i += 1) result.push(await store.take('uji', key, THREE_A_MINUTE, at));
  return result;
}

async function listen(server: Server, port = 0): Promise<number> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  return (server.address() as AddressInfo).port;
}

/** Closes a server and every connection it still holds. */
async function shut(server: Server, sockets: Set<Socket>): Promise<void> {
  for (const socket of sockets) socket.destroy();
  await new Promise<void>((resolve) => server.close(() => resolve()));
}

describe('a Redis that refuses connections', () => {
  it('counts in this process instead: the burst, then refusals, and one warning for the outage', async () => {
    const { logger, about } = recordingLogger();
    const store = redisStore(DEAD_REDIS, logger);
    try {
      const key = freshKey();
      expect(await takes(store, key, 5)).toEqual([true, true, true, false, false]);
      // Other keys and limiters keep their own buckets, as with Redis.
      expect(await store.take('uji', freshKey(), THREE_A_MINUTE, T0)).toBe(true);
      expect(await store.take('lain', key, THREE_A_MINUTE, T0)).toBe(true);
      // The bucket refills on the API's clock: one call back after 20 s.
      expect(await store.take('uji', key, THREE_A_MINUTE, T0 + 20_000)).toBe(true);
      const warnings = about('tidak menjawab');
      expect(warnings).toHaveLength(1);
      expect(warnings[0]?.level).toBe(40);
    } finally {
      await store.close();
    }
  });
});

describe('a Redis that accepts connections and never answers', () => {
  let server: Server;
  const sockets = new Set<Socket>();
  let url: string;
  beforeAll(async () => {
    server = createServer((socket) => {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
    });
    url = `redis://127.0.0.1:${await listen(server)}`;
  });
  afterAll(async () => {
    await shut(server, sockets);
  });

  it('holds a request at most about REDIS_TIMEOUT_MS, then counts in memory without waiting again', async () => {
    const { logger, about } = recordingLogger();
    const store = redisStore(url, logger);
    try {
      const key = freshKey();
      const started = performance.now();
      expect(await store.take('uji', key, THREE_A_MINUTE, T0)).toBe(true);
      const first = performance.now() - started;
      expect(first).toBeLessThan(REDIS_TIMEOUT_MS + 400);
      // Within the retry interval nobody waits for the hung Redis again.
      const again = performance.now();
      expect(await takes(store, key, 3)).toEqual([true, true, false]);
      expect(performance.now() - again).toBeLessThan(REDIS_RETRY_MS / 2);
      expect(about('tidak menjawab')).toHaveLength(1);
    } finally {
      await store.close();
    }
  });
});

describeNeeding('redis', 'a Redis that goes away and comes back', () => {
  const redisUrl = process.env.TEST_REDIS_URL ?? '';

  it('is not taken for gone when its answer waits unread behind a busy event loop', async () => {
    const { logger, about } = recordingLogger();
    const store = redisStore(redisUrl, logger);
    const probe = new Redis(redisUrl);
    try {
      // Connected, and the script loaded.
      expect(await store.take('uji', freshKey(), THREE_A_MINUTE, T0)).toBe(true);
      const key = freshKey();
      const pending = store.take('uji', key, THREE_A_MINUTE, T0);
      // A stall longer than the timeout (a long synchronous task): Redis has answered meanwhile.
      const until = performance.now() + REDIS_TIMEOUT_MS + 300;
      while (performance.now() < until) {
        // busy
      }
      expect(await pending).toBe(true);
      expect(await probe.exists(`${REDIS_KEY_PREFIX}uji:${key}`)).toBe(1);
      expect(about('tidak menjawab')).toEqual([]);
    } finally {
      probe.disconnect();
      await store.close();
    }
  });
  it('counts in memory while it is away, with one warning, and in Redis again once it answers', async () => {
    // A TCP relay in front of the real Redis, which the test cuts and restores.
    const target = new URL(redisUrl);
    const sockets = new Set<Socket>();
    const relay = () =>
      createServer((client) => {
        const upstream = connect(Number(target.port || 6379), target.hostname);
        for (const socket of [client, upstream]) {
          sockets.add(socket);
          socket.on('close', () => sockets.delete(socket));
          socket.on('error', () => {});
        }
        client.pipe(upstream).pipe(client);
      });
    let server = relay();
    const port = await listen(server);
    const db = target.pathname.length > 1 ? target.pathname : '';
    const { logger, about } = recordingLogger();
    const store = redisStore(`redis://127.0.0.1:${port}${db}`, logger);
    const probe = new Redis(redisUrl);
    const inRedis = async (key: string) => (await probe.exists(`${REDIS_KEY_PREFIX}uji:${key}`)) === 1;
    try {
      const before = freshKey();
      expect(await store.take('uji', before, THREE_A_MINUTE, T0)).toBe(true);
      expect(await inRedis(before)).toBe(true);

      await shut(server, sockets);
      const during = freshKey();
      expect(await takes(store, during, 4)).toEqual([true, true, true, false]);
      expect(await inRedis(during)).toBe(false);
      expect(about('tidak menjawab')).toHaveLength(1);

      server = relay();
      await listen(server, port);
      // ioredis reconnects within 2 s; the next request after REDIS_RETRY_MS uses Redis again.
      const after = freshKey();
      const deadline = Date.now() + 10_000;
      while (!(await inRedis(after)) && Date.now() < deadline) {
        await store.take('uji', after, { burst: 1000, perMinute: 1000 }, T0);
        await sleep(200);
      }
      expect(await inRedis(after)).toBe(true);
      expect(about('menjawab lagi')).toHaveLength(1);
      expect(about('tidak menjawab')).toHaveLength(1);
    } finally {
      probe.disconnect();
      await store.close();
      await shut(server, sockets);
    }
  }, 20_000);
});

describeEachDatabase('the API with REDIS_URL where nothing listens, on %s', (kind) => {
  let handle: TestDatabase;
  let store: LimiterStore;
  let app: App;
  let clock = new Date(`${TEST_TODAY}T09:00:00+07:00`);
  beforeAll(async () => {
    handle = await createTestDatabase(kind);
    // The same factory server/index.ts uses for REDIS_URL.
    store = createLimiterStore({ redisUrl: DEAD_REDIS, logger: createLogger('silent') });
    app = createApp({ db: handle.db, today: () => TEST_TODAY, now: () => clock, limiterStore: store });
  });
  afterAll(async () => {
    await store.close();
    await handle.destroy();
  });

  it('still allows one client 20 codes an hour, then answers 429 REQ-2', async () => {
    const as = asClient(freshIp());
    for (let i = 0; i < 20; i += 1) {
      await ok(app, 'requestCustomerLoginAlternative', { tipe: 'telp', telp: freshPhone() }, as);
    }
    expect(await fails(app, 'requestCustomerLoginAlternative', { tipe: 'telp', telp: freshPhone() }, as)).toMatchObject(
      {
        httpStatus: 429,
        code: 'REQ-2',
        message: 'Terlalu banyak permintaan kode OTP. Silakan coba lagi nanti',
      },
    );
  });

  it('still allows one phone 5 codes an hour, whatever the client', async () => {
    const telp = freshPhone();
    for (let i = 0; i < 5; i += 1) {
      await ok(app, 'requestCustomerLoginAlternative', { tipe: 'telp', telp }, asClient(freshIp()));
      // Past the 60 s a phone waits between two codes.
      clock = new Date(clock.getTime() + 61_000);
    }
    const limited = await fails(app, 'requestCustomerLoginAlternative', { tipe: 'telp', telp }, asClient(freshIp()));
    expect([limited.httpStatus, limited.code]).toEqual([429, 'REQ-2']);
  });

  it('still allows one client 30 sign-in attempts a minute', async () => {
    const as = asClient(freshIp());
    const login = () => fails(app, 'customerLogin', { tipe: 'telp', telp: freshPhone(), otp: '123456' }, as);
    for (let i = 0; i < 30; i += 1) expect((await login()).code).toBe('OTP-2');
    expect(await login()).toMatchObject({
      httpStatus: 429,
      code: 'REQ-2',
      message: 'Terlalu banyak percobaan masuk. Silakan coba lagi dalam 1 menit',
    });
  });
});
