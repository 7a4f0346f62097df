import { expect, test, type Locator, type Page } from '@playwright/test';
import { blockingViolations } from './support/axe';

/*
 * The seat page (spec section 2 "Seat selection screen", section 4 "Seat selection", section 8
 * "Seat screen") through the real server and its seeded schedules, Bandung -> Jakarta, each test on a day of its own.
 */

const isMobile = (page: Page) => (page.viewportSize()?.width ?? 1280) < 768;

/** A day from today in Jakarta (the server's business day), as the search URL wants it. */
function dayFromToday(offset: number): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Jakarta' }).format(new Date());
  const [y, m, d] = today.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + offset)).toISOString().slice(0, 10);
}

/**
 * Each test's travel day: seats saved or chosen elsewhere are held for 10 minutes (hold-kursi), so
 * tests choosing seat 9 of one departure on one day would meet each other's hold.
 */
const DAY = { promo: 40, doubleDecker: 41, connecting: 42, accessibility: 43, conflict: 44, info: 45 } as const;

const BANDUNG = 1;
const JAKARTA = 2;
const SURABAYA = 15;

function searchUrl(destination: number, day: number): string {
  return `/app/schedule?asal_id=${BANDUNG}&asal_tipe=kota&tujuan_id=${destination}&tujuan_tipe=kota&tanggal=${dayFromToday(day)}`;
}

/** Searches and presses "Pilih" on one departure; the booking flow opens the seat page. */
async function chooseDeparture(page: Page, destination: number, pilih: string | RegExp, day: number) {
  await page.goto(searchUrl(destination, day));
  const button = page.getByRole('button', { name: pilih });
  await expect(button).toBeVisible();
  await button.click();
  await expect(page).toHaveURL(/\/app\/select-seat/);
  await expect(page.getByRole('heading', { level: 1, name: 'Pilih Posisi Duduk Pergi' })).toBeVisible();
  await expect(seatMap(page)).toBeVisible();
}

const seatMap = (page: Page) => page.getByRole('grid', { name: /^Denah kursi / });
const seat = (page: Page, no: number | string) =>
  seatMap(page).getByRole('button', { name: `Kursi ${no}`, exact: true });
/** "Informasi Kursi": the side panel on desktop, the bottom bar on mobile. */
const seatInfo = (page: Page) => page.getByRole('region', { name: 'Informasi Kursi' });
const mainButton = (page: Page, label: string) => seatInfo(page).getByRole('button', { name: label, exact: true });
const saveLabel = (page: Page) => (isMobile(page) ? 'Lanjutkan' : 'Simpan');

/** The first seats of the shown floor that can be chosen (free seats vary by day on most schedules). */
async function freeSeats(page: Page, count: number): Promise<Locator[]> {
  const buttons = seatMap(page).locator('button:not([aria-disabled="true"])');
  await expect(buttons.first()).toBeVisible();
  expect(await buttons.count()).toBeGreaterThanOrEqual(count);
  return Array.from({ length: count }, (_, index) => buttons.nth(index));
}

test.beforeEach(async ({ page }) => {
  // Each test starts without a booking left over from another one.
  await page.addInitScript(() => {
    if (!sessionStorage.getItem('e2e-started')) {
      localStorage.removeItem('berangkat:booking');
      sessionStorage.setItem('e2e-started', '1');
    }
  });
});

test('promo departure: seats by click and by keyboard, the promo price struck, kept over a reload, then saved', async ({
  page,
}) => {
  // Cipta Trans 11:00: seats 9 and 10 are promo seats (Rp 99.000 instead of Rp 135.000), never pre-booked.
  await chooseDeparture(page, JAKARTA, 'Pilih Cipta Trans 11.00 WIB', DAY.promo);
  await expect(page.getByRole('tab', { name: 'Utama' })).toHaveAttribute('aria-selected', 'true');

  await seat(page, 9).click();
  await expect(seat(page, 9)).toHaveAttribute('aria-pressed', 'true');
  await expect(seat(page, 9)).toHaveAccessibleDescription(/Promo CPTHEMAT, Rp 99\.000, harga normal Rp 135\.000/);

  // The map is one tab stop: the arrow moves to the next seat, Space chooses it.
  await expect(seat(page, 9)).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await expect(seat(page, 10)).toBeFocused();
  await page.keyboard.press('Space');
  await expect(seat(page, 10)).toHaveAttribute('aria-pressed', 'true');
  await expect(seatMap(page).locator('button[tabindex="0"]')).toHaveCount(1);

  const info = seatInfo(page);
  await expect(info.getByText('Kursi 9, 10', { exact: true })).toBeVisible();
  await expect(info.getByText('Rp 198.000', { exact: true })).toBeVisible();
  await expect(info.locator('s')).toHaveText(/Rp 270\.000/);

  // Progress lives in the booking flow: a reload keeps the choice.
  await page.reload();
  await expect(seat(page, 9)).toHaveAttribute('aria-pressed', 'true');
  await expect(seat(page, 10)).toHaveAttribute('aria-pressed', 'true');
  await expect(seatInfo(page).getByText('Kursi 9, 10', { exact: true })).toBeVisible();

  await mainButton(page, saveLabel(page)).click();
  if (isMobile(page)) {
    // Mobile: saving continues to the passenger form of this direction.
    await expect(page).toHaveURL(/\/app\/m-information-passengers-without-no-select-seat(\?|$)/);
  } else {
    // Desktop: back to the booking page the seat page was opened over.
    await expect(page).toHaveURL(/\/app\/information-passengers(\?|$)/);
  }
});

