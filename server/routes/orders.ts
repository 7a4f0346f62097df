import type { Context, Hono } from 'hono';
import { ORDER_KEY_HEADER } from '../../contract';
import type { Database } from '../db/client';
import { defineRoute } from '../http/route';
import { clientOf } from '../http/client-address';
import type { AppEnv } from '../http/types';
import { ApiError } from '../services/errors';
import { isOrderKey, orderKeyFor } from '../services/order-keys';
import { mayOpen, openOrder, type OrderAccess } from '../services/order-store';
import type { Limiters } from '../services/rate-limit';
import { cancelOrder, guestOrder, orderDetail } from '../services/orders';

/**
 * Guest look-ups: enough for a typo or two, far too few to guess codes or contacts. Every limit is
 * per client: a limit on an order's code alone would let a stranger who holds the code lock its
 * owner out by failing on purpose (ADR 0005).
 */
export const GUEST_LOOKUP_RATE = {
  /** Tries of one client on one order (a mistyped contact or two). */
  perClientAndCode: { burst: 5, perMinute: 5 },
  /** Tries of one client across every code. */
  perClient: { burst: 10, perMinute: 10 },
} as const;

export const GUEST_LOOKUP_TOO_MANY = 'Terlalu banyak percobaan cek pesanan. Silakan coba lagi dalam 1 menit';

/** The order's key (X-Order-Key) or the signed-in customer: what lets a caller open an order. */
export function accessOf(c: Context<AppEnv>, secret: string, code: string): OrderAccess {
  return {
    keyValid: isOrderKey(secret, code, c.req.header(ORDER_KEY_HEADER)),
    customerId: c.get('customer')?.id ?? null,
  };
}

/** detail-reservasi, web-detail-reservasi (the guest's look-up) and batal-reservasi. */
export function orderRoutes(
  api: Hono<AppEnv>,
  db: Database,
  now: () => Date,
  orderKeySecret: string,
  limiters: Limiters,
): void {
  const perClient = limiters.perClient('guest-lookup-client', GUEST_LOOKUP_RATE.perClient);
  const perClientAndCode = limiters.perClient('guest-lookup-client-code', GUEST_LOOKUP_RATE.perClientAndCode);

  defineRoute(api, 'detailReservasi', async (query, c) => {
    const order = await openOrder(db, query.reservasi_kode, accessOf(c, orderKeySecret, query.reservasi_kode));
    return orderDetail(db, order, now());
  });

  defineRoute(api, 'webDetailReservasi', async (query, c) => {
    const client = clientOf(c);
    // The code as the look-up matches it, so case variants share one count.
    const code = query.reservasi_kode.trim().toUpperCase();
    if (!(await perClient.take(client)) || !(await perClientAndCode.take(`${client} ${code}`))) {
      throw new ApiError(429, 'REQ-2', GUEST_LOOKUP_TOO_MANY);
    }
    const detail = await guestOrder(db, query.reservasi_kode, query.pemesan_email_telp, now());
    return { ...detail, kunci_pesanan: orderKeyFor(orderKeySecret, detail.reservasi_kode) };
  });

  defineRoute(api, 'batalReservasi', (body, c) => {
    const access = accessOf(c, orderKeySecret, body.reservasi_kode);
    return cancelOrder(db, body.reservasi_kode, body.jenis_batal, now(), (order) => mayOpen(order, access));
  });
}
