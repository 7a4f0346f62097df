import type { ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { API_BASE, FLASH_SALE_MESSAGES, endpoints, envelope, type EndpointName } from '../../contract';
import { freePort, startServer, stopServer } from '../../bench/support/server';
import { flashSaleCards, flashSaleTransactions } from '../../server/db/schema';
import { jakartaToday } from '../../server/lib/dates';
import { defaultHeaders, toQuery } from './api-support';
import { createTestDatabase, type TestDatabase } from './helpers/test-db';
import { describeNeeding } from '../helpers/needs';

/**
 * Issue 11: the flash sale's stock holds across API processes. Two servers on one PostgreSQL
 * database; buyers' calls alternate between them. Needs TEST_DATABASE_URL (as .ci/run sets).
 * Issue 21: so does one buyer's purchase cap. A buyer is told apart by its address (a key buys
 * only for the buyer who earned it), so the servers trust one proxy hop and each buyer sends its
 * own X-Forwarded-For.
 */
describeNeeding('postgres', 'flash sale through two server processes on PostgreSQL', () => {
  let handle: TestDatabase;
  let dataDir: string;
  const servers: { child: ChildProcess; base: string }[] = [];

  beforeAll(async () => {
    // Seeded for the real day: the servers sell on the real clock, so a slot runs now.
    handle = await createTestDatabase('postgres', { today: jakartaToday(), max: 4 });
    dataDir = await mkdtemp(join(tmpdir(), 'berangkat-fs-'));
    // The servers are spawned with this process's environment.
    const hops = process.env.TRUST_PROXY_HOPS;
    process.env.TRUST_PROXY_HOPS = '1';
    try {
      for (let i = 0; i < 2; i += 1) {
        const port = await freePort();
        const child = await startServer(port, dataDir, { databaseUrl: handle.url! });
        servers.push({ child, base: `http://127.0.0.1:${port}${API_BASE}` });
      }
    } finally {
      if (hops === undefined) delete process.env.TRUST_PROXY_HOPS;
      else process.env.TRUST_PROXY_HOPS = hops;
    }
  }, 180_000);
  afterAll(async () => {
    await Promise.all(servers.map((server) => stopServer(server.child)));
    await handle?.destroy();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  }, 60_000);

  /** A call to server `index % 2`, as the buyer at `address`. */
  async function call(index: number, name: EndpointName, input: Record<string, unknown>, address = '10.30.0.1') {
    const endpoint = endpoints[name];
    const base = servers[index % servers.length]!.base;
    const headers = { ...defaultHeaders(), 'x-forwarded-for': address };
    const response =
      endpoint.method === 'GET'
        ? await fetch(`${base}${endpoint.path}${toQuery(input)}`, { headers })
        : await fetch(`${base}${endpoint.path}`, {
            method: 'POST',
            headers: { ...headers, 'content-type': 'application/json' },
            body: JSON.stringify(input),
          });
    const parsed = envelope(endpoint.results).parse(await response.json());
    return { status: response.status, body: parsed };
  }

  /** A card of the slot running now, with its stock set and its right answer. */
  async function runningCard(index: number, stock: number) {
    const beranda = await call(0, 'flashsaleBeranda', {});
    if (beranda.body.status !== 'OK') throw new Error(beranda.body.message);
    const running = (beranda.body.results as { sesi_berlangsung: { sesi_sub_id: number } | null }).sesi_berlangsung;
    expect(running).not.toBeNull();
    const cards = await call(1, 'flashsaleListCard', { sesi_sub_id: running!.sesi_sub_id });
    if (cards.body.status !== 'OK') throw new Error(cards.body.message);
    const card = (cards.body.results as { list: { card_id: number }[] }).list[index]!;
    await handle.db.update(flashSaleCards).set({ stock, sold: 0 }).where(eq(flashSaleCards.id, card.card_id));
    const [{ answer } = { answer: 'A' }] = await handle.db
      .select({ answer: flashSaleCards.answer })
      .from(flashSaleCards)
      .where(eq(flashSaleCards.id, card.card_id));
    return { card, answer };
  }
  async function keyOf(index: number, cardId: number, answer: string, address: string) {
    const reply = await call(index, 'flashsaleCekSoalCard', { card_id: cardId, jawaban: answer }, address);
    if (reply.body.status !== 'OK') throw new Error(reply.body.message);
    return (reply.body.results as { key_auth: string }).key_auth;
  }
  const purchase = (cardId: number, key: string) => ({
    card_id: cardId,
    key_auth: key,
    pemesan_nama: 'Dewi Lestari',
    pemesan_email: 'dewi@contoh.id',
    pemesan_telp: '081311112222',
    jenis_pembayaran_kode: 'QRIS',
  });

  it('50 buyers for a card with stock 10: exactly 10 transactions, 40 clear refusals', async () => {
    const { card, answer } = await runningCard(0, 10);
    const buyers = Array.from({ length: 50 }, (_, i) => `10.30.1.${i + 1}`);
    const keys = await Promise.all(buyers.map((address, i) => keyOf(i, card.card_id, answer, address)));
    const replies = await Promise.all(
      keys.map((key, i) => call(i + 1, 'flashsaleTransaksi', purchase(card.card_id, key), buyers[i])),
    );
    expect(replies.filter((r) => r.body.status === 'OK')).toHaveLength(10);
    const refused = replies.filter((r) => r.body.status !== 'OK');
    expect(refused).toHaveLength(40);
    for (const reply of refused) {
      expect(reply.status).toBe(409);
      expect(reply.body).toMatchObject({ code: 'FLS-4', message: FLASH_SALE_MESSAGES.soldOut });
    }
    const rows = await handle.db
      .select({ code: flashSaleTransactions.code })
      .from(flashSaleTransactions)
      .where(eq(flashSaleTransactions.cardId, card.card_id));
    expect(rows).toHaveLength(10);
  }, 120_000);

  it('one buyer sending 6 purchases of a card at once, across both servers, gets one', async () => {
    const { card, answer } = await runningCard(1, 100);
    const address = '10.30.2.1';
    const keys = await Promise.all(Array.from({ length: 6 }, (_, i) => keyOf(i, card.card_id, answer, address)));
    const replies = await Promise.all(
      keys.map((key, i) => call(i + 1, 'flashsaleTransaksi', purchase(card.card_id, key), address)),
    );
    expect(replies.filter((r) => r.body.status === 'OK')).toHaveLength(1);
    for (const reply of replies.filter((r) => r.body.status !== 'OK')) {
      expect(reply.status).toBe(409);
      expect(reply.body).toMatchObject({ code: 'FLS-6', message: FLASH_SALE_MESSAGES.limitReached });
    }
    const rows = await handle.db
      .select({ code: flashSaleTransactions.code })
      .from(flashSaleTransactions)
      .where(eq(flashSaleTransactions.cardId, card.card_id));
    expect(rows).toHaveLength(1);
  }, 120_000);
});
