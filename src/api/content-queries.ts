import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from './api';
import { isApiError } from './client';

/** Souvenirs, content pages and the deployment's configuration (spec section 7). */
const retryNetwork = (failures: number, error: unknown) =>
  failures < 2 && isApiError(error) && error.code === 'NETWORK';

/** Content changes with an editor's hand, not by the minute. */
const CONTENT_STALE_MS = 5 * 60_000;

const content = <T>(queryKey: readonly unknown[], queryFn: (signal: AbortSignal) => Promise<T>) =>
  queryOptions({
    queryKey,
    queryFn: ({ signal }) => queryFn(signal),
    staleTime: CONTENT_STALE_MS,
    retry: retryNetwork,
  });

export const configQueryOptions = () =>
  content(['konfigurasi'], (signal) => api.request('konfigurasi', {}, { signal }));

export const souvenirMessageQueryOptions = () =>
  content(['oleh-oleh', 'message'], (signal) => api.request('messageSouvenir', {}, { signal }));
export const souvenirBannersQueryOptions = () =>
  content(['oleh-oleh', 'banner'], (signal) => api.request('bannerOlehOleh', {}, { signal }));
export const souvenirRecommendationsQueryOptions = () =>
  content(['oleh-oleh', 'rekomendasi'], (signal) => api.request('rekomendasiProdukOlehOleh', {}, { signal }));
export const souvenirOrderFormatQueryOptions = () =>
  content(['oleh-oleh', 'format-pesan'], (signal) => api.request('formatPesanOlehOleh', {}, { signal }));
export const souvenirDetailQueryOptions = (id: number) =>
  content(['oleh-oleh', 'detail', id], (signal) => api.request('detailProdukOlehOleh', { produk_id: id }, { signal }));

export const SOUVENIR_PER_PAGE = 12;
export interface SouvenirListParams {
  kategori: number | undefined;
  q: string;
  page: number;
}
export const souvenirListQueryOptions = ({ kategori, q, page }: SouvenirListParams) =>
  queryOptions({
    queryKey: ['oleh-oleh', 'list', { kategori, q, page }],
    queryFn: ({ signal }) =>
      api.request(
        'listProdukOlehOleh',
        { ...(kategori ? { kategori_id: kategori } : {}), search: q, page, per_page: SOUVENIR_PER_PAGE },
        { signal },
      ),
    staleTime: CONTENT_STALE_MS,
    // The list keeps showing while the next page or search loads.
    placeholderData: keepPreviousData,
    retry: retryNetwork,
  });

export const bannerCategoriesQueryOptions = () =>
  content(['banner', 'kategori'], (signal) => api.request('listBannerKategori', {}, { signal }));
export const bannersQueryOptions = (categoryId: number) =>
  content(['banner', 'list', categoryId], (signal) =>
    api.request('listBanner', { kategori_id: categoryId }, { signal }),
  );
export const bannerPopupQueryOptions = (adsCode: string) =>
  content(['banner', 'popup', adsCode.toUpperCase()], (signal) =>
    api.request('bannerPopup', { ads_kode: adsCode }, { signal }),
  );
export const eventsQueryOptions = () =>
  content(['event', 'list'], (signal) => api.request('listBannerEvent', {}, { signal }));
export const eventVouchersQueryOptions = (code: string) =>
  content(['event', 'voucher', code], (signal) => api.request('listVoucherEvent', { kode: code }, { signal }));
export const faqQueryOptions = () => content(['faq', 'list'], (signal) => api.request('listFaq', {}, { signal }));
export const recommendedFaqQueryOptions = () =>
  content(['faq', 'rekomendasi'], (signal) => api.request('rekomendasiFaq', {}, { signal }));
export const blogQueryOptions = (code: string) =>
  content(['blog', code], (signal) => api.request('detailBlog', { kode: code }, { signal }));
export const popularPathsQueryOptions = () =>
  content(['list-path'], (signal) => api.request('listPath', {}, { signal }));
export const operatorsQueryOptions = () =>
  content(['list-operator'], (signal) => api.request('listOperator', {}, { signal }));
