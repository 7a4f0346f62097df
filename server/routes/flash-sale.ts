import type { Context, Hono } from 'hono';
import { FLASH_SALE_MESSAGES, ORDER_KEY_HEADER } from '../../contract';
import type { Database } from '../db/client';
import type { Logger } from '../logger';
import { clientOf } from '../http/client-address';
import { defineRoute } from '../http/route';
import type { AppEnv } from '../http/types';
import { signInRequired } from '../services/errors';
import {
  buyFlashSaleCard,
  checkFlashSaleAnswer,
  checkFlashSaleStatus,
  type FlashSaleBuyer,
  flashSaleCardDetail,
  flashSaleCardsOf,
  flashSaleHome,
  flashSalePaymentMethods,
  flashSaleQuiz,
  flashSaleTransaction,
  flashSaleTransactionsOf,
  listFlashSaleSessions,
  settleSimulatedFlashSale,
} from '../services/flash-sale';
import { isOrderKey, orderKeyFor } from '../services/order-keys';
import type { PaymentProvider } from '../services/payment-provider';

export interface FlashSaleDeps {
  db: Database;
  today: () => string;
  now: () => Date;
  /** Signs the transaction's key, as it signs order keys. */
  orderKeySecret: string;
  provider: PaymentProvider;
  /** Live purchases of one card one buyer may hold in its session. */
  purchasesPerCard: number;
  /** Demo mode: with the simulated provider, flashsale/simulasi-bayar exists (404 otherwise). */
  demo: boolean;
  logger: Logger;
}

/**
 * The quiz's identity of the caller: a signed-in customer is one buyer on every device, a guest is
 * its client address. Keys, blocks and the purchase cap all key on it.
 */
function buyerOf(c: Context<AppEnv>): FlashSaleBuyer {
  const customer = c.get('customer');
  return customer ? `customer:${customer.id}` : `address:${clientOf(c)}`;
}

/** Spec section 7 "Flash sale". */
export function flashSaleRoutes(api: Hono<AppEnv>, deps: FlashSaleDeps): void {
  const { db, now, provider } = deps;
  defineRoute(api, 'flashsaleBeranda', () => flashSaleHome(db, deps.today(), now()));
  defineRoute(api, 'flashsaleListSesi', (query) => listFlashSaleSessions(db, query.tanggal, now()));
  defineRoute(api, 'flashsaleListCard', (query) => flashSaleCardsOf(db, query.sesi_sub_id, now()));
  defineRoute(api, 'flashsaleDetailCard', (query) => flashSaleCardDetail(db, query.card_id, now()));
  defineRoute(api, 'flashsaleSoalCard', (query) => flashSaleQuiz(db, query.card_id, now()));

  defineRoute(api, 'flashsaleCekSoalCard', (query, c) =>
    checkFlashSaleAnswer(
      db,
      { cardId: query.card_id, answer: query.jawaban, client: buyerOf(c) },
      now(),
      deps.purchasesPerCard,
    ),
  );

  defineRoute(api, 'flashsaleListJenisPembayaran', (query, c) =>
    flashSalePaymentMethods(db, { cardId: query.card_id, key: query.key_auth, buyer: buyerOf(c) }, now(), provider),
  );

  defineRoute(api, 'flashsaleTransaksi', async (body, c) => {
    const transaction = await buyFlashSaleCard(
      db,
      {
        cardId: body.card_id,
        key: body.key_auth,
        bookerName: body.pemesan_nama,
        bookerEmail: body.pemesan_email,
        bookerPhone: body.pemesan_telp,
        methodCode: body.jenis_pembayaran_kode,
        customerId: c.get('customer')?.id ?? null,
        buyer: buyerOf(c),
      },
      now(),
      provider,
      deps.purchasesPerCard,
      deps.logger,
    );
    return { ...transaction, kunci: orderKeyFor(deps.orderKeySecret, transaction.transaksi_kode) };
  });

  /** The purchase's key (header X-Order-Key) or its signed-in buyer may read it; nobody else learns it exists. */
  const mayReadAs = (c: Context<AppEnv>, code: string) => {
    const keyValid = isOrderKey(deps.orderKeySecret, code, c.req.header(ORDER_KEY_HEADER));
    const customerId = c.get('customer')?.id ?? null;
    return (row: { customerId: number | null }) => keyValid || (customerId !== null && row.customerId === customerId);
  };

  defineRoute(api, 'flashsaleDetailTransaksi', (query, c) =>
    flashSaleTransaction(db, query.transaksi_kode, now(), provider, mayReadAs(c, query.transaksi_kode), deps.logger),
  );

  defineRoute(api, 'flashsaleCekStatus', (body, c) =>
    checkFlashSaleStatus(db, body.transaksi_kode, now(), provider, mayReadAs(c, body.transaksi_kode), deps.logger),
  );

  defineRoute(api, 'flashsaleListTransaksi', (query, c) => {
    const customer = c.get('customer');
    if (!customer) throw signInRequired(FLASH_SALE_MESSAGES.signIn);
    return flashSaleTransactionsOf(db, customer.id, query.page, now(), provider);
  });

  // Outside demo mode (or with a real gateway) the call does not exist: the API's own 404 answers it.
  if (!deps.demo || provider.gateway) return;
  defineRoute(api, 'flashsaleSimulasiBayar', (body, c) =>
    settleSimulatedFlashSale(db, body.transaksi_kode, now(), provider, mayReadAs(c, body.transaksi_kode)),
  );
}
