import { randomInt } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { API_BASE, FLASH_SALE_PAY_MINUTES, type FlashSaleCard } from '../../contract';
import { createApp, type App } from '../../server/app';
import { flashSaleCards, flashSaleTransactions, paymentCharges } from '../../server/db/schema';
import { createLogger } from '../../server/logger';
import { sweepFlashSale } from '../../server/services/flash-sale';
import { midtransProvider, sweepGatewayCharges } from '../../server/services/gateway-payments';
import { startMidtransStandIn, type MidtransStandIn } from '../helpers/midtrans-stand-in';
import { call, defaultHeaders, fails, ok, type CallOptions } from './api-support';
import { withKey } from './helpers/orders';
import { TEST_TODAY, createTestDatabase, describeEachDatabase, type TestDatabase } from './helpers/test-db';

/**
 * Issue 23 follow-up: a flash-sale purchase pays through Midtrans like an order: one charge (also
 * when read twice at once), its notification or the status sweep turn it `lunas` once, a late
 * payment takes a unit back only if one is left.
 */

/** 08:00 WIB: the 06.00 slot runs until 12.00. */
const START = new Date(`${TEST_TODAY}T08:00:00+07:00`);
const NOTIFY = `${API_BASE}/payment/notification/midtrans`;
const booker = { pemesan_nama: 'Rina Kusuma', pemesan_email: 'rina@contoh.id', pemesan_telp: '081355556666' };
const guest = (): CallOptions => ({
  headers: { ...defaultHeaders(), 'x-forwarded-for': `10.23.${randomInt(0, 256)}.${randomInt(1, 255)}` },
});

