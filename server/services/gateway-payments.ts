/**
 * Payment through a network gateway (Midtrans, docs/decisions/0015-midtrans-payment.md):
 * - each method chosen is one charge, stored in payment_charges with what the page shows, so
 *   detail-pembayaran reads it and never charges twice for the same method and amount, also when
 *   two pages load at once (ensureCharge: a claim the open-charge unique index lets one caller win);
 * - a flash-sale purchase is charged, notified and swept the same way (settleFlashSaleCharge);
 * - a notification (signature checked by the route) or a status answer is applied here: settlement
 *   and an accepted capture pay through settleOrder, the one path to "paid"; anything else leaves
 *   the order as it is, so a repeated or late notification changes nothing;
 * - the sweep asks for charges still pending near their deadline, so a lost notification never
 *   loses a payment.
 */
import { randomBytes } from 'node:crypto';
import { and, desc, eq, getTableColumns, inArray, lt, ne, sql } from 'drizzle-orm';
import type { BayarKartuResults, CekStatusPembayaranResults, PaymentInstruction } from '../../contract';
import type { Database } from '../db/client';
import { flashSaleCards, flashSaleTransactions, paymentCharges, payments } from '../db/schema';
import type { Logger } from '../logger';
import { ApiError, notConfigured, notFound } from './errors';
import {
  CARD_METHOD,
  MIDTRANS_OFFERED,
  MIDTRANS_TIMEOUT_MS,
  MidtransError,
  displayOf,
  grossAmount,
  midtransCardSetup,
  midtransClient,
  outcomeOf,
} from './midtrans';
import type { MidtransConfig, MidtransTransaction } from './midtrans';
import { ORDER_MESSAGE, findOrder, statusAt, type MethodRow, type OrderRow } from './order-store';
import type { PaymentGateway, PaymentProvider } from './payment-provider';
import {
  PAYMENT_MESSAGE,
  assertPayable,
  instructionWith,
  payRefused,
  setPaymentMethod,
  settleOrder,
  type PaymentContext,
} from './payments';
import { withRetry } from './reservations-db';
import { queryRows } from './sql';

export const GATEWAY_MESSAGE = {
  unreachable:
    'Penyedia pembayaran sedang tidak dapat dihubungi. Pesanan kamu tersimpan, silakan coba lagi sebentar lagi.',
  notGateway: 'Penyedia pembayaran ini tidak memakai charge lewat jaringan',
} as const;

export const CARD_MESSAGE = {
  notOffered: 'Pembayaran dengan kartu sedang tidak tersedia. Silakan pilih metode lain',
  chooseCard: 'Pilih Kartu Kredit/Debit sebagai metode pembayaran terlebih dahulu',
  refused: 'Pembayaran kartu ditolak. Periksa nomor kartu, masa berlaku dan CVV, atau gunakan kartu atau metode lain',
  inFlight: 'Pembayaran kartu lain untuk pesanan ini sedang diproses. Tunggu sebentar lalu cek status pembayaran',
} as const;

/** How long before the deadline, and after it, the sweep asks about a charge still pending. */
export const SWEEP_AHEAD_MS = 10 * 60_000;
export const SWEEP_BEHIND_MS = 30 * 60_000;
/** A charge is asked about at most this often by the sweep. */
export const SWEEP_ASK_EVERY_MS = 2 * 60_000;
/** Charges asked about per sweep: the gateway is not flooded after an outage. */
export const SWEEP_BATCH = 50;

/** The Midtrans provider: charges, statuses and signatures over its Core API. */
export function midtransProvider(config: MidtransConfig): PaymentProvider & { gateway: PaymentGateway } {
  const card = midtransCardSetup(config);
  return {
    name: 'midtrans',
    gateway: {
      client: midtransClient(config),
      serverKey: config.serverKey,
      timeoutMs: config.timeoutMs ?? MIDTRANS_TIMEOUT_MS,
      offers: (methodCode) => MIDTRANS_OFFERED.has(methodCode) || (methodCode === CARD_METHOD && card !== null),
      card,
    },
    // Never called: with a gateway, orders and flash-sale purchases are charged through ensureCharge.
    createCharge() {
      throw notConfigured(GATEWAY_MESSAGE.notGateway);
    },
    settlementRef(order) {
      return `midtrans:${order.code}`;
    },
  };
}

