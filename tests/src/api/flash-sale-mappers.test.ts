import { describe, expect, it } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { createActor, waitFor } from 'xstate';
import {
  FlashSaleBerandaResultsSchema,
  FlashSaleCekSoalResultsSchema,
  FlashSaleDetailCardResultsSchema,
  FlashSaleJenisPembayaranResultsSchema,
  FlashSaleListCardResultsSchema,
  FlashSaleListSesiResultsSchema,
  FlashSaleListTransaksiResultsSchema,
  FlashSaleSoalResultsSchema,
  FlashSaleTransactionSchema,
  FlashSaleTransaksiResultsSchema,
} from '../../../contract/flashsale';
import { DEFAULT_BASIC_CREDENTIALS } from '../../../contract/platform';
import type { FlashSaleCardSummary, FlashSalePurchase, FlashSaleSlot } from '../../../machines/flash-sale-types';
import { createApiClient } from '../../../src/api/client';
import {
  slotsOf,
  toFlashSaleBought,
  toFlashSaleCardDetail,
  toFlashSaleCardList,
  toFlashSaleDay,
  toFlashSaleHistoryPage,
  toFlashSaleHome,
  toFlashSaleKey,
  toFlashSaleMethods,
  toFlashSalePurchase,
  toFlashSaleQuiz,
} from '../../../src/api/flash-sale-mappers';
import {
  flashSaleCardQueryOptions,
  flashSaleCardsQueryOptions,
  flashSaleHistoryQueryOptions,
  flashSaleHomeQueryOptions,
  flashSaleSessionsQueryOptions,
  flashSaleTransactionQueryOptions,
} from '../../../src/api/flash-sale-queries';
import { toPayingPlace } from '../../../src/api/mappers';
import { flashSaleMachineWithEffects } from '../../../src/flow/flash-sale-flow';

// Every wire reply below is parsed with the contract's schema first: the mappers get what the client gets.

const SLOT_WIRE = {
  sesi_sub_id: 12,
  sesi_id: 3,
  nama: 'Sesi 06.00',
  tanggal: '2026-11-23',
  mulai: '2026-11-22T23:00:00.000Z',
  selesai: '2026-11-23T01:00:00.000Z',
  status: 'berlangsung',
};
const NEXT_SLOT_WIRE = {
  ...SLOT_WIRE,
  sesi_sub_id: 13,
  nama: 'Sesi 09.00',
  mulai: '2026-11-23T02:00:00.000Z',
  selesai: '2026-11-23T04:00:00.000Z',
  status: 'akan-datang',
};
const SLOT: FlashSaleSlot = {
  id: 12,
  name: 'Sesi 06.00',
  startsAtMs: Date.parse('2026-11-22T23:00:00.000Z'),
  endsAtMs: Date.parse('2026-11-23T01:00:00.000Z'),
  status: 'berlangsung',
};
const NEXT_SLOT: FlashSaleSlot = {
  id: 13,
  name: 'Sesi 09.00',
  startsAtMs: Date.parse('2026-11-23T02:00:00.000Z'),
  endsAtMs: Date.parse('2026-11-23T04:00:00.000Z'),
  status: 'akan-datang',
};
const SERVER_NOW = '2026-11-23T00:30:00.000Z';

const CARD_WIRE = {
  card_id: 7,
  sesi_sub_id: 12,
  judul: 'Semarang - Surabaya cuma Rp 59.000',
  operator_kode: 'SBR',
  operator_nama: 'Sinar Baru',
  operator_logo: '/logos/sbr.svg',
  asal: 'Semarang',
  tujuan: 'Surabaya',
  harga_normal: 150_000,
  harga_flashsale: 59_000,
  stok: 20,
  terjual: 5,
  sisa: 15,
  berlaku_mulai: '2026-11-23',
  berlaku_sampai: '2026-12-23',
};
const CARD: FlashSaleCardSummary = {
  id: 7,
  slotId: 12,
  title: 'Semarang - Surabaya cuma Rp 59.000',
  operatorCode: 'SBR',
  operatorName: 'Sinar Baru',
  operatorLogo: '/logos/sbr.svg',
  origin: 'Semarang',
  destination: 'Surabaya',
  normalPrice: 150_000,
  flashPrice: 59_000,
  stock: 20,
  sold: 5,
  left: 15,
  validFrom: '2026-11-23',
  validUntil: '2026-12-23',
};

