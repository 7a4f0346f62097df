import { randomInt } from 'node:crypto';
import { and, count, eq } from 'drizzle-orm';
import { API_BASE, endpoints } from '../../contract';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createApp, type App } from '../../server/app';
import { customerSessions, customers, otpChallenges, otpOutbox } from '../../server/db/schema';
import { SEED_FIXTURES } from '../../server/db/seed';
import { createLogger } from '../../server/logger';
import type { OtpMessage } from '../../server/services/otp-delivery';
import { call, defaultHeaders, fails, ok, type CallOptions } from './api-support';
import { freshEmail, freshPhone, latestCode, phoneContact, requestCode, signInFully } from './helpers/accounts';
import { TEST_TODAY, testNow, createTestDatabase, type TestDatabase, describeEachDatabase } from './helpers/test-db';

const START = new Date(`${TEST_TODAY}T09:00:00+07:00`);
const RINA = SEED_FIXTURES.customers.demo;

/** Each test calls from an address of its own, so per-client limits of one never reach another. */
const asClient = (ip = `10.1.${randomInt(0, 255)}.${randomInt(1, 255)}`): CallOptions => ({
  headers: { ...defaultHeaders(), 'x-forwarded-for': ip },
});

describeEachDatabase('sign-in by one-time code on %s', (kind) => {
  let handle: TestDatabase;
  let app: App;
  let clock = START;
  const later = (seconds: number) => {
    clock = new Date(clock.getTime() + seconds * 1000);
  };

  beforeAll(async () => {
    handle = await createTestDatabase(kind);
    app = createApp({ db: handle.db, today: () => TEST_TODAY, now: () => clock });
  });
  afterAll(async () => {
    await handle.destroy();
  });

  const login = (telp: string, otp: string, as: CallOptions) =>
    call(app, 'customerLogin', { tipe: 'telp', auth: 'otp', telp, otp }, as);

  it('sends a 6-digit code to a new phone, and the code creates the account and signs it in', async () => {
    const as = asClient();
    const telp = '081955501234';
    const sent = await ok(app, 'requestCustomerLoginAlternative', { tipe: 'telp', telp }, as);
    expect(sent).toEqual({
      tipe: 'telp',
      tujuan: '0819****1234',
      berlaku_detik: 300,
      kirim_ulang_detik: 60,
      panjang_kode: 6,
    });
    const outbox = await ok(app, 'demoOtpOutbox', { tujuan: telp }, as);
    expect(outbox.list).toHaveLength(1);
    const code = outbox.list[0]?.kode ?? '';
    expect(code).toMatch(/^\d{6}$/);
    expect(outbox.list[0]?.pesan).toBe(
      `Kode OTP Berangkat kamu: ${code}. Berlaku 5 menit. Jangan berikan kode ini kepada siapa pun.`,
    );

    const reply = await login(telp, code, as);
    if (!reply.ok) throw new Error(`login refused: ${reply.error.message}`);
    expect(reply.results.pelanggan_baru).toBe(true);
    expect(reply.results.profil).toMatchObject({ nama: '', telp });
    expect(reply.results.token.length).toBeGreaterThanOrEqual(43);
    // The session lasts a year from sign-in (SESSION_DAYS = 365).
    expect(reply.results.kedaluwarsa).toBe(new Date(clock.getTime() + 365 * 86_400_000).toISOString());
    const rows = await handle.db.select().from(customers).where(eq(customers.phone, telp));
    expect(rows).toHaveLength(1);

    later(61);
    const again = await signInFully(app, { tipe: 'telp', telp }, as);
    expect(again.pelanggan_baru).toBe(false);
    expect(again.token).not.toBe(reply.results.token);
    expect(await handle.db.select().from(customers).where(eq(customers.phone, telp))).toHaveLength(1);
  });

  it('signs a known phone into its account, written as 08…, 628… or with spaces', async () => {
    const as = asClient();
    for (const written of ['628 1234 567 890', '081234567890']) {
      later(61);
      const results = await signInFully(app, { tipe: 'telp', telp: written.replace(/ /g, '') }, as);
      expect(results.pelanggan_baru).toBe(false);
      expect(results.profil).toMatchObject({ nama: 'Rina Kartika', telp: RINA.phone, email: RINA.email });
    }
  });

  it('signs in by email, whatever its letter case', async () => {
    const as = asClient();
    const sent = await ok(
      app,
      'requestCustomerLoginAlternative',
      { tipe: 'email', email: 'Dewi.Lestari@Contoh.ID' },
      as,
    );
    expect(sent.tujuan).toBe('de***@contoh.id');
    const code = await latestCode(app, 'dewi.lestari@contoh.id', as);
    const results = await ok(app, 'customerLogin', { tipe: 'email', email: 'DEWI.lestari@contoh.id', otp: code }, as);
    expect(results).toMatchObject({ pelanggan_baru: false, profil: { nama: 'Dewi Lestari', telp: '085711223344' } });

    const email = freshEmail();
    const fresh = await signInFully(app, { tipe: 'email', email }, as);
    expect(fresh.pelanggan_baru).toBe(true);
    expect(fresh.profil).toMatchObject({ email });
  });

  it('refuses a wrong code with the tries left, and the right code still works', async () => {
    const as = asClient();
    const telp = freshPhone();
    const code = await requestCode(app, phoneContact(telp), as);
    const wrong = code === '000000' ? '000001' : '000000';
    const first = await fails(app, 'customerLogin', { tipe: 'telp', telp, otp: wrong }, as);
    expect(first).toMatchObject({ httpStatus: 422, code: 'OTP-1', message: 'Kode OTP salah. Sisa 4 kali percobaan' });
    const second = await fails(app, 'customerLogin', { tipe: 'telp', telp, otp: wrong }, as);
    expect(second.message).toBe('Kode OTP salah. Sisa 3 kali percobaan');
    expect((await login(telp, code, as)).ok).toBe(true);
  });

  it('after 5 wrong tries refuses even the right code until a new one is sent', async () => {
    const as = asClient();
    const telp = freshPhone();
    const code = await requestCode(app, phoneContact(telp), as);
    const wrong = code === '999999' ? '999998' : '999999';
    const messages: string[] = [];
    for (let i = 0; i < 5; i += 1) {
      const reply = await fails(app, 'customerLogin', { tipe: 'telp', telp, otp: wrong }, as);
      expect(reply.code).toBe('OTP-1');
      messages.push(reply.message);
    }
    expect(messages).toEqual([
      'Kode OTP salah. Sisa 4 kali percobaan',
      'Kode OTP salah. Sisa 3 kali percobaan',
      'Kode OTP salah. Sisa 2 kali percobaan',
      'Kode OTP salah. Sisa 1 kali percobaan',
      'Kode OTP salah. Silakan minta kode baru',
    ]);
    const blocked = await fails(app, 'customerLogin', { tipe: 'telp', telp, otp: code }, as);
    expect(blocked).toMatchObject({
      httpStatus: 422,
      code: 'OTP-4',
      message: 'Terlalu banyak percobaan kode OTP yang salah. Silakan minta kode baru',
    });
    later(61);
    const fresh = await requestCode(app, phoneContact(telp), as);
    expect((await login(telp, fresh, as)).ok).toBe(true);
  });

  it('refuses a code after its 5 minutes', async () => {
    const as = asClient();
    const telp = freshPhone();
    const code = await requestCode(app, phoneContact(telp), as);
    later(300);
    const expired = await fails(app, 'customerLogin', { tipe: 'telp', telp, otp: code }, as);
    expect(expired).toMatchObject({
      httpStatus: 422,
      code: 'OTP-2',
      message: 'Kode OTP sudah kedaluwarsa. Silakan kirim ulang kode',
    });
  });

  it('accepts a code just before its 5 minutes end', async () => {
    const as = asClient();
    const telp = freshPhone();
    const code = await requestCode(app, phoneContact(telp), as);
    later(299);
    expect((await login(telp, code, as)).ok).toBe(true);
  });

  it('refuses a code used once already', async () => {
    const as = asClient();
    const telp = freshPhone();
    const code = await requestCode(app, phoneContact(telp), as);
    expect((await login(telp, code, as)).ok).toBe(true);
    const reused = await fails(app, 'customerLogin', { tipe: 'telp', telp, otp: code }, as);
    expect(reused).toMatchObject({
      httpStatus: 422,
      code: 'OTP-3',
      message: 'Kode OTP sudah digunakan. Silakan minta kode baru',
    });
  });

  it('refuses a login when no code was sent to the phone', async () => {
    const refused = await fails(app, 'customerLogin', { tipe: 'telp', telp: freshPhone(), otp: '123456' }, asClient());
    expect(refused).toMatchObject({
      httpStatus: 422,
      code: 'OTP-2',
      message: 'Kode OTP belum dikirim. Silakan minta kode terlebih dahulu',
    });
  });

  it('refuses a resend within 60 seconds with the seconds left; a new code voids the old one', async () => {
    const as = asClient();
    const telp = freshPhone();
    const first = await requestCode(app, phoneContact(telp), as);
    later(10);
    const early = await fails(app, 'requestCustomerLoginAlternative', { tipe: 'telp', telp }, as);
    expect(early).toMatchObject({
      httpStatus: 429,
      code: 'REQ-2',
      message: 'Tunggu 50 detik sebelum mengirim ulang kode',
    });
    // Another client asking for the same phone waits just the same.
    const elsewhere = await fails(app, 'requestCustomerLoginAlternative', { tipe: 'telp', telp }, asClient());
    expect(elsewhere.httpStatus).toBe(429);
    later(50);
    const second = await requestCode(app, phoneContact(telp), as);
    if (first !== second) {
      const old = await fails(app, 'customerLogin', { tipe: 'telp', telp, otp: first }, as);
      expect(old.code).toBe('OTP-1');
    }
    expect((await login(telp, second, as)).ok).toBe(true);
    const [row] = await handle.db
      .select({ n: count() })
      .from(otpChallenges)
      .where(and(eq(otpChallenges.address, telp), eq(otpChallenges.channel, 'telp')));
    expect(row?.n).toBe(2);
  });

  it('sends at most 5 codes an hour to one phone, whoever asks (429 REQ-2)', async () => {
    const telp = freshPhone();
    for (let i = 0; i < 5; i += 1) {
      await ok(app, 'requestCustomerLoginAlternative', { tipe: 'telp', telp }, asClient());
      later(61);
    }
    const limited = await fails(app, 'requestCustomerLoginAlternative', { tipe: 'telp', telp }, asClient());
    expect(limited).toMatchObject({
      httpStatus: 429,
      code: 'REQ-2',
      message: 'Terlalu banyak permintaan kode OTP. Silakan coba lagi nanti',
    });
    later(12 * 60);
    await ok(app, 'requestCustomerLoginAlternative', { tipe: 'telp', telp }, asClient());
  });

  it('sends at most 20 codes an hour for one client, to any phones (429 REQ-2)', async () => {
    const as = asClient();
    for (let i = 0; i < 20; i += 1) {
      await ok(app, 'requestCustomerLoginAlternative', { tipe: 'telp', telp: freshPhone() }, as);
    }
    const limited = await fails(app, 'requestCustomerLoginAlternative', { tipe: 'telp', telp: freshPhone() }, as);
    expect(limited).toMatchObject({
      httpStatus: 429,
      code: 'REQ-2',
      message: 'Terlalu banyak permintaan kode OTP. Silakan coba lagi nanti',
    });
    await ok(app, 'requestCustomerLoginAlternative', { tipe: 'telp', telp: freshPhone() }, asClient());
  });

  it('allows 30 login attempts a minute per client, then 429 REQ-2', async () => {
    const as = asClient();
    for (let i = 0; i < 30; i += 1) {
      const reply = await fails(app, 'customerLogin', { tipe: 'telp', telp: freshPhone(), otp: '123456' }, as);
      expect(reply.code).toBe('OTP-2');
    }
    const limited = await fails(app, 'customerLogin', { tipe: 'telp', telp: freshPhone(), otp: '123456' }, as);
    expect(limited).toMatchObject({
      httpStatus: 429,
      code: 'REQ-2',
      message: 'Terlalu banyak percobaan masuk. Silakan coba lagi dalam 1 menit',
    });
    later(60);
    expect((await fails(app, 'customerLogin', { tipe: 'telp', telp: freshPhone(), otp: '123456' }, as)).code).toBe(
      'OTP-2',
    );
  });

  it('gives exactly one session when two logins race with one code', async () => {
    const as = asClient();
    const telp = freshPhone();
    const code = await requestCode(app, phoneContact(telp), as);
    const replies = await Promise.all([1, 2, 3].map(() => login(telp, code, as)));
    expect(replies.filter((reply) => reply.ok)).toHaveLength(1);
    for (const reply of replies.filter((r) => !r.ok)) {
      expect(!reply.ok && [reply.status, reply.error.code]).toEqual([422, 'OTP-3']);
    }
    const [customer] = await handle.db.select().from(customers).where(eq(customers.phone, telp));
    const sessions = await handle.db
      .select()
      .from(customerSessions)
      .where(eq(customerSessions.customerId, customer?.id ?? -1));
    expect(sessions).toHaveLength(1);
  });

  it('keeps the platform and push token of the device with its session', async () => {
    const as = asClient();
    const telp = freshPhone();
    const code = await requestCode(app, phoneContact(telp), as);
    const androidApp = await ok(
      app,
      'customerLogin',
      { tipe: 'telp', telp, otp: code, token_firebase: 'fcm-token-perangkat' },
      { headers: { ...defaultHeaders({ platform: 'APP-ANDROID' }), 'x-forwarded-for': '10.9.9.9' } },
    );
    expect(androidApp.token).not.toBe('');
    const [customer] = await handle.db.select().from(customers).where(eq(customers.phone, telp));
    const [session] = await handle.db
      .select()
      .from(customerSessions)
      .where(eq(customerSessions.customerId, customer?.id ?? -1));
    expect(session).toMatchObject({ platform: 'APP-ANDROID', pushToken: 'fcm-token-perangkat' });
  });

  it('refuses a malformed code or contact with 400 and the form message', async () => {
    const as = asClient();
    const short = await fails(app, 'customerLogin', { tipe: 'telp', telp: freshPhone(), otp: '12345' }, as);
    expect(short).toMatchObject({ httpStatus: 400, code: 'REQ-1' });
    expect(short.message).toContain('Kode OTP harus 6 digit angka');
    const noPhone = await fails(app, 'requestCustomerLoginAlternative', { tipe: 'telp' }, as);
    expect(noPhone).toMatchObject({ httpStatus: 400, code: 'REQ-1' });
  });
});

