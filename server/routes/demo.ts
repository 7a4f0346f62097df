import type { Hono } from 'hono';
import type { Database } from '../db/client';
import { defineRoute } from '../http/route';
import type { AppEnv } from '../http/types';
import { changeFare } from '../services/demo';

/** Demo mode only (app.ts registers it then): the operator's fare change. */
export function demoRoutes(api: Hono<AppEnv>, db: Database): void {
  defineRoute(api, 'demoUbahHarga', (body) => changeFare(db, body.operator_kode, body.jadwal_kode, body.harga));
}
