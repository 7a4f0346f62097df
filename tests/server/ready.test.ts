import { readdirSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API_BASE,
  ErrorEnvelopeSchema,
  HealthResultsSchema,
  OPS_PATH,
  ReadyResultsSchema,
  okEnvelope,
} from '../../contract';
import { createApp } from '../../server/app';
import { MIGRATIONS_FOLDER } from '../../server/db/client';
import { createLifecycle } from '../../server/http/drain';
import { createLogger } from '../../server/logger';
import { DRAINING_MESSAGE } from '../../server/routes/ops';
import { memoryStore, redisStore, type LimiterStore } from '../../server/services/rate-limit';
import { queryRows } from '../../server/services/sql';
import { itNeeding } from '../helpers/needs';
import { TEST_TODAY, testNow, createTestDatabase, describeEachDatabase, type TestDatabase } from './helpers/test-db';

/**
 * Issue 23, operable: /api/ready tells a load balancer whether to send this process traffic. It
 * answers without credentials, 200 only when the database answers, Redis answers (when the limits
 * are shared through it) and every migration of the build is applied; otherwise 503 SRV-4 naming
 * what is not ready, in Indonesian, with no host, address or driver text in it.
 */

/** Counted from the folder, not from the journal the server reads. */
const SHIPPED = readdirSync(MIGRATIONS_FOLDER).filter((name) => name.endsWith('.sql')).length;
/** Nothing listens here (this file's port range, 4470-4489). */
const DEAD_REDIS = 'redis://127.0.0.1:4489';

const ReadyOk = okEnvelope(ReadyResultsSchema);
const READY = `${API_BASE}${OPS_PATH.ready}`;
const HEALTH = `${API_BASE}${OPS_PATH.health}`;

async function ready(app: ReturnType<typeof createApp>) {
  const response = await app.request(READY);
  const body: unknown = await response.json();
  return { response, status: response.status, body };
}

