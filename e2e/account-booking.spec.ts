import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { API_BASE, HEADER, USER_ID_LENGTH, endpoints } from '../contract';
import { DEWI, freshPhone, latestOtp, signInByApi } from './support/accounts';
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
  priceLines,
  PROMO,
  reserveToTheEnd,
  saveMobilePassengerForm,
  searchAndChoose,
  seatSaveLabel,
  toast,
} from './support/booking-model';

/*
 * The booking page for a signed-in customer (issue 9): the booker comes from the profile, points
 * are offered, redeemed on the reservation and leave the balance; a guest is asked to sign in, and
 * signing in from the booking page brings the customer back to it, signed in.
 */

test.beforeEach(async ({ page }) => clearBookingOnce(page));

/** Days from today each test travels on: seats it holds or books take no other test's. */
const DAY = { dewi: 47, prefill: 52, guest: 53, signInOnPage: 54, revoked: 55 } as const;

const pointsSwitch = (page: Page) => page.getByRole('switch', { name: 'Gunakan Point' });

/** Headers of a call as the signed-in customer. */
function bearer(token: string): Record<string, string> {
  return {
    [HEADER.userId]: 'b'.repeat(USER_ID_LENGTH),
    [HEADER.platform]: 'WEB',
    [HEADER.authorization]: `Bearer ${token}`,
  };
}

async function callAsCustomer<T>(request: APIRequestContext, baseURL: string, path: string, token: string) {
  const reply = await request.get(`${baseURL}${API_BASE}${path}`, { headers: bearer(token) });
  expect(reply.status()).toBe(200);
  return ((await reply.json()) as { results: T }).results;
}

/** Dewi's token, once per project: a phone gets a new code only a minute after the last. */
const dewiTokens = new Map<string, string>();
async function dewiToken(request: APIRequestContext, baseURL: string): Promise<string> {
  const known = dewiTokens.get(baseURL);
  if (known) return known;
  const token = await signInByApi(request, baseURL, DEWI.phone);
  dewiTokens.set(baseURL, token);
  return token;
}

async function signInBrowser(page: Page, baseURL: string, token: string) {
  await page.context().addCookies([{ name: '_atx', value: token, url: baseURL }]);
}

/** Seat page -> booking page for one seat of a one-way trip: desktop returns at once, mobile saves the name first. */
async function bookingPageWithSeat(page: Page, day: number, seat: number, name: string) {
  await searchAndChoose(page, JAKARTA, PROMO, false, day);
  await expect(page).toHaveURL(/\/app\/select-seat/);
  await pickSeats(page, { numbers: [seat], button: seatSaveLabel(page) });
  if (isMobile(page)) {
    await saveMobilePassengerForm(page, 'Form Penumpang Pergi', [name]);
    await expectBookingPage(page);
  } else {
    await expectBookingPage(page);
    await desktopPassengers(page)
      .getByRole('textbox', { name: `Kursi ${seat}` })
      .fill(name);
    await leaveForms(page);
  }
}

/** The booker the page shows: the inline form on desktop, the "Data Pemesan" card on mobile. */
async function expectBooker(page: Page, booker: { name: string; phone: string; email?: string }) {
  if (isMobile(page)) {
    const card = page.getByRole('region', { name: 'Data Pemesan' });
    await expect(card.getByText(booker.phone)).toBeVisible();
    if (booker.name) await expect(card.getByText(booker.name)).toBeVisible();
    if (booker.email) await expect(card.getByText(booker.email)).toBeVisible();
  } else {
    const form = page.getByRole('region', { name: 'Informasi Pemesan' });
    await expect(form.getByLabel('Nomor Handphone')).toHaveValue(booker.phone);
    await expect(form.getByLabel('Nama Lengkap')).toHaveValue(booker.name);
    if (booker.email !== undefined) await expect(form.getByLabel('Email')).toHaveValue(booker.email);
  }
}

test('a signed-in customer finds the booker filled from the profile; no points to redeem says so', async ({
  page,
  request,
  baseURL,
}) => {
  const base = baseURL ?? '';
  const phone = freshPhone();
  const token = await signInByApi(request, base, phone);
  const saved = await request.post(`${base}${API_BASE}${endpoints.customerUpdateData.path}`, {
    form: { nama: 'Sari Wulandari', jenis_kelamin: 'P', tanggal_lahir: '1995-04-12', pekerjaan_id: '2' },
    headers: bearer(token),
  });
  expect(saved.status()).toBe(200);
  await signInBrowser(page, base, token);

  await bookingPageWithSeat(page, DAY.prefill, 9, 'Sari Wulandari');
  await expectBooker(page, { name: 'Sari Wulandari', phone, email: '' });

  // A new account has no points: the card says so, the switch is refused with its toast.
  await expect(page.getByText('Masuk untuk bisa gunakan fitur ini')).toHaveCount(0);
  await expect(page.getByText('Yahh, pesanan ini tidak dapat ditukar dengan point')).toBeVisible();
  await pointsSwitch(page).click();
  await expect(toast(page, 'Maaf tidak ada point yang dapat ditukarkan')).toBeVisible();
  await expect(pointsSwitch(page)).not.toBeChecked();
  expect(await blockingViolations(page)).toEqual([]);
});

