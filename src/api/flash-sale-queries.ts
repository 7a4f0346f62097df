import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { ORDER_KEY_HEADER } from '../../contract/payment';
import type { FlashSalePurchase } from '../../machines/flash-sale-types';
import { api } from './api';
import { isApiError, type ApiClient } from './client';
import {
  toFlashSaleCardDetail,
  toFlashSaleCardList,
  toFlashSaleDay,
  toFlashSaleHistoryPage,
  toFlashSaleHome,
  toFlashSalePurchase,
} from './flash-sale-mappers';

/**
 * The flash sale's reads (spec section 7 "Flash sale"), answered as the app's models
 * (flash-sale-mappers.ts). The purchase flow's calls (question, answer, methods, purchase) are the
 * machine's effects (src/flow/flash-sale-flow.ts).
 */

/** While a slot runs its cards are read again this often, so "Terjual" moves as people buy. */
export const FLASH_SALE_LIVE_MS = 10_000;

const noRetryOnRefusal = (failures: number, error: unknown) =>
  failures < 2 && isApiError(error) && error.code === 'NETWORK';

export const flashSaleHomeQueryOptions = (client: ApiClient = api) =>
  queryOptions({
    queryKey: ['flashsale', 'beranda'],
    queryFn: async ({ signal }) => toFlashSaleHome(await client.request('flashsaleBeranda', {}, { signal })),
    staleTime: 30_000,
    retry: noRetryOnRefusal,
  });

export const flashSaleSessionsQueryOptions = (date: string, client: ApiClient = api) =>
  queryOptions({
    queryKey: ['flashsale', 'list-sesi', { date }],
    queryFn: async ({ signal }) =>
      toFlashSaleDay(await client.request('flashsaleListSesi', { tanggal: date }, { signal })),
    staleTime: 30_000,
    retry: noRetryOnRefusal,
  });

export const flashSaleCardsQueryOptions = (slotId: number, live: boolean, client: ApiClient = api) =>
  queryOptions({
    queryKey: ['flashsale', 'list-card', { slotId }],
    queryFn: async ({ signal }) =>
      toFlashSaleCardList(await client.request('flashsaleListCard', { sesi_sub_id: slotId }, { signal })),
    staleTime: live ? 0 : 30_000,
    refetchInterval: live ? FLASH_SALE_LIVE_MS : false,
    retry: noRetryOnRefusal,
  });

export const flashSaleCardQueryOptions = (cardId: number, client: ApiClient = api) =>
  queryOptions({
    queryKey: ['flashsale', 'detail-card', { cardId }],
    queryFn: async ({ signal }) =>
      toFlashSaleCardDetail(await client.request('flashsaleDetailCard', { card_id: cardId }, { signal })),
    staleTime: 0,
    refetchInterval: FLASH_SALE_LIVE_MS,
    retry: noRetryOnRefusal,
  });

export const flashSaleTransactionQueryOptions = (code: string, key: string | null, client: ApiClient = api) =>
  queryOptions({
    queryKey: ['flashsale', 'detail-transaksi', { code }],
    queryFn: ({ signal }) => readFlashSaleTransaction(code, key, signal, client),
    retry: noRetryOnRefusal,
  });

/**
 * flashsale/detail-transaksi: the purchase as our database has it (the page's query, and the reads
 * the purchase's page makes by itself). The purchase's key, when this device has it.
 */
export async function readFlashSaleTransaction(
  code: string,
  key: string | null,
  signal?: AbortSignal,
  client: ApiClient = api,
): Promise<FlashSalePurchase> {
  return toFlashSalePurchase(
    await client.request(
      'flashsaleDetailTransaksi',
      { transaksi_kode: code },
      { signal, ...(key ? { headers: { [ORDER_KEY_HEADER]: key } } : {}) },
    ),
  );
}

/**
 * flashsale/cek-status ("Cek Status Pembayaran"): the server asks the payment gateway about the
 * purchase, then answers it as detail-transaksi does. The purchase's key, when this device has it.
 */
export async function checkFlashSaleTransaction(
  code: string,
  key: string | null,
  signal?: AbortSignal,
  client: ApiClient = api,
): Promise<FlashSalePurchase> {
  return toFlashSalePurchase(
    await client.request(
      'flashsaleCekStatus',
      { transaksi_kode: code },
      { signal, ...(key ? { headers: { [ORDER_KEY_HEADER]: key } } : {}) },
    ),
  );
}

/**
 * flashsale/simulasi-bayar (demo mode, simulated provider): the purchase is paid as a provider's
 * notification would pay it, once; the reply is the purchase as detail-transaksi answers it.
 */
export async function simulateFlashSalePayment(
  code: string,
  key: string | null,
  client: ApiClient = api,
): Promise<FlashSalePurchase> {
  return toFlashSalePurchase(
    await client.request(
      'flashsaleSimulasiBayar',
      { transaksi_kode: code },
      key ? { headers: { [ORDER_KEY_HEADER]: key } } : {},
    ),
  );
}

/** flashsale/list-transaksi (bearer): the customer's purchases, newest first. */
export const flashSaleHistoryQueryOptions = (client: ApiClient = api) =>
  infiniteQueryOptions({
    queryKey: ['flashsale', 'list-transaksi'] as const,
    queryFn: async ({ pageParam, signal }) =>
      toFlashSaleHistoryPage(await client.request('flashsaleListTransaksi', { page: pageParam }, { signal })),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page < last.totalPages ? last.page + 1 : undefined),
    retry: noRetryOnRefusal,
  });