const TRANSACTION_WIRE = {
  transaksi_kode: 'FSABCD2345',
  status: 'menunggu-pembayaran',
  card: {
    card_id: 7,
    judul: 'Semarang - Surabaya cuma Rp 59.000',
    operator_kode: 'SBR',
    operator_nama: 'Sinar Baru',
    operator_logo: '/logos/sbr.svg',
    asal: 'Semarang',
    tujuan: 'Surabaya',
    berlaku_mulai: '2026-11-23',
    berlaku_sampai: '2026-12-23',
  },
  pemesan_nama: 'Sari Wulandari',
  pemesan_email: 'sari@contoh.id',
  pemesan_telp: '081298765432',
  jenis_pembayaran_kode: 'MANDIRI_BILL',
  jenis_pembayaran_nama: 'Mandiri Bill Payment',
  harga: 59_000,
  biaya_admin: 4000,
  total_bayar: 63_000,
  nomor_bayar: '3935812345678',
  kode_biller: '70012',
  qris: 'qris-payload',
  url_bayar: 'https://bayar.contoh.id/FSABCD2345',
  dibuat_pada: '2026-11-23T00:30:00.000Z',
  batas_bayar: '2026-11-23T01:00:00.000Z',
  simulasi: true,
};
const PURCHASE: FlashSalePurchase = {
  code: 'FSABCD2345',
  status: 'menunggu-pembayaran',
  card: {
    id: 7,
    title: 'Semarang - Surabaya cuma Rp 59.000',
    operatorCode: 'SBR',
    operatorName: 'Sinar Baru',
    operatorLogo: '/logos/sbr.svg',
    origin: 'Semarang',
    destination: 'Surabaya',
    validFrom: '2026-11-23',
    validUntil: '2026-12-23',
  },
  booker: { name: 'Sari Wulandari', email: 'sari@contoh.id', phone: '081298765432' },
  methodCode: 'MANDIRI_BILL',
  methodName: 'Mandiri Bill Payment',
  price: 59_000,
  adminFee: 4000,
  total: 63_000,
  payment: {
    number: '3935812345678',
    billerCode: '70012',
    qris: 'qris-payload',
    url: 'https://bayar.contoh.id/FSABCD2345',
  },
  createdAt: '2026-11-23T00:30:00.000Z',
  payBefore: '2026-11-23T01:00:00.000Z',
  simulated: true,
};

