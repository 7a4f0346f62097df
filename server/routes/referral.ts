import type { Hono } from 'hono';
import { ACCOUNT_MESSAGE } from '../../contract';
import type { Database } from '../db/client';
import { defineRoute } from '../http/route';
import type { AppEnv } from '../http/types';
import { signInRequired } from '../services/errors';
import { referralOf } from '../services/referral';

/** Spec section 7: {prefix}/referral, for a signed-in customer. */
export function referralRoutes(api: Hono<AppEnv>, db: Database): void {
  defineRoute(api, 'referral', (_, c) => {
    const customer = c.get('customer');
    if (!customer) throw signInRequired(ACCOUNT_MESSAGE.signInRequired);
    return referralOf(db, customer.id);
  });
}
