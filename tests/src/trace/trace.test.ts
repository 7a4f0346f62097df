import { describe, expect, it } from 'vitest';
import { assign, createActor, fromPromise, SimulatedClock, type AnyActorRef } from 'xstate';
import type { CekHargaResults } from '../../../contract';
import type { PriceRequest } from '../../../machines/booking-requests';
import { TraceDocumentSchema, type TraceDocument } from '../../../contract/support';
import type { ReserveInput, ReserveOutcome } from '../../../machines/booking-context';
import { reservationKeyFor } from '../../../machines/booking-reservation';
import { bookingPriceMachine } from '../../../machines/booking-price.machine';
import { bookingMachine } from '../../../machines/booking.machine';
import { seatSelectionMachine, type LoadLayoutInput } from '../../../machines/seat-selection.machine';
import { PersonalDataMask } from '../../../src/trace/personal-data';
import { replayTrace } from '../../../src/trace/replay';
import { TraceRecorder } from '../../../src/trace/trace-recorder';
import {
  childOf,
  connecting,
  flush,
  input,
  priceResults,
  reservedResults,
  roundTrip,
  threeSeatLayout,
} from '../../machines/booking-fixtures';

const BOOKER = { name: 'Budi Santoso', phone: '081234567890', email: 'budi.santoso@mail.com' };
const PASSENGER = 'Siti Rahayu';

/** The booking machine with answering fakes, recorded the way the app records it. */
function recordedBooking(trip: typeof roundTrip) {
  let keys = 0;
  const recorder = new TraceRecorder({
    appVersion: 'test',
    layout: () => 'd',
    platform: () => 'WEB',
    route: () => `/app/information-passengers?email=${BOOKER.email}`,
    seed: 7,
  });
  const machine = bookingMachine.provide({
    actors: {
      seatSelection: seatSelectionMachine.provide({
        actors: {
          loadLayout: fromPromise(async ({ input }: { input: LoadLayoutInput }) => threeSeatLayout(input.leg)),
        },
      }),
      price: bookingPriceMachine.provide({
        actors: {
          checkPrice: fromPromise<CekHargaResults, PriceRequest>(async () => priceResults({ total_bayar: 123_000 })),
        },
      }),
      reserve: fromPromise<ReserveOutcome, ReserveInput>(async () => ({
        kind: 'ok',
        results: reservedResults({ reservasi_kode: 'TMP-77', total_bayar: 123_000 }),
      })),
    },
    actions: {
      renewReservationKey: assign(({ context }) =>
        reservationKeyFor(context, () => recorder.draw(`key-${(keys += 1)}-${Math.random().toString(36).slice(2)}`)),
      ),
    },
  });
  const actor = createActor(machine, {
    input: input({ layout: 'd', trip }),
    clock: new SimulatedClock(),
    inspect: recorder.inspect,
  });
  actor.start();
  const child = (id: string): AnyActorRef => {
    const ref = childOf(actor, id);
    if (!ref) throw new Error(`${id} is not running`);
    return ref;
  };
  return { recorder, actor, child };
}

/** Types a value one character at a time, as a keyboard does. */
function typeInto(ref: AnyActorRef, field: 'name' | 'phone' | 'email', value: string) {
  for (let end = 1; end <= value.length; end += 1) ref.send({ type: 'booker.type', field, value: value.slice(0, end) });
}

