import type { Hono } from 'hono';
import type { Database } from '../db/client';
import { signInRequired } from '../services/errors';
import { defineRoute } from '../http/route';
import type { AppEnv } from '../http/types';
import { PROFILE_MESSAGE, customerProfile } from '../services/customers';

/** The signed-in customer's own data: only a bearer token opens it, never the platform's basic credentials. */
export function customerRoutes(api: Hono<AppEnv>, db: Database): void {
  defineRoute(api, 'customerProfil', (_, c) => {
    const customer = c.get('customer');
    if (!customer) throw signInRequired(PROFILE_MESSAGE.signInRequired);
    return customerProfile(db, customer.id);
  });
}
