import { describe, expect, it } from 'vitest';
import { assign, createActor, setup, SimulatedClock } from 'xstate';
import type { ScheduleChoice } from '../../machines/booking-children';
import { bookingMessages } from '../../machines/booking-context';
import {
  bookerFormChild,
  passengerFormChild,
  refundableHighlighted,
  seatSelectionChild,
} from '../../machines/booking-selectors';
import type { BookingEvent } from '../../machines/booking-setup';
import { ERROR_TOAST_DELAY_MS, REFUNDABLE_HIGHLIGHT_MS, TOAST_MESSAGE_MS } from '../../machines/constants';
import type { NavigationIntent, Trip } from '../../machines/types';
import {
  bookingWithFakes,
  childOf,
  chooseSeats,
  connecting,
  flush,
  input,
  leg,
  noSeatTrip,
  oneWay,
  priceResults,
  readyToReserve,
  roundTrip,
  seat,
  start,
  validBooker,
  type Run,
  reservedResults,
} from './booking-fixtures';
import { roundTripSnapshot } from './support/persistence';
import { passengerFormMachine } from '../../machines/passenger-form.machine';

/** "Pilih" on the schedule lists (spec section 2, /app/schedule/:return?), then the booking wizard. */

const choose = (choice: ScheduleChoice): BookingEvent => ({ type: 'schedule.choose', ...choice });

const outbound = leg('J-GO');
const back = leg('J-BACK', { date: '2026-12-03', origin: 'Jakarta', destination: 'Bandung' });
const returnListSearch = { origin: 'Jakarta', destination: 'Bandung', date: '2026-12-03' };

const bookingPage: NavigationIntent = { kind: 'route', name: 'information-passengers' };
const seatPage: NavigationIntent = { kind: 'route', name: 'select-seat', params: {} };
const returnSeatPage: NavigationIntent = {
  kind: 'route',
  name: 'select-seat',
  params: { return: 'return' },
  replace: true,
};
const backOne: NavigationIntent = { kind: 'back', steps: 1 };

/** A round trip chosen on both lists: outbound on the first, return on the return list. */
function chooseRoundTrip(run: Run) {
  run.actor.send(choose({ direction: 'pergi', legs: [outbound], roundTrip: true, returnListSearch }));
  run.actor.send(choose({ direction: 'pulang', legs: [back] }));
}

