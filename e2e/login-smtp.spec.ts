import { expect, test as base, type Page } from '@playwright/test';
import { codeInMail, startSmtpServer, type LocalSmtp } from '../tests/server/helpers/smtp';
import { freshPhone } from './support/accounts';
import { clearBookingOnce } from './support/booking-model';
import { SERVER_START_MS, startOwnServer } from './support/own-server';

/*
 * Issue 23: a sign-in code delivered for real. This spec starts a real SMTP server (smtp-server)
 * and a server of its own whose SMTP_URL points at it; the traveller asks for a code by email in
 * the browser, the code is read from the message the mail server received, and it signs them in.
 * Only email is configured, so a phone code is refused, and the page says so.
 */

interface Mail {
  smtp: LocalSmtp;
  server: string;
}

const test = base.extend<object, { mail: Mail }>({
  mail: [
    // Playwright reads a fixture's dependencies from its first parameter's pattern: this one has none.
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const smtp = await startSmtpServer();
      try {
        const server = await startOwnServer('smtp', {
          SMTP_URL: smtp.url,
          SMTP_FROM: 'Berangkat <no-reply@berangkat.test>',
          WHATSAPP_TOKEN: null,
          WHATSAPP_PHONE_NUMBER_ID: null,
          WHATSAPP_TEMPLATE: null,
        });
        try {
          await use({ smtp, server: server.url });
        } finally {
          await server.stop();
        }
      } finally {
        await smtp.close();
      }
    },
    { scope: 'worker', timeout: SERVER_START_MS + 30_000 },
  ],
  baseURL: async ({ mail }, use) => use(mail.server),
});

test.beforeEach(async ({ page }) => clearBookingOnce(page));

const accountButton = (page: Page) => page.getByRole('button', { name: 'Akun Saya' });

test('a code asked for by email arrives at the mail server and signs the traveller in', async ({ page, mail }) => {
  // Within the 32 characters an email may have (spec section 9).
  const email = `smtp${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}@contoh.id`;
  await page.goto('/app/login');
  await page.getByRole('radiogroup', { name: 'Masuk dengan' }).getByText('Email', { exact: true }).click();
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByRole('button', { name: 'Kirim Kode OTP' }).click();
  await expect(page.getByRole('heading', { name: 'Masukkan Kode OTP' })).toBeVisible();
  await expect(page.getByText(`Kode dikirim ke ${email.slice(0, 2)}***@contoh.id`)).toBeVisible();

  const message = await mail.smtp.waitFor(email);
  expect(message.mail.subject).toBe('Kode OTP Berangkat kamu');
  await page.getByRole('textbox', { name: 'Kode OTP' }).fill(codeInMail(message));
  await page.getByRole('button', { name: 'Masuk', exact: true }).click();
  await expect(accountButton(page)).toBeVisible();
  expect((await page.context().cookies()).find((cookie) => cookie.name === '_atx')?.value).toBeTruthy();
});

test('with only email configured, a phone code is refused and the page says to use email', async ({ page, mail }) => {
  const phone = freshPhone();
  await page.goto('/app/login');
  await page.getByRole('textbox', { name: 'Nomor Handphone' }).fill(phone);
  await page.getByRole('button', { name: 'Kirim Kode OTP' }).click();
  await expect(page.getByRole('alert')).toHaveText(
    'Kode OTP lewat WhatsApp belum tersedia. Silakan masuk dengan email.',
  );
  await expect(page.getByRole('heading', { name: 'Masukkan Kode OTP' })).toHaveCount(0);
  expect(mail.smtp.received.filter((message) => message.mail.text?.includes(phone))).toEqual([]);
});
