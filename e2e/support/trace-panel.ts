import { expect, type Page } from '@playwright/test';

/** The `?debug=trace` panel, unfolded: it starts as one line in the corner. */
export async function openTracePanel(page: Page) {
  const panel = page.getByRole('complementary', { name: 'Catatan untuk CS' });
  await expect(panel).toBeVisible();
  const toggle = panel.getByRole('button', { name: /^Catatan: \d+ langkah/ });
  if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  return panel;
}