const HOME_WIRE = {
  judul: 'Flash Sale Berangkat',
  deskripsi: 'Tiket dengan harga kilat.',
  syarat: ['Satu kartu per pembeli', 'Tidak dapat dibatalkan'],
  tanggal: ['2026-11-23', '2026-11-24'],
  sesi_berlangsung: SLOT_WIRE,
  sesi_berikutnya: NEXT_SLOT_WIRE,
  waktu_server: SERVER_NOW,
};
const SESSIONS_WIRE = { tanggal: '2026-11-23', list: [SLOT_WIRE, NEXT_SLOT_WIRE], waktu_server: SERVER_NOW };
const CARDS_WIRE = { sesi: SLOT_WIRE, list: [CARD_WIRE], waktu_server: SERVER_NOW };
const DETAIL_WIRE = {
  ...CARD_WIRE,
  deskripsi: 'Berlaku untuk satu kursi.',
  syarat: ['Bawa KTP'],
  sesi: SLOT_WIRE,
  waktu_server: SERVER_NOW,
};
const QUIZ_WIRE = {
  card_id: 7,
  soal: 'Kota Surabaya dikenal dengan julukan...',
  pilihan: [
    { kode: 'A', teks: 'Kota Kembang' },
    { kode: 'B', teks: 'Kota Pahlawan' },
  ],
};
const ANSWER_WIRE = {
  benar: true,
  key_auth: 'k'.repeat(43),
  berlaku_sampai: '2026-11-23T00:45:00.000Z',
  waktu_server: SERVER_NOW,
};
const METHOD_WIRE = {
  kode: 'VA_BCA',
  nama: 'BCA Virtual Account',
  grup: 'Virtual Account',
  jenis: 'va',
  fee: 4000,
  tipe_fee: 'nominal',
  biaya: 4000,
  total: 63_000,
  tersedia: true,
};
const METHODS_WIRE = {
  amount: 59_000,
  list: [
    METHOD_WIRE,
    { ...METHOD_WIRE, kode: 'QRIS', nama: 'QRIS', jenis: 'qris', tipe_fee: 'persen', fee: 0.7, tersedia: false },
  ],
};