function gatewayOf(provider: PaymentProvider): PaymentGateway {
  if (!provider.gateway) throw notConfigured(GATEWAY_MESSAGE.notGateway);
  return provider.gateway;
}

type ChargeRow = typeof paymentCharges.$inferSelect;

/** Midtrans order ids are unique per charge; ours start with the order code for the dashboard. */
const newGatewayOrderId = (code: string, now: Date) =>
  `${code}-${now.getTime().toString(36)}${randomBytes(3).toString('hex')}`;

/** Charge statuses that hold the one open place of their order, method and amount (payment_charges_open_uq). */
export const OPEN_CHARGE_STATUSES = ['charging', 'pending'] as const;
/** A claim still `charging` this long after the gateway's own timeout was left by a process that died. */
export const CLAIM_MARGIN_MS = 5_000;
/** How often a caller waiting for another's charge looks again. */
const CLAIM_POLL_MS = 100;

/** What is charged: an order or a flash-sale purchase, one method, one amount, until a deadline. */
export interface ChargeSubject {
  owner: { reservationId: number } | { flashSaleTransactionId: number };
  /** The order or purchase code: gateway order ids start with it. */
  code: string;
  methodCode: string;
  amount: number;
  expiresAt: Date;
  customer: { name: string; email: string | null; phone: string | null };
}

const ownerIs = (owner: ChargeSubject['owner']) =>
  'reservationId' in owner
    ? eq(paymentCharges.reservationId, owner.reservationId)
    : eq(paymentCharges.flashSaleTransactionId, owner.flashSaleTransactionId);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A claim of the subject's open place: the charge about to be made, with its own gateway order id. */
const newClaim = (subject: ChargeSubject, ctx: { provider: PaymentProvider; now: Date }) => ({
  ...subject.owner,
  gatewayOrderId: newGatewayOrderId(subject.code, ctx.now),
  provider: ctx.provider.name,
  methodCode: subject.methodCode,
  amount: subject.amount,
  status: 'charging',
  expiresAt: subject.expiresAt,
  createdAt: ctx.now,
});

/** The open charge of the subject, if any, and whether its claim is stale (by the database's clock). */
async function openChargeOf(
  db: Database,
  subject: ChargeSubject,
  staleMs: number,
): Promise<(ChargeRow & { stale: boolean }) | null> {
  const [row] = await db
    .select({
      ...getTableColumns(paymentCharges),
      stale: sql<boolean>`${paymentCharges.claimedAt} < now() - (${staleMs}::int * interval '1 millisecond')`,
    })
    .from(paymentCharges)
    .where(
      and(
        ownerIs(subject.owner),
        eq(paymentCharges.methodCode, subject.methodCode),
        eq(paymentCharges.amount, subject.amount),
        inArray(paymentCharges.status, [...OPEN_CHARGE_STATUSES]),
      ),
    )
    .limit(1);
  return row ?? null;
}

/** Makes the charge this caller claimed, and stores what the page shows; a failed call frees the claim. */
async function makeClaimedCharge(
  db: Database,
  claim: ChargeRow,
  subject: ChargeSubject,
  gateway: PaymentGateway,
  now: Date,
  logger: Logger,
  cardToken?: string,
): Promise<{ row: ChargeRow; reply: MidtransTransaction }> {
  let reply;
  try {
    reply = await gateway.client.charge({
      orderId: claim.gatewayOrderId,
      methodCode: subject.methodCode,
      amount: subject.amount,
      now,
      expiresAt: subject.expiresAt,
      customer: subject.customer,
      ...(cardToken ? { cardToken } : {}),
    });
  } catch (error) {
    logger.error(
      {
        order: subject.code,
        gatewayOrderId: claim.gatewayOrderId,
        err: error instanceof Error ? error.message : String(error),
        statusCode: error instanceof MidtransError ? error.statusCode : null,
      },
      'midtrans charge failed',
    );
    // A card Midtrans answered with a refusal (deny, an expired or used token) is the card's fault,
    // not an outage: the traveller tries another card or method.
    if (cardToken && error instanceof MidtransError && error.statusCode !== null) {
      await db
        .update(paymentCharges)
        .set({ status: 'deny' })
        .where(and(eq(paymentCharges.id, claim.id), eq(paymentCharges.status, 'charging')));
      throw new ApiError(422, 'PAY-4', CARD_MESSAGE.refused);
    }
    // The row stays (a charge that timed out may still exist at the gateway: its notification finds
    // the order) but no longer holds the open place: the next read charges again.
    await db
      .update(paymentCharges)
      .set({ status: 'failure' })
      .where(and(eq(paymentCharges.id, claim.id), eq(paymentCharges.status, 'charging')));
    throw new ApiError(503, 'SRV-2', GATEWAY_MESSAGE.unreachable);
  }
  const display = displayOf(reply);
  const [row] = await db
    .update(paymentCharges)
    .set({
      transactionId: reply.transaction_id ?? null,
      nomorBayar: display.nomorBayar,
      kodeBiller: display.kodeBiller,
      qris: display.qris,
      urlBayar: display.urlBayar,
      // A notification may have overtaken this answer: its word stays.
      status: sql`CASE WHEN ${paymentCharges.status} = 'charging' THEN ${reply.transaction_status ?? 'pending'}::text ELSE ${paymentCharges.status} END`,
    })
    .where(eq(paymentCharges.id, claim.id))
    .returning();
  if (!row) throw new Error('payment charge not stored');
  return { row, reply };
}

