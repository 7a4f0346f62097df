/**
 * Flash sale (spec section 7 "Flash sale"): sessions by day, cards by slot, the quiz that hands out
 * a one-purchase key, and the purchase. The stock and the key are taken in one database
 * transaction with conditional updates, so concurrent buyers (in any number of API processes)
 * can never oversell a card or use a key twice.
 *
 * A buyer is the quiz's identity of the caller: `customer:<id>` when signed in, else
 * `address:<client address>`. A key buys only for the buyer who earned it, a buyer the quiz blocked
 * buys nothing, and a buyer holds at most `purchasesPerCard` live purchases of one card: the
 * purchase counts them under the card row's lock, so concurrent purchases cannot both pass.
 */
import { createHash, randomBytes, randomInt } from 'node:crypto';
import { and, asc, count, desc, eq, gt, gte, inArray, isNotNull, isNull, lt, lte, or, sql } from 'drizzle-orm';
import {
  FLASH_SALE_KEY_MINUTES,
  FLASH_SALE_MESSAGES,
  FLASH_SALE_PAY_MINUTES,
  FLASH_SALE_PURCHASES_PER_CARD,
  type FlashSaleBerandaResults,
  type FlashSaleCard,
  type FlashSaleCekSoalResults,
  type FlashSaleDetailCardResults,
  type FlashSaleJenisPembayaranResults,
  type FlashSaleListCardResults,
  type FlashSaleListSesiResults,
  type FlashSaleListTransaksiResults,
  type FlashSaleSession,
  type FlashSaleSoalResults,
  type FlashSaleStatus,
  type FlashSaleTransaction,
  type QuizOptionCode,
} from '../../contract';
import type { Database } from '../db/client';
import {
  flashSaleBlocks,
  flashSaleCards,
  flashSaleKeys,
  flashSaleSessions,
  flashSaleSlots,
  flashSaleTransactions,
  operators,
  paymentCharges,
  paymentMethods,
} from '../db/schema';
import { FLASH_SALE_DAYS, FLASH_SALE_TERMS } from '../db/seed-data/flash-sale';
import { operatorLogoPath } from '../db/seed-data/operators';
import { silentLogger, type Logger } from '../logger';
import { ApiError, notConfigured, notFound } from './errors';
import { askOpenCharges, ensureCharge } from './gateway-payments';
import { simulatedProvider, type PaymentProvider } from './payment-provider';
import { derivedPlace, listPaymentMethods, PAYMENT_MESSAGE, placeFields, type PayingPlace } from './payments';
import { asDb, withRetry } from './reservations-db';

const notRunning = () => new ApiError(409, 'FLS-1', FLASH_SALE_MESSAGES.notRunning);
const wrongAnswer = () => new ApiError(403, 'FLS-2', FLASH_SALE_MESSAGES.wrongAnswer);
const keyInvalid = () => new ApiError(403, 'FLS-3', FLASH_SALE_MESSAGES.keyInvalid);
const soldOut = () => new ApiError(409, 'FLS-4', FLASH_SALE_MESSAGES.soldOut);
const notYourKey = () => new ApiError(403, 'FLS-5', FLASH_SALE_MESSAGES.notYourKey);
const limitReached = () => new ApiError(409, 'FLS-6', FLASH_SALE_MESSAGES.limitReached);

/** Who is buying, as the quiz knows them: `customer:<id>` or `address:<client address>`. */
export type FlashSaleBuyer = string;

const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

// ---------------------------------------------------------------------------------------------
// Reading.

type SlotRow = { id: number; sessionId: number; name: string; date: string; startsAt: Date; endsAt: Date };

function statusOf(slot: Pick<SlotRow, 'startsAt' | 'endsAt'>, now: Date): FlashSaleStatus {
  if (now < slot.startsAt) return 'akan-datang';
  return now < slot.endsAt ? 'berlangsung' : 'selesai';
}

