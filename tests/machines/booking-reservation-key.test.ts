import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { initialContext, type ReserveInput, type ReserveOutcome } from '../../machines/booking-context';
import { reservationRequest, type ReservationRequest } from '../../machines/booking-requests';
import { reservationFingerprint, reservationKeyFor } from '../../machines/booking-reservation';
import {
  bookingWithFakes,
  chooseSeats,
  flush,
  input,
  priceResults,
  readyToReserve,
  roundTrip,
  seat,
  type Run,
  reservedResults,
} from './booking-fixtures';

/** The seat numbers of a reservation's outbound leg (a direct trip's). */
function outboundSeats(request: ReservationRequest): (string | null)[] {
  if (request.trip.kind !== 'direct') throw new Error('not a direct trip');
  return request.trip.outbound.seats.map((entry) => entry.seat);
}

/** The reserve call's input of the n-th call (0-based). */
const sent = (run: Pick<Run, 'reserve'>, index: number) => run.reserve.calls[index]?.input as ReserveInput;

const ok = {
  kind: 'ok',
  results: reservedResults({ reservasi_kode: 'TMP-123' }),
} as const satisfies ReserveOutcome;

function confirm(run: Run) {
  run.actor.send({ type: 'reserve.request' });
  run.actor.send({ type: 'dialog.confirm' });
}

describe('bookingMachine: the reservation is sent once, under one idempotency key', () => {
  it('"Ya, Reservasi" stores a key and the reserve call carries it', async () => {
    const run = await readyToReserve();
    expect(run.actor.getSnapshot().context.reservationKey).toBeNull();
    confirm(run);
    expect(run.actor.getSnapshot().matches({ flow: 'reserving' })).toBe(true);
    expect(run.actor.getSnapshot().context.reservationKey).toBe('reservation-1');
    expect(sent(run, 0).idempotencyKey).toBe('reservation-1');
  });

  it('"Tidak" on the dialog takes no key', async () => {
    const run = await readyToReserve();
    run.actor.send({ type: 'reserve.request' });
    run.actor.send({ type: 'dialog.cancel' });
    expect(run.actor.getSnapshot().context.reservationKey).toBeNull();
    expect(run.reserve.calls).toHaveLength(0);
  });

  it('a snapshot restored while reserving sends the same body under the same key', async () => {
    const run = await readyToReserve();
    confirm(run);
    const stored = JSON.parse(JSON.stringify(run.actor.getPersistedSnapshot())) as ReturnType<
      typeof run.actor.getPersistedSnapshot
    >;
    run.actor.stop();

    const reloaded = bookingWithFakes();
    const actor = createActor(reloaded.machine, { snapshot: stored, input: input() });
    actor.start();
    expect(actor.getSnapshot().matches({ flow: 'reserving' })).toBe(true);
    const again = reloaded.reserve.calls[0]?.input as ReserveInput;
    expect(again.idempotencyKey).toBe('reservation-1');
    expect(again.request).toEqual(sent(run, 0).request);
    actor.stop();
  });

  it('a retry after a failed call with the order unchanged sends the same key and the same body', async () => {
    const run = await readyToReserve();
    confirm(run);
    run.reserve.calls.at(-1)?.reject(new Error('offline'));
    await flush();
    run.clock.increment(5_000);
    expect(run.actor.getSnapshot().matches({ flow: 'editing' })).toBe(true);
    confirm(run);
    expect(sent(run, 1).idempotencyKey).toBe('reservation-1');
    expect(sent(run, 1).request).toEqual(sent(run, 0).request);
  });

  it('a network outcome (no reply) keeps the key like a thrown failure', async () => {
    const run = await readyToReserve();
    confirm(run);
    run.reserve.calls.at(-1)?.resolve({ kind: 'network' });
    await flush();
    run.clock.increment(5_000);
    confirm(run);
    expect(sent(run, 1).idempotencyKey).toBe('reservation-1');
  });

  it.each([
    ['RSV-4', 'Idempotency-Key sudah dipakai'],
    ['RSV-1', 'Jadwal tidak dapat dipesan'],
  ] as const)('after a %s refusal the next confirmation takes a new key', async (code, message) => {
    const run = await readyToReserve();
    confirm(run);
    run.reserve.calls.at(-1)?.resolve({ kind: 'api', code, message });
    await flush();
    expect(run.actor.getSnapshot().context.reservationFingerprint).toBeNull();
    confirm(run);
    expect(sent(run, 1).idempotencyKey).toBe('reservation-2');
    expect(sent(run, 1).request).toEqual(sent(run, 0).request);
  });

  it('an order changed and changed back before the retry is the same order: the key is kept', async () => {
    const run = await readyToReserve();
    confirm(run);
    run.reserve.calls.at(-1)?.reject(new Error('offline'));
    await flush();
    run.clock.increment(5_000);
    run.actor.send({ type: 'terms.set', checked: false });
    run.actor.send({ type: 'terms.set', checked: true });
    run.actor.send({ type: 'donation.toggle' });
    run.actor.send({ type: 'donation.toggle' });
    confirm(run);
    expect(sent(run, 1).idempotencyKey).toBe('reservation-1');
  });

  it('a hold token gained after a failed call is a different request: a new key', async () => {
    const run = await readyToReserve();
    confirm(run);
    run.reserve.calls.at(-1)?.reject(new Error('offline'));
    await flush();
    run.clock.increment(5_000);
    // Seats saved again: the hold's reply brings a token the reservation now sends.
    chooseSeats(run, 'pergi', [[seat('1A'), seat('1B')]]);
    run.holdSeats.calls.at(-1)?.resolve({
      token: 'hold-token-0000000001',
      endsAt: null,
      deadline: null,
      held: [],
      refusal: null,
    });
    run.checkPrice.calls.at(-1)?.resolve(priceResults());
    await flush();
    confirm(run);
    const second = sent(run, run.reserve.calls.length - 1);
    expect(second.holdToken).toBe('hold-token-0000000001');
    expect(second.idempotencyKey).toBe('reservation-2');
  });

  it('a changed booking after a failure is sent under a new key with its new body', async () => {
    const run = await readyToReserve();
    confirm(run);
    run.reserve.calls.at(-1)?.reject(new Error('offline'));
    await flush();
    run.clock.increment(5_000);
    chooseSeats(run, 'pergi', [[seat('2A'), seat('2B')]]);
    run.checkPrice.calls.at(-1)?.resolve(priceResults());
    await flush();
    confirm(run);
    const second = sent(run, run.reserve.calls.length - 1);
    expect(second.idempotencyKey).not.toBe(sent(run, 0).idempotencyKey);
    expect(outboundSeats(second.request)).toEqual(['2A', '2B']);
  });

  it.each([
    ['a reservation', ok],
    ['a reservation at a changed price', { ...ok, results: { ...ok.results, flag_harga_berubah: 1 as const } }],
  ])('%s lets go of the key', async (_, outcome) => {
    const run = await readyToReserve();
    confirm(run);
    run.reserve.calls.at(-1)?.resolve(outcome);
    await flush();
    expect(run.actor.getSnapshot().context.orderCode).toBe('TMP-123');
    expect(run.actor.getSnapshot().context.reservationKey).toBeNull();
  });

  it('a new trip lets go of a key left by a failed call', async () => {
    const run = await readyToReserve();
    confirm(run);
    run.reserve.calls.at(-1)?.reject(new Error('offline'));
    await flush();
    run.clock.increment(5_000);
    expect(run.actor.getSnapshot().context.reservationKey).toBe('reservation-1');
    run.actor.send({ type: 'trip.set', trip: roundTrip });
    expect(run.actor.getSnapshot().context.reservationKey).toBeNull();
  });
});

