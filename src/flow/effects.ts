import { assign, fromCallback, fromPromise, type EventObject } from 'xstate';
import { HOLD_MINUTES, RESERVATION_HEADER } from '../../contract/holds';
import type { CekHargaBody, CekHargaResults, ReservasiBody } from '../../contract';
import { HOLD_TICK_MS } from '../../machines/constants';
import type { HoldInput, HoldLeg, HoldOutcome, ReserveInput, ReserveOutcome } from '../../machines/booking-context';
import type { PriceRequest } from '../../machines/booking-requests';
import { reservationKeyFor } from '../../machines/booking-reservation';
import { bookingMachine } from '../../machines/booking.machine';
import { bookingHoldMachine } from '../../machines/booking-hold.machine';
import { bookingPriceMachine } from '../../machines/booking-price.machine';
import {
  SeatLayoutRefusedError,
  seatSelectionMachine,
  type LoadLayoutInput,
} from '../../machines/seat-selection.machine';
import type { Booker, SeatLayout } from '../../machines/types';
import { cekHargaBody, holdKursiBody, kursiQuery, reservasiBody, withAttribution } from '../api/booking-bodies';
import { isApiError, type ApiClient, type ApiErrorCode } from '../api/client';
import { toProfile } from '../api/mappers';
import { readAttribution } from '../platform/attribution';
import { rememberOrderKey } from '../platform/order-keys';
import { readProfileCopy } from '../platform/session';
import type { CustomerProfilResults } from '../../contract/account';

/**
 * The booking machines' effects, supplied once with `.provide()`: the machines name what they
 * need (a seat layout, a price check, a reservation, the profile), this module makes the calls.
 */

/** Server refusals that carry a message for the passenger; anything else is a failed call. */
const REFUSAL_CODES: ReadonlySet<ApiErrorCode> = new Set<ApiErrorCode>([
  'REQ-1',
  'RSV-1',
  'RSV-2',
  'RSV-3',
  // The key came back with another order: the passenger confirms again, which takes a new key.
  'RSV-4',
  // Too many unpaid orders for this contact: the message says to pay or cancel one first.
  'RSV-5',
  // Too many reservations from this client or contact: the message says when to try again.
  'REQ-2',
]);

function isRefusal(code: ApiErrorCode): boolean {
  return REFUSAL_CODES.has(code) || code.startsWith('VCR-');
}

/** The booking's hold token, read when a call starts (null: nothing held yet). */
export type HoldTokenSource = () => string | null;

/** X-Hold-Token: the seats this booking holds show free to it and are priced, not refused. */
function holdHeaders(token: string | null): { headers?: Record<string, string> } {
  return token ? { headers: { [RESERVATION_HEADER.holdToken]: token } } : {};
}

export function loadLayout(client: ApiClient, holdToken: HoldTokenSource = () => null) {
  return fromPromise<SeatLayout, LoadLayoutInput>(async ({ input, signal }) => {
    try {
      return await client.request('kursi', kursiQuery(input.leg, input.connectingCode), {
        signal,
        ...holdHeaders(holdToken()),
      });
    } catch (error) {
      // Spec section 8: a reply with a status other than OK is toasted; a failed call ends silently.
      if (isApiError(error) && error.status > 0 && error.code !== 'BAD_REPLY' && error.status < 500) {
        throw new SeatLayoutRefusedError(error.message);
      }
      throw error;
    }
  });
}

export function checkPrice(client: ApiClient, holdToken: HoldTokenSource = () => null) {
  return fromPromise<CekHargaResults, PriceRequest>(({ input, signal }) =>
    client.request('cekHarga', 'trip' in input ? cekHargaBody(input) : (input as unknown as CekHargaBody), {
      signal,
      ...holdHeaders(holdToken()),
    }),
  );
}

/** One leg's hold-kursi call. */
function holdLeg(client: ApiClient, leg: HoldLeg, token: string | null, signal?: AbortSignal) {
  return client.request('holdKursi', holdKursiBody(leg, leg.seats, token), signal ? { signal } : {});
}

/**
 * Holds every leg in turn under one token: the booking's, or the app's fallback (this device's:
 * src/platform/hold-token.ts says why it is not the server's) while the booking has none. A 409
 * (RSV-2: a seat was just taken) or a 429 stops there with the server's message; any other failure
 * before a reply rejects (silent: the reservation still guards the seats), after one it ends with
 * what is held.
 */
export function holdSeats(
  client: ApiClient,
  now: () => number = Date.now,
  fallbackToken: HoldTokenSource = () => null,
) {
  return fromPromise<HoldOutcome, HoldInput>(async ({ input, signal }) => {
    let token = input.token ?? fallbackToken();
    let endsAt: string | null = null;
    let deadline: number | null = null;
    const held: HoldLeg[] = [];
    for (const leg of input.legs) {
      try {
        const results = await holdLeg(client, leg, token, signal);
        token = results.hold_token;
        if (results.berakhir_pada !== null) {
          endsAt = results.berakhir_pada;
          // Measured here, not from berakhir_pada: this device's clock may differ from the server's.
          deadline = now() + HOLD_MINUTES * 60_000;
        }
        held.push({ ...leg, seats: results.kursi });
      } catch (error) {
        if (isApiError(error) && (error.status === 409 || error.status === 429)) {
          const kind = error.status === 409 ? 'taken' : 'limited';
          return { token, endsAt, deadline, held, refusal: { kind, message: error.message, leg } };
        }
        if (held.length === 0) throw error;
        break;
      }
    }
    return { token, endsAt, deadline, held, refusal: null };
  });
}

