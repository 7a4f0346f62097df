import { expect, test } from '@playwright/test';
import { DEMO_TOKEN } from '../server/db/seed-data/accounts';
import { signInWithToken } from './support/accounts';
import { blockingViolations, clearBookingOnce, oneWayReadyToReserve, reserveToTheEnd } from './support/booking-model';

/*
 * Issue 11: a landing URL's ads code and the page that linked to it travel in cookies into the
 * reservation (reservasi: ads_kode, url_referer); a signed-in customer's referral page.
 */

test.beforeEach(async ({ page }) => clearBookingOnce(page));

const REFERRAL_DAY = 58;
const INSTAGRAM = 'https://www.instagram.com/berangkat.id';

test('a landing URL with an ads code ends up on the reservation, with the page that linked to it', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto('/?ads_kode=PROMO-IG', { referer: INSTAGRAM });
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  await oneWayReadyToReserve(page, REFERRAL_DAY);
  const sent = page.waitForRequest((request) => request.url().includes('/reservasi') && request.method() === 'POST');
  await reserveToTheEnd(page);
  const body = (await sent).postDataJSON() as { ads_kode: string | null; url_referer: string | null };
  expect(body.ads_kode).toBe('PROMO-IG');
  expect(body.url_referer).toBe(INSTAGRAM);
  await expect(page).toHaveURL(/\/app\/confirmation-order\//);
});

test("a signed-in customer's referral page gives the code and the link that carries it", async ({ page }) => {
  await signInWithToken(page, DEMO_TOKEN);
  await page.goto('/app/referral');
  const code = page.getByText(/^REF-[A-Z2-9]{5,}$/);
  await expect(code).toBeVisible();
  const value = (await code.textContent()) ?? '';
  await expect(page.getByText(new RegExp(`/\\?ads_kode=${value}$`))).toBeVisible();
  await expect(page.getByText(/pemesanan lunas dari tautanmu$/)).toBeVisible();
  expect(await blockingViolations(page)).toEqual([]);
});
