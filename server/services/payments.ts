/**
 * Payment of an order (spec section 7 "Payment", "After booking"):
 * - list-jenis-pembayaran: the active methods by group, each with its fee on the amount; a
 *   voucher bound to one method makes the others unavailable (tersedia false);
 * - ganti-pembayaran: a pending order within its deadline takes a method (PAY-3 when unknown,
 *   inactive or excluded by the order's voucher), its fee is charged on the ticket total;
 * - detail-pembayaran: where and how much to pay;
 * - settleOrder: what a provider's notification calls (and simulasi-bayar in demo mode). One
 *   transaction with the order's row locked: paying twice charges once (payments.reservation_id
 *   is unique); an order past its deadline is paid only if every seat can be taken back.
 */
import { asc, eq, sql } from 'drizzle-orm';
import type { ListJenisPembayaranResults, PaymentInstruction, SimulasiBayarResults } from '../../contract';
import type { Database } from '../db/client';
import { paymentMethods, payments, reservations } from '../db/schema';
import { ApiError, notFound } from './errors';
import { feeOn } from './pricing';
import {
  ORDER_MESSAGE,
  feeOf,
  findOrder,
  kindOf,
  statusAt,
  ticketTotalOf,
  type MethodRow,
  type OrderRow,
} from './order-store';
import type { ChargeMethod, ChargeOrder, PaymentProvider } from './payment-provider';
import { PRICING } from './pricing';
import { asDb, creditPoints, expireDepartures, redeemPoints, sqlState, withRetry, type Tx } from './reservations-db';
import { queryRows } from './sql';
import { findVoucher } from './vouchers';

export const PAYMENT_MESSAGE = {
  paid: 'Pesanan sudah lunas',
  cancelled: 'Pesanan sudah dibatalkan dan tidak dapat dibayar',
  expired: 'Batas waktu pembayaran pesanan sudah lewat. Silakan pesan ulang',
  chooseFirst: 'Pilih metode pembayaran terlebih dahulu',
  methodUnknown: 'Metode pembayaran tidak ditemukan atau sedang tidak tersedia',
  voucherBound: (voucher: string, method: string) =>
    `Voucher ${voucher} hanya berlaku untuk pembayaran ${method}. Pilih ${method} atau batalkan pesanan`,
  seatGone:
    'Pembayaran ditolak: batas waktu sudah lewat dan kursi pesanan ini sudah dipesan penumpang lain. Dana tidak ditagih',
  pointsGone:
    'Pembayaran ditolak: batas waktu sudah lewat dan saldo point untuk pesanan ini sudah tidak mencukupi. Dana tidak ditagih',
} as const;

/** The order of groups on the payment page. */
export const PAYMENT_GROUPS = ['Virtual Account', 'E-Wallet & QRIS', 'Gerai Retail', 'Kartu Kredit/Debit'] as const;

const groupRank = (group: string): number => {
  const at = (PAYMENT_GROUPS as readonly string[]).indexOf(group);
  return at < 0 ? PAYMENT_GROUPS.length : at;
};

export const payRefused = (message: string) => new ApiError(409, 'PAY-1', message);
const methodRefused = (message: string) => new ApiError(422, 'PAY-3', message);

/** PAY-1 unless the order may still be paid or change its method. */
export function assertPayable(order: OrderRow, now: Date): void {
  const status = statusAt(order, now);
  if (status === 'paid') throw payRefused(PAYMENT_MESSAGE.paid);
  if (status === 'cancelled') throw payRefused(PAYMENT_MESSAGE.cancelled);
  if (status === 'expired') throw payRefused(PAYMENT_MESSAGE.expired);
}

/** A gateway lists every method but charges only some (Midtrans has no OVO or card flow here). */
export const offeredBy = (provider: PaymentProvider | undefined, methodCode: string): boolean =>
  !provider?.gateway || provider.gateway.offers(methodCode);

