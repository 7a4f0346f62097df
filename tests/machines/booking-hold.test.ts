import { describe, expect, it } from 'vitest';
import { assign, createActor, fromPromise, setup, SimulatedClock } from 'xstate';
import { HOLD_MINUTES, type CekHargaResults } from '../../contract';
import {
  EMPTY_HOLD,
  bookingMessages,
  type HoldInput,
  type HoldLeg,
  type HoldOutcome,
  type ReserveInput,
} from '../../machines/booking-context';
import {
  chosenHoldLegs,
  hasHoldWork,
  heldAfter,
  holdClock,
  holdInput,
  releaseInput,
  seatsWithoutLeg,
  holdRemainingText,
} from '../../machines/booking-hold';
import { bookingHoldMachine } from '../../machines/booking-hold.machine';
import { bookingPriceMachine } from '../../machines/booking-price.machine';
import { holdCountdown } from '../../machines/booking-selectors';
import { bookingMachine } from '../../machines/booking.machine';
import {
  childOf,
  chooseSeats,
  connecting,
  bookingWithFakes,
  fakeChild,
  flush,
  holdOf,
  input,
  readyToReserve,
  roundTrip,
  seat,
  start,
  validBooker,
  type Run,
  reservedResults,
} from './booking-fixtures';

const TOKEN = 'hold-token-0000000001';
const ENDS = '2026-12-01T00:10:00.000Z';

const holdCall = (run: Run, index: number) => run.holdSeats.calls[index]?.input as HoldInput;

const FULL_MS = HOLD_MINUTES * 60_000;

/** The server's answer to a hold call: every leg held as sent, ending HOLD_MINUTES from now. */
const heldAll =
  (now: number) =>
  (input: HoldInput): HoldOutcome => ({
    token: input.token ?? TOKEN,
    endsAt: ENDS,
    deadline: now + FULL_MS,
    held: input.legs,
    refusal: null,
  });

async function answer(run: Run, outcome?: (input: HoldInput) => HoldOutcome) {
  const call = run.holdSeats.calls.at(-1);
  call?.resolve((outcome ?? heldAll(run.clock.now()))(call.input as HoldInput));
  await flush();
}

const outboundLeg: HoldLeg = {
  direction: 'pergi',
  legIndex: 0,
  operatorCode: 'XTR',
  scheduleCode: 'J-GO',
  date: '2026-12-01',
  seats: ['1A', '1B'],
};

