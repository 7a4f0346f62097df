import type { Hono } from 'hono';
import type { Database } from '../db/client';
import { defineRoute } from '../http/route';
import type { AppEnv } from '../http/types';
import type { Logger } from '../logger';
import { ApiError } from '../services/errors';
import {
  CARD_MESSAGE,
  checkPaymentStatus,
  chooseGatewayMethod,
  gatewayInstruction,
  payByCard,
} from '../services/gateway-payments';
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
  logger: Logger;
}

/**
 * list-jenis-pembayaran, ganti-pembayaran, detail-pembayaran, cek-status-pembayaran, bayar-kartu and (demo mode,
 * simulated provider) simulasi-bayar. With a gateway (Midtrans) a method is charged over the
 * network and the charge stored; otherwise the instruction is derived.
 */
export function paymentRoutes(api: Hono<AppEnv>, deps: PaymentRouteDeps): void {
  const { db, now, orderKeySecret, provider, demo, logger } = deps;
  // The simulator's button only where the simulator is the provider.
  const simulated = demo && !provider.gateway;

  defineRoute(api, 'listJenisPembayaran', async (query, c) => {
    // An order's amount is only told to whoever may open it.
    const order = query.reservasi_kode
      ? await openOrder(db, query.reservasi_kode, accessOf(c, orderKeySecret, query.reservasi_kode))
      : null;
    return listPaymentMethods(db, { amount: query.amount, voucherCode: query.voucher_kode, order, provider });
  });

  defineRoute(api, 'gantiPembayaran', (body, c) => {
    const access = accessOf(c, orderKeySecret, body.reservasi_kode);
    const ctx = { now: now(), provider, demo: simulated, logger };
    const may = (order: Parameters<typeof mayOpen>[0]) => mayOpen(order, access);
    return provider.gateway
      ? chooseGatewayMethod(db, body.reservasi_kode, body.jenis_pembayaran_kode, ctx, may)
      : choosePaymentMethod(db, body.reservasi_kode, body.jenis_pembayaran_kode, ctx, may);
  });

  defineRoute(api, 'detailPembayaran', async (query, c) => {
    const order = await openOrder(db, query.reservasi_kode, accessOf(c, orderKeySecret, query.reservasi_kode));
    const ctx = { now: now(), provider, demo: simulated, logger };
    return provider.gateway ? gatewayInstruction(db, order, ctx) : paymentInstruction(order, ctx);
  });

  defineRoute(api, 'cekStatusPembayaran', async (body, c) => {
    const order = await openOrder(db, body.reservasi_kode, accessOf(c, orderKeySecret, body.reservasi_kode));
    return checkPaymentStatus(db, order, { now: now(), provider, logger });
  });

  defineRoute(api, 'bayarKartu', async (body, c) => {
    const order = await openOrder(db, body.reservasi_kode, accessOf(c, orderKeySecret, body.reservasi_kode));
    // The simulator has no card network: its card is paid with "Simulasikan pembayaran".
    if (!provider.gateway) throw new ApiError(422, 'PAY-3', CARD_MESSAGE.notOffered);
    return payByCard(db, order, body.token_id, { now: now(), provider, demo: false, logger });
  });

  // Outside demo mode (or with a real gateway) the call does not exist: the API's own 404 answers it.
  if (!simulated) return;
  defineRoute(api, 'simulasiBayar', async (body, c) => {
    await openOrder(db, body.reservasi_kode, accessOf(c, orderKeySecret, body.reservasi_kode));
    return settleOrder(db, body.reservasi_kode, { now: now(), provider });
  });
}