describeEachDatabase('flash-sale purchases through Midtrans (stand-in) on %s', (kind) => {
  let handle: TestDatabase;
  let app: App;
  let standIn: MidtransStandIn;
  let clock = START;
  let card: FlashSaleCard;
  const logLines: string[] = [];
  const provider = () => midtransProvider({ serverKey: standIn.serverKey, baseUrl: standIn.url, timeoutMs: 1500 });

  beforeAll(async () => {
    handle = await createTestDatabase(kind, { max: 20 });
    standIn = await startMidtransStandIn();
    const logger = createLogger('info', { write: (line: string) => void logLines.push(line) });
    app = createApp({
      db: handle.db,
      today: () => TEST_TODAY,
      now: () => clock,
      logger,
      clientRateFactor: 1000,
      paymentProvider: provider(),
    });
    const running = (await ok(app, 'flashsaleListSesi', { tanggal: TEST_TODAY })).list.find(
      (s) => s.status === 'berlangsung',
    );
    if (!running) throw new Error('no running slot');
    const first = (await ok(app, 'flashsaleListCard', { sesi_sub_id: running.sesi_sub_id })).list[0];
    if (!first) throw new Error('no card');
    card = first;
    await handle.db.update(flashSaleCards).set({ stock: 1000, sold: 0 }).where(eq(flashSaleCards.id, card.card_id));
  }, 120_000);
  afterEach(() => {
    clock = START;
    standIn.delayMs = 0;
    standIn.chargeDelayMs = 0;
    expect(standIn.problems.splice(0)).toEqual([]);
  });
  afterAll(async () => {
    await standIn.close();
    await handle.destroy();
  });

  const post = (body: unknown) =>
    app.request(NOTIFY, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const chargesAtGateway = (code: string) => standIn.charges.filter((charge) => charge.orderId.startsWith(`${code}-`));
  async function soldOf(): Promise<number> {
    const [row] = await handle.db
      .select({ sold: flashSaleCards.sold })
      .from(flashSaleCards)
      .where(eq(flashSaleCards.id, card.card_id));
    return row!.sold;
  }
  async function statusOf(code: string) {
    const [row] = await handle.db
      .select({ status: flashSaleTransactions.status })
      .from(flashSaleTransactions)
      .where(eq(flashSaleTransactions.code, code));
    return row?.status;
  }

  /** A guest answers the quiz: its purchase key and the client that earned it. */
  async function keyOf(on: App = app) {
    const client = guest();
    const [row] = await handle.db
      .select({ answer: flashSaleCards.answer })
      .from(flashSaleCards)
      .where(eq(flashSaleCards.id, card.card_id));
    const key = (await ok(on, 'flashsaleCekSoalCard', { card_id: card.card_id, jawaban: row!.answer }, client))
      .key_auth;
    return { key, client };
  }
  /** A guest answers the quiz and buys the card with `method`. */
  async function purchase(method = 'VA_BCA') {
    const { key, client } = await keyOf();
    const bought = await ok(
      app,
      'flashsaleTransaksi',
      { card_id: card.card_id, key_auth: key, ...booker, jenis_pembayaran_kode: method },
      client,
    );
    return bought;
  }
  const detail = (bought: { transaksi_kode: string; kunci: string }) =>
    ok(app, 'flashsaleDetailTransaksi', { transaksi_kode: bought.transaksi_kode }, withKey(bought.kunci));

  it('a purchase is charged once, as documented, and shows the virtual account; reading it charges nothing', async () => {
    const bought = await purchase('VA_BNI');
    const charges = chargesAtGateway(bought.transaksi_kode);
    expect(charges).toHaveLength(1);
    expect(charges[0]!.request).toMatchObject({
      payment_type: 'bank_transfer',
      bank_transfer: { bank: 'bni' },
      transaction_details: { gross_amount: bought.total_bayar },
      custom_expiry: { expiry_duration: FLASH_SALE_PAY_MINUTES, unit: 'minute' },
    });
    expect(bought.nomor_bayar).toMatch(/^\d{18}$/);
    expect(bought.status).toBe('menunggu-pembayaran');
    expect((await detail(bought)).nomor_bayar).toBe(bought.nomor_bayar);
    expect(chargesAtGateway(bought.transaksi_kode)).toHaveLength(1);
    // Alfamart's payment code is shown the same way.
    const alfamart = await purchase('ALFAMART');
    expect(alfamart.nomor_bayar).toMatch(/^\d{14}$/);
  });

  it('every method Midtrans charges is offered for a flash sale; QRIS, GoPay and Mandiri show their own fields', async () => {
    const { key, client } = await keyOf();
    const methods = await ok(app, 'flashsaleListJenisPembayaran', { card_id: card.card_id, key_auth: key }, client);
    const offered = methods.list.filter((method) => method.tersedia).map((method) => method.kode);
    expect(offered.sort()).toEqual(
      ['VA_BCA', 'VA_BNI', 'VA_BRI', 'VA_MANDIRI', 'QRIS', 'OVO', 'DANA', 'GOPAY', 'ALFAMART', 'INDOMARET'].sort(),
    );

    const qris = await purchase('QRIS');
    expect(chargesAtGateway(qris.transaksi_kode).map((c) => c.request.payment_type)).toEqual(['qris']);
    expect(qris).toMatchObject({ nomor_bayar: null, kode_biller: null, url_bayar: null });
    expect(qris.qris).toMatch(/^000201/);
    expect((await detail(qris)).qris).toBe(qris.qris);

    const gopay = await purchase('GOPAY');
    expect(chargesAtGateway(gopay.transaksi_kode).map((c) => c.request.payment_type)).toEqual(['gopay']);
    expect(gopay).toMatchObject({ nomor_bayar: null, kode_biller: null, qris: null });
    expect(gopay.url_bayar).toMatch(/^https:\/\/simulator\.sandbox\.midtrans\.com\/gopay\//);
    expect((await detail(gopay)).url_bayar).toBe(gopay.url_bayar);

    const mandiri = await purchase('VA_MANDIRI');
    expect(chargesAtGateway(mandiri.transaksi_kode).map((c) => c.request.payment_type)).toEqual(['echannel']);
    expect(mandiri).toMatchObject({ kode_biller: '70012', qris: null, url_bayar: null });
    expect(mandiri.nomor_bayar).toMatch(/^\d{12}$/);
    expect(await detail(mandiri)).toMatchObject({ kode_biller: '70012', nomor_bayar: mandiri.nomor_bayar });
    // Reading it charged nothing more.
    expect(chargesAtGateway(mandiri.transaksi_kode)).toHaveLength(1);
  });

  it('the card is refused for a flash sale with PAY-3 before anything is sold, even by a gateway that charges cards', async () => {
    const base = provider();
    const cardCharging = { ...base, gateway: { ...base.gateway, offers: () => true } };
    const cardApp = createApp({
      db: handle.db,
      today: () => TEST_TODAY,
      now: () => clock,
      logger: createLogger('silent'),
      clientRateFactor: 1000,
      paymentProvider: cardCharging,
    });
    for (const on of [app, cardApp]) {
      const { key, client } = await keyOf(on);
      const methods = await ok(on, 'flashsaleListJenisPembayaran', { card_id: card.card_id, key_auth: key }, client);
      expect(methods.list.find((method) => method.kode === 'KARTU')?.tersedia).toBe(false);
      const sold = await soldOf();
      const charges = standIn.charges.length;
      const refused = await fails(
        on,
        'flashsaleTransaksi',
        { card_id: card.card_id, key_auth: key, ...booker, jenis_pembayaran_kode: 'KARTU' },
        client,
      );
      expect(refused).toMatchObject({ httpStatus: 422, code: 'PAY-3' });
      expect(await soldOf()).toBe(sold);
      expect(standIn.charges.length).toBe(charges);
      // The key was not spent: the same buyer still buys with another method.
      const bought = await ok(
        on,
        'flashsaleTransaksi',
        { card_id: card.card_id, key_auth: key, ...booker, jenis_pembayaran_kode: 'QRIS' },
        client,
      );
      expect(bought.status).toBe('menunggu-pembayaran');
    }
  });

  it('a lost notification is found by "Cek Status Pembayaran" (flashsale/cek-status), and paid once', async () => {
    const bought = await purchase('QRIS');
    const [charge] = chargesAtGateway(bought.transaksi_kode);
    const check = () => ok(app, 'flashsaleCekStatus', { transaksi_kode: bought.transaksi_kode }, withKey(bought.kunci));
    const waiting = await check();
    expect(waiting).toMatchObject({ status: 'menunggu-pembayaran', qris: bought.qris });
    expect(standIn.statusCalls).toContain(charge!.orderId);

    // Without the purchase's key it is not found, and the gateway is not asked.
    const calls = standIn.statusCalls.length;
    const stranger = await fails(app, 'flashsaleCekStatus', { transaksi_kode: bought.transaksi_kode });
    expect(stranger).toMatchObject({ httpStatus: 404, code: 'NFD-1' });
    expect(standIn.statusCalls.length).toBe(calls);

    // Paid at the gateway, no notification sent.
    standIn.setStatus(charge!.orderId, 'settlement');
    const sold = await soldOf();
    const paid = await check();
    expect(paid.status).toBe('lunas');
    expect(await statusOf(bought.transaksi_kode)).toBe('lunas');
    expect((await detail(bought)).status).toBe('lunas');
    // Asked again: still paid once, the gateway not asked about a paid purchase, nothing charged.
    const asked = standIn.statusCalls.length;
    expect((await check()).status).toBe('lunas');
    expect(standIn.statusCalls.length).toBe(asked);
    expect(await soldOf()).toBe(sold);
    expect(chargesAtGateway(bought.transaksi_kode)).toHaveLength(1);
    expect(logLines.some((line) => line.includes('refund it') && line.includes(bought.transaksi_kode))).toBe(false);
  });

  it('a settlement sent three times at once pays the purchase once; a later expire changes nothing', async () => {
    const bought = await purchase();
    const sold = await soldOf();
    const [charge] = chargesAtGateway(bought.transaksi_kode);
    standIn.setStatus(charge!.orderId, 'settlement');
    const note = standIn.notification(charge!.orderId);
    const answers = await Promise.all([post(note), post(note), post(note)]);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    expect((await detail(bought)).status).toBe('lunas');
    standIn.setStatus(charge!.orderId, 'expire');
    expect((await post(standIn.notification(charge!.orderId))).status).toBe(200);
    expect(await statusOf(bought.transaksi_kode)).toBe('lunas');
    expect(await soldOf()).toBe(sold);
    expect(logLines.some((line) => line.includes('refund it') && line.includes(bought.transaksi_kode))).toBe(false);
  });

  it('a forged or mispriced notification changes nothing', async () => {
    const bought = await purchase();
    const [charge] = chargesAtGateway(bought.transaksi_kode);
    standIn.setStatus(charge!.orderId, 'settlement');
    expect((await post(standIn.forged(charge!.orderId, 'settlement'))).status).toBe(401);
    expect((await post(standIn.notification(charge!.orderId, { gross_amount: '1.00' }))).status).not.toBe(200);
    expect(await statusOf(bought.transaksi_kode)).toBe('menunggu-pembayaran');
  });

  it('two reads at once of a purchase whose charge failed make one charge, shown by both', async () => {
    const bought = await purchase();
    const [first] = chargesAtGateway(bought.transaksi_kode);
    await handle.db
      .update(paymentCharges)
      .set({ status: 'failure' })
      .where(eq(paymentCharges.gatewayOrderId, first!.orderId));
    standIn.chargeDelayMs = 300;
    const [a, b] = await Promise.all([detail(bought), detail(bought)]);
    expect(chargesAtGateway(bought.transaksi_kode)).toHaveLength(2);
    expect(a.nomor_bayar).toMatch(/^\d{18}$/);
    expect(b.nomor_bayar).toBe(a.nomor_bayar);
  });

  it('a gateway down at the purchase: sold without a number, the next read charges', async () => {
    standIn.chargeDelayMs = 2000; // beyond the adapter's 1.5 s timeout
    const bought = await purchase();
    expect(bought.nomor_bayar).toBeNull();
    expect(bought.status).toBe('menunggu-pembayaran');
    standIn.chargeDelayMs = 0;
    const read = await detail(bought);
    expect(read.nomor_bayar).toMatch(/^\d{18}$/);
    // The timed-out charge reached the stand-in late; both are mapped to the purchase.
    await new Promise((resolve) => setTimeout(resolve, 700));
    const rows = await handle.db.select().from(paymentCharges);
    const mine = chargesAtGateway(bought.transaksi_kode).map((c) => c.orderId);
    expect(mine).toHaveLength(2);
    for (const id of mine) expect(rows.some((row) => row.gatewayOrderId === id)).toBe(true);
  });

  it('a detail read while the gateway is down answers 503 SRV-2 and the purchase stays as it was', async () => {
    const bought = await purchase();
    const [first] = chargesAtGateway(bought.transaksi_kode);
    await handle.db
      .update(paymentCharges)
      .set({ status: 'expire' })
      .where(eq(paymentCharges.gatewayOrderId, first!.orderId));
    standIn.chargeDelayMs = 2000;
    const reply = await call(
      app,
      'flashsaleDetailTransaksi',
      { transaksi_kode: bought.transaksi_kode },
      withKey(bought.kunci),
    );
    expect(reply.status).toBe(503);
    expect(reply.ok ? null : reply.error.code).toBe('SRV-2');
    expect(await statusOf(bought.transaksi_kode)).toBe('menunggu-pembayaran');
  });

  it('paid after its deadline: the unit is taken back if one is left, else nothing is booked and a refund is logged', async () => {
    const late = await purchase();
    const soldOut = await purchase();
    clock = new Date(START.getTime() + (FLASH_SALE_PAY_MINUTES + 1) * 60_000);
    const before = await soldOf();
    expect(await sweepFlashSale(handle.db, clock)).toBeGreaterThanOrEqual(2);
    const afterSweep = await soldOf();
    expect(afterSweep).toBeLessThanOrEqual(before - 2);

    const [lateCharge] = chargesAtGateway(late.transaksi_kode);
    standIn.setStatus(lateCharge!.orderId, 'settlement');
    expect((await post(standIn.notification(lateCharge!.orderId))).status).toBe(200);
    expect(await statusOf(late.transaksi_kode)).toBe('lunas');
    expect(await soldOf()).toBe(afterSweep + 1);

    // The card sold out meanwhile: the second late payment books nothing.
    await handle.db
      .update(flashSaleCards)
      .set({ stock: afterSweep + 1 })
      .where(eq(flashSaleCards.id, card.card_id));
    const [soldOutCharge] = chargesAtGateway(soldOut.transaksi_kode);
    standIn.setStatus(soldOutCharge!.orderId, 'settlement');
    expect((await post(standIn.notification(soldOutCharge!.orderId))).status).toBe(200);
    expect(await statusOf(soldOut.transaksi_kode)).toBe('kedaluwarsa');
    expect(await soldOf()).toBe(afterSweep + 1);
    expect(logLines.some((line) => line.includes('refund it') && line.includes(soldOut.transaksi_kode))).toBe(true);
    await handle.db.update(flashSaleCards).set({ stock: 1000 }).where(eq(flashSaleCards.id, card.card_id));
  });

  it('the status sweep finds a payment whose notification was lost, near the deadline', async () => {
    const bought = await purchase();
    const [charge] = chargesAtGateway(bought.transaksi_kode);
    standIn.setStatus(charge!.orderId, 'settlement');
    // 25 minutes in: the deadline is within the sweep's 10 minutes.
    clock = new Date(START.getTime() + 25 * 60_000);
    const logger = createLogger('silent');
    expect(await sweepGatewayCharges(handle.db, clock, provider(), logger)).toBeGreaterThanOrEqual(1);
    expect(standIn.statusCalls).toContain(charge!.orderId);
    expect(await statusOf(bought.transaksi_kode)).toBe('lunas');
  });
});
