import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE } from '../../contract';
import { createApp, type App } from '../../server/app';
import { paymentCharges, payments, reservations } from '../../server/db/schema';
import { contentSecurityPolicy } from '../../server/http/security-headers';
import { addDays } from '../../server/lib/dates';
import { createLogger } from '../../server/logger';
import { midtransProvider } from '../../server/services/gateway-payments';
import { MIDTRANS_PRODUCTION_URL, MIDTRANS_SANDBOX_URL, midtransCardSetup } from '../../server/services/midtrans';
import { SANDBOX_CARDS, startMidtransStandIn, type MidtransStandIn } from '../helpers/midtrans-stand-in';
import { call, fails, ok } from './api-support';
import { MANY_ORDERS, reserveSeat, withKey } from './helpers/orders';
import { TEST_TODAY, createTestDatabase, describeEachDatabase, type TestDatabase } from './helpers/test-db';

/*
 * Issue 23: the card through Midtrans. The page makes a one-time token at Midtrans with the client
 * key (card data goes there, never here); bayar-kartu charges it with 3DS; the notification after
 * the bank's page (or "Cek Status") pays the order once.
 */

const START = new Date(`${TEST_TODAY}T08:00:00+07:00`);
const NOTIFY = `${API_BASE}/payment/notification/midtrans`;
const SCRIPT = '/v2/assets/js/midtrans-new-3ds.min.js';
/** One secret for both apps below, so an order's key opens it in either. */
const ORDER_KEY_SECRET = 'card-test-order-key-secret-0123456789';

describe('the card step: script, environment and page policy', () => {
  it('Midtrans documents one script URL for both environments; data-environment chooses', () => {
    const sandbox = midtransCardSetup({ serverKey: 's', clientKey: 'SB-Mid-client-x', baseUrl: MIDTRANS_SANDBOX_URL });
    expect(sandbox).toEqual({
      clientKey: 'SB-Mid-client-x',
      scriptUrl: `${MIDTRANS_PRODUCTION_URL}${SCRIPT}`,
      environment: 'sandbox',
      origins: [MIDTRANS_PRODUCTION_URL, MIDTRANS_SANDBOX_URL],
    });
    const production = midtransCardSetup({
      serverKey: 's',
      clientKey: 'Mid-client-x',
      baseUrl: `${MIDTRANS_PRODUCTION_URL}/`,
    });
    expect(production).toMatchObject({ environment: 'production', origins: [MIDTRANS_PRODUCTION_URL] });
    // Another base (a proxy or the stand-in) serves its own script.
    expect(midtransCardSetup({ serverKey: 's', clientKey: 'k-12345678', baseUrl: 'http://127.0.0.1:9' })).toMatchObject(
      {
        scriptUrl: `http://127.0.0.1:9${SCRIPT}`,
        origins: ['http://127.0.0.1:9'],
      },
    );
    // No client key, no card.
    expect(midtransCardSetup({ serverKey: 's', baseUrl: MIDTRANS_SANDBOX_URL })).toBeNull();
  });

  it("the page may load and call the gateway's origins only when the card is offered", () => {
    expect(contentSecurityPolicy()).toContain("script-src 'self';");
    expect(contentSecurityPolicy()).not.toContain('frame-src');
    const policy = contentSecurityPolicy([MIDTRANS_PRODUCTION_URL, MIDTRANS_SANDBOX_URL]);
    const directive = (name: string) => policy.split('; ').find((part) => part.startsWith(`${name} `));
    for (const name of ['script-src', 'connect-src', 'frame-src'])
      expect(directive(name)).toContain(`${MIDTRANS_PRODUCTION_URL} ${MIDTRANS_SANDBOX_URL}`);
    expect(directive('form-action')).toBe("form-action 'self'");
    expect(directive('default-src')).toBe("default-src 'self'");
  });
});

