import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { FLASH_SALE_MESSAGES, ORDER_KEY_HEADER, type FlashSaleCard } from '../../contract';
import { createApp, type App } from '../../server/app';
import { flashSaleCards, flashSaleTransactions } from '../../server/db/schema';
import { DEMO_TOKEN, ZERO_POINTS_TOKEN } from '../../server/db/seed-data/accounts';
import { FLASH_SALE_DAYS } from '../../server/db/seed-data/flash-sale';
import { sweepFlashSale } from '../../server/services/flash-sale';
import { addDays } from '../../server/lib/dates';
import { call, defaultHeaders, fails, ok, type CallOptions } from './api-support';
import { freshClient } from './helpers/accounts';
import { TEST_TODAY, createTestDatabase, type TestDatabase, describeEachDatabase } from './helpers/test-db';

/** 08:00 WIB: the 06.00 slot runs, 12.00 and 18.00 come later, 00.00 is over. */
const START = new Date(`${TEST_TODAY}T08:00:00+07:00`);

const buyer = { pemesan_nama: 'Sari Wulandari', pemesan_email: 'sari@contoh.id', pemesan_telp: '081298765432' };

describeEachDatabase('flash sale on %s', (kind) => {
  let handle: TestDatabase;
  let app: App;
  let clock = START;

  beforeAll(async () => {
    handle = await createTestDatabase(kind, { max: 20 });
    app = createApp({ db: handle.db, today: () => TEST_TODAY, now: () => clock });
  });
  afterAll(async () => {
    await handle.destroy();
  });

  const sessionsToday = () => ok(app, 'flashsaleListSesi', { tanggal: TEST_TODAY });
  async function runningCards(): Promise<FlashSaleCard[]> {
    const running = (await sessionsToday()).list.find((s) => s.status === 'berlangsung');
    if (!running) throw new Error('no running slot');
    return (await ok(app, 'flashsaleListCard', { sesi_sub_id: running.sesi_sub_id })).list;
  }
  /** The right answer, found the way a buyer cannot: straight from the database. */
  async function answerOf(cardId: number): Promise<string> {
    const [row] = await handle.db
      .select({ answer: flashSaleCards.answer })
      .from(flashSaleCards)
      .where(eq(flashSaleCards.id, cardId));
    return row!.answer;
  }
  const wrongOf = async (cardId: number) => ((await answerOf(cardId)) === 'A' ? 'B' : 'A');
  async function keyFor(cardId: number, options: CallOptions = freshClient()): Promise<string> {
    const reply = await ok(app, 'flashsaleCekSoalCard', { card_id: cardId, jawaban: await answerOf(cardId) }, options);
    return reply.key_auth;
  }

  it('the home names the running and the next slot and the days on sale', async () => {
    const home = await ok(app, 'flashsaleBeranda');
    expect(home.tanggal).toEqual(Array.from({ length: FLASH_SALE_DAYS }, (_, day) => addDays(TEST_TODAY, day)));
    expect(home.sesi_berlangsung).toMatchObject({ nama: 'Sesi 06.00', status: 'berlangsung', tanggal: TEST_TODAY });
    expect(home.sesi_berikutnya).toMatchObject({ nama: 'Sesi 12.00', status: 'akan-datang' });
    expect(home.waktu_server).toBe(START.toISOString());
  });

  it("a day's slots come in order with their state at the server's clock", async () => {
    const { list } = await sessionsToday();
    expect(list.map((s) => [s.nama, s.status])).toEqual([
      ['Sesi 00.00', 'selesai'],
      ['Sesi 06.00', 'berlangsung'],
      ['Sesi 12.00', 'akan-datang'],
      ['Sesi 18.00', 'akan-datang'],
    ]);
    expect(list[1]!.mulai).toBe(new Date(`${TEST_TODAY}T06:00:00+07:00`).toISOString());
    expect((await ok(app, 'flashsaleListSesi', { tanggal: addDays(TEST_TODAY, 30) })).list).toEqual([]);
  });

  it('cards show their stock, sold and left; the detail adds terms, the question hides its answer', async () => {
    const cards = await runningCards();
    expect(cards).toHaveLength(3);
    for (const card of cards) {
      expect(card.sisa).toBe(card.stok - card.terjual);
      expect(card.harga_flashsale).toBeLessThan(card.harga_normal);
    }
    const card = cards[0]!;
    const detail = await ok(app, 'flashsaleDetailCard', { card_id: card.card_id });
    expect(detail).toMatchObject({ card_id: card.card_id, sesi: { status: 'berlangsung' } });
    expect(detail.syarat.length).toBeGreaterThan(0);
    const quiz = await call(app, 'flashsaleSoalCard', { card_id: card.card_id });
    expect(quiz.ok && quiz.results.pilihan).toHaveLength(4);
    expect(JSON.stringify(quiz.body)).not.toMatch(/answer|jawaban/i);
  });

  it('a wrong answer blocks the card for that client, even when it then answers right', async () => {
    const [card] = await runningCards();
    const client = freshClient();
    const wrong = await fails(
      app,
      'flashsaleCekSoalCard',
      { card_id: card!.card_id, jawaban: await wrongOf(card!.card_id) },
      client,
    );
    expect(wrong).toMatchObject({ httpStatus: 403, code: 'FLS-2', message: FLASH_SALE_MESSAGES.wrongAnswer });
    const right = { card_id: card!.card_id, jawaban: await answerOf(card!.card_id) };
    expect((await fails(app, 'flashsaleCekSoalCard', right, client)).code).toBe('FLS-2');
    // Another client, and a signed-in customer, may still answer.
    expect((await ok(app, 'flashsaleCekSoalCard', right, freshClient())).benar).toBe(true);
    expect(
      (
        await ok(
          app,
          'flashsaleCekSoalCard',
          { ...right, jawaban: right.jawaban.toLowerCase() },
          { bearer: DEMO_TOKEN },
        )
      ).key_auth,
    ).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('payment methods need the card’s own key; the price is the flash price', async () => {
    const [first, second] = await runningCards();
    const client = freshClient();
    const key = await keyFor(first!.card_id, client);
    const methods = await ok(app, 'flashsaleListJenisPembayaran', { card_id: first!.card_id, key_auth: key }, client);
    expect(methods.amount).toBe(first!.harga_flashsale);
    expect(methods.list.length).toBeGreaterThan(0);
    expect(methods.list.every((m) => m.total === first!.harga_flashsale + m.biaya)).toBe(true);
    const otherCard = await fails(
      app,
      'flashsaleListJenisPembayaran',
      { card_id: second!.card_id, key_auth: key },
      client,
    );
    expect(otherCard).toMatchObject({ httpStatus: 403, code: 'FLS-3' });
    const unknown = await fails(
      app,
      'flashsaleListJenisPembayaran',
      { card_id: first!.card_id, key_auth: 'x'.repeat(43) },
      client,
    );
    expect(unknown.code).toBe('FLS-3');
  });

  it('a purchase takes one unit of stock and spends the key; its key opens it, as does its buyer', async () => {
    const [card] = await runningCards();
    const key = await keyFor(card!.card_id, { bearer: ZERO_POINTS_TOKEN });
    const body = { card_id: card!.card_id, key_auth: key, ...buyer, jenis_pembayaran_kode: 'VA_BCA' };
    const bought = await ok(app, 'flashsaleTransaksi', body, { bearer: ZERO_POINTS_TOKEN });
    expect(bought).toMatchObject({
      status: 'menunggu-pembayaran',
      card: { card_id: card!.card_id },
      harga: card!.harga_flashsale,
      pemesan_nama: buyer.pemesan_nama,
      jenis_pembayaran_kode: 'VA_BCA',
    });
    expect(bought.transaksi_kode).toMatch(/^FS[A-Z0-9]{8}$/);
    expect(bought.nomor_bayar).toMatch(/^\d+$/);
    expect(new Date(bought.batas_bayar).getTime() - START.getTime()).toBe(30 * 60_000);
    expect((await runningCards()).find((c) => c.card_id === card!.card_id)!.terjual).toBe(card!.terjual + 1);

    expect((await fails(app, 'flashsaleTransaksi', body, { bearer: ZERO_POINTS_TOKEN })).code).toBe('FLS-3');

    const code = { transaksi_kode: bought.transaksi_kode };
    const byKey = await ok(app, 'flashsaleDetailTransaksi', code, {
      headers: { ...defaultHeaders(), [ORDER_KEY_HEADER]: bought.kunci },
    });
    expect(byKey.total_bayar).toBe(bought.total_bayar);
    expect((await fails(app, 'flashsaleDetailTransaksi', code)).httpStatus).toBe(404);
    expect((await fails(app, 'flashsaleDetailTransaksi', code, { bearer: DEMO_TOKEN })).httpStatus).toBe(404);
    expect((await ok(app, 'flashsaleDetailTransaksi', code, { bearer: ZERO_POINTS_TOKEN })).transaksi_kode).toBe(
      bought.transaksi_kode,
    );
    const mine = await ok(app, 'flashsaleListTransaksi', { page: 1 }, { bearer: ZERO_POINTS_TOKEN });
    expect(mine.list.map((t) => t.transaksi_kode)).toContain(bought.transaksi_kode);
    expect((await fails(app, 'flashsaleListTransaksi', { page: 1 })).httpStatus).toBe(401);
  });

  it('with the simulator a QRIS purchase shows its QR payload, and "Cek Status" answers the stored state', async () => {
    const [card] = await runningCards();
    const client = freshClient();
    const key = await keyFor(card!.card_id, client);
    const body = { card_id: card!.card_id, key_auth: key, ...buyer, jenis_pembayaran_kode: 'QRIS' };
    const bought = await ok(app, 'flashsaleTransaksi', body, client);
    expect(bought).toMatchObject({ nomor_bayar: null, kode_biller: null, url_bayar: null });
    expect(bought.qris).toMatch(/^000201/);
    const withKey = { headers: { ...defaultHeaders(), [ORDER_KEY_HEADER]: bought.kunci } };
    const checked = await ok(app, 'flashsaleCekStatus', { transaksi_kode: bought.transaksi_kode }, withKey);
    const { kunci: _key, ...transaction } = bought;
    expect(checked).toEqual(transaction);
    expect((await fails(app, 'flashsaleCekStatus', { transaksi_kode: bought.transaksi_kode })).httpStatus).toBe(404);
    const unknown = await fails(app, 'flashsaleCekStatus', { transaksi_kode: 'FSZZZZZZZZ' }, withKey);
    expect(unknown.code).toBe('NFD-1');
  });

  it('a slot that has not started or has ended sells nothing', async () => {
    const { list } = await sessionsToday();
    for (const slot of [list[0]!, list[2]!]) {
      const [card] = (await ok(app, 'flashsaleListCard', { sesi_sub_id: slot.sesi_sub_id })).list;
      const refused = await fails(app, 'flashsaleSoalCard', { card_id: card!.card_id });
      expect(refused).toMatchObject({ httpStatus: 409, code: 'FLS-1', message: FLASH_SALE_MESSAGES.notRunning });
      expect((await fails(app, 'flashsaleCekSoalCard', { card_id: card!.card_id, jawaban: 'A' })).code).toBe('FLS-1');
    }
  });

  it('a key bought before its slot ended no longer buys once it has', async () => {
    const [card] = await runningCards();
    const key = await keyFor(card!.card_id);
    clock = new Date(`${TEST_TODAY}T12:00:00+07:00`);
    try {
      const late = await fails(app, 'flashsaleTransaksi', {
        card_id: card!.card_id,
        key_auth: key,
        ...buyer,
        jenis_pembayaran_kode: 'VA_BCA',
      });
      expect(late.code).toBe('FLS-1');
    } finally {
      clock = START;
    }
  });

  it('50 buyers for a card with stock 10: exactly 10 transactions, 40 told it is sold out', async () => {
    const [, , card] = await runningCards();
    await handle.db.update(flashSaleCards).set({ stock: 10, sold: 0 }).where(eq(flashSaleCards.id, card!.card_id));
    const buyers = await Promise.all(
      Array.from({ length: 50 }, async () => {
        const client = freshClient();
        return { client, key: await keyFor(card!.card_id, client) };
      }),
    );
    const replies = await Promise.all(
      buyers.map(({ client, key }) =>
        call(
          app,
          'flashsaleTransaksi',
          { card_id: card!.card_id, key_auth: key, ...buyer, jenis_pembayaran_kode: 'QRIS' },
          client,
        ),
      ),
    );
    const refused = replies.filter((r) => !r.ok);
    expect(replies.filter((r) => r.ok)).toHaveLength(10);
    expect(refused).toHaveLength(40);
    for (const reply of refused) {
      expect(reply.status).toBe(409);
      expect(!reply.ok && reply.error).toMatchObject({ code: 'FLS-4', message: FLASH_SALE_MESSAGES.soldOut });
    }
    const [row] = await handle.db
      .select({ sold: flashSaleCards.sold })
      .from(flashSaleCards)
      .where(eq(flashSaleCards.id, card!.card_id));
    expect(row!.sold).toBe(10);
    const [count] = await handle.db
      .select({ n: sql<number>`count(*)::int` })
      .from(flashSaleTransactions)
      .where(eq(flashSaleTransactions.cardId, card!.card_id));
    expect(count!.n).toBe(10);
    // Sold out: the quiz is not even asked.
    expect((await fails(app, 'flashsaleSoalCard', { card_id: card!.card_id })).code).toBe('FLS-4');
  });

  it('an unpaid purchase past its 30 minutes gives its unit back, once', async () => {
    const [card] = await runningCards();
    const client = freshClient();
    const bought = await ok(
      app,
      'flashsaleTransaksi',
      {
        card_id: card!.card_id,
        key_auth: await keyFor(card!.card_id, client),
        ...buyer,
        jenis_pembayaran_kode: 'VA_BNI',
      },
      client,
    );
    const soldNow = () => runningCards().then((cards) => cards.find((c) => c.card_id === card!.card_id)!.terjual);
    const pending = await soldNow();
    expect(pending).toBeGreaterThanOrEqual(1);
    const late = new Date(START.getTime() + 31 * 60_000);
    // Every purchase of this file was made at START and none was paid.
    expect(await sweepFlashSale(handle.db, late)).toBeGreaterThanOrEqual(pending);
    expect(await sweepFlashSale(handle.db, late)).toBe(0);
    expect(await soldNow()).toBe(0);
    const detail = await ok(
      app,
      'flashsaleDetailTransaksi',
      { transaksi_kode: bought.transaksi_kode },
      { headers: { ...defaultHeaders(), [ORDER_KEY_HEADER]: bought.kunci } },
    );
    expect(detail.status).toBe('kedaluwarsa');
  });

  it('answers every bad input with a 4xx envelope, never a 500', async () => {
    const [card] = await runningCards();
    const bad: [Parameters<typeof fails>[1], Record<string, unknown>][] = [
      ['flashsaleListSesi', {}],
      ['flashsaleListSesi', { tanggal: '2026-02-30' }],
      ['flashsaleListCard', { sesi_sub_id: 'satu' }],
      ['flashsaleListCard', { sesi_sub_id: 999_999 }],
      ['flashsaleDetailCard', { card_id: -1 }],
      ['flashsaleDetailCard', { card_id: 999_999 }],
      ['flashsaleCekSoalCard', { card_id: card!.card_id, jawaban: 'E' }],
      ['flashsaleCekSoalCard', { card_id: card!.card_id }],
      ['flashsaleListJenisPembayaran', { card_id: card!.card_id, key_auth: "' OR 1=1 --" }],
      ['flashsaleTransaksi', { card_id: card!.card_id }],
      [
        'flashsaleTransaksi',
        {
          card_id: card!.card_id,
          key_auth: 'k'.repeat(43),
          ...buyer,
          pemesan_telp: '12',
          jenis_pembayaran_kode: 'QRIS',
        },
      ],
      [
        'flashsaleTransaksi',
        { card_id: card!.card_id, key_auth: 'k'.repeat(43), ...buyer, jenis_pembayaran_kode: 'TIDAK_ADA' },
      ],
      ['flashsaleDetailTransaksi', { transaksi_kode: '<script>' }],
      ['flashsaleListTransaksi', { page: 0 }],
    ];
    for (const [name, input] of bad) {
      const refused = await fails(app, name, input, { bearer: DEMO_TOKEN });
      expect(refused.httpStatus, `${name} ${JSON.stringify(input)}`).toBeLessThan(500);
    }
    const [row] = await handle.db
      .select({ sold: flashSaleCards.sold })
      .from(flashSaleCards)
      .where(eq(flashSaleCards.id, card!.card_id));
    expect(row!.sold).toBe(card!.terjual);
  });
});
