import { expect, test, type Page } from '@playwright/test';
import { FLASH_SALE_CARDS } from '../server/db/seed-data/flash-sale';
import { freshPhone, signInByApi, signInWithToken } from './support/accounts';
import { blockingViolations } from './support/booking-model';

/*
 * Issue 24, row 26: in demo mode a flash-sale purchase is paid as an order is, with the simulated
 * provider's "Simulasikan pembayaran"; it then reads Lunas on its page, after a reload and in the
 * history. A fresh customer buys, so the per-card cap of earlier runs never meets this one.
 */

async function buyCard(page: Page, index: number): Promise<string> {
  await page.goto('/app/flash-sale');
  const cards = page.getByRole('list', { name: 'Kartu flash sale' }).getByRole('listitem');
  await expect(cards.first()).toBeVisible();
  await cards
    .nth(index)
    .getByRole('button', { name: /^Lihat / })
    .click();
  await page.getByRole('button', { name: 'Beli Sekarang' }).click();
  const dialog = page.getByRole('dialog', { name: 'Jawab Pertanyaan' });
  const question = dialog.getByRole('radiogroup');
  await expect(question).toBeVisible();
  const labelId = (await question.getAttribute('aria-labelledby'))?.split(' ')[0] ?? '';
  const text = (await page.locator(`[id="${labelId}"]`).textContent()) ?? '';
  const template = FLASH_SALE_CARDS.find((card) => card.question === text.trim());
  if (!template) throw new Error(`unknown question: ${text}`);
  const right = template.options.find((option) => option.kode === template.answer)!;
  await dialog.getByRole('radio', { name: new RegExp(right.teks) }).check({ force: true });
  await dialog.getByRole('button', { name: 'Kirim Jawaban' }).click();
  await expect(dialog).toBeHidden();
  await page.getByLabel('Nama Lengkap').fill('Sari Wulandari');
  await page.getByLabel('Nomor Handphone').fill('081298765432');
  await page.getByLabel('Email').fill('sari@contoh.id');
  await page.getByRole('button', { name: 'Lanjut Pilih Pembayaran' }).click();
  await page.getByRole('radio', { name: /BCA Virtual Account/ }).check({ force: true });
  await page.getByRole('button', { name: 'Bayar', exact: true }).click();
  await expect(page).toHaveURL(/\/app\/flash-sale\/transaksi\/FS[A-Z0-9]{8}$/);
  return new URL(page.url()).pathname.split('/').pop() ?? '';
}

test('a purchase is paid with "Simulasikan pembayaran" and reads Lunas on its page and in the history', async ({
  page,
  request,
  baseURL,
}) => {
  await signInWithToken(page, await signInByApi(request, baseURL ?? '', freshPhone()));
  const code = await buyCard(page, 0);
  const status = page.getByText('Menunggu Pembayaran', { exact: true });
  await expect(status).toBeVisible();
  await expect(page.getByText('Mode demo: tidak ada uang yang ditarik.')).toBeVisible();
  expect(await blockingViolations(page)).toEqual([]);

  await page.getByRole('button', { name: 'Simulasikan pembayaran' }).click();
  await expect(page.getByText('Lunas', { exact: true })).toBeVisible();
  await expect(status).toBeHidden();
  // Nothing is left to pay: neither the number nor either button.
  await expect(page.getByRole('button', { name: 'Simulasikan pembayaran' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Cek Status Pembayaran' })).toHaveCount(0);
  expect(await blockingViolations(page)).toEqual([]);

  await page.reload();
  await expect(page.getByText('Lunas', { exact: true })).toBeVisible();

  await page.getByRole('link', { name: 'Flash Sale Lainnya' }).click();
  await page.getByRole('link', { name: 'Riwayat Pembelian' }).click();
  const history = page.getByRole('list', { name: 'Pembelian flash sale' });
  const item = history.getByRole('listitem').filter({ hasText: code });
  await expect(item).toContainText('Lunas');
});
