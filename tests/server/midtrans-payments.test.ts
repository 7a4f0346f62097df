import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE } from '../../contract';
import { createApp, type App } from '../../server/app';
import { paymentCharges, payments, reservations, seatBookings } from '../../server/db/schema';
import { addDays } from '../../server/lib/dates';
import { createLogger } from '../../server/logger';
import { midtransProvider, sweepGatewayCharges } from '../../server/services/gateway-payments';
import { chargeBody, jakartaTime } from '../../server/services/midtrans';
import { startMidtransStandIn, type MidtransStandIn } from '../helpers/midtrans-stand-in';
import { call, fails, ok } from './api-support';
import { MANY_ORDERS, reserveSeat, withKey } from './helpers/orders';
import { TEST_TODAY, createTestDatabase, describeEachDatabase, type TestDatabase } from './helpers/test-db';

/** 08:00 WIB on the test's today; orders have 30 minutes to pay. */
const START = new Date(`${TEST_TODAY}T08:00:00+07:00`);
const NOTIFY = `${API_BASE}/payment/notification/midtrans`;
const CANCEL_REASON = 'batal-pergi';

describe('Midtrans charge bodies (Core API documentation)', () => {
  const now = new Date('2026-11-23T01:00:00Z');
  const expiresAt = new Date('2026-11-23T01:30:00Z');
  const body = (methodCode: string) =>
    chargeBody({ orderId: 'BRK7Q2M9-a1', methodCode, amount: 154000, now, expiresAt });

  it('bank transfer VA for BCA, BNI and BRI; Mandiri as echannel bill payment', () => {
    expect(body('VA_BCA')).toMatchObject({ payment_type: 'bank_transfer', bank_transfer: { bank: 'bca' } });
    expect(body('VA_BNI')).toMatchObject({ payment_type: 'bank_transfer', bank_transfer: { bank: 'bni' } });
    expect(body('VA_BRI')).toMatchObject({ payment_type: 'bank_transfer', bank_transfer: { bank: 'bri' } });
    expect(body('VA_MANDIRI')).toMatchObject({ payment_type: 'echannel', echannel: { bill_info1: 'Tiket:' } });
  });

  it('QRIS (also for OVO and DANA), GoPay, Alfamart and Indomaret', () => {
    for (const code of ['QRIS', 'OVO', 'DANA']) expect(body(code)).toMatchObject({ payment_type: 'qris' });
    expect(body('GOPAY')).toMatchObject({ payment_type: 'gopay' });
    expect(body('ALFAMART')).toMatchObject({ payment_type: 'cstore', cstore: { store: 'alfamart' } });
    expect(body('INDOMARET')).toMatchObject({ payment_type: 'cstore', cstore: { store: 'indomaret' } });
  });

  it('the charge expires with the order: 30 minutes from 08:00 WIB', () => {
    expect(body('VA_BCA')).toMatchObject({
      transaction_details: { order_id: 'BRK7Q2M9-a1', gross_amount: 154000 },
      custom_expiry: { order_time: '2026-11-23 08:00:00 +0700', expiry_duration: 30, unit: 'minute' },
    });
    expect(jakartaTime(new Date('2026-11-23T17:05:09Z'))).toBe('2026-11-24 00:05:09 +0700');
    // 29 minutes 59 seconds left: 29, so the VA never outlives the order.
    const late = chargeBody({
      orderId: 'X-1',
      methodCode: 'VA_BNI',
      amount: 1,
      now: new Date(now.getTime() + 1000),
      expiresAt,
    });
    expect(late).toMatchObject({ custom_expiry: { expiry_duration: 29 } });
  });

  it('the card is charged with the browser token only, never card data', () => {
    const card = chargeBody({ orderId: 'X-2', methodCode: 'KARTU', amount: 1000, now, expiresAt, cardToken: 'tok-1' });
    expect(card).toEqual({
      payment_type: 'credit_card',
      transaction_details: { order_id: 'X-2', gross_amount: 1000 },
      credit_card: { token_id: 'tok-1', authentication: true },
    });
  });
});

