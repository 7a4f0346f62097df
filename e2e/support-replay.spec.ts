import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { API_BASE, HEADER, endpoints, type TraceDocument } from '../contract';
import { DEMO_TOKEN, SUPPORT_TOKEN } from '../server/db/seed-data/accounts';
import { SCREEN_READ_MESSAGE } from '../src/trace/trace-source';
import { signInWithToken } from './support/accounts';
import { blockingViolations } from './support/booking-model';

/*
 * Issue 10: the replay screen. Two traces recorded in the browser (a desktop round trip with a
 * reload in the middle, a mobile connecting booking) replay to identical snapshots here too; an
 * edited one names its first divergent step; another version is flagged before the steps.
 */

const ROUND_TRIP = 'tests/traces/fixtures/round-trip-desktop.json';
const CONNECTING = 'tests/traces/fixtures/connecting-mobile.json';
const REPLAY = '/app/support/replay';

const readTrace = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as TraceDocument;

async function openAsSupport(page: Page) {
  await signInWithToken(page, SUPPORT_TOKEN);
  await page.goto(REPLAY);
  await expect(page.getByRole('heading', { level: 1, name: 'Putar Ulang Catatan' })).toBeVisible();
  await expect(page.getByLabel('Kode CS')).toBeVisible();
}

async function upload(page: Page, trace: TraceDocument) {
  await page.getByLabel('Pilih berkas JSON').setInputFiles({
    name: 'trace.json',
    mimeType: 'application/json',
    buffer: Buffer.from(JSON.stringify(trace)),
  });
}

test('a guest is asked to sign in, and a customer who is not support is refused', async ({ page }) => {
  await page.goto(REPLAY);
  await expect(page.getByText('Masuk untuk bisa gunakan fitur ini')).toBeVisible();
  await signInWithToken(page, DEMO_TOKEN);
  await page.goto(REPLAY);
  await expect(
    page.getByText(
      'Halaman ini hanya untuk tim CS. Kamu masuk dengan akun pelanggan: keluar, lalu masuk dengan akun CS.',
      { exact: true },
    ),
  ).toBeVisible();
  await expect(page.getByLabel('Kode CS')).toHaveCount(0);
});

test("a recorded round trip replays identically; the scrubber shows the customer's page at each step", async ({
  page,
}) => {
  await openAsSupport(page);
  const trace = readTrace(ROUND_TRIP);
  await upload(page, trace);
  const lanes = page.getByRole('tab');
  await expect(lanes).toHaveCount(trace.lanes.length);
  // Every lane (the booking before and after the reload) is identical.
  for (const [index, lane] of trace.lanes.entries()) {
    await lanes.nth(index).click();
    await expect(page.getByText(`Semua ${lane.steps.length} langkah sama dengan rekaman`)).toBeVisible();
  }
  await expect(page.getByRole('alert').filter({ hasText: 'versi lain' })).toHaveCount(0);

  // The scrubber walks the steps; the preview is the booking page as the customer saw it.
  const slider = page.getByRole('slider', { name: 'Langkah' });
  await slider.focus();
  await page.keyboard.press('Home');
  await expect(page.getByText(`1 dari ${trace.lanes.at(-1)?.steps.length}`)).toBeVisible();
  await page.getByRole('button', { name: 'Berikutnya' }).click();
  await expect(page.getByText(`2 dari ${trace.lanes.at(-1)?.steps.length}`)).toBeVisible();
  const terms = page.getByRole('button', { name: /Pelanggan mencentang syarat & ketentuan operator/ });
  await terms.click();
  await expect(terms).toHaveAttribute('aria-current', 'step');
  const preview = page.getByTestId('replay-preview');
  await expect(preview.getByRole('heading', { name: 'Informasi Pemesan' })).toBeVisible();
  await expect(preview.getByText('Travel Pulang')).toBeVisible();
  expect(await blockingViolations(page)).toEqual([]);
});

test('a connecting booking recorded on a phone replays identically in a phone-sized preview', async ({ page }) => {
  await openAsSupport(page);
  const trace = readTrace(CONNECTING);
  await upload(page, trace);
  for (const [index, lane] of trace.lanes.entries()) {
    await page.getByRole('tab').nth(index).click();
    await expect(page.getByText(`Semua ${lane.steps.length} langkah sama dengan rekaman`)).toBeVisible();
  }
  await page.getByRole('tab').first().click();
  await page
    .getByRole('button', { name: /Pelanggan mengetik nama penumpang 1/ })
    .first()
    .click();
  await expect(page.getByTestId('replay-preview').getByText('Rute 1', { exact: true }).first()).toBeVisible();
  expect(await blockingViolations(page)).toEqual([]);
});

