import {
  expect,
  test,
  type Browser,
  type BrowserContext,
  type Page,
  type Request,
  type TestInfo,
} from '@playwright/test';
import { RESERVATION_HEADER } from '../contract';
import { DEFAULT_BASIC_CREDENTIALS, HEADER } from '../contract/platform';
import { basicAuthorization, generateUserId } from '../src/api/client';
import {
  choose,
  clearBookingOnce,
  desktopPassengers,
  dialog,
  expectBookingPage,
  fillBooker,
  fillNames,
  isMobile,
  JAKARTA,
  leaveForms,
  pickSeats,
  priceLines,
  PROMO,
  refundableGroup,
  reserveButton,
  saveMobilePassengerForm,
  searchUrl,
  seatMap,
  seatSaveLabel,
  termsCheckbox,
  TEXT,
  toast,
} from './support/booking-model';

/*
 * Reserving against the real server, where other passengers book too: two browsers after one
 * seat, a seat held by someone else, a fare changed between the price check and the reservation,
 * and a reservation call that fails and is sent again (spec sections 4 and 8, and the seat hold).
 */

test.beforeEach(async ({ page }) => clearBookingOnce(page));

/** Cipta Trans 11.00: its promo seats 9 and 10 are never booked by the seed. */
/** Cipta Trans 20.00: no other spec books or prices it (its fare is changed below). */
const FARE_CHANGE = 'Pilih Cipta Trans 20.00 WIB';
const SEAT = 10;
/** Days from today of each test, so the seats one books take none of another's (other specs: 1-14). */
const DAY = {
  race: 15,
  fareChange: 16,
  callFailure: 17,
  heldElsewhere: 18,
  holdRefused: 19,
  released: 20,
  reloadMidHold: 60,
} as const;

const CODE_URL = /\/app\/confirmation-order\/([A-HJ-KM-NP-Z2-9]{10})$/;

/** A second passenger in another browser of the same layout. */
async function secondBrowser(browser: Browser, testInfo: TestInfo): Promise<{ context: BrowserContext; page: Page }> {
  const use = testInfo.project.use;
  const context = await browser.newContext({
    ...(use.baseURL ? { baseURL: use.baseURL } : {}),
    ...(use.viewport ? { viewport: use.viewport } : {}),
    ...(use.userAgent ? { userAgent: use.userAgent } : {}),
    ...(use.deviceScaleFactor ? { deviceScaleFactor: use.deviceScaleFactor } : {}),
    isMobile: use.isMobile ?? false,
    hasTouch: use.hasTouch ?? false,
    locale: 'id-ID',
    timezoneId: 'Asia/Jakarta',
  });
  const page = await context.newPage();
  await clearBookingOnce(page);
  return { context, page };
}

/** The schedule list of that day, "Pilih" on the departure, the seat page. */
async function toSeatPage(page: Page, pilih: string, day: number) {
  await page.goto(searchUrl(JAKARTA, false, day));
  await choose(page, pilih);
  await expect(page).toHaveURL(/\/app\/select-seat/);
  await expect(seatMap(page)).toBeVisible();
}

/** After the seats were saved: the passenger's name, the booker, no cover, the terms. */
async function completeBooking(page: Page, name: string) {
  if (isMobile(page)) {
    await saveMobilePassengerForm(page, 'Form Penumpang Pergi', [name]);
    await expectBookingPage(page);
  } else {
    await expectBookingPage(page);
    await fillNames(desktopPassengers(page), [name]);
    await leaveForms(page);
  }
  await fillBooker(page);
  await expect(refundableGroup(page)).toBeVisible();
  await refundableGroup(page).getByRole('radio', { name: 'Tidak' }).check();
  await termsCheckbox(page).check();
}

async function bookSeat(page: Page, pilih: string, day: number, seat: number, name: string) {
  await toSeatPage(page, pilih, day);
  await pickSeats(page, { numbers: [seat], button: seatSaveLabel(page) });
  await completeBooking(page, name);
}

/** "Reservasi Tiket" / "Bayar Sekarang", then "Ya, Reservasi". */
async function confirmReservation(page: Page) {
  await reserveButton(page).click();
  const confirm = dialog(page, TEXT.reserveDialog);
  await expect(confirm).toBeVisible();
  await confirm.getByRole('button', { name: 'Ya, Reservasi' }).click();
}