describe('bookingMachine: the seat hold', () => {
  it('saved seats are held; the reply gives the token, the end and a full countdown', async () => {
    const run = start({ trip: roundTrip, booker: validBooker });
    chooseSeats(run, 'pergi', [[seat('1A'), seat('1B')]]);
    expect(holdOf(run.actor.getSnapshot())?.matches('holding')).toBe(true);
    expect(holdCall(run, 0)).toEqual({ token: null, legs: [outboundLeg] });
    await answer(run);
    const snapshot = run.actor.getSnapshot();
    expect(holdOf(snapshot)?.matches('held')).toBe(true);
    expect(holdOf(snapshot)?.context.hold).toMatchObject({
      token: TOKEN,
      endsAt: ENDS,
      remainingMs: HOLD_MINUTES * 60_000,
    });
    // The booking keeps the token its calls send.
    expect(snapshot.context.holdToken).toBe(TOKEN);
    expect(holdCountdown(holdOf(snapshot))).toEqual({ kind: 'held', remainingMs: 600_000 });
  });

  it('the return leg is held with the first reply token, together with the outbound leg', async () => {
    const run = start({ trip: roundTrip, booker: validBooker });
    chooseSeats(run, 'pergi', [[seat('1A'), seat('1B')]]);
    await answer(run);
    chooseSeats(run, 'pulang', [[seat('3C')]]);
    const second = holdCall(run, 1);
    expect(second.token).toBe(TOKEN);
    expect(second.legs.map((leg) => [leg.direction, leg.scheduleCode, leg.seats])).toEqual([
      ['pergi', 'J-GO', ['1A', '1B']],
      ['pulang', 'J-BACK', ['3C']],
    ]);
  });

  it('each leg of a connecting trip is sent', async () => {
    const run = start({ trip: connecting, booker: validBooker });
    chooseSeats(run, 'pergi', [[seat('1A')], [seat('5D')]]);
    expect(holdCall(run, 0).legs.map((leg) => [leg.operatorCode, leg.scheduleCode, leg.date, leg.seats])).toEqual([
      ['XTR', 'C-1', '2026-12-01', ['1A']],
      ['DAY', 'C-2', '2026-12-02', ['5D']],
    ]);
  });

  it('the countdown follows the provided clock, catches up after a gap, and ends in "expired"', async () => {
    const run = start({ trip: roundTrip, booker: validBooker });
    chooseSeats(run, 'pergi', [[seat('1A')]]);
    await answer(run);
    expect(holdOf(run.actor.getSnapshot())?.context.hold.remainingMs).toBe(FULL_MS);
    run.clock.increment(1000);
    expect(holdOf(run.actor.getSnapshot())?.context.hold.remainingMs).toBe(FULL_MS - 1000);
    // One late tick (a throttled tab) still shows the true time left.
    run.clock.increment(61_000);
    expect(holdRemainingText(holdOf(run.actor.getSnapshot())?.context.hold.remainingMs ?? 0)).toBe(
      'Kursi ditahan untuk Anda selama 08:58',
    );
    run.clock.increment(FULL_MS - 62_000 - 1000);
    expect(holdOf(run.actor.getSnapshot())?.matches('held')).toBe(true);
    expect(holdRemainingText(holdOf(run.actor.getSnapshot())?.context.hold.remainingMs ?? 0)).toBe(
      'Kursi ditahan untuk Anda selama 00:01',
    );
    run.clock.increment(1000);
    expect(holdOf(run.actor.getSnapshot())?.matches('expired')).toBe(true);
    expect(holdCountdown(holdOf(run.actor.getSnapshot()))).toEqual({ kind: 'expired' });
  });

  it('a reservation after the hold ran out is still sent, with the token', async () => {
    const run = await readyToReserve();
    await answer(run);
    run.clock.increment(FULL_MS);
    expect(holdOf(run.actor.getSnapshot())?.matches('expired')).toBe(true);
    run.actor.send({ type: 'reserve.request' });
    run.actor.send({ type: 'dialog.confirm' });
    expect((run.reserve.calls[0]?.input as ReserveInput).holdToken).toBe(TOKEN);
  });

  it('seats saved while a hold call runs are held when it answers; the first call is not cancelled', async () => {
    const run = start({ trip: roundTrip, booker: validBooker });
    chooseSeats(run, 'pergi', [[seat('1A')]]);
    const first = run.holdSeats.calls[0];
    chooseSeats(run, 'pergi', [[seat('2A')]]);
    expect(run.holdSeats.calls).toHaveLength(1);
    await answer(run);
    expect(run.holdSeats.calls).toHaveLength(2);
    expect(first).toBeDefined();
    expect(holdCall(run, 1)).toEqual({ token: TOKEN, legs: [{ ...outboundLeg, seats: ['2A'] }] });
    // Once is enough: the second answer starts no third call.
    await answer(run);
    expect(run.holdSeats.calls).toHaveLength(2);
    expect(holdOf(run.actor.getSnapshot())?.matches('held')).toBe(true);
  });

  it('a call that fails while seats were saved meanwhile is followed by one that holds them', async () => {
    const run = start({ trip: roundTrip, booker: validBooker });
    chooseSeats(run, 'pergi', [[seat('1A')]]);
    chooseSeats(run, 'pergi', [[seat('2A')]]);
    run.holdSeats.calls.at(-1)?.reject(new Error('offline'));
    await flush();
    expect(run.holdSeats.calls).toHaveLength(2);
    expect(holdCall(run, 1)).toEqual({ token: null, legs: [{ ...outboundLeg, seats: ['2A'] }] });
  });

  it('a leg refused (RSV-2) while more seats were saved is not sent again by the call that follows', async () => {
    const run = start({ trip: roundTrip, booker: validBooker });
    chooseSeats(run, 'pergi', [[seat('1A')]]);
    chooseSeats(run, 'pulang', [[seat('3C')]]);
    await answer(run, (input) => ({
      token: TOKEN,
      endsAt: null,
      deadline: null,
      held: [],
      refusal: { kind: 'taken', message: 'Kursi 1A sudah tidak tersedia', leg: input.legs[0] as HoldLeg },
    }));
    // The booking cleared the outbound seats; the next call holds the return seats alone.
    expect(run.actor.getSnapshot().context.seats.pergi).toEqual([[]]);
    expect(holdCall(run, 1).legs.map((leg) => [leg.direction, leg.seats])).toEqual([['pulang', ['3C']]]);
  });

  it.each(['d', 'm'] as const)(
    'layout %s: a seat just taken shows the server message, clears that leg and opens the seat choice again',
    async (layout) => {
      const run = start({ layout, trip: roundTrip, booker: validBooker });
      chooseSeats(run, 'pergi', [[seat('1A')]]);
      await answer(run);
      chooseSeats(run, 'pulang', [[seat('3C')]]);
      run.emitted.toasts.length = 0;
      run.emitted.navigations.length = 0;
      const message = 'Kursi 3C sudah tidak tersedia';
      await answer(run, (input) => ({
        token: TOKEN,
        endsAt: ENDS,
        deadline: run.clock.now() + FULL_MS,
        held: input.legs.slice(0, 1),
        refusal: { kind: 'taken', message, leg: input.legs[1] as HoldLeg },
      }));
      const snapshot = run.actor.getSnapshot();
      expect(run.emitted.toasts.map((toast) => toast.message)).toEqual([message]);
      expect(snapshot.context.seats.pulang).toEqual([[]]);
      expect(snapshot.context.seats.pergi).toEqual([[seat('1A')]]);
      expect(snapshot.context.openChildren).toContain('seatSelection.pulang');
      expect(holdOf(snapshot)?.matches('held')).toBe(true);
      if (layout === 'm') {
        expect(run.emitted.navigations).toEqual([{ kind: 'route', name: 'select-seat', params: { return: 'return' } }]);
      } else {
        expect(snapshot.context.seatHost).toBe('sheet');
        expect(run.emitted.navigations).toEqual([]);
      }
    },
  );

  it("a seat just taken: the leg's open passenger form loses its seat rows, a toast on top, the price checked again", async () => {
    /** A passenger form that records what it receives. */
    const recorder = setup({
      types: { context: {} as { received: unknown[] }, input: {} as unknown },
    }).createMachine({
      context: { received: [] },
      on: { '*': { actions: assign({ received: ({ context, event }) => [...context.received, event] }) } },
    });
    const clock = new SimulatedClock();
    const fakes = bookingWithFakes(clock);
    const actor = createActor(fakes.machine.provide({ actors: { passengerForm: recorder as never } }), {
      input: input({ trip: roundTrip, booker: validBooker }),
      clock,
    });
    const toasts: unknown[] = [];
    actor.on('toast', (event) => toasts.push(event));
    actor.start();
    const choose = (direction: 'pergi' | 'pulang', no: string) => {
      actor.send({ type: 'seats.open', direction });
      childOf(actor, `seatSelection.${direction}`)?.send({
        type: 'finish',
        output: { direction, seats: [[seat(no)]] },
      });
    };
    choose('pergi', '1A');
    fakes.holdSeats.calls[0]?.resolve(heldAll(clock.now())(fakes.holdSeats.calls[0].input as HoldInput));
    await flush();
    choose('pulang', '3C');
    actor.send({ type: 'passengers.open', direction: 'pulang', legIndex: 0 });
    const checks = fakes.checkPrice.calls.length;
    const call = fakes.holdSeats.calls[1];
    const message = 'Kursi 3C sudah tidak tersedia';
    call?.resolve({
      token: TOKEN,
      endsAt: ENDS,
      deadline: clock.now() + FULL_MS,
      held: [],
      refusal: { kind: 'taken', message, leg: (call.input as HoldInput).legs[1] as HoldLeg },
    });
    await flush();
    const received = (childOf(actor, 'passengerForm.pulang.0')?.getSnapshot() as { context: { received: unknown[] } })
      .context.received;
    expect(received).toContainEqual({ type: 'seats.update', seats: [] });
    expect(toasts).toContainEqual(expect.objectContaining({ message, position: 'top' }));
    expect(fakes.checkPrice.calls.length).toBeGreaterThan(checks);
  });

  it('too many calls (429) shows the server message and keeps the seats', async () => {
    const run = start({ trip: roundTrip, booker: validBooker });
    chooseSeats(run, 'pergi', [[seat('1A')]]);
    const message = 'Terlalu banyak permintaan tahan kursi. Silakan coba lagi dalam 1 menit';
    await answer(run, (input) => ({
      token: null,
      endsAt: null,
      deadline: null,
      held: [],
      refusal: { kind: 'limited', message, leg: input.legs[0] as HoldLeg },
    }));
    expect(run.emitted.toasts.map((toast) => toast.message)).toContain(message);
    expect(run.actor.getSnapshot().context.seats.pergi).toEqual([[seat('1A')]]);
    expect(holdOf(run.actor.getSnapshot())?.matches('idle')).toBe(true);
  });

  it('a failed hold call is silent', async () => {
    const run = start({ trip: roundTrip, booker: validBooker });
    chooseSeats(run, 'pergi', [[seat('1A')]]);
    run.emitted.toasts.length = 0;
    run.holdSeats.calls.at(-1)?.reject(new Error('offline'));
    await flush();
    expect(run.emitted.toasts).toEqual([]);
    expect(holdOf(run.actor.getSnapshot())?.matches('idle')).toBe(true);
    expect(run.actor.getSnapshot().context.seats.pergi).toEqual([[seat('1A')]]);
  });

  it('"Konfirmasi Kembali ?" yes lets the held seats go, keeping the token for the next booking', async () => {
    const run = start({ trip: roundTrip, booker: validBooker });
    chooseSeats(run, 'pergi', [[seat('1A'), seat('1B')]]);
    await answer(run);
    run.actor.send({ type: 'leave.request', intent: { kind: 'route', name: 'schedule' } });
    expect(run.releases).toEqual([]);
    run.actor.send({ type: 'dialog.confirm' });
    expect(run.releases).toEqual([{ token: TOKEN, legs: [{ ...outboundLeg, seats: [] }] }]);
    const snapshot = run.actor.getSnapshot();
    expect(holdOf(snapshot)?.matches('idle')).toBe(true);
    expect(holdOf(snapshot)?.context.hold).toEqual({
      token: TOKEN,
      endsAt: null,
      deadline: null,
      remainingMs: 0,
      legs: [],
      again: false,
    });
    expect(snapshot.context.holdToken).toBe(TOKEN);
    expect(holdCountdown(holdOf(snapshot))).toBeNull();
  });

  it('"Tidak" on the leave dialog keeps the hold', async () => {
    const run = start({ trip: roundTrip, booker: validBooker });
    chooseSeats(run, 'pergi', [[seat('1A')]]);
    await answer(run);
    run.actor.send({ type: 'leave.request', intent: { kind: 'route', name: 'schedule' } });
    run.actor.send({ type: 'dialog.cancel' });
    expect(run.releases).toEqual([]);
    expect(holdOf(run.actor.getSnapshot())?.matches('held')).toBe(true);
  });

  it('a reservation converts the hold: the countdown stops and nothing is let go', async () => {
    const run = await readyToReserve();
    await answer(run);
    run.actor.send({ type: 'reserve.request' });
    run.actor.send({ type: 'dialog.confirm' });
    run.reserve.calls.at(-1)?.resolve({
      kind: 'ok',
      results: reservedResults(),
    });
    await flush();
    expect(holdOf(run.actor.getSnapshot())?.matches('idle')).toBe(true);
    expect(run.releases).toEqual([]);
  });

  it('a flow with no hold yet lets nothing go when leaving', () => {
    const run = start({ trip: roundTrip, booker: validBooker });
    run.actor.send({ type: 'leave.request', intent: { kind: 'route', name: 'schedule' } });
    run.actor.send({ type: 'dialog.confirm' });
    expect(run.releases).toEqual([null]);
  });
});

