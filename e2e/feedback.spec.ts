import { expect, test } from '@playwright/test';
import { FEEDBACK_MESSAGES } from '../contract';
import { DEMO_TOKEN } from '../server/db/seed-data/accounts';
import { signInWithToken } from './support/accounts';
import { blockingViolations } from './support/booking-model';

/* Issue 11: a signed-in customer sends feedback, finds it in the history and opens it. */

test('send feedback while signed in, then open it from the history', async ({ page }) => {
  await signInWithToken(page, DEMO_TOKEN);
  await page.goto('/app/customer/feedback');
  const form = page.getByRole('form', { name: 'Kirim Masukan' });
  await expect(form.getByLabel('Kategori')).toBeVisible();
  await form.getByRole('button', { name: 'Kirim Masukan' }).click();
  await expect(form.getByText(FEEDBACK_MESSAGES.category)).toBeVisible();
  await expect(form.getByText(FEEDBACK_MESSAGES.message)).toBeVisible();
  expect(await blockingViolations(page)).toEqual([]);

  // Unique per run: retries and repeats meet the ones before them in the history.
  const subject = `Sopir ramah ${test.info().project.name} ${Date.now().toString(36)}`;
  await form.getByLabel('Kategori').selectOption({ label: 'Pelayanan Operator' });
  await form.getByLabel('Judul', { exact: true }).fill(subject);
  await form
    .getByLabel('Pesan', { exact: true })
    .fill('Sopir sangat ramah dan membantu menaikkan koper ke bagasi. Terima kasih!');
  await form.getByRole('button', { name: 'Kirim Masukan' }).click();
  await expect(page.getByRole('status').getByText(FEEDBACK_MESSAGES.sent).first()).toBeVisible();
  await expect(form.getByLabel('Judul', { exact: true })).toHaveValue('');

  const item = page.getByRole('link', { name: new RegExp(subject) });
  await expect(item).toContainText('Terkirim');
  await item.click();
  await expect(page).toHaveURL(/\/app\/customer\/feedback\/\d+$/);
  await expect(page.getByRole('heading', { name: subject })).toBeVisible();
  await expect(page.getByText(/Belum ada balasan/)).toBeVisible();
  expect(await blockingViolations(page)).toEqual([]);
});