describeEachDatabase('delivering codes on %s', (kind) => {
  let handle: TestDatabase;

  beforeAll(async () => {
    handle = await createTestDatabase(kind);
  });
  afterAll(async () => {
    await handle.destroy();
  });

  it('outside demo mode without a sender: no outbox (404), and a code request is refused 503 SRV-2', async () => {
    const app = createApp({ db: handle.db, today: () => TEST_TODAY, now: testNow, demo: false });
    const telp = freshPhone();
    const refused = await app.request(`${API_BASE}${endpoints.requestCustomerLoginAlternative.path}`, {
      method: 'POST',
      headers: { ...asClient().headers, 'content-type': 'application/json' },
      body: JSON.stringify({ tipe: 'telp', telp }),
    });
    expect(refused.status).toBe(503);
    expect(await refused.json()).toEqual({
      status: 'ERROR',
      code: 'SRV-2',
      message:
        'Masuk dengan kode OTP belum tersedia: pengirim SMS, WhatsApp atau email belum dipasang. Silakan coba lagi nanti.',
    });
    expect(await handle.db.select().from(otpOutbox).where(eq(otpOutbox.address, telp))).toEqual([]);
    const hidden = await fails(app, 'demoOtpOutbox', { tujuan: telp }, asClient());
    expect(hidden).toMatchObject({ httpStatus: 404, code: 'NFD-1' });
  });

  it('hands codes to the configured sender instead of the outbox', async () => {
    const sent: OtpMessage[] = [];
    const app = createApp({
      db: handle.db,
      today: () => TEST_TODAY,
      now: testNow,
      otpSender: {
        send: (message) => {
          sent.push(message);
          return Promise.resolve();
        },
      },
    });
    const email = freshEmail();
    await ok(app, 'requestCustomerLoginAlternative', { tipe: 'email', email }, asClient());
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ channel: 'email', address: email });
    expect(sent[0]?.text).toBe(
      `Kode OTP Berangkat kamu: ${sent[0]?.code}. Berlaku 5 menit. Jangan berikan kode ini kepada siapa pun.`,
    );
    expect(await handle.db.select().from(otpOutbox).where(eq(otpOutbox.address, email))).toEqual([]);
    const results = await ok(app, 'customerLogin', { tipe: 'email', email, otp: sent[0]?.code }, asClient());
    expect(results.pelanggan_baru).toBe(true);
  });

  it('lets the traveller ask again at once when the sender failed', async () => {
    let failing = true;
    const app = createApp({
      db: handle.db,
      today: () => TEST_TODAY,
      now: testNow,
      otpSender: {
        send: () => (failing ? Promise.reject(new Error('SMS gateway down')) : Promise.resolve()),
      },
    });
    const telp = freshPhone();
    const first = await call(app, 'requestCustomerLoginAlternative', { tipe: 'telp', telp }, asClient());
    expect(!first.ok && [first.status, first.error.code]).toEqual([500, 'SRV-1']);
    failing = false;
    await ok(app, 'requestCustomerLoginAlternative', { tipe: 'telp', telp }, asClient());
  });

  it('logs the outbox message with a masked address, and never the session token', async () => {
    const lines: string[] = [];
    const logger = createLogger('info', { write: (line: string) => void lines.push(line) });
    const app = createApp({ db: handle.db, today: () => TEST_TODAY, now: testNow, logger });
    const telp = '081977712345';
    const results = await signInFully(app, { tipe: 'telp', telp }, asClient());
    const all = lines.join('\n');
    expect(all).toContain('Kode OTP Berangkat kamu');
    expect(all).toContain('0819****2345');
    expect(all).not.toContain(telp);
    expect(all).not.toContain(results.token);
  });
});