function sessionOf(slot: SlotRow, now: Date): FlashSaleSession {
  return {
    sesi_sub_id: slot.id,
    sesi_id: slot.sessionId,
    nama: slot.name,
    tanggal: slot.date,
    mulai: slot.startsAt.toISOString(),
    selesai: slot.endsAt.toISOString(),
    status: statusOf(slot, now),
  };
}

const slotColumns = {
  id: flashSaleSlots.id,
  sessionId: flashSaleSlots.sessionId,
  name: flashSaleSlots.name,
  date: flashSaleSessions.date,
  startsAt: flashSaleSlots.startsAt,
  endsAt: flashSaleSlots.endsAt,
};

const slotsQuery = (db: Database) =>
  db
    .select(slotColumns)
    .from(flashSaleSlots)
    .innerJoin(flashSaleSessions, eq(flashSaleSessions.id, flashSaleSlots.sessionId));

export async function flashSaleHome(db: Database, today: string, now: Date): Promise<FlashSaleBerandaResults> {
  const [days, current, next] = await Promise.all([
    db
      .select({ date: flashSaleSessions.date })
      .from(flashSaleSessions)
      .where(gte(flashSaleSessions.date, today))
      .orderBy(asc(flashSaleSessions.date))
      .limit(FLASH_SALE_DAYS),
    slotsQuery(db)
      .where(and(lte(flashSaleSlots.startsAt, now), gt(flashSaleSlots.endsAt, now)))
      .orderBy(asc(flashSaleSlots.startsAt))
      .limit(1),
    slotsQuery(db).where(gt(flashSaleSlots.startsAt, now)).orderBy(asc(flashSaleSlots.startsAt)).limit(1),
  ]);
  return {
    judul: 'Flash Sale Tiket Travel',
    deskripsi:
      'Tiket shuttle dan bus dengan harga kilat. Pilih sesi, jawab satu soal dengan benar, lalu bayar sebelum stok habis.',
    syarat: [...FLASH_SALE_TERMS],
    tanggal: days.map((row) => row.date),
    sesi_berlangsung: current[0] ? sessionOf(current[0], now) : null,
    sesi_berikutnya: next[0] ? sessionOf(next[0], now) : null,
    waktu_server: now.toISOString(),
  };
}

export async function listFlashSaleSessions(db: Database, date: string, now: Date): Promise<FlashSaleListSesiResults> {
  const slots = await slotsQuery(db).where(eq(flashSaleSessions.date, date)).orderBy(asc(flashSaleSlots.startsAt));
  return { tanggal: date, list: slots.map((slot) => sessionOf(slot, now)), waktu_server: now.toISOString() };
}

const cardColumns = {
  id: flashSaleCards.id,
  slotId: flashSaleCards.slotId,
  title: flashSaleCards.title,
  operatorCode: operators.code,
  operatorName: operators.name,
  origin: flashSaleCards.origin,
  destination: flashSaleCards.destination,
  normalPrice: flashSaleCards.normalPrice,
  salePrice: flashSaleCards.salePrice,
  stock: flashSaleCards.stock,
  sold: flashSaleCards.sold,
  validFrom: flashSaleCards.validFrom,
  validUntil: flashSaleCards.validUntil,
};
type CardRow = { [K in keyof typeof cardColumns]: (typeof cardColumns)[K]['_']['data'] };

function cardOf(row: CardRow): FlashSaleCard {
  return {
    card_id: row.id,
    sesi_sub_id: row.slotId,
    judul: row.title,
    operator_kode: row.operatorCode,
    operator_nama: row.operatorName,
    operator_logo: operatorLogoPath(row.operatorCode),
    asal: row.origin,
    tujuan: row.destination,
    harga_normal: row.normalPrice,
    harga_flashsale: row.salePrice,
    stok: row.stock,
    terjual: row.sold,
    sisa: row.stock - row.sold,
    berlaku_mulai: row.validFrom,
    berlaku_sampai: row.validUntil,
  };
}