/**
 * The one open charge of the subject (an order or a flash-sale purchase) for its method and amount:
 * the stored one, else a new one. Concurrent callers cannot both charge: each first claims the open
 * place with an insert that payment_charges_open_uq lets only one win (no row lock is held over the
 * network call); the others wait for the winner's charge and show it. A claim left `charging` by a
 * process that died is given up (`abandoned`, kept for its notification) once older than the
 * gateway's timeout and a margin; a failed charge frees the place for the next caller.
 */
export async function ensureCharge(
  db: Database,
  subject: ChargeSubject,
  ctx: { provider: PaymentProvider; now: Date; logger: Logger },
): Promise<ChargeRow> {
  const gateway = gatewayOf(ctx.provider);
  const staleMs = gateway.timeoutMs + CLAIM_MARGIN_MS;
  const giveUpAt = performance.now() + 2 * staleMs;
  for (;;) {
    const open = await openChargeOf(db, subject, staleMs);
    if (open && open.status !== 'charging') return open;
    if (open?.stale) {
      ctx.logger.warn({ order: subject.code, gatewayOrderId: open.gatewayOrderId }, 'midtrans charge claim abandoned');
      await db
        .update(paymentCharges)
        .set({ status: 'abandoned' })
        .where(and(eq(paymentCharges.id, open.id), eq(paymentCharges.status, 'charging')));
      continue;
    }
    if (performance.now() > giveUpAt) throw new ApiError(503, 'SRV-2', GATEWAY_MESSAGE.unreachable);
    if (open) {
      // Another caller is charging this subject right now: its charge is the answer.
      await sleep(CLAIM_POLL_MS);
      continue;
    }
    const [claim] = await db.insert(paymentCharges).values(newClaim(subject, ctx)).onConflictDoNothing().returning();
    // Lost the claim to a concurrent caller: read its charge.
    if (!claim) continue;
    return (await makeClaimedCharge(db, claim, subject, gateway, ctx.now, ctx.logger)).row;
  }
}

const orderSubject = (order: OrderRow, method: MethodRow): ChargeSubject => ({
  owner: { reservationId: order.id },
  code: order.code,
  methodCode: method.code,
  amount: order.total,
  expiresAt: order.expiresAt,
  customer: { name: order.bookerName, email: order.bookerEmail, phone: order.bookerPhone },
});

export interface GatewayContext extends PaymentContext {
  logger: Logger;
}

/** ganti-pembayaran through the gateway: the method is set, then charged once (an open charge of it is reused). */
export async function chooseGatewayMethod(
  db: Database,
  code: string,
  methodCode: string,
  ctx: GatewayContext,
  mayOpen: (order: OrderRow) => boolean,
): Promise<PaymentInstruction> {
  const gateway = gatewayOf(ctx.provider);
  const { order, method } = await setPaymentMethod(db, code, methodCode, ctx, mayOpen);
  // The card is charged only with the token the page makes (bayar-kartu), never on choosing.
  if (method.code === CARD_METHOD) return cardInstruction(db, order, method, gateway);
  const charge = await ensureCharge(db, orderSubject(order, method), ctx);
  return instructionWith(order, method, charge, false);
}

/**
 * detail-pembayaran through the gateway: the stored charge; a charge only when none answers for the
 * order's method and total (chosen before the gateway was configured, or its charge failed).
 */
