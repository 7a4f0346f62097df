import { expect, test, type Locator, type Page } from '@playwright/test';
import { mudikWindow } from '../server/db/seed-data/festival';
import {
  blockingViolations,
  BOOKER,
  choose,
  clearBookingOnce,
  dayFromToday,
  desktopPassengers,
  dialog,
  expectBookingPage,
  fillBooker,
  fillNames,
  isMobile,
  JAKARTA,
  leaveForms,
  NO_SEAT_SELECTION,
  pickSeats,
  priceLines,
  PROMO,
  refundableGroup,
  reserveButton,
  reserveToTheEnd,
  saveMobilePassengerForm,
  searchAndChoose,
  searchUrl,
  seatSaveLabel,
  SURABAYA,
  termsCheckbox,
  TEXT,
  toast,
} from './support/booking-model';

/*
 * The booking-information page, its sheets and the mobile passenger form (spec sections 2, 4, 5,
 * 8, 9) through the real server and its seeded schedules, Bandung -> Jakarta (or Surabaya)
 * tomorrow. The reservation call is not built yet, so every flow ends with its failure toast.
 */

test.beforeEach(async ({ page }) => clearBookingOnce(page));

/** Without seat selection and with 2 seats left (server/db/seed.ts noSeatSelectionTwoLeft). */
const NO_SEAT_SELECTION_TWO_LEFT = 'Pilih Pasundan Shuttle Kencana 13.30 WIB';
const THREE_LEGS = /^Pilih Cipta Trans \+ Nusa Rapi Shuttle \+ Surya Bahari /;
/** Days from today on which each reserving flow travels, so the seats it books take no other test's. */
const RESERVING_DAY = { oneWay: 4, roundTrip: 5, connecting: 8, noSeatSelection: 9 } as const;
/**
 * Days of the flows that only save seats: saved seats are held for HOLD_MINUTES (hold-kursi), so
 * two tests choosing seat 9 of one departure on one day would meet each other's hold.
 */
const SEAT_DAY = {
  voucherSheet: 21,
  validation: 22,
  vouchers: 25,
  donation: 26,
  signedIn: 27,
  leave: 28,
  changeSeats: 29,
  changePassengers: 30,
  accessibility: 31,
} as const;

/** Seat page -> booking page for a one-way trip: desktop returns at once, mobile saves the names first. */
async function oneWayWithSeats(page: Page, seats: number[], names: string[], day: number) {
  await searchAndChoose(page, JAKARTA, PROMO, false, day);
  await expect(page).toHaveURL(/\/app\/select-seat/);
  await pickSeats(page, { numbers: seats, button: seatSaveLabel(page) });
  if (isMobile(page)) {
    await saveMobilePassengerForm(page, 'Form Penumpang Pergi', names);
    await expectBookingPage(page);
  } else {
    await expectBookingPage(page);
    await fillNames(desktopPassengers(page), names);
    await leaveForms(page);
  }
}

test('one way with seat choice: seats, names, booker, refundable, terms, "Lakukan Reservasi ?"; a reload keeps it', async ({
  page,
}) => {
  await searchAndChoose(page, JAKARTA, PROMO, false, RESERVING_DAY.oneWay);
  await expect(page).toHaveURL(/\/app\/select-seat/);
  await pickSeats(page, { numbers: [9], button: seatSaveLabel(page) });

  if (isMobile(page)) {
    // Mobile: the seat page continues to the passenger form; without a booker the own-details switch waits.
    await expect(page.getByRole('heading', { level: 1, name: 'Form Penumpang Pergi' })).toBeVisible();
    await expect(page.getByRole('switch', { name: 'Sama dengan pemesan' })).toBeDisabled();
    expect(await blockingViolations(page)).toEqual([]);
    // A name that breaks the rule shows the form's message and is not saved.
    await fillNames(page.getByRole('region', { name: 'Data Penumpang' }), ['Bu']);
    await page.getByRole('button', { name: 'Simpan', exact: true }).click();
    await expect(page.getByText('Masukan min 3 karakter, maksimal 32 karakter')).toBeVisible();
    await saveMobilePassengerForm(page, 'Form Penumpang Pergi', ['Siti Aminah']);
    await expectBookingPage(page);
    const passengers = page.getByRole('region', { name: 'Data Penumpang' });
    await expect(passengers.getByText('Kursi 9')).toBeVisible();
    await expect(passengers.getByText('Siti Aminah')).toBeVisible();
    await expect(page.getByText('Harap lengkapi informasi pemesan')).toBeVisible();
  } else {
    await expectBookingPage(page);
    await expect(page.getByRole('navigation', { name: 'Langkah pemesanan' })).toContainText('Form Pemesan');
    await desktopPassengers(page).getByRole('textbox', { name: 'Kursi 9' }).fill('Siti Aminah');
    await leaveForms(page);
  }
  // Promo seat 9 of Cipta Trans: Rp 99.000.
  expect(await priceLines(page)).toContain('Total Pembayaran: Rp 99.000');

  await page.reload();
  await expectBookingPage(page);
  if (isMobile(page)) {
    await expect(page.getByRole('region', { name: 'Data Penumpang' }).getByText('Siti Aminah')).toBeVisible();
  } else {
    await expect(desktopPassengers(page).getByRole('textbox', { name: 'Kursi 9' })).toHaveValue('Siti Aminah');
  }

  await fillBooker(page);
  await refundableGroup(page).getByRole('radio', { name: 'Ya, lindungi tiket saya' }).check();
  // The cover is priced in: the refundable line is in the list.
  await expect
    .poll(async () => (await priceLines(page)).some((line) => line.startsWith('Asuransi Refundable: +Rp')))
    .toBe(true);
  await reserveToTheEnd(page, 'Ya, lindungi tiket saya');
});

