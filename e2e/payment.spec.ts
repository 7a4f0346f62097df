import { expect, test, type Page } from '@playwright/test';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import {
  blockingViolations,
  clearBookingOnce,
  isMobile,
  oneWayReadyToReserve,
  reserveToTheEnd,
} from './support/booking-model';

/*
 * Choosing and paying (spec sections 2, 7 and 9) against the real server in demo mode: a one-way
 * trip booked through the app lands on confirmation-payment-order, "BCA Virtual Account" is
 * chosen and paid, the payment page shows the VA number, and "Simulasikan pembayaran" settles the
 * order: desktop opens detail-order, mobile payment-order, both showing Lunas.
 */

test.beforeEach(async ({ page }) => clearBookingOnce(page));

/**
 * Each test's own travel day: no other test books or holds a seat on it, so the first free seat
 * is the test's (two tests taking "the first free seat" of one day would race for it).
 */
const PAY_DAY = { virtualAccount: 11, qris: 12 } as const;
const PASSENGER = 'Dewi Lestari';
const CONFIRMATION = /\/app\/confirmation-order\/([A-Z0-9]+)$/;

async function bookOneWayUnpaid(page: Page, day: number): Promise<string> {
  await oneWayReadyToReserve(page, day, PASSENGER);
  await reserveToTheEnd(page);
  const code = CONFIRMATION.exec(new URL(page.url()).pathname)?.[1];
  expect(code).toBeTruthy();
  return code as string;
}

const payButton = (page: Page) => page.getByRole('button', { name: 'Bayar', exact: true });

test('book, choose "BCA Virtual Account", pay, see the VA number, simulate the payment: Lunas', async ({ page }) => {
  test.setTimeout(120_000);
  const code = await bookOneWayUnpaid(page, PAY_DAY.virtualAccount);

  // confirmation-payment-order: the countdown, the order, the methods by group with their fees.
  const timer = page.getByRole('timer');
  await expect(timer).toHaveText(/^\d{2}:\d{2}:\d{2}$/);
  await expect(page.getByText('Selesaikan pembayaran dalam')).toBeVisible();
  await expect(page.getByText(code, { exact: true })).toBeVisible();
  await expect(page.getByRole('group', { name: 'Virtual Account' })).toBeVisible();
  await expect(page.getByRole('group', { name: 'E-Wallet & QRIS' })).toBeVisible();
  await expect(payButton(page)).toBeDisabled();
  expect(await blockingViolations(page)).toEqual([]);

  // A reload loses nothing: the same order, counting down.
  await page.reload();
  await expect(timer).toHaveText(/^\d{2}:\d{2}:\d{2}$/);
  await expect(page).toHaveURL(CONFIRMATION);

  const bca = page.getByRole('radio', { name: /^BCA Virtual Account/ });
  await expect(bca).toHaveAccessibleName(/Biaya admin Rp 4\.000/);
  // The radio itself is visually hidden (react-aria); a traveller taps its row.
  await page.getByText('BCA Virtual Account', { exact: true }).click();
  await expect(bca).toBeChecked();
  await expect(page.getByText('Termasuk biaya admin Rp 4.000')).toBeVisible();
  await expect(payButton(page)).toBeEnabled();
  await payButton(page).click();

  // payment-url: the VA number with its copy button, the amount, the countdown.
  await expect(page).toHaveURL(new RegExp(`/app/payment-url\\?reservasi_kode=${code}$`));
  await expect(page.getByRole('heading', { name: 'BCA Virtual Account' })).toBeVisible();
  await expect(page.getByTestId('payment-number')).toHaveText(/^\d{4}( \d{1,4})+$/);
  await expect(page.getByRole('button', { name: 'Salin Nomor Virtual Account' })).toBeVisible();
  await expect(page.getByRole('timer')).toHaveText(/^\d{2}:\d{2}:\d{2}$/);
  await expect(page.getByText('Rp 4.000', { exact: true })).toBeVisible();
  expect(await blockingViolations(page)).toEqual([]);

  // Not paid yet: checking says so and stays.
  await page.getByRole('button', { name: 'Cek Status Pembayaran' }).click();
  await expect(page.getByText('Pembayaran belum kami terima', { exact: false })).toBeVisible();
  await expect(page).toHaveURL(/\/app\/payment-url/);

  await page.getByRole('button', { name: 'Simulasikan pembayaran' }).click();

  // Spec section 4's success rule: detail-order on desktop, payment-order on mobile.
  if (isMobile(page)) {
    await expect(page).toHaveURL(new RegExp(`/app/payment-order/${code}$`));
    await expect(page.getByRole('heading', { name: 'Lunas' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Lihat E-Tiket' })).toHaveAttribute('href', `/app/order/${code}`);
  } else {
    await expect(page).toHaveURL(new RegExp(`/app/order/${code}$`));
    await expect(page.getByText('Lunas').first()).toBeVisible();
  }
  expect(await blockingViolations(page)).toEqual([]);
});

test('change-payment sheet of payment-order: QRIS is chosen and paid; the payment page draws a QR that reads back', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const code = await bookOneWayUnpaid(page, PAY_DAY.qris);

  // Opened straight from a link: the chooser in a sheet over the payment-order page.
  await page.goto(`/app/payment-order/${code}/change-payment`);
  const sheet = page.getByRole('dialog', { name: 'Ganti Metode Pembayaran' });
  await expect(sheet).toBeVisible();
  await expect(sheet.getByRole('timer')).toHaveText(/^\d{2}:\d{2}:\d{2}$/);
  await expect(sheet.getByRole('button', { name: 'Bayar', exact: true })).toBeDisabled();
  expect(await blockingViolations(page)).toEqual([]);
  const qris = sheet.getByRole('radio', { name: /^QRIS/ });
  await expect(qris).toHaveAccessibleName(/Biaya admin 1%/);
  await sheet.getByText('QRIS', { exact: true }).click();
  await expect(qris).toBeChecked();
  await sheet.getByRole('button', { name: 'Bayar', exact: true }).click();

  await expect(page).toHaveURL(new RegExp(`/app/payment-url\\?reservasi_kode=${code}$`));
  const image = page.getByRole('img', { name: `QRIS untuk membayar pesanan ${code}` });
  await expect(image).toBeVisible();
  const png = PNG.sync.read(await image.screenshot());
  const decoded = jsQR(new Uint8ClampedArray(png.data), png.width, png.height);
  // A QRIS payload (EMV: payload format 01 first) carrying this order's code as its bill number.
  expect(decoded?.data.startsWith('000201')).toBe(true);
  expect(decoded?.data).toContain(code);
  await expect(page.getByTestId('payment-number')).toHaveCount(0);
  expect(await blockingViolations(page)).toEqual([]);
});
