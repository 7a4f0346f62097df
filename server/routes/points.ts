import type { Hono } from 'hono';
import type { Database } from '../db/client';
import { defineRoute } from '../http/route';
import type { AppEnv } from '../http/types';
import { listDestinations, listOperatorDepartures, listPopularCities, searchPoints } from '../services/points';

/** Origin and destination pickers, spec section 7 "Points of departure and destination". */
export function pointRoutes(api: Hono<AppEnv>, db: Database): void {
  defineRoute(api, 'searchPointAsal', (q) => searchPoints(db, 'origin', q));
  defineRoute(api, 'searchPointAsalV2', (q) => searchPoints(db, 'origin', q));
  defineRoute(api, 'searchPointTujuan', (q) => searchPoints(db, 'destination', q));
  defineRoute(api, 'searchPointTujuanV2', (q) => searchPoints(db, 'destination', q));
  defineRoute(api, 'listTujuan', (q) => listDestinations(db, q));
  defineRoute(api, 'listTujuanV2', (q) => listDestinations(db, q));
  defineRoute(api, 'listKeberangkatanOperator', (q) => listOperatorDepartures(db, q.operator_kode, 1));
  defineRoute(api, 'listKeberangkatanOperatorV2', (q) => listOperatorDepartures(db, q.operator_kode, 2));
  defineRoute(api, 'kotaPopuler', async () => ({ list: await listPopularCities(db) }));
}
