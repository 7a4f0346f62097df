import type { Hono } from 'hono';
import { ACCOUNT_MESSAGE } from '../../contract';
import { CLEAR_TOKEN_COOKIE } from '../http/auth';
import { clientOf } from '../http/client-address';
import { defineRoute } from '../http/route';
import type { AppEnv } from '../http/types';
import { customerProfile } from '../services/customers';
import { signInRequired } from '../services/errors';
import { contactOf, loginWithCode, requestCode, tooManyCodes, tooManyLogins, type OtpDeps } from '../services/otp';
import { perHour, type Limiters } from '../services/rate-limit';
import { revokeSession } from '../services/sessions';

/** Enough for a traveller who mistypes or waits for a slow SMS; far too few to spray codes or guess them. */
export const SIGN_IN_RATE = {
  /** Codes sent to one phone or email. */
  codesPerAddress: perHour(5),
  /** Codes one client asks for, to any address. */
  codesPerClient: perHour(20),
  /** Login attempts of one client. */
  loginsPerClient: { burst: 30, perMinute: 30 },
} as const;

/** Sign-in by a one-time code, and signing out. */
export function authRoutes(api: Hono<AppEnv>, deps: OtpDeps & { now: () => Date; limiters: Limiters }): void {
  const { db } = deps;
  const codesPerAddress = deps.limiters.perKey('otp-address', SIGN_IN_RATE.codesPerAddress);
  const codesPerClient = deps.limiters.perClient('otp-client', SIGN_IN_RATE.codesPerClient);
  const loginsPerClient = deps.limiters.perClient('login-client', SIGN_IN_RATE.loginsPerClient);

  defineRoute(api, 'requestCustomerLoginAlternative', async (body, c) => {
    if (!(await codesPerClient.take(clientOf(c)))) throw tooManyCodes();
    return requestCode(deps, contactOf(body), { now: deps.now(), perAddress: codesPerAddress });
  });

  defineRoute(api, 'customerLogin', async (body, c) => {
    if (!(await loginsPerClient.take(clientOf(c)))) throw tooManyLogins();
    return loginWithCode(
      deps,
      contactOf(body),
      { otp: body.otp, platform: c.get('platform'), pushToken: body.token_firebase || null, now: deps.now() },
      (customerId) => customerProfile(db, customerId),
    );
  });

  defineRoute(api, 'customerLogout', async (_, c) => {
    const customer = c.get('customer');
    if (!customer) throw signInRequired(ACCOUNT_MESSAGE.signInRequired);
    await revokeSession(db, customer.sessionId, deps.now());
    c.header('Set-Cookie', CLEAR_TOKEN_COOKIE);
    return { ok: true as const };
  });
}
