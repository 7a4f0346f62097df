import type { Hono } from 'hono';
import type { Database } from '../db/client';
import { defineRoute } from '../http/route';
import type { AppEnv } from '../http/types';
import type { ProductConfig } from '../services/config';
import {
  souvenirBanners,
  souvenirDetail,
  souvenirList,
  souvenirMessage,
  souvenirOrderFormat,
  souvenirRecommendations,
} from '../services/souvenirs';

/** Spec section 7 "Souvenirs". */
export function souvenirRoutes(api: Hono<AppEnv>, db: Database, config: ProductConfig): void {
  defineRoute(api, 'messageSouvenir', () => souvenirMessage());
  defineRoute(api, 'bannerOlehOleh', () => souvenirBanners(db));
  defineRoute(api, 'listProdukOlehOleh', (query) => souvenirList(db, query));
  defineRoute(api, 'detailProdukOlehOleh', (query) => souvenirDetail(db, query.produk_id));
  defineRoute(api, 'rekomendasiProdukOlehOleh', () => souvenirRecommendations(db));
  defineRoute(api, 'formatPesanOlehOleh', () => souvenirOrderFormat(config.callCenter.whatsapp));
}
