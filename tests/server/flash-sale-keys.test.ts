import { randomInt } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { FLASH_SALE_MESSAGES, type FlashSaleCard } from '../../contract';
import { createApp, type App } from '../../server/app';
import { flashSaleCards, flashSaleKeys, flashSaleTransactions } from '../../server/db/schema';
import { readEnv } from '../../server/env';
import { NO_FLASH_SALE_PROVIDER_MESSAGE } from '../../server/services/flash-sale';
import { midtransProvider } from '../../server/services/gateway-payments';
import { call, defaultHeaders, fails, ok, type CallOptions } from './api-support';
import { signIn } from './helpers/accounts';
import { TEST_TODAY, createTestDatabase, describeEachDatabase, type TestDatabase } from './helpers/test-db';

/**
 * Issue 21: a flash-sale key is its earner's alone and buys once; a buyer the quiz blocked buys
 * nothing; one buyer holds at most FLASH_SALE_PURCHASES_PER_CARD purchases of a card per session
 * (1 unless set), also when several of its purchases arrive at once.
 */

/** 08:00 WIB: the 06.00 slot runs until 12.00. */
const START = new Date(`${TEST_TODAY}T08:00:00+07:00`);

const buyer = { pemesan_nama: 'Rina Kusuma', pemesan_email: 'rina@contoh.id', pemesan_telp: '081355556666' };

const freshAddress = () => `10.21.${randomInt(0, 256)}.${randomInt(1, 255)}`;
/** A guest calling from one address, as the quiz tells guests apart. */
const guestAt = (address: string): CallOptions => ({
  headers: { ...defaultHeaders(), 'x-forwarded-for': address },
});
/** A signed-in customer calling from a given address. */
const customerAt = (token: string, address: string): CallOptions => ({
  headers: { ...defaultHeaders({ bearer: token }), 'x-forwarded-for': address },
});

it('FLASH_SALE_PURCHASES_PER_CARD is 1 unless set, and must be a whole number from 1', () => {
  expect(readEnv({}).flashSalePurchasesPerCard).toBe(1);
  expect(readEnv({ FLASH_SALE_PURCHASES_PER_CARD: '3' }).flashSalePurchasesPerCard).toBe(3);
  expect(() => readEnv({ FLASH_SALE_PURCHASES_PER_CARD: '0' })).toThrow(/FLASH_SALE_PURCHASES_PER_CARD/);
  expect(() => readEnv({ FLASH_SALE_PURCHASES_PER_CARD: 'satu' })).toThrow(/FLASH_SALE_PURCHASES_PER_CARD/);
});

