import type { QueryClient } from '@tanstack/react-query';
import { fromPromise } from 'xstate';
import type {
  FlashSaleJenisPembayaranResults,
  FlashSaleSoalResults,
  FlashSaleTransaction,
  FlashSaleTransaksiResults,
} from '../../contract/flashsale';
import {
  flashSaleMachine,
  type AnswerInput,
  type BuyInput,
  type CheckInput,
  type FlashSaleAnswerResults,
  type FlashSaleOutcome,
  type MethodsInput,
  type QuizInput,
} from '../../machines/flash-sale.machine';
import { api } from '../api/api';
import {
  checkFlashSaleTransaction,
  flashSaleTransactionQueryOptions,
  readFlashSaleTransaction,
} from '../api/flash-sale-queries';
import type { ApiClient } from '../api/client';
import { callOutcome } from './call-outcome';
import { orderKeyOf, rememberOrderKey } from '../platform/order-keys';

/**
 * The flash-sale machine's effects: its calls, fresh lists when a slot changes, the purchase's key
 * kept, and the purchase as "Cek Status" or the page's own reads answered it shown as its page data.
 */
export function flashSaleMachineWithEffects(queryClient: QueryClient, client: ApiClient = api) {
  return flashSaleMachine.provide({
    actors: {
      loadQuiz: fromPromise<FlashSaleOutcome<FlashSaleSoalResults>, QuizInput>(({ input, signal }) =>
        callOutcome(() => client.request('flashsaleSoalCard', { card_id: input.cardId }, { signal })),
      ),
      checkAnswer: fromPromise<FlashSaleOutcome<FlashSaleAnswerResults>, AnswerInput>(({ input, signal }) =>
        callOutcome(async () => {
          const results = await client.request(
            'flashsaleCekSoalCard',
            { card_id: input.cardId, jawaban: input.answer },
            { signal },
          );
          // The key's time on the server's clock; the machine counts it down from here.
          const keyLeftMs = Math.max(0, Date.parse(results.berlaku_sampai) - Date.parse(results.waktu_server));
          return { ...results, keyLeftMs };
        }),
      ),
      loadMethods: fromPromise<FlashSaleOutcome<FlashSaleJenisPembayaranResults>, MethodsInput>(({ input, signal }) =>
        callOutcome(() =>
          client.request('flashsaleListJenisPembayaran', { card_id: input.cardId, key_auth: input.key }, { signal }),
        ),
      ),
      buy: fromPromise<FlashSaleOutcome<FlashSaleTransaksiResults>, BuyInput>(({ input, signal }) =>
        callOutcome(() =>
          client.request(
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
      checkTransaction: fromPromise<FlashSaleOutcome<FlashSaleTransaction>, CheckInput>(({ input, signal }) =>
        callOutcome(() => checkFlashSaleTransaction(input.code, orderKeyOf(input.code), signal, client)),
      ),
      readTransaction: fromPromise<FlashSaleOutcome<FlashSaleTransaction>, CheckInput>(({ input, signal }) =>
        callOutcome(() => readFlashSaleTransaction(input.code, orderKeyOf(input.code), signal, client)),
      ),
    },
    actions: {
      refreshSessions: () => void queryClient.invalidateQueries({ queryKey: ['flashsale'] }),
      keepTransaction: (_, params) => {
        rememberOrderKey(params.transaction.transaksi_kode, params.transaction.kunci);
        void queryClient.invalidateQueries({ queryKey: ['flashsale'] });
      },
      keepTransactionRead: (_, params) => {
        const { transaksi_kode: code } = params.transaction;
        queryClient.setQueryData(flashSaleTransactionQueryOptions(code, null).queryKey, params.transaction);
        void queryClient.invalidateQueries({ queryKey: ['flashsale', 'list-transaksi'] });
      },
    },
  });
}
