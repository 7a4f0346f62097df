import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { type ReserveInput, type ReserveOutcome } from '../../machines/booking.machine';
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
} from './booking-fixtures';

/** The reserve call's input of the n-th call (0-based). */
const sent = (run: Pick<Run, 'reserve'>, index: number) => run.reserve.calls[index]?.input as ReserveInput;

const ok = {
  kind: 'ok',
  results: {
    reservasi_kode: 'TMP-123',
    flag_harga_berubah: 0,
    total_bayar: 200_000,
    flag_lunas: 0,
    kunci_pesanan: 'kunci-pesanan-uji-0001',
  },
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
    expect(again.body).toEqual(sent(run, 0).body);
    actor.stop();
  });

  it.each([
    ['a failed call', (run: Run) => run.reserve.calls.at(-1)?.reject(new Error('offline'))],
    [
      'a refusal',
      (run: Run) =>
        run.reserve.calls.at(-1)?.resolve({ kind: 'api', code: 'RSV-4', message: 'Idempotency-Key sudah dipakai' }),
    ],
  ])('after %s the next confirmation takes a new key', async (_, settle) => {
    const run = await readyToReserve();
    confirm(run);
    settle(run);
    await flush();
    run.clock.increment(5_000);
    expect(run.actor.getSnapshot().matches({ flow: 'editing' })).toBe(true);
    confirm(run);
    expect(sent(run, 1).idempotencyKey).toBe('reservation-2');
    expect(sent(run, 1).idempotencyKey).not.toBe(sent(run, 0).idempotencyKey);
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
    expect(second.body.kursi_pergi?.map((entry) => entry.no)).toEqual(['2A', '2B']);
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
