import type { Hono } from 'hono';
import type { Database } from '../db/client';
import { defineRoute } from '../http/route';
import type { AppEnv } from '../http/types';
import { mayOpen, openOrder } from '../services/order-store';
import type { PaymentProvider } from '../services/payment-provider';
import { choosePaymentMethod, listPaymentMethods, paymentInstruction, settleOrder } from '../services/payments';
import { accessOf } from './orders';

export interface PaymentRouteDeps {
  db: Database;
  now: () => Date;
  orderKeySecret: string;
  provider: PaymentProvider;
  demo: boolean;
}

/** list-jenis-pembayaran, ganti-pembayaran, detail-pembayaran and (demo mode) simulasi-bayar. */
export function paymentRoutes(api: Hono<AppEnv>, deps: PaymentRouteDeps): void {
  const { db, now, orderKeySecret, provider, demo } = deps;

  defineRoute(api, 'listJenisPembayaran', async (query, c) => {
    // An order's amount is only told to whoever may open it.
    const order = query.reservasi_kode
      ? await openOrder(db, query.reservasi_kode, accessOf(c, orderKeySecret, query.reservasi_kode))
      : null;
    return listPaymentMethods(db, { amount: query.amount, voucherCode: query.voucher_kode, order });
  });

  defineRoute(api, 'gantiPembayaran', (body, c) => {
    const access = accessOf(c, orderKeySecret, body.reservasi_kode);
    return choosePaymentMethod(
      db,
      body.reservasi_kode,
      body.jenis_pembayaran_kode,
      { now: now(), provider, demo },
      (order) => mayOpen(order, access),
    );
  });

  defineRoute(api, 'detailPembayaran', async (query, c) => {
    const order = await openOrder(db, query.reservasi_kode, accessOf(c, orderKeySecret, query.reservasi_kode));
    return paymentInstruction(order, { now: now(), provider, demo });
  });

  // Outside demo mode the call does not exist: the API's own 404 answers it.
  if (!demo) return;
  defineRoute(api, 'simulasiBayar', async (body, c) => {
    await openOrder(db, body.reservasi_kode, accessOf(c, orderKeySecret, body.reservasi_kode));
    return settleOrder(db, body.reservasi_kode, { now: now(), provider });
  });
}