test('double decker: the full lower floor is marked and its seats cannot be chosen', async ({ page }) => {
  // Garuda Mas Armada 22:00 (40 seats on two floors): the lower floor is sold out every day.
  await chooseDeparture(page, JAKARTA, 'Pilih Garuda Mas Armada 22.00 WIB', DAY.doubleDecker);
  const lower = page.getByRole('tab', { name: 'Lantai Bawah (Penuh)' });
  await expect(lower).toHaveAttribute('aria-selected', 'true');
  await expect(seatMap(page)).toHaveAccessibleName('Denah kursi Lantai Bawah');
  // The toilet and the driver have a text alternative; the lower floor's seats 1-8 are taken.
  await expect(seatMap(page).getByRole('img', { name: 'Toilet' })).toBeVisible();
  await expect(seatMap(page).getByRole('img', { name: 'Sopir' })).toBeVisible();
  for (let no = 1; no <= 8; no += 1) await expect(seat(page, no)).toBeDisabled();
  await seat(page, 1).click({ force: true });
  await expect(seat(page, 1)).toHaveAttribute('aria-pressed', 'false');
  await expect(seatInfo(page).getByText('Belum ada kursi dipilih')).toBeVisible();

  await page.getByRole('tab', { name: 'Lantai Atas' }).click();
  await expect(seatMap(page)).toHaveAccessibleName('Denah kursi Lantai Atas');
  const [first] = await freeSeats(page, 1);
  await first?.click();
  await expect(first as Locator).toHaveAttribute('aria-pressed', 'true');
  await expect(seatInfo(page).getByText(/^Kursi \d+$/)).toBeVisible();
});

