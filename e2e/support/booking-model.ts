import { expect, type Locator, type Page } from '@playwright/test';

/*
 * The booking pages as a passenger reaches them: search, "Pilih", the seat page, the booking page
 * with its sheets, the mobile passenger form. Shared by booking.spec.ts and booking.model.spec.ts;
 * everything is found by role and accessible name (the spec's Indonesian labels).
 */

export const BANDUNG = 1;
export const JAKARTA = 2;
export const SURABAYA = 15;

export const BOOKER = { name: 'Budi Santoso', phone: '081234567890', email: 'budi@contoh.id' } as const;

/** Spec texts the tests expect verbatim. */
export const TEXT = {
  bookerEmpty: 'Detail pemesan kosong, harap masukan detail lebih dahulu',
  passengers: 'Harap lengkapi detail penumpang',
  returnPassengers: 'Harap lengkapi detail penumpang pulang',
  refundable: 'Harap menentukan opsi refundable terlebih dahulu',
  refundableInline: 'Harap tentukan opsi refundable berikut',
  terms: 'Kamu belum menyetujui syarat & ketentuan yang diberikan operator',
  termsLabel: 'Setuju dengan syarat & ketentuan yang diberikan operator perjalanan',
  reserveFailed: 'Tidak dapat melakukan reservasi',
  reserveDialog: 'Lakukan Reservasi ?',
  leaveDialog: 'Konfirmasi Kembali ?',
  changePassengersDialog: 'Ubah Penumpang ?',
} as const;

export const isMobile = (page: Page) => (page.viewportSize()?.width ?? 1280) < 768;

/** Tomorrow (or another day) in Jakarta, the server's business day, as the search URL wants it. */
export function dayFromToday(offset = 1): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Jakarta' }).format(new Date());
  const [y, m, d] = today.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + offset)).toISOString().slice(0, 10);
}

/**
 * The schedule list for Bandung -> destination, `day` days from today (return two days later).
 * Tests that reserve use a day of their own: a seat they book stays taken for every other test.
 */
export function searchUrl(destination: number, roundTrip = false, day = 1): string {
  const base = `/app/schedule?asal_id=${BANDUNG}&asal_tipe=kota&tujuan_id=${destination}&tujuan_tipe=kota&tanggal=${dayFromToday(day)}`;
  return roundTrip ? `${base}&pp=true&tanggal_pulang=${dayFromToday(day + 2)}` : base;
}

/** Each test starts without a booking left over from another one (a reload keeps it). */
export async function clearBookingOnce(page: Page) {
  await page.addInitScript(() => {
    if (!sessionStorage.getItem('e2e-started')) {
      localStorage.removeItem('berangkat:booking');
      sessionStorage.setItem('e2e-started', '1');
    }
  });
}

export { blockingViolations } from './axe';

// ---------------------------------------------------------------------------------------------
// Search and the seat page.

/** Searches and presses "Pilih" on one departure (the first match). */
export async function choose(page: Page, pilih: string | RegExp) {
  const button = page.getByRole('button', { name: pilih }).first();
  await expect(button).toBeVisible();
  await button.click();
}

export async function searchAndChoose(
  page: Page,
  destination: number,
  pilih: string | RegExp,
  roundTrip = false,
  day = 1,
) {
  await page.goto(searchUrl(destination, roundTrip, day));
  await choose(page, pilih);
}

export const seatMap = (scope: Page | Locator) => scope.getByRole('grid', { name: /^Denah kursi / });
export const seatInfo = (scope: Page | Locator) => scope.getByRole('region', { name: 'Informasi Kursi' });

/** Chooses `count` free seats on the shown leg (or the given numbers) and presses the main button. */
export async function pickSeats(
  scope: Page | Locator,
  options: { count?: number; numbers?: number[]; button: string | RegExp },
) {
  await expect(seatMap(scope)).toBeVisible();
  if (options.numbers) {
    for (const no of options.numbers) {
      await seatMap(scope)
        .getByRole('button', { name: `Kursi ${no}`, exact: true })
        .click();
    }
  } else {
    const free = seatMap(scope).locator('button:not([aria-disabled="true"]):not([disabled])');
    await expect(free.first()).toBeVisible();
    for (let index = 0; index < (options.count ?? 1); index += 1) {
      await free.nth(index).click();
      await expect(free.nth(index)).toHaveAttribute('aria-pressed', 'true');
    }
  }
  await seatInfo(scope).getByRole('button', { name: options.button }).click();
}

/** The seat page's main button on this layout. */
export const seatSaveLabel = (page: Page) => (isMobile(page) ? 'Lanjutkan' : 'Simpan');

// ---------------------------------------------------------------------------------------------
// The booking page.

/** Seeded departures many specs book (server/db/seed.ts): a promo fare, and one without seat selection. */
export const PROMO = 'Pilih Cipta Trans 11.00 WIB';
export const NO_SEAT_SELECTION = 'Pilih Pasundan Shuttle Kencana 09.00 WIB';

export const BOOKING_URL = /\/app\/information-passengers(\?|$)/;

export async function expectBookingPage(page: Page) {
  await expect(page).toHaveURL(BOOKING_URL);
  await expect(page.getByRole('heading', { level: 1, name: 'Konfirmasi Pesanan' })).toBeVisible();
}