const seatButton = (page: Page, no: number) => seatMap(page).getByRole('button', { name: `Kursi ${no}`, exact: true });

test('two browsers after one seat: the first reserves, the second gets the RSV-2 flow of its layout', async ({
  page,
  browser,
}, testInfo) => {
  const other = await secondBrowser(browser, testInfo);
  const second = other.page;
  // The second browser's hold never lands (its network drops that call, silently): the seat
  // stays free for the first, and only the reservation can tell who got it.
  await second.route('**/hold-kursi', (route) => route.abort());
  await bookSeat(second, PROMO, DAY.race, SEAT, 'Siti Aminah');
  await expect(second.getByRole('timer')).toHaveCount(0);

  await bookSeat(page, PROMO, DAY.race, SEAT, 'Budi Santoso');
  await expect(page.getByRole('timer')).toContainText(/^Kursi ditahan untuk Anda selama (10:00|0\d:[0-5]\d)$/);
  await confirmReservation(page);
  await expect(page).toHaveURL(CODE_URL);

  await confirmReservation(second);
  const message = `Kursi ${SEAT} sudah dipesan penumpang lain`;
  if (isMobile(second)) {
    // Mobile: the chosen seats are cleared and the seat page opens with type=fallback-confirmation-order.
    await expect(second).toHaveURL(/\/app\/select-seat\?(.*&)?type=fallback-confirmation-order/);
    await expect(toast(second, message)).toBeVisible();
    await expect(seatButton(second, SEAT)).toHaveAttribute('aria-disabled', 'true');
    await expect(seatButton(second, SEAT)).not.toHaveAttribute('aria-pressed', 'true');
  } else {
    // Desktop: the message with its advice, and the seat change reopened over the booking page.
    await expect(toast(second, `${message}, Silahkan pilih kursi yang lain`)).toBeVisible();
    const sheet = second.getByRole('dialog', { name: 'Pilih Kursi' });
    await expect(sheet).toBeVisible();
    await expect(seatButton(second, SEAT)).toHaveAttribute('aria-disabled', 'true');
    await expectBookingPage(second);
  }
  await other.context.close();
});

test('a seat held in one browser shows taken in another; its holder still sees it as its own', async ({
  page,
  browser,
}, testInfo) => {
  await toSeatPage(page, PROMO, DAY.heldElsewhere);
  const held = page.waitForResponse((response) => response.url().endsWith('/hold-kursi') && response.ok());
  await pickSeats(page, { numbers: [SEAT], button: seatSaveLabel(page) });
  await held;

  const other = await secondBrowser(browser, testInfo);
  await toSeatPage(other.page, PROMO, DAY.heldElsewhere);
  await expect(seatButton(other.page, SEAT)).toHaveAttribute('aria-disabled', 'true');
  await expect(seatButton(other.page, SEAT - 1)).not.toHaveAttribute('aria-disabled', 'true');

  // The holder's own seat map (a reload of the layout sends its hold token) shows it free.
  await completeBooking(page, 'Budi Santoso');
  await expect(page.getByRole('timer')).toContainText('Kursi ditahan untuk Anda selama');
  await toSeatPage(page, PROMO, DAY.heldElsewhere);
  await expect(seatButton(page, SEAT)).not.toHaveAttribute('aria-disabled', 'true');
  await other.context.close();
});

test('leaving the booking ("Konfirmasi Kembali ?" Ya) lets the held seat go: another browser can take it', async ({
  page,
  browser,
}, testInfo) => {
  await bookSeat(page, PROMO, DAY.released, SEAT, 'Budi Santoso');
  await expect(page.getByRole('timer')).toContainText('Kursi ditahan untuk Anda selama');
  const other = await secondBrowser(browser, testInfo);
  await toSeatPage(other.page, PROMO, DAY.released);
  await expect(seatButton(other.page, SEAT)).toHaveAttribute('aria-disabled', 'true');

  const released = page.waitForRequest(
    (request) =>
      request.url().endsWith('/hold-kursi') && (request.postDataJSON() as { kursi: string[] }).kursi.length === 0,
  );
  await page.getByRole('button', { name: 'Kembali' }).click();
  await dialog(page, TEXT.leaveDialog).getByRole('button', { name: 'Ya' }).click();
  await expect(page).toHaveURL(/\/app\/schedule\?/);
  const release = await released;
  expect((release.postDataJSON() as { hold_token?: string }).hold_token).toMatch(/^[A-Za-z0-9_-]{16,64}$/);
  expect((await release.response())?.status()).toBe(200);

  // "Pilih" again: the seat page loads its layout afresh (a reload would restore the one it had).
  await toSeatPage(other.page, PROMO, DAY.released);
  await expect(seatButton(other.page, SEAT)).not.toHaveAttribute('aria-disabled', 'true');
  await pickSeats(other.page, { numbers: [SEAT], button: seatSaveLabel(other.page) });
  await completeBooking(other.page, 'Siti Aminah');
  await confirmReservation(other.page);
  await expect(other.page).toHaveURL(CODE_URL);
  await other.context.close();
});

