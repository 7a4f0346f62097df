import { expect, test, type Page } from '@playwright/test';

/*
 * Issue 12: the production build under its Content Security Policy. The app must work with
 * scripts from its own origin only, and the browser must report no violation on the way from
 * the home page through a search to the seat map (react-aria's popovers and the calendar
 * included).
 */

interface Violation {
  directive: string;
  blocked: string;
  source: string;
}

/** Every CSP violation the page reports, kept on the test's side across navigations. */
async function recordViolations(page: Page): Promise<{ events: Violation[]; console: string[] }> {
  const events: Violation[] = [];
  const console: string[] = [];
  await page.exposeBinding('__recordCspViolation', (_source, violation: Violation) => {
    events.push(violation);
  });
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      (window as unknown as { __recordCspViolation: (v: unknown) => void }).__recordCspViolation({
        directive: event.effectiveDirective,
        blocked: event.blockedURI,
        source: `${event.sourceFile}:${event.lineNumber}`,
      });
    });
  });
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) console.push(message.text());
  });
  return { events, console };
}

test('the built app loads, searches and opens a seat map with zero CSP violations', async ({ page }) => {
  const violations = await recordViolations(page);
  const scripts: { url: string; encoding: string | undefined; length: number }[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    const headers = response.headers();
    scripts.push({
      url: response.url(),
      encoding: headers['content-encoding'],
      length: Number(headers['content-length'] ?? 0),
    });
  });

  const document = await page.goto('/');
  expect(document?.status()).toBe(200);
  const headers = document?.headers() ?? {};
  expect(headers['content-security-policy']).toMatch(/(^|;\s*)script-src 'self'(;|$)/);
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  expect(headers['cache-control']).toBe('no-cache');

  await expect(page.getByRole('combobox', { name: 'Dari' })).toHaveValue('Bandung');
  await expect(page.getByRole('heading', { name: 'Tujuan populer' })).toBeVisible();

  // The calendar popover (react-aria) opens and closes under the policy.
  await page.getByRole('button', { name: /^Tanggal Berangkat / }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);

  await page.getByRole('button', { name: 'Cari Tiket' }).click();
  await expect(page).toHaveURL(/\/app\/schedule\?.*asal_id=1.*tujuan_id=2/);
  await expect(page.getByText(/^Sisa \d+ kursi$/).first()).toBeVisible();
  // Operator logos come from this origin and load.
  const logo = page.getByRole('article').first().getByRole('img').first();
  await expect(logo).toBeVisible();
  await expect.poll(() => logo.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);

  await page.getByRole('button', { name: 'Pilih Garuda Mas Armada 07.00 WIB' }).click();
  await expect(page.getByRole('grid', { name: /^Denah kursi / })).toBeVisible();

  // The browser received the app's code compressed, as the build wrote it (a file of a few bytes
  // may have no smaller compressed copy).
  expect(scripts.length).toBeGreaterThan(0);
  expect(scripts.filter((script) => script.encoding !== 'br' && script.length > 200)).toEqual([]);
  expect(violations.events).toEqual([]);
  expect(violations.console).toEqual([]);
});

test('an inline script is refused by the policy (the CSP is in force, not only sent)', async ({ page }) => {
  const violations = await recordViolations(page);
  await page.goto('/');
  await expect(page.getByRole('button', { name: 'Cari Tiket' })).toBeVisible();
  const ran = await page.evaluate(() => {
    const script = document.createElement('script');
    script.textContent = 'window.__inlineRan = true;';
    document.body.append(script);
    return (window as unknown as { __inlineRan?: boolean }).__inlineRan === true;
  });
  expect(ran).toBe(false);
  await expect.poll(() => violations.events.map((violation) => violation.directive)).toContain('script-src-elem');
});