describe('schedule.choose: "Pilih" on a schedule', () => {
  it.each(['d', 'm'] as const)(
    'layout %s, one-way with seat selection: the trip, a price check, the booking page and the seat page on top',
    (layout) => {
      const run = start({ layout });
      run.actor.send(choose({ direction: 'pergi', legs: [outbound] }));
      const { context } = run.actor.getSnapshot();
      expect(context.trip).toEqual(oneWay);
      expect(run.checkPrice.calls).toHaveLength(1);
      expect(run.emitted.navigations).toEqual([bookingPage, seatPage]);
      expect(context.openChildren).toEqual(['seatSelection.pergi']);
      expect(run.childInput('seatSelection.pergi')).toMatchObject({ direction: 'pergi', layout, legs: [outbound] });
      expect(context).toMatchObject({ seatHost: 'page', passengerFlow: 'passenger-screen', autoOpened: [] });
    },
  );

  it('a schedule without seat selection: the booking page only (it asks for what is missing itself)', () => {
    const run = start({ layout: 'm' });
    run.actor.send(choose({ direction: 'pergi', legs: noSeatTrip.outbound }));
    expect(run.actor.getSnapshot().context.trip).toEqual(noSeatTrip);
    expect(run.emitted.navigations).toEqual([bookingPage]);
    expect(run.actor.getSnapshot().context.openChildren).toEqual([]);
  });

  it('a connecting schedule: the trip with its code, and the seat page of the first leg (connecting_route 1)', () => {
    const run = start({ layout: 'm' });
    run.actor.send(choose({ direction: 'pergi', legs: connecting.outbound, connectingCode: 'CX-1' }));
    expect(run.actor.getSnapshot().context.trip).toEqual(connecting);
    expect(run.emitted.navigations).toEqual([
      bookingPage,
      { kind: 'route', name: 'select-seat', params: {}, search: { connecting_route: 1 } },
    ]);
  });

  it('the outbound of a round-trip search: the trip waits for its return, the return list opens, the outbound is priced', () => {
    const run = start();
    run.actor.send(choose({ direction: 'pergi', legs: [outbound], roundTrip: true, returnListSearch }));
    expect(run.actor.getSnapshot().context.trip).toEqual({
      kind: 'round-trip',
      outbound: [outbound],
      return: null,
      connectingCode: null,
    });
    expect(run.emitted.navigations).toEqual([
      { kind: 'route', name: 'schedule', params: { return: 'return' }, search: returnListSearch },
    ]);
    // A check still running for the previous trip is replaced: its reply would be stale.
    expect(run.checkPrice.calls).toHaveLength(1);
    expect(run.checkPrice.calls[0]?.input).toMatchObject({
      trip: { kind: 'direct', outbound: { leg: { scheduleCode: 'J-GO' } }, return: null },
    });
    expect(run.actor.getSnapshot().context.openChildren).toEqual([]);
  });

  it('the return list without a search given: the return route alone', () => {
    const run = start();
    run.actor.send(choose({ direction: 'pergi', legs: [outbound], roundTrip: true }));
    expect(run.emitted.navigations).toEqual([{ kind: 'route', name: 'schedule', params: { return: 'return' } }]);
  });

  it('the return choice completes the round trip and starts the wizard on the outbound seats', () => {
    const run = start();
    chooseRoundTrip(run);
    expect(run.actor.getSnapshot().context.trip).toEqual(roundTrip);
    expect(run.emitted.navigations.slice(1)).toEqual([bookingPage, seatPage]);
    expect(run.checkPrice.calls).toHaveLength(2);
    expect(run.checkPrice.calls[1]?.input).toMatchObject({ trip: { outbound: { leg: { scheduleCode: 'J-GO' } } } });
    expect(run.actor.getSnapshot().context.openChildren).toEqual(['seatSelection.pergi']);
  });

  it.each([
    ['no trip yet', null],
    ['a one-way trip', oneWay],
    ['a connecting trip', connecting],
  ] as const)('a return choice with %s is ignored (a stale return list)', (_, trip: Trip | null) => {
    const run = start({ trip });
    const before = run.actor.getSnapshot();
    run.actor.send(choose({ direction: 'pulang', legs: [back] }));
    expect(run.actor.getSnapshot().context).toEqual(before.context);
    expect(run.emitted).toEqual({ navigations: [], toasts: [], scrolls: [], analytics: [] });
    expect(run.checkPrice.calls).toHaveLength(0);
  });

  it('a connecting outbound in a round-trip search is refused with a toast; the trip stays', () => {
    const run = start({ trip: oneWay });
    run.actor.send(choose({ direction: 'pergi', legs: connecting.outbound, connectingCode: 'CX-1', roundTrip: true }));
    expect(run.emitted.toasts).toEqual([
      { type: 'toast', message: bookingMessages.connectingRoundTrip, durationMs: TOAST_MESSAGE_MS, position: 'top' },
    ]);
    expect(run.actor.getSnapshot().context.trip).toEqual(oneWay);
    expect(run.emitted.navigations).toEqual([]);
    expect(run.checkPrice.calls).toHaveLength(0);
  });

  it('starts over from any step: a finished reservation, a dialog; the old children stop', async () => {
    const reserved = await readyToReserve();
    reserved.actor.send({ type: 'reserve.request' });
    reserved.actor.send({ type: 'dialog.confirm' });
    reserved.reserve.calls[0]?.resolve({
      kind: 'ok',
      results: reservedResults(),
    });
    await flush();
    expect(reserved.actor.getSnapshot().matches({ flow: 'reserved' })).toBe(true);
    reserved.actor.send(choose({ direction: 'pergi', legs: [leg('J-NEXT')] }));
    expect(reserved.actor.getSnapshot().matches({ flow: 'editing' })).toBe(true);
    expect(reserved.actor.getSnapshot().context).toMatchObject({
      seats: { pergi: [], pulang: [] },
      passengers: { pergi: [], pulang: [] },
      booker: validBooker,
    });

    const dialog = start({ trip: oneWay });
    dialog.actor.send({ type: 'seats.open', direction: 'pergi' });
    const sheetChild = childOf(dialog.actor, 'seatSelection.pergi');
    dialog.actor.send({ type: 'leave.request', intent: { kind: 'route', name: 'schedule' } });
    dialog.actor.send(choose({ direction: 'pergi', legs: [leg('J-NEXT')] }));
    expect(dialog.actor.getSnapshot().matches({ flow: 'editing' })).toBe(true);
    // The seat child of the old trip stopped; the wizard's one is new, on the seat page.
    expect(sheetChild?.getSnapshot().status).toBe('stopped');
    expect(childOf(dialog.actor, 'seatSelection.pergi')).not.toBe(sheetChild);
    expect(dialog.actor.getSnapshot().context.seatHost).toBe('page');
  });

  it('a new trip forgets the forms the page opened by itself and the seat and passenger hosts', () => {
    const run = start({ layout: 'm', trip: noSeatTrip });
    run.actor.send({ type: 'page.enter', from: 'schedule' });
    run.actor.send({ type: 'seats.open', direction: 'pergi' });
    expect(run.actor.getSnapshot().context).toMatchObject({ autoOpened: ['bookerForm'], seatHost: 'sheet' });
    run.actor.send(choose({ direction: 'pergi', legs: [outbound] }));
    expect(run.actor.getSnapshot().context).toMatchObject({
      autoOpened: [],
      seatHost: 'page',
      passengerFlow: 'passenger-screen',
    });
  });
});

