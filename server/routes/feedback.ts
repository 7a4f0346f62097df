import type { Context, Hono } from 'hono';
import { FEEDBACK_MESSAGES } from '../../contract';
import type { Database } from '../db/client';
import { defineRoute } from '../http/route';
import type { AppEnv } from '../http/types';
import { signInRequired } from '../services/errors';
import { createFeedback, feedbackCategoriesList, feedbackDetail, feedbackHistory } from '../services/feedback';

const customerOf = (c: Context<AppEnv>) => {
  const customer = c.get('customer');
  if (!customer) throw signInRequired(FEEDBACK_MESSAGES.signIn);
  return customer;
};

/** Spec section 7 "Feedback", and sending one. */
export function feedbackRoutes(api: Hono<AppEnv>, db: Database, now: () => Date): void {
  defineRoute(api, 'feedbackKategori', () => feedbackCategoriesList(db));
  defineRoute(api, 'feedbackCreate', (body, c) => createFeedback(db, customerOf(c).id, body, now()));
  defineRoute(api, 'feedbackRiwayat', (query, c) => feedbackHistory(db, customerOf(c).id, query.page));
  defineRoute(api, 'feedbackDetail', (query, c) =>
    feedbackDetail(db, customerOf(c).id, query.feedback_id, query.flag_read, now()),
  );
}