describe('reservationKeyFor: the key rule', () => {
  const base = { ...initialContext(input()), trip: roundTrip };
  const request = reservationRequest(base);
  let made = 0;
  const newKey = () => `key-${++made}`;

  it('a first confirmation takes a new key with the fingerprint of its request and token', () => {
    const next = reservationKeyFor(base, newKey);
    expect(next.reservationKey).toMatch(/^key-\d+$/);
    expect(next.reservationFingerprint).toBe(reservationFingerprint(request, null));
  });

  it('the same request and token keep the key; another request or token takes a new one', () => {
    const first = { ...base, ...reservationKeyFor(base, newKey) };
    expect(reservationKeyFor(first, newKey).reservationKey).toBe(first.reservationKey);
    const otherBody = { ...first, booker: { ...first.booker, name: 'Siti Aminah' } };
    expect(reservationKeyFor(otherBody, newKey).reservationKey).not.toBe(first.reservationKey);
    const otherToken = { ...first, holdToken: 'hold-token-0000000001' };
    expect(reservationKeyFor(otherToken, newKey).reservationKey).not.toBe(first.reservationKey);
  });

  it('a fingerprint is 16 hex digits and differs for one changed seat', () => {
    const withSeat = (seat: string): ReservationRequest => ({
      ...request,
      trip: {
        kind: 'direct',
        outbound: { leg: null, seats: [{ seat, passengerName: 'Budi' }], headCount: null },
        return: null,
      },
    });
    const one = reservationFingerprint(withSeat('1A'), null);
    const two = reservationFingerprint(withSeat('1B'), null);
    expect(one).toMatch(/^[0-9a-f]{16}$/);
    expect(one).not.toBe(two);
  });
});
