import { get, noInput } from '../endpoint';
import * as souvenir from '../souvenir';

export const souvenirEndpoints = {
  messageSouvenir: get('/message-souvenir', noInput(), souvenir.MessageSouvenirResultsSchema),
  bannerOlehOleh: get('/banner-oleh-oleh', noInput(), souvenir.BannerOlehOlehResultsSchema),
  listProdukOlehOleh: get(
    '/list-produk-oleh-oleh',
    souvenir.ListProdukOlehOlehQuerySchema,
    souvenir.ListProdukOlehOlehResultsSchema,
  ),
  detailProdukOlehOleh: get(
    '/detail-produk-oleh-oleh',
    souvenir.DetailProdukOlehOlehQuerySchema,
    souvenir.DetailProdukOlehOlehResultsSchema,
  ),
  rekomendasiProdukOlehOleh: get(
    '/rekomendasi-produk-oleh-oleh',
    noInput(),
    souvenir.RekomendasiProdukOlehOlehResultsSchema,
  ),
  formatPesanOlehOleh: get('/format-pesan-oleh-oleh', noInput(), souvenir.FormatPesanOlehOlehResultsSchema),
} as const;
