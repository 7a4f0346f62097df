import { expect, test, type Request } from '@playwright/test';
import { DEFAULT_BASIC_CREDENTIALS, HEADER } from '../contract';
import { DEMO_TOKEN } from '../server/db/seed-data/accounts';
import { PLATFORM_OF, fakeNativeHost, type HostKind } from './support/native-host';
import { openTracePanel } from './support/trace-panel';

/*
 * Issue 10 and spec sections 2, 6, 7: the product inside an Android or iOS app's webview. A fake
 * host injects the bridge objects and records what the page posts.
 */

function tomorrowInJakarta(): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Jakarta' }).format(new Date());
  const [y, m, d] = today.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10);
}
const DETAIL = `/app/detail-schedule-standalone?operator_code=XTR&schedule_code=XTR-BDG-JKT-0800&date=${tomorrowInJakarta()}`;

const basicOf = (kind: HostKind) => {
  const { user, password } = DEFAULT_BASIC_CREDENTIALS[PLATFORM_OF[kind]];
  return `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;
};

for (const kind of ['android', 'ios'] as const) {
  const platform = PLATFORM_OF[kind];

  test.describe(`inside the ${kind} app`, () => {
    test('appbar=1 hides the navbar; the page says it is ready with its platform', async ({ page }) => {
      const messages = await fakeNativeHost(page, kind);
      await page.goto(`${DETAIL}&appbar=1&platform=${platform}`);
      await expect(page.getByRole('heading', { level: 1, name: 'Detail Jadwal' })).toBeAttached();
      await expect(page.getByRole('button', { name: 'Kembali' })).toHaveCount(0);
      await expect(page.getByRole('banner')).toHaveCount(0);
      await expect.poll(() => messages.find((message) => message.type === 'ready')).toMatchObject({ platform });
    });

    test('the back button always tells the host, with the route it was pressed on', async ({ page }) => {
      const messages = await fakeNativeHost(page, kind);
      await page.goto(`/app/login?platform=${platform}`);
      await page.getByRole('button', { name: 'Kembali' }).click();
      await expect
        .poll(() => messages.filter((message) => message.type === 'back'))
        .toEqual([{ type: 'back', route: expect.stringMatching(/^\/app\/login/) as unknown as string }]);
    });

    test("guest calls carry the platform's credentials; the version code the host reports goes with every call", async ({
      page,
    }) => {
      await fakeNativeHost(page, kind);
      // The first page's calls still on their way when the code is set went out without it.
      const inFlight = new Set<Request>();
      page.on('request', (request) => {
        if (request.url().includes('/api/')) inFlight.add(request);
      });
      page.on('requestfinished', (request) => inFlight.delete(request));
      page.on('requestfailed', (request) => inFlight.delete(request));
      const first = page.waitForRequest((request) => request.url().includes('/api/') && request.method() === 'GET');
      await page.goto(`${DETAIL}&platform=${platform}`);
      const guest = await first;
      expect(guest.headers()[HEADER.platform]).toBe(platform);
      expect(guest.headers()[HEADER.authorization]).toBe(basicOf(kind));
      expect(guest.headers()[HEADER.versionCode]).toBeUndefined();

      expect(
        await page.evaluate(() =>
          (window as unknown as { berangkatSetVersionCode: (c: unknown) => boolean }).berangkatSetVersionCode('abc'),
        ),
      ).toBe(false);
      expect(
        await page.evaluate(() =>
          (window as unknown as { berangkatSetVersionCode: (c: unknown) => boolean }).berangkatSetVersionCode('120'),
        ),
      ).toBe(true);
      // A reload of the webview keeps the code; the next calls carry it and are answered. The first
      // page's calls must be over first, or one of them could be taken for the reloaded page's.
      await expect.poll(() => inFlight.size).toBe(0);
      const next = page.waitForResponse(
        (response) => response.url().includes('/api/') && response.request().method() === 'GET',
      );
      await page.reload();
      const response = await next;
      expect(response.request().headers()[HEADER.versionCode]).toBe('120');
      expect(response.status()).toBe(200);
    });

    test('auth= in the URL signs the page in', async ({ page }) => {
      await fakeNativeHost(page, kind);
      const signedIn = page.waitForRequest((request) =>
        (request.headers()[HEADER.authorization] ?? '').startsWith('Bearer '),
      );
      await page.goto(`/?auth=${DEMO_TOKEN}&platform=${platform}`);
      expect((await signedIn).headers()[HEADER.authorization]).toBe(`Bearer ${DEMO_TOKEN}`);
      await expect(page.getByRole('button', { name: 'Akun Saya' }).first()).toBeVisible();
    });

    test('a map link is handed to the host, and the webview stays on its page', async ({ page }) => {
      const messages = await fakeNativeHost(page, kind);
      await page.goto(`${DETAIL}&platform=${platform}`);
      const before = page.url();
      const link = page.getByRole('link', { name: /^Lihat Peta / }).first();
      const href = await link.getAttribute('href');
      await link.click();
      await expect
        .poll(() => messages.filter((message) => message.type === 'open-external'))
        .toEqual([{ type: 'open-external', url: href, kind: 'maps' }]);
      expect(page.url()).toBe(before);
      expect(page.context().pages()).toHaveLength(1);
    });

    test('the call centre\'s WhatsApp link after "Kirim ke CS" is handed to the host with the CS code', async ({
      page,
    }) => {
      const messages = await fakeNativeHost(page, kind);
      await page.goto(`${DETAIL}&platform=${platform}&debug=trace`);
      const panel = await openTracePanel(page);
      await panel.getByRole('button', { name: 'Kirim ke CS' }).click();
      const dialog = page.getByRole('dialog', { name: 'Kirim catatan ke CS' });
      await dialog.getByRole('button', { name: 'Kirim', exact: true }).click();
      const code = (await dialog.getByTestId('support-code').textContent()) ?? '';
      expect(code).toMatch(/^CS-[0-9A-Z]{6}$/);
      const before = page.url();
      await dialog.getByRole('link', { name: /^Hubungi CS lewat WhatsApp/ }).click();
      await expect
        .poll(() => messages.filter((message) => message.type === 'open-external'))
        .toEqual([{ type: 'open-external', url: expect.stringContaining(encodeURIComponent(code)), kind: 'whatsapp' }]);
      const handed = messages.find((message) => message.type === 'open-external');
      expect(handed?.type === 'open-external' ? handed.url : '').toMatch(/^https:\/\/wa\.me\/\d+\?text=/);
      expect(page.url()).toBe(before);
      expect(page.context().pages()).toHaveLength(1);
    });
  });
}

test('an app that never hands its credentials over (built before issue 21) still works, as a web page', async ({
  page,
}) => {
  await fakeNativeHost(page, 'android', { handsCredentials: false });
  const guest = page.waitForResponse((response) => new URL(response.url()).pathname.startsWith('/api/'));
  await page.goto(`${DETAIL}&platform=APP-ANDROID`);
  const response = await guest;
  // The web pair under APP-ANDROID would be refused: after a short wait the calls go as WEB.
  expect(response.request().headers()[HEADER.platform]).toBe('WEB');
  const { user, password } = DEFAULT_BASIC_CREDENTIALS.WEB;
  expect(response.request().headers()[HEADER.authorization]).toBe(
    `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`,
  );
  expect(response.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1, name: 'Detail Jadwal' })).toBeVisible();
});

test('in a browser the map link opens a new tab and nothing is posted', async ({ page }) => {
  await page.goto(DETAIL);
  const link = page.getByRole('link', { name: /^Lihat Peta / }).first();
  await expect(link).toHaveAttribute('target', '_blank');
  expect(await page.evaluate(() => 'BerangkatAndroid' in window || 'webkit' in window)).toBe(false);
});