async function findSlot(db: Database, slotId: number): Promise<SlotRow> {
  const [slot] = await slotsQuery(db).where(eq(flashSaleSlots.id, slotId)).limit(1);
  if (!slot) throw notFound('Sesi flash sale tidak ditemukan');
  return slot;
}

export async function flashSaleCardsOf(db: Database, slotId: number, now: Date): Promise<FlashSaleListCardResults> {
  const slot = await findSlot(db, slotId);
  const rows = await db
    .select(cardColumns)
    .from(flashSaleCards)
    .innerJoin(operators, eq(operators.id, flashSaleCards.operatorId))
    .where(eq(flashSaleCards.slotId, slotId))
    .orderBy(asc(flashSaleCards.id));
  return { sesi: sessionOf(slot, now), list: rows.map(cardOf), waktu_server: now.toISOString() };
}

async function findCard(db: Database, cardId: number) {
  const [row] = await db
    .select({
      ...cardColumns,
      description: flashSaleCards.description,
      terms: flashSaleCards.terms,
      question: flashSaleCards.question,
      options: flashSaleCards.options,
      answer: flashSaleCards.answer,
    })
    .from(flashSaleCards)
    .innerJoin(operators, eq(operators.id, flashSaleCards.operatorId))
    .where(eq(flashSaleCards.id, cardId))
    .limit(1);
  if (!row) throw notFound(FLASH_SALE_MESSAGES.cardUnknown);
  return { card: row, slot: await findSlot(db, row.slotId) };
}

export async function flashSaleCardDetail(
  db: Database,
  cardId: number,
  now: Date,
): Promise<FlashSaleDetailCardResults> {
  const { card, slot } = await findCard(db, cardId);
  return {
    ...cardOf(card),
    deskripsi: card.description,
    syarat: card.terms,
    sesi: sessionOf(slot, now),
    waktu_server: now.toISOString(),
  };
}

/** The card on sale now, or FLS-1 (not running) / FLS-4 (sold out). */
async function cardOnSale(db: Database, cardId: number, now: Date) {
  const found = await findCard(db, cardId);
  if (statusOf(found.slot, now) !== 'berlangsung') throw notRunning();
  if (found.card.sold >= found.card.stock) throw soldOut();
  return found;
}

export async function flashSaleQuiz(db: Database, cardId: number, now: Date): Promise<FlashSaleSoalResults> {
  const { card } = await cardOnSale(db, cardId, now);
  return { card_id: card.id, soal: card.question, pilihan: card.options };
}

// ---------------------------------------------------------------------------------------------
// The quiz's key and the purchase.

const hashOf = (key: string) => createHash('sha256').update(key).digest('hex');

/** Whether the quiz blocked this buyer for this card (a wrong answer) and the block still runs. */
async function isBlocked(db: Database, cardId: number, buyer: FlashSaleBuyer, now: Date): Promise<boolean> {
  const [blocked] = await db
    .select({ until: flashSaleBlocks.until })
    .from(flashSaleBlocks)
    .where(and(eq(flashSaleBlocks.cardId, cardId), eq(flashSaleBlocks.client, buyer), gt(flashSaleBlocks.until, now)))
    .limit(1);
  return Boolean(blocked);
}

/**
 * The buyer's purchases of a card that still hold a unit: paid, or awaiting payment within their
 * time. One left unpaid gave its unit back, so it no longer counts (the sweep may not have run yet).
 */
async function livePurchases(db: Database, cardId: number, buyer: FlashSaleBuyer, now: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(flashSaleTransactions)
    .where(
      and(
        eq(flashSaleTransactions.cardId, cardId),
        eq(flashSaleTransactions.owner, buyer),
        or(
          eq(flashSaleTransactions.status, 'lunas'),
          and(eq(flashSaleTransactions.status, 'menunggu-pembayaran'), gt(flashSaleTransactions.payBy, now)),
        ),
      ),
    );
  return row?.n ?? 0;
}

