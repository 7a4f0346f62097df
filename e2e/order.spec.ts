import { expect, test, type APIRequestContext, type Browser, type Page, type TestInfo } from '@playwright/test';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import {
  API_BASE,
  DEFAULT_BASIC_CREDENTIALS,
  HEADER,
  ListJenisPembayaranResultsSchema,
  ORDER_KEY_HEADER,
  PREFIX,
  USER_ID_LENGTH,
  okEnvelope,
} from '../contract';
import { GUEST_LOOKUP_REFUSED } from '../contract/order';
import {
  blockingViolations,
  BOOKER,
  choose,
  clearBookingOnce,
  desktopPassengers,
  dialog,
  expectBookingPage,
  fillBooker,
  fillNames,
  isMobile,
  JAKARTA,
  leaveForms,
  pickSeats,
  PROMO,
  reserveToTheEnd,
  saveMobilePassengerForm,
  searchAndChoose,
  searchUrl,
  seatMap,
  seatSaveLabel,
  toast,
} from './support/booking-model';

/*
 * The order pages (spec sections 2, 6 and 7) against the real server: an order booked through the
 * app, cancelled with a reason (its seat is free again), looked up as a guest from another
 * browser, and, once paid, shown as a QR code that a scanner reads back as the order's code.
 */

test.beforeEach(async ({ page }) => clearBookingOnce(page));

/** Days ahead and seats of this file's bookings: no other test books them. */
const ORDER_DAY = { cancel: 13, guest: 14, paid: 14 } as const;
const SEAT = { cancel: 5, guest: 6, paid: 7 } as const;
const PASSENGER = 'Siti Aminah';
const ORDER_CODE = /\/app\/confirmation-order\/([A-Z0-9]+)$/;

/** Books a one-way trip through the app, leaves it unpaid, and answers its code. */
async function bookOneWay(page: Page, day: number, seat: number): Promise<string> {
  await searchAndChoose(page, JAKARTA, PROMO, false, day);
  await expect(page).toHaveURL(/\/app\/select-seat/);
  await pickSeats(page, { numbers: [seat], button: seatSaveLabel(page) });
  if (isMobile(page)) {
    await saveMobilePassengerForm(page, 'Form Penumpang Pergi', [PASSENGER]);
    await expectBookingPage(page);
  } else {
    await expectBookingPage(page);
    await fillNames(desktopPassengers(page), [PASSENGER]);
    await leaveForms(page);
  }
  await fillBooker(page);
  await reserveToTheEnd(page);
  const code = ORDER_CODE.exec(new URL(page.url()).pathname)?.[1];
  expect(code).toBeTruthy();
  return code as string;
}

/** The seat button of the departure's seat page, reached as a passenger would. */
async function seatOnSeatPage(page: Page, day: number, seat: number) {
  await page.goto(searchUrl(JAKARTA, false, day));
  await choose(page, PROMO);
  await expect(page).toHaveURL(/\/app\/select-seat/);
  const button = seatMap(page).getByRole('button', { name: `Kursi ${seat}`, exact: true });
  await expect(button).toBeVisible();
  return button;
}

const orderHeading = (page: Page) => page.getByRole('heading', { level: 1, name: 'Detail Pesanan' });
const tripSection = (page: Page) => page.getByRole('region', { name: 'Perjalanan' });
const summary = (page: Page) => page.getByRole('region', { name: 'Ringkasan pesanan' });

