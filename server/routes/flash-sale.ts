import type { Hono } from 'hono';
import { FLASH_SALE_MESSAGES, ORDER_KEY_HEADER } from '../../contract';
import type { Database } from '../db/client';
import { clientOf } from '../http/client-address';
import { defineRoute } from '../http/route';
import type { AppEnv } from '../http/types';
import { signInRequired } from '../services/errors';
import {
  buyFlashSaleCard,
  checkFlashSaleAnswer,
  flashSaleCardDetail,
  flashSaleCardsOf,
  flashSaleHome,
  flashSalePaymentMethods,
  flashSaleQuiz,
  flashSaleTransaction,
  flashSaleTransactionsOf,
  listFlashSaleSessions,
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
}

/** Spec section 7 "Flash sale". */
export function flashSaleRoutes(api: Hono<AppEnv>, deps: FlashSaleDeps): void {
  const { db, now, provider } = deps;
  defineRoute(api, 'flashsaleBeranda', () => flashSaleHome(db, deps.today(), now()));
  defineRoute(api, 'flashsaleListSesi', (query) => listFlashSaleSessions(db, query.tanggal, now()));
  defineRoute(api, 'flashsaleListCard', (query) => flashSaleCardsOf(db, query.sesi_sub_id, now()));
  defineRoute(api, 'flashsaleDetailCard', (query) => flashSaleCardDetail(db, query.card_id, now()));
  defineRoute(api, 'flashsaleSoalCard', (query) => flashSaleQuiz(db, query.card_id, now()));

  defineRoute(api, 'flashsaleCekSoalCard', (query, c) => {
    // A signed-in customer is blocked on every device; a guest on its address.
    const customer = c.get('customer');
    const client = customer ? `customer:${customer.id}` : `address:${clientOf(c)}`;
    return checkFlashSaleAnswer(db, { cardId: query.card_id, answer: query.jawaban, client }, now());
  });

  defineRoute(api, 'flashsaleListJenisPembayaran', (query) =>
    flashSalePaymentMethods(db, { cardId: query.card_id, key: query.key_auth }, now()),
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
      },
      now(),
      provider,
    );
    return { ...transaction, kunci: orderKeyFor(deps.orderKeySecret, transaction.transaksi_kode) };
  });

  defineRoute(api, 'flashsaleDetailTransaksi', (query, c) => {
    const keyValid = isOrderKey(deps.orderKeySecret, query.transaksi_kode, c.req.header(ORDER_KEY_HEADER));
    const customerId = c.get('customer')?.id ?? null;
    return flashSaleTransaction(
      db,
      query.transaksi_kode,
      now(),
      provider,
      (row) => keyValid || (customerId !== null && row.customerId === customerId),
    );
  });

  defineRoute(api, 'flashsaleListTransaksi', (query, c) => {
    const customer = c.get('customer');
    if (!customer) throw signInRequired(FLASH_SALE_MESSAGES.signIn);
    return flashSaleTransactionsOf(db, customer.id, query.page, now(), provider);
  });
}
