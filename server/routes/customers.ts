import type { Context, Hono } from 'hono';
import { ACCOUNT_MESSAGE } from '../../contract';
import type { Database } from '../db/client';
import { defineRoute } from '../http/route';
import type { AppEnv } from '../http/types';
import { customerProfile, updateProfile } from '../services/customers';
import { signInRequired } from '../services/errors';
import { pointBalance, pointHistory } from '../services/loyalty';
import { listOrders } from '../services/order-history';
import type { AuthCustomer } from '../services/sessions';

/** The signed-in customer's own data: only a bearer token opens it, never the platform's basic credentials. */
function signedIn(c: Context<AppEnv>): AuthCustomer {
  const customer = c.get('customer');
  if (!customer) throw signInRequired(ACCOUNT_MESSAGE.signInRequired);
  return customer;
}

/** Profile, bookings and points of the caller: no call takes another customer's id. */
export function customerRoutes(api: Hono<AppEnv>, db: Database, today: () => string, now: () => Date): void {
  defineRoute(api, 'customerProfil', (_, c) => customerProfile(db, signedIn(c).id));
  defineRoute(api, 'customerUpdateData', (body, c) => updateProfile(db, signedIn(c).id, body));
  defineRoute(api, 'listReservasi', (query, c) =>
    listOrders(db, { customerId: signedIn(c).id, which: 'active', page: query.page, now: now(), today: today() }),
  );
  defineRoute(api, 'listRiwayatReservasi', (query, c) =>
    listOrders(db, { customerId: signedIn(c).id, which: 'past', page: query.page, now: now(), today: today() }),
  );
  defineRoute(api, 'customerPoint', (_, c) => pointBalance(db, signedIn(c).id));
  defineRoute(api, 'customerHistoryPoint', (query, c) => pointHistory(db, signedIn(c).id, query.page));
}
