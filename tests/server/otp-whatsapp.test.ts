/**
 * Sign-in codes to phones through the WhatsApp Cloud API, against a local stand-in that checks the
 * bearer token and the template message as Meta documents them and answers as the Graph API does.
 */
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { createApp, type App } from '../../server/app';
import { otpChallenges } from '../../server/db/schema';
import { createLogger } from '../../server/logger';
import { routedSender } from '../../server/services/otp-senders';
import type { WhatsappSettings } from '../../server/services/otp-settings';
import { whatsappSender } from '../../server/services/otp-whatsapp';
import { call, ok } from './api-support';
import { freshClient, freshEmail, freshPhone } from './helpers/accounts';
import { TEST_TODAY, testNow, createTestDatabase, describeEachDatabase, type TestDatabase } from './helpers/test-db';
import {
  ACCESS_TOKEN,
  PHONE_NUMBER_ID,
  TEMPLATE,
  startWhatsappStandIn,
  type WhatsappStandIn,
} from './helpers/whatsapp-cloud';

const NOT_SENT = {
  status: 'ERROR',
  code: 'SRV-3',
  message:
    'Kode OTP gagal dikirim lewat WhatsApp. Pastikan nomor ini memakai WhatsApp, lalu coba lagi beberapa saat lagi.',
};

describeEachDatabase('sign-in codes by WhatsApp on %s', (kind) => {
  let handle: TestDatabase;
  let standIn: WhatsappStandIn;
  let settings: WhatsappSettings;
  const logLines: string[] = [];
  const logger = createLogger('trace', { write: (line: string) => void logLines.push(line) });
  /** Production settings with only WhatsApp configured. */
  const appWith = (over: Partial<WhatsappSettings> = {}, timeoutMs?: number): App =>
    createApp({
      db: handle.db,
      today: () => TEST_TODAY,
      now: testNow,
      demo: false,
      logger,
      otpSender: routedSender({
        telp: whatsappSender({ ...settings, ...over }, { logger, ...(timeoutMs ? { timeoutMs } : {}) }),
      }),
    });

  beforeAll(async () => {
    handle = await createTestDatabase(kind, { seed: false });
    standIn = await startWhatsappStandIn();
    settings = {
      apiUrl: standIn.apiUrl,
      token: ACCESS_TOKEN,
      phoneNumberId: PHONE_NUMBER_ID,
      template: TEMPLATE,
      language: 'id',
    };
  });
  afterAll(async () => {
    await standIn.close();
    await handle.destroy();
  });
  beforeEach(() => {
    standIn.mode = 'accept';
  });

  const challengesOf = async (address: string) =>
    (await handle.db.select({ n: count() }).from(otpChallenges).where(eq(otpChallenges.address, address)))[0]?.n;

  it('the code goes out as the authentication template to 62…, and the code sent signs the traveller in', async () => {
    const app = appWith();
    const telp = freshPhone();
    const as = freshClient();
    await ok(app, 'requestCustomerLoginAlternative', { tipe: 'telp', telp }, as);
    const to = `62${telp.slice(1)}`;
    const sent = standIn.sent.filter((message) => message.to === to);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ template: TEMPLATE, language: 'id' });
    const code = sent[0]!.code;
    expect(code).toMatch(/^\d{6}$/);

    const signedIn = await ok(app, 'customerLogin', { tipe: 'telp', auth: 'otp', telp, otp: code }, as);
    expect(signedIn.pelanggan_baru).toBe(true);
    expect(signedIn.profil.telp).toBe(telp);
    const log = logLines.join('\n');
    expect(log).toContain('otp sent');
    expect(log).not.toContain(code);
    expect(log).not.toContain(ACCESS_TOKEN);
  });

  it('with only WhatsApp configured, an email code is refused 503 SRV-2 naming the other channel', async () => {
    const email = freshEmail();
    const refused = await call(appWith(), 'requestCustomerLoginAlternative', { tipe: 'email', email }, freshClient());
    expect(!refused.ok && [refused.status, refused.error]).toEqual([
      503,
      {
        status: 'ERROR',
        code: 'SRV-2',
        message: 'Kode OTP lewat email belum tersedia. Silakan masuk dengan nomor handphone.',
      },
    ]);
    expect(await challengesOf(email)).toBe(0);
  });

  it('an error answer of the API (number not allowed, bad token): 502 SRV-3, no usable code, asking again works at once', async () => {
    const telp = freshPhone();
    const as = freshClient();
    standIn.mode = 'not-allowed';
    const refused = await call(appWith(), 'requestCustomerLoginAlternative', { tipe: 'telp', telp }, as);
    expect(!refused.ok && [refused.status, refused.error]).toEqual([502, NOT_SENT]);
    expect(standIn.refused).toContain('recipient');
    expect(await challengesOf(telp)).toBe(0);
    const guess = await call(appWith(), 'customerLogin', { tipe: 'telp', auth: 'otp', telp, otp: '123456' }, as);
    expect(!guess.ok && guess.error.code).toBe('OTP-2');

    const badToken = await call(
      appWith({ token: 'EAAJBexpiredtoken000' }),
      'requestCustomerLoginAlternative',
      { tipe: 'telp', telp },
      as,
    );
    expect(!badToken.ok && [badToken.status, badToken.error]).toEqual([502, NOT_SENT]);
    expect(standIn.refused).toContain('token');
    expect(logLines.join('\n')).toMatch(/"error":190/);

    standIn.mode = 'accept';
    await ok(appWith(), 'requestCustomerLoginAlternative', { tipe: 'telp', telp }, as);
    expect(await challengesOf(telp)).toBe(1);
  });

  it('an API that does not answer in time: 502 SRV-3, nothing stored', async () => {
    const telp = freshPhone();
    standIn.mode = 'hang';
    const refused = await call(
      appWith({}, 300),
      'requestCustomerLoginAlternative',
      { tipe: 'telp', telp },
      freshClient(),
    );
    expect(!refused.ok && [refused.status, refused.error]).toEqual([502, NOT_SENT]);
    expect(await challengesOf(telp)).toBe(0);
  });
});
