import { expect, test, type Page } from '@playwright/test';
import {
  choose,
  clearBookingOnce,
  desktopPassengers,
  dialog,
  expectBookingPage,
  fillNames,
  isMobile,
  JAKARTA,
  leaveForms,
  pickSeats,
  PROMO,
  saveMobilePassengerForm,
  searchAndChoose,
  searchUrl,
  seatSaveLabel,
  TEXT,
  toast,
} from './support/booking-model';

/*
 * The browser's own Back (a webview's hardware back too) does what the spec says at every step of
 * the booking page (section 2): an open "Pilih Kursi" sheet closes first, with its close check;
 * leaving asks "Konfirmasi Kembali ?"; the page's own sheets come and go freely. And opening a
 * schedule's detail waits its 200 ms whichever way the card is pressed.
 */

test.beforeEach(async ({ page }) => clearBookingOnce(page));

const SCHEDULE_LIST = /\/app\/schedule\?/;
const SEATS_REQUIRED = 'Mohon pilih kursi terlebih dahulu';

/**
 * Days of each test: saved seats are held for 10 minutes (hold-kursi), so two tests saving seat 9
 * of one departure on one day would meet each other's hold.
 */
const DAY = { sheetBack: 32, roundTrip: 33, leave: 34, dialogBack: 35, ownSheets: 36, routeCard: 37 } as const;

/** Schedule list -> seat page -> booking page for a one-way trip with one named passenger. */
async function oneWayBooking(page: Page, day: number) {
  await searchAndChoose(page, JAKARTA, PROMO, false, day);
  await expect(page).toHaveURL(/\/app\/select-seat/);
  await pickSeats(page, { numbers: [9], button: seatSaveLabel(page) });
  if (isMobile(page)) {
    await saveMobilePassengerForm(page, 'Form Penumpang Pergi', ['Siti Aminah']);
  } else {
    await expectBookingPage(page);
    await fillNames(desktopPassengers(page), ['Siti Aminah']);
    await leaveForms(page);
  }
  await expectBookingPage(page);
}

/** The browser's Back button; the page may put the entry back, so only the URL is waited for. */
async function browserBack(page: Page) {
  await page.goBack({ waitUntil: 'commit' });
}

const leaveDialog = (page: Page) => dialog(page, TEXT.leaveDialog);

test('desktop: Back closes the "Pilih Kursi" sheet first, then asks "Konfirmasi Kembali ?" @desktop-only', async ({
  page,
}) => {
  await oneWayBooking(page, DAY.sheetBack);
  const bookingUrl = page.url();
  await desktopPassengers(page).getByRole('button', { name: 'Ganti Kursi' }).click();
  const sheet = page.getByRole('dialog', { name: 'Pilih Kursi' });
  await expect(sheet).toHaveAttribute('data-state', 'open');

  await browserBack(page);
  await expect(sheet).toBeHidden();
  await expect(page).toHaveURL(bookingUrl);
  await expect(leaveDialog(page)).toHaveCount(0);
  // The seats are kept: closing by Back is closing, not choosing again.
  await expect(desktopPassengers(page).getByRole('textbox', { name: 'Kursi 9' })).toHaveValue('Siti Aminah');

  // The second Back is the page's own: it asks before leaving, and one step only.
  await browserBack(page);
  await expect(leaveDialog(page)).toBeVisible();
  await expect(page).toHaveURL(bookingUrl);
  await leaveDialog(page).getByRole('button', { name: 'Tidak' }).click();
  await expect(leaveDialog(page)).toBeHidden();
  await expectBookingPage(page);
  await expect(page).toHaveURL(bookingUrl);

  await browserBack(page);
  await leaveDialog(page).getByRole('button', { name: 'Ya' }).click();
  await expect(page).toHaveURL(SCHEDULE_LIST);
  await expect(page.getByRole('heading', { level: 1, name: 'Pilih Jadwal Pergi' })).toBeVisible();
});

test('desktop: on a round trip Back cannot close the seat sheet before both legs have seats @desktop-only', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await searchAndChoose(page, JAKARTA, PROMO, true, DAY.roundTrip);
  await expect(page).toHaveURL(/\/app\/schedule\/return\?/);
  await choose(page, /^Pilih /);
  await pickSeats(page, { numbers: [9], button: 'Pilih Kursi Pulang' });
  await expect(page).toHaveURL(/\/app\/select-seat\/return/);
  await pickSeats(page, { count: 1, button: 'Simpan' });
  await expectBookingPage(page);
  const bookingUrl = page.url();

  // A new passenger resets both legs' seats: the sheet must then stay until both are chosen again.
  await desktopPassengers(page).getByRole('button', { name: 'Tambah Penumpang' }).first().click();
  await dialog(page, TEXT.changePassengersDialog).getByRole('button', { name: 'Ya' }).click();
  await desktopPassengers(page).getByRole('button', { name: 'Pilih Kursi pergi' }).click();
  const sheet = page.getByRole('dialog', { name: 'Pilih Kursi' });
  await expect(sheet).toHaveAttribute('data-state', 'open');

  await browserBack(page);
  await expect(toast(page, SEATS_REQUIRED)).toBeVisible();
  await expect(sheet).toHaveAttribute('data-state', 'open');
  await expect(page).toHaveURL(bookingUrl);
  await expect(leaveDialog(page)).toHaveCount(0);
});

