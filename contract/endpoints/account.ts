import { z } from 'zod';
import { get, post, postForm, noInput } from '../endpoint';
import { PREFIX } from '../platform';
import * as feedback from '../feedback';
import * as referral from '../referral';
import * as account from '../account';

export const accountEndpoints = {
  requestCustomerLoginAlternative: post(
    `/${PREFIX}/request-customer-login-alternative`,
    account.RequestLoginBodySchema,
    account.RequestLoginResultsSchema,
  ),
  customerLogin: post(`/${PREFIX}/customer-login`, account.CustomerLoginBodySchema, account.CustomerLoginResultsSchema),
  /** Revokes the bearer token of the call (beyond the spec: signing out). */
  customerLogout: post(`/${PREFIX}/customer-logout`, noInput(), z.object({ ok: z.literal(true) })),
  customerProfil: get(`/${PREFIX}/customer-profil`, noInput(), account.CustomerProfilResultsSchema),
  customerUpdateData: postForm(
    '/customer-update-data',
    account.CustomerUpdateDataBodySchema,
    account.CustomerProfilResultsSchema,
  ),
  /** Bearer only; a customer sees only their own orders. */
  listReservasi: get(`/${PREFIX}/list-reservasi`, account.ListReservasiQuerySchema, account.OrderCardPageSchema),
  listRiwayatReservasi: get(
    `/${PREFIX}/list-riwayat-reservasi`,
    account.ListReservasiQuerySchema,
    account.OrderCardPageSchema,
  ),
  customerPoint: get('/customer-point', noInput(), account.CustomerPointResultsSchema),
  customerHistoryPoint: get(
    '/customer-history-point',
    account.CustomerHistoryPointQuerySchema,
    account.CustomerHistoryPointResultsSchema,
  ),
  /** Demo mode only (404 otherwise): the development outbox of one-time codes, for testers and e2e. */
  demoOtpOutbox: get(`/${PREFIX}/demo/otp-outbox`, account.OtpOutboxQuerySchema, account.OtpOutboxResultsSchema),
  /** Bearer only: the customer's referral code and the paid bookings it brought. */
  referral: get(`/${PREFIX}/referral`, noInput(), referral.ReferralResultsSchema),
  feedbackKategori: get('/feedback-kategori', noInput(), feedback.FeedbackKategoriResultsSchema),
  /** Bearer only, like the two below: a customer sees only their own feedback. */
  feedbackCreate: post('/feedback-create', feedback.FeedbackCreateBodySchema, feedback.FeedbackSchema),
  feedbackRiwayat: get('/feedback-riwayat', feedback.FeedbackRiwayatQuerySchema, feedback.FeedbackRiwayatResultsSchema),
  feedbackDetail: get('/feedback-detail', feedback.FeedbackDetailQuerySchema, feedback.FeedbackSchema),
} as const;