export async function gatewayInstruction(
  db: Database,
  order: OrderRow,
  ctx: GatewayContext,
): Promise<PaymentInstruction> {
  const gateway = gatewayOf(ctx.provider);
  assertPayable(order, ctx.now);
  const method = order.method;
  if (!method || !order.paymentMethodCode) throw payRefused(PAYMENT_MESSAGE.chooseFirst);
  if (method.code === CARD_METHOD) return cardInstruction(db, order, method, gateway);
  const charge = await ensureCharge(db, orderSubject(order, method), ctx);
  return instructionWith(order, method, charge, false);
}

const NO_PLACE = { nomorBayar: null, kodeBiller: null, qris: null, urlBayar: null };
/** Gateway statuses that end a card attempt unpaid; the traveller may try again. */
const CARD_REFUSED = new Set(['deny', 'cancel', 'expire', 'failure']);

/** The card's page: the script, the client key, and how the last attempt for this total ended. */
async function cardInstruction(
  db: Database,
  order: OrderRow,
  method: MethodRow,
  gateway: PaymentGateway,
): Promise<PaymentInstruction> {
  if (!gateway.card) throw new ApiError(422, 'PAY-3', CARD_MESSAGE.notOffered);
  const [last] = await db
    .select({ status: paymentCharges.status })
    .from(paymentCharges)
    .where(
      and(
        eq(paymentCharges.reservationId, order.id),
        eq(paymentCharges.methodCode, CARD_METHOD),
        eq(paymentCharges.amount, order.total),
      ),
    )
    .orderBy(desc(paymentCharges.id))
    .limit(1);
  const attempt =
    last === undefined
      ? null
      : last.status === 'pending' || last.status === 'charging'
        ? ('menunggu' as const)
        : CARD_REFUSED.has(last.status)
          ? ('ditolak' as const)
          : null;
  return {
    ...instructionWith(order, method, NO_PLACE, false),
    kartu: {
      client_key: gateway.card.clientKey,
      script_url: gateway.card.scriptUrl,
      lingkungan: gateway.card.environment,
      percobaan_terakhir: attempt,
    },
  };
}

/**
 * bayar-kartu: charges the order's card with the one-time token the page made at Midtrans (card
 * data never comes here). Each token is a new attempt: an attempt still waiting at its 3DS page
 * gives up the open place (`superseded`, kept: if the traveller finishes it after all, its
 * notification still pays the order, once) and the new one claims it, so two attempts never run at
 * once. A capture without 3DS pays at once through applyGatewayStatus; otherwise the page sends the
 * traveller to the bank's 3DS page, and the notification (or "Cek Status") pays.
 */
export async function payByCard(
  db: Database,
  order: OrderRow,
  tokenId: string,
  ctx: GatewayContext,
): Promise<BayarKartuResults> {
  const gateway = gatewayOf(ctx.provider);
  if (!gateway.card) throw new ApiError(422, 'PAY-3', CARD_MESSAGE.notOffered);
  assertPayable(order, ctx.now);
  const method = order.method;
  if (!method || method.code !== CARD_METHOD) throw new ApiError(422, 'PAY-3', CARD_MESSAGE.chooseCard);
  const subject = orderSubject(order, method);
  const staleMs = gateway.timeoutMs + CLAIM_MARGIN_MS;
  const claim = await db.transaction(async (tx) => {
    const [open] = await tx
      .select({
        id: paymentCharges.id,
        status: paymentCharges.status,
        stale: sql<boolean>`${paymentCharges.claimedAt} < now() - (${staleMs}::int * interval '1 millisecond')`,
      })
      .from(paymentCharges)
      .where(
        and(
          ownerIs(subject.owner),
          eq(paymentCharges.methodCode, CARD_METHOD),
          eq(paymentCharges.amount, subject.amount),
          inArray(paymentCharges.status, [...OPEN_CHARGE_STATUSES]),
        ),
      )
      .limit(1)
      .for('update');
    if (open?.status === 'charging' && !open.stale) return null;
    if (open)
      await tx
        .update(paymentCharges)
        .set({ status: open.status === 'charging' ? 'abandoned' : 'superseded' })
        .where(eq(paymentCharges.id, open.id));
    const [row] = await tx.insert(paymentCharges).values(newClaim(subject, ctx)).onConflictDoNothing().returning();
    return row ?? null;
  });
  if (!claim) throw new ApiError(409, 'PAY-4', CARD_MESSAGE.inFlight);
  const { row, reply } = await makeClaimedCharge(db, claim, subject, gateway, ctx.now, ctx.logger, tokenId);
  const transactionStatus = reply.transaction_status ?? 'pending';
  const outcome = outcomeOf(transactionStatus, reply.fraud_status);
  if (outcome === 'paid') {
    await applyGatewayStatus(
      db,
      {
        gatewayOrderId: row.gatewayOrderId,
        transactionStatus,
        fraudStatus: reply.fraud_status,
        grossAmount: reply.gross_amount,
        transactionId: reply.transaction_id,
      },
      ctx,
    );
    return { reservasi_kode: order.code, status: 'paid', url_3ds: null };
  }
  if (outcome === 'failed') throw new ApiError(422, 'PAY-4', CARD_MESSAGE.refused);
  const url = reply.redirect_url ?? null;
  // Only the gateway's own pages: an https page, or the configured gateway itself (a local stand-in).
  const trusted = url !== null && (url.startsWith('https://') || gateway.card.origins.includes(originOf(url)));
  if (!trusted) {
    ctx.logger.error(
      { order: order.code, gatewayOrderId: row.gatewayOrderId },
      'midtrans card charge without a 3DS page',
    );
    throw new ApiError(503, 'SRV-2', GATEWAY_MESSAGE.unreachable);
  }
  return { reservasi_kode: order.code, status: 'pending', url_3ds: url };
}