/** What no answer of /ready may show: addresses, credentials, driver or system error text. */
function expectNoSecrets(message: string, url: string | null): void {
  expect(message).not.toMatch(/postgres(ql)?:\/\/|redis:\/\/|127\.0\.0\.1|localhost|ECONNREFUSED|password|at \//i);
  if (url) expect(message).not.toContain(new URL(url).pathname.slice(1));
}

describeEachDatabase('/api/ready on %s', (kind) => {
  let handle: TestDatabase;
  beforeAll(async () => {
    handle = await createTestDatabase(kind);
  });
  afterAll(async () => {
    await handle.destroy();
  });

  it('answers 200 without credentials when the database answers and every migration is applied', async () => {
    const app = createApp({ db: handle.db, today: () => TEST_TODAY, now: testNow });
    const { status, body, response } = await ready(app);
    expect(status).toBe(200);
    expect(ReadyOk.parse(body).results).toEqual({
      database: 'ok',
      redis: 'tidak dipakai',
      migrasi: { build: SHIPPED, terapan: SHIPPED },
    });
    // A load balancer's cache must not answer for the process.
    expect(response.headers.get('cache-control')).toBe('no-store');
  });

  it('answers 503 SRV-4 when a migration of the build is not applied, and 200 again once it is', async () => {
    const app = createApp({ db: handle.db, today: () => TEST_TODAY, now: testNow });
    const [newest] = await queryRows<{ id: number; hash: string; at: string }>(
      handle.db,
      sql`SELECT id::int AS id, hash, created_at::text AS at FROM drizzle.__drizzle_migrations ORDER BY created_at DESC LIMIT 1`,
    );
    expect(newest).toBeDefined();
    await handle.db.execute(sql`DELETE FROM drizzle.__drizzle_migrations WHERE id = ${newest!.id}`);
    try {
      const { status, body } = await ready(app);
      expect(status).toBe(503);
      const error = ErrorEnvelopeSchema.parse(body);
      expect(error.code).toBe('SRV-4');
      expect(error.message).toBe(
        `Server belum siap: migrasi database belum lengkap (1 dari ${SHIPPED} migrasi build ini belum diterapkan)`,
      );
    } finally {
      await handle.db.execute(
        sql`INSERT INTO drizzle.__drizzle_migrations (id, hash, created_at) VALUES (${newest!.id}, ${newest!.hash}, ${newest!.at}::bigint)`,
      );
    }
    // A new app: one answer is reused for a second (READY_CACHE_MS).
    expect((await ready(createApp({ db: handle.db, today: () => TEST_TODAY, now: testNow }))).status).toBe(200);
  });

  it('a flood of /ready costs the database one check, reused for a second', async () => {
    let pings = 0;
    const counting: LimiterStore = {
      ...memoryStore(),
      ping: () => {
        pings += 1;
        return new Promise<void>((resolve) => setTimeout(resolve, 20));
      },
    };
    const app = createApp({ db: handle.db, today: () => TEST_TODAY, now: testNow, limiterStore: counting });
    const answers = await Promise.all(Array.from({ length: 50 }, () => app.request(READY)));
    expect(answers.map((answer) => answer.status)).toEqual(Array.from({ length: 50 }, () => 200));
    expect((await app.request(READY)).status).toBe(200);
    expect(pings).toBe(1);
  });

  it('stays ready when a newer build has applied a migration this one does not ship (rolling deploy)', async () => {
    const app = createApp({ db: handle.db, today: () => TEST_TODAY, now: testNow });
    const later = String(Date.UTC(2099, 0, 1));
    await handle.db.execute(
      sql`INSERT INTO drizzle.__drizzle_migrations (hash, created_at) VALUES ('newer-build', ${later}::bigint)`,
    );
    try {
      const { status, body } = await ready(app);
      expect(status).toBe(200);
      expect(ReadyOk.parse(body).results.migrasi).toEqual({ build: SHIPPED, terapan: SHIPPED + 1 });
    } finally {
      await handle.db.execute(sql`DELETE FROM drizzle.__drizzle_migrations WHERE hash = 'newer-build'`);
    }
  });

  it('answers 503 naming the migrations on a database never migrated', async () => {
    const empty = await createTestDatabase(kind, { seed: false });
    try {
      await empty.db.execute(sql`DROP SCHEMA drizzle CASCADE`);
      const app = createApp({ db: empty.db, today: () => TEST_TODAY, now: testNow });
      const { status, body } = await ready(app);
      expect(status).toBe(503);
      expect(ErrorEnvelopeSchema.parse(body).message).toBe(
        `Server belum siap: migrasi database belum lengkap (${SHIPPED} dari ${SHIPPED} migrasi build ini belum diterapkan)`,
      );
    } finally {
      await empty.destroy();
    }
  });

  it('answers 503 naming the database when it does not answer, while /health stays 200 (alive)', async () => {
    const gone = await createTestDatabase(kind, { seed: false });
    const app = createApp({ db: gone.db, today: () => TEST_TODAY, now: testNow });
    await gone.destroy();
    const { status, body } = await ready(app);
    expect(status).toBe(503);
    const error = ErrorEnvelopeSchema.parse(body);
    expect(error).toEqual({ status: 'ERROR', code: 'SRV-4', message: 'Server belum siap: database tidak menjawab' });
    expectNoSecrets(error.message, gone.url);
    const health = await app.request(HEALTH);
    expect(health.status).toBe(200);
    expect(okEnvelope(HealthResultsSchema).parse(await health.json()).results).toEqual({ ok: true });
  });

  it('answers 503 while draining, with every reply closing its connection; /health stays 200', async () => {
    const lifecycle = createLifecycle();
    const app = createApp({ db: handle.db, today: () => TEST_TODAY, now: testNow, lifecycle });
    const before = await app.request(READY);
    expect(before.status).toBe(200);
    expect(before.headers.get('connection')).toBeNull();
    lifecycle.startDraining();
    const { status, body, response } = await ready(app);
    expect(status).toBe(503);
    expect(ErrorEnvelopeSchema.parse(body)).toEqual({ status: 'ERROR', code: 'SRV-4', message: DRAINING_MESSAGE });
    expect(response.headers.get('connection')).toBe('close');
    const health = await app.request(HEALTH);
    expect(health.status).toBe(200);
    expect(health.headers.get('connection')).toBe('close');
  });

  describe('Redis (REDIS_URL set)', () => {
    const stores: LimiterStore[] = [];
    afterAll(async () => {
      for (const store of stores) await store.close();
    });

    it('answers 503 naming Redis when it does not answer, without its address', async () => {
      const store = redisStore(DEAD_REDIS, createLogger('silent'));
      stores.push(store);
      const app = createApp({ db: handle.db, today: () => TEST_TODAY, now: testNow, limiterStore: store });
      const started = performance.now();
      const { status, body } = await ready(app);
      expect(status).toBe(503);
      const error = ErrorEnvelopeSchema.parse(body);
      expect(error).toEqual({ status: 'ERROR', code: 'SRV-4', message: 'Server belum siap: Redis tidak menjawab' });
      expectNoSecrets(error.message, null);
      expect(error.message).not.toContain('4489');
      // Known down: no wait for a timeout.
      expect(performance.now() - started).toBeLessThan(1_500);
    });

    itNeeding('redis', 'answers 200 with redis ok when Redis answers PING', async () => {
      const store = redisStore(process.env.TEST_REDIS_URL!, createLogger('silent'));
      stores.push(store);
      const app = () => createApp({ db: handle.db, today: () => TEST_TODAY, now: testNow, limiterStore: store });
      // The connection is made in the background; ready says 503 until it is up.
      let answer = await ready(app());
      for (let i = 0; i < 50 && answer.status !== 200; i += 1) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        answer = await ready(app());
      }
      expect(answer.status).toBe(200);
      expect(ReadyOk.parse(answer.body).results.redis).toBe('ok');
    });

    it('answers within its bound when a check hangs', async () => {
      const hanging: LimiterStore = { ...memoryStore(), ping: () => new Promise<void>(() => {}) };
      const app = createApp({
        db: handle.db,
        today: () => TEST_TODAY,
        now: testNow,
        limiterStore: hanging,
        readyTimeoutMs: 300,
      });
      const started = performance.now();
      const { status, body } = await ready(app);
      const took = performance.now() - started;
      expect(status).toBe(503);
      expect(ErrorEnvelopeSchema.parse(body).message).toBe('Server belum siap: Redis tidak menjawab');
      expect(took).toBeGreaterThanOrEqual(250);
      expect(took).toBeLessThan(2_000);
    });
  });
});
