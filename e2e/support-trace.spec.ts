import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { API_BASE, HEADER, TraceDocumentSchema, endpoints, type TraceDocument } from '../contract';
import { SUPPORT_TOKEN } from '../server/db/seed-data/accounts';
import { replayTrace } from '../src/trace/replay';
import {
  blockingViolations,
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
  PROMO,
  reserveToTheEnd,
  saveMobilePassengerForm,
  searchAndChoose,
  seatSaveLabel,
  SURABAYA,
} from './support/booking-model';
import { openTracePanel } from './support/trace-panel';

/*
 * Issue 10: a real round trip and a real connecting booking, recorded by the app, come out of
 * "Kirim ke CS" and `?debug=trace` without any personal data, replay to identical snapshots in
 * the same code the CLI and the replay screen run, and the CLI says so.
 */

test.beforeEach(async ({ page }) => clearBookingOnce(page));

const THREE_LEGS = /^Pilih Cipta Trans \+ Nusa Rapi Shuttle \+ Surya Bahari /;
/** Days no other spec books on. */
const DAY = { roundTrip: 62, connecting: 63 } as const;
const BOOKER = { name: 'Wulan Kusuma', phone: '081377788899', email: 'wulan.kusuma@contoh.id' } as const;
const PASSENGER = 'Agus Prasetyo';
const PERSONAL = [BOOKER.name, 'Wulan', 'Kusuma', BOOKER.phone, BOOKER.email, PASSENGER, 'Prasetyo'];

function expectNoPersonalData(text: string) {
  for (const value of PERSONAL) expect(text, `"${value}" in the trace`).not.toContain(value);
}

async function download(page: Page, press: () => Promise<void>): Promise<{ file: string; trace: TraceDocument }> {
  const [file] = await Promise.all([page.waitForEvent('download'), press()]);
  const path = test.info().outputPath(`trace-${test.info().project.name}.json`);
  await file.saveAs(path);
  const text = readFileSync(path, 'utf8');
  expectNoPersonalData(text);
  return { file: path, trace: TraceDocumentSchema.parse(JSON.parse(text)) };
}

function expectIdentical(trace: TraceDocument, file: string) {
  const replay = replayTrace(trace);
  expect(replay.otherVersion).toEqual([]);
  expect(replay.lanes.map((lane) => lane.divergence)).toEqual(replay.lanes.map(() => null));
  expect(replay.identical).toBe(true);
  const cli = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/replay.ts', file, '--quiet'], {
    encoding: 'utf8',
  });
  expect(cli.stdout).toContain('Hasil: identik.');
  expect(cli.status).toBe(0);
}

async function storedTrace(page: Page, code: string): Promise<string> {
  const origin = new URL(page.url()).origin;
  const response = await page.request.get(`${origin}${API_BASE}${endpoints.supportTraceRead.path}?kode=${code}`, {
    headers: { [HEADER.userId]: 'a'.repeat(100), [HEADER.authorization]: `Bearer ${SUPPORT_TOKEN}` },
  });
  expect(response.status()).toBe(200);
  return response.text();
}