function originOf(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return '';
  }
}

/** A status from the gateway, by a notification or by asking. */
export interface GatewayStatus {
  gatewayOrderId: string;
  transactionStatus: string;
  fraudStatus: string | undefined;
  grossAmount: string | undefined;
  transactionId: string | undefined;
}

export type ApplyResult =
  | { kind: 'unknown' }
  | { kind: 'amount-mismatch'; code: string }
  | { kind: 'paid'; code: string }
  | { kind: 'waiting'; code: string }
  | { kind: 'unpaid'; code: string }
  | { kind: 'refused'; code: string; reason: string };

/** Charge statuses that are final once reached: a later word about the charge never undoes them. */
const SETTLED = new Set(['settlement', 'capture']);

/**
 * Applies one status to the order (or flash-sale purchase) behind the charge. Only "paid" changes
 * it, through settleOrder (row lock, unique payment) or settleFlashSaleCharge (row lock, once):
 * repeats, concurrent copies and any status arriving after the payment change nothing.
 */
export async function applyGatewayStatus(
  db: Database,
  status: GatewayStatus,
  ctx: { now: Date; provider: PaymentProvider; logger: Logger },
): Promise<ApplyResult> {
  const [charge] = await db
    .select()
    .from(paymentCharges)
    .where(eq(paymentCharges.gatewayOrderId, status.gatewayOrderId))
    .limit(1);
  if (!charge) return { kind: 'unknown' };
  const [owner] =
    charge.reservationId !== null
      ? await queryRows<{ code: string }>(
          db,
          sql`SELECT trim(code) AS code FROM reservations WHERE id = ${charge.reservationId}`,
        )
      : await queryRows<{ code: string }>(
          db,
          sql`SELECT trim(code) AS code FROM flash_sale_transactions WHERE id = ${charge.flashSaleTransactionId}`,
        );
  if (!owner) return { kind: 'unknown' };
  if (status.grossAmount !== undefined && status.grossAmount !== grossAmount(charge.amount))
    return { kind: 'amount-mismatch', code: owner.code };

  // The charge's own record: a settled charge keeps its word; a "pending" (Midtrans sends one as
  // soon as a charge is made) changes only a charge already pending: it never reopens a charge that
  // gave up its open place (payment_charges_open_uq: another may hold it now), nor turns a claim
  // still `charging` pending before its display is stored (a waiting reader would show nothing).
  await db
    .update(paymentCharges)
    .set({
      status: status.transactionStatus,
      ...(status.transactionId ? { transactionId: status.transactionId } : {}),
    })
    .where(
      and(
        eq(paymentCharges.id, charge.id),
        sql`${paymentCharges.status} NOT IN ('settlement', 'capture')`,
        status.transactionStatus === 'pending' ? eq(paymentCharges.status, 'pending') : undefined,
      ),
    );

  const outcome = outcomeOf(status.transactionStatus, status.fraudStatus);
  if (outcome === 'waiting') return { kind: 'waiting', code: owner.code };
  if (outcome === 'failed') {
    if (SETTLED.has(charge.status))
      ctx.logger.warn(
        { order: owner.code, gatewayOrderId: charge.gatewayOrderId, status: status.transactionStatus },
        'midtrans status after settlement ignored',
      );
    return { kind: 'unpaid', code: owner.code };
  }
  const ref = status.transactionId ?? charge.transactionId ?? charge.gatewayOrderId;
  if (charge.flashSaleTransactionId !== null) return settleFlashSaleCharge(db, charge, owner.code, ctx.logger);
  try {
    await settleOrder(db, owner.code, {
      now: ctx.now,
      provider: ctx.provider,
      settlement: { methodCode: charge.methodCode, amount: charge.amount, ref },
    });
    // Paid before by another charge (a method changed, both paid): this money needs a refund.
    const [recorded] = await db
      .select({ ref: payments.providerRef })
      .from(payments)
      .where(eq(payments.reservationId, charge.reservationId ?? 0));
    if (recorded && recorded.ref !== ref)
      ctx.logger.error(
        { order: owner.code, gatewayOrderId: charge.gatewayOrderId },
        'midtrans charge paid for an order already paid by another charge: refund it',
      );
    return { kind: 'paid', code: owner.code };
  } catch (error) {
    // Money arrived for an order that cannot take it (cancelled, or expired with its seat sold):
    // nothing is booked; the payment needs a refund from the gateway's dashboard.
    if (error instanceof ApiError && (error.code === 'PAY-1' || error.code === 'PAY-2')) {
      ctx.logger.error(
        { order: owner.code, gatewayOrderId: charge.gatewayOrderId, code: error.code },
        'midtrans payment refused by the order: refund it',
      );
      return { kind: 'refused', code: owner.code, reason: error.code };
    }
    throw error;
  }
}