async function activeMethods(db: Database): Promise<MethodRow[]> {
  const rows = await db
    .select()
    .from(paymentMethods)
    .where(eq(paymentMethods.active, true))
    .orderBy(asc(paymentMethods.id));
  return rows.sort((a, b) => groupRank(a.group) - groupRank(b.group));
}

/** The method a voucher is bound to, with its name; null when the voucher allows any (or is unknown). */
async function boundMethodOf(db: Database, voucherCode: string | null | undefined) {
  if (!voucherCode) return null;
  const voucher = await findVoucher(db, voucherCode);
  if (!voucher?.paymentMethodCode) return null;
  return {
    voucher: voucher.name,
    code: voucher.paymentMethodCode,
    name: voucher.paymentMethodName ?? voucher.paymentMethodCode,
  };
}

export async function listPaymentMethods(
  db: Database,
  query: {
    amount: number | undefined;
    voucherCode: string | undefined;
    order: OrderRow | null;
    provider?: PaymentProvider;
  },
): Promise<ListJenisPembayaranResults> {
  const amount = query.order ? ticketTotalOf(query.order) : (query.amount ?? 0);
  const [methods, bound] = await Promise.all([
    activeMethods(db),
    boundMethodOf(db, query.order ? query.order.voucherCode : query.voucherCode),
  ]);
  return {
    amount,
    list: methods.map((method) => {
      const biaya = amount > 0 ? feeOn(method, amount) : 0;
      return {
        kode: method.code,
        nama: method.name,
        grup: method.group,
        jenis: kindOf(method),
        fee: method.fee,
        tipe_fee: method.feeType,
        biaya,
        total: amount + biaya,
        tersedia: (!bound || bound.code === method.code) && offeredBy(query.provider, method.code),
      };
    }),
  };
}

/** Where the traveller pays: a number, Mandiri's biller code, a QRIS payload or a link, as a charge gave them. */
export interface PayingPlace {
  nomorBayar: string | null;
  kodeBiller: string | null;
  qris: string | null;
  urlBayar: string | null;
}

/** A paying place as the wire names it: the order's instruction and the flash-sale transaction share these fields. */
export function placeFields(place: PayingPlace) {
  return {
    nomor_bayar: place.nomorBayar,
    kode_biller: place.kodeBiller,
    qris: place.qris,
    url_bayar: place.urlBayar,
  };
}

/** The simulator's place (or no provider's refusal): derived from the code, amount and method, never stored. */
export function derivedPlace(provider: PaymentProvider, charged: ChargeOrder, method: ChargeMethod): PayingPlace {
  return { ...provider.createCharge(charged, method), kodeBiller: null, urlBayar: null };
}

/** The instruction the payment page shows, for the simulator's charges and the gateway's stored ones alike. */
export function instructionWith(
  order: OrderRow,
  method: MethodRow,
  place: PayingPlace,
  simulated: boolean,
): PaymentInstruction {
  return {
    reservasi_kode: order.code,
    jenis_pembayaran_kode: method.code,
    jenis_pembayaran_nama: method.name,
    jenis: kindOf(method),
    total_bayar: order.total,
    biaya_admin: feeOf(order),
    ...placeFields(place),
    batas_bayar: order.expiresAt.toISOString(),
    simulasi: simulated,
    kartu: null,
  };
}

function instructionOf(
  order: OrderRow,
  method: MethodRow,
  provider: PaymentProvider,
  demo: boolean,
): PaymentInstruction {
  const place = derivedPlace(
    provider,
    { code: order.code, amount: order.total, expiresAt: order.expiresAt },
    { code: method.code, kind: kindOf(method) },
  );
  return instructionWith(order, method, place, demo);
}

export interface PaymentContext {
  now: Date;
  provider: PaymentProvider;
  demo: boolean;
}