describeEachDatabase('flash-sale keys and the purchase cap on %s', (kind) => {
  let handle: TestDatabase;
  /** The default setting: one purchase per buyer per card per session. */
  let app: App;
  /** FLASH_SALE_PURCHASES_PER_CARD=2. */
  let appOfTwo: App;
  let clock = START;
  let cards: FlashSaleCard[] = [];

  beforeAll(async () => {
    handle = await createTestDatabase(kind, { max: 20 });
    app = createApp({ db: handle.db, today: () => TEST_TODAY, now: () => clock });
    appOfTwo = createApp({ db: handle.db, today: () => TEST_TODAY, now: () => clock, flashSalePurchasesPerCard: 2 });
    const running = (await ok(app, 'flashsaleListSesi', { tanggal: TEST_TODAY })).list.find(
      (s) => s.status === 'berlangsung',
    );
    if (!running) throw new Error('no running slot');
    cards = (await ok(app, 'flashsaleListCard', { sesi_sub_id: running.sesi_sub_id })).list;
    expect(cards.length).toBeGreaterThanOrEqual(2);
    // Stock is not what these tests are about: enough that no purchase here runs out of it.
    for (const card of cards) {
      await handle.db.update(flashSaleCards).set({ stock: 1000, sold: 0 }).where(eq(flashSaleCards.id, card.card_id));
    }
  }, 120_000);
  afterAll(async () => {
    await handle.destroy();
  });

  async function answerOf(cardId: number): Promise<string> {
    const [row] = await handle.db
      .select({ answer: flashSaleCards.answer })
      .from(flashSaleCards)
      .where(eq(flashSaleCards.id, cardId));
    return row!.answer;
  }
  async function keyFor(cardId: number, options: CallOptions, on: App = app): Promise<string> {
    return (await ok(on, 'flashsaleCekSoalCard', { card_id: cardId, jawaban: await answerOf(cardId) }, options))
      .key_auth;
  }
  async function answerWrong(cardId: number, options: CallOptions) {
    const wrong = (await answerOf(cardId)) === 'A' ? 'B' : 'A';
    expect((await fails(app, 'flashsaleCekSoalCard', { card_id: cardId, jawaban: wrong }, options)).code).toBe('FLS-2');
  }
  const purchase = (cardId: number, key: string, method = 'QRIS') => ({
    card_id: cardId,
    key_auth: key,
    ...buyer,
    jenis_pembayaran_kode: method,
  });
  const buy = (cardId: number, key: string, options: CallOptions, on: App = app, method?: string) =>
    call(on, 'flashsaleTransaksi', purchase(cardId, key, method), options);
  async function transactionsWithKey(key: string): Promise<number> {
    const [row] = await handle.db
      .select({ n: sql<number>`count(*)::int` })
      .from(flashSaleTransactions)
      .innerJoin(flashSaleKeys, eq(flashSaleKeys.id, flashSaleTransactions.keyId))
      .where(eq(flashSaleKeys.keyHash, sql`encode(sha256(convert_to(${key}, 'UTF8')), 'hex')`));
    return row!.n;
  }
  async function soldOf(cardId: number): Promise<number> {
    const [row] = await handle.db
      .select({ sold: flashSaleCards.sold })
      .from(flashSaleCards)
      .where(eq(flashSaleCards.id, cardId));
    return row!.sold;
  }
  const newCustomer = async () => ({ bearer: await signIn(app) }) satisfies CallOptions;

  it('without a payment gateway (production before one is configured) nothing is sold: 503 SRV-2, the key unspent', async () => {
    const card = cards[1]!;
    const customer = await newCustomer();
    const key = await keyFor(card.card_id, customer);
    const sold = await soldOf(card.card_id);
    const production = createApp({ db: handle.db, today: () => TEST_TODAY, now: () => clock, demo: false });
    const refused = await buy(card.card_id, key, customer, production);
    expect(!refused.ok && refused.status).toBe(503);
    expect(!refused.ok && refused.error).toMatchObject({ code: 'SRV-2', message: NO_FLASH_SALE_PROVIDER_MESSAGE });
    expect(await soldOf(card.card_id)).toBe(sold);
    expect(await transactionsWithKey(key)).toBe(0);
  });

  it('with Midtrans as the gateway the card (its token step is on the order page only) is refused before anything is sold', async () => {
    const card = cards[1]!;
    const customer = await newCustomer();
    const key = await keyFor(card.card_id, customer);
    const sold = await soldOf(card.card_id);
    // Never called: the purchase is refused before any charge.
    const gateway = midtransProvider({
      serverKey: 'SB-Mid-server-unused',
      clientKey: 'SB-Mid-client-unused',
      baseUrl: 'http://127.0.0.1:9',
    });
    const withMidtrans = createApp({
      db: handle.db,
      today: () => TEST_TODAY,
      now: () => clock,
      paymentProvider: gateway,
    });
    const methods = await ok(
      withMidtrans,
      'flashsaleListJenisPembayaran',
      { card_id: card.card_id, key_auth: key },
      customer,
    );
    expect(methods.list.find((m) => m.kode === 'KARTU')?.tersedia).toBe(false);
    expect(methods.list.find((m) => m.kode === 'QRIS')?.tersedia).toBe(true);
    const refused = await buy(card.card_id, key, customer, withMidtrans, 'KARTU');
    expect(!refused.ok && refused.status).toBe(422);
    expect(!refused.ok && refused.error).toMatchObject({ code: 'PAY-3' });
    expect(await soldOf(card.card_id)).toBe(sold);
    expect(await transactionsWithKey(key)).toBe(0);
  });

  it("another customer cannot buy, or even price, with a customer's key; its owner still can", async () => {
    const card = cards[0]!;
    const owner = await newCustomer();
    const other = await newCustomer();
    const key = await keyFor(card.card_id, owner);
    const sold = await soldOf(card.card_id);

    const methods = await fails(app, 'flashsaleListJenisPembayaran', { card_id: card.card_id, key_auth: key }, other);
    expect(methods).toMatchObject({ httpStatus: 403, code: 'FLS-5', message: FLASH_SALE_MESSAGES.notYourKey });
    const stolen = await buy(card.card_id, key, other);
    expect(!stolen.ok && stolen.status).toBe(403);
    expect(!stolen.ok && stolen.error).toMatchObject({ code: 'FLS-5', message: FLASH_SALE_MESSAGES.notYourKey });
    expect(await soldOf(card.card_id)).toBe(sold);

    // The refusal did not spend the key: its owner buys with it.
    expect(
      (await ok(app, 'flashsaleListJenisPembayaran', { card_id: card.card_id, key_auth: key }, owner)).amount,
    ).toBe(card.harga_flashsale);
    expect((await buy(card.card_id, key, owner)).ok).toBe(true);
    expect(await transactionsWithKey(key)).toBe(1);
  });

  it("a guest cannot buy with a customer's key, even from the customer's own address", async () => {
    const card = cards[0]!;
    const address = freshAddress();
    const owner = customerAt((await newCustomer()).bearer, address);
    const key = await keyFor(card.card_id, owner);
    for (const guest of [guestAt(address), guestAt(freshAddress())]) {
      const refused = await buy(card.card_id, key, guest);
      expect(!refused.ok && refused.error.code).toBe('FLS-5');
    }
    expect(await transactionsWithKey(key)).toBe(0);
  });

  it("a guest's key buys only from that guest's address, not for another guest nor a customer there", async () => {
    const card = cards[1]!;
    const address = freshAddress();
    const key = await keyFor(card.card_id, guestAt(address));
    const customerThere = customerAt((await newCustomer()).bearer, address);
    for (const other of [guestAt(freshAddress()), customerThere]) {
      const refused = await buy(card.card_id, key, other);
      expect(!refused.ok && refused.error.code).toBe('FLS-5');
    }
    expect((await buy(card.card_id, key, guestAt(address))).ok).toBe(true);
    expect(await transactionsWithKey(key)).toBe(1);
  });

  it("a customer the quiz blocked buys with nobody's key, not even one it earned before", async () => {
    const card = cards[0]!;
    const honest = await newCustomer();
    const blocked = await newCustomer();
    const earnedBefore = await keyFor(card.card_id, blocked);
    await answerWrong(card.card_id, blocked);
    const honestKey = await keyFor(card.card_id, honest);
    const pricing = { card_id: card.card_id, key_auth: earnedBefore };
    expect((await fails(app, 'flashsaleListJenisPembayaran', pricing, blocked)).code).toBe('FLS-2');
    for (const key of [honestKey, earnedBefore]) {
      const refused = await buy(card.card_id, key, blocked);
      expect(!refused.ok && refused.status).toBe(403);
      expect(!refused.ok && refused.error).toMatchObject({ code: 'FLS-2', message: FLASH_SALE_MESSAGES.wrongAnswer });
    }
    expect(await transactionsWithKey(earnedBefore)).toBe(0);
    expect(await transactionsWithKey(honestKey)).toBe(0);
    // A blocked guest the same: blocked on its address.
    const address = freshAddress();
    const guestKey = await keyFor(card.card_id, guestAt(address));
    await answerWrong(card.card_id, guestAt(address));
    const refused = await buy(card.card_id, guestKey, guestAt(address));
    expect(!refused.ok && refused.error.code).toBe('FLS-2');
  });

  it('a key is spent once: its owner sending the purchase four times at once gets one transaction', async () => {
    const card = cards[1]!;
    const owner = await newCustomer();
    // A cap of 2, so that only the key can refuse the second.
    const key = await keyFor(card.card_id, owner, appOfTwo);
    const sold = await soldOf(card.card_id);
    const replies = await Promise.all([0, 1, 2, 3].map(() => buy(card.card_id, key, owner, appOfTwo)));
    expect(replies.filter((r) => r.ok)).toHaveLength(1);
    for (const reply of replies.filter((r) => !r.ok)) {
      expect(reply.status).toBe(403);
      expect(!reply.ok && reply.error).toMatchObject({ code: 'FLS-3', message: FLASH_SALE_MESSAGES.keyInvalid });
    }
    expect(await transactionsWithKey(key)).toBe(1);
    expect(await soldOf(card.card_id)).toBe(sold + 1);
  });

  it('answering again after buying gives no second purchase of the card (default: one)', async () => {
    const card = cards[0]!;
    const customer = await newCustomer();
    // Two right answers before buying: two keys in hand.
    const first = await keyFor(card.card_id, customer);
    const second = await keyFor(card.card_id, customer);
    expect((await buy(card.card_id, first, customer)).ok).toBe(true);
    const again = await buy(card.card_id, second, customer);
    expect(!again.ok && again.status).toBe(409);
    expect(!again.ok && again.error).toMatchObject({ code: 'FLS-6', message: FLASH_SALE_MESSAGES.limitReached });
    // Answering once more is refused before a key is given.
    const answer = { card_id: card.card_id, jawaban: await answerOf(card.card_id) };
    expect(await fails(app, 'flashsaleCekSoalCard', answer, customer)).toMatchObject({
      httpStatus: 409,
      code: 'FLS-6',
    });
    // Another card of the same session is still open to this customer.
    const other = cards[1]!;
    expect((await buy(other.card_id, await keyFor(other.card_id, customer), customer)).ok).toBe(true);
    // A guest is one buyer per address.
    const guest = guestAt(freshAddress());
    const guestFirst = await keyFor(card.card_id, guest);
    const guestSecond = await keyFor(card.card_id, guest);
    expect((await buy(card.card_id, guestFirst, guest)).ok).toBe(true);
    const guestAgain = await buy(card.card_id, guestSecond, guest);
    expect(!guestAgain.ok && guestAgain.error.code).toBe('FLS-6');
  });

  it('with the setting at 2 a customer buys a card twice, never three times', async () => {
    const card = cards[1]!;
    const customer = await newCustomer();
    const keys = [
      await keyFor(card.card_id, customer, appOfTwo),
      await keyFor(card.card_id, customer, appOfTwo),
      await keyFor(card.card_id, customer, appOfTwo),
    ];
    expect((await buy(card.card_id, keys[0]!, customer, appOfTwo)).ok).toBe(true);
    expect((await buy(card.card_id, keys[1]!, customer, appOfTwo)).ok).toBe(true);
    const third = await buy(card.card_id, keys[2]!, customer, appOfTwo);
    expect(!third.ok && third.error.code).toBe('FLS-6');
    const answer = { card_id: card.card_id, jawaban: await answerOf(card.card_id) };
    expect((await fails(appOfTwo, 'flashsaleCekSoalCard', answer, customer)).code).toBe('FLS-6');
  });

  // PGlite has one connection, so only PostgreSQL runs these purchases truly at once: there, without
  // the card row's lock, every purchase counts the buyer's others before any commits and all pass.
  it.each([1, 2])(
    'one customer sending 6 purchases of one card at once with 6 keys gets %i (the cap)',
    async (cap) => {
      const on = cap === 1 ? app : appOfTwo;
      const card = cards[0]!;
      const customer = await newCustomer();
      const keys = await Promise.all(Array.from({ length: 6 }, () => keyFor(card.card_id, customer, on)));
      const sold = await soldOf(card.card_id);
      const replies = await Promise.all(keys.map((key) => buy(card.card_id, key, customer, on)));
      expect(replies.filter((r) => r.ok)).toHaveLength(cap);
      for (const reply of replies.filter((r) => !r.ok)) {
        expect(!reply.ok && reply.error.code).toBe('FLS-6');
      }
      const perKey = await Promise.all(keys.map(transactionsWithKey));
      expect(perKey.reduce((a, b) => a + b, 0)).toBe(cap);
      expect(await soldOf(card.card_id)).toBe(sold + cap);
    },
    60_000,
  );

  it('a purchase left unpaid past its time no longer counts: the buyer may buy the card again', async () => {
    const card = cards[1]!;
    const customer = await newCustomer();
    expect((await buy(card.card_id, await keyFor(card.card_id, customer), customer)).ok).toBe(true);
    clock = new Date(START.getTime() + 31 * 60_000);
    try {
      expect((await buy(card.card_id, await keyFor(card.card_id, customer), customer)).ok).toBe(true);
    } finally {
      clock = START;
    }
  });
});