describe('a finished seat choice', () => {
  it('desktop round trip on the seat page: the return seat page replaces it, then back to the booking page', () => {
    const run = start();
    chooseRoundTrip(run);
    run.emitted.navigations.length = 0;
    run.finishChild('seatSelection.pergi', { direction: 'pergi', seats: [[seat('1A')]] });
    expect(run.actor.getSnapshot().context.seats.pergi).toEqual([[seat('1A')]]);
    expect(run.actor.getSnapshot().context.openChildren).toEqual(['seatSelection.pulang']);
    expect(run.emitted.navigations).toEqual([returnSeatPage]);
    run.finishChild('seatSelection.pulang', { direction: 'pulang', seats: [[seat('2A')]] });
    expect(run.emitted.navigations).toEqual([returnSeatPage, backOne]);
    expect(run.actor.getSnapshot().context.openChildren).toEqual([]);
    expect(run.actor.getSnapshot().context.seats.pulang).toEqual([[seat('2A')]]);
  });

  it('desktop round trip in the "Pilih Kursi" sheet: the sheet moves on to the return seats, no navigation', () => {
    const run = start({ trip: roundTrip });
    chooseSeats(run, 'pergi', [[seat('1A')]]);
    expect(run.actor.getSnapshot().context.openChildren).toEqual(['seatSelection.pulang']);
    run.finishChild('seatSelection.pulang', { direction: 'pulang', seats: [[seat('2A')]] });
    expect(run.actor.getSnapshot().context.openChildren).toEqual([]);
    expect(run.emitted.navigations).toEqual([]);
  });

  it('desktop one-way on the seat page: back to the booking page under it', () => {
    const run = start();
    run.actor.send(choose({ direction: 'pergi', legs: [outbound] }));
    run.finishChild('seatSelection.pergi', { direction: 'pergi', seats: [[seat('1A')]] });
    expect(run.emitted.navigations).toEqual([bookingPage, seatPage, backOne]);
    expect(run.checkPrice.calls).toHaveLength(2);
  });

  it('desktop seats changed again in the sheet after the seat page: the sheet closes, nothing navigates', () => {
    const run = start();
    run.actor.send(choose({ direction: 'pergi', legs: [outbound] }));
    run.finishChild('seatSelection.pergi', { direction: 'pergi', seats: [[seat('1A')]] });
    run.emitted.navigations.length = 0;
    chooseSeats(run, 'pergi', [[seat('1B')]]);
    expect(run.emitted.navigations).toEqual([]);
    expect(run.actor.getSnapshot().context.seats.pergi).toEqual([[seat('1B')]]);
    expect(run.actor.getSnapshot().context.openChildren).toEqual([]);
  });

  it('desktop seat conflict (RSV-2) after the seat page: the seat change reopens in the sheet and closes there', async () => {
    const picked = start({ booker: validBooker });
    picked.actor.send(choose({ direction: 'pergi', legs: [outbound] }));
    picked.finishChild('seatSelection.pergi', { direction: 'pergi', seats: [[seat('1A')]] });
    expect(picked.actor.getSnapshot().context.seatHost).toBe('page');
    picked.actor.send({
      type: 'xstate.done.actor.passengerForm.pergi.0',
      output: { direction: 'pergi', legIndex: 0, passengers: [{ pass0: 'Budi Santoso' }], seats: [seat('1A')] },
    } as BookingEvent);
    picked.actor.send({ type: 'refundable.set', value: 'no' });
    picked.actor.send({ type: 'terms.set', checked: true });
    picked.actor.send({ type: 'reserve.request' });
    picked.actor.send({ type: 'dialog.confirm' });
    picked.reserve.calls[0]?.resolve({ kind: 'api', code: 'RSV-2', message: 'Kursi 1A sudah tidak tersedia' });
    await flush();
    expect(picked.actor.getSnapshot().context.seatHost).toBe('sheet');
    picked.emitted.navigations.length = 0;
    picked.finishChild('seatSelection.pergi', { direction: 'pergi', seats: [[seat('1C')]] });
    expect(picked.emitted.navigations).toEqual([]);
    expect(picked.actor.getSnapshot().context.seats.pergi).toEqual([[seat('1C')]]);
  });

  it.each(['pergi', 'pulang'] as const)(
    'mobile (%s): the seats are kept and the passenger form of that direction opens for the seat page flow',
    (direction) => {
      const run = start({ layout: 'm', trip: roundTrip });
      run.actor.send({ type: 'seats.open', direction });
      run.emitted.navigations.length = 0;
      run.finishChild(`seatSelection.${direction}`, { direction, seats: [[seat('3A'), seat('3B')]] });
      const { context } = run.actor.getSnapshot();
      expect(context.seats[direction]).toEqual([[seat('3A'), seat('3B')]]);
      expect(context.passengerFlow).toBe('booking-page');
      expect(context.openChildren).toEqual([`passengerForm.${direction}.0`]);
      expect(run.childInput(`passengerForm.${direction}.0`)).toMatchObject({
        flow: 'booking-page',
        direction,
        seats: [seat('3A'), seat('3B')],
      });
      // The seat machine itself leads to the passenger form.
      expect(run.emitted.navigations).toEqual([]);
    },
  );

  it('mobile: the next passenger forms of the flow keep the seat page flow until the page opens one itself', () => {
    const run = start({ layout: 'm', trip: connecting });
    run.actor.send({ type: 'seats.open', direction: 'pergi' });
    run.finishChild('seatSelection.pergi', { direction: 'pergi', seats: [[seat('1A')], [seat('5A')]] });
    run.actor.send({ type: 'child.attach', request: { kind: 'passengerForm', direction: 'pergi', legIndex: 1 } });
    expect(run.childInput('passengerForm.pergi.1')).toMatchObject({ flow: 'booking-page', legIndex: 1, legCount: 2 });
    run.actor.send({ type: 'passengers.open', direction: 'pergi', legIndex: 1 });
    expect(run.actor.getSnapshot().context.passengerFlow).toBe('passenger-screen');
    expect(run.childInput('passengerForm.pergi.1')).toMatchObject({ flow: 'passenger-screen' });
  });

  it('mobile "Ubah Penumpang ?" confirmed: the passenger screen flow again', () => {
    const run = start({ layout: 'm', trip: oneWay });
    chooseSeats(run, 'pergi', [[seat('1A')]]);
    expect(run.actor.getSnapshot().context.passengerFlow).toBe('booking-page');
    run.actor.send({ type: 'passengers.change', direction: 'pergi' });
    run.actor.send({ type: 'dialog.confirm' });
    expect(run.actor.getSnapshot().context.passengerFlow).toBe('passenger-screen');
    expect(run.childInput('passengerForm.pergi.0')).toMatchObject({ flow: 'passenger-screen' });
  });
});