test('round trip: outbound and return seats, both passenger forms, then the reservation', async ({ page }) => {
  test.setTimeout(90_000);
  await searchAndChoose(page, JAKARTA, PROMO, true, RESERVING_DAY.roundTrip);
  await expect(page).toHaveURL(/\/app\/schedule\/return\?/);
  await choose(page, /^Pilih /);
  await expect(page).toHaveURL(/\/app\/select-seat(\?|$)/);

  if (isMobile(page)) {
    await pickSeats(page, { numbers: [9], button: 'Pilih Kursi Pulang' });
    await saveMobilePassengerForm(page, 'Form Penumpang Pergi', ['Siti Aminah']);
    await expect(page).toHaveURL(/\/app\/select-seat\/return/);
    await pickSeats(page, { count: 1, button: 'Lanjutkan' });
    await expect(page.getByRole('heading', { level: 1, name: 'Form Penumpang Pulang' })).toBeVisible();
    // A reload in the middle keeps the trip and the form.
    await page.reload();
    await saveMobilePassengerForm(page, 'Form Penumpang Pulang', ['Siti Aminah']);
    await expectBookingPage(page);
    await expect(page.getByRole('heading', { name: 'Penumpang Pulang' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Data Penumpang' }).getByText('Siti Aminah')).toHaveCount(2);
  } else {
    await pickSeats(page, { numbers: [9], button: 'Pilih Kursi Pulang' });
    await expect(page).toHaveURL(/\/app\/select-seat\/return/);
    await page.reload();
    await pickSeats(page, { count: 1, button: 'Simpan' });
    await expectBookingPage(page);
    await expect(page.getByText('Travel Pergi')).toBeVisible();
    await expect(page.getByText('Travel Pulang')).toBeVisible();
    const outbound = page.locator('[data-booking-field="passengers"]');
    const inbound = page.locator('[data-booking-field="passengersReturn"]');
    await fillNames(outbound, ['Siti Aminah']);
    await fillNames(inbound, ['Siti Aminah']);
    await leaveForms(page);
  }
  await fillBooker(page);
  await reserveToTheEnd(page);
});

test('connecting trip with three legs: seats per leg, names per leg, then the reservation', async ({ page }) => {
  test.setTimeout(90_000);
  await searchAndChoose(page, SURABAYA, THREE_LEGS, false, RESERVING_DAY.connecting);
  await expect(page).toHaveURL(/\/app\/select-seat/);
  for (let leg = 1; leg <= 3; leg += 1) {
    await expect(page.getByRole('heading', { name: `Kursi Pergi ${leg}` }).first()).toBeVisible();
    await pickSeats(page, { count: 1, button: seatSaveLabel(page) });
  }

  if (isMobile(page)) {
    await saveMobilePassengerForm(page, 'Form Penumpang Pergi', ['Siti Aminah']);
    // Later legs copy the first leg's names with "Sama dengan penumpang rute pertama".
    await expect(page).toHaveURL(/connecting_route=2/);
    await page.reload();
    await page.getByRole('switch', { name: 'Sama dengan penumpang rute pertama' }).check();
    await expect(page.getByPlaceholder('Masukan Nama')).toHaveValue('Siti Aminah');
    await page.getByRole('button', { name: 'Simpan', exact: true }).click();
    await expect(page).toHaveURL(/connecting_route=3/);
    await page.getByRole('switch', { name: 'Sama dengan penumpang rute pertama' }).check();
    await page.getByRole('button', { name: 'Simpan', exact: true }).click();
    await expectBookingPage(page);
    const passengers = page.getByRole('region', { name: 'Data Penumpang' });
    for (let leg = 1; leg <= 3; leg += 1)
      await expect(passengers.getByText(`Rute ${leg}`, { exact: true })).toBeVisible();
    await expect(passengers.getByText('Siti Aminah')).toHaveCount(3);
    await expect(passengers.getByRole('button', { name: 'Ganti Kursi' })).toBeVisible();
  } else {
    await expectBookingPage(page);
    const legs = desktopPassengers(page);
    for (let leg = 1; leg <= 3; leg += 1) await expect(legs.getByText(`Rute ${leg}`, { exact: true })).toBeVisible();
    const inputs = legs.getByPlaceholder('Masukan Nama');
    await expect(inputs).toHaveCount(3);
    await inputs.first().fill('Siti Aminah');
    const copies = legs.getByRole('checkbox', { name: 'Sama dengan penumpang rute pertama' });
    await expect(copies).toHaveCount(2);
    await copies.nth(0).check();
    await copies.nth(1).check();
    await expect(inputs.nth(1)).toHaveValue('Siti Aminah');
    await expect(inputs.nth(2)).toHaveValue('Siti Aminah');
    // The first leg's names changed afterwards: the copies follow them.
    await inputs.first().fill('Rudi Hartono');
    await leaveForms(page);
    await expect(inputs.nth(1)).toHaveValue('Rudi Hartono');
    await expect(inputs.nth(2)).toHaveValue('Rudi Hartono');
    await expect(copies.nth(1)).toBeChecked();
    await inputs.first().fill('Siti Aminah');
    await leaveForms(page);
    await expect(inputs.nth(2)).toHaveValue('Siti Aminah');
    await page.reload();
    await expect(desktopPassengers(page).getByPlaceholder('Masukan Nama').nth(2)).toHaveValue('Siti Aminah');
  }
  await fillBooker(page);
  await reserveToTheEnd(page);
});

test('schedule without seat selection: the passengers are added by name, the operator assigns seats', async ({
  page,
}) => {
  await searchAndChoose(page, JAKARTA, NO_SEAT_SELECTION, false, RESERVING_DAY.noSeatSelection);
  if (isMobile(page)) {
    // The page asks for what is missing by itself: the booker, then the passengers.
    await expect(page).toHaveURL(/info-customer-order/);
    await fillBooker(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Form Penumpang Pergi' })).toBeVisible();
    await page.getByRole('switch', { name: 'Sama dengan pemesan' }).check();
    await expect(page.getByPlaceholder('Masukan Nama').first()).toHaveValue(BOOKER.name);
    await page.getByRole('button', { name: 'Tambah Penumpang' }).click();
    await page.reload();
    await expect(page.getByPlaceholder('Masukan Nama')).toHaveCount(2);
    await page.getByPlaceholder('Masukan Nama').nth(1).fill('Siti Aminah');
    await page.getByRole('button', { name: 'Simpan', exact: true }).click();
    await expectBookingPage(page);
    const passengers = page.getByRole('region', { name: 'Data Penumpang' });
    await expect(passengers.getByText(BOOKER.name)).toBeVisible();
    await expect(passengers.getByText('Siti Aminah')).toBeVisible();
  } else {
    await expectBookingPage(page);
    await expect(desktopPassengers(page).getByRole('button', { name: /Ganti Kursi|Pilih Kursi/ })).toHaveCount(0);
    await fillBooker(page);
    const passengers = desktopPassengers(page);
    await passengers.getByRole('checkbox', { name: 'Sama dengan pemesan' }).check();
    await expect(passengers.getByRole('textbox', { name: 'Penumpang 1' })).toHaveValue(BOOKER.name);
    await passengers.getByRole('button', { name: 'Tambah Penumpang' }).click();
    await passengers.getByRole('textbox', { name: 'Penumpang 2' }).fill('Siti Aminah');
    await passengers.getByRole('button', { name: 'Tambah Penumpang' }).click();
    await passengers.getByRole('button', { name: 'Hapus Penumpang 3' }).click();
    await expect(passengers.getByPlaceholder('Masukan Nama')).toHaveCount(2);
    await leaveForms(page);
    await page.reload();
    await expect(desktopPassengers(page).getByRole('textbox', { name: 'Penumpang 2' })).toHaveValue('Siti Aminah');
  }
  expect((await priceLines(page)).some((line) => line.startsWith('Total Pembayaran: Rp'))).toBe(true);
  await reserveToTheEnd(page);
});

test('schedule without seat selection and 2 seats left: a third passenger finds "Tidak tersedia kursi lagi"', async ({
  page,
}) => {
  await searchAndChoose(page, JAKARTA, NO_SEAT_SELECTION_TWO_LEFT);
  let form: Locator;
  if (isMobile(page)) {
    await expect(page).toHaveURL(/info-customer-order/);
    await fillBooker(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Form Penumpang Pergi' })).toBeVisible();
    form = page.getByRole('region', { name: 'Data Penumpang' });
  } else {
    await expectBookingPage(page);
    form = desktopPassengers(page);
  }
  const add = form.getByRole('button', { name: 'Tambah Penumpang' });
  await add.click();
  await expect(form.getByPlaceholder('Masukan Nama')).toHaveCount(2);
  await add.click();
  await expect(toast(page, 'Tidak tersedia kursi lagi')).toBeVisible();
  await expect(form.getByPlaceholder('Masukan Nama')).toHaveCount(2);
  await fillNames(form, ['Siti Aminah', 'Rudi Hartono']);
  if (isMobile(page)) {
    await page.getByRole('button', { name: 'Simpan', exact: true }).click();
    await expectBookingPage(page);
  } else {
    await leaveForms(page);
  }
  // Two passengers of Rp 110.000.
  await expect.poll(async () => (await priceLines(page)).join(' | ')).toContain('Total Pembayaran: Rp 220.000');
});

test('the voucher sheet by its address: refused without the booker, kept by a reload with one history entry', async ({
  page,
}) => {
  await oneWayWithSeats(page, [9], ['Siti Aminah'], SEAT_DAY.voucherSheet);
  await page.goto('/app/information-passengers/list-voucher');
  await expect(toast(page, TEXT.bookerEmpty)).toBeVisible();
  await expectBookingPage(page);
  await expect(page.getByRole('dialog', { name: 'Pilih Voucher' })).toHaveCount(0);

  await fillBooker(page);
  await page.getByRole('button', { name: 'Gunakan Voucher' }).click();
  const sheet = page.getByRole('dialog', { name: 'Pilih Voucher' });
  await expect(sheet).toHaveAttribute('data-state', 'open');
  await expect(page).toHaveURL(/\/app\/information-passengers\/list-voucher/);
  await page.reload();
  await expect(sheet).toHaveAttribute('data-state', 'open');
  // Closing goes back one step: to the booking page, not to a second copy of the sheet.
  await sheet.getByRole('button', { name: 'Tutup' }).click();
  await expect(sheet).toBeHidden();
  await expectBookingPage(page);
  await expect(page.getByRole('button', { name: 'Gunakan Voucher' })).toHaveAttribute('aria-expanded', 'false');
});

test('validation stops on each missing piece in the spec order, with its message', async ({ page }) => {
  test.setTimeout(90_000);
  const reserve = async (message: string) => {
    await reserveButton(page).click();
    await expect(toast(page, message)).toBeVisible();
    await expect(dialog(page, TEXT.reserveDialog)).toBeHidden();
  };

  if (isMobile(page)) {
    await searchAndChoose(page, JAKARTA, PROMO, false, SEAT_DAY.validation);
    await pickSeats(page, { numbers: [9], button: 'Lanjutkan' });
    await expect(page.getByRole('heading', { level: 1, name: 'Form Penumpang Pergi' })).toBeVisible();
    // Back to the booking page without names: the seat is there, its name is not.
    await page.goBack();
    await page.goBack();
    await expectBookingPage(page);
    await expect(page.getByText('Ada nama penumpang yang belum terisi')).toBeVisible();
    await reserve(TEXT.bookerEmpty);
    await fillBooker(page);
    await reserve(TEXT.passengers);
    await page.getByRole('region', { name: 'Data Penumpang' }).getByRole('button', { name: /^Ubah/ }).click();
    await saveMobilePassengerForm(page, 'Form Penumpang Pergi', ['Siti Aminah']);
    await expectBookingPage(page);
  } else {
    // Desktop round trip: the return passengers have their own message.
    await searchAndChoose(page, JAKARTA, PROMO, true, SEAT_DAY.validation);
    await choose(page, /^Pilih /);
    await pickSeats(page, { numbers: [9], button: 'Pilih Kursi Pulang' });
    await pickSeats(page, { count: 1, button: 'Simpan' });
    await expectBookingPage(page);
    await reserve(TEXT.bookerEmpty);
    await fillBooker(page);
    await reserve(TEXT.passengers);
    await fillNames(page.locator('[data-booking-field="passengers"]'), ['Siti Aminah']);
    await leaveForms(page);
    await reserve(TEXT.returnPassengers);
    await fillNames(page.locator('[data-booking-field="passengersReturn"]'), ['Siti Aminah']);
    await leaveForms(page);
  }
  await expect(refundableGroup(page).getByText(TEXT.refundableInline)).toBeVisible();
  await reserve(TEXT.refundable);
  await expect(page.locator('[data-booking-field="refundable"]')).toHaveAttribute('data-highlighted', '');
  await refundableGroup(page).getByRole('radio', { name: 'Tidak' }).check();
  await expect(refundableGroup(page).getByText(TEXT.refundableInline)).toBeHidden();
  await reserve(TEXT.terms);
  await termsCheckbox(page).check();
  await reserveButton(page).click();
  const confirm = dialog(page, TEXT.reserveDialog);
  await expect(confirm).toBeVisible();
  await confirm.getByRole('button', { name: 'Tidak' }).click();
  await expect(confirm).toBeHidden();
});

test('vouchers: the list needs the booker; HEMAT10 applied, KADALUARSA refused with its reason, then removed', async ({
  page,
}) => {
  test.setTimeout(60_000);
  // Two promo seats: Rp 198.000, above HEMAT10's minimum of Rp 100.000.
  await oneWayWithSeats(page, [9, 10], ['Siti Aminah', 'Rudi Hartono'], SEAT_DAY.vouchers);
  await page.getByRole('button', { name: 'Gunakan Voucher' }).click();
  await expect(toast(page, TEXT.bookerEmpty)).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Pilih Voucher' })).toHaveCount(0);

  await fillBooker(page);
  expect(await priceLines(page)).toContain('Total Pembayaran: Rp 198.000');
  await page.getByRole('button', { name: 'Gunakan Voucher' }).click();
  const sheet = page.getByRole('dialog', { name: 'Pilih Voucher' });
  await expect(sheet).toHaveAttribute('data-state', 'open');
  await expect(sheet.getByRole('article').first()).toBeVisible();

  await sheet.getByLabel('Kode Voucher').fill('KADALUARSA');
  await sheet.getByRole('button', { name: 'Pakai', exact: true }).click();
  await expect(sheet.getByRole('alert')).toHaveText('Voucher sudah tidak berlaku');
  expect(await blockingViolations(page)).toEqual([]);

  await sheet.getByLabel('Kode Voucher').fill('HEMAT10');
  await sheet.getByRole('button', { name: 'Pakai', exact: true }).click();
  await expect(sheet).toBeHidden();
  const bar = page.getByRole('group', { name: 'Voucher' });
  await expect(bar.getByText('Berhasil Digunakan')).toBeVisible();
  // 10% of Rp 198.000.
  await expect.poll(async () => (await priceLines(page)).join(' | ')).toContain('-Rp 19.800');
  expect(await priceLines(page)).toContain('Total Pembayaran: Rp 178.200');

  await bar.getByRole('button', { name: 'Hapus voucher' }).click();
  await expect(page.getByRole('button', { name: 'Gunakan Voucher' })).toBeVisible();
  await expect.poll(async () => (await priceLines(page)).join(' | ')).not.toContain('19.800');
  expect(await priceLines(page)).toContain('Total Pembayaran: Rp 198.000');
});

test('donation and points: presets, the message counter, and the points refusal for a guest', async ({ page }) => {
  await oneWayWithSeats(page, [9], ['Siti Aminah'], SEAT_DAY.donation);
  await page.getByRole('switch', { name: 'Donasi Berkah' }).check();
  await expect(page.getByText('Mulai dari Rp. 2.000')).toBeVisible();
  await expect.poll(async () => (await priceLines(page)).join(' | ')).toContain('Rp 101.000');
  await page.getByRole('button', { name: 'Rp 5.000', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Rp 5.000', exact: true })).toHaveAttribute('aria-pressed', 'true');
  await expect.poll(async () => (await priceLines(page)).join(' | ')).toContain('Rp 104.000');
  const message = page.getByLabel('Pesan donasi (opsional)');
  await message.fill('Semoga selamat sampai tujuan');
  await expect(page.getByText('28/120')).toBeVisible();
  await message.fill('a'.repeat(130));
  await expect(message).toHaveValue('a'.repeat(120));
  await expect(page.getByText('Maksimal karakter hanya 120')).toBeVisible();
  await expect(page.getByText('120/120')).toBeVisible();

  await expect(page.getByText('Masuk untuk bisa gunakan fitur ini')).toBeVisible();
  await page.getByRole('switch', { name: 'Gunakan Point' }).click();
  await expect(toast(page, 'Masuk untuk bisa gunakan fitur ini')).toBeVisible();
  await expect(page.getByRole('switch', { name: 'Gunakan Point' })).not.toBeChecked();
});

test('a signed-in customer: the booker comes from the profile and points show as a "-N Point" line', async ({
  page,
  context,
  baseURL,
}) => {
  // The seeded demo customer (server/db/seed.ts SEED_FIXTURES.customers.demo): 25.000 points.
  await context.addCookies([{ name: '_atx', value: 'demo-token-berangkat', url: baseURL ?? '' }]);
  await oneWayWithSeats(page, [9, 10], ['Siti Aminah', 'Rudi Hartono'], SEAT_DAY.signedIn);
  if (isMobile(page)) {
    await expect(page.getByRole('region', { name: 'Data Pemesan' }).getByText('rina.kartika@contoh.id')).toBeVisible();
  } else {
    await expect(page.getByRole('region', { name: 'Informasi Pemesan' }).getByLabel('Email')).toHaveValue(
      'rina.kartika@contoh.id',
    );
  }
  await expect(page.getByText('Masuk untuk bisa gunakan fitur ini')).toHaveCount(0);
  await page.getByRole('switch', { name: 'Gunakan Point' }).click();
  await expect(page.getByRole('switch', { name: 'Gunakan Point' })).toBeChecked();
  // 10% of Rp 198.000 in points, 1 point = Rp 1.
  await expect.poll(async () => (await priceLines(page)).join(' | ')).toContain('-19.800 Point');
  expect(await priceLines(page)).toContain('Total Pembayaran: Rp 178.200');
});

test('the free departure: refundable is disabled with its note', async ({ page }) => {
  // The free departure runs only on the Mudik Gratis days before Lebaran.
  const mudikDay = mudikWindow(dayFromToday(0)).from;
  await page.goto(searchUrl(JAKARTA).replace(/tanggal=[^&]+/, `tanggal=${mudikDay}`));
  await choose(page, 'Pilih Nusa Rapi Shuttle 05.00 WIB');
  await pickSeats(page, { count: 1, button: seatSaveLabel(page) });
  if (isMobile(page)) await saveMobilePassengerForm(page, 'Form Penumpang Pergi', ['Siti Aminah']);
  await expectBookingPage(page);
  await expect(refundableGroup(page).getByText('Tiket gratis tidak dapat menggunakan fitur ini')).toBeVisible();
  for (const radio of await refundableGroup(page).getByRole('radio').all()) await expect(radio).toBeDisabled();
  expect(await priceLines(page)).toContain('Total Pembayaran: Gratis');
});

test('going back from the booking page asks "Konfirmasi Kembali ?" first', async ({ page }) => {
  await oneWayWithSeats(page, [9], ['Siti Aminah'], SEAT_DAY.leave);
  await expectBookingPage(page);
  await page.getByRole('button', { name: 'Kembali' }).click();
  const leave = dialog(page, TEXT.leaveDialog);
  await expect(leave).toBeVisible();
  expect(await blockingViolations(page)).toEqual([]);
  await leave.getByRole('button', { name: 'Tidak' }).click();
  await expect(leave).toBeHidden();
  await expectBookingPage(page);
  await page.getByRole('button', { name: 'Kembali' }).click();
  await dialog(page, TEXT.leaveDialog).getByRole('button', { name: 'Ya' }).click();
  await expect(page).toHaveURL(/\/app\/schedule\?/);
});

// Desktop only (tagged): mobile changes seats on the seat page, which the other flows cover.
test('desktop "Ganti Kursi" opens the "Pilih Kursi" sheet; its seats replace the old ones @desktop-only', async ({
  page,
}) => {
  await oneWayWithSeats(page, [9], ['Siti Aminah'], SEAT_DAY.changeSeats);
  await desktopPassengers(page).getByRole('button', { name: 'Ganti Kursi' }).click();
  const sheet = page.getByRole('dialog', { name: 'Pilih Kursi' });
  await expect(sheet).toHaveAttribute('data-state', 'open');
  await expect(sheet.getByRole('button', { name: 'Kursi 9', exact: true })).toHaveAttribute('aria-pressed', 'true');
  expect(await blockingViolations(page)).toEqual([]);
  await sheet.getByRole('button', { name: 'Kursi 9', exact: true }).click();
  await pickSeats(sheet, { numbers: [10], button: 'Simpan' });
  await expect(sheet).toBeHidden();
  await expect(desktopPassengers(page).getByRole('textbox', { name: 'Kursi 10' })).toHaveValue('Siti Aminah');
});

test('changing passengers after seats asks "Ubah Penumpang ?" and resets the seats', async ({ page }) => {
  await oneWayWithSeats(page, [9], ['Siti Aminah'], SEAT_DAY.changePassengers);
  const scope = isMobile(page) ? page.getByRole('region', { name: 'Data Penumpang' }) : desktopPassengers(page);
  await scope.getByRole('button', { name: 'Tambah Penumpang' }).click();
  const change = dialog(page, TEXT.changePassengersDialog);
  await expect(change).toBeVisible();
  expect(await blockingViolations(page)).toEqual([]);
  await change.getByRole('button', { name: 'Tidak' }).click();
  await expect(change).toBeHidden();
  await scope.getByRole('button', { name: 'Tambah Penumpang' }).click();
  await dialog(page, TEXT.changePassengersDialog).getByRole('button', { name: 'Ya' }).click();
  if (isMobile(page)) {
    // The passenger form opens; back on the booking page the seats are to be chosen again.
    await expect(page.getByRole('heading', { level: 1, name: 'Form Penumpang Pergi' })).toBeVisible();
    await page.getByRole('button', { name: 'Simpan', exact: true }).click();
    await expectBookingPage(page);
    await expect(page.getByRole('region', { name: 'Data Penumpang' }).getByText('Kursi 9')).toHaveCount(0);
  } else {
    await expect(desktopPassengers(page).getByRole('button', { name: 'Pilih Kursi' })).toBeVisible();
    await expect(desktopPassengers(page).getByRole('textbox', { name: 'Penumpang 1' })).toHaveValue('Siti Aminah');
  }
});

test('the booking page, its sheets and the reservation loader have no serious or critical accessibility violations', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await oneWayWithSeats(page, [9], ['Siti Aminah'], SEAT_DAY.accessibility);
  expect(await blockingViolations(page)).toEqual([]);

  const sheets: Array<{ open: () => Promise<void>; name: string }> = [
    {
      name: 'Informasi Pemesan',
      open: async () =>
        isMobile(page)
          ? page.getByRole('region', { name: 'Data Pemesan' }).getByRole('button').first().click()
          : void (await page.goto('/app/information-passengers/info-customer-order')),
    },
    {
      name: 'Informasi Penumpang',
      open: async () => void (await page.goto('/app/information-passengers/info-passenger-order')),
    },
    { name: 'Donasi Berkah', open: () => page.getByRole('link', { name: 'Apa itu Donasi Berkah?' }).click() },
    { name: 'Syarat & Ketentuan', open: () => page.getByRole('link', { name: /^Baca detail/ }).click() },
  ];
  for (const sheet of sheets) {
    await sheet.open();
    const shown = page.getByRole('dialog', { name: sheet.name });
    await expect(shown).toHaveAttribute('data-state', 'open');
    await expect(shown.locator('[aria-hidden="true"].animate-pulse')).toHaveCount(0);
    expect(await blockingViolations(page, '[role="dialog"]'), sheet.name).toEqual([]);
    await shown.getByRole('button', { name: 'Tutup' }).click();
    await expect(shown).toBeHidden();
    await expectBookingPage(page);
  }

  await fillBooker(page);
  await page.getByRole('button', { name: 'Gunakan Voucher' }).click();
  const vouchers = page.getByRole('dialog', { name: 'Pilih Voucher' });
  await expect(vouchers.getByRole('article').first()).toBeVisible();
  expect(await blockingViolations(page, '[role="dialog"]')).toEqual([]);
  await vouchers.getByRole('button', { name: 'Tutup' }).click();
  await expect(vouchers).toBeHidden();

  // The reservation call held open: the full-page loader, then a price change reported by the server.
  let release: (() => void) | null = null;
  await page.route('**/reservasi', async (route) => {
    await new Promise<void>((resolve) => (release = resolve));
    await route.fulfill({
      json: {
        status: 'OK',
        results: {
          reservasi_kode: 'TMP-E2E',
          flag_harga_berubah: 1,
          total_bayar: 150_000,
          flag_lunas: 0,
          kunci_pesanan: 'kunci-pesanan-e2e-000001',
        },
      },
    });
  });
  await refundableGroup(page).getByRole('radio', { name: 'Tidak' }).check();
  await termsCheckbox(page).check();
  await reserveButton(page).click();
  const confirm = dialog(page, TEXT.reserveDialog);
  await expect(confirm).toBeVisible();
  expect(await blockingViolations(page, '[role="alertdialog"]')).toEqual([]);
  await confirm.getByRole('button', { name: 'Ya, Reservasi' }).click();
  await expect(page.getByRole('alertdialog', { name: 'Memproses reservasi…' })).toBeVisible();
  // The answered dialog fades out first (400 ms): axe reads the loader alone.
  await expect(confirm).toHaveCount(0);
  expect(await blockingViolations(page, '[role="alertdialog"]')).toEqual([]);
  await expect.poll(() => release !== null).toBe(true);
  (release as (() => void) | null)?.();
  const changed = dialog(page, 'Terjadi Perubahan Harga');
  await expect(changed).toBeVisible();
  await expect(changed).toContainText('Rp 150.000');
  expect(await blockingViolations(page, '[role="alertdialog"]')).toEqual([]);
  // It cannot be dismissed: Escape leaves it open.
  await page.keyboard.press('Escape');
  await expect(changed).toBeVisible();
  await changed.getByRole('button', { name: 'Saya Paham' }).click();
  await expect(page).toHaveURL(/\/app\/confirmation-order\/TMP-E2E/);
});

test('standalone pages: vouchers, a voucher with its terms, operator terms, refundable and connecting help', async ({
  page,
}) => {
  await page.goto('/app/list-voucher-standalone');
  await expect(page.getByRole('heading', { level: 1, name: 'Pilih Voucher' })).toBeVisible();
  await expect(page.getByRole('article').first()).toBeVisible();
  expect(await blockingViolations(page)).toEqual([]);
  await page
    .getByRole('link', { name: /^Detail voucher / })
    .first()
    .click();
  await expect(page).toHaveURL(/\/app\/detail-voucher\//);
  await expect(page.getByRole('heading', { name: 'Syarat & Ketentuan' })).toBeVisible();
  expect(await blockingViolations(page)).toEqual([]);

  await page.goto('/app/detail-voucher/TIDAKADA');
  await expect(page.getByRole('heading', { name: 'Voucher tidak ditemukan' })).toBeVisible();

  await page.goto('/app/terms-condition-standalone?operator_kode=CPT');
  await expect(page.getByRole('heading', { name: 'Cipta Trans' })).toBeVisible();
  expect(await blockingViolations(page)).toEqual([]);

  await page.goto('/app/detail-refundable');
  await expect(page.getByText('Terinfeksi Covid-19')).toBeVisible();
  await expect(page.getByText('Sakit, kecelakaan, atau cedera')).toBeVisible();
  expect(await blockingViolations(page)).toEqual([]);
  await page.getByRole('link', { name: 'Selengkapnya' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Refundable Covid-19' })).toBeVisible();

  await page.goto('/app/information-connecting');
  await expect(page.getByText(/paling lambat 15 menit/)).toBeVisible();
  expect(await blockingViolations(page)).toEqual([]);
});

test('a fresh tab without a trip gets a friendly way to the search', async ({ page }) => {
  await page.goto('/app/information-passengers');
  await expect(page.getByRole('heading', { name: 'Belum ada perjalanan yang dipilih' })).toBeVisible();
  expect(await blockingViolations(page)).toEqual([]);
  await page.getByRole('link', { name: 'Cari Jadwal' }).click();
  await expect(page).toHaveURL(/\/$/);
});
