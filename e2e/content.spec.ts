import { expect, test } from '@playwright/test';
import { blockingViolations } from './support/booking-model';

/* Issue 11: FAQ, the popup of an ads code, events, blog, operators, maps and the home's content. */

test('open a FAQ answer, and reach the call centre from the help page', async ({ page }) => {
  await page.goto('/app/faq');
  const popular = page.getByRole('region', { name: 'Pertanyaan Populer' });
  const question = popular.getByText('Berapa lama batas waktu pembayaran?');
  const answer = popular.getByText(/Batas waktu pembayaran tampil di halaman pembayaran/);
  await expect(answer).toBeHidden();
  await question.click();
  await expect(answer).toBeVisible();
  await expect(page.getByRole('link', { name: 'Chat CS via WhatsApp' })).toHaveAttribute(
    'href',
    /^https:\/\/wa\.me\/\d+$/,
  );
  expect(await blockingViolations(page)).toEqual([]);
});

test("a campaign's popup shows once per session and leads to its event's vouchers", async ({ page }) => {
  await page.goto('/?ads_kode=MUDIK2026');
  const popup = page.getByRole('dialog', { name: 'Mudik lebih hemat' });
  await expect(popup).toBeVisible();
  expect(await blockingViolations(page)).toEqual([]);
  await popup.getByRole('button', { name: 'Tutup' }).click();
  await expect(popup).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.getByRole('heading', { name: 'Kenapa pesan di Berangkat?' }).scrollIntoViewIfNeeded();
  await expect(page.getByRole('heading', { name: 'Rute Populer' })).toBeVisible();
  await expect(popup).toHaveCount(0);

  // Another tab is another session: the popup shows again, and its button opens the event.
  const other = await page.context().newPage();
  await other.goto('/');
  const again = other.getByRole('dialog', { name: 'Mudik lebih hemat' });
  await again.getByRole('link', { name: 'Lihat Voucher' }).click();
  await expect(other).toHaveURL(/\/app\/event\/mudik-hemat$/);
  await expect(other.getByText('MUDIK15', { exact: true })).toBeVisible();
  expect(await blockingViolations(other)).toEqual([]);
});

test('home shows banners and popular routes; a route opens its schedules', async ({ page }) => {
  await page.goto('/');
  // Below the fold on a phone, they load when scrolled to.
  await page.getByRole('heading', { name: 'Kenapa pesan di Berangkat?' }).scrollIntoViewIfNeeded();
  const banners = page.getByRole('region', { name: 'Promo dan info' }).getByRole('img');
  await expect(banners).toHaveCount(3);
  // Banners are sized (no layout shift) and lazy.
  await expect(banners.first()).toHaveAttribute('loading', 'lazy');
  await expect(banners.first()).toHaveAttribute('width', '1200');
  // The footer's contacts load when it is scrolled to.
  await page.getByRole('contentinfo').scrollIntoViewIfNeeded();
  await expect(page.getByRole('link', { name: 'Instagram' })).toHaveAttribute('href', /^https:\/\//);
  const route = page.getByRole('region', { name: 'Rute Populer' }).getByRole('link').first();
  await route.click();
  await expect(page).toHaveURL(/\/app\/schedule\?.*asal_id=/);
});

test('a blog post, the partner operators and a map location read well, and bad links say so', async ({ page }) => {
  await page.goto('/app/blog/tips-mudik-nyaman-naik-bus');
  await expect(page.getByRole('heading', { level: 1, name: '7 tips mudik nyaman naik bus dan travel' })).toBeVisible();
  expect(await blockingViolations(page)).toEqual([]);
  await page.goto('/app/blog/tidak-ada');
  await expect(page.getByText('Artikel tidak ditemukan')).toBeVisible();

  await page.goto('/app/operator');
  await expect(page.getByText('Cipta Trans')).toBeVisible();
  expect(await blockingViolations(page)).toEqual([]);

  await page.goto('/app/maps?lat=-6.9147&lon=107.6098&label=Pool%20Pasteur');
  await expect(page.getByRole('heading', { name: 'Pool Pasteur' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Buka di Google Maps' })).toHaveAttribute(
    'href',
    /query=-6.9147,107.6098/,
  );
  expect(await blockingViolations(page)).toEqual([]);
  await page.goto('/app/maps?lat=abc');
  await expect(page.getByText('Lokasi tidak ditemukan')).toBeVisible();

  await page.goto('/app/event/promo-kemerdekaan');
  await expect(page.getByText('Event tidak ditemukan atau sudah berakhir')).toBeVisible();
});