describe('flow.resume: a restored booking picks up its waits', () => {
  /** A child that records what it receives. */
  const recorder = setup({
    types: { context: {} as { received: string[] }, input: {} as unknown },
  }).createMachine({
    context: { received: [] },
    on: { '*': { actions: assign({ received: ({ context, event }) => [...context.received, event.type] }) } },
  });

  it('is passed on to every open child; a seat child is asked to load its layout again', () => {
    const machine = bookingWithFakes().machine.provide({
      actors: { seatSelection: recorder as never, passengerForm: recorder as never, bookerForm: recorder as never },
    });
    const actor = createActor(machine, { input: input({ trip: roundTrip }), clock: new SimulatedClock() });
    actor.start();
    actor.send({ type: 'seats.open', direction: 'pulang' });
    actor.send({ type: 'passengers.open', direction: 'pergi' });
    actor.send({ type: 'booker.open' });
    actor.send({ type: 'flow.resume' });
    const received = (id: string) =>
      (childOf(actor, id)?.getSnapshot() as { context: { received: string[] } }).context.received;
    for (const id of ['passengerForm.pergi.0', 'bookerForm']) expect(received(id)).toEqual(['flow.resume']);
    // Spec section 4: the layout is fetched on mount. A call the reload cut off left the seat map
    // unavailable in the saved snapshot; the retry loads it again (a loaded map ignores it).
    expect(received('seatSelection.pulang')).toEqual(['layout.retry']);
    expect(actor.getSnapshot().value).toMatchObject({ flow: 'editing' });
  });

  it('the reservation failure toast waits again after a reload, the full 500 ms from the resume', async () => {
    const run = await readyToReserve();
    run.actor.send({ type: 'reserve.request' });
    run.actor.send({ type: 'dialog.confirm' });
    run.reserve.calls[0]?.resolve({ kind: 'network' });
    await flush();
    const clock = new SimulatedClock();
    const restored = createActor(run.machine, {
      input: input(),
      clock,
      snapshot: JSON.parse(JSON.stringify(run.actor.getPersistedSnapshot())) as never,
    });
    const toasts: string[] = [];
    restored.on('toast', (event) => toasts.push(event.message));
    restored.start();
    clock.increment(ERROR_TOAST_DELAY_MS * 2);
    expect(toasts).toEqual([]);
    expect(restored.getSnapshot().matches({ flow: 'reserveFailed' })).toBe(true);
    restored.send({ type: 'flow.resume' });
    clock.increment(ERROR_TOAST_DELAY_MS - 1);
    expect(toasts).toEqual([]);
    clock.increment(1);
    expect(toasts).toEqual([bookingMessages.reserveFailed]);
    expect(restored.getSnapshot().matches({ flow: 'editing' })).toBe(true);
    restored.stop();
  });

  it('restarts the running waits: the failure toast and the refundable highlight', async () => {
    const run = await readyToReserve();
    run.actor.send({ type: 'refundable.highlight' });
    run.actor.send({ type: 'reserve.request' });
    run.actor.send({ type: 'dialog.confirm' });
    run.reserve.calls[0]?.reject(new Error('offline'));
    await flush();
    run.clock.increment(ERROR_TOAST_DELAY_MS - 1);
    run.actor.send({ type: 'flow.resume' });
    run.clock.increment(ERROR_TOAST_DELAY_MS - 1);
    expect(run.emitted.toasts).toEqual([]);
    run.clock.increment(1);
    expect(run.emitted.toasts.map((toast) => toast.message)).toEqual([bookingMessages.reserveFailed]);
    // The highlight started with the failure; resuming (499 ms later) gave it its full time again.
    const resumedAt = ERROR_TOAST_DELAY_MS - 1;
    const now = 2 * (ERROR_TOAST_DELAY_MS - 1) + 1;
    run.clock.increment(resumedAt + REFUNDABLE_HIGHLIGHT_MS - now - 1);
    expect(refundableHighlighted(run.actor.getSnapshot())).toBe(true);
    run.clock.increment(1);
    expect(refundableHighlighted(run.actor.getSnapshot())).toBe(false);
  });

  it('changes nothing while editing without waits', () => {
    const run = start({ trip: oneWay });
    const before = run.actor.getSnapshot();
    run.actor.send({ type: 'flow.resume' });
    expect(run.actor.getSnapshot().context).toEqual(before.context);
    expect(run.actor.getSnapshot().value).toEqual(before.value);
    expect(run.emitted.navigations).toEqual([]);
  });

  it('a restored snapshot of the wizard keeps where the seat choice and the passenger forms belong', () => {
    const run = start({ layout: 'm' });
    run.actor.send(choose({ direction: 'pergi', legs: [outbound] }));
    run.finishChild('seatSelection.pergi', { direction: 'pergi', seats: [[seat('1A')]] });
    const restored = roundTripSnapshot(run.machine, run.actor);
    expect(restored.getSnapshot().context).toMatchObject({ seatHost: 'page', passengerFlow: 'booking-page' });
    expect(restored.getSnapshot().context).toEqual(run.actor.getSnapshot().context);
    restored.stop();
  });
});