/**
 * A flash-sale purchase paid through the gateway turns `lunas` once, under its row's lock (the
 * stock sweep takes the same lock with its conditional update). A purchase already given up
 * (`kedaluwarsa`, its unit returned) takes a unit back if one is left, else the money is logged for
 * a refund; a purchase already paid by another of its charges logs this one for a refund.
 */
async function settleFlashSaleCharge(
  db: Database,
  charge: ChargeRow,
  code: string,
  logger: Logger,
): Promise<ApplyResult> {
  const purchaseId = charge.flashSaleTransactionId ?? 0;
  const outcome = await withRetry(() =>
    db.transaction(async (tx) => {
      const [row] = await tx
        .select({ status: flashSaleTransactions.status, cardId: flashSaleTransactions.cardId })
        .from(flashSaleTransactions)
        .where(eq(flashSaleTransactions.id, purchaseId))
        .for('update');
      if (!row) return 'unknown' as const;
      if (row.status === 'lunas') {
        const [other] = await tx
          .select({ id: paymentCharges.id })
          .from(paymentCharges)
          .where(
            and(
              eq(paymentCharges.flashSaleTransactionId, purchaseId),
              inArray(paymentCharges.status, ['settlement', 'capture']),
              ne(paymentCharges.id, charge.id),
            ),
          )
          .limit(1);
        return other ? ('paid-twice' as const) : ('paid' as const);
      }
      if (row.status === 'kedaluwarsa') {
        const [taken] = await tx
          .update(flashSaleCards)
          .set({ sold: sql`${flashSaleCards.sold} + 1` })
          .where(and(eq(flashSaleCards.id, row.cardId), lt(flashSaleCards.sold, flashSaleCards.stock)))
          .returning({ id: flashSaleCards.id });
        if (!taken) return 'sold-out' as const;
      }
      await tx.update(flashSaleTransactions).set({ status: 'lunas' }).where(eq(flashSaleTransactions.id, purchaseId));
      return 'paid' as const;
    }),
  );
  switch (outcome) {
    case 'unknown':
      return { kind: 'unknown' };
    case 'paid':
      return { kind: 'paid', code };
    case 'paid-twice':
      logger.error(
        { order: code, gatewayOrderId: charge.gatewayOrderId },
        'midtrans charge paid for a flash-sale purchase already paid by another charge: refund it',
      );
      return { kind: 'paid', code };
    case 'sold-out':
      logger.error(
        { order: code, gatewayOrderId: charge.gatewayOrderId, code: 'FLS-4' },
        'midtrans payment refused by the flash-sale purchase (expired, card sold out): refund it',
      );
      return { kind: 'refused', code, reason: 'FLS-4' };
  }
}

