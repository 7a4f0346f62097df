import { expect, test } from '@playwright/test';
import {
  blockingViolations,
  clearBookingOnce,
  isMobile,
  oneWayReadyToReserve,
  reserveToTheEnd,
} from './support/booking-model';

/*
 * Issue 11: the donation summary is fed by real bookings. A one-way booking with "Donasi Berkah"
 * Rp 10.000 and a message is paid (demo mode's "Simulasikan pembayaran"); /app/berkah-info then
 * counts it and shows the message under the booker's short name.
 */

test.beforeEach(async ({ page }) => clearBookingOnce(page));

const BERKAH_DAY = 57;
const rupiahOf = (text: string) => Number(text.replace(/\D/g, ''));

test('a paid booking with a donation shows in the donation summary and its messages', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto('/app/berkah-info');
  const total = page.getByRole('region', { name: 'Donasi terkumpul' }).getByText(/^Rp /);
  await expect(total).toBeVisible();
  const before = rupiahOf((await total.textContent()) ?? '');
  // Unique per run: retries and repeats meet the messages before them.
  const message = `Semoga berkah ${isMobile(page) ? 'dari ponsel' : 'dari laptop'} ${Date.now().toString(36)}`;

  await oneWayReadyToReserve(page, BERKAH_DAY);
  await page.getByRole('switch', { name: 'Donasi Berkah' }).check();
  await page.getByRole('button', { name: 'Rp 10.000', exact: true }).click();
  await page.getByLabel('Pesan donasi (opsional)').fill(message);
  await reserveToTheEnd(page);

  await expect(page).toHaveURL(/\/app\/confirmation-order\//);
  await page.getByText('BCA Virtual Account', { exact: true }).click();
  await page.getByRole('button', { name: 'Bayar', exact: true }).click();
  await page.getByRole('button', { name: 'Simulasikan pembayaran' }).click();
  // Paid: detail-order on desktop, payment-order on mobile (spec section 4), both saying Lunas.
  await expect(page).toHaveURL(isMobile(page) ? /\/app\/payment-order\// : /\/app\/order\//);
  await expect(page.getByText('Lunas', { exact: true }).first()).toBeVisible();

  await page.goto('/app/berkah-info');
  // At least ours: another booking may be paid meanwhile on a shared server.
  await expect.poll(async () => rupiahOf((await total.textContent()) ?? '')).toBeGreaterThanOrEqual(before + 10_000);
  const comment = page.getByRole('listitem').filter({ hasText: message });
  await expect(comment).toBeVisible();
  await expect(comment).toContainText('Budi S. · Rp 10.000');
  expect(await blockingViolations(page)).toEqual([]);
});