describe('children by a stable name', () => {
  it('seatSelectionChild, passengerFormChild and bookerFormChild give the running child or undefined', () => {
    const run = start({ trip: connecting });
    const snapshot = () => run.actor.getSnapshot();
    expect(seatSelectionChild(snapshot(), 'pergi')).toBeUndefined();
    expect(passengerFormChild(snapshot(), 'pergi', 1)).toBeUndefined();
    expect(bookerFormChild(snapshot())).toBeUndefined();
    run.actor.send({ type: 'seats.open', direction: 'pergi' });
    run.actor.send({ type: 'passengers.open', direction: 'pergi', legIndex: 1 });
    run.actor.send({ type: 'booker.open' });
    expect(seatSelectionChild(snapshot(), 'pergi')).toBe(childOf(run.actor, 'seatSelection.pergi'));
    expect(seatSelectionChild(snapshot(), 'pulang')).toBeUndefined();
    expect(passengerFormChild(snapshot(), 'pergi', 1)).toBe(childOf(run.actor, 'passengerForm.pergi.1'));
    expect(passengerFormChild(snapshot(), 'pergi', 0)).toBeUndefined();
    expect(bookerFormChild(snapshot())).toBe(childOf(run.actor, 'bookerForm'));
    expect(seatSelectionChild(snapshot(), 'pergi')).toBeDefined();
    run.actor.send({ type: 'child.close', id: 'bookerForm' });
    expect(bookerFormChild(snapshot())).toBeUndefined();
  });
});

