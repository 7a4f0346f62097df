import { expect, test, type Page } from '@playwright/test';
import { freshPhone, latestOtp, signInByApi } from './support/accounts';
import { fakeNativeHost } from './support/native-host';
import {
  blockingViolations,
  clearBookingOnce,
  desktopPassengers,
  expectBookingPage,
  fillBooker,
  isMobile,
  JAKARTA,
  leaveForms,
  pickSeats,
  PROMO,
  reserveToTheEnd,
  saveMobilePassengerForm,
  searchAndChoose,
  searchUrl,
  seatSaveLabel,
} from './support/booking-model';

/*
 * Signing in by a one-time code (issue 9): the login page with the code read from the
 * development outbox, signing out, and a bad token that never locks a guest out.
 */

test.beforeEach(async ({ page }) => clearBookingOnce(page));

/** Travel day of the booking with a junk cookie: no other test books on it. */
const JUNK_COOKIE_DAY = 46;

const accountButton = (page: Page) => page.getByRole('button', { name: 'Akun Saya' });
const signInLink = (page: Page) =>
  page.getByRole('main').or(page.getByRole('banner')).getByRole('link', { name: 'Masuk' });

/** The segment itself: the radio inside is visually hidden (react-aria); a traveller taps its label. */
async function chooseEmail(page: Page) {
  await page.getByRole('radiogroup', { name: 'Masuk dengan' }).getByText('Email', { exact: true }).click();
  await expect(page.getByRole('radio', { name: 'Email' })).toBeChecked();
}

/** 0813****1234: the server masks the middle of the number. */
const masked = (phone: string) => `${phone.slice(0, 4)}****${phone.slice(-4)}`;

/** A 6-digit code that is certainly not the one sent. */
const otherCode = (code: string) => code.slice(0, 5) + String((Number(code[5]) + 1) % 10);