/**
 * A right answer stores a fresh key (only its hash) for this buyer and answers it; a wrong one
 * blocks the card for this buyer until the slot ends. A blocked buyer gets FLS-2 again whatever it
 * answers, and one already at the purchase cap gets FLS-6 rather than a key it could not use (the
 * purchase checks both again: this is only so the buyer learns it before filling in the form).
 */
export async function checkFlashSaleAnswer(
  db: Database,
  query: { cardId: number; answer: QuizOptionCode; client: FlashSaleBuyer },
  now: Date,
  purchasesPerCard: number = FLASH_SALE_PURCHASES_PER_CARD,
): Promise<FlashSaleCekSoalResults> {
  const { card, slot } = await cardOnSale(db, query.cardId, now);
  if (await isBlocked(db, card.id, query.client, now)) throw wrongAnswer();
  if (query.answer !== card.answer) {
    await db
      .insert(flashSaleBlocks)
      .values({ cardId: card.id, client: query.client, until: slot.endsAt })
      .onConflictDoUpdate({ target: [flashSaleBlocks.cardId, flashSaleBlocks.client], set: { until: slot.endsAt } });
    throw wrongAnswer();
  }
  if ((await livePurchases(db, card.id, query.client, now)) >= purchasesPerCard) throw limitReached();
  const key = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + FLASH_SALE_KEY_MINUTES * 60_000);
  await db.insert(flashSaleKeys).values({ cardId: card.id, keyHash: hashOf(key), owner: query.client, expiresAt });
  return { benar: true, key_auth: key, berlaku_sampai: expiresAt.toISOString(), waktu_server: now.toISOString() };
}

/** The key's row if it is this card's, unused and unexpired (FLS-3 otherwise) and this buyer's (FLS-5). */
async function usableKey(db: Database, cardId: number, key: string, buyer: FlashSaleBuyer, now: Date) {
  const [row] = await db
    .select({ id: flashSaleKeys.id, owner: flashSaleKeys.owner })
    .from(flashSaleKeys)
    .where(
      and(
        eq(flashSaleKeys.keyHash, hashOf(key)),
        eq(flashSaleKeys.cardId, cardId),
        isNull(flashSaleKeys.usedAt),
        gt(flashSaleKeys.expiresAt, now),
      ),
    )
    .limit(1);
  if (!row) throw keyInvalid();
  if (row.owner !== buyer) throw notYourKey();
  return row;
}

/**
 * The provider as the flash sale offers it: every method the gateway charges, except the card. A
 * card payment needs the browser's token step (and its 3DS return) that only the order's payment
 * page has; the flash-sale purchase is charged by the server alone.
 */
function flashSaleOffer(provider: PaymentProvider | undefined): PaymentProvider | undefined {
  const gateway = provider?.gateway;
  if (!provider || !gateway) return provider;
  return { ...provider, gateway: { ...gateway, offers: (code) => code !== 'KARTU' && gateway.offers(code) } };
}

export async function flashSalePaymentMethods(
  db: Database,
  query: { cardId: number; key: string; buyer: FlashSaleBuyer },
  now: Date,
  provider?: PaymentProvider,
): Promise<FlashSaleJenisPembayaranResults> {
  const { card } = await findCard(db, query.cardId);
  if (await isBlocked(db, card.id, query.buyer, now)) throw wrongAnswer();
  await usableKey(db, card.id, query.key, query.buyer, now);
  return listPaymentMethods(db, {
    amount: card.salePrice,
    voucherCode: undefined,
    order: null,
    provider: flashSaleOffer(provider),
  });
}

export interface FlashSalePurchase {
  cardId: number;
  key: string;
  bookerName: string;
  bookerEmail: string;
  bookerPhone: string;
  methodCode: string;
  customerId: number | null;
  buyer: FlashSaleBuyer;
}

function newTransactionCode(): string {
  let code = 'FS';
  while (code.length < 10) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return code;
}

export const NO_FLASH_SALE_PROVIDER_MESSAGE =
  'Pembayaran belum tersedia: penyedia pembayaran belum dipasang. Kartu belum terbeli, silakan coba lagi nanti.';

