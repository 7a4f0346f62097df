import { expect, test, type Page } from '@playwright/test';
import {
  BOOKER,
  TEXT,
  clearBookingOnce,
  desktopPassengers,
  dialog,
  isMobile,
  oneWayReadyToReserve,
  refundableGroup,
  reserveButton,
  termsCheckbox,
  toast,
} from './support/booking-model';

/*
 * Issue 12, crashes: while the API is down or slow the app keeps what the traveller typed, says
 * what happened in the spec's words (section 8) or the app's offline text, and the same press
 * works once the API is back, with nothing typed again. The API is cut with page.route: every
 * call to /api/ aborted (down) or held back (slow). Booking days of this file: 48 and 49.
 */

const DAY = { down: 48, slow: 49 } as const;
/** The app's text for a call that found no network (src/api/errors.ts). */
const OFFLINE = 'Tidak dapat terhubung. Periksa koneksi internet kamu lalu coba lagi.';
const API = '**/api/**';

/** Every API call fails as if the server were gone; the returned function brings it back. */
async function apiDown(page: Page): Promise<() => Promise<void>> {
  const handler = (route: Parameters<Parameters<Page['route']>[1]>[0]) => route.abort('connectionrefused');
  await page.route(API, handler);
  return () => page.unroute(API, handler);
}

/** Every API call answers `ms` late. */
async function apiSlow(page: Page, ms: number): Promise<() => Promise<void>> {
  const handler = async (route: Parameters<Parameters<Page['route']>[1]>[0]) => {
    await new Promise((resolve) => setTimeout(resolve, ms));
    await route.continue().catch(() => {});
  };
  await page.route(API, handler);
  return () => page.unroute(API, handler);
}

async function confirmReservation(page: Page) {
  await reserveButton(page).click();
  const confirm = dialog(page, TEXT.reserveDialog);
  await expect(confirm).toBeVisible();
  await confirm.getByRole('button', { name: 'Ya, Reservasi' }).click();
}

/** What the traveller typed on the booking page is still there. */
async function expectInputKept(page: Page, passenger: string) {
  if (isMobile(page)) {
    const booker = page.getByRole('region', { name: 'Data Pemesan' });
    await expect(booker).toContainText(BOOKER.name);
    await expect(page.getByText(passenger).first()).toBeVisible();
  } else {
    const booker = page.getByRole('region', { name: 'Informasi Pemesan' });
    await expect(booker.getByLabel('Nama Lengkap')).toHaveValue(BOOKER.name);
    await expect(booker.getByLabel('Nomor Handphone')).toHaveValue(BOOKER.phone);
    await expect(booker.getByLabel('Email')).toHaveValue(BOOKER.email);
    await expect(desktopPassengers(page).getByPlaceholder('Masukan Nama')).toHaveValue(passenger);
  }
  await expect(refundableGroup(page).getByRole('radio', { name: 'Tidak' })).toBeChecked();
  await expect(termsCheckbox(page)).toBeChecked();
}

test.beforeEach(async ({ page }) => {
  await clearBookingOnce(page);
});

test('search while the API is down: the form keeps its input, the list says so, "Coba Lagi" loads it once the API is back', async ({
  page,
}) => {
  await page.goto('/');
  const from = page.getByRole('combobox', { name: 'Dari' });
  const to = page.getByRole('combobox', { name: 'Ke' });
  await expect(from).toHaveValue('Bandung');
  await expect(to).toHaveValue('Jakarta');
  // The label styled as a segment covers the radio (as in schedules.spec.ts).
  await page.getByRole('radio', { name: 'Pulang Pergi' }).check({ force: true });

  const restore = await apiDown(page);
  // Typing a place: the list cannot load, the typed text stays, the field says why.
  await to.fill('Sura');
  await expect(page.getByText('Gagal memuat daftar. Periksa koneksi kamu.')).toBeVisible();
  await expect(to).toHaveValue('Sura');
  // Leaving the field keeps the place chosen before.
  await page.keyboard.press('Escape');
  await expect(to).toHaveValue('Jakarta');
  await expect(page.getByRole('radio', { name: 'Pulang Pergi' })).toBeChecked();

  await page.getByRole('button', { name: 'Cari Tiket' }).click();
  await expect(page).toHaveURL(/\/app\/schedule\?.*asal_id=1.*tujuan_id=2.*pp=true/);
  const failed = page.getByRole('alert').filter({ hasText: 'Jadwal gagal dimuat' });
  await expect(failed).toBeVisible();
  await expect(failed).toContainText(OFFLINE);
  const searched = page.url();

  await restore();
  await failed.getByRole('button', { name: 'Coba Lagi' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Pilih Jadwal Pergi' })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Pilih / }).first()).toBeVisible();
  await expect(failed).toHaveCount(0);
  expect(page.url()).toBe(searched);
});

test('search while the API is slow: the list waits for it and then shows the departures', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('combobox', { name: 'Dari' })).toHaveValue('Bandung');
  const restore = await apiSlow(page, 2_500);
  await page.getByRole('button', { name: 'Cari Tiket' }).click();
  await expect(page).toHaveURL(/\/app\/schedule\?.*asal_id=1.*tujuan_id=2/);
  await expect(page.getByRole('button', { name: /^Pilih / }).first()).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText('Jadwal gagal dimuat')).toHaveCount(0);
  await restore();
});

test("reserving while the API is down: the spec's toast, every input kept, and the same press reserves once it is back", async ({
  page,
}) => {
  const passenger = 'Dewi Lestari';
  await oneWayReadyToReserve(page, DAY.down, passenger);
  await refundableGroup(page).getByRole('radio', { name: 'Tidak' }).check();
  await termsCheckbox(page).check();

  const restore = await apiDown(page);
  await confirmReservation(page);
  // Spec section 8: "Call failure: toast Tidak dapat melakukan reservasi".
  await expect(toast(page, TEXT.reserveFailed)).toBeVisible();
  await expect(page).toHaveURL(/\/app\/information-passengers/);
  await expectInputKept(page, passenger);

  // Still down on a reload: the booking in progress comes back from the browser's storage.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Konfirmasi Pesanan' })).toBeVisible();
  await expectInputKept(page, passenger);
  await confirmReservation(page);
  await expect(toast(page, TEXT.reserveFailed)).toBeVisible();

  await restore();
  await confirmReservation(page);
  await expect(page).toHaveURL(/\/app\/confirmation-order\/[A-HJ-KM-NP-Z2-9]{10}$/);
});

test('reserving while the API is slow: the loader shows until the answer, then the order', async ({ page }) => {
  await oneWayReadyToReserve(page, DAY.slow);
  await refundableGroup(page).getByRole('radio', { name: 'Tidak' }).check();
  await termsCheckbox(page).check();
  const restore = await apiSlow(page, 3_000);
  await confirmReservation(page);
  await expect(page.getByRole('alertdialog', { name: 'Memproses reservasi…' })).toBeVisible();
  await expect(page).toHaveURL(/\/app\/confirmation-order\/[A-HJ-KM-NP-Z2-9]{10}$/, { timeout: 20_000 });
  await expect(toast(page, TEXT.reserveFailed)).toHaveCount(0);
  await restore();
});