/**
 * The database half of ganti-pembayaran, under the order's row lock: the method is checked (PAY-3
 * when unknown, inactive, not offered by the provider or excluded by the voucher) and set with its
 * fee. Returns the order as it now stands.
 */
export async function setPaymentMethod<T = { order: OrderRow; method: MethodRow }>(
  db: Database,
  code: string,
  methodCode: string,
  ctx: PaymentContext,
  mayOpen: (order: OrderRow) => boolean,
  /** Runs inside the transaction: a throw (no provider: 503 SRV-2) leaves the order unchanged. */
  finish: (order: OrderRow, method: MethodRow) => T = (order, method) => ({ order, method }) as T,
): Promise<T> {
  return withRetry(() =>
    db.transaction(async (tx) => {
      const order = await findOrder(asDb(tx), code, true);
      if (!order || !mayOpen(order)) throw notFound(ORDER_MESSAGE.notFound);
      assertPayable(order, ctx.now);
      const [method] = await tx
        .select()
        .from(paymentMethods)
        .where(sql`${paymentMethods.code} = ${methodCode.trim().toUpperCase()} AND ${paymentMethods.active}`);
      if (!method || !offeredBy(ctx.provider, method.code)) throw methodRefused(PAYMENT_MESSAGE.methodUnknown);
      const bound = await boundMethodOf(asDb(tx), order.voucherCode);
      if (bound && bound.code !== method.code)
        throw methodRefused(PAYMENT_MESSAGE.voucherBound(bound.voucher, bound.name));
      const ticketTotal = ticketTotalOf(order);
      const fee = feeOn(method, ticketTotal);
      const total = ticketTotal + fee;
      await tx
        .update(reservations)
        .set({ paymentMethodCode: method.code, paymentFee: fee, total })
        .where(eq(reservations.id, order.id));
      return finish({ ...order, paymentMethodCode: method.code, paymentFee: fee, total, method }, method);
    }),
  );
}

/** ganti-pembayaran with the simulated provider (or none): the instruction is derived, not charged. */
export async function choosePaymentMethod(
  db: Database,
  code: string,
  methodCode: string,
  ctx: PaymentContext,
  mayOpen: (order: OrderRow) => boolean,
): Promise<PaymentInstruction> {
  return setPaymentMethod(db, code, methodCode, ctx, mayOpen, (order, method) =>
    instructionOf(order, method, ctx.provider, ctx.demo),
  );
}

/** detail-pembayaran: the chosen method's instruction. */
export function paymentInstruction(order: OrderRow, ctx: PaymentContext): PaymentInstruction {
  assertPayable(order, ctx.now);
  if (!order.method || !order.paymentMethodCode) throw payRefused(PAYMENT_MESSAGE.chooseFirst);
  return instructionOf(order, order.method, ctx.provider, ctx.demo);
}

/**
 * An order past its deadline gets its seats back if nobody took them meanwhile: its rows go live
 * again under the unique index, in a savepoint, so a seat sold to someone else refuses (PAY-2)
 * without touching anyone's booking.
 */
async function reclaimSeats(tx: Tx, order: OrderRow, now: Date): Promise<void> {
  const departures = await queryRows<{ scheduleId: number; date: string }>(
    asDb(tx),
    sql`SELECT DISTINCT schedule_id::int AS "scheduleId", to_char(departure_date, 'YYYY-MM-DD') AS date
        FROM seat_bookings WHERE reservation_id = ${order.id}`,
  );
  // Expired rows (this order's and others') still sit in the unique index until released.
  await expireDepartures(tx, departures, now);
  try {
    await tx.transaction(async (savepoint) => {
      await savepoint.execute(
        sql`UPDATE seat_bookings SET live = true WHERE reservation_id = ${order.id} AND NOT live`,
      );
    });
  } catch (error) {
    if (sqlState(error) === '23505') throw new ApiError(409, 'PAY-2', PAYMENT_MESSAGE.seatGone);
    throw error;
  }
}

