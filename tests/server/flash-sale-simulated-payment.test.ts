import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { API_BASE, FLASH_SALE_MESSAGES, ORDER_KEY_HEADER, type FlashSaleCard } from '../../contract';
import { createApp, type App } from '../../server/app';
import { flashSaleCards, flashSaleTransactions } from '../../server/db/schema';
import { DEMO_TOKEN } from '../../server/db/seed-data/accounts';
import { sweepFlashSale } from '../../server/services/flash-sale';
import { defaultHeaders, fails, ok, type CallOptions } from './api-support';
import { freshClient } from './helpers/accounts';
import { TEST_TODAY, createTestDatabase, type TestDatabase, describeEachDatabase } from './helpers/test-db';

/** 08:00 WIB: the 06.00 slot runs. */
const START = new Date(`${TEST_TODAY}T08:00:00+07:00`);
const buyer = { pemesan_nama: 'Sari Wulandari', pemesan_email: 'sari@contoh.id', pemesan_telp: '081298765432' };

describeEachDatabase('a flash-sale purchase paid with the simulated provider on %s', (kind) => {
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

  async function runningCards(): Promise<FlashSaleCard[]> {
    const running = (await ok(app, 'flashsaleListSesi', { tanggal: TEST_TODAY })).list.find(
      (s) => s.status === 'berlangsung',
    );
    if (!running) throw new Error('no running slot');
    return (await ok(app, 'flashsaleListCard', { sesi_sub_id: running.sesi_sub_id })).list;
  }
  async function soldOf(cardId: number): Promise<number> {
    const [row] = await handle.db
      .select({ sold: flashSaleCards.sold })
      .from(flashSaleCards)
      .where(eq(flashSaleCards.id, cardId));
    return row!.sold;
  }
  async function buy(cardId: number, as: CallOptions) {
    const [row] = await handle.db
      .select({ answer: flashSaleCards.answer })
      .from(flashSaleCards)
      .where(eq(flashSaleCards.id, cardId));
    const { key_auth } = await ok(app, 'flashsaleCekSoalCard', { card_id: cardId, jawaban: row!.answer }, as);
    const body = { card_id: cardId, key_auth, ...buyer, jenis_pembayaran_kode: 'VA_BCA' };
    return ok(app, 'flashsaleTransaksi', body, as);
  }
  const withKey = (key: string): CallOptions => ({ headers: { ...defaultHeaders(), [ORDER_KEY_HEADER]: key } });

  it('is paid once when "Simulasikan pembayaran" is sent three times at once, then reads lunas everywhere', async () => {
    const [card] = await runningCards();
    const bought = await buy(card!.card_id, { bearer: DEMO_TOKEN });
    expect(bought).toMatchObject({ status: 'menunggu-pembayaran', simulasi: true });
    const sold = await soldOf(card!.card_id);
    const code = { transaksi_kode: bought.transaksi_kode };

    const replies = await Promise.all(
      Array.from({ length: 3 }, () => ok(app, 'flashsaleSimulasiBayar', code, withKey(bought.kunci))),
    );
    for (const reply of replies)
      expect(reply).toMatchObject({ transaksi_kode: bought.transaksi_kode, status: 'lunas' });
    const rows = await handle.db
      .select({ status: flashSaleTransactions.status })
      .from(flashSaleTransactions)
      .where(eq(flashSaleTransactions.code, bought.transaksi_kode));
    expect(rows).toEqual([{ status: 'lunas' }]);
    // Paying never takes a second unit.
    expect(await soldOf(card!.card_id)).toBe(sold);

    expect((await ok(app, 'flashsaleDetailTransaksi', code, withKey(bought.kunci))).status).toBe('lunas');
    expect((await ok(app, 'flashsaleDetailTransaksi', code, { bearer: DEMO_TOKEN })).status).toBe('lunas');
    expect((await ok(app, 'flashsaleCekStatus', code, { bearer: DEMO_TOKEN })).status).toBe('lunas');
    const history = await ok(app, 'flashsaleListTransaksi', { page: 1 }, { bearer: DEMO_TOKEN });
    expect(history.list.find((t) => t.transaksi_kode === bought.transaksi_kode)?.status).toBe('lunas');
    // Past its deadline a paid purchase stays paid: the sweep leaves it alone.
    clock = new Date(START.getTime() + 31 * 60_000);
    await sweepFlashSale(handle.db, clock);
    expect((await ok(app, 'flashsaleSimulasiBayar', code, { bearer: DEMO_TOKEN })).status).toBe('lunas');
    expect(await soldOf(card!.card_id)).toBe(sold);
    clock = START;
  });

  it('only its key or its buyer may pay it; an unknown code is the same 404', async () => {
    const [, card] = await runningCards();
    const bought = await buy(card!.card_id, freshClient());
    const code = { transaksi_kode: bought.transaksi_kode };
    expect(await fails(app, 'flashsaleSimulasiBayar', code)).toMatchObject({
      httpStatus: 404,
      message: FLASH_SALE_MESSAGES.transactionUnknown,
    });
    expect((await fails(app, 'flashsaleSimulasiBayar', code, { bearer: DEMO_TOKEN })).httpStatus).toBe(404);
    expect((await fails(app, 'flashsaleSimulasiBayar', { transaksi_kode: 'FSZZZZ9999' })).httpStatus).toBe(404);
    expect((await ok(app, 'flashsaleDetailTransaksi', code, withKey(bought.kunci))).status).toBe('menunggu-pembayaran');
  });

  it('a purchase already given up takes its unit back when paid late', async () => {
    const [, , card] = await runningCards();
    const bought = await buy(card!.card_id, freshClient());
    const before = await soldOf(card!.card_id);
    clock = new Date(START.getTime() + 31 * 60_000);
    await sweepFlashSale(handle.db, clock);
    expect(await soldOf(card!.card_id)).toBe(before - 1);
    const paid = await ok(
      app,
      'flashsaleSimulasiBayar',
      { transaksi_kode: bought.transaksi_kode },
      withKey(bought.kunci),
    );
    expect(paid.status).toBe('lunas');
    expect(await soldOf(card!.card_id)).toBe(before);
    clock = START;
  });

  it('outside demo mode the call does not exist', async () => {
    const production = createApp({ db: handle.db, today: () => TEST_TODAY, now: () => clock, demo: false });
    const response = await production.request(`${API_BASE}/flashsale/simulasi-bayar`, {
      method: 'POST',
      headers: { ...defaultHeaders(), 'content-type': 'application/json' },
      body: JSON.stringify({ transaksi_kode: 'FSZZZZ9999' }),
    });
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ code: 'NFD-1' });
  });
});
