import { expect, test, type Page } from '@playwright/test';
import { API_BASE, HEADER, TraceDocumentSchema, endpoints, type TraceDocument } from '../contract';
import { SUPPORT_TOKEN } from '../server/db/seed-data/accounts';
import { recordedSnapshots } from '../src/trace/replay';
import { signInWithToken } from './support/accounts';
import {
  blockingViolations,
  clearBookingOnce,
  isMobile,
  oneWayReadyToReserve,
  priceLines,
} from './support/booking-model';

/*
 * Issue 25: what a support agent reads. A customer books, opens the voucher sheet and sends the
 * trace to CS; the replay screen tells the visit in sentences (the call that answered named), the
 * preview at the sheet's step draws that sheet, and a trace whose total was edited shows the
 * edited total with the step where the replay parts from it.
 */

test.beforeEach(async ({ page }) => clearBookingOnce(page));

/** A day no other spec books on. */
const DAY = 64;
const TAMPERED = 175_000;

async function sendToSupport(page: Page): Promise<string> {
  await page.getByRole('button', { name: 'Kirim ke CS' }).click();
  const dialog = page.getByRole('dialog', { name: 'Kirim catatan ke CS' });
  await dialog.getByRole('button', { name: 'Kirim', exact: true }).click();
  const code = (await dialog.getByTestId('support-code').textContent()) ?? '';
  expect(code).toMatch(/^CS-[0-9A-Z]{6}$/);
  await dialog.getByRole('button', { name: 'Tutup' }).click();
  return code;
}

async function storedTrace(page: Page, code: string): Promise<TraceDocument> {
  const origin = new URL(page.url()).origin;
  const response = await page.request.get(`${origin}${API_BASE}${endpoints.supportTraceRead.path}?kode=${code}`, {
    headers: { [HEADER.userId]: 'c'.repeat(100), [HEADER.authorization]: `Bearer ${SUPPORT_TOKEN}` },
  });
  expect(response.status()).toBe(200);
  const { results } = (await response.json()) as { results: { trace: unknown } };
  return TraceDocumentSchema.parse(results.trace);
}

/** The last change of the total in the recorded snapshots, its total edited by hand. */
function tamperLastTotal(trace: TraceDocument): number {
  const lane = trace.lanes.filter((candidate) => candidate.name === 'booking').at(-1);
  if (!lane) throw new Error('no booking lane');
  type Price = { total_bayar: number; list_harga: { type: string; price: number }[] };
  const prices = recordedSnapshots(lane).map(
    (snapshot) => (snapshot as { context: { price: Price | null } }).context.price,
  );
  for (let index = lane.steps.length - 1; index > 0; index -= 1) {
    const price = prices[index];
    const step = lane.steps[index];
    if (!step || !price || price.total_bayar === prices[index - 1]?.total_bayar) continue;
    const edited: Price = structuredClone(price);
    edited.total_bayar = TAMPERED;
    for (const line of edited.list_harga) if (line.type === 'total') line.price = TAMPERED;
    step.diff = [
      ...step.diff.filter((op) => !op.p.join('.').startsWith('context.price')),
      { p: ['context', 'price'], v: edited },
    ];
    return index + 1;
  }
  throw new Error('no change of the total in the lane');
}

test('support reads the visit as sentences, sees the sheet the customer opened, and an edited total', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await oneWayReadyToReserve(page, DAY, 'Rina Marlina');
  const totalLine = (await priceLines(page)).find((line) => line.startsWith('Total Pembayaran: '));
  const total = totalLine?.replace('Total Pembayaran: ', '') ?? '';
  expect(total).toMatch(/^Rp [\d.]+$/);
  await page.getByRole('button', { name: 'Gunakan Voucher' }).click();
  const sheet = page.getByRole('dialog', { name: 'Pilih Voucher' });
  await expect(sheet).toHaveAttribute('data-state', 'open');
  await sheet.getByRole('button', { name: 'Tutup' }).click();
  await expect(sheet).toBeHidden();
  const code = await sendToSupport(page);

  await signInWithToken(page, SUPPORT_TOKEN);
  await page.goto('/app/support/replay');
  await page.getByLabel('Kode CS').fill(code);
  await page.getByRole('button', { name: 'Buka' }).click();
  const steps = page.getByRole('region', { name: 'Langkah', exact: true });
  await expect(page.getByText(/^Semua \d+ langkah sama dengan rekaman$/)).toBeVisible();

  // Sentences, the call named, nothing of the chart's own words.
  await expect(steps.getByText(/^Pelanggan memilih Kursi \d+$/).first()).toBeVisible();
  await expect(steps.getByText(`Server menjawab cek-harga: total ${total}`).first()).toBeVisible();
  await expect(steps.getByText('cek-harga', { exact: true }).first()).toBeVisible();
  await expect(steps.getByText('→ Sheet Pilih Voucher dibuka')).toBeVisible();
  await expect(steps.getByText(/xstate\.|child\.attach|seat\.toggle/)).toHaveCount(0);
  // Numbered without gaps: the last item's number is the count.
  const items = steps.locator('ol > li');
  const count = await items.count();
  await expect(page.getByText(`${count} dari ${count}`)).toBeVisible();

  // The sheet's step: the preview draws the customer's page with the sheet open over it.
  await steps.getByRole('button', { name: /Pelanggan membuka Pilih Voucher/ }).click();
  const preview = page.getByTestId('replay-preview');
  await expect(preview.getByRole('heading', { name: 'Pilih Voucher' })).toBeVisible();
  await expect(preview.getByText('Belum ada voucher yang dipakai.')).toBeVisible();
  // The header as the customer had it: a guest (the phone's navbar has no account entry).
  if (!isMobile(page)) await expect(preview.getByText('Masuk', { exact: true })).toBeVisible();
  // The chart's words are one click away.
  await page.getByText('Rincian teknis').click();
  await expect(page.getByText('voucher.open', { exact: true })).toBeVisible();
  expect(await blockingViolations(page)).toEqual([]);

  // An edited total: the preview shows what the file says the customer saw, and names the step.
  const trace = await storedTrace(page, code);
  const at = tamperLastTotal(trace);
  await page.getByLabel('Pilih berkas JSON').setInputFiles({
    name: 'edited.json',
    mimeType: 'application/json',
    buffer: Buffer.from(JSON.stringify(trace)),
  });
  await page.getByRole('tab').last().click();
  await expect(page.getByText(new RegExp(`^Berbeda mulai langkah ${at}: Server menjawab cek-harga`))).toBeVisible();
  await expect(page.getByText(/context\.price\.total_bayar: rekaman 175000, replay \d+/).first()).toBeVisible();
  await page.getByRole('slider', { name: 'Langkah' }).focus();
  await page.keyboard.press('End');
  await expect(preview.getByText('Rp 175.000').first()).toBeVisible();
  await expect(page.getByText(`Replay berbeda mulai langkah ${at}:`, { exact: false })).toBeVisible();
});