test('sign in with the code from the outbox, see the account menu, then sign out', async ({
  page,
  request,
  baseURL,
}) => {
  const phone = freshPhone();
  await page.goto('/');
  await page.getByRole('link', { name: 'Masuk' }).first().click();
  await expect(page).toHaveURL(/\/app\/login\?redirect=%2F$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Masuk' })).toBeVisible();
  await expect(page.getByRole('radio', { name: 'Nomor Handphone' })).toBeChecked();
  expect(await blockingViolations(page)).toEqual([]);

  // The field's rule first: nothing is sent for a short number.
  await page.getByRole('textbox', { name: 'Nomor Handphone' }).fill('0812');
  await page.getByRole('button', { name: 'Kirim Kode OTP' }).click();
  await expect(page.getByRole('alert')).toHaveText('Masukan min 9 & max 15 digit angka');

  await page.getByRole('textbox', { name: 'Nomor Handphone' }).fill(phone);
  await page.getByRole('button', { name: 'Kirim Kode OTP' }).click();
  await expect(page.getByRole('heading', { name: 'Masukkan Kode OTP' })).toBeVisible();
  await expect(page.getByText(`Kode dikirim ke ${masked(phone)}`)).toBeVisible();
  await expect(page.getByText(/^Kirim ulang kode dalam 00:[0-5]\d|01:00$/)).toBeVisible();
  const code = page.getByRole('textbox', { name: 'Kode OTP' });
  await expect(code).toHaveAttribute('inputmode', 'numeric');
  await expect(code).toHaveAttribute('autocomplete', 'one-time-code');
  expect(await blockingViolations(page)).toEqual([]);

  const otp = await latestOtp(request, baseURL ?? '', phone);
  await code.fill(otherCode(otp));
  await page.getByRole('button', { name: 'Masuk', exact: true }).click();
  await expect(page.getByRole('alert')).toHaveText('Kode OTP salah. Sisa 4 kali percobaan');
  expect(await blockingViolations(page)).toEqual([]);

  await code.fill(otp);
  await page.getByRole('button', { name: 'Masuk', exact: true }).click();
  // Back where the customer came from, in place of the login page.
  await expect(page).toHaveURL(/\/$/);
  await expect(accountButton(page)).toBeVisible();
  const cookies = await page.context().cookies();
  expect(cookies.find((cookie) => cookie.name === '_atx')?.value).toBeTruthy();

  // Signed in already: the login page sends the customer straight on.
  await page.goto(`/app/login?redirect=${encodeURIComponent(searchUrl(JAKARTA, false, 3))}`);
  await expect(page).toHaveURL(/\/app\/schedule\?/);
  await page.goto('/');

  await accountButton(page).click();
  const menu = page.getByRole('menu');
  for (const item of ['Profil Saya', 'Pesanan Saya', 'Point Saya', 'Voucher Saya', 'Ajak Teman', 'Masukan', 'Keluar']) {
    await expect(menu.getByRole('menuitem', { name: item })).toBeVisible();
  }
  await menu.getByRole('menuitem', { name: 'Keluar' }).click();
  await expect(page.getByRole('status').getByText('Kamu sudah keluar', { exact: true }).first()).toBeVisible();
  await expect(signInLink(page)).toBeVisible();
  await expect(accountButton(page)).toHaveCount(0);
  expect((await page.context().cookies()).find((cookie) => cookie.name === '_atx')).toBeUndefined();
});

test('signing in by email goes back to the page that asked for it', async ({ page, request, baseURL }) => {
  // Within the 32 characters an email may have (spec section 9).
  const email = `e2e${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}@contoh.id`;
  const redirect = searchUrl(JAKARTA, false, 2);
  await page.goto(`/app/login?redirect=${encodeURIComponent(redirect)}`);
  await chooseEmail(page);
  await page.getByRole('textbox', { name: 'Email' }).fill('bukan-email');
  await page.getByRole('button', { name: 'Kirim Kode OTP' }).click();
  await expect(page.getByRole('alert')).toHaveText('Format email tidak valid');
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByRole('button', { name: 'Kirim Kode OTP' }).click();
  await expect(page.getByRole('heading', { name: 'Masukkan Kode OTP' })).toBeVisible();

  await expect(page.getByText(`Kode dikirim ke ${email.slice(0, 2)}`)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Ubah email' })).toBeVisible();

  await page.getByRole('textbox', { name: 'Kode OTP' }).fill(await latestOtp(request, baseURL ?? '', email));
  await page.getByRole('button', { name: 'Masuk', exact: true }).click();
  // Back on the schedule list the customer was reading, signed in.
  // (The schedule page adds its defaults to the query.)
  await expect(page).toHaveURL((url) => `${url.pathname}${url.search}`.startsWith(redirect));
  await expect(page.getByRole('button', { name: /^Pilih / }).first()).toBeVisible();
  expect((await page.context().cookies()).find((cookie) => cookie.name === '_atx')?.value).toBeTruthy();
});

test('"Ubah nomor" keeps the number: the same one goes back to the code sent, another gets its own', async ({
  page,
}) => {
  const phone = freshPhone();
  const other = freshPhone();
  await page.goto('/app/login');
  await page.getByRole('textbox', { name: 'Nomor Handphone' }).fill(phone);
  await page.getByRole('button', { name: 'Kirim Kode OTP' }).click();
  await expect(page.getByText(`Kode dikirim ke ${masked(phone)}`)).toBeVisible();

  await page.getByRole('button', { name: 'Ubah nomor' }).click();
  await expect(page.getByRole('textbox', { name: 'Nomor Handphone' })).toHaveValue(phone);
  await expect(page.getByRole('textbox', { name: 'Nomor Handphone' })).toBeFocused();
  await page.getByRole('button', { name: 'Kirim Kode OTP' }).click();
  await expect(page.getByText(`Kode dikirim ke ${masked(phone)}`)).toBeVisible();

  await page.getByRole('button', { name: 'Ubah nomor' }).click();
  await page.getByRole('textbox', { name: 'Nomor Handphone' }).fill(other);
  await page.getByRole('button', { name: 'Kirim Kode OTP' }).click();
  await expect(page.getByText(`Kode dikirim ke ${masked(other)}`)).toBeVisible();
});

test('a guest with a junk _atx cookie still searches and books to the confirmation page', async ({
  page,
  context,
  baseURL,
}) => {
  await context.addCookies([{ name: '_atx', value: 'junk-token-yang-tidak-dikenal', url: baseURL ?? '' }]);
  await searchAndChoose(page, JAKARTA, PROMO, false, JUNK_COOKIE_DAY);
  await expect(page).toHaveURL(/\/app\/select-seat/);
  await pickSeats(page, { numbers: [9], button: seatSaveLabel(page) });
  if (isMobile(page)) {
    await saveMobilePassengerForm(page, 'Form Penumpang Pergi', ['Siti Aminah']);
    await expectBookingPage(page);
  } else {
    await expectBookingPage(page);
    await desktopPassengers(page).getByRole('textbox', { name: 'Kursi 9' }).fill('Siti Aminah');
    await leaveForms(page);
  }
  await fillBooker(page);
  await reserveToTheEnd(page);
  // The refused token is gone: the browser is a guest from now on.
  expect((await context.cookies()).find((cookie) => cookie.name === '_atx')).toBeUndefined();
});

test('a webview URL with auth= signs the page in; a junk one stays a guest who can search', async ({
  page,
  request,
  baseURL,
}) => {
  // The Android app's webview: only there does auth= count (issue 21).
  await fakeNativeHost(page, 'android');
  // Signed in apart from the browser: only the webview's auth= carries the token.
  const token = await signInByApi(request, baseURL ?? '', freshPhone());
  await page.goto(`/?auth=${encodeURIComponent(token)}&platform=APP-ANDROID`);
  await expect(accountButton(page)).toBeVisible();
  await accountButton(page).click();
  await expect(page.getByRole('menuitem', { name: 'Profil Saya' })).toBeVisible();
  await page.keyboard.press('Escape');

  await page.goto('/?auth=junk&platform=APP-ANDROID');
  await expect(signInLink(page)).toBeVisible();
  await expect(accountButton(page)).toHaveCount(0);
  await page.goto(`${searchUrl(JAKARTA, false, 1)}&auth=junk`);
  await expect(page.getByRole('button', { name: /^Pilih / }).first()).toBeVisible();
});