test('an unpaid order is cancelled with a reason and a confirmation; its seat is free again', async ({ page }) => {
  test.setTimeout(120_000);
  const code = await bookOneWay(page, ORDER_DAY.cancel, SEAT.cancel);
  await expect(await seatOnSeatPage(page, ORDER_DAY.cancel, SEAT.cancel)).toHaveAttribute('aria-disabled', 'true');

  await page.goto(`/app/order/${code}`);
  await expect(orderHeading(page)).toBeVisible();
  await expect(summary(page).getByText('Menunggu Pembayaran')).toBeVisible();
  await expect(summary(page).getByText(code, { exact: true })).toBeVisible();
  await expect(tripSection(page).getByText(PASSENGER)).toBeVisible();
  await expect(tripSection(page).getByText(`Kursi ${SEAT.cancel}`)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Bayar Sekarang' })).toHaveAttribute(
    'href',
    `/app/payment-order/${code}`,
  );
  await expect(page.getByRole('link', { name: 'Ganti Metode Pembayaran' })).toBeVisible();
  expect(await blockingViolations(page)).toEqual([]);

  // The location sheet: the departure branch with a maps link.
  await page.getByRole('link', { name: 'Lihat Lokasi' }).click();
  const location = page.getByRole('dialog', { name: 'Lokasi Keberangkatan' });
  await expect(location).toHaveAttribute('data-state', 'open');
  await expect(location.getByRole('link', { name: /Buka di Peta/ })).toHaveAttribute(
    'href',
    /google\.com\/maps\/search\/\?api=1&query=/,
  );
  expect(await blockingViolations(page)).toEqual([]);
  await location.getByRole('button', { name: 'Tutup' }).click();
  await expect(location).toHaveCount(0);
  await expect(page).toHaveURL(new RegExp(`/app/order/${code}$`));

  // A reason is required, then "Batalkan Pesanan ?" asks once more.
  await page.getByRole('button', { name: 'Batalkan Pesanan' }).click();
  const reasons = page.getByRole('dialog', { name: 'Batalkan Pesanan' });
  await expect(reasons).toBeVisible();
  await reasons.getByRole('button', { name: 'Batalkan Pesanan' }).click();
  await expect(reasons.getByText('Pilih alasan pembatalan')).toBeVisible();
  expect(await blockingViolations(page)).toEqual([]);
  await reasons.getByRole('radio', { name: 'Tidak jadi berangkat' }).check();
  await reasons.getByRole('button', { name: 'Batalkan Pesanan' }).click();
  const confirm = dialog(page, 'Batalkan Pesanan ?');
  await expect(confirm).toBeVisible();
  await confirm.getByRole('button', { name: 'Ya, Batalkan' }).click();

  await expect(toast(page, 'Pesanan berhasil dibatalkan')).toBeVisible();
  await expect(summary(page).getByText('Dibatalkan', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Batalkan Pesanan' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Bayar Sekarang' })).toHaveCount(0);
  // A reload reads the server's status, not a local one.
  await page.reload();
  await expect(summary(page).getByText('Dibatalkan', { exact: true })).toBeVisible();

  await expect(await seatOnSeatPage(page, ORDER_DAY.cancel, SEAT.cancel)).not.toHaveAttribute('aria-disabled', 'true');
});

/** A second browser with this project's layout, holding none of the first one's keys. */
async function freshContext(browser: Browser, testInfo: TestInfo) {
  const use = testInfo.project.use;
  return browser.newContext({
    ...(use.baseURL ? { baseURL: use.baseURL } : {}),
    ...(use.viewport ? { viewport: use.viewport } : {}),
    ...(use.userAgent ? { userAgent: use.userAgent } : {}),
    ...(use.deviceScaleFactor ? { deviceScaleFactor: use.deviceScaleFactor } : {}),
    isMobile: use.isMobile ?? false,
    hasTouch: use.hasTouch ?? false,
    locale: 'id-ID',
    timezoneId: 'Asia/Jakarta',
  });
}

test('guest page: nothing of the order before the contact matches; a wrong email is refused', async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(120_000);
  const code = await bookOneWay(page, ORDER_DAY.guest, SEAT.guest);

  const guestContext = await freshContext(browser, testInfo);
  const guest = await guestContext.newPage();
  try {
    await guest.goto(`/order/${code}`);
    const form = guest.getByRole('region', { name: 'Lihat Pesanan' });
    await expect(form).toBeVisible();
    await expect(form.getByText(code, { exact: true })).toBeVisible();
    await expect(tripSection(guest)).toHaveCount(0);
    await expect(guest.getByText(PASSENGER)).toHaveCount(0);
    expect(await blockingViolations(guest)).toEqual([]);

    const contact = form.getByLabel('Email atau Nomor Handphone');
    await contact.fill('salah@contoh.id');
    await form.getByRole('button', { name: 'Lihat Pesanan' }).click();
    await expect(form.getByRole('alert')).toHaveText(GUEST_LOOKUP_REFUSED);
    await expect(tripSection(guest)).toHaveCount(0);
    await expect(guest.getByText(PASSENGER)).toHaveCount(0);
    await expect(guest.getByText(BOOKER.name)).toHaveCount(0);
    expect(await blockingViolations(guest)).toEqual([]);

    await contact.fill(BOOKER.email);
    await form.getByRole('button', { name: 'Lihat Pesanan' }).click();
    await expect(summary(guest).getByText('Menunggu Pembayaran')).toBeVisible();
    await expect(tripSection(guest).getByText(PASSENGER)).toBeVisible();
    await expect(summary(guest).getByText(BOOKER.name)).toBeVisible();
    expect(await blockingViolations(guest)).toEqual([]);

    // The guest's own location sheet.
    await guest.getByRole('link', { name: 'Lihat Lokasi' }).click();
    await expect(guest).toHaveURL(new RegExp(`/order/${code}/location$`));
    await expect(guest.getByRole('dialog', { name: 'Lokasi Keberangkatan' })).toHaveAttribute('data-state', 'open');

    // The key is kept: a reload shows the order straight away.
    await guest.goto(`/order/${code}`);
    await expect(summary(guest).getByText('Menunggu Pembayaran')).toBeVisible();
  } finally {
    await guestContext.close();
  }
});

