import type { QueryClient } from '@tanstack/react-query';
import { fromPromise } from 'xstate';
import {
  flashSaleMachine,
  type AnswerInput,
  type BuyInput,
  type CheckInput,
  type FlashSaleOutcome,
  type MethodsInput,
  type QuizInput,
} from '../../machines/flash-sale.machine';
import type {
  FlashSaleBought,
  FlashSaleKey,
  FlashSaleMethods,
  FlashSalePurchase,
  FlashSaleQuiz,
} from '../../machines/flash-sale-types';
import { api } from '../api/api';
import {
  checkFlashSaleTransaction,
  flashSaleTransactionQueryOptions,
  readFlashSaleTransaction,
} from '../api/flash-sale-queries';
import type { ApiClient } from '../api/client';
import { toFlashSaleBought, toFlashSaleKey, toFlashSaleMethods, toFlashSaleQuiz } from '../api/flash-sale-mappers';
import { callOutcome } from './call-outcome';
import { orderKeyOf, rememberOrderKey } from '../platform/order-keys';

/**
 * The flash-sale machine's effects: its calls, fresh lists when a slot changes, the purchase's key
 * kept, and the purchase as "Cek Status" or the page's own reads answered it shown as its page data.
 */
export function flashSaleMachineWithEffects(queryClient: QueryClient, client: ApiClient = api) {
  return flashSaleMachine.provide({
    actors: {
      loadQuiz: fromPromise<FlashSaleOutcome<FlashSaleQuiz>, QuizInput>(({ input, signal }) =>
        callOutcome(async () =>
          toFlashSaleQuiz(await client.request('flashsaleSoalCard', { card_id: input.cardId }, { signal })),
        ),
      ),
      // The key's time on the server's clock (the mapper's); the machine counts it down from there.
      checkAnswer: fromPromise<FlashSaleOutcome<FlashSaleKey>, AnswerInput>(({ input, signal }) =>
        callOutcome(async () =>
          toFlashSaleKey(
            await client.request('flashsaleCekSoalCard', { card_id: input.cardId, jawaban: input.answer }, { signal }),
          ),
        ),
      ),
      loadMethods: fromPromise<FlashSaleOutcome<FlashSaleMethods>, MethodsInput>(({ input, signal }) =>
        callOutcome(async () =>
          toFlashSaleMethods(
            await client.request(
              'flashsaleListJenisPembayaran',
              { card_id: input.cardId, key_auth: input.key },
              { signal },
            ),
          ),
        ),
      ),
      buy: fromPromise<FlashSaleOutcome<FlashSaleBought>, BuyInput>(({ input, signal }) =>
        callOutcome(async () =>
          toFlashSaleBought(
            await client.request(
              'flashsaleTransaksi',
              {
                card_id: input.cardId,
                key_auth: input.key,
                pemesan_nama: input.booker.name,
                pemesan_email: input.booker.email,
                pemesan_telp: input.booker.phone,
                jenis_pembayaran_kode: input.methodCode,
              },
              { signal },
            ),
          ),
        ),
      ),
      checkTransaction: fromPromise<FlashSaleOutcome<FlashSalePurchase>, CheckInput>(({ input, signal }) =>
        callOutcome(() => checkFlashSaleTransaction(input.code, orderKeyOf(input.code), signal, client)),
      ),
      readTransaction: fromPromise<FlashSaleOutcome<FlashSalePurchase>, CheckInput>(({ input, signal }) =>
        callOutcome(() => readFlashSaleTransaction(input.code, orderKeyOf(input.code), signal, client)),
      ),
    },
    actions: {
      refreshSessions: () => void queryClient.invalidateQueries({ queryKey: ['flashsale'] }),
      keepTransaction: (_, params) => {
        rememberOrderKey(params.transaction.code, params.transaction.orderKey);
        void queryClient.invalidateQueries({ queryKey: ['flashsale'] });
      },
      keepTransactionRead: (_, params) => {
        const { code } = params.transaction;
        queryClient.setQueryData(flashSaleTransactionQueryOptions(code, null).queryKey, params.transaction);
        void queryClient.invalidateQueries({ queryKey: ['flashsale', 'list-transaksi'] });
      },
    },
  });
}