test('a round trip: "Kirim ke CS" sends a trace with no personal data; the whole booking replays identically', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await searchAndChoose(page, JAKARTA, PROMO, true, DAY.roundTrip);
  await expect(page).toHaveURL(/\/app\/schedule\/return\?/);
  await choose(page, /^Pilih /);
  if (isMobile(page)) {
    await pickSeats(page, { count: 1, button: 'Pilih Kursi Pulang' });
    await saveMobilePassengerForm(page, 'Form Penumpang Pergi', [PASSENGER]);
    await pickSeats(page, { count: 1, button: 'Lanjutkan' });
    await saveMobilePassengerForm(page, 'Form Penumpang Pulang', [PASSENGER]);
    await expectBookingPage(page);
  } else {
    await pickSeats(page, { count: 1, button: 'Pilih Kursi Pulang' });
    await pickSeats(page, { count: 1, button: 'Simpan' });
    await expectBookingPage(page);
    await fillNames(page.locator('[data-booking-field="passengers"]'), [PASSENGER]);
    await fillNames(page.locator('[data-booking-field="passengersReturn"]'), [PASSENGER]);
    await leaveForms(page);
  }
  await fillBooker(page, BOOKER);

  // "Kirim ke CS" on the booking page: a code, and the stored trace names nobody.
  await page.getByRole('button', { name: 'Kirim ke CS' }).click();
  const dialog = page.getByRole('dialog', { name: 'Kirim catatan ke CS' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText('tanpa nama, nomor handphone, atau email')).toBeVisible();
  expect(await blockingViolations(page)).toEqual([]);
  await dialog.getByRole('button', { name: 'Kirim', exact: true }).click();
  const code = (await dialog.getByTestId('support-code').textContent()) ?? '';
  expect(code).toMatch(/^CS-[0-9A-Z]{6}$/);
  await expect(dialog.getByText('Sebutkan kode ini kepada CS kami.')).toBeVisible();
  expectNoPersonalData(await storedTrace(page, code));
  await dialog.getByRole('button', { name: 'Tutup' }).click();
  await expect(dialog).toHaveCount(0);

  await reserveToTheEnd(page);
  // `?debug=trace` on the confirmation page: the panel downloads the whole visit.
  await page.goto(`${page.url()}?debug=trace`);
  const panel = await openTracePanel(page);
  expect(await blockingViolations(page)).toEqual([]);
  const { file, trace } = await download(page, () => panel.getByRole('button', { name: 'Unduh JSON' }).click());
  const booking = trace.lanes.filter((lane) => lane.name === 'booking');
  expect(booking.length).toBeGreaterThan(0);
  const types = booking.flatMap((lane) => lane.steps.map((step) => step.event.type));
  expect(types).toEqual(expect.arrayContaining(['seat.toggle', 'reserve.request', 'dialog.confirm']));
  expectIdentical(trace, file);
  writeFileSync(test.info().outputPath('round-trip.json'), JSON.stringify(trace));
});

test('a connecting booking with three legs replays identically, from the page and from the CLI', async ({ page }) => {
  test.setTimeout(120_000);
  await searchAndChoose(page, SURABAYA, THREE_LEGS, false, DAY.connecting);
  await expect(page).toHaveURL(/\/app\/select-seat/);
  for (let leg = 1; leg <= 3; leg += 1) {
    await expect(page.getByRole('heading', { name: `Kursi Pergi ${leg}` }).first()).toBeVisible();
    await pickSeats(page, { count: 1, button: seatSaveLabel(page) });
  }
  if (isMobile(page)) {
    await saveMobilePassengerForm(page, 'Form Penumpang Pergi', [PASSENGER]);
    for (const route of [2, 3]) {
      await expect(page).toHaveURL(new RegExp(`connecting_route=${route}`));
      await page.getByRole('switch', { name: 'Sama dengan penumpang rute pertama' }).check();
      await page.getByRole('button', { name: 'Simpan', exact: true }).click();
    }
    await expectBookingPage(page);
  } else {
    await expectBookingPage(page);
    const legs = desktopPassengers(page);
    await legs.getByPlaceholder('Masukan Nama').first().fill(PASSENGER);
    const copies = legs.getByRole('checkbox', { name: 'Sama dengan penumpang rute pertama' });
    await copies.nth(0).check();
    await copies.nth(1).check();
    await leaveForms(page);
  }
  await fillBooker(page, BOOKER);
  await reserveToTheEnd(page);
  await page.goto(`${page.url()}?debug=trace`);
  const panel = await openTracePanel(page);
  const { file, trace } = await download(page, () => panel.getByRole('button', { name: 'Unduh JSON' }).click());
  const legsSaved = trace.lanes
    .flatMap((lane) => lane.steps)
    .filter((step) => step.event.type === 'selection.save').length;
  expect(legsSaved).toBe(3);
  expectIdentical(trace, file);
});
