import { assign, fromPromise } from 'xstate';
import { RESERVATION_HEADER, type CekHargaBody, type CekHargaResults } from '../../contract';
import type { ReserveInput, ReserveOutcome } from '../../machines/booking-context';
import { bookingMachine } from '../../machines/booking.machine';
import {
  SeatLayoutRefusedError,
  seatSelectionMachine,
  type LoadLayoutInput,
} from '../../machines/seat-selection.machine';
import type { Booker, SeatLayout } from '../../machines/types';
import { isApiError, type ApiClient, type ApiErrorCode } from '../api/client';
import { toProfile } from '../api/mappers';

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
]);

function isRefusal(code: ApiErrorCode): boolean {
  return REFUSAL_CODES.has(code) || code.startsWith('VCR-');
}

export function loadLayout(client: ApiClient) {
  return fromPromise<SeatLayout, LoadLayoutInput>(async ({ input, signal }) => {
    try {
      return await client.request(
        'kursi',
        {
          operator_kode: input.leg.operatorCode,
          jadwal_kode: input.leg.scheduleCode,
          tanggal_berangkat: input.leg.date,
          ...(input.connectingCode ? { jadwal_kode_connecting: input.connectingCode } : {}),
        },
        { signal },
      );
    } catch (error) {
      // Spec section 8: a reply with a status other than OK is toasted; a failed call ends silently.
      if (isApiError(error) && error.status > 0 && error.code !== 'BAD_REPLY' && error.status < 500) {
        throw new SeatLayoutRefusedError(error.message);
      }
      throw error;
    }
  });
}

export function checkPrice(client: ApiClient) {
  return fromPromise<CekHargaResults, CekHargaBody>(({ input, signal }) =>
    client.request('cekHarga', input, { signal }),
  );
}

/**
 * The reservation as an outcome, never a throw for an answer the passenger must read: a refusal
 * (RSV-2 seat taken, a voucher no longer valid, ...) carries the server's message; a call that
 * failed (no network, an unreadable reply, a server fault, a missing endpoint) rejects, which the
 * machine shows as "Tidak dapat melakukan reservasi".
 */
export function reserve(client: ApiClient) {
  return fromPromise<ReserveOutcome, ReserveInput>(async ({ input, signal }) => {
    // A snapshot stored before keys existed has none: it is sent as before.
    const headers = input.idempotencyKey ? { [RESERVATION_HEADER.idempotencyKey]: input.idempotencyKey } : undefined;
    try {
      return {
        kind: 'ok',
        results: await client.request('reservasi', input.body, { signal, ...(headers ? { headers } : {}) }),
      };
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

export function loadProfile(client: ApiClient) {
  return fromPromise<Partial<Booker>>(({ signal }) => client.request('customerProfil', {}, { signal }).then(toProfile));
}

/** The booking machine with every effect of the app. */
export function bookingMachineWithEffects(client: ApiClient) {
  return bookingMachine.provide({
    actors: {
      seatSelection: seatSelectionMachine.provide({ actors: { loadLayout: loadLayout(client) } }),
      checkPrice: checkPrice(client),
      reserve: reserve(client),
      loadProfile: loadProfile(client),
    },
    actions: {
      // Random, so no two bookings of any device share a key (the server keeps a key's order).
      renewReservationKey: assign({ reservationKey: () => crypto.randomUUID() }),
    },
  });
}
