/**
 * The seat page as bench:ui and the tap profiler open it: DD40 ("Bus Tingkat 40 Kursi"), schedule
 * GMA-BDG-JKT-0700 (both floors open; its 22.00 twin has the lower floor sold out), upper floor
 * (32 seats), tomorrow; and one tap as a person does it.
 */
import {
  devices,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type CDPSession,
  type Locator,
  type Page,
} from '@playwright/test';

export const SCHEDULE_BUTTON = 'Pilih Garuda Mas Armada 07.00 WIB';
export const FLOOR = 'Lantai Atas';
/** Taps cycle over this many free seats: with the cap of 3, every tap chooses one and drops the oldest. */
export const CYCLED_SEATS = 6;
/** A finger (or mouse button) held as long as a person does, so the press is handled before the release. */
export const PRESS_MS = 80;

export interface Profile {
  name: string;
  options: BrowserContextOptions;
  touch: boolean;
}

export const PROFILES: readonly Profile[] = [
  {
    name: 'mobile (Pixel 7, 390x844, touch)',
    options: { ...devices['Pixel 7'], viewport: { width: 390, height: 844 } },
    touch: true,
  },
  { name: 'desktop (1280x800, mouse)', options: { viewport: { width: 1280, height: 800 } }, touch: false },
];

export function tomorrowInJakarta(): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Jakarta' }).format(new Date());
  const [y, m, d] = today.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10);
}

export function searchUrl(base: string): string {
  return `${base}/app/schedule?asal_id=1&asal_tipe=kota&tujuan_id=2&tujuan_tipe=kota&tanggal=${tomorrowInJakarta()}`;
}

export interface SeatPage {
  context: BrowserContext;
  page: Page;
  cdp: CDPSession;
  /** CYCLED_SEATS free seats of the upper floor. */
  seats: Locator[];
}

/** From the schedule list to the upper floor of the seat page, with a CDP session on the page. */
export async function openSeatPage(
  browser: Browser,
  base: string,
  profile: Profile,
  prepare?: (context: BrowserContext) => Promise<void>,
): Promise<SeatPage> {
  const context = await browser.newContext({ ...profile.options, locale: 'id-ID', timezoneId: 'Asia/Jakarta' });
  await prepare?.(context);
  const page = await context.newPage();
  await page.goto(searchUrl(base));
  await page.getByRole('button', { name: SCHEDULE_BUTTON }).click();
  const map = page.getByRole('grid', { name: /^Denah kursi / });
  await map.waitFor();
  await page.getByRole('tab', { name: FLOOR, exact: true }).click();
  await page.getByRole('grid', { name: `Denah kursi ${FLOOR}` }).waitFor();
  const free = map.locator('button[data-seat-key]:not([aria-disabled="true"])');
  if ((await free.count()) < CYCLED_SEATS) throw new Error('not enough free seats on the upper floor');
  const seats = Array.from({ length: CYCLED_SEATS }, (_, index) => free.nth(index));
  const cdp = await context.newCDPSession(page);
  return { context, page, cdp, seats };
}

/** One tap: press, hold PRESS_MS, release; the click follows the release. */
export async function tap(page: Page, cdp: CDPSession, target: Locator, touch: boolean): Promise<void> {
  await target.scrollIntoViewIfNeeded();
  const box = await target.boundingBox();
  if (!box) throw new Error('tap target has no box');
  await tapAt(page, cdp, { x: box.x + box.width / 2, y: box.y + box.height / 2 }, touch);
}

/** A press held PRESS_MS at a point of the page: a finger (CDP touch events) or the mouse. */
export async function tapAt(
  page: Page,
  cdp: CDPSession,
  { x, y }: { x: number; y: number },
  touch: boolean,
): Promise<void> {
  if (touch) {
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y }] });
    await page.waitForTimeout(PRESS_MS);
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  } else {
    await page.mouse.move(x, y);
    await page.mouse.down();
    await page.waitForTimeout(PRESS_MS);
    await page.mouse.up();
  }
}
