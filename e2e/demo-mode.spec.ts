import { expect, test, type Locator, type Page } from '@playwright/test';
import {
  JAKARTA,
  blockingViolations,
  clearBookingOnce,
  expectBookingPage,
  isMobile,
  reserveButton,
  saveMobilePassengerForm,
  searchAndChoose,
  seatInfo,
  seatMap,
  seatSaveLabel,
} from './support/booking-model';

/*
 * Issue 21: a deployment in demo mode says so on every page ("Mode demo"), read from the
 * configuration call, so nobody takes it for the real service. The e2e servers run in demo mode.
 * The tab never covers a control a traveller needs, and axe finds nothing blocking with it shown.
 */

/** The travel day of this spec's seat and booking pages: their held seat meets no other test's. */
const RIBBON_DAY = 59;

const ribbon = (page: Page) => page.getByRole('status').filter({ hasText: 'Mode demo' });

/** Every visible control inside the viewport that the ribbon's box meets (none, we expect). */
async function controlsUnder(page: Page, tab: Locator): Promise<string[]> {
  const box = await tab.boundingBox();
  if (!box) throw new Error('the ribbon has no box');
  return page.evaluate((r) => {
    const selector = 'a[href], button, input, select, textarea, [role="button"], [role="link"], [tabindex]';
    const hits: string[] = [];
    for (const element of Array.from(document.querySelectorAll<HTMLElement>(selector))) {
      if (element.closest('[role="status"]')) continue;
      const b = element.getBoundingClientRect();
      if (b.width === 0 || b.height === 0 || getComputedStyle(element).visibility === 'hidden') continue;
      const meets = b.left < r.x + r.width && b.right > r.x && b.top < r.y + r.height && b.bottom > r.y;
      if (meets) hits.push(`${element.tagName.toLowerCase()} "${(element.textContent ?? '').trim().slice(0, 40)}"`);
    }
    return hits;
  }, box);
}

async function expectRibbonClear(page: Page) {
  const tab = ribbon(page);
  await expect(tab).toBeVisible();
  await expect(tab).toContainText('data contoh, pembayaran disimulasikan');
  expect(await controlsUnder(page, tab)).toEqual([]);
}

test.beforeEach(async ({ page }) => clearBookingOnce(page));

test('the home page shows "Mode demo" once the configuration says demo, without moving the page', async ({ page }) => {
  const config = page.waitForResponse((response) => response.url().includes('/api/berangkat/konfigurasi'));
  await page.goto('/');
  await expect(page.getByRole('button', { name: 'Cari Tiket' })).toBeVisible();
  const body = (await (await config).json()) as { results: { mode: string } };
  expect(body.results.mode).toBe('demo');
  await expectRibbonClear(page);
  // Fixed to the viewport: its arrival shifts nothing on the first screen.
  expect(await ribbon(page).evaluate((element) => getComputedStyle(element).position)).toBe('fixed');
  expect(await blockingViolations(page)).toEqual([]);
});

test('the ribbon stays on the search, seat and booking pages and covers none of their controls', async ({ page }) => {
  await searchAndChoose(page, JAKARTA, 'Pilih Cipta Trans 11.00 WIB', false, RIBBON_DAY);
  await expect(page).toHaveURL(/\/app\/select-seat/);
  const free = seatMap(page).locator('button:not([aria-disabled="true"]):not([disabled])');
  await free.first().click();
  await expect(free.first()).toHaveAttribute('aria-pressed', 'true');
  await expectRibbonClear(page);
  // The seat page's main button (bottom bar on mobile, side panel on desktop) is free to press.
  await expect(seatInfo(page).getByRole('button', { name: seatSaveLabel(page) })).toBeEnabled();
  expect(await blockingViolations(page)).toEqual([]);

  await seatInfo(page)
    .getByRole('button', { name: seatSaveLabel(page) })
    .click();
  if (isMobile(page)) await saveMobilePassengerForm(page, 'Form Penumpang Pergi', ['Dewi Lestari']);
  await expectBookingPage(page);
  await expectRibbonClear(page);
  await expect(reserveButton(page)).toBeVisible();
  expect(await blockingViolations(page)).toEqual([]);
});

test('the ribbon is absent when the configuration says produksi', async ({ page }) => {
  await page.route('**/api/berangkat/konfigurasi', async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as { results: Record<string, unknown> };
    await route.fulfill({ response, json: { ...body, results: { ...body.results, mode: 'produksi' } } });
  });
  const config = page.waitForResponse((response) => response.url().includes('/api/berangkat/konfigurasi'));
  await page.goto('/');
  await config;
  await expect(page.getByRole('button', { name: 'Cari Tiket' })).toBeVisible();
  await expect(ribbon(page)).toHaveCount(0);
});
