import { expect, test, type Locator } from '@playwright/test';
import {
  JAKARTA,
  NO_SEAT_SELECTION,
  expectBookingPage,
  fillBooker,
  isMobile,
  searchAndChoose,
} from './support/booking-model';
import { openTracePanel } from './support/trace-panel';

/*
 * Issue 25 item 7: "Kirim ke CS" is where the README says, at the foot of the page, as a section
 * with a real button; the `?debug=trace` panel keeps out of a traveller's way.
 */

const box = async (locator: Locator) => {
  const found = await locator.boundingBox();
  expect(found, 'drawn on the page').not.toBeNull();
  return found!;
};

const overlaps = (a: { x: number; y: number; width: number; height: number }, b: typeof a) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

test('"Kirim ke CS" is the last section of the booking page, below everything the traveller fills in', async ({
  page,
}) => {
  await searchAndChoose(page, JAKARTA, NO_SEAT_SELECTION, false, 9);
  if (isMobile(page)) {
    // The page asks for what is missing by itself: the booker, then the passengers.
    await expect(page).toHaveURL(/info-customer-order/);
    await fillBooker(page);
    await page.getByRole('switch', { name: 'Sama dengan pemesan' }).check();
    await page.getByRole('button', { name: 'Simpan', exact: true }).click();
  }
  await expectBookingPage(page);
  const help = page.getByRole('region', { name: 'Butuh bantuan CS?' });
  await expect(help.getByRole('button', { name: 'Kirim ke CS' })).toBeVisible();
  await expect(help.getByText('tanpa nama, nomor handphone, atau email')).toBeVisible();
  // The page's last block, not a link in the summary column.
  expect(await help.evaluate((section) => section.parentElement?.lastElementChild === section)).toBe(true);
  expect(await help.evaluate((section) => section.closest('aside') === null)).toBe(true);
  const helpTop = (await box(help)).y;
  const terms = page.getByRole('checkbox').last();
  expect(helpTop).toBeGreaterThan((await box(terms)).y);
  if (!isMobile(page)) {
    const summary = await box(page.getByRole('complementary', { name: 'Ringkasan pesanan' }));
    expect(helpTop).toBeGreaterThanOrEqual(summary.y + summary.height);
  }
  await help.getByRole('button', { name: 'Kirim ke CS' }).click();
  await expect(page.getByRole('dialog', { name: 'Kirim catatan ke CS' })).toBeVisible();
});

test('the ?debug=trace panel starts folded in a corner, clear of the schedule filters', async ({ page }) => {
  await page.goto('/app/schedule?asal_id=1&asal_tipe=kota&tujuan_id=2&tujuan_tipe=kota&debug=trace');
  const panel = page.getByRole('complementary', { name: 'Catatan untuk CS' });
  const toggle = panel.getByRole('button', { name: /^Catatan: \d+ langkah, \d+ alur$/ });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(panel.getByRole('button', { name: 'Unduh JSON' })).toBeHidden();
  const folded = await box(panel);
  expect(folded.height).toBeLessThanOrEqual(48);
  const viewport = page.viewportSize()!;
  expect(folded.x + folded.width).toBeGreaterThan(viewport.width / 2);
  if (!isMobile(page)) {
    const filters = page.getByRole('complementary', { name: 'Filter' });
    await expect(filters).toBeVisible();
    expect(overlaps(folded, await box(filters))).toBe(false);
  }
  const opened = await openTracePanel(page);
  await expect(opened.getByRole('button', { name: 'Unduh JSON' })).toBeVisible();
  await toggle.click();
  await expect(opened.getByRole('button', { name: 'Unduh JSON' })).toBeHidden();
});