test('a seat taken while the seat page was open: the hold is refused with the server message and the seat is chosen again', async ({
  page,
  browser,
}, testInfo) => {
  const other = await secondBrowser(browser, testInfo);
  // Both see the seat free.
  await toSeatPage(other.page, PROMO, DAY.holdRefused);
  await toSeatPage(page, PROMO, DAY.holdRefused);
  await expect(seatButton(other.page, SEAT)).not.toHaveAttribute('aria-disabled', 'true');
  // The first saves it (and holds it)...
  const held = page.waitForResponse((response) => response.url().endsWith('/hold-kursi') && response.ok());
  await pickSeats(page, { numbers: [SEAT], button: seatSaveLabel(page) });
  await held;
  // ...then the second, whose map was loaded before.
  const refused = other.page.waitForResponse((response) => response.url().endsWith('/hold-kursi'));
  await pickSeats(other.page, { numbers: [SEAT], button: seatSaveLabel(other.page) });
  expect((await refused).status()).toBe(409);
  await expect(toast(other.page, `Kursi ${SEAT} sudah dipesan penumpang lain`)).toBeVisible();
  if (isMobile(other.page)) {
    await expect(other.page).toHaveURL(/\/app\/select-seat/);
  } else {
    await expect(other.page.getByRole('dialog', { name: 'Pilih Kursi' })).toBeVisible();
  }
  // The seat map shows it taken now; another seat can be chosen.
  await expect(seatButton(other.page, SEAT)).toHaveAttribute('aria-disabled', 'true');
  await expect(seatButton(other.page, SEAT)).not.toHaveAttribute('aria-pressed', 'true');
  await other.context.close();
});

test('a fare changed on the server between the price check and the reservation: "Terjadi Perubahan Harga" with the new total', async ({
  page,
  request,
}) => {
  await page.goto(searchUrl(JAKARTA, false, DAY.fareChange));
  const layoutReply = page.waitForResponse((response) => /\/kursi\?/.test(response.url()) && response.ok());
  await choose(page, FARE_CHANGE);
  const layoutResponse = await layoutReply;
  const query = new URL(layoutResponse.url()).searchParams;
  const layout = (await layoutResponse.json()) as {
    results: {
      harga_tiket_normal: number;
      layout_kursi: {
        kursi: Record<
          string,
          { no: string; tipe: string; flag_booking: number; flag_promo: number; harga_tiket: number }
        >;
      }[];
    };
  };
  // A free seat at the schedule's normal fare: its price is the fare the operator changes.
  const normal = layout.results.harga_tiket_normal;
  const seat = layout.results.layout_kursi
    .flatMap((floor) => Object.values(floor.kursi))
    .find((tile) => tile.flag_booking === 0 && tile.flag_promo === 0 && tile.harga_tiket === normal);
  expect(seat).toBeDefined();
  await pickSeats(page, { numbers: [Number(seat?.no)], button: seatSaveLabel(page) });
  await completeBooking(page, 'Budi Santoso');
  const rupiah = (amount: number) => `Rp ${amount.toLocaleString('id-ID')}`;
  expect(await priceLines(page)).toContain(`Total Pembayaran: ${rupiah(normal)}`);

  // "Reservasi Tiket" first: desktop saves its inline forms, whose price check must land before
  // the fare changes (the passenger would else be shown the new fare before reserving).
  await reserveButton(page).click();
  await expect(dialog(page, TEXT.reserveDialog)).toBeVisible();
  await expect(page.getByRole('region', { name: 'Detail Harga Tiket', includeHidden: true })).toHaveAttribute(
    'aria-busy',
    'false',
  );
  // The operator raises the fare now (demo call, the app's own basic credentials).
  const fare = normal + 25_000;
  const changed = await request.post('/api/berangkat/demo/ubah-harga', {
    headers: {
      [HEADER.userId]: generateUserId(),
      [HEADER.platform]: 'WEB',
      [HEADER.authorization]: basicAuthorization(
        DEFAULT_BASIC_CREDENTIALS.WEB.user,
        DEFAULT_BASIC_CREDENTIALS.WEB.password,
      ),
    },
    data: { operator_kode: query.get('operator_kode'), jadwal_kode: query.get('jadwal_kode'), harga: fare },
  });
  expect(changed.status()).toBe(200);

  const confirm = dialog(page, TEXT.reserveDialog);
  await expect(confirm).toBeVisible();
  await confirm.getByRole('button', { name: 'Ya, Reservasi' }).click();
  const priceDialog = dialog(page, 'Terjadi Perubahan Harga');
  await expect(priceDialog).toBeVisible();
  await expect(priceDialog).toContainText(rupiah(fare));
  await priceDialog.getByRole('button', { name: 'Saya Paham' }).click();
  await expect(page).toHaveURL(CODE_URL);
  await expect(page.getByText(rupiah(fare)).first()).toBeVisible();
});