describe('head count pricing through the machine', () => {
  it('a schedule without seat selection: the price check and the reservation carry the names entered', async () => {
    const run = start({ layout: 'm', booker: validBooker });
    run.actor.send(choose({ direction: 'pergi', legs: noSeatTrip.outbound }));
    expect(run.checkPrice.calls.at(-1)?.input).toMatchObject({ trip: { outbound: { seats: [], headCount: 1 } } });
    run.actor.send({ type: 'passengers.open', direction: 'pergi' });
    run.finishChild('passengerForm.pergi.0', {
      direction: 'pergi',
      legIndex: 0,
      passengers: [{ pass0: 'Budi Santoso', pass1: 'Siti Aminah' }],
      seats: [],
    });
    expect(run.checkPrice.calls.at(-1)?.input).toMatchObject({ trip: { outbound: { headCount: 2 } } });
    run.checkPrice.calls.at(-1)?.resolve(priceResults());
    await flush();
    run.actor.send({ type: 'refundable.set', value: 'no' });
    run.actor.send({ type: 'terms.set', checked: true });
    run.actor.send({ type: 'reserve.request' });
    run.actor.send({ type: 'dialog.confirm' });
    expect(run.reserve.calls[0]?.input).toMatchObject({
      request: {
        trip: {
          outbound: {
            headCount: 2,
            seats: [
              { seat: null, passengerName: 'Budi Santoso' },
              { seat: null, passengerName: 'Siti Aminah' },
            ],
          },
        },
      },
    });
  });
});