async function roundTripTrace(): Promise<TraceDocument> {
  const run = recordedBooking(roundTrip);
  run.actor.send({ type: 'booker.open' });
  typeInto(run.child('bookerForm'), 'name', BOOKER.name);
  typeInto(run.child('bookerForm'), 'phone', BOOKER.phone);
  typeInto(run.child('bookerForm'), 'email', BOOKER.email);
  run.child('bookerForm').send({ type: 'form.save' });
  run.actor.send({ type: 'seats.open', direction: 'pergi' });
  await flush();
  run.child('seatSelection.pergi').send({ type: 'seat.toggle', key: '1-1' });
  run.child('seatSelection.pergi').send({ type: 'selection.save' });
  await flush();
  run.child('seatSelection.pulang').send({ type: 'seat.toggle', key: '1-2' });
  run.child('seatSelection.pulang').send({ type: 'selection.save' });
  for (const direction of ['pergi', 'pulang'] as const) {
    run.actor.send({ type: 'passengers.open', direction });
    const form = run.child(`passengerForm.${direction}.0`);
    for (let end = 1; end <= PASSENGER.length; end += 1) {
      form.send({ type: 'passenger.type', index: 0, value: PASSENGER.slice(0, end) });
    }
    form.send({ type: 'form.save' });
  }
  await flush();
  run.actor.send({ type: 'donation.toggle' });
  run.actor.send({ type: 'donation.message', text: `Semoga selamat, ${BOOKER.name}` });
  run.actor.send({ type: 'refundable.set', value: 'no' });
  run.actor.send({ type: 'terms.set', checked: true });
  run.actor.send({ type: 'reserve.request' });
  run.actor.send({ type: 'dialog.confirm' });
  await flush();
  await flush();
  expect(run.actor.getSnapshot().context.orderCode).toBe('TMP-77');
  return JSON.parse(JSON.stringify(run.recorder.exportTrace())) as TraceDocument;
}

describe('support traces of a booking', () => {
  it('a round trip replays to the recorded snapshot at every step', async () => {
    const trace = await roundTripTrace();
    expect(TraceDocumentSchema.safeParse(trace).success).toBe(true);
    const lane = trace.lanes[0];
    expect(lane?.name).toBe('booking');
    // The page's taps, the layouts and price answers, the reservation's answer are all steps.
    const sources = new Set(lane?.steps.map((step) => step.source));
    expect(sources).toEqual(new Set(['ui', 'effect']));
    expect(lane?.steps.some((step) => step.event.type === 'xstate.promise.resolve')).toBe(true);
    expect(lane?.steps.flatMap((step) => step.draws ?? [])).toHaveLength(1);
    const replay = replayTrace(trace);
    expect(replay.otherVersion).toEqual([]);
    expect(replay.lanes[0]?.divergence).toBeNull();
    expect(replay.lanes[0]?.steps).toHaveLength(lane?.steps.length ?? -1);
    expect(replay.lanes[0]?.steps.every((step) => step.match)).toBe(true);
    expect(replay.identical).toBe(true);
    // The confirmation's navigation is seen again on replay.
    const navigations = replay.lanes[0]?.steps.flatMap((step) => step.emitted).filter((e) => e.type === 'navigate');
    expect(navigations?.at(-1)).toMatchObject({ intent: { name: 'confirmation-payment-order' } });
  });

  it('a connecting booking replays to identical snapshots', async () => {
    const run = recordedBooking(connecting);
    run.actor.send({ type: 'seats.open', direction: 'pergi' });
    await flush();
    run.child('seatSelection.pergi').send({ type: 'seat.toggle', key: '1-1' });
    run.child('seatSelection.pergi').send({ type: 'selection.save' });
    await flush();
    run.child('seatSelection.pergi').send({ type: 'seat.toggle', key: '1-2' });
    run.child('seatSelection.pergi').send({ type: 'selection.save' });
    await flush();
    const trace = JSON.parse(JSON.stringify(run.recorder.exportTrace())) as TraceDocument;
    expect(trace.lanes[0]?.steps.length).toBeGreaterThan(4);
    const replay = replayTrace(trace);
    expect(replay.lanes[0]?.divergence).toBeNull();
    expect(replay.identical).toBe(true);
  });

  it('no name, phone, email or typed prefix of them reaches the trace', async () => {
    const text = JSON.stringify(await roundTripTrace());
    for (const secret of [
      BOOKER.name,
      'Budi',
      'Santoso',
      BOOKER.phone,
      '0812345',
      BOOKER.email,
      'santoso@',
      PASSENGER,
      'Rahayu',
    ]) {
      expect(text).not.toContain(secret);
    }
  });

  it('an edited trace names its first divergent step', async () => {
    const trace = await roundTripTrace();
    const lane = trace.lanes[0];
    const index = lane?.steps.findIndex((step) => step.event.type === 'seat.toggle') ?? -1;
    expect(index).toBeGreaterThan(0);
    const step = lane?.steps[index];
    if (!step) throw new Error('no seat step');
    step.event = { ...step.event, key: '1-2' };
    const replay = replayTrace(trace);
    expect(replay.identical).toBe(false);
    expect(replay.lanes[0]?.divergence).toMatchObject({
      index,
      i: step.i,
      eventType: 'seat.toggle',
      reason: 'snapshot',
    });
    expect(replay.lanes[0]?.divergence?.differences.length).toBeGreaterThan(0);
  });

  it('a trace of another machine version is flagged', async () => {
    const trace = await roundTripTrace();
    const lane = trace.lanes[0];
    if (!lane) throw new Error('no lane');
    lane.machine.signature = 'another-version';
    expect(replayTrace(trace).otherVersion).toEqual(['booking']);
  });
});

