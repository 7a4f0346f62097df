import { expect, test } from '@playwright/test';
import { blockingViolations } from './support/axe';

/** Tomorrow in Jakarta as YYYY-MM-DD (the app's business day, whatever the machine's zone). */
function tomorrowInJakarta(): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Jakarta' }).format(new Date());
  const [y, m, d] = today.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10);
}

const tomorrow = tomorrowInJakarta();
const direct = `operator_code=XTR&schedule_code=XTR-BDG-JKT-0800&date=${tomorrow}`;
// A connecting trip is sold under its first leg's operator (server resolveCode): CPT-BDG-CRB-0600.
const connecting = `operator_code=CPT&schedule_code=CT-BDG-SMG-0600&date=${tomorrow}`;

test('the standalone detail shows operator, time, stops with map links and terms', async ({ page }) => {
  await page.goto(`/app/detail-schedule-standalone?${direct}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Detail Jadwal' })).toBeVisible();
  const operator = page.getByRole('heading', { level: 2 }).first();
  await expect(operator).not.toHaveText('');
  await expect(page.getByText(/^08\.00 WIB$/).first()).toBeVisible();

  const stops = page.getByRole('list', { name: 'Pemberhentian' }).getByRole('listitem');
  expect(await stops.count()).toBeGreaterThanOrEqual(2);
  const mapLinks = page.getByRole('link', { name: /^Lihat Peta / });
  expect(await mapLinks.count()).toBeGreaterThanOrEqual(2);
  const first = mapLinks.first();
  await expect(first).toHaveAttribute(
    'href',
    /^https:\/\/www\.google\.com\/maps\/search\/\?api=1&query=-?\d+(\.\d+)?%2C-?\d+(\.\d+)?$/,
  );
  await expect(first).toHaveAttribute('target', '_blank');
  await expect(first).toHaveAttribute('rel', 'noopener noreferrer');

  const terms = page.getByRole('button', { name: 'Syarat & Ketentuan' });
  await expect(terms).toHaveAttribute('aria-expanded', 'false');
  await terms.click();
  await expect(terms).toHaveAttribute('aria-expanded', 'true');
  await expect(page.locator('section').filter({ has: terms }).getByRole('listitem').first()).toBeVisible();
});

test('the standalone detail of a connecting trip shows both legs', async ({ page }) => {
  await page.goto(`/app/detail-schedule-standalone?${connecting}`);
  await expect(page.getByText('Pindah Armada').first()).toBeVisible();
  const first = page.getByRole('article', { name: 'Rute 1' });
  const second = page.getByRole('article', { name: 'Rute 2' });
  await expect(first).toBeVisible();
  await expect(second).toBeVisible();
  await expect(first.getByText(/06\.00 WIB/).first()).toBeVisible();
  await expect(second.getByRole('link', { name: /^Lihat Peta / }).first()).toBeVisible();
  await expect(page.getByText('Bersiaplah paling lambat 15 menit sebelum perjalanan dilanjutkan.')).toBeVisible();
});

test('the location child lists the departure and arrival pool', async ({ page }) => {
  await page.goto(`/app/detail-schedule-standalone?${direct}`);
  await page.getByRole('link', { name: 'Lihat Lokasi Keberangkatan dan Kedatangan' }).click();
  const sheet = page.getByRole('dialog', { name: 'Lokasi' });
  await expect(sheet.getByText('Titik Keberangkatan')).toBeVisible();
  await expect(sheet.getByText('Titik Kedatangan')).toBeVisible();
  await expect(sheet.getByRole('link', { name: /^Lihat Peta / })).toHaveCount(2);
  await sheet.getByRole('button', { name: 'Tutup' }).click();
  await expect(sheet).toBeHidden();
  await expect(page).toHaveURL(/\/app\/detail-schedule-standalone\?.*schedule_code=XTR-BDG-JKT-0800/);
});

test('an unknown schedule says it was not found', async ({ page }) => {
  await page.goto(`/app/detail-schedule-standalone?operator_code=XTR&schedule_code=TIDAK-ADA&date=${tomorrow}`);
  await expect(page.getByRole('alert')).toContainText('Jadwal tidak ditemukan');
});

test('the detail child opens as a sheet over the schedule list', async ({ page }) => {
  const list = `asal_id=1&asal_tipe=kota&tujuan_id=2&tujuan_tipe=kota&tanggal=${tomorrow}&pp=false`;
  await page.goto(`/app/schedule/detail-schedule?${list}&${direct}`);
  const sheet = page.getByRole('dialog', { name: 'Detail Jadwal' });
  await expect(sheet).toBeVisible();
  await expect(sheet.getByText(/^08\.00 WIB$/).first()).toBeVisible();
  await expect(sheet.getByRole('link', { name: /^Lihat Peta / }).first()).toBeVisible();
  expect(await blockingViolations(page, '[role="dialog"]')).toEqual([]);
  // The list stays underneath.
  await expect(page.getByRole('heading', { level: 1, name: 'Pilih Jadwal Pergi' })).toBeAttached();

  // Opened straight from a link, there is no step to go back to: closing lands on the list itself.
  await page.keyboard.press('Escape');
  await expect(sheet).toBeHidden();
  await expect.poll(() => new URL(page.url()).pathname).toBe('/app/schedule');
  await expect(page.getByRole('heading', { level: 1, name: 'Pilih Jadwal Pergi' })).toBeVisible();
  await expect(page.getByText(/^Sisa \d+ kursi$/).first()).toBeVisible();
  await expect(sheet).toHaveCount(0);
});

test('a detail opened from the list closes back onto the list as it was', async ({ page }) => {
  const list = `/app/schedule?asal_id=1&asal_tipe=kota&tujuan_id=2&tujuan_tipe=kota&tanggal=${tomorrow}&pp=false`;
  await page.goto(list);
  await expect(page.getByText(/^Sisa \d+ kursi$/).first()).toBeVisible();
  const listUrl = page.url();
  await page
    .getByRole('link', { name: /^Lihat Detail jadwal / })
    .first()
    .click();
  const sheet = page.getByRole('dialog', { name: 'Detail Jadwal' });
  await expect(sheet.getByRole('heading', { name: 'Rute Perjalanan' })).toBeVisible();
  await sheet.getByRole('button', { name: 'Tutup' }).click();
  await expect(sheet).toBeHidden();
  await expect(page).toHaveURL(listUrl);
});

test('the standalone detail has no serious or critical accessibility violations', async ({ page }) => {
  await page.goto(`/app/detail-schedule-standalone?${direct}`);
  await expect(page.getByRole('link', { name: /^Lihat Peta / }).first()).toBeVisible();
  await page.getByRole('button', { name: 'Syarat & Ketentuan' }).click();
  expect(await blockingViolations(page)).toEqual([]);
});

const list = `asal_id=1&asal_tipe=kota&tujuan_id=2&tujuan_tipe=kota&tanggal=${tomorrow}&pp=false`;

test('the partner schedule lists one operator’s departures and opens a detail', async ({ page }) => {
  // Route 1 of the seed is Xpress Trans Raya's Bandung -> Jakarta.
  await page.goto(`/app/schedule/detail-schedule-by-patner?${list}&operator_code=XTR&jurusan_id=1&date=${tomorrow}`);
  const sheet = page.getByRole('dialog', { name: 'Pilih Jadwal' });
  await expect(sheet.getByRole('list', { name: 'Tanggal dengan kursi tersedia' })).toBeVisible();
  const rows = sheet.getByRole('list', { name: 'Jadwal keberangkatan' }).getByRole('button');
  await expect(rows.filter({ hasText: '08.00 WIB' })).toHaveCount(1);
  expect(await blockingViolations(page, '[role="dialog"]')).toEqual([]);
  await rows.filter({ hasText: '08.00 WIB' }).click();
  await expect(page).toHaveURL(/\/app\/schedule\/detail-schedule\?.*schedule_code=XTR-BDG-JKT-0800/);
  await expect(
    page.getByRole('dialog', { name: 'Detail Jadwal' }).getByRole('heading', { name: 'Rute Perjalanan' }),
  ).toBeVisible();
});

test('change-view-schedule stores the chosen view in the list URL', async ({ page }) => {
  await page.goto(`/app/schedule/change-view-schedule?${list}`);
  const sheet = page.getByRole('dialog', { name: 'Ubah Tampilan Jadwal' });
  await expect(sheet.getByRole('radio', { name: /Daftar/ })).toBeChecked();
  await sheet.getByRole('radio', { name: /Ringkas/ }).click();
  await expect(sheet).toBeHidden();
  await expect(page).toHaveURL(/\/app\/schedule\?.*view=ringkas/);
});
