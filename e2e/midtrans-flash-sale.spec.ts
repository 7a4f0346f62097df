import { expect, test as base, type Page } from '@playwright/test';
import { FLASH_SALE_CARDS } from '../server/db/seed-data/flash-sale';
import { startMidtransStandIn, type MidtransStandIn } from '../tests/helpers/midtrans-stand-in';
import { blockingViolations } from './support/booking-model';
import { SERVER_START_MS, startOwnServer, type OwnServer } from './support/own-server';

/*
 * Issue 23 follow-up: a flash-sale purchase through Midtrans with QRIS. A server of this spec's own
 * charges through the local stand-in of the Core API (tests/helpers/midtrans-stand-in.ts): the
 * buyer pays with QRIS and sees the QR code Midtrans answered; "Cek Status Pembayaran" says it is
 * not paid yet; the stand-in settles it and sends no notification (a lost one); the next check finds
 * the payment and the page turns to "Lunas". When the notification does arrive, the open page reads
 * the purchase by itself and turns to "Lunas" without a press.
 */

const NOTIFY_PATH = '/api/payment/notification/midtrans';

const TRANSACTION = /\/app\/flash-sale\/transaksi\/(FS[A-Z0-9]{8})$/;

/**
 * A run confined to a range of ports (E2E_PORT for the suite's two servers, the next ones for the
 * specs' own) gives this spec's server and stand-in fixed ports per layout; else any free ones.
 */
function portsOf(project: string): { server: string | null; standIn: number } {
  const base = Number(process.env.E2E_PORT ?? 0);
  if (!base) return { server: null, standIn: 0 };
  const layout = project === 'mobile' ? 1 : 0;
  return { server: String(base + 2 + layout), standIn: base + 4 + layout };
}

interface Gateway {
  standIn: MidtransStandIn;
  server: string;
}

const test = base.extend<object, { gateway: Gateway }>({
  gateway: [
    // Playwright reads a fixture's dependencies from its first parameter's pattern: this one has none.
    // eslint-disable-next-line no-empty-pattern
    async ({}, use, workerInfo) => {
      const ports = portsOf(workerInfo.project.name);
      const standIn = await startMidtransStandIn({ listenOn: ports.standIn });
      let server: OwnServer | null = null;
      try {
        server = await startOwnServer('midtrans-flash-sale', {
          ...(ports.server ? { PORT: ports.server } : {}),
          CLIENT_RATE_FACTOR: '100',
          // Every attempt buys from 127.0.0.1 as one guest.
          FLASH_SALE_PURCHASES_PER_CARD: '1000',
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

// One server and stand-in per layout on fixed ports: this file's tests run one after another in one worker.
test.describe.configure({ mode: 'default' });

/** A guest buys the first card of the running slot with QRIS; the purchase's page opens. */
async function buyWithQris(page: Page, standIn: MidtransStandIn): Promise<{ code: string; orderId: string }> {
  await page.goto('/app/flash-sale');
  await expect(page.getByText(/^Berakhir dalam/)).toBeVisible();
  const cards = page.getByRole('list', { name: 'Kartu flash sale' }).getByRole('listitem');
  await cards
    .first()
    .getByRole('button', { name: /^Lihat / })
    .click();
  await page.getByRole('button', { name: 'Beli Sekarang' }).click();
  const dialog = page.getByRole('dialog', { name: 'Jawab Pertanyaan' });
  const question = dialog.getByRole('radiogroup');
  await expect(question).toBeVisible();
  // The right answer from the seed's templates, as a tester would know it.
  const labelId = (await question.getAttribute('aria-labelledby'))?.split(' ')[0] ?? '';
  const text = ((await page.locator(`[id="${labelId}"]`).textContent()) ?? '').trim();
  const template = FLASH_SALE_CARDS.find((card) => card.question === text);
  if (!template) throw new Error(`unknown question: ${text}`);
  const right = template.options.find((option) => option.kode === template.answer)!;
  await dialog.getByRole('radio', { name: new RegExp(right.teks) }).check({ force: true });
  await dialog.getByRole('button', { name: 'Kirim Jawaban' }).click();
  await expect(dialog).toBeHidden();

  await page.getByLabel('Nama Lengkap').fill('Sari Wulandari');
  await page.getByLabel('Nomor Handphone').fill('081298765432');
  await page.getByLabel('Email').fill('sari@contoh.id');
  await page.getByRole('button', { name: 'Lanjut Pilih Pembayaran' }).click();
  // Through Midtrans every method but the card is offered for a flash sale.
  await expect(page.getByRole('radio', { name: /^Kartu Kredit/ })).toBeDisabled();
  await page.getByRole('radio', { name: /^QRIS/ }).check({ force: true });
  await page.getByRole('button', { name: 'Bayar', exact: true }).click();

  await expect(page).toHaveURL(TRANSACTION);
  const code = TRANSACTION.exec(new URL(page.url()).pathname)![1]!;
  const charge = standIn.charges.find((item) => item.orderId.startsWith(`${code}-`));
  expect(charge?.request).toMatchObject({ payment_type: 'qris' });
  await expect(page.getByRole('img', { name: `QRIS untuk membayar transaksi ${code}` })).toBeVisible();
  await expect(page.getByText('Menunggu Pembayaran')).toBeVisible();
  return { code, orderId: charge!.orderId };
}

test('QRIS through Midtrans: the QR is shown, "Cek Status" finds the payment whose notification was lost', async ({
  page,
  gateway,
}) => {
  test.setTimeout(90_000);
  const { standIn } = gateway;
  const { orderId } = await buyWithQris(page, standIn);
  expect(await blockingViolations(page)).toEqual([]);

  // Not paid yet: checking says so and stays.
  const check = page.getByRole('button', { name: 'Cek Status Pembayaran' });
  await check.click();
  await expect(page.getByText('Pembayaran belum kami terima', { exact: false })).toBeVisible();
  await expect(page.getByText('Menunggu Pembayaran')).toBeVisible();

  // Paid at the gateway; its notification never arrives. The button asks Midtrans and finds it.
  standIn.setStatus(orderId, 'settlement');
  await check.click();
  await expect(page.getByText('Lunas', { exact: true })).toBeVisible();
  await expect(check).toHaveCount(0);
  expect(standIn.statusCalls).toContain(orderId);
  expect(standIn.problems).toEqual([]);
});

test('QRIS through Midtrans: paid and notified, the open page turns "Lunas" by itself', async ({ page, gateway }) => {
  test.setTimeout(90_000);
  const { standIn, server } = gateway;
  const { orderId } = await buyWithQris(page, standIn);
  const check = page.getByRole('button', { name: 'Cek Status Pembayaran' });
  await expect(check).toBeVisible();

  // The buyer pays in their bank's app; Midtrans notifies us. Nobody touches the page.
  standIn.setStatus(orderId, 'settlement');
  expect(await standIn.send(`${server}${NOTIFY_PATH}`, standIn.notification(orderId))).toBe(200);

  // The page's own reads (3 s, then 5 s, 8 s ...) find the payment.
  await expect(page.getByText('Lunas', { exact: true })).toBeVisible({ timeout: 20_000 });
  await expect(check).toHaveCount(0);
  await expect(page.getByText('Pembayaran belum kami terima', { exact: false })).toHaveCount(0);
  expect(standIn.problems).toEqual([]);
});
