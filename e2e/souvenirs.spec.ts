import { expect, test, type Page } from '@playwright/test';
import { blockingViolations } from './support/booking-model';

/*
 * Issue 11: the souvenir catalogue and its floating cart (spec section 2): add two, the cart
 * survives a reload, remove one, clear all closes the cart; the hint shows once.
 */

const cartButton = (page: Page) => page.getByRole('button', { name: /^Buka keranjang oleh-oleh/ });

test('add two souvenirs, reload, remove one, clear all', async ({ page }) => {
  await page.goto('/app/oleh-oleh');
  await expect(page.getByRole('heading', { name: 'Oleh-oleh khas kota tujuanmu' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: '24 produk' })).toBeVisible();
  expect(await blockingViolations(page)).toEqual([]);
  await expect(cartButton(page)).toHaveCount(0);

  await page.getByRole('button', { name: 'Tambah Bolu Susu Lembang ke keranjang' }).first().click();
  const hint = page.getByRole('note').filter({ hasText: 'Keranjang oleh-olehmu ada di sini' });
  await expect(hint).toBeVisible();
  expect(await blockingViolations(page)).toEqual([]);
  await hint.getByRole('button', { name: 'Mengerti' }).click();
  await expect(hint).toHaveCount(0);
  await page.getByRole('button', { name: 'Tambah Dodol Garut Original ke keranjang' }).click();
  await expect(cartButton(page)).toHaveAccessibleName('Buka keranjang oleh-oleh, 2 barang');

  await page.reload();
  await expect(cartButton(page)).toHaveAccessibleName('Buka keranjang oleh-oleh, 2 barang');
  await expect(hint).toHaveCount(0);

  await cartButton(page).click();
  const cart = page.getByRole('dialog', { name: 'Keranjang Oleh-oleh' });
  await expect(cart.getByRole('listitem')).toHaveCount(2);
  await expect(cart.getByText('Rp 80.000')).toBeVisible();
  const order = cart.getByRole('link', { name: 'Pesan via WhatsApp' });
  const href = decodeURIComponent((await order.getAttribute('href')) ?? '');
  expect(href).toMatch(/^https:\/\/wa\.me\/\d+\?text=/);
  expect(href).toContain('- Bolu Susu Lembang (Kotak isi 10) x1 = Rp 45.000');
  expect(href).toContain('Total: Rp 80.000');
  expect(await blockingViolations(page)).toEqual([]);

  await cart.getByRole('button', { name: 'Hapus Bolu Susu Lembang' }).click();
  await expect(cart.getByRole('listitem')).toHaveCount(1);
  await expect(cart.getByText('Dodol Garut Original')).toBeVisible();
  await cart.getByRole('button', { name: 'Kosongkan Keranjang' }).click();
  await expect(cart).toHaveCount(0);
  await expect(cartButton(page)).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('status').filter({ hasText: '24 produk' })).toBeVisible();
  await expect(cartButton(page)).toHaveCount(0);
});

test('search, a category, the next page and a product page', async ({ page }) => {
  await page.goto('/app/oleh-oleh');
  await page.getByRole('searchbox').fill('kopi');
  await page.getByRole('button', { name: 'Cari' }).click();
  await expect(page.getByRole('status').filter({ hasText: '2 hasil untuk “kopi”' })).toBeVisible();
  await expect(page).toHaveURL(/q=kopi/);

  await page.goto('/app/oleh-oleh');
  await page.getByRole('navigation', { name: 'Kategori' }).getByRole('link', { name: 'Batik & Kain' }).click();
  await expect(page.getByRole('status').filter({ hasText: '4 produk' })).toBeVisible();
  await page.getByRole('navigation', { name: 'Kategori' }).getByRole('link', { name: 'Semua' }).click();
  await page.getByRole('link', { name: 'Berikutnya' }).click();
  await expect(page.getByText('Halaman 2 dari 2')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Sarung Goyor Pemalang' })).toBeVisible();

  await page.getByRole('link', { name: 'Sarung Goyor Pemalang' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Sarung Goyor Pemalang' })).toBeVisible();
  await expect(page.getByText('Penjual: Goyor Wanarejan')).toBeVisible();
  expect(await blockingViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Tambah ke Keranjang' }).click();
  await expect(cartButton(page)).toHaveAccessibleName('Buka keranjang oleh-oleh, 1 barang');

  await page.goto('/app/oleh-oleh/999999');
  await expect(page.getByText('Produk oleh-oleh tidak ditemukan')).toBeVisible();
});
