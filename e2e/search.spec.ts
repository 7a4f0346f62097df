import { expect, test } from '@playwright/test';
import { blockingViolations } from './support/axe';

test('search from the home page lists schedules', async ({ page }) => {
  await page.goto('/');

  // Spec section 1: Bandung to Jakarta by default, departing tomorrow, one way.
  await expect(page.getByRole('combobox', { name: 'Dari' })).toHaveValue('Bandung');
  await expect(page.getByRole('combobox', { name: 'Ke' })).toHaveValue('Jakarta');
  await expect(page.getByRole('button', { name: /^Tanggal Berangkat \w+, \d{2} \w+ \d{4}$/ })).toBeVisible();
  await expect(page.getByRole('radio', { name: 'Sekali Jalan' })).toBeChecked();
  await expect(page.getByRole('button', { name: 'Tukar asal dan tujuan' })).toBeVisible();

  await page.getByRole('button', { name: 'Cari Tiket' }).click();

  await expect(page).toHaveURL(/\/app\/schedule\?.*asal_id=1.*tujuan_id=2/);
  await expect(page.getByRole('heading', { level: 1, name: 'Pilih Jadwal Pergi' })).toBeVisible();

  const firstOperator = page.getByRole('article').first();
  const operatorName = (await firstOperator.getByRole('heading', { level: 3 }).textContent())?.trim() ?? '';
  expect(operatorName).not.toBe('');
  await expect(firstOperator.getByRole('img', { name: operatorName })).toBeVisible();
  await expect(firstOperator.getByText(/^\d{2}\.\d{2} WIB$/).first()).toBeVisible();
  await expect(firstOperator.getByText(/^Rp \d{1,3}(\.\d{3})*/).first()).toBeVisible();
  await expect(page.getByText(/^Sisa \d+ kursi$/).first()).toBeVisible();
});

test('home and schedule list have no serious or critical accessibility violations', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('button', { name: 'Cari Tiket' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Tujuan populer' })).toBeVisible();
  expect(await blockingViolations(page)).toEqual([]);

  await page.getByRole('button', { name: 'Cari Tiket' }).click();
  await expect(page.getByText(/^Sisa \d+ kursi$/).first()).toBeVisible();
  expect(await blockingViolations(page)).toEqual([]);
});

test('the /tiket-bus alias opens the same schedule list', async ({ page }) => {
  await page.goto('/tiket-bus?asal_id=1&asal_tipe=kota&tujuan_id=2&tujuan_tipe=kota');
  await expect(page).toHaveURL(/\/app\/schedule\?/);
  await expect(page.getByText(/Sisa \d+ kursi/).first()).toBeVisible();
});
