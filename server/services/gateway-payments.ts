/**
 * Payment through a network gateway (Midtrans, docs/decisions/0015-midtrans-payment.md):
 * - each method chosen is one charge, stored in payment_charges with what the page shows, so
 *   detail-pembayaran reads it and never charges twice for the same method and amount;
 * - a notification (signature checked by the route) or a status answer is applied here: settlement
 *   and an accepted capture pay through settleOrder, the one path to "paid"; anything else leaves
 *   the order as it is, so a repeated or late notification changes nothing;
 * - the sweep asks for charges still pending near their deadline, so a lost notification never
 *   loses a payment.
 */
import { randomBytes } from 'node:crypto';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { CekStatusPembayaranResults, PaymentInstruction } from '../../contract';
import type { Database } from '../db/client';
import { paymentCharges, payments } from '../db/schema';
import type { Logger } from '../logger';
import { ApiError, notConfigured, notFound } from './errors';
import { MIDTRANS_OFFERED, MidtransError, displayOf, grossAmount, midtransClient, outcomeOf } from './midtrans';
import type { MidtransConfig } from './midtrans';
import { ORDER_MESSAGE, feeOf, findOrder, kindOf, statusAt, type MethodRow, type OrderRow } from './order-store';
import type { PaymentGateway, PaymentProvider } from './payment-provider';
import {
  PAYMENT_MESSAGE,
  assertPayable,
  payRefused,
  setPaymentMethod,
  settleOrder,
  type PaymentContext,
} from './payments';
import { queryRows } from './sql';

