import { expect, test as base, type Response } from '@playwright/test';
import {
  TEXT,
  clearBookingOnce,
  dialog,
  expectBookingPage,
  oneWayReadyToReserve,
  reserveToTheEnd,
} from './support/booking-model';
import { SERVER_START_MS, startOwnServer } from './support/own-server';

/*
 * Issue 21: `reservasi` is limited per client and per booker contact, and a traveller booking
 * normally never meets the limit. The suite's own servers relax every limit for the whole suite
 * (CLIENT_RATE_FACTOR, HOLD_RATE_PER_MINUTE in playwright.config.ts), which would hide it; this
 * spec starts a server of its own with the limits as a deployment has them, and books one
 * traveller the way a real one does: with a reload, a step back to the seats and a second look.
 */

/** Any day: this server's database is this spec's alone. */
const TRAVEL_DAY = 4;

/** A server like playwright.config.ts's, minus the suite-wide relaxing of the limits. */
const test = base.extend<object, { limitedServer: string }>({
  limitedServer: [
    // Playwright reads a fixture's dependencies from its first parameter's pattern: this one has none.
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      // Whatever the shell running the tests has set: this server keeps the deployed limits.
      const server = await startOwnServer('limited', { CLIENT_RATE_FACTOR: null, HOLD_RATE_PER_MINUTE: null });
      try {
        await use(server.url);
      } finally {
        await server.stop();
      }
    },
    { scope: 'worker', timeout: SERVER_START_MS + 30_000 },
  ],
  baseURL: async ({ limitedServer }, use) => use(limitedServer),
});

test.beforeEach(async ({ page }) => clearBookingOnce(page));

test('one traveller books from search to confirmation, reloading and going back once, and is never limited', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const limited: string[] = [];
  page.on('response', (response: Response) => {
    if (response.status() === 429) limited.push(`${response.request().method()} ${response.url()}`);
  });

  await oneWayReadyToReserve(page, TRAVEL_DAY);

  // A reload of the booking page keeps the trip, the names and the booker.
  await page.reload();
  await expectBookingPage(page);

  // Back once, to think again: "Konfirmasi Kembali ?" -> "Ya" leads to the schedule list ...
  await page.goBack({ waitUntil: 'commit' });
  const leave = dialog(page, TEXT.leaveDialog);
  await expect(leave).toBeVisible();
  await leave.getByRole('button', { name: 'Ya' }).click();
  await expect(page).toHaveURL(/\/app\/schedule\?/);

  // ... and the same departure again: a seat, the name, the booker.
  await oneWayReadyToReserve(page, TRAVEL_DAY);
  await reserveToTheEnd(page);
  expect(limited).toEqual([]);
});