describe('flash-sale mappers: every reply in, the app model out', () => {
  it('the home (beranda): texts, days, the running and the next slot, the server clock in ms', () => {
    expect(toFlashSaleHome(FlashSaleBerandaResultsSchema.parse(HOME_WIRE))).toEqual({
      title: 'Flash Sale Berangkat',
      description: 'Tiket dengan harga kilat.',
      terms: ['Satu kartu per pembeli', 'Tidak dapat dibatalkan'],
      dates: ['2026-11-23', '2026-11-24'],
      runningSlot: SLOT,
      nextSlot: NEXT_SLOT,
      serverNowMs: Date.parse(SERVER_NOW),
    });
    const quiet = { ...HOME_WIRE, tanggal: [], sesi_berlangsung: null, sesi_berikutnya: null };
    expect(toFlashSaleHome(FlashSaleBerandaResultsSchema.parse(quiet))).toMatchObject({
      dates: [],
      runningSlot: null,
      nextSlot: null,
    });
  });

  it("a day's slots (list-sesi), as slotsOf reads them", () => {
    const day = FlashSaleListSesiResultsSchema.parse(SESSIONS_WIRE);
    expect(toFlashSaleDay(day)).toEqual({
      date: '2026-11-23',
      slots: [SLOT, NEXT_SLOT],
      serverNowMs: Date.parse(SERVER_NOW),
    });
    expect(slotsOf(day.list)).toEqual([SLOT, NEXT_SLOT]);
  });

  it("a slot's cards (list-card) and a card's page (detail-card)", () => {
    expect(toFlashSaleCardList(FlashSaleListCardResultsSchema.parse(CARDS_WIRE))).toEqual({
      slot: SLOT,
      cards: [CARD],
      serverNowMs: Date.parse(SERVER_NOW),
    });
    expect(toFlashSaleCardDetail(FlashSaleDetailCardResultsSchema.parse(DETAIL_WIRE))).toEqual({
      ...CARD,
      description: 'Berlaku untuk satu kursi.',
      terms: ['Bawa KTP'],
      slot: SLOT,
      serverNowMs: Date.parse(SERVER_NOW),
    });
  });

  it('the question (soal-card), and a right answer as the key with its time on the server clock', () => {
    expect(toFlashSaleQuiz(FlashSaleSoalResultsSchema.parse(QUIZ_WIRE))).toEqual({
      cardId: 7,
      question: 'Kota Surabaya dikenal dengan julukan...',
      options: [
        { code: 'A', text: 'Kota Kembang' },
        { code: 'B', text: 'Kota Pahlawan' },
      ],
    });
    expect(toFlashSaleKey(FlashSaleCekSoalResultsSchema.parse(ANSWER_WIRE))).toEqual({
      key: 'k'.repeat(43),
      keyLeftMs: 15 * 60_000,
    });
    // A key already past on the server's clock has no time left, never a negative one.
    const late = { ...ANSWER_WIRE, berlaku_sampai: '2026-11-23T00:29:00.000Z' };
    expect(toFlashSaleKey(FlashSaleCekSoalResultsSchema.parse(late)).keyLeftMs).toBe(0);
  });

  it('the payment methods (list-jenis-pembayaran), every field', () => {
    expect(toFlashSaleMethods(FlashSaleJenisPembayaranResultsSchema.parse(METHODS_WIRE))).toEqual({
      amount: 59_000,
      methods: [
        {
          code: 'VA_BCA',
          name: 'BCA Virtual Account',
          group: 'Virtual Account',
          kind: 'va',
          fee: 4000,
          feeType: 'nominal',
          feeAmount: 4000,
          total: 63_000,
          available: true,
        },
        {
          code: 'QRIS',
          name: 'QRIS',
          group: 'Virtual Account',
          kind: 'qris',
          fee: 0.7,
          feeType: 'persen',
          feeAmount: 4000,
          total: 63_000,
          available: false,
        },
      ],
    });
  });

  it('a purchase (detail-transaksi, cek-status, simulasi-bayar), every field', () => {
    expect(toFlashSalePurchase(FlashSaleTransactionSchema.parse(TRANSACTION_WIRE))).toEqual(PURCHASE);
  });

  it('the purchase just made (transaksi) keeps its key for this device', () => {
    const bought = FlashSaleTransaksiResultsSchema.parse({ ...TRANSACTION_WIRE, kunci: 'kunci-transaksi-0001' });
    expect(toFlashSaleBought(bought)).toEqual({ ...PURCHASE, orderKey: 'kunci-transaksi-0001' });
  });

  it('absent fields: the spec\'s "Total price is harga or 0", a reply without the paying-place fields or simulasi', () => {
    const { harga: _harga, ...withoutPrice } = FlashSaleTransactionSchema.parse(TRANSACTION_WIRE);
    expect(toFlashSalePurchase(withoutPrice).price).toBe(0);
    expect(toFlashSalePurchase({ ...withoutPrice, harga: null }).price).toBe(0);
    // A reply older than kode_biller, qris, url_bayar and simulasi: the contract's defaults, as null and false.
    const {
      kode_biller: _biller,
      qris: _qris,
      url_bayar: _url,
      simulasi: _simulated,
      ...older
    } = { ...TRANSACTION_WIRE, nomor_bayar: null };
    expect(toFlashSalePurchase(FlashSaleTransactionSchema.parse(older))).toMatchObject({
      price: 59_000,
      payment: { number: null, billerCode: null, qris: null, url: null },
      simulated: false,
    });
  });

  it("the buyer's history (list-transaksi): the page's purchases and where the pages end", () => {
    const page = FlashSaleListTransaksiResultsSchema.parse({ list: [TRANSACTION_WIRE], page: 1, total_page: 3 });
    expect(toFlashSaleHistoryPage(page)).toEqual({ list: [PURCHASE], page: 1, totalPages: 3 });
  });

  it('the paying place an order instruction and a purchase share', () => {
    expect(toPayingPlace({ nomor_bayar: null, kode_biller: null, qris: 'q', url_bayar: null })).toEqual({
      number: null,
      billerCode: null,
      qris: 'q',
      url: null,
    });
  });
});

type Reply = { status: number; body: unknown };
const ok = (results: unknown): Reply => ({ status: 200, body: { status: 'OK', results } });

/** A client whose fetch answers from a script and records each call's URL. */
function scripted(replies: Reply[]) {
  const urls: string[] = [];
  const client = createApiClient({
    fetch: (async (url: RequestInfo | URL) => {
      urls.push(String(url));
      const reply = replies.shift();
      if (!reply) throw new TypeError('Failed to fetch');
      return new Response(JSON.stringify(reply.body), { status: reply.status });
    }) as typeof fetch,
    getPlatform: () => 'WEB',
    getToken: () => null,
    credentials: DEFAULT_BASIC_CREDENTIALS,
  });
  return { client, urls };
}

