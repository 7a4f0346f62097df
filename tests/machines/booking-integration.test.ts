import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock, type AnyActorRef } from 'xstate';
import type { CekHargaResults } from '../../contract';
import { bookerFormMachine } from '../../machines/booker-form.machine';
import type { ReserveInput, ReserveOutcome } from '../../machines/booking-context';
import type { PriceRequest, ReservationRequest } from '../../machines/booking-requests';
import { bookingPriceMachine } from '../../machines/booking-price.machine';
import { bookingMachine } from '../../machines/booking.machine';
import { passengerFormMachine } from '../../machines/passenger-form.machine';
import { seatSelectionMachine, type LoadLayoutInput } from '../../machines/seat-selection.machine';
import type { NavigationIntent } from '../../machines/types';
import { childOf, flush, input, priceResults, roundTrip, reservedResults, threeSeatLayout } from './booking-fixtures';

function startReal() {
  const checks: PriceRequest[] = [];
  const reservations: ReservationRequest[] = [];
  const machine = bookingMachine.provide({
    actors: {
      seatSelection: seatSelectionMachine.provide({
        actors: {
          loadLayout: fromPromise(async ({ input }: { input: LoadLayoutInput }) => threeSeatLayout(input.leg)),
        },
      }),
      passengerForm: passengerFormMachine,
      bookerForm: bookerFormMachine,
      price: bookingPriceMachine.provide({
        actors: {
          checkPrice: fromPromise<CekHargaResults, PriceRequest>(async ({ input }) => {
            checks.push(input);
            return priceResults({ total_bayar: 123_000 });
          }),
        },
      }),
      reserve: fromPromise<ReserveOutcome, ReserveInput>(async ({ input }) => {
        reservations.push(input.request);
        return {
          kind: 'ok',
          results: reservedResults({ reservasi_kode: 'TMP-77', total_bayar: 123_000 }),
        };
      }),
    },
  });
  const clock = new SimulatedClock();
  const actor = createActor(machine, { input: input({ layout: 'd', trip: roundTrip }), clock });
  const navigations: NavigationIntent[] = [];
  actor.on('navigate', (event) => navigations.push(event.intent));
  actor.start();
  const child = (id: string): AnyActorRef => {
    const ref = childOf(actor, id);
    if (!ref) throw new Error(`${id} is not running`);
    return ref;
  };
  return { actor, clock, checks, reservations, navigations, child };
}

