import { timingSafeEqual } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import { ACCOUNT_MESSAGE, HEADER, PlatformSchema, UserIdSchema, type Platform } from '../../contract';
import type { Database } from '../db/client';
import type { BasicCredentials } from '../env';
import { ApiError } from '../services/errors';
import { findSession } from '../services/sessions';
import { replyError } from './envelope';
import type { AppEnv } from './types';

export const MESSAGE = {
  userIdMissing: `Header ${HEADER.userId} wajib diisi (100 karakter huruf dan angka)`,
  platformUnknown: `Header ${HEADER.platform} harus WEB, APP-ANDROID atau APP-IOS`,
  authMissing: 'Akses ditolak: header Authorization wajib diisi',
  basicWrong: 'Akses ditolak: kredensial aplikasi tidak valid',
  sessionInvalid: ACCOUNT_MESSAGE.sessionInvalid,
} as const;

/** Clears the app's `_atx` cookie: sent with every refused bearer token and on logout. */
export const CLEAR_TOKEN_COOKIE = '_atx=; Max-Age=0; Path=/; SameSite=Lax';

const unauthorized = (message: string) => new ApiError(401, 'AUT-1', message);

/** Compares without leaking the length of the matching prefix through timing. */
function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

function decodeBasic(value: string): { user: string; password: string } | null {
  let decoded: string;
  try {
    decoded = Buffer.from(value, 'base64').toString('utf8');
  } catch {
    return null;
  }
  const at = decoded.indexOf(':');
  if (at < 0) return null;
  return { user: decoded.slice(0, at), password: decoded.slice(at + 1) };
}

/**
 * Every /api call carries an `x-user-id` and either a customer's bearer token or the basic
 * credentials of its platform (spec section 6). Sets `platform` and `customer` for handlers.
 * A bearer token the server does not know (any more) answers 401 AUT-3 and clears `_atx`: the
 * app drops it and repeats the call as a guest, so a stale token never locks anyone out.
 */
export function authMiddleware(
  db: Database,
  credentials: BasicCredentials,
  now: () => Date,
): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const userId = UserIdSchema.safeParse(c.req.header(HEADER.userId));
    if (!userId.success) {
      const given = c.req.header(HEADER.userId);
      const message =
        given === undefined || given === ''
          ? MESSAGE.userIdMissing
          : (userId.error.issues[0]?.message ?? MESSAGE.userIdMissing);
      throw new ApiError(400, 'AUT-2', message);
    }

    const platformHeader = c.req.header(HEADER.platform);
    const platform = PlatformSchema.safeParse(
      platformHeader === undefined || platformHeader === '' ? 'WEB' : platformHeader,
    );
    if (!platform.success) throw new ApiError(400, 'REQ-1', MESSAGE.platformUnknown);
    c.set('platform', platform.data);

    const authorization = c.req.header(HEADER.authorization)?.trim() ?? '';
    const space = authorization.indexOf(' ');
    const scheme = (space < 0 ? authorization : authorization.slice(0, space)).toLowerCase();
    const value = space < 0 ? '' : authorization.slice(space + 1).trim();

    if (scheme === 'bearer') {
      const customer = value ? await findSession(db, value, now()) : null;
      if (!customer) {
        c.header('Set-Cookie', CLEAR_TOKEN_COOKIE);
        return replyError(c, 401, 'AUT-3', MESSAGE.sessionInvalid);
      }
      c.set('customer', customer);
      return next();
    }
    if (scheme === 'basic') {
      const given = decodeBasic(value);
      const expected = credentials[platform.data satisfies Platform];
      if (!given || !sameSecret(given.user, expected.user) || !sameSecret(given.password, expected.password)) {
        throw unauthorized(MESSAGE.basicWrong);
      }
      c.set('customer', null);
      return next();
    }
    throw unauthorized(MESSAGE.authMissing);
  };
}