describeEachDatabase('payment through Midtrans (stand-in) on %s', (kind) => {
  let handle: TestDatabase;
  let app: App;
  let standIn: MidtransStandIn;
  let clock = START;
  const logLines: string[] = [];
  let day = 40;

  beforeAll(async () => {
    handle = await createTestDatabase(kind, { max: 25 });
    standIn = await startMidtransStandIn();
    const logger = createLogger('info', { write: (line: string) => void logLines.push(line) });
    app = createApp({
      ...MANY_ORDERS,
      db: handle.db,
      today: () => TEST_TODAY,
      now: () => clock,
      logger,
      paymentProvider: midtransProvider({ serverKey: standIn.serverKey, baseUrl: standIn.url, timeoutMs: 1500 }),
    });
  });
  afterEach(() => {
    clock = START;
    standIn.delayMs = 0;
    standIn.chargeDelayMs = 0;
    // Every call the adapter made matched the documented shapes and carried the key.
    const problems = standIn.problems.splice(0);
    expect(problems).toEqual([]);
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

  const orderRow = async (code: string) => {
    const [row] = await handle.db.select().from(reservations).where(eq(reservations.code, code));
    if (!row) throw new Error(`order ${code} missing`);
    return row;
  };
  const paymentRows = (reservationId: number) =>
    handle.db.select().from(payments).where(eq(payments.reservationId, reservationId));

  /** A new order with `method` chosen: its code, key and the gateway's order id of its charge. */
  async function chargedOrder(method = 'VA_BCA') {
    day += 1;
    const order = await reserveSeat(app, addDays(TEST_TODAY, day));
    const instruction = await ok(
      app,
      'gantiPembayaran',
      { reservasi_kode: order.code, jenis_pembayaran_kode: method },
      withKey(order.key),
    );
    const charge = standIn.charges.at(-1);
    if (!charge) throw new Error('no charge reached the stand-in');
    return { ...order, instruction, gatewayOrderId: charge.orderId };
  }

  it('each method is charged as documented and shows what the gateway answered', async () => {
    const bca = await chargedOrder('VA_BCA');
    const charge = standIn.charges.at(-1)!;
    expect(charge.request).toMatchObject({
      payment_type: 'bank_transfer',
      transaction_details: { order_id: bca.gatewayOrderId, gross_amount: bca.instruction.total_bayar },
      custom_expiry: { order_time: '2026-11-23 08:00:00 +0700', expiry_duration: 30, unit: 'minute' },
    });
    expect(bca.gatewayOrderId.startsWith(bca.code)).toBe(true);
    expect(bca.instruction).toMatchObject({ jenis: 'va', simulasi: false, qris: null });
    expect(bca.instruction.nomor_bayar).toMatch(/^\d{18}$/);

    const mandiri = await chargedOrder('VA_MANDIRI');
    expect(mandiri.instruction).toMatchObject({ kode_biller: '70012' });
    expect(mandiri.instruction.nomor_bayar).toMatch(/^\d{12}$/);
    const qris = await chargedOrder('OVO');
    expect(standIn.charges.at(-1)?.request.payment_type).toBe('qris');
    expect(qris.instruction.qris).toMatch(/^000201/);
    const gopay = await chargedOrder('GOPAY');
    expect(gopay.instruction.url_bayar).toContain('gopay');
    const alfamart = await chargedOrder('ALFAMART');
    expect(alfamart.instruction.nomor_bayar).toMatch(/^\d{14}$/);
  });

  it('detail-pembayaran reads the stored charge; a changed method is a new charge with a new order id', async () => {
    const order = await chargedOrder('VA_BNI');
    const before = standIn.charges.length;
    const detail = await ok(app, 'detailPembayaran', { reservasi_kode: order.code }, withKey(order.key));
    expect(detail.nomor_bayar).toBe(order.instruction.nomor_bayar);
    expect(standIn.charges.length).toBe(before);
    await ok(
      app,
      'gantiPembayaran',
      { reservasi_kode: order.code, jenis_pembayaran_kode: 'VA_BRI' },
      withKey(order.key),
    );
    expect(standIn.charges.length).toBe(before + 1);
    expect(standIn.charges.at(-1)?.orderId).not.toBe(order.gatewayOrderId);
  });

  /** Charges the stand-in made for one order (its gateway order ids start with the order code). */
  const chargesAtGateway = (code: string) => standIn.charges.filter((charge) => charge.orderId.startsWith(`${code}-`));
  const openRows = (reservationId: number) =>
    handle.db
      .select()
      .from(paymentCharges)
      .where(eq(paymentCharges.reservationId, reservationId))
      .then((rows) => rows.filter((row) => row.status === 'pending' || row.status === 'charging'));

  it('two payment pages loaded at once for an order without a charge make one charge, shown by both', async () => {
    const order = await chargedOrder('VA_BCA');
    // Its charge failed at the gateway: the next read charges again.
    await handle.db
      .update(paymentCharges)
      .set({ status: 'failure' })
      .where(eq(paymentCharges.gatewayOrderId, order.gatewayOrderId));
    standIn.chargeDelayMs = 300;
    const [first, second] = await Promise.all([
      ok(app, 'detailPembayaran', { reservasi_kode: order.code }, withKey(order.key)),
      ok(app, 'detailPembayaran', { reservasi_kode: order.code }, withKey(order.key)),
    ]);
    expect(chargesAtGateway(order.code)).toHaveLength(2);
    expect(first.nomor_bayar).toMatch(/^\d{18}$/);
    expect(second.nomor_bayar).toBe(first.nomor_bayar);
    expect(await openRows((await orderRow(order.code)).id)).toHaveLength(1);
    // A third read, later, shows the same charge.
    const third = await ok(app, 'detailPembayaran', { reservasi_kode: order.code }, withKey(order.key));
    expect(third.nomor_bayar).toBe(first.nomor_bayar);
    expect(chargesAtGateway(order.code)).toHaveLength(2);
  });

  it('the same method chosen twice at once (and read meanwhile) is one charge; choosing it again reuses it', async () => {
    day += 1;
    const order = await reserveSeat(app, addDays(TEST_TODAY, day));
    standIn.chargeDelayMs = 300;
    const choose = (method: string) =>
      ok(app, 'gantiPembayaran', { reservasi_kode: order.code, jenis_pembayaran_kode: method }, withKey(order.key));
    const [a, b] = await Promise.all([choose('VA_BNI'), choose('VA_BNI')]);
    const c = await ok(app, 'detailPembayaran', { reservasi_kode: order.code }, withKey(order.key));
    expect(chargesAtGateway(order.code)).toHaveLength(1);
    expect(b.nomor_bayar).toBe(a.nomor_bayar);
    expect(c.nomor_bayar).toBe(a.nomor_bayar);
    // Another method is another charge; back to the first, its charge (still open) answers again.
    await choose('ALFAMART');
    const again = await choose('VA_BNI');
    expect(chargesAtGateway(order.code)).toHaveLength(2);
    expect(again.nomor_bayar).toBe(a.nomor_bayar);
  });

  it('a charge the gateway refuses is not left claimed: the next read charges', async () => {
    const order = await chargedOrder('VA_BRI');
    await handle.db
      .update(paymentCharges)
      .set({ status: 'expire' })
      .where(eq(paymentCharges.gatewayOrderId, order.gatewayOrderId));
    standIn.chargeDelayMs = 2000; // beyond the adapter's 1.5 s timeout
    const replies = await Promise.all([
      call(app, 'detailPembayaran', { reservasi_kode: order.code }, withKey(order.key)),
      call(app, 'detailPembayaran', { reservasi_kode: order.code }, withKey(order.key)),
    ]);
    for (const reply of replies) {
      expect(reply.status).toBe(503);
      expect(reply.ok ? null : reply.error.code).toBe('SRV-2');
    }
    expect(await openRows((await orderRow(order.code)).id)).toHaveLength(0);
    standIn.chargeDelayMs = 0;
    const detail = await ok(app, 'detailPembayaran', { reservasi_kode: order.code }, withKey(order.key));
    expect(detail.nomor_bayar).toMatch(/^\d{18}$/);
    expect(await openRows((await orderRow(order.code)).id)).toHaveLength(1);
  });

  it('a claim left charging by a process that died is given up after the timeout, kept for its notification', async () => {
    const order = await chargedOrder('VA_BCA');
    const row = await orderRow(order.code);
    const [charged] = await openRows(row.id);
    if (!charged) throw new Error('no open charge');
    // As if a process claimed the charge a minute ago and died before storing the gateway's answer.
    await handle.db
      .update(paymentCharges)
      .set({ status: 'charging', claimedAt: new Date(Date.now() - 60_000) })
      .where(eq(paymentCharges.id, charged.id));
    // Midtrans's "pending" (sent as soon as a charge is made) does not settle a claim's status.
    expect((await post(standIn.notification(order.gatewayOrderId))).status).toBe(200);
    const [claimed] = await handle.db.select().from(paymentCharges).where(eq(paymentCharges.id, charged.id));
    expect(claimed?.status).toBe('charging');
    const detail = await ok(app, 'detailPembayaran', { reservasi_kode: order.code }, withKey(order.key));
    expect(detail.nomor_bayar).not.toBe(order.instruction.nomor_bayar);
    expect(chargesAtGateway(order.code)).toHaveLength(2);
    const [old] = await handle.db.select().from(paymentCharges).where(eq(paymentCharges.id, charged.id));
    expect(old?.status).toBe('abandoned');
    // Its "pending" does not reopen it (the open place is taken); its settlement still pays the order.
    expect((await post(standIn.notification(order.gatewayOrderId))).status).toBe(200);
    expect(await openRows(row.id)).toHaveLength(1);
    standIn.setStatus(order.gatewayOrderId, 'settlement');
    expect((await post(standIn.notification(order.gatewayOrderId))).status).toBe(200);
    expect(await paymentRows(row.id)).toHaveLength(1);
  });

  it('the card and methods Midtrans has no charge for are listed as unavailable and refused', async () => {
    day += 1;
    const order = await reserveSeat(app, addDays(TEST_TODAY, day));
    const list = await ok(app, 'listJenisPembayaran', { reservasi_kode: order.code }, withKey(order.key));
    expect(list.list.find((m) => m.kode === 'KARTU')?.tersedia).toBe(false);
    expect(list.list.find((m) => m.kode === 'VA_BCA')?.tersedia).toBe(true);
    const refused = await fails(
      app,
      'gantiPembayaran',
      { reservasi_kode: order.code, jenis_pembayaran_kode: 'KARTU' },
      withKey(order.key),
    );
    expect(refused.code).toBe('PAY-3');
  });

  it('simulasi-bayar does not exist beside a real gateway', async () => {
    const order = await chargedOrder();
    const reply = await fails(app, 'simulasiBayar', { reservasi_kode: order.code }, withKey(order.key));
    expect([reply.httpStatus, reply.code]).toEqual([404, 'NFD-1']);
  });

  it('a forged notification (wrong signature) changes nothing, is answered 4xx and logged', async () => {
    const order = await chargedOrder();
    standIn.setStatus(order.gatewayOrderId, 'settlement');
    const reply = await post(standIn.forged(order.gatewayOrderId, 'settlement'));
    expect(reply.status).toBe(401);
    expect(await reply.json()).toMatchObject({ status: 'ERROR', code: 'AUT-1' });
    const row = await orderRow(order.code);
    expect(row.status).toBe('pending');
    expect(await paymentRows(row.id)).toEqual([]);
    const logged = logLines.filter((line) => line.includes('midtrans notification refused'));
    expect(logged.some((line) => line.includes(order.gatewayOrderId))).toBe(true);
    // No secret reaches the log.
    expect(logLines.join('\n')).not.toContain(standIn.serverKey);
  });

  it('a signed notification with another amount, an unknown order or a broken body is refused', async () => {
    const order = await chargedOrder();
    standIn.setStatus(order.gatewayOrderId, 'settlement');
    const cheap = standIn.notification(order.gatewayOrderId, { gross_amount: '1000.00' });
    // Re-signed over the cheaper amount: only the stored charge's amount pays.
    const { createHash } = await import('node:crypto');
    cheap.signature_key = createHash('sha512')
      .update(`${cheap.order_id}${cheap.status_code}${cheap.gross_amount}${standIn.serverKey}`)
      .digest('hex');
    expect((await post(cheap)).status).toBe(422);
    const unknown: Record<string, string> = { ...cheap, order_id: 'NOPE-1', gross_amount: '154000.00' };
    unknown.signature_key = createHash('sha512')
      .update(`NOPE-1${unknown.status_code}154000.00${standIn.serverKey}`)
      .digest('hex');
    expect((await post(unknown)).status).toBe(404);
    expect((await post({ order_id: order.gatewayOrderId })).status).toBe(400);
    const huge = await app.request(NOTIFY, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ pad: 'x'.repeat(40_000) }),
    });
    expect(huge.status).toBe(413);
    expect((await orderRow(order.code)).status).toBe('pending');
  });

  it('a valid settlement sent three times at once pays the order once; a later expire or pending changes nothing', async () => {
    const order = await chargedOrder();
    const pendingNote = standIn.notification(order.gatewayOrderId);
    standIn.setStatus(order.gatewayOrderId, 'settlement');
    const settlement = standIn.notification(order.gatewayOrderId);
    const replies = await Promise.all([post(settlement), post(settlement), post(settlement)]);
    expect(replies.map((r) => r.status)).toEqual([200, 200, 200]);
    const row = await orderRow(order.code);
    expect(row.status).toBe('paid');
    const paid = await paymentRows(row.id);
    expect(paid).toHaveLength(1);
    expect(paid[0]).toMatchObject({
      provider: 'midtrans',
      methodCode: 'VA_BCA',
      amount: order.instruction.total_bayar,
    });

    // Out of order: the charge's pending, then an expire, both validly signed.
    expect((await post(pendingNote)).status).toBe(200);
    standIn.setStatus(order.gatewayOrderId, 'expire');
    expect((await post(standIn.notification(order.gatewayOrderId))).status).toBe(200);
    const after = await orderRow(order.code);
    expect([after.status, after.paidAt?.toISOString()]).toEqual(['paid', row.paidAt?.toISOString()]);
    expect(await paymentRows(row.id)).toHaveLength(1);
    const [charge] = await handle.db
      .select({ status: paymentCharges.status })
      .from(paymentCharges)
      .where(eq(paymentCharges.gatewayOrderId, order.gatewayOrderId));
    expect(charge?.status).toBe('settlement');
    const seats = await handle.db.select().from(seatBookings).where(eq(seatBookings.reservationId, row.id));
    expect(seats.every((seat) => seat.live && seat.expiresAt === null)).toBe(true);
    expect(seats.length).toBeGreaterThan(0);
  });

  it('two charges of one order both paid (the method changed): paid once, the second logged for a refund', async () => {
    const order = await chargedOrder('VA_BCA');
    await ok(
      app,
      'gantiPembayaran',
      { reservasi_kode: order.code, jenis_pembayaran_kode: 'VA_BRI' },
      withKey(order.key),
    );
    const bri = standIn.charges.at(-1)!.orderId;
    standIn.setStatus(bri, 'settlement');
    standIn.setStatus(order.gatewayOrderId, 'settlement');
    expect((await post(standIn.notification(bri))).status).toBe(200);
    expect((await post(standIn.notification(order.gatewayOrderId))).status).toBe(200);
    const row = await orderRow(order.code);
    const paid = await paymentRows(row.id);
    expect(paid).toHaveLength(1);
    expect(paid[0]?.methodCode).toBe('VA_BRI');
    expect(logLines.some((line) => line.includes('refund it') && line.includes(order.gatewayOrderId))).toBe(true);
  });

  it('money for a cancelled order books nothing: answered 200 (no retries) and logged for a refund', async () => {
    const order = await chargedOrder();
    await ok(app, 'batalReservasi', { reservasi_kode: order.code, jenis_batal: CANCEL_REASON }, withKey(order.key));
    standIn.setStatus(order.gatewayOrderId, 'settlement');
    const reply = await post(standIn.notification(order.gatewayOrderId));
    expect(reply.status).toBe(200);
    const row = await orderRow(order.code);
    expect(row.status).toBe('cancelled');
    expect(await paymentRows(row.id)).toEqual([]);
    expect(logLines.some((line) => line.includes('refund it') && line.includes(order.gatewayOrderId))).toBe(true);
  });

  it('expire, cancel, deny and failure leave the order unpaid; pending waits', async () => {
    for (const status of ['pending', 'expire', 'cancel', 'deny', 'failure']) {
      const order = await chargedOrder();
      standIn.setStatus(order.gatewayOrderId, status);
      expect((await post(standIn.notification(order.gatewayOrderId))).status).toBe(200);
      const row = await orderRow(order.code);
      expect([status, row.status]).toEqual([status, 'pending']);
      expect(await paymentRows(row.id)).toEqual([]);
    }
  });

  it('a card capture pays only when fraud detection accepts it', async () => {
    const challenged = await chargedOrder();
    standIn.setStatus(challenged.gatewayOrderId, 'capture', 'challenge');
    expect((await post(standIn.notification(challenged.gatewayOrderId))).status).toBe(200);
    expect((await orderRow(challenged.code)).status).toBe('pending');
    standIn.setStatus(challenged.gatewayOrderId, 'capture', 'accept');
    expect((await post(standIn.notification(challenged.gatewayOrderId))).status).toBe(200);
    expect((await orderRow(challenged.code)).status).toBe('paid');
  });

  it('"Cek Status Pembayaran" asks the gateway: a payment whose notification was lost is found', async () => {
    const order = await chargedOrder();
    const waiting = await ok(app, 'cekStatusPembayaran', { reservasi_kode: order.code }, withKey(order.key));
    expect(waiting).toEqual({ reservasi_kode: order.code, flag_lunas: 0, status: 'pending' });
    standIn.setStatus(order.gatewayOrderId, 'settlement');
    const paid = await ok(app, 'cekStatusPembayaran', { reservasi_kode: order.code }, withKey(order.key));
    expect(paid).toEqual({ reservasi_kode: order.code, flag_lunas: 1, status: 'paid' });
    expect(standIn.statusCalls).toContain(order.gatewayOrderId);
    // Without the order's key it is not found, and the gateway is not asked.
    const calls = standIn.statusCalls.length;
    const other = await fails(app, 'cekStatusPembayaran', { reservasi_kode: order.code });
    expect(other.code).toBe('NFD-1');
    expect(standIn.statusCalls.length).toBe(calls);
  });

  it('a gateway that does not answer in time leaves the order as it was', async () => {
    const order = await chargedOrder();
    standIn.setStatus(order.gatewayOrderId, 'settlement');
    standIn.delayMs = 3000;
    const reply = await ok(app, 'cekStatusPembayaran', { reservasi_kode: order.code }, withKey(order.key));
    expect(reply.flag_lunas).toBe(0);
  });

  it('the sweep recovers a lost notification near the deadline, also just after it, and leaves others alone', async () => {
    const nearDeadline = await chargedOrder();
    const farFromIt = await chargedOrder();
    standIn.setStatus(nearDeadline.gatewayOrderId, 'settlement');
    standIn.setStatus(farFromIt.gatewayOrderId, 'settlement');
    // 08:00 + 21 min: both deadlines (08:30) are within the sweep's 10 minutes.
    const logger = createLogger('silent');
    const provider = midtransProvider({ serverKey: standIn.serverKey, baseUrl: standIn.url, timeoutMs: 1500 });
    // Too early for either: nothing is asked.
    const early = standIn.statusCalls.length;
    expect(await sweepGatewayCharges(handle.db, new Date(START.getTime() + 5 * 60_000), provider, logger)).toBe(0);
    expect(standIn.statusCalls.slice(early)).not.toContain(nearDeadline.gatewayOrderId);

    const paid = await sweepGatewayCharges(handle.db, new Date(START.getTime() + 31 * 60_000), provider, logger);
    expect(paid).toBeGreaterThanOrEqual(2);
    expect((await orderRow(nearDeadline.code)).status).toBe('paid');
    expect((await orderRow(farFromIt.code)).status).toBe('paid');
    // Asked once: a second sweep a moment later does not ask again.
    const calls = standIn.statusCalls.length;
    await sweepGatewayCharges(handle.db, new Date(START.getTime() + 32 * 60_000), provider, logger);
    expect(standIn.statusCalls.length).toBe(calls);
  });

  it('without a gateway order the notification route is not there (simulated provider)', async () => {
    const simulated = createApp({ db: handle.db, today: () => TEST_TODAY, now: () => clock });
    const reply = await simulated.request(NOTIFY, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(reply.status).toBe(404);
  });
});