describe('the wizard keeps its parts in step', () => {
  it('desktop: seats chosen while the passenger form is open reach it; the typed name stays on its row', () => {
    // The real passenger form, fake seat child and calls: the form's own rows are what is checked.
    const fakes = bookingWithFakes();
    const machine = fakes.machine.provide({ actors: { passengerForm: passengerFormMachine } });
    const actor = createActor(machine, { input: input({ layout: 'd', trip: oneWay }), clock: new SimulatedClock() });
    actor.start();
    actor.send({ type: 'passengers.open', direction: 'pergi' });
    const form = passengerFormChild(actor.getSnapshot(), 'pergi', 0);
    form?.send({ type: 'passenger.type', index: 0, value: 'Budi Santoso' });
    actor.send({ type: 'seats.open', direction: 'pergi' });
    childOf(actor, 'seatSelection.pergi')?.send({
      type: 'finish',
      output: { direction: 'pergi', seats: [[seat('1A'), seat('1B')]] },
    });
    const rows = form?.getSnapshot().context.rows.map((row) => row.name);
    expect(rows).toEqual(['Budi Santoso', '']);
    expect(form?.getSnapshot().context.seats.map((chosen) => chosen.no)).toEqual(['1A', '1B']);
  });

  it('the seat page attaching its child makes finishing there leave the page, even after the sheet was used', () => {
    const run = start({ trip: oneWay });
    chooseSeats(run, 'pergi', [[seat('1A')]]);
    expect(run.actor.getSnapshot().context.seatHost).toBe('sheet');
    // A reload of /app/select-seat: the page attaches the child as its host.
    run.actor.send({ type: 'child.attach', request: { kind: 'seatSelection', direction: 'pergi', host: 'page' } });
    expect(run.actor.getSnapshot().context.seatHost).toBe('page');
    run.finishChild('seatSelection.pergi', { direction: 'pergi', seats: [[seat('1B')]] });
    expect(run.emitted.navigations).toEqual([backOne]);
    // Attaching a child that already runs still records the host.
    run.actor.send({ type: 'seats.open', direction: 'pergi' });
    run.actor.send({ type: 'child.attach', request: { kind: 'seatSelection', direction: 'pergi', host: 'page' } });
    expect(run.actor.getSnapshot().context.seatHost).toBe('page');
  });

  it('a seat page attaching with connecting_route starts its child on that leg; a running child keeps its own', () => {
    const run = start({ trip: connecting });
    run.actor.send({
      type: 'child.attach',
      request: { kind: 'seatSelection', direction: 'pergi', host: 'page', connectingRoute: 2 },
    });
    const child = childOf(run.actor, 'seatSelection.pergi');
    expect(child?.getSnapshot().context.input).toMatchObject({ connectingRoute: 2 });
    run.actor.send({
      type: 'child.attach',
      request: { kind: 'seatSelection', direction: 'pergi', host: 'page', connectingRoute: 1 },
    });
    expect(childOf(run.actor, 'seatSelection.pergi')).toBe(child);
    expect(child?.getSnapshot().context.input).toMatchObject({ connectingRoute: 2 });
  });

  it("a new trip does not carry the previous booking's order, terms, cover, points or voucher", async () => {
    const run = await readyToReserve();
    run.actor.send({ type: 'voucher.set', voucher: { name: 'Hemat', code: 'HEMAT10', price: 10_000 } });
    expect(run.actor.getSnapshot().context).toMatchObject({ termsAccepted: true, refundable: 'no' });
    run.actor.send(choose({ direction: 'pergi', legs: [leg('J-NEXT')] }));
    expect(run.actor.getSnapshot().context).toMatchObject({
      termsAccepted: false,
      refundable: 'unset',
      voucher: null,
      usePoint: false,
      orderCode: null,
      changedTotal: null,
      booker: validBooker,
    });
  });
});

describe('schedule.choose: the return list sends the round-trip flag too', () => {
  it('a return chosen with roundTrip set completes the round trip and opens the booking page', () => {
    const run = start();
    run.actor.send(choose({ direction: 'pergi', legs: [outbound], roundTrip: true, returnListSearch }));
    run.emitted.navigations.length = 0;
    run.actor.send(choose({ direction: 'pulang', legs: [back], roundTrip: true, returnListSearch }));
    expect(run.actor.getSnapshot().context.trip?.return).toEqual([back]);
    expect(run.emitted.navigations[0]).toEqual(bookingPage);
  });

  it('a return of several legs with roundTrip set is not refused as a connecting outbound', () => {
    const run = start();
    run.actor.send(choose({ direction: 'pergi', legs: [outbound], roundTrip: true, returnListSearch }));
    const second = leg('J-BACK-2', { date: '2026-12-03' });
    run.actor.send(choose({ direction: 'pulang', legs: [back, second], roundTrip: true, returnListSearch }));
    expect(run.emitted.toasts.map((toast) => toast.message)).not.toContain(bookingMessages.connectingRoundTrip);
    expect(run.actor.getSnapshot().context.trip?.return).toEqual([back, second]);
  });
});