export const GATEWAY_MESSAGE = {
  unreachable:
    'Penyedia pembayaran sedang tidak dapat dihubungi. Pesanan kamu tersimpan, silakan coba lagi sebentar lagi.',
  notGateway: 'Penyedia pembayaran ini tidak memakai charge lewat jaringan',
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
  return {
    name: 'midtrans',
    gateway: {
      client: midtransClient(config),
      serverKey: config.serverKey,
      offers: (methodCode) => MIDTRANS_OFFERED.has(methodCode),
    },
    // Callers that only know the synchronous interface (the flash sale) ask before using it.
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

function instructionFrom(order: OrderRow, method: MethodRow, charge: ChargeRow): PaymentInstruction {
  return {
    reservasi_kode: order.code,
    jenis_pembayaran_kode: method.code,
    jenis_pembayaran_nama: method.name,
    jenis: kindOf(method),
    total_bayar: order.total,
    biaya_admin: feeOf(order),
    nomor_bayar: charge.nomorBayar,
    kode_biller: charge.kodeBiller,
    qris: charge.qris,
    url_bayar: charge.urlBayar,
    batas_bayar: order.expiresAt.toISOString(),
    simulasi: false,
  };
}

/** Asks the gateway for a charge of the order's method and total, and stores it (no lock held meanwhile). */
async function chargeOrder(
  db: Database,
  order: OrderRow,
  method: MethodRow,
  gateway: PaymentGateway,
  provider: PaymentProvider,
  now: Date,
  logger: Logger,
): Promise<ChargeRow> {
  const gatewayOrderId = newGatewayOrderId(order.code, now);
  let reply;
  try {
    reply = await gateway.client.charge({
      orderId: gatewayOrderId,
      methodCode: method.code,
      amount: order.total,
      now,
      expiresAt: order.expiresAt,
      customer: { name: order.bookerName, email: order.bookerEmail, phone: order.bookerPhone },
    });
  } catch (error) {
    logger.error(
      {
        order: order.code,
        gatewayOrderId,
        err: error instanceof Error ? error.message : String(error),
        statusCode: error instanceof MidtransError ? error.statusCode : null,
      },
      'midtrans charge failed',
    );
    throw new ApiError(503, 'SRV-2', GATEWAY_MESSAGE.unreachable);
  }
  const display = displayOf(reply);
  const [row] = await db
    .insert(paymentCharges)
    .values({
      reservationId: order.id,
      gatewayOrderId,
      provider: provider.name,
      methodCode: method.code,
      amount: order.total,
      transactionId: reply.transaction_id ?? null,
      nomorBayar: display.nomorBayar,
      kodeBiller: display.kodeBiller,
      qris: display.qris,
      urlBayar: display.urlBayar,
      status: reply.transaction_status ?? 'pending',
      expiresAt: order.expiresAt,
      createdAt: now,
    })
    .returning();
  if (!row) throw new Error('payment charge not stored');
  return row;
}

/** The latest charge of the order still answering for its method and total (else none). */
async function currentCharge(db: Database, order: OrderRow): Promise<ChargeRow | null> {
  const [row] = await db
    .select()
    .from(paymentCharges)
    .where(eq(paymentCharges.reservationId, order.id))
    .orderBy(desc(paymentCharges.id))
    .limit(1);
  if (!row || row.methodCode !== order.paymentMethodCode || row.amount !== order.total) return null;
  if (row.status !== 'pending') return null;
  return row;
}

export interface GatewayContext extends PaymentContext {
  logger: Logger;
}

/** ganti-pembayaran through the gateway: the method is set, then charged once. */
export async function chooseGatewayMethod(
  db: Database,
  code: string,
  methodCode: string,
  ctx: GatewayContext,
  mayOpen: (order: OrderRow) => boolean,
): Promise<PaymentInstruction> {
  const gateway = gatewayOf(ctx.provider);
  const { order, method } = await setPaymentMethod(db, code, methodCode, ctx, mayOpen);
  const charge = await chargeOrder(db, order, method, gateway, ctx.provider, ctx.now, ctx.logger);
  return instructionFrom(order, method, charge);
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
  const charge =
    (await currentCharge(db, order)) ??
    (await chargeOrder(db, order, method, gateway, ctx.provider, ctx.now, ctx.logger));
  return instructionFrom(order, method, charge);
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
 * Applies one status to the order behind the charge. Only "paid" changes the order, through
 * settleOrder (row lock, unique payment): repeats, concurrent copies and any status arriving after
 * the payment change nothing.
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
  const [order] = await queryRows<{ code: string }>(
    db,
    sql`SELECT trim(code) AS code FROM reservations WHERE id = ${charge.reservationId}`,
  );
  if (!order) return { kind: 'unknown' };
  if (status.grossAmount !== undefined && status.grossAmount !== grossAmount(charge.amount))
    return { kind: 'amount-mismatch', code: order.code };

  // The charge's own record: a settled charge keeps its word.
  await db
    .update(paymentCharges)
    .set({
      status: status.transactionStatus,
      ...(status.transactionId ? { transactionId: status.transactionId } : {}),
    })
    .where(and(eq(paymentCharges.id, charge.id), sql`${paymentCharges.status} NOT IN ('settlement', 'capture')`));

  const outcome = outcomeOf(status.transactionStatus, status.fraudStatus);
  if (outcome === 'waiting') return { kind: 'waiting', code: order.code };
  if (outcome === 'failed') {
    if (SETTLED.has(charge.status))
      ctx.logger.warn(
        { order: order.code, gatewayOrderId: charge.gatewayOrderId, status: status.transactionStatus },
        'midtrans status after settlement ignored',
      );
    return { kind: 'unpaid', code: order.code };
  }
  const ref = status.transactionId ?? charge.transactionId ?? charge.gatewayOrderId;
  try {
    await settleOrder(db, order.code, {
      now: ctx.now,
      provider: ctx.provider,
      settlement: { methodCode: charge.methodCode, amount: charge.amount, ref },
    });
    // Paid before by another charge (a method changed, both paid): this money needs a refund.
    const [recorded] = await db
      .select({ ref: payments.providerRef })
      .from(payments)
      .where(eq(payments.reservationId, charge.reservationId));
    if (recorded && recorded.ref !== ref)
      ctx.logger.error(
        { order: order.code, gatewayOrderId: charge.gatewayOrderId },
        'midtrans charge paid for an order already paid by another charge: refund it',
      );
    return { kind: 'paid', code: order.code };
  } catch (error) {
    // Money arrived for an order that cannot take it (cancelled, or expired with its seat sold):
    // nothing is booked; the payment needs a refund from the gateway's dashboard.
    if (error instanceof ApiError && (error.code === 'PAY-1' || error.code === 'PAY-2')) {
      ctx.logger.error(
        { order: order.code, gatewayOrderId: charge.gatewayOrderId, code: error.code },
        'midtrans payment refused by the order: refund it',
      );
      return { kind: 'refused', code: order.code, reason: error.code };
    }
    throw error;
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

/** Charges of an order the gateway may still settle. */
async function openCharges(db: Database, reservationId: number): Promise<string[]> {
  const rows = await db
    .select({ id: paymentCharges.gatewayOrderId })
    .from(paymentCharges)
    .where(and(eq(paymentCharges.reservationId, reservationId), eq(paymentCharges.status, 'pending')))
    .orderBy(desc(paymentCharges.id))
    .limit(5);
  return rows.map((row) => row.id);
}

/** cek-status-pembayaran: with a gateway, its word on the order's open charges first; then the order. */
export async function checkPaymentStatus(
  db: Database,
  order: OrderRow,
  ctx: { now: Date; provider: PaymentProvider; logger: Logger },
): Promise<CekStatusPembayaranResults> {
  if (ctx.provider.gateway && (order.status === 'pending' || order.status === 'expired')) {
    for (const id of await openCharges(db, order.id)) {
      const result = await askAndApply(db, id, ctx);
      if (result?.kind === 'paid') break;
    }
  }
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
          SELECT c.id FROM payment_charges c JOIN reservations r ON r.id = c.reservation_id
          WHERE c.status = 'pending' AND r.status IN ('pending', 'expired')
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