/** Asks the gateway about one charge and applies the answer; a failed call changes nothing. */
async function askAndApply(
  db: Database,
  gatewayOrderId: string,
  ctx: { now: Date; provider: PaymentProvider; logger: Logger },
): Promise<ApplyResult | null> {
  const gateway = gatewayOf(ctx.provider);
  let reply;
  try {
    reply = await gateway.client.status(gatewayOrderId);
  } catch (error) {
    ctx.logger.warn(
      { gatewayOrderId, err: error instanceof Error ? error.message : String(error) },
      'midtrans status failed',
    );
    return null;
  }
  if (!reply?.transaction_status) return null;
  return applyGatewayStatus(
    db,
    {
      gatewayOrderId,
      transactionStatus: reply.transaction_status,
      fraudStatus: reply.fraud_status,
      grossAmount: reply.gross_amount,
      transactionId: reply.transaction_id,
    },
    ctx,
  );
}

/** Charges of an order or a flash-sale purchase the gateway may still settle. */
async function openCharges(db: Database, owner: ChargeSubject['owner']): Promise<string[]> {
  const rows = await db
    .select({ id: paymentCharges.gatewayOrderId })
    .from(paymentCharges)
    .where(and(ownerIs(owner), eq(paymentCharges.status, 'pending')))
    .orderBy(desc(paymentCharges.id))
    .limit(5);
  return rows.map((row) => row.id);
}

/**
 * "Cek Status Pembayaran" of an order or a flash-sale purchase: the gateway is asked about its open
 * charges (newest first, until one paid) and each answer applied as a notification would be.
 */
export async function askOpenCharges(
  db: Database,
  owner: ChargeSubject['owner'],
  ctx: { now: Date; provider: PaymentProvider; logger: Logger },
): Promise<void> {
  for (const id of await openCharges(db, owner)) {
    const result = await askAndApply(db, id, ctx);
    if (result?.kind === 'paid') break;
  }
}

/** cek-status-pembayaran: with a gateway, its word on the order's open charges first; then the order. */
export async function checkPaymentStatus(
  db: Database,
  order: OrderRow,
  ctx: { now: Date; provider: PaymentProvider; logger: Logger },
): Promise<CekStatusPembayaranResults> {
  if (ctx.provider.gateway && (order.status === 'pending' || order.status === 'expired'))
    await askOpenCharges(db, { reservationId: order.id }, ctx);
  const now = await findOrder(db, order.code);
  if (!now) throw notFound(ORDER_MESSAGE.notFound);
  const status = statusAt(now, ctx.now);
  return { reservasi_kode: now.code, flag_lunas: status === 'paid' ? 1 : 0, status };
}

/**
 * The sweep: charges still pending whose deadline is near (or just passed: a payment in the last
 * second may be notified late) are asked about, a few at a time, each at most every two minutes.
 */
export async function sweepGatewayCharges(
  db: Database,
  now: Date,
  provider: PaymentProvider,
  logger: Logger,
): Promise<number> {
  if (!provider.gateway) return 0;
  const at = (ms: number) => new Date(now.getTime() + ms).toISOString();
  const due = await queryRows<{ id: string }>(
    db,
    sql`UPDATE payment_charges SET checked_at = ${at(0)}::timestamptz
        WHERE id IN (
          SELECT c.id FROM payment_charges c
            LEFT JOIN reservations r ON r.id = c.reservation_id
            LEFT JOIN flash_sale_transactions f ON f.id = c.flash_sale_transaction_id
          WHERE c.status = 'pending'
            AND (r.status IN ('pending', 'expired') OR f.status IN ('menunggu-pembayaran', 'kedaluwarsa'))
            AND c.expires_at BETWEEN ${at(-SWEEP_BEHIND_MS)}::timestamptz AND ${at(SWEEP_AHEAD_MS)}::timestamptz
            AND (c.checked_at IS NULL OR c.checked_at <= ${at(-SWEEP_ASK_EVERY_MS)}::timestamptz)
          ORDER BY c.expires_at LIMIT ${SWEEP_BATCH}
        )
        RETURNING gateway_order_id AS id`,
  );
  let paid = 0;
  for (const { id } of due) {
    const result = await askAndApply(db, id, { now, provider, logger });
    if (result?.kind === 'paid') paid += 1;
  }
  return paid;
}