describe('schedule.choose without legs', () => {
  it('opens the booking page alone: there is no first leg to choose seats on', () => {
    const run = start();
    run.actor.send(choose({ direction: 'pergi', legs: [] }));
    expect(run.emitted.navigations).toEqual([bookingPage]);
    expect(run.actor.getSnapshot().context.openChildren).toEqual([]);
  });
});

describe('what the booking tells its open children', () => {
  /** A child that records what it receives and finishes on `finish` with the given output. */
  const recorder = setup({
    types: {
      context: {} as { received: string[]; output: unknown },
      input: {} as unknown,
      events: {} as { type: string; output?: unknown },
    },
  }).createMachine({
    context: { received: [], output: null },
    initial: 'open',
    states: {
      open: {
        on: {
          finish: { target: 'done', actions: assign({ output: ({ event }) => event.output }) },
          '*': { actions: assign({ received: ({ context, event }) => [...context.received, event.type] }) },
        },
      },
      done: { type: 'final' },
    },
    output: ({ context }) => context.output,
  });

  function recording(trip: Trip) {
    const machine = bookingWithFakes().machine.provide({
      actors: { seatSelection: recorder as never, passengerForm: recorder as never, bookerForm: recorder as never },
    });
    const actor = createActor(machine, { input: input({ trip }), clock: new SimulatedClock() });
    actor.start();
    const received = (id: string) =>
      (childOf(actor, id)?.getSnapshot() as { context: { received: string[] } }).context.received;
    return { actor, received };
  }

  it('desktop "Reservasi Tiket" asks only the inline forms to save, not the seat sheet', () => {
    const { actor, received } = recording(oneWay);
    actor.send({ type: 'seats.open', direction: 'pergi' });
    actor.send({ type: 'booker.open' });
    actor.send({ type: 'reserve.request' });
    expect(received('bookerForm')).toEqual(['form.save']);
    expect(received('seatSelection.pergi')).toEqual([]);
  });

  it('a saved booker name reaches the open passenger forms only', () => {
    const { actor, received } = recording(oneWay);
    actor.send({ type: 'seats.open', direction: 'pergi' });
    actor.send({ type: 'passengers.open', direction: 'pergi' });
    actor.send({ type: 'booker.open' });
    childOf(actor, 'bookerForm')?.send({ type: 'finish', output: validBooker });
    expect(received('passengerForm.pergi.0')).toEqual(['booker.changed']);
    expect(received('seatSelection.pergi')).toEqual([]);
  });

  it("a later leg's saved names are not sent on to the legs after it; the first leg's are", () => {
    const threeLegs: Trip = { ...connecting, outbound: [...connecting.outbound, leg('C-3')] };
    const { actor, received } = recording(threeLegs);
    for (const legIndex of [1, 2]) actor.send({ type: 'passengers.open', direction: 'pergi', legIndex });
    childOf(actor, 'passengerForm.pergi.1')?.send({
      type: 'finish',
      output: { direction: 'pergi', legIndex: 1, passengers: [{ 'pass1-0': 'Budi Santoso' }], seats: [] },
    });
    expect(received('passengerForm.pergi.2')).toEqual([]);
    actor.send({ type: 'passengers.open', direction: 'pergi', legIndex: 0 });
    childOf(actor, 'passengerForm.pergi.0')?.send({
      type: 'finish',
      output: { direction: 'pergi', legIndex: 0, passengers: [{ 'pass0-0': 'Budi Santoso' }], seats: [] },
    });
    expect(received('passengerForm.pergi.2')).toEqual(['firstLeg.update']);
  });
});
