import type { Hono } from 'hono';
import type { Database } from '../db/client';
import { replyError, replyOk } from '../http/envelope';
import type { AppEnv } from '../http/types';
import { readInput } from '../http/validate';
import type { Logger } from '../logger';
import { applyGatewayStatus } from '../services/gateway-payments';
import { MidtransNotificationSchema, isSignedBy } from '../services/midtrans';
import type { PaymentProvider } from '../services/payment-provider';

/** Where Midtrans posts its HTTP notifications (set as Payment Notification URL in its dashboard). */
export const MIDTRANS_NOTIFICATION_PATH = '/payment/notification/midtrans';
/** A notification is a couple of kilobytes; anything much larger is not one. */
export const NOTIFICATION_MAX_BYTES = 16 * 1024;

export const NOTIFICATION_MESSAGE = {
  badSignature: 'Notifikasi ditolak: signature_key tidak valid',
  unknownOrder: 'Notifikasi ditolak: order_id tidak dikenal',
  amountMismatch: 'Notifikasi ditolak: gross_amount tidak sama dengan tagihan',
  noGateway: 'Notifikasi pembayaran tidak dipakai: Midtrans tidak dipasang',
} as const;

/**
 * POST /api/payment/notification/midtrans. Midtrans calls it, not the app: it sits outside the
 * contract's client API and before its Basic-auth middleware. The signature is the only proof;
 * a refusal is logged (order id and reason, never the key or the signature) and answered 4xx, and
 * Midtrans retries what it believes it sent.
 */
export function paymentNotificationRoutes(
  api: Hono<AppEnv>,
  deps: { db: Database; now: () => Date; provider: PaymentProvider; logger: Logger },
): void {
  const { db, now, provider, logger } = deps;
  api.post(MIDTRANS_NOTIFICATION_PATH, async (c) => {
    const gateway = provider.gateway;
    if (!gateway) return replyError(c, 404, 'NFD-1', NOTIFICATION_MESSAGE.noGateway);
    const note = await readInput(c, 'POST', MidtransNotificationSchema, 'json', NOTIFICATION_MAX_BYTES);
    if (!isSignedBy(gateway.serverKey, note)) {
      logger.warn(
        { orderId: note.order_id, status: note.transaction_status, reason: 'signature' },
        'midtrans notification refused',
      );
      return replyError(c, 401, 'AUT-1', NOTIFICATION_MESSAGE.badSignature);
    }
    const result = await applyGatewayStatus(
      db,
      {
        gatewayOrderId: note.order_id,
        transactionStatus: note.transaction_status,
        fraudStatus: note.fraud_status,
        grossAmount: note.gross_amount,
        transactionId: note.transaction_id,
      },
      { now: now(), provider, logger },
    );
    if (result.kind === 'unknown') {
      logger.warn({ orderId: note.order_id, reason: 'unknown order' }, 'midtrans notification refused');
      return replyError(c, 404, 'NFD-1', NOTIFICATION_MESSAGE.unknownOrder);
    }
    if (result.kind === 'amount-mismatch') {
      logger.warn(
        { orderId: note.order_id, grossAmount: note.gross_amount, reason: 'amount' },
        'midtrans notification refused',
      );
      return replyError(c, 422, 'REQ-1', NOTIFICATION_MESSAGE.amountMismatch);
    }
    logger.info(
      { orderId: note.order_id, order: result.code, status: note.transaction_status, result: result.kind },
      'midtrans notification',
    );
    return replyOk(c, { reservasi_kode: result.code, hasil: result.kind });
  });
}
