import { expect, test, type Page, type Request } from '@playwright/test';

/*
 * Issue 24, row 9: an operator's own app opens the page with `operator_kode`; its home search then
 * looks points up through the -v2 and operator calls and
 * lists only that operator's points. Without it, the plain look-ups and every operator's points.
 */

const OPERATOR = 'CPT';

/** The point look-ups the page made, by path, with their query. */
function lookups(page: Page): URL[] {
  const seen: URL[] = [];
  page.on('request', (request: Request) => {
    const url = new URL(request.url());
    if (/\/api\/(search-point|list-tujuan|list-keberangkatan)/.test(url.pathname)) seen.push(url);
  });
  return seen;
}

async function originNames(page: Page): Promise<string[]> {
  const from = page.getByRole('combobox', { name: 'Dari' });
  await from.click();
  await from.fill('');
  const list = page.getByRole('listbox');
  await expect(list.getByRole('option').first()).toBeVisible();
  return list.getByRole('option').allTextContents();
}

async function destinationNames(page: Page): Promise<string[]> {
  const to = page.getByRole('combobox', { name: 'Ke' });
  await to.click();
  await to.fill('');
  const list = page.getByRole('listbox');
  await expect(list.getByRole('option').first()).toBeVisible();
  return list.getByRole('option').allTextContents();
}

test("with operator_kode the search looks up only that operator's points, through the -v2 calls", async ({
  page,
  browser,
}) => {
  const seen = lookups(page);
  await page.goto(`/?operator_kode=${OPERATOR}`);
  const scoped = await originNames(page);
  await page.keyboard.press('Escape');
  const scopedDestinations = await destinationNames(page);
  await page.keyboard.press('Escape');
  // Typed text is searched after the field's debounce. The operator does not serve Surabaya.
  const originSearch = page.waitForRequest(/\/api\/search-point-asal-v2\?/);
  await page.getByRole('combobox', { name: 'Dari' }).click();
  await page.getByRole('combobox', { name: 'Dari' }).fill('surabaya');
  await originSearch;
  await expect(page.getByText('Tidak ada kota atau pool yang cocok.')).toBeVisible();
  await page.keyboard.press('Escape');
  const destinationSearch = page.waitForRequest(/\/api\/search-point-tujuan-v2\?/);
  await page.getByRole('combobox', { name: 'Ke' }).click();
  await page.getByRole('combobox', { name: 'Ke' }).fill('surabaya');
  await destinationSearch;
  await expect(page.getByText('Tidak ada kota atau pool yang cocok.')).toBeVisible();

  const paths = new Set(seen.map((url) => url.pathname.replace(/^\/api/, '')));
  expect(paths).toEqual(
    new Set(['/list-keberangkatan-operator-v2', '/search-point-asal-v2', '/list-tujuan-v2', '/search-point-tujuan-v2']),
  );
  expect(seen.every((url) => url.searchParams.get('operator_kode') === OPERATOR)).toBe(true);
  // The operator's cities and pools: Bandung and Jakarta among them, never Surabaya.
  expect(scoped).toContain('Bandung, Semua pool di kota ini');
  expect(scoped.some((name) => name.includes('Surabaya'))).toBe(false);
  expect(scopedDestinations.some((name) => name.includes('Surabaya'))).toBe(false);

  // The same page without the parameter: the plain calls, and Surabaya is there to choose.
  const plainPage = await browser.newPage({ viewport: page.viewportSize() });
  const plain = lookups(plainPage);
  await plainPage.goto('/');
  await originNames(plainPage);
  await plainPage.keyboard.press('Escape');
  await destinationNames(plainPage);
  await plainPage.keyboard.press('Escape');
  const plainSearch = plainPage.waitForRequest(/\/api\/search-point-asal\?/);
  await plainPage.getByRole('combobox', { name: 'Dari' }).click();
  await plainPage.getByRole('combobox', { name: 'Dari' }).fill('surabaya');
  await plainSearch;
  await expect(plainPage.getByRole('option', { name: /^Surabaya/ }).first()).toBeVisible();
  expect(new Set(plain.map((url) => url.pathname.replace(/^\/api/, '')))).toEqual(
    new Set(['/search-point-asal', '/list-tujuan']),
  );
  expect(plain.every((url) => !url.searchParams.has('operator_kode'))).toBe(true);
  await plainPage.close();
});
