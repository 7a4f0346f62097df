import { expect, test, type Page } from '@playwright/test';

/**
 * Every page route opened with hostile URL search params (huge, unicode, script tags, wrong
 * types, repeated keys, `__proto__`, broken percent-encoding) still draws a screen: its heading
 * or its fallback, never a blank root, never an uncaught error, never the crash screen.
 * The paths are the page routes of src/routeTree.gen.ts, path params filled with junk too.
 */

const JUNK = 'XYZ%3Cb%3E';

const PAGES = [
  '/',
  '/app-m-web/change-form',
  '/app-m-web/change-form/calendar',
  '/app/berkah-info',
  `/app/blog/${JUNK}`,
  `/app/confirmation-order/${JUNK}`,
  `/app/customer/detail-voucher/${JUNK}`,
  '/app/customer/feedback/',
  `/app/customer/feedback/${JUNK}`,
  '/app/customer/list-order',
  '/app/customer/list-voucher',
  '/app/customer/profile',
  '/app/detail-refundable',
  '/app/detail-refundable-covid',
  '/app/detail-reservation',
  '/app/detail-reservation/return',
  '/app/detail-schedule-standalone',
  '/app/detail-schedule-standalone/location',
  `/app/detail-voucher/${JUNK}`,
  `/app/event/${JUNK}`,
  '/app/faq',
  '/app/flash-sale/',
  `/app/flash-sale/card/${JUNK}`,
  '/app/flash-sale/riwayat',
  `/app/flash-sale/transaksi/${JUNK}`,
  '/app/info-select-seat',
  '/app/information-connecting',
  '/app/information-passengers',
  '/app/information-passengers/berkah-detail',
  '/app/information-passengers/info-customer-order',
  '/app/information-passengers/info-passenger-order',
  '/app/information-passengers/list-voucher',
  '/app/information-passengers/terms-condition',
  '/app/list-customer-point',
  '/app/list-voucher-standalone',
  '/app/login',
  '/app/m-information-passengers-without-no-select-seat',
  '/app/maps',
  '/app/oleh-oleh/',
  `/app/oleh-oleh/${JUNK}`,
  '/app/operator',
  `/app/order/${JUNK}`,
  `/app/order/${JUNK}/change-payment`,
  `/app/order/${JUNK}/location`,
  `/app/order/${JUNK}/qr-code`,
  `/app/payment-order/${JUNK}`,
  `/app/payment-order/${JUNK}/change-payment`,
  '/app/payment-url',
  '/app/referral',
  '/app/schedule',
  '/app/schedule/return',
  '/app/schedule/calendar',
  '/app/schedule/change-calendar',
  '/app/schedule/change-view-schedule',
  '/app/schedule/detail-schedule',
  '/app/schedule/detail-schedule-by-patner',
  '/app/schedule/filter-mitra',
  '/app/schedule/filter',
  '/app/schedule/filter/jam',
  '/app/select-seat',
  '/app/select-seat/detail-price-seat',
  '/app/select-seat/info-passenger',
  '/app/support/replay',
  '/app/terms-condition-standalone',
  `/order/${JUNK}`,
  `/order/${JUNK}/change-payment`,
  `/order/${JUNK}/location`,
  '/tiket-bus',
];

const big = (ch: string, n: number) => encodeURIComponent(ch.repeat(n));

// Huge, but under the 16 KB of request head a Node server reads (beyond it the server answers 431).

/** One query string that carries every kind of junk the router may meet. */
const HOSTILE_QUERY = [
  `asal_id=${big('9', 2000)}`,
  `tujuan_id=${encodeURIComponent('<script>window.__xss=1</script>')}`,
  `tanggal_berangkat=${encodeURIComponent('\u202E😀2026-02-30')}`,
  `redirect=${encodeURIComponent('javascript:window.__xss=1')}`,
  `auth=${big('é', 700)}`,
  `view=${encodeURIComponent('<img src=x onerror="window.__xss=1">')}`,
  `q=${big('A', 3000)}`,
  'page=-1',
  'page=abc',
  'asal_id=[1,2]',
  'asal_tipe=%7B%22a%22%3A1%7D',
  'flag_pp=NaN',
  'flag_pp=Infinity',
  'lat=1e309',
  'lon=-Infinity',
  '__proto__[polluted]=1',
  '__proto__=%7B%22polluted%22%3A1%7D',
  'constructor[prototype][polluted]=1',
  'tanggal_berangkat=9999-12-31',
  'reservasi_kode=%00',
  'kode=%ED%A0%80',
  'bad=%',
  'worse=%ZZ',
].join('&');

/**
 * The layouts share every route's search validation and fallbacks, so every route runs on desktop
 * and the screens the mobile layout draws differently run on mobile too (the whole list on both
 * layouts would cost CI minutes for the same code).
 */
const MOBILE_TOO = new Set([
  '/',
  '/app-m-web/change-form',
  '/app-m-web/change-form/calendar',
  '/app/information-passengers',
  '/app/m-information-passengers-without-no-select-seat',
  '/app/schedule',
  '/app/schedule/filter',
  '/app/select-seat',
  '/app/customer/list-order',
  `/app/order/${JUNK}`,
]);

/**
 * The routes in a few batches per layout, each batch in one page: a fresh browser context per route
 * downloaded and compiled the app's scripts again for every route, most of the spec's time. Every
 * route is still a full navigation to a new document, checked on its own step.
 */
const BATCHES = 4;
const batchesOf = (paths: string[], count: number) =>
  Array.from({ length: count }, (_, batch) => paths.filter((_, index) => index % count === batch)).filter(
    (batch) => batch.length > 0,
  );

async function drawsAScreen(page: Page, path: string) {
  const errors: string[] = [];
  const onError = (error: Error) => errors.push(`${error.name}: ${error.message}`);
  page.on('pageerror', onError);
  try {
    await page.goto(`${path}?${HOSTILE_QUERY}`);
    const root = page.locator('#root');
    // Its heading, or a fallback's: the first visible heading of the page.
    await expect(root.getByRole('heading').first()).toBeVisible();
    await expect(root.getByRole('heading', { name: 'Terjadi kesalahan' })).toHaveCount(0);
    expect((await root.innerText()).trim().length, 'the page has text').toBeGreaterThan(0);
    const injected = await page.evaluate(() => ({
      xss: (window as unknown as { __xss?: unknown }).__xss,
      polluted: ({} as Record<string, unknown>).polluted,
    }));
    expect(injected).toEqual({ xss: undefined, polluted: undefined });
    expect(errors).toEqual([]);
  } finally {
    page.off('pageerror', onError);
  }
}

for (const [index, batch] of batchesOf(PAGES, BATCHES).entries()) {
  test(`routes batch ${index + 1} (${batch[0]} and ${batch.length - 1} more) draw a screen with hostile search params @desktop-only`, async ({
    page,
  }) => {
    test.setTimeout(30_000 + batch.length * 5_000);
    for (const path of batch) await test.step(path, () => drawsAScreen(page, path));
  });
}

for (const [index, batch] of batchesOf([...MOBILE_TOO], 2).entries()) {
  test(`mobile routes batch ${index + 1} (${batch[0]} and ${batch.length - 1} more) draw a screen with hostile search params @mobile-only`, async ({
    page,
  }) => {
    test.setTimeout(30_000 + batch.length * 5_000);
    for (const path of batch) await test.step(path, () => drawsAScreen(page, path));
  });
}