describe('holdClock', () => {
  it.each([
    [600_000, '10:00'],
    [59_001, '01:00'],
    [59_000, '00:59'],
    [400, '00:01'],
    [0, '00:00'],
    [-5, '00:00'],
  ])('%i ms left shows %s', (ms, text) => {
    expect(holdClock(ms)).toBe(text);
  });

  it('the expired text is the one the page shows', () => {
    expect(bookingMessages.holdExpired).toBe('Waktu penahanan kursi habis');
  });
});

describe('what a hold call sends and what its answer leaves', () => {
  const returnLeg: HoldLeg = { ...outboundLeg, direction: 'pulang', scheduleCode: 'J-BACK', date: '2026-12-03' };
  const secondLeg: HoldLeg = { ...outboundLeg, legIndex: 1, scheduleCode: 'C-2' };
  const noSeats = { pergi: [], pulang: [] };
  const held = (legs: HoldLeg[], patch: Partial<typeof EMPTY_HOLD> = {}) => ({
    ...EMPTY_HOLD,
    token: TOKEN,
    endsAt: ENDS,
    deadline: 1_000_000,
    remainingMs: 300_000,
    legs,
    ...patch,
  });

  it('a held leg whose seats were all given up is sent with no seats, so the server lets them go', () => {
    const hold = held([outboundLeg, returnLeg]);
    // The outbound seats are kept (sent again); the return leg (same leg number, other direction) is dropped.
    const sent = holdInput(chosenHoldLegs({ trip: roundTrip, seats: { pergi: [[seat('3C')]], pulang: [] } }), hold);
    expect(sent).toEqual({
      token: TOKEN,
      legs: [
        { ...outboundLeg, scheduleCode: 'J-GO', seats: ['3C'] },
        { ...returnLeg, seats: [] },
      ],
    });
  });

  it('on a connecting trip, the second leg given up is sent empty while the first is held again', () => {
    const hold = held([outboundLeg, secondLeg]);
    const sent = holdInput(
      chosenHoldLegs({ trip: connecting, seats: { pergi: [[seat('1A')], []], pulang: [] } }),
      hold,
    );
    expect(sent.legs.map((leg) => [leg.legIndex, leg.seats])).toEqual([
      [0, ['1A']],
      [1, []],
    ]);
  });

  it('a hold call has work only when a seat is chosen or a held leg must be let go', () => {
    expect(hasHoldWork(chosenHoldLegs({ trip: roundTrip, seats: noSeats }), EMPTY_HOLD)).toBe(false);
    expect(
      hasHoldWork(chosenHoldLegs({ trip: roundTrip, seats: { pergi: [[seat('1A')]], pulang: [] } }), EMPTY_HOLD),
    ).toBe(true);
    expect(hasHoldWork(chosenHoldLegs({ trip: roundTrip, seats: noSeats }), held([returnLeg]))).toBe(true);
  });

  it('leaving lets every held leg go with the token, and sends nothing without a token or a held leg', () => {
    expect(releaseInput(held([outboundLeg, returnLeg]))).toEqual({
      token: TOKEN,
      legs: [
        { ...outboundLeg, seats: [] },
        { ...returnLeg, seats: [] },
      ],
    });
    expect(releaseInput(held([outboundLeg], { token: null }))).toBeNull();
    expect(releaseInput(held([]))).toBeNull();
  });

  it('an answer that holds seats restarts the countdown; legs it did not reach keep their hold', () => {
    const after = heldAfter(
      held([outboundLeg, returnLeg], { again: true }),
      {
        token: null,
        endsAt: '2026-12-01T00:20:00.000Z',
        deadline: 2_000_000,
        held: [{ ...returnLeg, seats: ['9D'] }],
        refusal: null,
      },
      FULL_MS,
    );
    expect(after).toEqual({
      token: TOKEN,
      endsAt: '2026-12-01T00:20:00.000Z',
      deadline: 2_000_000,
      remainingMs: FULL_MS,
      legs: [outboundLeg, { ...returnLeg, seats: ['9D'] }],
      again: true,
    });
  });

  it('an answer that only lets seats go keeps the running countdown; letting the last go ends it', () => {
    const outcome = (legs: HoldLeg[]): HoldOutcome => ({
      token: TOKEN,
      endsAt: '2026-12-01T00:20:00.000Z',
      deadline: 2_000_000,
      held: legs,
      refusal: null,
    });
    expect(heldAfter(held([outboundLeg, returnLeg]), outcome([{ ...returnLeg, seats: [] }]), FULL_MS)).toEqual(
      held([outboundLeg]),
    );
    expect(heldAfter(held([outboundLeg]), outcome([{ ...outboundLeg, seats: [] }]), FULL_MS)).toEqual({
      ...EMPTY_HOLD,
      token: TOKEN,
    });
  });

  it('an answer naming no leg changes no hold; one that holds any leg restarts the countdown', () => {
    const outcome = (legs: HoldLeg[]): HoldOutcome => ({
      token: TOKEN,
      endsAt: '2026-12-01T00:20:00.000Z',
      deadline: 2_000_000,
      held: legs,
      refusal: null,
    });
    expect(heldAfter(held([outboundLeg]), outcome([]), FULL_MS)).toEqual(held([outboundLeg]));
    const after = heldAfter(
      held([outboundLeg, returnLeg]),
      outcome([
        { ...outboundLeg, seats: ['3C'] },
        { ...returnLeg, seats: [] },
      ]),
      FULL_MS,
    );
    expect(after).toMatchObject({
      endsAt: '2026-12-01T00:20:00.000Z',
      deadline: 2_000_000,
      remainingMs: FULL_MS,
      legs: [{ ...outboundLeg, seats: ['3C'] }],
    });
  });

  it('a refused leg loses its seats; the other legs and the other direction keep theirs', () => {
    const seats = { pergi: [[seat('1A')], [seat('2B')]], pulang: [[seat('5E')]] };
    expect(seatsWithoutLeg(seats, { direction: 'pergi', legIndex: 1 })).toEqual({
      pergi: [[seat('1A')], []],
      pulang: [[seat('5E')]],
    });
  });
});

describe('the order of the calls after a seat save', () => {
  it('the price check starts before the hold call, as it always did', () => {
    const order: string[] = [];
    const never = <T>(name: string) =>
      fromPromise<T, unknown>(() => {
        order.push(name);
        return new Promise<T>(() => {});
      });
    const machine = bookingMachine.provide({
      actors: {
        seatSelection: fakeChild as never,
        price: bookingPriceMachine.provide({ actors: { checkPrice: never<CekHargaResults>('cek-harga') as never } }),
        hold: bookingHoldMachine.provide({ actors: { holdSeats: never<HoldOutcome>('hold-kursi') as never } }),
      },
    });
    const actor = createActor(machine, { input: input({ trip: roundTrip, booker: validBooker }) }).start();
    actor.send({ type: 'seats.open', direction: 'pergi' });
    childOf(actor, 'seatSelection.pergi')?.send({
      type: 'finish',
      output: { direction: 'pergi', seats: [[seat('1A')]] },
    });
    expect(order).toEqual(['cek-harga', 'hold-kursi']);
    actor.stop();
  });
});