describe('bookingMachine with the real children', () => {
  it('desktop round trip: booker form, seats both ways, passenger names, then a reservation', async () => {
    const run = startReal();

    run.actor.send({ type: 'booker.open' });
    run.child('bookerForm').send({ type: 'booker.type', field: 'name', value: 'Budi Santoso' });
    run.child('bookerForm').send({ type: 'booker.type', field: 'phone', value: '081234567890' });
    run.child('bookerForm').send({ type: 'booker.type', field: 'email', value: 'budi@mail.com' });
    run.child('bookerForm').send({ type: 'form.save' });
    expect(run.actor.getSnapshot().context.booker).toEqual({
      name: 'Budi Santoso',
      phone: '081234567890',
      email: 'budi@mail.com',
    });

    // Outbound seats; the sheet then moves on to the return seats by itself.
    run.actor.send({ type: 'seats.open', direction: 'pergi' });
    await flush(); // the layout loads
    run.child('seatSelection.pergi').send({ type: 'seat.toggle', key: '1-1' });
    run.child('seatSelection.pergi').send({ type: 'seat.toggle', key: '1-3' }); // taken: ignored
    run.child('seatSelection.pergi').send({ type: 'selection.save' });
    expect(run.actor.getSnapshot().context.seats.pergi.map((leg) => leg.map((seat) => seat.no))).toEqual([['1A']]);
    await flush();
    run.child('seatSelection.pulang').send({ type: 'seat.toggle', key: '1-2' });
    run.child('seatSelection.pulang').send({ type: 'selection.save' });
    expect(run.actor.getSnapshot().context.seats.pulang.map((leg) => leg.map((seat) => seat.no))).toEqual([['1B']]);

    for (const direction of ['pergi', 'pulang'] as const) {
      run.actor.send({ type: 'passengers.open', direction });
      run.child(`passengerForm.${direction}.0`).send({ type: 'self.toggle' }); // "Sama dengan pemesan"
      run.child(`passengerForm.${direction}.0`).send({ type: 'form.save' });
    }
    expect(run.actor.getSnapshot().context.passengers).toEqual({
      pergi: [{ pass0: 'Budi Santoso' }],
      pulang: [{ pass0: 'Budi Santoso' }],
    });
    await flush();
    expect(run.checks.at(-1)).toMatchObject({
      trip: { kind: 'direct', outbound: { seats: ['1A'] }, return: { seats: ['1B'] } },
    });
    expect(run.actor.getSnapshot().context.price?.total_bayar).toBe(123_000);

    run.actor.send({ type: 'refundable.set', value: 'no' });
    run.actor.send({ type: 'terms.set', checked: true });
    run.actor.send({ type: 'reserve.request' });
    run.actor.send({ type: 'dialog.confirm' });
    await flush();
    expect(run.reservations[0]).toMatchObject({
      trip: {
        outbound: { seats: [{ seat: '1A', passengerName: 'Budi Santoso' }] },
        return: { seats: [{ seat: '1B', passengerName: 'Budi Santoso' }] },
      },
      booker: { email: 'budi@mail.com' },
      total: 123_000,
    });
    expect(run.navigations).toEqual([
      { kind: 'route', name: 'confirmation-payment-order', params: { code: 'TMP-77' } },
    ]);
    expect(run.actor.getSnapshot().context.openChildren).toEqual([]);
  });

  it('desktop: "Reservasi Tiket" saves the inline forms first, then validates what they kept', async () => {
    const run = startReal();
    run.actor.send({ type: 'child.attach', request: { kind: 'bookerForm' } });
    run.child('bookerForm').send({ type: 'booker.type', field: 'name', value: 'Budi Santoso' });
    run.child('bookerForm').send({ type: 'booker.type', field: 'phone', value: '081234567890' });
    run.child('bookerForm').send({ type: 'booker.type', field: 'email', value: 'budi@mail.com' });
    run.actor.send({ type: 'seats.open', direction: 'pergi' });
    await flush();
    run.child('seatSelection.pergi').send({ type: 'seat.toggle', key: '1-1' });
    run.child('seatSelection.pergi').send({ type: 'selection.save' });
    await flush();
    run.child('seatSelection.pulang').send({ type: 'seat.toggle', key: '1-2' });
    run.child('seatSelection.pulang').send({ type: 'selection.save' });
    for (const direction of ['pergi', 'pulang'] as const) {
      run.actor.send({ type: 'child.attach', request: { kind: 'passengerForm', direction, legIndex: 0 } });
      run.child(`passengerForm.${direction}.0`).send({ type: 'passenger.type', index: 0, value: 'Siti Aminah' });
    }
    run.actor.send({ type: 'refundable.set', value: 'no' });
    run.actor.send({ type: 'terms.set', checked: true });
    // Nothing saved yet: the booking alone would refuse ("Detail pemesan kosong").
    expect(run.actor.getSnapshot().context.booker.name).toBe('');

    run.actor.send({ type: 'reserve.request' });
    expect(run.actor.getSnapshot().matches({ flow: 'savingForms' })).toBe(true);
    run.clock.increment(0);
    const { context } = run.actor.getSnapshot();
    expect(context.booker).toEqual({ name: 'Budi Santoso', phone: '081234567890', email: 'budi@mail.com' });
    expect(context.passengers).toEqual({ pergi: [{ pass0: 'Siti Aminah' }], pulang: [{ pass0: 'Siti Aminah' }] });
    expect(run.actor.getSnapshot().matches({ flow: 'confirmingReservation' })).toBe(true);
  });

  it('desktop: an inline form that cannot save keeps the reservation from opening', () => {
    const run = startReal();
    const toasts: string[] = [];
    run.actor.on('toast', (event) => toasts.push(event.message));
    run.actor.send({ type: 'child.attach', request: { kind: 'bookerForm' } });
    run.child('bookerForm').send({ type: 'booker.type', field: 'email', value: 'bukan-email' });
    run.actor.send({ type: 'reserve.request' });
    run.clock.increment(0);
    expect(run.actor.getSnapshot().matches({ flow: 'editing' })).toBe(true);
    expect(run.actor.getSnapshot().context.booker.email).toBe('');
    expect(toasts).toEqual(['Detail pemesan kosong, harap masukan detail lebih dahulu']);
  });

  it('a saved booker name reaches an open passenger form', () => {
    const run = startReal();
    run.actor.send({ type: 'passengers.open', direction: 'pergi' });
    run.actor.send({ type: 'booker.open' });
    run.child('bookerForm').send({ type: 'booker.type', field: 'name', value: 'Siti Aminah' });
    run.child('bookerForm').send({ type: 'booker.type', field: 'phone', value: '081234567890' });
    run.child('bookerForm').send({ type: 'booker.type', field: 'email', value: 'siti@mail.com' });
    run.child('bookerForm').send({ type: 'form.save' });
    run.child('passengerForm.pergi.0').send({ type: 'self.toggle' });
    run.child('passengerForm.pergi.0').send({ type: 'form.save' });
    expect(run.actor.getSnapshot().context.passengers.pergi).toEqual([{ pass0: 'Siti Aminah' }]);
  });
});