const AUTHORIZATION = `Basic ${Buffer.from(
  `${DEFAULT_BASIC_CREDENTIALS.WEB.user}:${DEFAULT_BASIC_CREDENTIALS.WEB.password}`,
).toString('base64')}`;

function apiHeaders(key: string): Record<string, string> {
  return {
    [HEADER.userId]: 'e2eorder'.padEnd(USER_ID_LENGTH, '0'),
    [HEADER.platform]: 'WEB',
    [HEADER.authorization]: AUTHORIZATION,
    [ORDER_KEY_HEADER]: key,
  };
}

/** Pays the order as its booker's browser could: a method, then the demo provider's settlement. */
async function payThroughApi(request: APIRequestContext, code: string, key: string) {
  const methods = await request.get(`${API_BASE}/list-jenis-pembayaran`, {
    params: { reservasi_kode: code },
    headers: apiHeaders(key),
  });
  expect(methods.ok()).toBe(true);
  const list = okEnvelope(ListJenisPembayaranResultsSchema).parse(await methods.json()).results.list;
  const method = list.find((entry) => entry.tersedia && entry.jenis === 'va') ?? list.find((entry) => entry.tersedia);
  expect(method).toBeTruthy();
  const chosen = await request.post(`${API_BASE}/ganti-pembayaran`, {
    data: { reservasi_kode: code, jenis_pembayaran_kode: method?.kode },
    headers: apiHeaders(key),
  });
  expect(chosen.ok(), await chosen.text()).toBe(true);
  const paid = await request.post(`${API_BASE}/${PREFIX}/simulasi-bayar`, {
    data: { reservasi_kode: code },
    headers: apiHeaders(key),
  });
  expect(paid.ok(), await paid.text()).toBe(true);
}

test('a paid order shows its ticket QR, which reads back as the order code', async ({ page }) => {
  test.setTimeout(120_000);
  const code = await bookOneWay(page, ORDER_DAY.paid, SEAT.paid);
  const keys = await page.evaluate(() => localStorage.getItem('berangkat:order-keys'));
  const key = (JSON.parse(keys ?? '{}') as Record<string, string>)[code];
  expect(key).toBeTruthy();
  await payThroughApi(page.request, code, key as string);

  await page.goto(`/app/order/${code}`);
  await expect(summary(page).getByText('Lunas', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Batalkan Pesanan' })).toHaveCount(0);
  expect(await blockingViolations(page)).toEqual([]);

  await page.getByRole('link', { name: 'Tampilkan Kode QR' }).click();
  await expect(page).toHaveURL(new RegExp(`/app/order/${code}/qr-code$`));
  const sheet = page.getByRole('dialog', { name: 'Kode QR Tiket' });
  await expect(sheet).toHaveAttribute('data-state', 'open');
  await expect(sheet.getByText(code, { exact: true })).toBeVisible();
  const image = sheet.getByRole('img', { name: `Kode QR tiket ${code}` });
  await expect(image).toBeVisible();
  const box = await image.boundingBox();
  expect(box?.width ?? 0).toBeGreaterThanOrEqual(240);
  expect(await blockingViolations(page)).toEqual([]);

  const png = PNG.sync.read(await image.screenshot());
  const decoded = jsQR(new Uint8ClampedArray(png.data), png.width, png.height);
  expect(decoded?.data).toBe(code);
});