describe('personal data placeholders', () => {
  it('keep length and kind of every character, and never a character itself', () => {
    const mask = new PersonalDataMask({ seed: 1 });
    const placeholder = mask.placeholder('Budi Santoso 0812-3456 budi@mail.com');
    expect(placeholder).toHaveLength('Budi Santoso 0812-3456 budi@mail.com'.length);
    expect(placeholder).toMatch(/^[A-Z][a-z]{3} [A-Z][a-z]{6} 0[0-9]{3}-[0-9]{4} [a-z]{4}@[a-z]{4}\.[a-z]{3}$/);
    for (const [index, char] of [...'BudiSantoso'].entries()) {
      expect(placeholder.replace(/[^A-Za-z]/g, '')[index]).not.toBe(char);
    }
  });

  it('are stable within a trace and differ between traces', () => {
    const one = new PersonalDataMask({ seed: 1 });
    const two = new PersonalDataMask({ seed: 2 });
    expect(one.placeholder('Budi')).toBe(one.placeholder('Budi'));
    expect(one.placeholder('Budi')).not.toBe(two.placeholder('Budi'));
  });

  it('leave validation messages and operator names alone', () => {
    const mask = new PersonalDataMask({ seed: 3 });
    const masked = mask.mask(
      {
        values: { name: 'Budi' },
        errors: { name: 'Harap isi' },
        operator: { nama: 'Primajasa' },
        penumpang: [{ nama: 'Budi', kursi: '1A' }],
      },
      'booking',
    );
    expect(masked.errors.name).toBe('Harap isi');
    expect(masked.operator.nama).toBe('Primajasa');
    expect(masked.values.name).not.toBe('Budi');
    expect(masked.penumpang[0]?.nama).toBe(masked.values.name);
    expect(masked.penumpang[0]?.kursi).toBe('1A');
  });

  it("mask a passenger row's name but not a route's, a floor's or an event's type", () => {
    const mask = new PersonalDataMask({ seed: 4 });
    const masked = mask.mask(
      {
        rows: [{ name: 'Budi', error: null }],
        intent: { kind: 'route', name: 'schedule' },
        floor: { nama: 'Utama', kursi: { '1-1': { no: '1A' } } },
        event: { type: 'Budi.choose' },
      },
      'booking',
    );
    expect(masked.rows[0]?.name).toBe(mask.placeholder('Budi'));
    expect(masked.intent.name).toBe('schedule');
    expect(masked.floor.nama).toBe('Utama');
    expect(masked.event.type).toBe('Budi.choose');
  });
});