/**
 * Buys one card, all in one transaction: the card row is locked first, so every purchase of this
 * card queues behind it and the buyer's count below sees every purchase committed before; then the
 * buyer must not be blocked (FLS-2), the key is spent (only if unused, unexpired, this card's and
 * this buyer's: FLS-3, FLS-5), the buyer must be under the cap (FLS-6) and one unit of stock is
 * taken (only while sold < stock: FLS-4). Any refusal rolls everything back, the key included.
 *
 * Through a network gateway (Midtrans) the purchase is then charged, after the commit (no lock held
 * over the network), once (gateway-payments.ts's ensureCharge); a gateway that does not answer
 * leaves the purchase awaiting payment without a number, and reading it (detail-transaksi) charges
 * again. Its notification, status answer or the sweep turn it `lunas` (settleFlashSaleCharge).
 */
export async function buyFlashSaleCard(
  db: Database,
  purchase: FlashSalePurchase,
  now: Date,
  provider: PaymentProvider,
  purchasesPerCard: number = FLASH_SALE_PURCHASES_PER_CARD,
  logger: Logger = silentLogger,
): Promise<FlashSaleTransaction> {
  // Asked before the sale is written: without a gateway the card would be sold and then unpayable.
  if (provider.configured === false) throw notConfigured(NO_FLASH_SALE_PROVIDER_MESSAGE);
  const { card, slot } = await findCard(db, purchase.cardId);
  if (statusOf(slot, now) !== 'berlangsung') throw notRunning();
  const methods = await listPaymentMethods(db, {
    amount: card.salePrice,
    voucherCode: undefined,
    order: null,
    provider: flashSaleOffer(provider),
  });
  const method = methods.list.find((item) => item.kode === purchase.methodCode);
  // A method the gateway cannot charge for a flash sale is refused before anything is sold.
  if (!method || !method.tersedia) throw new ApiError(422, 'PAY-3', PAYMENT_MESSAGE.methodUnknown);
  const code = await withRetry(() =>
    db.transaction(async (tx) => {
      // The stock update below would lock the row too, but only after the cap was counted: two
      // purchases by one buyer could then both count zero.
      await tx
        .select({ id: flashSaleCards.id })
        .from(flashSaleCards)
        .where(eq(flashSaleCards.id, card.id))
        .for('update');
      if (await isBlocked(asDb(tx), card.id, purchase.buyer, now)) throw wrongAnswer();
      const [key] = await tx
        .update(flashSaleKeys)
        .set({ usedAt: now })
        .where(
          and(
            eq(flashSaleKeys.keyHash, hashOf(purchase.key)),
            eq(flashSaleKeys.cardId, card.id),
            eq(flashSaleKeys.owner, purchase.buyer),
            isNull(flashSaleKeys.usedAt),
            gt(flashSaleKeys.expiresAt, now),
          ),
        )
        .returning({ id: flashSaleKeys.id });
      // Not spent: say why (someone else's key, or no usable key at all).
      if (!key) await usableKey(asDb(tx), card.id, purchase.key, purchase.buyer, now);
      if (!key) throw keyInvalid();
      if ((await livePurchases(asDb(tx), card.id, purchase.buyer, now)) >= purchasesPerCard) throw limitReached();
      const [taken] = await tx
        .update(flashSaleCards)
        .set({ sold: sql`${flashSaleCards.sold} + 1` })
        .where(and(eq(flashSaleCards.id, card.id), lt(flashSaleCards.sold, flashSaleCards.stock)))
        .returning({ id: flashSaleCards.id });
      if (!taken) throw soldOut();
      const transactionCode = newTransactionCode();
      await tx.insert(flashSaleTransactions).values({
        code: transactionCode,
        cardId: card.id,
        keyId: key.id,
        customerId: purchase.customerId,
        owner: purchase.buyer,
        bookerName: purchase.bookerName,
        bookerEmail: purchase.bookerEmail,
        bookerPhone: purchase.bookerPhone,
        paymentMethodCode: method.kode,
        price: card.salePrice,
        fee: method.biaya,
        total: method.total,
        createdAt: now,
        payBy: new Date(now.getTime() + FLASH_SALE_PAY_MINUTES * 60_000),
      });
      return transactionCode;
    }),
  );
  if (provider.gateway) {
    const [row] = await transactionsQuery(db).where(eq(flashSaleTransactions.code, code)).limit(1);
    if (row) {
      try {
        await chargePurchase(db, row, now, provider, logger);
      } catch (error) {
        // Sold and committed: the buyer gets the code and key; reading it charges again.
        if (!(error instanceof ApiError && error.code === 'SRV-2')) throw error;
      }
    }
  }
  return flashSaleTransaction(db, code, now, provider);
}