/** The countdown's clock: this device's time at once and every HOLD_TICK_MS while seats are held. */
export function holdClock(now: () => number = Date.now) {
  return fromCallback<EventObject>(({ sendBack }) => {
    const tick = () => sendBack({ type: 'hold.tick', now: now() });
    tick();
    const timer = setInterval(tick, HOLD_TICK_MS);
    return () => clearInterval(timer);
  });
}

/** Leaving the booking: the held seats go back at once; nobody waits for the answer. */
export function releaseHold(client: ApiClient, input: HoldInput | null): void {
  if (!input) return;
  for (const leg of input.legs) {
    holdLeg(client, { ...leg, seats: [] }, input.token).catch(() => {
      // The hold ends by itself after HOLD_MINUTES.
    });
  }
}

/**
 * The reservation as an outcome, never a throw for an answer the passenger must read: a refusal
 * (RSV-2 seat taken, a voucher no longer valid, ...) carries the server's message; a call that
 * failed (no network, an unreadable reply, a server fault, a missing endpoint) rejects, which the
 * machine shows as "Tidak dapat melakukan reservasi".
 */
export function reserve(client: ApiClient, fallbackToken: HoldTokenSource = () => null) {
  return fromPromise<ReserveOutcome, ReserveInput>(async ({ input, signal }) => {
    // A booking whose hold answer was lost (a reload) still holds under the app's fallback token.
    const holdToken = input.holdToken ?? fallbackToken();
    // A snapshot stored before keys existed has none: it is sent without.
    const headers = {
      ...(input.idempotencyKey ? { [RESERVATION_HEADER.idempotencyKey]: input.idempotencyKey } : {}),
      ...(holdToken ? { [RESERVATION_HEADER.holdToken]: holdToken } : {}),
    };
    try {
      // A booking stored mid-call by an earlier version kept the body itself: it goes as it was,
      // so the server answers the order it may have made under the same key.
      const stored = (input as unknown as { body?: ReservasiBody }).body;
      const body = withAttribution(stored ?? reservasiBody(input.request), readAttribution());
      const results = await client.request('reservasi', body, {
        signal,
        headers,
      });
      // The order pages open this order with its key (X-Order-Key).
      rememberOrderKey(results.reservasi_kode, results.kunci_pesanan);
      return { kind: 'ok', results };
    } catch (error) {
      if (isApiError(error) && isRefusal(error.code) && error.code !== 'NETWORK') {
        return {
          kind: 'api',
          code: error.code as Extract<ReserveOutcome, { kind: 'api' }>['code'],
          message: error.message,
        };
      }
      throw error;
    }
  });
}

/**
 * The booker's prefill: the session copy of the profile kept at sign-in (spec section 3, Storage)
 * spares a call; without one (a new tab, a webview's token) the profile is read.
 */
export function loadProfile(client: ApiClient, profileCopy: () => CustomerProfilResults | null = readProfileCopy) {
  return fromPromise<Partial<Booker>>(({ signal }) => {
    const copy = profileCopy();
    return copy ? Promise.resolve(toProfile(copy)) : client.request('customerProfil', {}, { signal }).then(toProfile);
  });
}

/**
 * The booking machine with every effect of the app. `holdToken` reads the running flow's token
 * (the seat child's layout call cannot be handed it by the booking machine); `newKey` draws a
 * reservation key (the app's trace records each one, so a replay sends the same).
 */
export function bookingMachineWithEffects(
  client: ApiClient,
  holdToken: HoldTokenSource = () => null,
  newKey: () => string = () => crypto.randomUUID(),
) {
  return bookingMachine.provide({
    actors: {
      seatSelection: seatSelectionMachine.provide({ actors: { loadLayout: loadLayout(client, holdToken) } }),
      price: bookingPriceMachine.provide({ actors: { checkPrice: checkPrice(client, holdToken) } }),
      hold: bookingHoldMachine.provide({
        actors: { holdSeats: holdSeats(client, Date.now, holdToken), holdClock: holdClock() },
        actions: { releaseHold: (_, params: { input: HoldInput | null }) => releaseHold(client, params.input) },
      }),
      reserve: reserve(client, holdToken),
      loadProfile: loadProfile(client),
    },
    actions: {
      // Random, so no two bookings of any device share a key (the server keeps a key's order);
      // the machine's rule decides when a retry keeps the previous one.
      renewReservationKey: assign(({ context }) => reservationKeyFor(context, newKey)),
    },
  });
}