test('an edited trace names its first divergent step; another version is flagged before the steps', async ({
  page,
}) => {
  await openAsSupport(page);
  const edited = readTrace(ROUND_TRIP);
  const lane = edited.lanes.at(-1);
  const index = lane?.steps.findIndex((candidate) => candidate.event.type === 'seat.toggle') ?? -1;
  const step = lane?.steps[index];
  if (!lane || !step) throw new Error('the fixture has no seat step');
  step.event = { ...step.event, key: '1-1' };
  await upload(page, edited);
  await page.getByRole('tab').last().click();
  await expect(page.getByText(`Berbeda mulai langkah ${index + 1}: Pelanggan mengetuk Kursi 1-1`)).toBeVisible();

  const other = readTrace(ROUND_TRIP);
  for (const candidate of other.lanes) candidate.machine.signature = 'versi-lain';
  other.savedAt = new Date().toISOString();
  await upload(page, other);
  const banner = page.getByRole('alert').filter({ hasText: 'Catatan ini direkam oleh versi lain dari mesin booking' });
  await expect(banner.first()).toBeVisible();
  expect(await blockingViolations(page)).toEqual([]);
});

test('a trace sent with a CS code opens by that code; a wrong code says why', async ({ page }) => {
  await openAsSupport(page);
  const origin = new URL(page.url()).origin;
  const sent = await page.request.post(`${origin}${API_BASE}${endpoints.supportTrace.path}`, {
    headers: { [HEADER.userId]: 'b'.repeat(100), [HEADER.authorization]: `Bearer ${SUPPORT_TOKEN}` },
    data: { trace: readTrace(CONNECTING) },
  });
  expect(sent.status()).toBe(200);
  const { results } = (await sent.json()) as { results: { kode: string } };
  await page.getByLabel('Kode CS').fill('CS-1');
  await page.getByRole('button', { name: 'Buka' }).click();
  await expect(page.getByRole('alert')).toHaveText(
    'Kode CS tidak valid: kode terdiri dari CS- dan 6 huruf atau angka, misalnya CS-7KQ2XM.',
  );
  await page.getByLabel('Kode CS').fill('CS-ZZZZZZ');
  await page.getByRole('button', { name: 'Buka' }).click();
  await expect(page.getByRole('alert')).toHaveText(
    'Kode CS tidak ditemukan atau sudah kedaluwarsa: CS-ZZZZZZ (catatan disimpan 30 hari). Periksa kode ' +
      'dengan pelanggan, atau minta pelanggan menekan "Kirim ke CS" lagi untuk kode baru.',
  );
  await page.getByLabel('Kode CS').fill(results.kode.toLowerCase());
  await page.getByRole('button', { name: 'Buka' }).click();
  await expect(page.getByText(/^Semua \d+ langkah sama dengan rekaman$/)).toBeVisible();
});

test('when a code cannot be read the screen says why and what to do', async ({ page }) => {
  await openAsSupport(page);
  const read = `**${API_BASE}${endpoints.supportTraceRead.path}?*`;
  const open = async () => {
    await page.getByLabel('Kode CS').fill('CS-7KQ2XM');
    await page.getByRole('button', { name: 'Buka' }).click();
  };
  // The app's server cannot be reached.
  await page.route(read, (route) => route.abort('connectionrefused'));
  await open();
  await expect(page.getByRole('alert')).toHaveText(SCREEN_READ_MESSAGE.unreachable);
  await expect(page.getByRole('alert')).toHaveText(
    'Server aplikasi tidak dapat dihubungi. Periksa koneksi internet kamu, lalu tekan Buka lagi.',
  );
  // Something other than the API answers (a proxy's page).
  await page.unroute(read);
  await page.route(read, (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html>' }));
  await open();
  await expect(page.getByRole('alert')).toHaveText(
    'Server menjawab (HTTP 200), tetapi bukan sebagai API Berangkat. Muat ulang halaman lalu coba lagi; bila tetap, laporkan ke tim teknis.',
  );
  // The agent's session ended while the page was open.
  await page.unroute(read);
  await page.route(read, (route) =>
    route.fulfill({
      status: 401,
      json: { status: 'ERROR', code: 'AUT-1', message: 'Masuk untuk bisa gunakan fitur ini' },
    }),
  );
  await open();
  await expect(page.getByRole('alert')).toHaveText(
    'Sesi akun CS kamu sudah berakhir. Masuk lagi dengan akun CS, lalu buka kode ini lagi.',
  );
});

test('a file that is cut short or is not a trace is named, with how to get a good one', async ({ page }) => {
  await openAsSupport(page);
  const again = 'Minta pelanggan mengunduh ulang catatannya ("Unduh JSON"), atau buka dengan kode CS.';
  const file = page.getByLabel('Pilih berkas JSON');
  await file.setInputFiles({
    name: 'terpotong.json',
    mimeType: 'application/json',
    buffer: Buffer.from(JSON.stringify(readTrace(CONNECTING)).slice(0, 300)),
  });
  await expect(page.getByRole('alert')).toHaveText(
    `Berkas terpotong.json bukan JSON yang utuh (terpotong atau bukan catatan). ${again}`,
  );
  await file.setInputFiles({
    name: 'lain.json',
    mimeType: 'application/json',
    buffer: Buffer.from(JSON.stringify({ ...readTrace(CONNECTING), lanes: 'none' })),
  });
  await expect(page.getByRole('alert')).toHaveText(
    `Berkas lain.json bukan catatan Berangkat (kolom lanes tidak sesuai). ${again}`,
  );
  expect(await blockingViolations(page)).toEqual([]);
});
