/**
 * Sign-in codes by email through a real SMTP server started here (smtp-server): the code is read
 * from the message that arrives, and signs the traveller in. Production settings (demo: false), so
 * nothing falls back to the outbox.
 */
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { createApp, type App } from '../../server/app';
import { otpChallenges, otpOutbox } from '../../server/db/schema';
import { createLogger } from '../../server/logger';
import { otpDelivery, type OtpDelivery } from '../../server/services/otp-senders';
import { call, ok } from './api-support';
import { freshClient, freshEmail, freshPhone } from './helpers/accounts';
import { SMTP_USER, codeInMail, startSmtpServer, type LocalSmtp } from './helpers/smtp';
import { TEST_TODAY, testNow, createTestDatabase, describeEachDatabase, type TestDatabase } from './helpers/test-db';

const FROM = 'Berangkat <no-reply@berangkat.test>';

describeEachDatabase('sign-in codes by email over SMTP on %s', (kind) => {
  let handle: TestDatabase;
  let smtp: LocalSmtp;
  let delivery: OtpDelivery;
  let app: App;
  const logLines: string[] = [];

  beforeAll(async () => {
    handle = await createTestDatabase(kind, { seed: false });
    smtp = await startSmtpServer();
    const logger = createLogger('trace', { write: (line: string) => void logLines.push(line) });
    delivery = otpDelivery(
      { smtp: { url: smtp.url, from: FROM }, whatsapp: undefined, demo: false },
      { db: handle.db, logger },
    );
    app = createApp({
      db: handle.db,
      today: () => TEST_TODAY,
      now: testNow,
      demo: false,
      logger,
      otpSender: delivery.sender,
    });
  });
  afterAll(async () => {
    await delivery.close();
    await smtp.close();
    await handle.destroy();
  });
  beforeEach(() => {
    smtp.rejectRecipients = false;
  });

  const challengesOf = async (address: string) =>
    (await handle.db.select({ n: count() }).from(otpChallenges).where(eq(otpChallenges.address, address)))[0]?.n;

  it('the code arrives at the mail server in an Indonesian message and signs the traveller in', async () => {
    const email = freshEmail();
    const as = freshClient();
    const sent = await ok(app, 'requestCustomerLoginAlternative', { tipe: 'email', email }, as);
    expect(sent).toMatchObject({ tipe: 'email', berlaku_detik: 300, panjang_kode: 6 });

    const message = await smtp.waitFor(email);
    expect(message.user).toBe(SMTP_USER);
    expect(message.envelopeTo).toEqual([email]);
    expect(message.envelopeFrom).toBe('no-reply@berangkat.test');
    expect(message.mail.from?.value).toEqual([{ name: 'Berangkat', address: 'no-reply@berangkat.test' }]);
    expect(message.mail.subject).toBe('Kode OTP Berangkat kamu');
    const code = codeInMail(message);
    expect(message.mail.text).toContain(
      `Kode OTP Berangkat kamu: ${code}. Berlaku 5 menit. Jangan berikan kode ini kepada siapa pun.`,
    );
    expect(message.mail.html).toContain(code);

    const signedIn = await ok(app, 'customerLogin', { tipe: 'email', auth: 'otp', email, otp: code }, as);
    expect(signedIn.pelanggan_baru).toBe(true);
    expect(signedIn.profil.email).toBe(email);

    // Outside demo mode the code is in the message only: not in the log, not in the outbox table.
    const log = logLines.join('\n');
    expect(log).toContain('otp sent');
    expect(log).not.toContain(code);
    expect(log).not.toContain(email);
    expect((await handle.db.select({ n: count() }).from(otpOutbox))[0]?.n).toBe(0);
  });

  it('with only email configured, a phone code is refused 503 SRV-2 naming the other channel, nothing stored', async () => {
    const telp = freshPhone();
    const refused = await call(app, 'requestCustomerLoginAlternative', { tipe: 'telp', telp }, freshClient());
    expect(!refused.ok && [refused.status, refused.error]).toEqual([
      503,
      {
        status: 'ERROR',
        code: 'SRV-2',
        message: 'Kode OTP lewat WhatsApp belum tersedia. Silakan masuk dengan email.',
      },
    ]);
    expect(await challengesOf(telp)).toBe(0);
  });

  it('a mailbox the server refuses: 502 SRV-3 in Indonesian, no usable code left, and asking again works at once', async () => {
    const email = freshEmail();
    const as = freshClient();
    smtp.rejectRecipients = true;
    const refused = await call(app, 'requestCustomerLoginAlternative', { tipe: 'email', email }, as);
    expect(!refused.ok && [refused.status, refused.error]).toEqual([
      502,
      {
        status: 'ERROR',
        code: 'SRV-3',
        message: 'Kode OTP gagal dikirim ke email kamu. Periksa alamat email, atau coba lagi beberapa saat lagi.',
      },
    ]);
    expect(await challengesOf(email)).toBe(0);
    const guess = await call(app, 'customerLogin', { tipe: 'email', auth: 'otp', email, otp: '123456' }, as);
    expect(!guess.ok && guess.error.code).toBe('OTP-2');

    // No 60-second wait: the failed code never held the resend timer.
    smtp.rejectRecipients = false;
    await ok(app, 'requestCustomerLoginAlternative', { tipe: 'email', email }, as);
    const code = codeInMail(await smtp.waitFor(email));
    expect((await ok(app, 'customerLogin', { tipe: 'email', auth: 'otp', email, otp: code }, as)).token).toBeTruthy();
  });

  it('a mail server that refuses the login or does not answer: 502 SRV-3, nothing stored', async () => {
    const wrongPassword = new URL(smtp.url);
    wrongPassword.password = 'salah';
    const closed = await startSmtpServer();
    await closed.close();
    for (const url of [wrongPassword.toString(), closed.url]) {
      const other = otpDelivery(
        { smtp: { url, from: FROM }, whatsapp: undefined, demo: false },
        { db: handle.db, logger: createLogger('silent') },
      );
      const otherApp = createApp({
        db: handle.db,
        today: () => TEST_TODAY,
        now: testNow,
        demo: false,
        otpSender: other.sender,
      });
      const email = freshEmail();
      const refused = await call(otherApp, 'requestCustomerLoginAlternative', { tipe: 'email', email }, freshClient());
      expect(!refused.ok && [refused.status, refused.error.code]).toEqual([502, 'SRV-3']);
      expect(await challengesOf(email)).toBe(0);
      await other.close();
    }
  });

  it('a demo with SMTP configured sends real mail and writes nothing to the outbox; phones are refused, not sent to the outbox', async () => {
    const demoDelivery = otpDelivery(
      { smtp: { url: smtp.url, from: FROM }, whatsapp: undefined, demo: true },
      { db: handle.db, logger: createLogger('silent') },
    );
    const demoApp = createApp({
      db: handle.db,
      today: () => TEST_TODAY,
      now: testNow,
      demo: true,
      otpSender: demoDelivery.sender,
    });
    const email = freshEmail();
    const as = freshClient();
    await ok(demoApp, 'requestCustomerLoginAlternative', { tipe: 'email', email }, as);
    const code = codeInMail(await smtp.waitFor(email));
    expect((await ok(demoApp, 'demoOtpOutbox', { tujuan: email }, as)).list).toEqual([]);
    expect(
      (await ok(demoApp, 'customerLogin', { tipe: 'email', auth: 'otp', email, otp: code }, as)).token,
    ).toBeTruthy();

    const telp = freshPhone();
    const refused = await call(demoApp, 'requestCustomerLoginAlternative', { tipe: 'telp', telp }, as);
    expect(!refused.ok && [refused.status, refused.error.code]).toEqual([503, 'SRV-2']);
    expect((await ok(demoApp, 'demoOtpOutbox', { tujuan: telp }, as)).list).toEqual([]);
    await demoDelivery.close();
  });

  it('production never sends a code in plain text beyond this machine: a server without STARTTLS is refused', async () => {
    // 0.0.0.0 reaches this machine's server, but is not a loopback name: it stands for a remote host.
    const remote = new URL(smtp.url);
    remote.hostname = '0.0.0.0';
    const send = async (demo: boolean) => {
      const other = otpDelivery(
        { smtp: { url: remote.toString(), from: FROM }, whatsapp: undefined, demo },
        { db: handle.db, logger: createLogger('silent') },
      );
      const otherApp = createApp({
        db: handle.db,
        today: () => TEST_TODAY,
        now: testNow,
        demo,
        otpSender: other.sender,
      });
      const email = freshEmail();
      const reply = await call(otherApp, 'requestCustomerLoginAlternative', { tipe: 'email', email }, freshClient());
      await other.close();
      return { email, reply };
    };
    const production = await send(false);
    expect(!production.reply.ok && [production.reply.status, production.reply.error.code]).toEqual([502, 'SRV-3']);
    expect(smtp.received.filter((message) => message.envelopeTo.includes(production.email))).toEqual([]);
    // The same server in demo mode: reachable, so the refusal above was the missing TLS.
    const demo = await send(true);
    expect(demo.reply.ok).toBe(true);
    await smtp.waitFor(demo.email);
  });
});
