import { expect, test as base, type Page } from '@playwright/test';
import {
  SANDBOX_CARDS,
  SANDBOX_OTP,
  startMidtransStandIn,
  type MidtransStandIn,
} from '../tests/helpers/midtrans-stand-in';
import {
  blockingViolations,
  clearBookingOnce,
  isMobile,
  oneWayReadyToReserve,
  reserveToTheEnd,
} from './support/booking-model';
import { SERVER_START_MS, startOwnServer, type OwnServer } from './support/own-server';

/*
 * Issue 23: payment through Midtrans. This spec starts a server of its own whose gateway is a local
 * stand-in of the Midtrans Core API (tests/helpers/midtrans-stand-in.ts): the traveller books,
 * chooses BCA Virtual Account and sees the VA number Midtrans answered; the stand-in settles the
 * VA and sends its signed notification (after a forged one the server refuses), and the open
 * payment page turns to the paid order by itself, nobody pressing anything. And the card: the card
 * data goes from the page to the stand-in's token call through its new3ds script (never to our
 * server), a denied card is said so, and after the bank's 3DS page the traveller lands on the paid
 * order.
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
          MIDTRANS_CLIENT_KEY: standIn.clientKey,
          MIDTRANS_BASE_URL: standIn.url,
        });
        // Set as Payment Notification URL: the stand-in's 3DS page notifies it when the bank is done.
        standIn.notifyUrl = `${server.url}${NOTIFY_PATH}`;
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

test('card through Midtrans: the card data goes to the gateway only, a denied card is said so, 3DS leads to the paid order', async ({
  page,
  gateway,
}) => {
  test.setTimeout(120_000);
  const { standIn, server } = gateway;
  const toServer: string[] = [];
  page.on('request', (request) => {
    if (request.url().startsWith(server)) toServer.push(`${request.url()} ${request.postData() ?? ''}`);
  });
  const code = await bookOneWayUnpaid(page);

  // The method's row, a label around its radio (the group above it has the same name).
  await page
    .locator('label')
    .filter({ hasText: /^Kartu Kredit\/Debit/ })
    .click();
  await page.getByRole('button', { name: 'Bayar', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/app/payment-url\\?reservasi_kode=${code}$`));
  await expect(page.getByRole('heading', { name: 'Data Kartu' })).toBeVisible();
  // Choosing the card charges nothing: there is no token yet.
  expect(standIn.charges.filter((item) => item.orderId.startsWith(`${code}-`))).toEqual([]);

  const pay = page.getByRole('button', { name: /^Bayar Rp/ });
  // Typing slips are caught in the page, each field with its message.
  await pay.click();
  await expect(page.getByText('Nomor kartu wajib diisi')).toBeVisible();
  await expect(page.getByText('Masa berlaku wajib diisi')).toBeVisible();
  await expect(page.getByText('CVV wajib diisi')).toBeVisible();
  await expect(page.getByLabel('Nomor Kartu')).toBeFocused();

  const fill = async (number: string) => {
    await page.getByLabel('Nomor Kartu').fill(number);
    await page.getByLabel('Masa Berlaku (BB/TT)').fill('1230');
    await page.getByLabel('CVV').fill('123');
  };
  await fill('4811 1111 1111 1115');
  await pay.click();
  await expect(page.getByText('Nomor kartu tidak valid. Periksa lagi angkanya')).toBeVisible();

  // The bank denies this one: the page says so and stays, nothing paid.
  await fill(SANDBOX_CARDS.denied);
  await pay.click();
  await expect(page.getByRole('alert').filter({ hasText: /^Pembayaran kartu ditolak/ })).toBeVisible();
  // The form with its messages passes axe (labels, contrast, the alert).
  expect(await blockingViolations(page)).toEqual([]);
  await expect(page).toHaveURL(new RegExp(`/app/payment-url\\?reservasi_kode=${code}$`));

  // The 3DS card: off to the bank's page, the OTP, and back to the order, paid.
  await fill(SANDBOX_CARDS.threeDs);
  await pay.click();
  await expect(page).toHaveURL(new RegExp(`^${standIn.url}/v2/3ds/redirect/`));
  await page.getByLabel('Kode OTP').fill(SANDBOX_OTP);
  await page.getByRole('button', { name: 'Kirim' }).click();
  if (isMobile(page)) {
    await expect(page).toHaveURL(new RegExp(`/app/payment-order/${code}$`), { timeout: 20_000 });
    await expect(page.getByRole('heading', { name: 'Lunas' })).toBeVisible();
  } else {
    await expect(page).toHaveURL(new RegExp(`/app/order/${code}$`), { timeout: 20_000 });
    await expect(page.getByText('Lunas').first()).toBeVisible();
  }

  // The page called Midtrans itself for the tokens; our server never saw a card number.
  expect(standIn.tokenCalls.map((call) => [call.cardNumber, call.origin])).toEqual(
    expect.arrayContaining([
      [SANDBOX_CARDS.denied, server],
      [SANDBOX_CARDS.threeDs, server],
    ]),
  );
  // A whole card number, typed plain or in groups (the token itself carries Midtrans's masked form).
  const grouped = (number: string) => number.match(/\d{4}/g)!.join('(?:\\s|\\+|%20|-)?');
  const card = new RegExp(`${grouped(SANDBOX_CARDS.threeDs)}|${grouped(SANDBOX_CARDS.denied)}`);
  expect(toServer.filter((line) => card.test(line))).toEqual([]);
  expect(toServer.some((line) => line.includes('/bayar-kartu'))).toBe(true);
  expect(standIn.problems).toEqual([]);
});