describe('flash-sale reads and effects answer models, never the wire', () => {
  it('every query option returns the mapped model', async () => {
    const { client, urls } = scripted([
      ok(HOME_WIRE),
      ok(SESSIONS_WIRE),
      ok(CARDS_WIRE),
      ok(DETAIL_WIRE),
      ok(TRANSACTION_WIRE),
      ok({ list: [TRANSACTION_WIRE], page: 1, total_page: 1 }),
    ]);
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    expect(await queryClient.fetchQuery(flashSaleHomeQueryOptions(client))).toMatchObject({ runningSlot: SLOT });
    expect(await queryClient.fetchQuery(flashSaleSessionsQueryOptions('2026-11-23', client))).toMatchObject({
      slots: [SLOT, NEXT_SLOT],
    });
    expect(await queryClient.fetchQuery(flashSaleCardsQueryOptions(12, false, client))).toMatchObject({
      cards: [CARD],
    });
    expect(await queryClient.fetchQuery(flashSaleCardQueryOptions(7, client))).toMatchObject({ ...CARD, slot: SLOT });
    expect(await queryClient.fetchQuery(flashSaleTransactionQueryOptions('FSABCD2345', null, client))).toEqual(
      PURCHASE,
    );
    const history = await queryClient.fetchInfiniteQuery(flashSaleHistoryQueryOptions(client));
    expect(history.pages).toEqual([{ list: [PURCHASE], page: 1, totalPages: 1 }]);
    // Requests keep the wire's names: they are the contract.
    expect(urls[1]).toContain('tanggal=2026-11-23');
    expect(urls[2]).toContain('sesi_sub_id=12');
    expect(urls[3]).toContain('card_id=7');
    expect(urls[4]).toContain('transaksi_kode=FSABCD2345');
  });

  it("the chart's effects hand it the question, the key, the methods and the purchase as models", async () => {
    const { client } = scripted([
      ok(QUIZ_WIRE),
      ok(ANSWER_WIRE),
      ok(METHODS_WIRE),
      ok({ ...TRANSACTION_WIRE, kunci: 'kunci-transaksi-0001' }),
    ]);
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const actor = createActor(flashSaleMachineWithEffects(queryClient, client), {
      input: { booker: { name: 'Sari Wulandari', phone: '081298765432', email: 'sari@contoh.id' } },
    }).start();
    actor.send({ type: 'card.show', cardId: 7 });
    actor.send({ type: 'buy' });
    await waitFor(actor, (snapshot) => snapshot.matches({ quiz: 'answering' }));
    expect(actor.getSnapshot().context.quiz).toEqual(toFlashSaleQuiz(FlashSaleSoalResultsSchema.parse(QUIZ_WIRE)));
    actor.send({ type: 'answer.choose', answer: 'B' });
    actor.send({ type: 'answer.submit' });
    await waitFor(actor, (snapshot) => snapshot.matches('purchase'));
    expect(actor.getSnapshot().context.key).toBe('k'.repeat(43));
    actor.send({ type: 'booker.submit' });
    await waitFor(actor, (snapshot) => snapshot.matches({ purchase: { step: { methods: 'choosing' } } }));
    expect(actor.getSnapshot().context.methods.map((method) => [method.code, method.available])).toEqual([
      ['VA_BCA', true],
      ['QRIS', false],
    ]);
    actor.send({ type: 'method.choose', code: 'VA_BCA' });
    actor.send({ type: 'pay' });
    await waitFor(actor, (snapshot) => snapshot.matches('done'));
    expect(actor.getSnapshot().context.transaction).toEqual({ ...PURCHASE, orderKey: 'kunci-transaksi-0001' });
    expect(actor.getSnapshot().context.transactionCode).toBe('FSABCD2345');
    actor.stop();
  });
});
