import { expect, test as base, type Page } from '@playwright/test';
import { startMidtransStandIn, type MidtransStandIn } from '../tests/helpers/midtrans-stand-in';
import { clearBookingOnce, isMobile, oneWayReadyToReserve, reserveToTheEnd } from './support/booking-model';
import { SERVER_START_MS, startOwnServer, type OwnServer } from './support/own-server';

/*
 * Issue 23: payment through Midtrans. This spec starts a server of its own whose gateway is a local
 * stand-in of the Midtrans Core API (tests/helpers/midtrans-stand-in.ts): the traveller books,
 * chooses BCA Virtual Account and sees the VA number Midtrans answered; the stand-in settles the
 * VA and sends its signed notification (after a forged one the server refuses), and the open
 * payment page turns to the paid order by itself, nobody pressing anything.
 */

/** Any day: this server's database is this spec's alone. */
const TRAVEL_DAY = 5;
const CONFIRMATION = /\/app\/confirmation-order\/([A-Z0-9]+)$/;
const NOTIFY_PATH = '/api/payment/notification/midtrans';

interface Gateway {
  standIn: MidtransStandIn;
  server: string;
}

const test = base.extend<object, { gateway: Gateway }>({
  gateway: [
    // Playwright reads a fixture's dependencies from its first parameter's pattern: this one has none.
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const standIn = await startMidtransStandIn();
      let server: OwnServer | null = null;
      try {
        server = await startOwnServer('midtrans', {
          HOLD_RATE_PER_MINUTE: '1000',
          CLIENT_RATE_FACTOR: '100',
          // Demo data to book from; the payments go through "Midtrans" all the same.
          MIDTRANS_SERVER_KEY: standIn.serverKey,
          MIDTRANS_BASE_URL: standIn.url,
        });
        await use({ standIn, server: server.url });
      } finally {
        await server?.stop();
        await standIn.close();
      }
    },
    { scope: 'worker', timeout: SERVER_START_MS + 30_000 },
  ],
  baseURL: async ({ gateway }, use) => use(gateway.server),
});

test.beforeEach(async ({ page }) => clearBookingOnce(page));

async function bookOneWayUnpaid(page: Page): Promise<string> {
  await oneWayReadyToReserve(page, TRAVEL_DAY, 'Dewi Lestari');
  await reserveToTheEnd(page);
  const code = CONFIRMATION.exec(new URL(page.url()).pathname)?.[1];
  expect(code).toBeTruthy();
  return code as string;
}

test('VA through Midtrans: the stand-in settles it and the open payment page turns to the paid order by itself', async ({
  page,
  gateway,
}) => {
  test.setTimeout(120_000);
  const { standIn, server } = gateway;
  const code = await bookOneWayUnpaid(page);

  // Midtrans has no card flow here yet: the card is listed, not available.
  await expect(page.getByRole('radio', { name: /^Kartu Kredit/ })).toBeDisabled();
  await page.getByText('BCA Virtual Account', { exact: true }).click();
  await page.getByRole('button', { name: 'Bayar', exact: true }).click();

  // payment-url: the VA number Midtrans answered; no simulator beside a real gateway.
  await expect(page).toHaveURL(new RegExp(`/app/payment-url\\?reservasi_kode=${code}$`));
  await expect(page.getByRole('heading', { name: 'BCA Virtual Account' })).toBeVisible();
  const charge = standIn.charges.find((item) => item.orderId.startsWith(`${code}-`));
  expect(charge?.request).toMatchObject({ payment_type: 'bank_transfer', bank_transfer: { bank: 'bca' } });
  const vaNumber = (await page.getByTestId('payment-number').textContent())?.replace(/\s/g, '');
  expect(vaNumber).toMatch(/^\d{18}$/);
  await expect(page.getByRole('button', { name: 'Simulasikan pembayaran' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Cek Status Pembayaran' })).toBeVisible();

  // A forged settlement is refused and the page stays unpaid.
  const orderId = charge!.orderId;
  expect(await standIn.send(`${server}${NOTIFY_PATH}`, standIn.forged(orderId, 'settlement'))).toBe(401);

  // The traveller pays at the bank; Midtrans notifies (twice, as it may). Nobody touches the page.
  standIn.setStatus(orderId, 'settlement');
  const notification = standIn.notification(orderId);
  expect(await standIn.send(`${server}${NOTIFY_PATH}`, notification)).toBe(200);
  expect(await standIn.send(`${server}${NOTIFY_PATH}`, notification)).toBe(200);

  // Spec section 4's success rule: detail-order on desktop, payment-order on mobile.
  if (isMobile(page)) {
    await expect(page).toHaveURL(new RegExp(`/app/payment-order/${code}$`), { timeout: 20_000 });
    await expect(page.getByRole('heading', { name: 'Lunas' })).toBeVisible();
  } else {
    await expect(page).toHaveURL(new RegExp(`/app/order/${code}$`), { timeout: 20_000 });
    await expect(page.getByText('Lunas').first()).toBeVisible();
  }
  expect(standIn.problems).toEqual([]);
});