test('a guest sees "Masuk untuk bisa gunakan fitur ini" and the way to sign in and come back', async ({ page }) => {
  await bookingPageWithSeat(page, DAY.guest, 9, 'Siti Aminah');
  await expect(page.getByText('Masuk untuk bisa gunakan fitur ini')).toBeVisible();
  await pointsSwitch(page).click();
  await expect(toast(page, 'Masuk untuk bisa gunakan fitur ini')).toBeVisible();
  await expect(pointsSwitch(page)).not.toBeChecked();
  await expect(page.getByRole('link', { name: 'Masuk untuk menukar point' })).toHaveAttribute(
    'href',
    /^\/app\/login\?redirect=%2Fapp%2Finformation-passengers/,
  );
  expect(await blockingViolations(page)).toEqual([]);
});

test('signing in from the booking page comes back to it signed in, the booker filled', async ({
  page,
  request,
  baseURL,
}) => {
  const phone = freshPhone();
  await bookingPageWithSeat(page, DAY.signInOnPage, 9, 'Siti Aminah');
  await expect(page.getByText('Masuk untuk bisa gunakan fitur ini')).toBeVisible();

  await page.getByRole('link', { name: 'Masuk untuk menukar point' }).click();
  await expect(page).toHaveURL(/\/app\/login\?redirect=/);
  // The login form is ready once its channel choice is drawn; typing before that may be lost.
  await expect(page.getByRole('radio', { name: 'Nomor Handphone' })).toBeChecked();
  await page.getByRole('textbox', { name: 'Nomor Handphone' }).fill(phone);
  await expect(page.getByRole('textbox', { name: 'Nomor Handphone' })).toHaveValue(phone);
  await page.getByRole('button', { name: 'Kirim Kode OTP' }).click();
  await expect(page.getByRole('heading', { name: 'Masukkan Kode OTP' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Kode OTP' }).fill(await latestOtp(request, baseURL ?? '', phone));
  await page.getByRole('button', { name: 'Masuk', exact: true }).click();

  await expectBookingPage(page);
  // The booking kept its seat and passenger; the new account's number fills the empty booker.
  if (isMobile(page)) {
    await expect(page.getByRole('region', { name: 'Data Penumpang' }).getByText('Siti Aminah')).toBeVisible();
  } else {
    await expect(desktopPassengers(page).getByRole('textbox', { name: 'Kursi 9' })).toHaveValue('Siti Aminah');
  }
  await expectBooker(page, { name: '', phone });
  await expect(page.getByText('Masuk untuk bisa gunakan fitur ini')).toHaveCount(0);
  await expect(page.getByText('Yahh, pesanan ini tidak dapat ditukar dengan point')).toBeVisible();
});

test('a session ended elsewhere turns the booking page back into a guest one, which still books', async ({
  page,
  request,
  baseURL,
}) => {
  const base = baseURL ?? '';
  const phone = freshPhone();
  const token = await signInByApi(request, base, phone);
  await signInBrowser(page, base, token);
  await bookingPageWithSeat(page, DAY.revoked, 9, 'Siti Aminah');
  await expect(page.getByText('Yahh, pesanan ini tidak dapat ditukar dengan point')).toBeVisible();

  // Signed out on another device: the token is revoked on the server.
  const out = await request.post(`${base}${API_BASE}${endpoints.customerLogout.path}`, {
    data: {},
    headers: bearer(token),
  });
  expect(out.status()).toBe(200);
  // The next call is refused (AUT-3): the app drops the token and carries on as a guest.
  await page.getByRole('switch', { name: 'Donasi Berkah' }).check();
  await expect(page.getByText('Masuk untuk bisa gunakan fitur ini')).toBeVisible();
  await expect.poll(async () => (await priceLines(page)).join(' | ')).toContain('Total Pembayaran: Rp 101.000');
  expect((await page.context().cookies()).find((cookie) => cookie.name === '_atx')).toBeUndefined();
  await fillBooker(page);
  await reserveToTheEnd(page);
});

test('Dewi redeems her points on a reservation: the balance drops by them and the history lists it', async ({
  page,
  request,
  baseURL,
}) => {
  const base = baseURL ?? '';
  const token = await dewiToken(request, base);
  const before = await callAsCustomer<{ total_point: number }>(request, base, endpoints.customerPoint.path, token);
  expect(before.total_point).toBe(DEWI.points);
  await signInBrowser(page, base, token);

  await bookingPageWithSeat(page, DAY.dewi, 10, DEWI.name);
  await expectBooker(page, { name: DEWI.name, phone: DEWI.phone, email: DEWI.email });
  // 10% of the Rp 99.000 promo seat is 9.900, more than her 8.000 points: all 8.000 go.
  await expect(page.getByText('Tukar 8.000 dari 8.000 Point kamu')).toBeVisible();
  await pointsSwitch(page).click();
  await expect(pointsSwitch(page)).toBeChecked();
  await expect.poll(async () => (await priceLines(page)).join(' | ')).toContain('-8.000 Point');
  expect(await priceLines(page)).toContain('Total Pembayaran: Rp 91.000');

  await reserveToTheEnd(page);
  const code = new URL(page.url()).pathname.split('/').pop() ?? '';
  expect(code).toMatch(/^[A-HJ-KM-NP-Z2-9]{10}$/);

  const after = await callAsCustomer<{ total_point: number }>(request, base, endpoints.customerPoint.path, token);
  expect(after.total_point).toBe(0);
  const history = await callAsCustomer<{ list: { tipe: string; point: number; reservasi_kode: string | null }[] }>(
    request,
    base,
    endpoints.customerHistoryPoint.path,
    token,
  );
  expect(history.list[0]).toMatchObject({ tipe: 'potongan', point: -8000, reservasi_kode: code });
});