/**
 * Expiring an order gave its redeemed points back; paying it late spends them again, and only
 * if the balance still holds them (else nothing is charged).
 */
async function respendPoints(tx: Tx, order: OrderRow, now: Date): Promise<void> {
  if (order.customerId === null || order.usedPoints <= 0) return;
  const [row] = await queryRows<{ status: string }>(
    asDb(tx),
    sql`SELECT status FROM reservations WHERE id = ${order.id}`,
  );
  if (row?.status !== 'expired') return;
  const change = { customerId: order.customerId, points: order.usedPoints, reservationCode: order.code, at: now };
  if (!(await redeemPoints(tx, change))) throw payRefused(PAYMENT_MESSAGE.pointsGone);
}

/** What a gateway's settled charge says was paid (method, amount, its reference); derived otherwise. */
export interface Settlement {
  methodCode: string;
  amount: number;
  ref: string;
}

/** The simulated provider's settlement: the order's chosen method and total. */
function derivedSettlement(order: OrderRow, provider: PaymentProvider): Settlement {
  const method = order.method;
  if (!method) throw payRefused(PAYMENT_MESSAGE.chooseFirst);
  return {
    methodCode: method.code,
    amount: order.total,
    ref: provider.settlementRef(
      { code: order.code, amount: order.total, expiresAt: order.expiresAt },
      { code: method.code, kind: kindOf(method) },
    ),
  };
}

/**
 * Settles an order as the provider's notification does: the one path to "paid". A repeat answers
 * the same with cashback 0 and charges nothing more.
 */
export async function settleOrder(
  db: Database,
  code: string,
  ctx: { now: Date; provider: PaymentProvider; settlement?: Settlement },
): Promise<SimulasiBayarResults> {
  return withRetry(() =>
    db.transaction(async (tx) => {
      const order = await findOrder(asDb(tx), code, true);
      if (!order) throw notFound(ORDER_MESSAGE.notFound);
      if (order.status === 'paid') return { reservasi_kode: order.code, flag_lunas: 1 as const, cashback_point: 0 };
      if (order.status === 'cancelled') throw payRefused(PAYMENT_MESSAGE.cancelled);
      if (!ctx.settlement && (!order.method || !order.paymentMethodCode)) throw payRefused(PAYMENT_MESSAGE.chooseFirst);
      if (statusAt(order, ctx.now) === 'expired') {
        await reclaimSeats(tx, order, ctx.now);
        await respendPoints(tx, order, ctx.now);
      }

      const settled = ctx.settlement ?? derivedSettlement(order, ctx.provider);
      const inserted = await tx
        .insert(payments)
        .values({
          reservationId: order.id,
          methodCode: settled.methodCode,
          amount: settled.amount,
          provider: ctx.provider.name,
          providerRef: settled.ref,
          paidAt: ctx.now,
        })
        .onConflictDoNothing()
        .returning({ id: payments.id });
      // Only reachable if a row exists without the order being paid: never credit twice.
      if (inserted.length === 0) return { reservasi_kode: order.code, flag_lunas: 1 as const, cashback_point: 0 };

      const cashback = order.customerId === null ? 0 : Math.floor((order.subTotal * PRICING.cashbackPercent) / 100);
      await tx
        .update(reservations)
        .set({ status: 'paid', paidAt: ctx.now, cashbackPoints: cashback })
        .where(eq(reservations.id, order.id));
      // Paid seats never run out.
      await tx.execute(
        sql`UPDATE seat_bookings SET expires_at = NULL, hold_token = NULL WHERE reservation_id = ${order.id} AND live`,
      );
      if (order.customerId !== null) {
        const change = { customerId: order.customerId, points: cashback, reservationCode: order.code, at: ctx.now };
        await creditPoints(tx, 'cashback', change);
      }
      return { reservasi_kode: order.code, flag_lunas: 1 as const, cashback_point: cashback };
    }),
  );
}