export const toast = (page: Page, message: string) =>
  page.getByRole('status').getByText(message, { exact: true }).first();

export const dialog = (page: Page, name: string) => page.getByRole('alertdialog', { name });

export const reserveButton = (page: Page) =>
  page.getByRole('button', { name: isMobile(page) ? 'Bayar Sekarang' : 'Reservasi Tiket', exact: true });

/** Moves focus out of the inline forms (desktop saves a form when focus leaves it). */
export async function leaveForms(page: Page) {
  await page.getByRole('heading', { level: 1, name: 'Konfirmasi Pesanan' }).click();
}

/** The booker details: inline on desktop, the "Informasi Pemesan" sheet on mobile. */
export async function fillBooker(page: Page, booker: { name: string; phone: string; email: string } = BOOKER) {
  let scope: Locator;
  if (isMobile(page)) {
    const sheet = page.getByRole('dialog', { name: 'Informasi Pemesan' });
    // The flow may have opened the sheet by itself (a schedule without seat selection).
    if (!/\/info-customer-order/.test(page.url())) {
      await page.getByRole('region', { name: 'Data Pemesan' }).getByRole('button').first().click();
    }
    await expect(sheet).toHaveAttribute('data-state', 'open');
    scope = sheet;
  } else {
    scope = page.getByRole('region', { name: 'Informasi Pemesan' });
  }
  await scope.getByLabel('Nama Lengkap').fill(booker.name);
  await scope.getByLabel('Nomor Handphone').fill(booker.phone);
  await scope.getByLabel('Email').fill(booker.email);
  if (isMobile(page)) {
    await scope.getByRole('button', { name: 'Simpan' }).click();
    await expect(scope).toBeHidden();
  } else {
    await leaveForms(page);
  }
}

/** The names of the passenger form on screen (desktop: one leg's inline form; mobile: the form screen). */
export async function fillNames(scope: Locator, names: readonly string[]) {
  const inputs = scope.getByPlaceholder('Masukan Nama');
  await expect(inputs).toHaveCount(names.length);
  for (const [index, name] of names.entries()) await inputs.nth(index).fill(name);
}

/** The mobile passenger form screen: fills its names and saves. */
export async function saveMobilePassengerForm(page: Page, title: string, names: readonly string[]) {
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  const form = page.getByRole('region', { name: 'Data Penumpang' });
  await fillNames(form, names);
  await page.getByRole('button', { name: 'Simpan', exact: true }).click();
}

/** Desktop "Informasi Penumpang". */
export const desktopPassengers = (page: Page) => page.getByRole('region', { name: 'Informasi Penumpang' });

export const refundableGroup = (page: Page) => page.getByRole('radiogroup', { name: 'Tiket Refundable' });
export const termsCheckbox = (page: Page) => page.getByRole('checkbox', { name: TEXT.termsLabel });

/** Answers refundable (when asked), accepts the terms, reserves, and sees the current end of every flow. */
export async function reserveToTheEnd(page: Page, refundable: 'Tidak' | 'Ya, lindungi tiket saya' = 'Tidak') {
  await expect(refundableGroup(page)).toBeVisible();
  await refundableGroup(page).getByRole('radio', { name: refundable }).check();
  await termsCheckbox(page).check();
  await reserveButton(page).click();
  const confirm = dialog(page, TEXT.reserveDialog);
  await expect(confirm).toBeVisible();
  await confirm.getByRole('button', { name: 'Ya, Reservasi' }).click();
  // The server books the seats and answers an order code to pay (flag_lunas 0).
  await expect(page).toHaveURL(/\/app\/confirmation-order\/[A-HJ-KM-NP-Z2-9]{10}$/);
  await expect(confirm).toHaveCount(0);
}

/** The price list's rows as "title: value" lines (after its skeleton rows are gone). */
export async function priceLines(page: Page): Promise<string[]> {
  const list = page.getByRole('region', { name: 'Detail Harga Tiket' });
  await expect(list).toHaveAttribute('aria-busy', 'false');
  const rows = list.locator('dl > div');
  await expect(rows.first()).toBeVisible();
  return (await rows.allInnerTexts()).map((text) => text.replace(/\s*\n\s*/g, ': ').trim());
}

/**
 * A one-way trip to Jakarta on Cipta Trans 11.00 (a promo departure with seat choice): one seat,
 * the passenger's name, the default booker; leaves the traveller on the booking page ready to
 * reserve. `day` is the test's own travel day (no other test takes its first free seat).
 */
export async function oneWayReadyToReserve(page: Page, day: number, passenger = 'Dewi Lestari') {
  await searchAndChoose(page, JAKARTA, 'Pilih Cipta Trans 11.00 WIB', false, day);
  await expect(page).toHaveURL(/\/app\/select-seat/);
  await pickSeats(page, { count: 1, button: seatSaveLabel(page) });
  if (isMobile(page)) {
    await saveMobilePassengerForm(page, 'Form Penumpang Pergi', [passenger]);
    await expectBookingPage(page);
  } else {
    await expectBookingPage(page);
    await fillNames(desktopPassengers(page), [passenger]);
    await leaveForms(page);
  }
  await fillBooker(page);
}
