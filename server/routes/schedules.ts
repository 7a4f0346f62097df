import type { Hono } from 'hono';
import type { Database } from '../db/client';
import { defineRoute } from '../http/route';
import type { AppEnv } from '../http/types';
import {
  detailJadwal,
  listFilter,
  listJadwal,
  listOperators,
  listTanggal,
  listTanggalAvailable,
  operatorSnk,
  searchJadwal,
} from '../services/schedules';

/** Schedule search, its filters and date strips, partner lists, detail and terms. */
export function scheduleRoutes(api: Hono<AppEnv>, db: Database, today: () => string): void {
  defineRoute(api, 'listOperator', async () => ({ list: await listOperators(db) }));
  defineRoute(api, 'searchJadwal', (q) => searchJadwal(db, today(), q));
  defineRoute(api, 'listFilterSearchJadwal', (q) => listFilter(db, today(), q));
  defineRoute(api, 'listTanggalJadwal', async (q) => ({ list: await listTanggal(db, today(), q) }));
  defineRoute(api, 'listTanggalJadwalAvailable', async (q) => ({ list: await listTanggalAvailable(db, today(), q) }));
  defineRoute(api, 'listJadwal', async (q) => ({ list: await listJadwal(db, today(), q) }));
  defineRoute(api, 'detailJadwal', (q) => detailJadwal(db, q));
  defineRoute(api, 'operatorSnk', (q) => operatorSnk(db, q.operator_kode));
}
