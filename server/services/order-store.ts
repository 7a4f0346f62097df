/**
 * What the payment and order services share: reading an order with its payment method, who may
 * open it, its status as of now, and the fee rule of a payment method.
 */
import { eq, sql } from 'drizzle-orm';
import type { OrderStatus, PaymentKind } from '../../contract';
import type { Database } from '../db/client';
import { paymentMethods, reservations } from '../db/schema';
import { notFound } from './errors';
import { feeOn } from './pricing';

export const ORDER_MESSAGE = {
  notFound: 'Pesanan tidak ditemukan',
} as const;

/** Who asks: the order's key checked by the HTTP layer, or the signed-in customer. */
export interface OrderAccess {
  keyValid: boolean;
  customerId: number | null;
}

export type ReservationRow = typeof reservations.$inferSelect;
export type MethodRow = typeof paymentMethods.$inferSelect;

export interface OrderRow extends ReservationRow {
  method: MethodRow | null;
}

/** The admin fee inside the order's total: the stored one, or what the price check charged at reservation. */
export function feeOf(order: OrderRow): number {
  if (order.paymentFee !== null) return order.paymentFee;
  return order.method ? feeOn(order.method, order.subTotal) : 0;
}

/** The tickets and extras without the payment method's fee. */
export const ticketTotalOf = (order: OrderRow): number => Math.max(0, order.total - feeOf(order));

export function statusAt(order: ReservationRow, now: Date): OrderStatus {
  if (order.status === 'pending' && order.expiresAt.getTime() <= now.getTime()) return 'expired';
  return order.status;
}

export function kindOf(method: MethodRow): PaymentKind {
  return method.kind;
}

/** The order by code, with its method; `lock` takes its row lock first (inside a transaction). */
export async function findOrder(db: Database, code: string, lock = false): Promise<OrderRow | null> {
  const normal = code.trim().toUpperCase();
  if (lock) await db.execute(sql`SELECT id FROM reservations WHERE code = ${normal} FOR UPDATE`);
  const rows = await db
    .select({ reservation: reservations, method: paymentMethods })
    .from(reservations)
    .leftJoin(paymentMethods, eq(paymentMethods.code, reservations.paymentMethodCode))
    .where(eq(reservations.code, normal))
    .limit(1);
  const row = rows[0];
  return row ? { ...row.reservation, code: row.reservation.code.trim(), method: row.method } : null;
}

export function mayOpen(order: ReservationRow, access: OrderAccess): boolean {
  return access.keyValid || (access.customerId !== null && order.customerId === access.customerId);
}

/** The order the caller may open; anything else is the same 404 as an unknown code. */
export async function openOrder(db: Database, code: string, access: OrderAccess, lock = false): Promise<OrderRow> {
  const order = await findOrder(db, code, lock);
  if (!order || !mayOpen(order, access)) throw notFound(ORDER_MESSAGE.notFound);
  return order;
}
