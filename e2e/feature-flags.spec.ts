import { expect, test } from '@playwright/test';
import { blockingViolations, clearBookingOnce, oneWayReadyToReserve } from './support/booking-model';

/*
 * Issue 11: the feature flags come from the server's configuration (konfigurasi) and switch the
 * booking page: an option whose flag is off is not shown. (That the server refuses it is
 * tests/server/content.test.ts.) Here the configuration answer is replaced on the wire.
 */

test.beforeEach(async ({ page }) => clearBookingOnce(page));

const FLAGS_DAY = 39;

test('with refundable and berkah switched off, the booking page offers neither', async ({ page }) => {
  test.setTimeout(120_000);
  await page.route('**/api/berangkat/konfigurasi', async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as { results: { fitur: Record<string, boolean> } };
    body.results.fitur = { refundable: false, berkah: false, point: false };
    await route.fulfill({ response, json: body });
  });
  await page.goto('/');
  await oneWayReadyToReserve(page, FLAGS_DAY);
  await expect(page.getByRole('checkbox', { name: /Setuju dengan syarat/ })).toBeVisible();
  await expect(page.getByText('Tiket Refundable')).toHaveCount(0);
  await expect(page.getByRole('switch', { name: 'Donasi Berkah' })).toHaveCount(0);
  expect(await blockingViolations(page)).toEqual([]);
});
