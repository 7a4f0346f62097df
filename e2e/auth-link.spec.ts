import { expect, test, type Page, type Request } from '@playwright/test';
import { HEADER } from '../contract';
import { DEMO_TOKEN } from '../server/db/seed-data/accounts';
import { freshPhone, signInByApi, signInWithToken } from './support/accounts';
import { PLATFORM_OF, fakeNativeHost } from './support/native-host';

/*
 * Issue 21, login CSRF: a link with `?auth=<token>` must not sign a traveller's browser tab into
 * the sender's account. Only the Android or iOS app's webview (its host's bridge present and
 * `platform=APP-*`) honours it; a browser ignores it and takes it out of the address.
 */

const signInLink = (page: Page) => page.getByRole('banner').getByRole('link', { name: 'Masuk' });
const accountButton = (page: Page) => page.getByRole('button', { name: 'Akun Saya' });

/** Every API request the page sends, kept on the test's side. */
function apiRequests(page: Page): Request[] {
  const requests: Request[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/api/')) requests.push(request);
  });
  return requests;
}

const authorizations = (requests: Request[]) =>
  requests.map((request) => (request.headers()[HEADER.authorization] ?? '').split(' ')[0]);

for (const [name, query] of [
  ['a web link', `auth=${DEMO_TOKEN}`],
  // platform=APP-* is part of the link too: without the app's bridge it proves nothing.
  ['a link that claims to be the Android app', `platform=APP-ANDROID&auth=${DEMO_TOKEN}`],
] as const) {
  test(`${name} with auth= leaves the browser tab a guest, and the token leaves the address`, async ({ page }) => {
    const requests = apiRequests(page);
    const firstCall = page.waitForRequest((request) => new URL(request.url()).pathname.startsWith('/api/'));
    await page.goto(`/?${query}`);
    await expect(page.getByRole('button', { name: 'Cari Tiket' })).toBeVisible();
    await expect(signInLink(page)).toBeVisible();
    await expect(accountButton(page)).toHaveCount(0);
    await expect(page).not.toHaveURL(/[?&]auth=/);
    // A page claiming an app platform waits a moment for a host's pair before its first call.
    await firstCall;
    await page.waitForLoadState('networkidle');
    expect(requests.length).toBeGreaterThan(0);
    expect(new Set(authorizations(requests))).toEqual(new Set(['Basic']));

    // Nor does it come back on the next page of the visit.
    await signInLink(page).click();
    await expect(page).toHaveURL(/\/app\/login/);
    await expect(accountButton(page)).toHaveCount(0);
    expect(authorizations(requests)).not.toContain('Bearer');
  });
}

test("a traveller already signed in stays herself when she opens someone else's auth= link", async ({
  page,
  request,
  baseURL,
}) => {
  const own = await signInByApi(request, baseURL ?? '', freshPhone());
  await signInWithToken(page, own);
  const requests = apiRequests(page);
  await page.goto(`/?auth=${DEMO_TOKEN}`);
  await expect(accountButton(page).first()).toBeVisible();
  await expect(page).not.toHaveURL(/[?&]auth=/);
  await page.waitForLoadState('networkidle');
  const bearers = requests
    .map((sent) => sent.headers()[HEADER.authorization] ?? '')
    .filter((value) => value.startsWith('Bearer '));
  expect(bearers.length).toBeGreaterThan(0);
  expect(new Set(bearers)).toEqual(new Set([`Bearer ${own}`]));
});

for (const kind of ['android', 'ios'] as const) {
  test(`inside the ${kind} app's webview, auth= signs the page in`, async ({ page }) => {
    await fakeNativeHost(page, kind);
    const signedIn = page.waitForRequest((request) =>
      (request.headers()[HEADER.authorization] ?? '').startsWith('Bearer '),
    );
    await page.goto(`/?platform=${PLATFORM_OF[kind]}&auth=${DEMO_TOKEN}`);
    expect((await signedIn).headers()[HEADER.authorization]).toBe(`Bearer ${DEMO_TOKEN}`);
    await expect(accountButton(page).first()).toBeVisible();
  });
}
