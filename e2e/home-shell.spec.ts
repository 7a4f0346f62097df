import { expect, test, type Browser, type Page } from '@playwright/test';

/*
 * Issue 12: the home page arrives with its header drawn in plain HTML (vite.config.ts, HOME_SHELL),
 * which the app then replaces with the React header (src/features/search/home-screen.tsx and the
 * logo). The two are written twice: this test fails when they drift apart in text or in place, which
 * the traveller would see as a header that changes or jumps when the app starts.
 */

interface HeaderPart {
  text: string;
  box: { x: number; y: number; width: number; height: number };
}

interface HeaderShape {
  title: HeaderPart;
  tagline: HeaderPart;
  brand: HeaderPart;
  mark: HeaderPart;
  background: string;
}

/** The header's title, tagline, brand name and mark: their text and where they are drawn. */
async function headerShape(page: Page): Promise<HeaderShape> {
  await page.evaluate(() => document.fonts.ready);
  const part = async (selector: string): Promise<HeaderPart> => {
    const element = page.locator(selector).first();
    await expect(element).toBeVisible();
    const box = await element.boundingBox();
    if (!box) throw new Error(`${selector} has no box`);
    const text = ((await element.textContent()) ?? '').replace(/\s+/g, ' ').trim();
    const round = (value: number) => Math.round(value);
    return { text, box: { x: round(box.x), y: round(box.y), width: round(box.width), height: round(box.height) } };
  };
  return {
    title: await part('header h1'),
    tagline: await part('header h1 + p'),
    brand: await part('header span.text-lg'),
    mark: await part('header svg.size-8'),
    background: await page
      .locator('header')
      .first()
      .evaluate((header) => getComputedStyle(header).backgroundColor),
  };
}

/** The page as sent, before any script runs. */
async function shellShape(browser: Browser, baseURL: string, viewport: { width: number; height: number }) {
  const context = await browser.newContext({ javaScriptEnabled: false, viewport, baseURL });
  try {
    const page = await context.newPage();
    await page.goto('/');
    return await headerShape(page);
  } finally {
    await context.close();
  }
}

test('the home header drawn in HTML matches the header the app renders', async ({ browser, page, baseURL }) => {
  const viewport = page.viewportSize();
  if (!viewport || !baseURL) throw new Error('the project sets a viewport and a base URL');
  const shell = await shellShape(browser, baseURL, viewport);
  expect(shell.title.text).toBe('Pesan tiket bus & shuttle antarkota');

  await page.goto('/');
  // The app has taken over once its search form is there.
  await expect(page.getByRole('button', { name: 'Cari Tiket' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Berangkat, ke beranda' })).toBeVisible();
  const app = await headerShape(page);

  expect(shell).toEqual(app);
});