test('a reservation call that fails: the toast waits 500 ms, and "Ya, Reservasi" again sends the same Idempotency-Key', async ({
  page,
}) => {
  await page.clock.install();
  await bookSeat(page, PROMO, DAY.callFailure, SEAT, 'Budi Santoso');

  const sent: Request[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/reservasi')) sent.push(request);
  });
  // The first call never reaches the server.
  let drop = true;
  await page.route('**/reservasi', (route) => (drop ? route.abort() : route.continue()));

  await reserveButton(page).click();
  const confirm = dialog(page, TEXT.reserveDialog);
  await expect(confirm).toBeVisible();
  // The clock stops before "Ya, Reservasi", so the toast's wait can be stepped through.
  const now = await page.evaluate(() => Date.now());
  await page.clock.pauseAt(now + 1_000);
  await confirm.getByRole('button', { name: 'Ya, Reservasi' }).click();
  await expect.poll(() => sent.length).toBe(1);
  // The 500 ms start when the failed call comes back: the dialog gone and the loader gone again
  // mean the page has left "reserving", whatever the machine's speed under load.
  await expect(confirm).toBeHidden();
  await expect(page.getByText('Memproses reservasi…')).toBeHidden();
  const failure = toast(page, TEXT.reserveFailed);
  await page.clock.runFor(499);
  await expect(failure).toHaveCount(0);
  await page.clock.runFor(1);
  await expect(failure).toBeVisible();
  await page.clock.resume();

  drop = false;
  await confirmReservation(page);
  await expect(page).toHaveURL(CODE_URL);
  expect(sent).toHaveLength(2);
  const keys = sent.map((request) => request.headers()[RESERVATION_HEADER.idempotencyKey]);
  expect(keys[0]).toMatch(/^[\x21-\x7e]{8,128}$/);
  expect(keys[1]).toBe(keys[0]);
  // Both carried the hold, which the reservation converted.
  const tokens = sent.map((request) => request.headers()[RESERVATION_HEADER.holdToken]);
  expect(tokens[0]).toBeTruthy();
  expect(tokens[1]).toBe(tokens[0]);
});

test("a reload while the seat's hold call is on its way: the seat stays the traveller's and is reserved", async ({
  page,
}) => {
  // The server takes the first hold call, but its answer never reaches the page: the page is
  // reloaded first. Had the server named the hold's token, the reloaded booking would not know
  // it, and its own seat would be held against it for ten minutes (RSV-2 "sudah dipesan").
  let fetched!: () => void;
  const holdReached = new Promise<void>((resolve) => (fetched = resolve));
  let first = true;
  await page.route('**/hold-kursi', async (route) => {
    if (!first) return route.continue();
    first = false;
    await route.fetch();
    fetched();
    // The reload drops the request: nothing reads this answer.
    await route.abort().catch(() => {});
  });
  await toSeatPage(page, PROMO, DAY.reloadMidHold);
  await pickSeats(page, { numbers: [SEAT], button: seatSaveLabel(page) });
  await holdReached;
  await page.reload();

  await completeBooking(page, 'Budi Santoso');
  await confirmReservation(page);
  await expect(page).toHaveURL(CODE_URL);
});