describeEachDatabase('card payment through Midtrans (stand-in) on %s', (kind) => {
  let handle: TestDatabase;
  let app: App;
  let standIn: MidtransStandIn;
  const logLines: string[] = [];
  let day = 60;

  beforeAll(async () => {
    handle = await createTestDatabase(kind, { max: 25 });
    standIn = await startMidtransStandIn();
    app = createApp({
      ...MANY_ORDERS,
      orderKeySecret: ORDER_KEY_SECRET,
      db: handle.db,
      today: () => TEST_TODAY,
      now: () => START,
      logger: createLogger('info', { write: (line: string) => void logLines.push(line) }),
      paymentProvider: midtransProvider({
        serverKey: standIn.serverKey,
        clientKey: standIn.clientKey,
        baseUrl: standIn.url,
        timeoutMs: 1500,
      }),
    });
  });
  afterEach(() => {
    standIn.chargeDelayMs = 0;
    expect(standIn.problems.splice(0)).toEqual([]);
  });
  afterAll(async () => {
    await standIn.close();
    await handle.destroy();
  });

  /** What the page's script does: the card data goes to Midtrans with the client key, a token comes back. */
  async function tokenFor(cardNumber: string): Promise<string> {
    const query = new URLSearchParams({
      client_key: standIn.clientKey,
      card_number: cardNumber,
      card_exp_month: '12',
      card_exp_year: String(Number(TEST_TODAY.slice(0, 4)) + 3),
      card_cvv: '123',
    });
    const reply = (await (await fetch(`${standIn.url}/v2/token?${query}`)).json()) as { token_id?: string };
    if (!reply.token_id) throw new Error('no token');
    return reply.token_id;
  }

  async function cardOrder() {
    day += 1;
    const order = await reserveSeat(app, addDays(TEST_TODAY, day));
    const charges = standIn.charges.length;
    const instruction = await ok(
      app,
      'gantiPembayaran',
      { reservasi_kode: order.code, jenis_pembayaran_kode: 'KARTU' },
      withKey(order.key),
    );
    // Choosing the card charges nothing: there is no token yet.
    expect(standIn.charges.length).toBe(charges);
    return { ...order, instruction };
  }

  const pay = (order: { code: string; key: string }, token: string) =>
    ok(app, 'bayarKartu', { reservasi_kode: order.code, token_id: token }, withKey(order.key));
  const refusal = (order: { code: string; key: string }, token: string) =>
    fails(app, 'bayarKartu', { reservasi_kode: order.code, token_id: token }, withKey(order.key));
  const orderRow = async (code: string) => {
    const [row] = await handle.db.select().from(reservations).where(eq(reservations.code, code));
    if (!row) throw new Error(`order ${code} missing`);
    return row;
  };
  const cardCharges = async (code: string) => {
    const row = await orderRow(code);
    return handle.db
      .select()
      .from(paymentCharges)
      .where(and(eq(paymentCharges.reservationId, row.id), eq(paymentCharges.methodCode, 'KARTU')))
      .orderBy(paymentCharges.id);
  };
  const notify = (orderId: string) =>
    app.request(NOTIFY, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(standIn.notification(orderId)),
    });
  const instructionOf = (order: { code: string; key: string }) =>
    ok(app, 'detailPembayaran', { reservasi_kode: order.code }, withKey(order.key));

  it('with a client key the card is offered, and its page gets the script, the key and the environment', async () => {
    const order = await cardOrder();
    const list = await ok(app, 'listJenisPembayaran', { reservasi_kode: order.code }, withKey(order.key));
    expect(list.list.find((m) => m.kode === 'KARTU')?.tersedia).toBe(true);
    expect(order.instruction).toMatchObject({
      jenis: 'card',
      nomor_bayar: null,
      url_bayar: null,
      simulasi: false,
      kartu: {
        client_key: standIn.clientKey,
        script_url: `${standIn.url}${SCRIPT}`,
        lingkungan: 'sandbox',
        percobaan_terakhir: null,
      },
    });
    expect(await instructionOf(order)).toEqual(order.instruction);
  });

  it('a 3DS card: pending with the bank page, then the notification pays the order once', async () => {
    const order = await cardOrder();
    const reply = await pay(order, await tokenFor(SANDBOX_CARDS.threeDs));
    const charge = standIn.charges.at(-1)!;
    expect(charge.request).toEqual({
      payment_type: 'credit_card',
      transaction_details: { order_id: charge.orderId, gross_amount: order.instruction.total_bayar },
      customer_details: expect.any(Object),
      credit_card: { token_id: expect.stringMatching(/^48111111-1114-/), authentication: true },
    });
    expect(reply).toEqual({
      reservasi_kode: order.code,
      status: 'pending',
      url_3ds: `${standIn.url}/v2/3ds/redirect/${charge.transactionId}`,
    });
    expect((await instructionOf(order)).kartu?.percobaan_terakhir).toBe('menunggu');
    expect((await orderRow(order.code)).status).toBe('pending');

    standIn.setStatus(charge.orderId, 'capture', 'accept');
    const replies = await Promise.all([notify(charge.orderId), notify(charge.orderId)]);
    expect(replies.map((r) => r.status)).toEqual([200, 200]);
    const row = await orderRow(order.code);
    expect(row.status).toBe('paid');
    const paid = await handle.db.select().from(payments).where(eq(payments.reservationId, row.id));
    expect(paid).toHaveLength(1);
    expect(paid[0]).toMatchObject({ methodCode: 'KARTU', amount: order.instruction.total_bayar });
    // Paid: no more card attempts.
    expect((await refusal(order, await tokenFor(SANDBOX_CARDS.threeDs))).code).toBe('PAY-1');
  });

  it('a card the bank denies: 422 PAY-4 in words, the order waits, and the next card pays', async () => {
    const order = await cardOrder();
    const denied = await refusal(order, await tokenFor(SANDBOX_CARDS.denied));
    expect([denied.httpStatus, denied.code]).toEqual([422, 'PAY-4']);
    expect(denied.message).toMatch(/^Pembayaran kartu ditolak/);
    expect((await cardCharges(order.code)).map((c) => c.status)).toEqual(['deny']);
    expect((await instructionOf(order)).kartu?.percobaan_terakhir).toBe('ditolak');
    expect((await orderRow(order.code)).status).toBe('pending');

    const frictionless = await pay(order, await tokenFor(SANDBOX_CARDS.frictionless));
    expect(frictionless).toEqual({ reservasi_kode: order.code, status: 'paid', url_3ds: null });
    expect((await orderRow(order.code)).status).toBe('paid');
  });

  it('a used or unknown token is refused by Midtrans and answered PAY-4; a malformed one never leaves', async () => {
    const order = await cardOrder();
    const token = await tokenFor(SANDBOX_CARDS.threeDs);
    await pay(order, token);
    expect((await refusal(order, token)).code).toBe('PAY-4');
    const charges = standIn.charges.length;
    const malformed = await refusal(order, 'kartu 4811 1111');
    expect([malformed.httpStatus, malformed.code]).toEqual([400, 'REQ-1']);
    expect(standIn.charges.length).toBe(charges);
  });

  it('a new card attempt supersedes one left at its 3DS page; if the old one is finished after all, it pays once', async () => {
    const order = await cardOrder();
    await pay(order, await tokenFor(SANDBOX_CARDS.threeDs));
    const first = standIn.charges.at(-1)!;
    await pay(order, await tokenFor(SANDBOX_CARDS.threeDs));
    const second = standIn.charges.at(-1)!;
    expect((await cardCharges(order.code)).map((c) => c.status)).toEqual(['superseded', 'pending']);

    standIn.setStatus(first.orderId, 'capture', 'accept');
    expect((await notify(first.orderId)).status).toBe(200);
    expect((await orderRow(order.code)).status).toBe('paid');
    // The second one paid too: still one payment, the money logged for a refund.
    standIn.setStatus(second.orderId, 'capture', 'accept');
    expect((await notify(second.orderId)).status).toBe(200);
    const row = await orderRow(order.code);
    expect(await handle.db.select().from(payments).where(eq(payments.reservationId, row.id))).toHaveLength(1);
    expect(logLines.some((line) => line.includes(order.code) && line.includes('refund it'))).toBe(true);
  });

  it('two card attempts at once: one reaches Midtrans, the other is told to wait', async () => {
    const order = await cardOrder();
    const [a, b] = [await tokenFor(SANDBOX_CARDS.threeDs), await tokenFor(SANDBOX_CARDS.threeDs)];
    standIn.chargeDelayMs = 300;
    const replies = await Promise.all(
      [a, b].map((token) =>
        call(app, 'bayarKartu', { reservasi_kode: order.code, token_id: token }, withKey(order.key)),
      ),
    );
    expect(replies.map((r) => r.status).sort()).toEqual([200, 409]);
    expect((await cardCharges(order.code)).map((c) => c.status)).toEqual(['pending']);
  });

  it('the card needs the card chosen, the order key, and a gateway', async () => {
    day += 1;
    const order = await reserveSeat(app, addDays(TEST_TODAY, day));
    await ok(
      app,
      'gantiPembayaran',
      { reservasi_kode: order.code, jenis_pembayaran_kode: 'VA_BCA' },
      withKey(order.key),
    );
    const token = await tokenFor(SANDBOX_CARDS.threeDs);
    expect((await refusal(order, token)).code).toBe('PAY-3');
    const stranger = await fails(app, 'bayarKartu', { reservasi_kode: order.code, token_id: token });
    expect(stranger.code).toBe('NFD-1');

    const simulated = createApp({
      ...MANY_ORDERS,
      orderKeySecret: ORDER_KEY_SECRET,
      db: handle.db,
      today: () => TEST_TODAY,
      now: () => START,
    });
    const viaSimulator = await fails(
      simulated,
      'bayarKartu',
      { reservasi_kode: order.code, token_id: token },
      withKey(order.key),
    );
    expect([viaSimulator.httpStatus, viaSimulator.code]).toEqual([422, 'PAY-3']);
  });
});