test('Back from the booking page asks "Konfirmasi Kembali ?"; "Tidak" stays, "Ya" goes to the schedule list', async ({
  page,
}) => {
  await oneWayBooking(page, DAY.leave);
  const bookingUrl = page.url();

  await browserBack(page);
  await expect(leaveDialog(page)).toBeVisible();
  await expect(page).toHaveURL(bookingUrl);
  await leaveDialog(page).getByRole('button', { name: 'Tidak' }).click();
  await expect(leaveDialog(page)).toBeHidden();
  await expectBookingPage(page);

  // The entry is still there: Back asks again rather than skipping a page.
  await browserBack(page);
  await expect(leaveDialog(page)).toBeVisible();
  await leaveDialog(page).getByRole('button', { name: 'Ya' }).click();
  await expect(page).toHaveURL(SCHEDULE_LIST);
  await expect(page.getByRole('heading', { level: 1, name: 'Pilih Jadwal Pergi' })).toBeVisible();
  // "Ya" resets the choice: the booking page has no trip any more.
  await page.goForward();
  await expect(page.getByRole('heading', { name: 'Belum ada perjalanan yang dipilih' })).toBeVisible();
});

test('Back with "Konfirmasi Kembali ?" open answers it "Tidak"', async ({ page }) => {
  await oneWayBooking(page, DAY.dialogBack);
  await page.getByRole('button', { name: 'Kembali' }).click();
  await expect(leaveDialog(page)).toBeVisible();
  await browserBack(page);
  await expect(leaveDialog(page)).toBeHidden();
  await expectBookingPage(page);
});

test('the booking page’s own sheets open and close with Back without asking', async ({ page }) => {
  await oneWayBooking(page, DAY.ownSheets);
  const bookingUrl = page.url();

  await page.getByRole('link', { name: 'Baca detail syarat & ketentuan' }).click();
  await expect(page).toHaveURL(/\/app\/information-passengers\/terms-condition/);
  const terms = page.getByRole('dialog', { name: 'Syarat & Ketentuan' });
  await expect(terms).toBeVisible();
  await browserBack(page);
  await expect(page).toHaveURL(bookingUrl);
  await expect(terms).toHaveCount(0);
  await expect(leaveDialog(page)).toHaveCount(0);

  if (isMobile(page)) {
    // Mobile: the booker details are a sheet route of the page too.
    await page.getByRole('region', { name: 'Data Pemesan' }).getByRole('button').first().click();
    await expect(page).toHaveURL(/\/app\/information-passengers\/info-customer-order/);
    await expect(page.getByRole('dialog', { name: 'Informasi Pemesan' })).toBeVisible();
    await browserBack(page);
    await expect(page).toHaveURL(bookingUrl);
    await expect(page.getByRole('dialog', { name: 'Informasi Pemesan' })).toHaveCount(0);
    await expect(leaveDialog(page)).toHaveCount(0);
  }
  await expectBookingPage(page);
});

test.describe('opening a schedule detail from the list waits 200 ms', () => {
  const listPath = '/app/schedule';

  /** The list with its clock stopped, so the wait can be stepped through. */
  async function listWithStoppedClock(page: Page) {
    await page.clock.install();
    await page.goto(searchUrl(JAKARTA));
    const link = page.getByRole('link', { name: /^Lihat Detail jadwal / }).first();
    await expect(link).toBeVisible();
    await expect(link).toHaveAttribute('href', /\/app\/schedule\/detail-schedule\?.*schedule_code=/);
    const now = await page.evaluate(() => Date.now());
    await page.clock.pauseAt(now + 1_000);
    return link;
  }

  /** Nothing opens before 200 ms have passed, then the detail does. */
  async function opensAfterTheDelay(page: Page) {
    await page.clock.runFor(199);
    expect(new URL(page.url()).pathname).toBe(listPath);
    await expect(page.getByRole('dialog', { name: 'Detail Jadwal' })).toHaveCount(0);
    await page.clock.runFor(1);
    await expect(page).toHaveURL(/\/app\/schedule\/detail-schedule\?.*schedule_code=/);
    await page.clock.resume();
    const sheet = page.getByRole('dialog', { name: 'Detail Jadwal' });
    await expect(sheet.getByRole('heading', { name: 'Rute Perjalanan' })).toBeVisible();
  }

  test('a tap or click on "Lihat Detail"', async ({ page }) => {
    const link = await listWithStoppedClock(page);
    await link.click();
    await opensAfterTheDelay(page);
  });

  test('Enter on the focused link', async ({ page }) => {
    const link = await listWithStoppedClock(page);
    await link.focus();
    await page.keyboard.press('Enter');
    await opensAfterTheDelay(page);
  });

  test('a modified click keeps the browser’s own new tab', async ({ page, context }) => {
    const link = await listWithStoppedClock(page);
    const opened = context.waitForEvent('page');
    await link.click({ modifiers: ['ControlOrMeta'] });
    const tab = await opened;
    await expect(tab).toHaveURL(/\/app\/schedule\/detail-schedule\?.*schedule_code=/);
    expect(new URL(page.url()).pathname).toBe(listPath);
  });
});

test('mobile booking page: a "Rute Perjalanan" card opens the schedule detail 200 ms after the tap @mobile-only', async ({
  page,
}) => {
  await page.clock.install();
  await oneWayBooking(page, DAY.routeCard);
  const card = page.getByRole('link', { name: /Lihat detail jadwal/ }).first();
  await expect(card).toHaveAttribute('href', /\/app\/detail-schedule-standalone\?.*schedule_code=/);
  const now = await page.evaluate(() => Date.now());
  await page.clock.pauseAt(now + 1_000);
  const bookingPath = new URL(page.url()).pathname;

  await card.click();
  await page.clock.runFor(199);
  expect(new URL(page.url()).pathname).toBe(bookingPath);
  await page.clock.runFor(1);
  await expect(page).toHaveURL(/\/app\/detail-schedule-standalone\?.*schedule_code=/);
  await page.clock.resume();
  await expect(page.getByRole('heading', { name: 'Rute Perjalanan' }).first()).toBeVisible();
});