// ---------------------------------------------------------------------------------------------
// Transactions.

const transactionColumns = {
  transactionId: flashSaleTransactions.id,
  code: flashSaleTransactions.code,
  status: flashSaleTransactions.status,
  customerId: flashSaleTransactions.customerId,
  bookerName: flashSaleTransactions.bookerName,
  bookerEmail: flashSaleTransactions.bookerEmail,
  bookerPhone: flashSaleTransactions.bookerPhone,
  methodCode: flashSaleTransactions.paymentMethodCode,
  methodName: paymentMethods.name,
  methodKind: paymentMethods.kind,
  price: flashSaleTransactions.price,
  fee: flashSaleTransactions.fee,
  total: flashSaleTransactions.total,
  createdAt: flashSaleTransactions.createdAt,
  payBy: flashSaleTransactions.payBy,
  ...cardColumns,
};

const transactionsQuery = (db: Database) =>
  db
    .select(transactionColumns)
    .from(flashSaleTransactions)
    .innerJoin(flashSaleCards, eq(flashSaleCards.id, flashSaleTransactions.cardId))
    .innerJoin(operators, eq(operators.id, flashSaleCards.operatorId))
    .innerJoin(paymentMethods, eq(paymentMethods.code, flashSaleTransactions.paymentMethodCode));

type TransactionRow = Awaited<ReturnType<typeof transactionsQuery>>[number];

/** The purchase's one open charge through the gateway (made once, whoever asks at the same time). */
function chargePurchase(db: Database, row: TransactionRow, now: Date, provider: PaymentProvider, logger: Logger) {
  return ensureCharge(
    db,
    {
      owner: { flashSaleTransactionId: row.transactionId },
      code: row.code,
      methodCode: row.methodCode,
      amount: row.total,
      expiresAt: row.payBy,
      customer: { name: row.bookerName, email: row.bookerEmail, phone: row.bookerPhone },
    },
    { provider, now, logger },
  );
}

/** Where each purchase pays, as its latest gateway charge that answered shows it (by purchase id). */
async function gatewayPlaces(db: Database, ids: number[]): Promise<Map<number, PayingPlace>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({
      id: paymentCharges.flashSaleTransactionId,
      nomorBayar: paymentCharges.nomorBayar,
      kodeBiller: paymentCharges.kodeBiller,
      qris: paymentCharges.qris,
      urlBayar: paymentCharges.urlBayar,
    })
    .from(paymentCharges)
    .where(
      and(
        inArray(paymentCharges.flashSaleTransactionId, ids),
        or(isNotNull(paymentCharges.nomorBayar), isNotNull(paymentCharges.qris), isNotNull(paymentCharges.urlBayar)),
      ),
    )
    .orderBy(desc(paymentCharges.id));
  const places = new Map<number, PayingPlace>();
  for (const { id, ...place } of rows) if (id !== null && !places.has(id)) places.set(id, place);
  return places;
}

/** No charge answered yet (the gateway was down at the purchase): nothing to show. */
const NOWHERE: PayingPlace = { nomorBayar: null, kodeBiller: null, qris: null, urlBayar: null };