test('connecting trip with three legs: "Rute 1..3", later legs need as many seats as the first', async ({ page }) => {
  await chooseDeparture(page, SURABAYA, /^Pilih Cipta Trans \+ Nusa Rapi Shuttle \+ Surya Bahari /, DAY.connecting);
  const routes = page.getByRole('list', { name: 'Rute perjalanan' }).getByRole('listitem');
  await expect(routes).toHaveCount(3);
  for (let leg = 1; leg <= 3; leg += 1) await expect(routes.nth(leg - 1)).toContainText(`Rute ${leg}`);
  await expect(routes.first()).toHaveAttribute('aria-current', 'step');
  await expect(page.getByRole('heading', { level: 2, name: 'Kursi Pergi 1' })).toBeVisible();

  // Leg 1: any number of seats; two here.
  for (const free of await freeSeats(page, 2)) await free.click();
  await expect(seatInfo(page).getByText(/^Kursi dipilih 2\/\d$/)).toBeVisible();
  await mainButton(page, saveLabel(page)).click();

  // Leg 2 starts empty and needs exactly two.
  await expect(page.getByRole('heading', { level: 2, name: 'Kursi Pergi 2' })).toBeVisible();
  await expect(routes.nth(1)).toHaveAttribute('aria-current', 'step');
  await expect(seatInfo(page).getByText('Kursi dipilih 0/2', { exact: true })).toBeVisible();
  const [one, two] = await freeSeats(page, 2);
  await one?.click();
  await mainButton(page, saveLabel(page)).click();
  await expect(page.getByText('Mohon lengkapi kursi terlebih dahulu')).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Kursi Pergi 2' })).toBeVisible();
  await two?.click();
  await mainButton(page, saveLabel(page)).click();

  // Leg 3; going back reopens leg 2 with its seats.
  await expect(page.getByRole('heading', { level: 2, name: 'Kursi Pergi 3' })).toBeVisible();
  await page.getByRole('button', { name: 'Kembali ke Rute 2' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Kursi Pergi 2' })).toBeVisible();
  await expect(seatInfo(page).getByText('Kursi dipilih 2/2', { exact: true })).toBeVisible();
  await mainButton(page, saveLabel(page)).click();

  await expect(page.getByRole('heading', { level: 2, name: 'Kursi Pergi 3' })).toBeVisible();
  for (const free of await freeSeats(page, 2)) await free.click();
  await mainButton(page, saveLabel(page)).click();
  await expect(page).toHaveURL(
    isMobile(page) ? /\/app\/m-information-passengers-without-no-select-seat/ : /\/app\/information-passengers(\?|$)/,
  );
});

test('the seat page and its two sheets have no serious or critical accessibility violations', async ({ page }) => {
  // One axe run over a full seat map, one over each sheet.
  test.setTimeout(90_000);
  await chooseDeparture(page, JAKARTA, 'Pilih Cipta Trans 11.00 WIB', DAY.accessibility);
  await seat(page, 9).click();
  await expect(seat(page, 9)).toHaveAttribute('aria-pressed', 'true');
  expect(await blockingViolations(page)).toEqual([]);

  await page.getByRole('link', { name: 'Informasi Penumpang' }).click();
  const info = page.getByRole('dialog', { name: 'Informasi Penumpang' });
  await expect(info).toHaveAttribute('data-state', 'open');
  await expect(info.getByText(/hingga 3 kursi/)).toBeVisible();
  expect(await blockingViolations(page, '[role="dialog"]')).toEqual([]);
  await info.getByRole('button', { name: 'Tutup' }).first().click();
  await expect(info).toBeHidden();
  // Closing goes back in history once its animation ends: the seat page's own URL again.
  await expect(page).toHaveURL(/\/app\/select-seat(\?|$)/);

  await page.getByRole('link', { name: 'Detail Harga Penumpang' }).click();
  const prices = page.getByRole('dialog', { name: 'Detail Harga Penumpang' });
  await expect(prices).toHaveAttribute('data-state', 'open');
  await expect(prices.getByText('Promo CPTHEMAT')).toBeVisible();
  await expect(prices.getByText('Rp 99.000', { exact: true }).first()).toBeVisible();
  expect(await blockingViolations(page, '[role="dialog"]')).toEqual([]);
});

test('a fresh tab with nothing chosen gets a friendly way to the search', async ({ page }) => {
  await page.goto('/app/select-seat');
  await expect(page.getByRole('heading', { name: 'Belum ada jadwal yang dipilih' })).toBeVisible();
  await expect(page.getByRole('grid')).toHaveCount(0);
  expect(await blockingViolations(page)).toEqual([]);
  await page.getByRole('link', { name: 'Cari Jadwal' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('after a seat conflict the page says the seats were sold', async ({ page }) => {
  await chooseDeparture(page, JAKARTA, 'Pilih Cipta Trans 11.00 WIB', DAY.conflict);
  await page.goto('/app/select-seat?type=fallback-confirmation-order');
  await expect(page.getByRole('alert')).toContainText('Kursi yang kamu pilih sudah terjual');
  await expect(seatMap(page)).toBeVisible();
});

test('the seat information page lists the chosen seats with their prices', async ({ page }) => {
  await chooseDeparture(page, JAKARTA, 'Pilih Cipta Trans 11.00 WIB', DAY.info);
  await seat(page, 9).click();
  await expect(seat(page, 9)).toHaveAttribute('aria-pressed', 'true');
  // Mobile reaches it from the seat page; desktop shows the same in its side panel.
  if (isMobile(page)) await page.getByRole('link', { name: 'Lihat Informasi Kursi' }).click();
  else await page.goto('/app/info-select-seat');
  await expect(page.getByRole('heading', { level: 1, name: 'Informasi Kursi' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Kursi Pergi', exact: true })).toBeVisible();
  await expect(page.getByText('Kursi 9', { exact: true })).toBeVisible();
  await expect(page.getByText('Rp 99.000', { exact: true }).first()).toBeVisible();
  expect(await blockingViolations(page)).toEqual([]);
  await page.getByRole('link', { name: 'Kembali ke Pilih Kursi' }).click();
  await expect(seat(page, 9)).toHaveAttribute('aria-pressed', 'true');
});
