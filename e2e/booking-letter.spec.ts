import { expect, test, type Page } from '@playwright/test';
import {
  choose,
  clearBookingOnce,
  desktopPassengers,
  expectBookingPage,
  fillBooker,
  fillNames,
  isMobile,
  JAKARTA,
  leaveForms,
  pickSeats,
  priceLines,
  PROMO,
  saveMobilePassengerForm,
  searchAndChoose,
  searchUrl,
  seatInfo,
  seatMap,
  seatSaveLabel,
  SURABAYA,
} from './support/booking-model';

/*
 * The booking flow to the spec's letter (issue 24): the seat page's address follows the leg of a
 * connecting trip, sa=2 opens the return direction, "Pilih Kursi Pulang" on both layouts, a new
 * voucher check first drops the old voucher, and the links to information-connecting and
 * detail-reservation.
 */

test.beforeEach(async ({ page }) => clearBookingOnce(page));

const THREE_LEGS = /^Pilih Cipta Trans \+ Nusa Rapi Shuttle \+ Surya Bahari /;
/** Days no other spec books on: seats saved here are held for a while. */
const DAY = { connecting: 56, roundTrip: 57, voucher: 58, links: 59 } as const;

const historyLength = (page: Page) => page.evaluate(() => window.history.length);

test('connecting trip: the address follows the leg, a reload keeps it, and "Pindah Armada" leads to its help', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await page.goto(searchUrl(SURABAYA, false, DAY.connecting));
  // The schedule list's badge is a link to information-connecting.
  await page.getByRole('link', { name: 'Pindah Armada, lihat info' }).first().click();
  await expect(page).toHaveURL(/\/app\/information-connecting$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Informasi Pindah Armada' })).toBeVisible();
  await page.goBack();
  await choose(page, THREE_LEGS);
  await expect(page).toHaveURL(/\/app\/select-seat\?connecting_route=1$/);

  // The seat page links to the same help.
  await page.getByRole('link', { name: 'Info Pindah Armada' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Informasi Pindah Armada' })).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(/connecting_route=1$/);

  const entries = await historyLength(page);
  await pickSeats(page, { count: 1, button: seatSaveLabel(page) });
  await expect(page).toHaveURL(/\/app\/select-seat\?connecting_route=2$/);
  await expect(page.getByRole('button', { name: 'Kembali ke Rute 1' })).toBeVisible();
  // The leg is written over the same history entry: Back still leads where the flow expects.
  expect(await historyLength(page)).toBe(entries);

  await page.reload();
  await expect(page).toHaveURL(/connecting_route=2$/);
  await expect(page.getByRole('button', { name: 'Kembali ke Rute 1' })).toBeVisible();

  await page.getByRole('button', { name: 'Kembali ke Rute 1' }).click();
  await expect(page).toHaveURL(/connecting_route=1$/);
  await expect(page.getByRole('button', { name: 'Kembali ke Rute 1' })).toBeHidden();
  // The first leg's seat is still chosen: saving it again moves on.
  await expect(seatMap(page).locator('[aria-pressed="true"]')).toHaveCount(1);
  await seatInfo(page)
    .getByRole('button', { name: seatSaveLabel(page) })
    .click();
  for (let leg = 2; leg <= 3; leg += 1) {
    await expect(page).toHaveURL(new RegExp(`connecting_route=${leg}$`));
    await pickSeats(page, { count: 1, button: seatSaveLabel(page) });
  }
  if (isMobile(page)) {
    // The names follow leg by leg; after the last one the flow goes back one step per form plus
    // the seat page (legs + 1) and lands on the booking page.
    await saveMobilePassengerForm(page, 'Form Penumpang Pergi', ['Siti Aminah']);
    for (let leg = 2; leg <= 3; leg += 1) {
      await expect(page).toHaveURL(new RegExp(`connecting_route=${leg}$`));
      await page.getByRole('switch', { name: 'Sama dengan penumpang rute pertama' }).check();
      await page.getByRole('button', { name: 'Simpan', exact: true }).click();
    }
    await expectBookingPage(page);
    await page.getByRole('link', { name: 'Info Pindah Armada' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Informasi Pindah Armada' })).toBeVisible();
  } else {
    await expectBookingPage(page);
    // The booking summary links to the help too.
    await page.getByRole('link', { name: 'Info Pindah Armada' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Informasi Pindah Armada' })).toBeVisible();
  }
});

test('round trip: "Pilih Kursi Pulang" on the outbound seats; sa=2 opens the return passengers and the return seats', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await searchAndChoose(page, JAKARTA, PROMO, true, DAY.roundTrip);
  await expect(page).toHaveURL(/\/app\/schedule\/return\?/);
  await choose(page, /^Pilih /);
  await expect(page).toHaveURL(/\/app\/select-seat(\?|$)/);
  // Spec section 2: the button reads "Pilih Kursi Pulang" while the round trip has no return seats.
  await pickSeats(page, { numbers: [9], button: 'Pilih Kursi Pulang' });
  if (isMobile(page)) {
    await saveMobilePassengerForm(page, 'Form Penumpang Pergi', ['Siti Aminah']);
    await expect(page).toHaveURL(/\/app\/select-seat\/return/);
    await pickSeats(page, { count: 1, button: 'Lanjutkan' });
    await saveMobilePassengerForm(page, 'Form Penumpang Pulang', ['Rudi Hartono']);
    await expectBookingPage(page);
  } else {
    await expect(page).toHaveURL(/\/app\/select-seat\/return/);
    await pickSeats(page, { count: 1, button: 'Simpan' });
    await expectBookingPage(page);
    await fillNames(page.locator('[data-booking-field="passengers"]'), ['Siti Aminah']);
    await fillNames(page.locator('[data-booking-field="passengersReturn"]'), ['Rudi Hartono']);
    await leaveForms(page);
  }

  // The passenger form with sa=2 loads the return passengers.
  await page.goto('/app/m-information-passengers-without-no-select-seat?sa=2');
  await expect(page.getByRole('heading', { level: 1, name: 'Form Penumpang Pulang' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Data Penumpang' }).getByPlaceholder('Masukan Nama')).toHaveValue(
    'Rudi Hartono',
  );
  // The seat page with sa=2 opens the return seats.
  await page.goto('/app/select-seat?sa=2');
  await expect(page.getByRole('heading', { level: 1, name: 'Pilih Posisi Duduk Pulang' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Kursi Pulang' }).first()).toBeVisible();
});

test('a new voucher check drops the voucher in use: a refused one leaves none and the price returns', async ({
  page,
}) => {
  test.setTimeout(60_000);
  await searchAndChoose(page, JAKARTA, PROMO, false, DAY.voucher);
  // Two promo seats: Rp 198.000, above HEMAT10's minimum of Rp 100.000.
  await pickSeats(page, { numbers: [9, 10], button: seatSaveLabel(page) });
  if (isMobile(page)) {
    await saveMobilePassengerForm(page, 'Form Penumpang Pergi', ['Siti Aminah', 'Rudi Hartono']);
    await expectBookingPage(page);
  } else {
    await expectBookingPage(page);
    await fillNames(desktopPassengers(page), ['Siti Aminah', 'Rudi Hartono']);
    await leaveForms(page);
  }
  await fillBooker(page);
  await page.getByRole('button', { name: 'Gunakan Voucher' }).click();
  const sheet = page.getByRole('dialog', { name: 'Pilih Voucher' });
  await sheet.getByLabel('Kode Voucher').fill('HEMAT10');
  await sheet.getByRole('button', { name: 'Pakai', exact: true }).click();
  await expect(sheet).toBeHidden();
  const bar = page.getByRole('group', { name: 'Voucher' });
  await expect(bar.getByText('Berhasil Digunakan')).toBeVisible();
  await expect.poll(async () => (await priceLines(page)).join(' | ')).toContain('Total Pembayaran: Rp 178.200');

  await bar.getByRole('button', { name: 'Ganti voucher' }).click();
  await expect(sheet).toHaveAttribute('data-state', 'open');
  await expect(sheet.getByText('sedang digunakan')).toBeVisible();
  await sheet.getByLabel('Kode Voucher').fill('KADALUARSA');
  await sheet.getByRole('button', { name: 'Pakai', exact: true }).click();
  await expect(sheet.getByRole('alert')).toHaveText('Voucher sudah tidak berlaku');
  // validasi-voucher cancelled the previous voucher: none is in use after the refusal.
  await expect(sheet.getByText('sedang digunakan')).toBeHidden();
  await sheet.getByRole('button', { name: 'Tutup' }).click();
  await expect(sheet).toBeHidden();
  await expect(page.getByRole('button', { name: 'Gunakan Voucher' })).toBeVisible();
  await expect.poll(async () => (await priceLines(page)).join(' | ')).toContain('Total Pembayaran: Rp 198.000');
  expect((await priceLines(page)).join(' | ')).not.toContain('19.800');
});

test('the booking summary links to the reservation detail, which leads back to the booking', async ({ page }) => {
  await searchAndChoose(page, JAKARTA, PROMO, false, DAY.links);
  await pickSeats(page, { numbers: [9], button: seatSaveLabel(page) });
  if (isMobile(page)) {
    await saveMobilePassengerForm(page, 'Form Penumpang Pergi', ['Siti Aminah']);
    await expectBookingPage(page);
  } else {
    await expectBookingPage(page);
    await fillNames(desktopPassengers(page), ['Siti Aminah']);
    await leaveForms(page);
  }
  await page.getByRole('link', { name: 'Lihat Detail Reservasi' }).click();
  await expect(page).toHaveURL(/\/app\/detail-reservation$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Detail Reservasi Pergi' })).toBeVisible();
  await expect(page.getByText('Kursi 9')).toBeVisible();
  await expect(page.getByText('Siti Aminah')).toBeVisible();
  await page.getByRole('link', { name: 'Kembali ke Pemesanan' }).click();
  await expectBookingPage(page);
  // A one-way trip has no connecting help to link to.
  await expect(page.getByRole('link', { name: 'Info Pindah Armada' })).toHaveCount(0);
});
