import type { Hono } from 'hono';
import { ID_MAX } from '../../contract';
import type { Database } from '../db/client';
import { defineRoute } from '../http/route';
import type { AppEnv } from '../http/types';
import { konfigurasi, type ProductConfig } from '../services/config';
import {
  bannerCategoryList,
  bannerList,
  bannerPopup,
  blogDetail,
  eventVoucherList,
  faqList,
  highlightOperators,
  popularPaths,
  runningEvents,
} from '../services/content';
import { operatorLanding } from '../services/operator-landing';

/** Spec section 7 "Content and lists", and the deployment's configuration. */
export function contentRoutes(api: Hono<AppEnv>, db: Database, today: () => string, config: ProductConfig): void {
  defineRoute(api, 'listBannerKategori', () => bannerCategoryList(db));
  defineRoute(api, 'listBanner', (query) => bannerList(db, query.kategori_id));
  defineRoute(api, 'bannerPopup', (query) => bannerPopup(db, query.ads_kode));
  defineRoute(api, 'listBannerEvent', () => runningEvents(db, today()));
  defineRoute(api, 'listVoucherEvent', (query) => eventVoucherList(db, query.kode, today()));
  defineRoute(api, 'rekomendasiFaq', () => faqList(db, true));
  defineRoute(api, 'listFaq', () => faqList(db, false));
  defineRoute(api, 'detailBlog', (query) => blogDetail(db, query.kode, today()));
  defineRoute(api, 'listPath', () => popularPaths(db, today()));
  // A place id past the database's integer names no place, so no operator runs that route (as in the
  // schedule search, it matches nothing rather than reaching a column that cannot hold it).
  defineRoute(api, 'listHighlightOperator', (query) =>
    query.asal_id > ID_MAX || query.tujuan_id > ID_MAX ? { list: [] } : highlightOperators(db, today(), query),
  );
  defineRoute(api, 'detailOperator', (query) => operatorLanding(db, today(), query.operator_kode));
  defineRoute(api, 'konfigurasi', () => konfigurasi(config));
}