function transactionOf(
  row: TransactionRow,
  now: Date,
  provider: PaymentProvider,
  places: Map<number, PayingPlace>,
): FlashSaleTransaction {
  const card = cardOf(row);
  const expired = row.status === 'menunggu-pembayaran' && row.payBy <= now;
  // Through a network gateway: what its stored charge answered; else the simulator's derived place.
  const place = provider.gateway
    ? (places.get(row.transactionId) ?? NOWHERE)
    : derivedPlace(
        provider,
        { code: row.code, amount: row.total, expiresAt: row.payBy },
        { code: row.methodCode, kind: row.methodKind },
      );
  return {
    transaksi_kode: row.code,
    status: expired ? 'kedaluwarsa' : row.status,
    card: {
      card_id: card.card_id,
      judul: card.judul,
      operator_kode: card.operator_kode,
      operator_nama: card.operator_nama,
      operator_logo: card.operator_logo,
      asal: card.asal,
      tujuan: card.tujuan,
      berlaku_mulai: card.berlaku_mulai,
      berlaku_sampai: card.berlaku_sampai,
    },
    pemesan_nama: row.bookerName,
    pemesan_email: row.bookerEmail,
    pemesan_telp: row.bookerPhone,
    jenis_pembayaran_kode: row.methodCode,
    jenis_pembayaran_nama: row.methodName,
    harga: row.price,
    biaya_admin: row.fee,
    total_bayar: row.total,
    ...placeFields(place),
    dibuat_pada: row.createdAt.toISOString(),
    batas_bayar: row.payBy.toISOString(),
    simulasi: isSimulated(provider),
  };
}

/**
 * One purchase. With `chargeWith` (detail-transaksi) and a network gateway, a purchase still awaiting
 * payment that has no open charge (its charge failed) is charged now; a gateway that does not answer
 * is 503 SRV-2, as for an order's payment page.
 */
export async function flashSaleTransaction(
  db: Database,
  code: string,
  now: Date,
  provider: PaymentProvider,
  mayRead: (row: { customerId: number | null }) => boolean = () => true,
  chargeWith?: Logger,
): Promise<FlashSaleTransaction> {
  const [row] = await transactionsQuery(db).where(eq(flashSaleTransactions.code, code)).limit(1);
  // One answer for an unknown code and one the caller may not read: codes cannot be probed.
  if (!row || !mayRead(row)) throw notFound(FLASH_SALE_MESSAGES.transactionUnknown);
  if (chargeWith && provider.gateway && row.status === 'menunggu-pembayaran' && row.payBy > now)
    await chargePurchase(db, row, now, provider, chargeWith);
  const places = provider.gateway ? await gatewayPlaces(db, [row.transactionId]) : new Map<number, PayingPlace>();
  return transactionOf(row, now, provider, places);
}

/**
 * flashsale/cek-status ("Cek Status Pembayaran"): with a gateway, its word on the purchase's open
 * charges first (gateway-payments.ts's askOpenCharges, as for an order: a lost notification is not a
 * lost payment), then the purchase as detail-transaksi answers it. Without one, the stored state.
 */
export async function checkFlashSaleStatus(
  db: Database,
  code: string,
  now: Date,
  provider: PaymentProvider,
  mayRead: (row: { customerId: number | null }) => boolean,
  logger: Logger,
): Promise<FlashSaleTransaction> {
  const [row] = await transactionsQuery(db).where(eq(flashSaleTransactions.code, code)).limit(1);
  if (!row || !mayRead(row)) throw notFound(FLASH_SALE_MESSAGES.transactionUnknown);
  // A purchase given up may still be paid late (settleFlashSaleCharge takes a unit back if one is left).
  if (provider.gateway && row.status !== 'lunas')
    await askOpenCharges(db, { flashSaleTransactionId: row.transactionId }, { now, provider, logger });
  return flashSaleTransaction(db, code, now, provider, mayRead, logger);
}

const PAGE_SIZE = 10;

