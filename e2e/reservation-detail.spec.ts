import { expect, test } from '@playwright/test';
import { blockingViolations, clearBookingOnce, oneWayReadyToReserve } from './support/booking-model';

/* The last two routes of the spec's table: detail-reservation and the change form's calendar. */

test.beforeEach(async ({ page }) => clearBookingOnce(page));

const DETAIL_DAY = 38;

test('detail-reservation shows the booking in progress, leg by leg, and says so when there is none', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.goto('/app/detail-reservation');
  await expect(page.getByRole('heading', { name: 'Detail Reservasi Pergi' })).toBeVisible();
  await expect(page.getByText('Belum ada perjalanan yang dipilih')).toBeVisible();
  expect(await blockingViolations(page)).toEqual([]);

  await oneWayReadyToReserve(page, DETAIL_DAY, 'Rahmat Hidayat');
  await page.goto('/app/detail-reservation');
  await expect(page.getByText('Rahmat Hidayat')).toBeVisible();
  await expect(page.getByText(/^Kursi \d+$/)).toHaveCount(1);
  expect(await blockingViolations(page)).toEqual([]);
  // A one-way trip has no return leg.
  await page.goto('/app/detail-reservation/return');
  await expect(page.getByRole('heading', { name: 'Detail Reservasi Pulang' })).toBeVisible();
  await expect(page.getByText('Belum ada perjalanan yang dipilih')).toBeVisible();
  await page.goto('/app/detail-reservation');
  await page.getByRole('link', { name: 'Kembali ke Pemesanan' }).click();
  await expect(page).toHaveURL(/\/app\/information-passengers/);
});

test("the change form's calendar writes the chosen day into the form", async ({ page }) => {
  await page.goto(
    '/app-m-web/change-form/calendar?asal_id=1&asal_tipe=kota&tujuan_id=2&tujuan_tipe=kota&asal_nama=Bandung&tujuan_nama=Jakarta',
  );
  const sheet = page.getByRole('dialog', { name: 'Pilih Tanggal' });
  await expect(sheet.getByRole('grid')).toBeVisible();
  expect(await blockingViolations(page)).toEqual([]);
  await sheet
    .getByRole('grid')
    .getByRole('button', { name: /terpilih/ })
    .focus();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(sheet).toBeHidden();
  await expect(page).toHaveURL(/\/app-m-web\/change-form\?/);
  const chosen = new URL(page.url()).searchParams.get('tanggal');
  expect(chosen).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  await page.getByRole('button', { name: 'Cari Tiket' }).click();
  await expect(page).toHaveURL(new RegExp(`/app/schedule\\?.*tanggal=${chosen}`));
});
