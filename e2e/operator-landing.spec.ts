import { expect, test, type Page } from '@playwright/test';
import { blockingViolations } from './support/booking-model';

/*
 * Issue 24, rows 8 and 21: the highlighted operators ("Operator Pilihan", list-highlight-operator)
 * on the schedule list, and the operator landing page (landing-page-mitra, /app/mitra/$operator)
 * that operator names lead to: its routes and next departures, each bookable through the list.
 */

const XTR = 'Xpress Trans Raya';
/** The default search: Bandung to Jakarta, tomorrow. */
const SCHEDULE = '/app/schedule';
const DETAIL_OPERATOR = '**/api/berangkat/detail-operator**';

const results = (page: Page) => page.getByRole('region', { name: 'Hasil pencarian jadwal' });

test('"Operator Pilihan" filters the list by an operator and leads to its page', async ({ page }) => {
  // Two axe runs and a walk through the toolbar by keyboard.
  test.slow();
  await page.goto(SCHEDULE);
  const strip = page.getByRole('region', { name: 'Operator Pilihan' });
  const xtr = strip.getByRole('button', { name: new RegExp(`^${XTR} mulai Rp`) });
  await expect(xtr).toHaveAttribute('aria-pressed', 'false');
  await expect(strip.getByRole('button')).not.toHaveCount(1);
  await expect(results(page).getByRole('article').first()).toBeVisible();
  expect(await blockingViolations(page)).toEqual([]);

  // Keyboard: one Tab stop (a toolbar); arrows move between operators, Enter and Space toggle.
  const toolbar = strip.getByRole('toolbar', { name: 'Operator Pilihan' });
  await expect(toolbar.locator('button[tabindex="0"]')).toHaveCount(1);
  const first = toolbar.getByRole('button').first();
  await first.focus();
  await page.keyboard.press('ArrowRight');
  await expect(toolbar.getByRole('button').nth(1)).toBeFocused();
  await page.keyboard.press('ArrowLeft');
  await expect(first).toBeFocused();
  const names = await toolbar.getByRole('button').allTextContents();
  const xtrIndex = names.findIndex((name) => name.startsWith(XTR));
  expect(xtrIndex).toBeGreaterThanOrEqual(0);
  for (let step = 0; step < xtrIndex; step += 1) await page.keyboard.press('ArrowRight');
  await expect(xtr).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(xtr).toHaveAttribute('aria-pressed', 'true');
  await expect.poll(() => new URL(page.url()).searchParams.get('operator')).toContain('XTR');
  const groups = results(page).getByRole('article');
  await expect(groups.first()).toBeVisible();
  for (const name of await groups.evaluateAll((items) => items.map((item) => item.getAttribute('aria-labelledby')))) {
    await expect(page.locator(`[id="${name}"]`)).toHaveText(XTR);
  }
  expect(await blockingViolations(page)).toEqual([]);

  // A schedule card's operator name leads to the operator's page.
  await results(page).getByRole('heading', { name: XTR }).first().getByRole('link', { name: XTR }).click();
  await expect(page).toHaveURL(/\/app\/mitra\/XTR$/);
  await expect(page.getByRole('heading', { level: 1, name: XTR })).toBeVisible();

  // Back on the list, pressing the operator again lifts the filter.
  await page.goBack();
  await expect(xtr).toHaveAttribute('aria-pressed', 'true');
  await xtr.focus();
  await page.keyboard.press('Space');
  await expect(xtr).toHaveAttribute('aria-pressed', 'false');
  await expect.poll(() => new URL(page.url()).searchParams.get('operator')).toBeNull();
});

