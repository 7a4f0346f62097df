import { createHash, randomInt } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { API_BASE, ErrorEnvelopeSchema, HEADER, endpoints } from '../../contract';
import { createApp, type App } from '../../server/app';
import { customerSessions, customers, otpChallenges } from '../../server/db/schema';
import { SEED_FIXTURES } from '../../server/db/seed';
import { basic, defaultHeaders, fails, ok, userId, type CallOptions } from './api-support';
import { bearerRequest, freshPhone, requestCode, signIn, signInFully } from './helpers/accounts';
import { TEST_TODAY, createTestDatabase, type TestDatabase, describeEachDatabase } from './helpers/test-db';

const START = new Date(`${TEST_TODAY}T09:00:00+07:00`);
const CLEAR_COOKIE = '_atx=; Max-Age=0; Path=/; SameSite=Lax';
const SESSION_ENDED = 'Sesi kamu sudah berakhir. Silakan masuk kembali';

const asClient = (): CallOptions => ({
  headers: { ...defaultHeaders(), 'x-forwarded-for': `10.2.${randomInt(0, 255)}.${randomInt(1, 255)}` },
});

/** Every text column of a row, as one string: where a token in clear would show. */
const textOf = (rows: object[]) => JSON.stringify(rows);

describeEachDatabase('sessions on %s', (kind) => {
  let handle: TestDatabase;
  let app: App;
  let clock = START;

  beforeAll(async () => {
    handle = await createTestDatabase(kind);
    app = createApp({ db: handle.db, today: () => TEST_TODAY, now: () => clock });
  });
  afterAll(async () => {
    await handle.destroy();
  });

  /** A call with a bearer token, answering its status, error code and Set-Cookie header. */
  const withToken = async (token: string, name: keyof typeof endpoints = 'kotaPopuler') => {
    const response = await bearerRequest(app, name, token);
    const body = (await response.json()) as { status: string; code?: string; message?: string };
    return { status: response.status, body, cookie: response.headers.get('set-cookie') };
  };

  it('keeps only the SHA-256 of a token: no table holds it in clear', async () => {
    const telp = freshPhone();
    const token = await signIn(app, { tipe: 'telp', telp }, asClient());
    const [customer] = await handle.db.select().from(customers).where(eq(customers.phone, telp));
    const sessions = await handle.db
      .select()
      .from(customerSessions)
      .where(eq(customerSessions.customerId, customer?.id ?? -1));
    expect(sessions).toHaveLength(1);
    expect(sessions[0]?.tokenHash).toBe(createHash('sha256').update(token).digest('hex'));
    const everything = textOf([
      ...(await handle.db.select().from(customerSessions)),
      ...(await handle.db.select().from(customers)),
    ]);
    expect(everything).not.toContain(token);
    expect(everything).not.toContain(Buffer.from(token, 'base64url').toString('hex'));
  });

  it('keeps a one-time code only as a keyed hash', async () => {
    const telp = freshPhone();
    const code = await requestCode(app, { tipe: 'telp', telp }, asClient());
    const [challenge] = await handle.db.select().from(otpChallenges).where(eq(otpChallenges.address, telp));
    expect(challenge?.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(challenge?.codeHash).not.toBe(createHash('sha256').update(code).digest('hex'));
    expect(textOf([challenge ?? {}])).not.toContain(code);
  });

  it('opens the account of its own token, and signs out: the token then answers 401 AUT-3', async () => {
    const token = await signIn(app, { tipe: 'telp', telp: freshPhone() }, asClient());
    const open = await withToken(token);
    expect(open.status).toBe(200);
    expect(open.cookie).toBeNull();

    const logout = await bearerRequest(app, 'customerLogout', token);
    expect(logout.status).toBe(200);
    expect(await logout.json()).toEqual({ status: 'OK', results: { ok: true } });
    expect(logout.headers.get('set-cookie')).toBe(CLEAR_COOKIE);

    const after = await withToken(token);
    expect(after).toEqual({
      status: 401,
      body: { status: 'ERROR', code: 'AUT-3', message: SESSION_ENDED },
      cookie: CLEAR_COOKIE,
    });
    expect(ErrorEnvelopeSchema.safeParse(after.body).success).toBe(true);
  });

  it('signs out only the device that asked', async () => {
    const telp = freshPhone();
    const phone = await signIn(app, { tipe: 'telp', telp }, asClient());
    clock = new Date(clock.getTime() + 61_000);
    const laptop = await signIn(app, { tipe: 'telp', telp }, asClient());
    expect((await bearerRequest(app, 'customerLogout', phone)).status).toBe(200);
    expect((await withToken(laptop)).status).toBe(200);
    expect((await withToken(phone)).status).toBe(401);
  });

  it('refuses signing out with the basic credentials (401 AUT-1)', async () => {
    const refused = await fails(app, 'customerLogout');
    expect(refused).toMatchObject({ httpStatus: 401, code: 'AUT-1', message: 'Masuk untuk bisa gunakan fitur ini' });
  });

  it('ends a session after 365 days', async () => {
    const signedInAt = clock;
    const token = await signIn(app, { tipe: 'telp', telp: freshPhone() }, asClient());
    clock = new Date(signedInAt.getTime() + 365 * 86_400_000 - 60_000);
    expect((await withToken(token)).status).toBe(200);
    clock = new Date(signedInAt.getTime() + 365 * 86_400_000);
    const ended = await withToken(token);
    expect(ended).toMatchObject({ status: 401, body: { code: 'AUT-3', message: SESSION_ENDED }, cookie: CLEAR_COOKIE });
    clock = signedInAt;
  });

  it('answers a junk or empty bearer token with AUT-3, and the same call as a guest works', async () => {
    for (const junk of ['bukan-token', 'x'.repeat(43), SEED_FIXTURES.customers.demo.token.toUpperCase()]) {
      const refused = await withToken(junk, 'searchPointAsal');
      expect(refused).toMatchObject({
        status: 401,
        body: { code: 'AUT-3', message: SESSION_ENDED },
        cookie: CLEAR_COOKIE,
      });
    }
    const empty = await app.request(`${API_BASE}${endpoints.kotaPopuler.path}`, {
      headers: { [HEADER.userId]: userId(), authorization: 'Bearer ' },
    });
    expect(empty.status).toBe(401);
    expect(ErrorEnvelopeSchema.parse(await empty.json()).code).toBe('AUT-3');

    // The app drops the token and repeats the call with the platform's basic credentials.
    const search = await ok(
      app,
      'searchPointAsal',
      { text: 'bandung' },
      { headers: { [HEADER.userId]: userId(), authorization: basic() } },
    );
    expect(search.list.length).toBeGreaterThan(0);
  });

  it('keeps the seeded demo tokens working as sessions', async () => {
    const rina = await ok(app, 'customerProfil', {}, { bearer: SEED_FIXTURES.customers.demo.token });
    expect(rina).toMatchObject({ nama: 'Rina Kartika', telp: '081234567890' });
    const budi = await ok(app, 'customerProfil', {}, { bearer: SEED_FIXTURES.customers.zeroPoints.token });
    expect(budi).toMatchObject({ nama: 'Budi Santoso', telp: '081298765432' });
  });

  it('signs one phone in as one customer: a second sign-in opens the same account', async () => {
    const telp = freshPhone();
    const first = await signInFully(app, { tipe: 'telp', telp }, asClient());
    clock = new Date(clock.getTime() + 61_000);
    const second = await signInFully(app, { tipe: 'telp', telp }, asClient());
    expect([first.pelanggan_baru, second.pelanggan_baru]).toEqual([true, false]);
    const [customer] = await handle.db.select().from(customers).where(eq(customers.phone, telp));
    const sessions = await handle.db
      .select({ id: customerSessions.id })
      .from(customerSessions)
      .where(eq(customerSessions.customerId, customer?.id ?? -1));
    expect(sessions).toHaveLength(2);
  });
});
