import type { Context, Hono } from 'hono';
import { HoldTokenSchema, IdempotencyKeySchema, RESERVATION_HEADER } from '../../contract';
import type { Database } from '../db/client';
import { badRequest } from '../services/errors';
import { defineRoute } from '../http/route';
import { holdRequestOf, reservationRequestOf } from '../http/trip-body';
import { clientOf } from '../http/client-address';
import type { AppEnv } from '../http/types';
import { ApiError } from '../services/errors';
import { holdSeats, rateLimited } from '../services/holds';
import { orderKeyFor } from '../services/order-keys';
import { scaleRate, type Limiters, type RateLimiter } from '../services/rate-limit';
import { RESERVATION_LIMITS, RESERVATION_MESSAGE, bookerContact, reserve } from '../services/reservations';
import { assertFeatures, type ProductConfig } from '../services/config';

/** A header checked with its contract schema; absent is null, malformed is 400 REQ-1. */
export function readHeader(c: Context, name: string, schema: typeof HoldTokenSchema): string | null {
  const value = c.req.header(name);
  if (value === undefined || value === '') return null;
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw badRequest(`Permintaan tidak valid. ${parsed.error.issues[0]?.message ?? name}`);
  return parsed.data;
}

/** Reserving and holding seats. */
export function reservationRoutes(
  api: Hono<AppEnv>,
  db: Database,
  today: () => string,
  now: () => Date,
  orderKeySecret: string,
  holdsPerClient: RateLimiter,
  config: ProductConfig,
  limits: { limiters: Limiters; clientRateFactor: number },
): void {
  // See RESERVATION_LIMITS for the figures. perClient scales with the factor itself; the contact
  // limits are keyed by what is booked (perKey) and scaled here, for the e2e server's one traveller.
  const factor = limits.clientRateFactor;
  const perClient = limits.limiters.perClient('reservasi-client', RESERVATION_LIMITS.perClient);
  const perContact = limits.limiters.perKey('reservasi-contact', scaleRate(RESERVATION_LIMITS.perContact, factor));

  defineRoute(api, 'reservasi', async (body, c) => {
    const request = reservationRequestOf(body);
    assertFeatures(config, request);
    const contact = bookerContact(request.booker.phone, request.booker.email);
    const outcome = await reserve(db, request, {
      today: today(),
      now: now(),
      customer: c.get('customer'),
      idempotencyKey: readHeader(c, RESERVATION_HEADER.idempotencyKey, IdempotencyKeySchema),
      holdToken: readHeader(c, RESERVATION_HEADER.holdToken, HoldTokenSchema),
      unpaidCap: RESERVATION_LIMITS.unpaidPerContact * factor,
      admit: async () => {
        if (!(await perClient.take(clientOf(c)))) {
          throw new ApiError(429, 'REQ-2', RESERVATION_MESSAGE.tooManyFromClient);
        }
        // Both are spent on every attempt: a phone cannot dodge its limit by changing the email.
        const [byPhone, byEmail] = await Promise.all([
          perContact.take(`telp:${contact.phone}`),
          perContact.take(`email:${contact.email}`),
        ]);
        if (!byPhone || !byEmail) throw new ApiError(429, 'REQ-2', RESERVATION_MESSAGE.tooManyForContact);
      },
    });
    return { ...outcome, kunci_pesanan: orderKeyFor(orderKeySecret, outcome.reservasi_kode) };
  });
  defineRoute(api, 'holdKursi', async (body, c) => {
    if (!(await holdsPerClient.take(clientOf(c)))) throw rateLimited();
    return holdSeats(db, holdRequestOf(body), {
      today: today(),
      now: now(),
      headerToken: readHeader(c, RESERVATION_HEADER.holdToken, HoldTokenSchema),
    });
  });
}