test("the operator's page lists its routes and next departures; Pesan books through the list", async ({ page }) => {
  await page.goto('/app/mitra/XTR');
  await expect(page.getByRole('heading', { level: 1, name: XTR })).toBeVisible();
  await expect(page.getByRole('img', { name: `Logo ${XTR}` })).toBeVisible();
  const routes = page.getByRole('region', { name: 'Rute yang Dilayani' }).getByRole('article');
  await expect(routes.first()).toBeVisible();
  expect(await routes.count()).toBeGreaterThan(1);
  const bandungJakarta = page.getByRole('article', { name: 'Bandung ke Jakarta' }).first();
  await expect(bandungJakarta.getByRole('heading', { name: 'Keberangkatan Berikutnya' })).toBeVisible();
  const book = page.getByRole('link', { name: /^Pesan / });
  expect(await book.count()).toBeGreaterThan(1);
  expect(await blockingViolations(page)).toEqual([]);

  // The last departure on the page: far enough down that the page has scrolled to reach it.
  await page.setViewportSize({ width: page.viewportSize()!.width, height: 500 });
  const last = book.last();
  const label = (await last.getAttribute('aria-label')) ?? '';
  const time = /(\d\d\.\d\d WIB)$/.exec(label)?.[1];
  expect(time).toBeTruthy();
  await last.scrollIntoViewIfNeeded();
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
  await last.click();
  await expect(page).toHaveURL(/\/app\/schedule\?/);
  expect(new URL(page.url()).searchParams.get('operator')).toContain('XTR');
  // The normal list, filtered to the operator: that departure's "Pilih" is there.
  await expect(page.getByRole('button', { name: `Pilih ${XTR} ${time}` }).first()).toBeVisible();

  // Scroll rule: back on the operator's page opens it at the top.
  await page.goBack();
  await expect(page.getByRole('heading', { level: 1, name: XTR })).toBeVisible();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
});

test('an unknown operator is a 404 page; a failed load offers "Coba Lagi"; empty routes say so', async ({ page }) => {
  // The failed read is retried twice before "Coba Lagi" shows.
  test.slow();
  await page.goto('/app/mitra/TIDAKADA');
  await expect(page.getByRole('heading', { level: 1, name: 'Operator tidak ditemukan' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Lihat Semua Operator' })).toHaveAttribute('href', '/app/operator');
  expect(await blockingViolations(page)).toEqual([]);

  // Skeletons while loading, then an error with "Coba Lagi" while the API cannot be reached.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(DETAIL_OPERATOR, async (route) => {
    await held;
    await route.abort('connectionrefused');
  });
  await page.goto('/app/mitra/XTR');
  await expect(page.getByLabel('Memuat operator', { exact: true })).toBeVisible();
  release();
  const retry = page.getByRole('alert').getByRole('button', { name: 'Coba Lagi' });
  await expect(retry).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText('Data operator belum dapat dimuat.', { exact: false })).toBeVisible();
  expect(await blockingViolations(page)).toEqual([]);
  await page.unroute(DETAIL_OPERATOR);
  await retry.click();
  await expect(page.getByRole('heading', { level: 1, name: XTR })).toBeVisible();

  // A route without departures this week, and an operator without routes.
  const operator = { kode: 'XTR', nama: XTR, logo: '/logos/xtr.svg', tipe: 'shuttle' };
  const route = {
    jurusan_id: 1,
    asal_id: 1,
    asal_tipe: 'cabang',
    asal_nama: 'Pasteur',
    asal_kota: 'Bandung',
    tujuan_id: 2,
    tujuan_tipe: 'cabang',
    tujuan_nama: 'Blok M',
    tujuan_kota: 'Jakarta',
    keberangkatan: [],
  };
  await page.route(DETAIL_OPERATOR, (request) =>
    request.fulfill({ json: { status: 'OK', results: { operator, jurusan: [route] } } }),
  );
  await page.goto('/app/mitra/XTR?kosong=1');
  await expect(page.getByText('Belum ada keberangkatan dalam 7 hari ke depan. Coba cari tanggal lain.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Cari tanggal lain untuk Bandung ke Jakarta' })).toBeVisible();
  await page.unroute(DETAIL_OPERATOR);
  await page.route(DETAIL_OPERATOR, (request) =>
    request.fulfill({ json: { status: 'OK', results: { operator, jurusan: [] } } }),
  );
  await page.goto('/app/mitra/XTR?kosong=2');
  await expect(page.getByText('Operator ini belum melayani rute apa pun.')).toBeVisible();
  expect(await blockingViolations(page)).toEqual([]);
});