export async function flashSaleTransactionsOf(
  db: Database,
  customerId: number,
  page: number,
  now: Date,
  provider: PaymentProvider,
): Promise<FlashSaleListTransaksiResults> {
  const [rows, [total]] = await Promise.all([
    transactionsQuery(db)
      .where(eq(flashSaleTransactions.customerId, customerId))
      .orderBy(desc(flashSaleTransactions.createdAt), desc(flashSaleTransactions.id))
      .limit(PAGE_SIZE)
      .offset((page - 1) * PAGE_SIZE),
    db.select({ n: count() }).from(flashSaleTransactions).where(eq(flashSaleTransactions.customerId, customerId)),
  ]);
  const places = provider.gateway
    ? await gatewayPlaces(
        db,
        rows.map((row) => row.transactionId),
      )
    : new Map<number, PayingPlace>();
  return {
    list: rows.map((row) => transactionOf(row, now, provider, places)),
    page,
    total_page: Math.ceil((total?.n ?? 0) / PAGE_SIZE),
  };
}

/** The simulated provider (demo mode): its purchases are paid with flashsale/simulasi-bayar. */
const isSimulated = (provider: PaymentProvider) => !provider.gateway && provider.name === simulatedProvider.name;

/**
 * flashsale/simulasi-bayar (demo mode): the simulated provider's notification that the purchase is
 * paid, as settleFlashSaleCharge applies a gateway's. Under the purchase's row lock (the sweep's
 * conditional update waits for it): `lunas` once, a repeat or a concurrent copy changes nothing. A
 * purchase already given up (`kedaluwarsa`, its unit returned) takes a unit back if one is left,
 * else FLS-4.
 */
export async function settleSimulatedFlashSale(
  db: Database,
  code: string,
  now: Date,
  provider: PaymentProvider,
  mayRead: (row: { customerId: number | null }) => boolean,
): Promise<FlashSaleTransaction> {
  await withRetry(() =>
    db.transaction(async (tx) => {
      const [row] = await tx
        .select({
          id: flashSaleTransactions.id,
          status: flashSaleTransactions.status,
          cardId: flashSaleTransactions.cardId,
          customerId: flashSaleTransactions.customerId,
        })
        .from(flashSaleTransactions)
        .where(eq(flashSaleTransactions.code, code))
        .for('update');
      if (!row || !mayRead(row)) throw notFound(FLASH_SALE_MESSAGES.transactionUnknown);
      if (row.status === 'lunas') return;
      if (row.status === 'kedaluwarsa') {
        const [taken] = await tx
          .update(flashSaleCards)
          .set({ sold: sql`${flashSaleCards.sold} + 1` })
          .where(and(eq(flashSaleCards.id, row.cardId), lt(flashSaleCards.sold, flashSaleCards.stock)))
          .returning({ id: flashSaleCards.id });
        if (!taken) throw soldOut();
      }
      await tx.update(flashSaleTransactions).set({ status: 'lunas' }).where(eq(flashSaleTransactions.id, row.id));
    }),
  );
  return flashSaleTransaction(db, code, now, provider);
}

/**
 * Unpaid transactions past their deadline give their unit of stock back, once: the status change
 * and the stock move are one statement's work per card.
 */
export async function sweepFlashSale(db: Database, now: Date): Promise<number> {
  return db.transaction(async (tx) => {
    const expired = await tx
      .update(flashSaleTransactions)
      .set({ status: 'kedaluwarsa' })
      .where(and(eq(flashSaleTransactions.status, 'menunggu-pembayaran'), lt(flashSaleTransactions.payBy, now)))
      .returning({ cardId: flashSaleTransactions.cardId });
    const perCard = new Map<number, number>();
    for (const row of expired) perCard.set(row.cardId, (perCard.get(row.cardId) ?? 0) + 1);
    for (const [cardId, n] of perCard) {
      await tx
        .update(flashSaleCards)
        .set({ sold: sql`${flashSaleCards.sold} - ${n}` })
        .where(eq(flashSaleCards.id, cardId));
    }
    return expired.length;
  });
}
