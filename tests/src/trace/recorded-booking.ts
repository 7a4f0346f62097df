import { expect } from 'vitest';
import { assign, createActor, fromPromise, SimulatedClock, type AnyActorRef } from 'xstate';
import type { CekHargaResults } from '../../../contract';
import type { CustomerLoginResults, RequestLoginResults } from '../../../contract/account';
import type { TraceDocument } from '../../../contract/support';
import type { ReserveInput, ReserveOutcome } from '../../../machines/booking-context';
import type { PriceRequest } from '../../../machines/booking-requests';
import { reservationKeyFor } from '../../../machines/booking-reservation';
import { bookingPriceMachine } from '../../../machines/booking-price.machine';
import { bookingMachine } from '../../../machines/booking.machine';
import {
  loginMachine,
  type LoginOutcome,
  type RequestCodeInput,
  type VerifyCodeInput,
} from '../../../machines/login.machine';
import { seatSelectionMachine, type LoadLayoutInput } from '../../../machines/seat-selection.machine';
import { TraceRecorder } from '../../../src/trace/trace-recorder';
import {
  childOf,
  flush,
  input,
  priceResults,
  reservedResults,
  roundTrip,
  threeSeatLayout,
} from '../../machines/booking-fixtures';

/** What a customer types and the server answers about them during one visit. */
export interface Customer {
  booker: { name: string; phone: string; email: string };
  passenger: string;
  donationMessage: string;
  /** The login: the contact as typed, the code the server sent, where it says it went, the token. */
  login: { contact: string; sentTo: string; otp: string; token: string };
}

export const BUDI: Customer = {
  booker: { name: 'Budi Santoso', phone: '081234567890', email: 'budi.santoso@mail.com' },
  passenger: 'Siti Rahayu',
  donationMessage: 'Semoga selamat, Budi Santoso',
  login: { contact: '081234567890', sentTo: '0812****7890', otp: '482913', token: 'tok-budi-7f3a9c' },
};

export function newRecorder(route = '/app/information-passengers'): TraceRecorder {
  return new TraceRecorder({
    appVersion: 'test',
    layout: () => 'd',
    platform: () => 'WEB',
    route: () => route,
    seed: 7,
  });
}

/** The booking machine with answering fakes, recorded the way the app records it. */
export function recordedBooking(trip: typeof roundTrip, recorder: TraceRecorder = newRecorder()) {
  let keys = 0;
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
        reservationKeyFor(context, () => recorder.draw(`key-${(keys += 1)}`)),
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

/** A whole round-trip booking, from the booker's form to the confirmation, typed key by key. */
export async function bookRoundTrip(customer: Customer, recorder: TraceRecorder = newRecorder()): Promise<void> {
  const run = recordedBooking(roundTrip, recorder);
  run.actor.send({ type: 'booker.open' });
  typeInto(run.child('bookerForm'), 'name', customer.booker.name);
  typeInto(run.child('bookerForm'), 'phone', customer.booker.phone);
  typeInto(run.child('bookerForm'), 'email', customer.booker.email);
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
    for (let end = 1; end <= customer.passenger.length; end += 1) {
      form.send({ type: 'passenger.type', index: 0, value: customer.passenger.slice(0, end) });
    }
    form.send({ type: 'form.save' });
  }
  await flush();
  run.actor.send({ type: 'donation.toggle' });
  run.actor.send({ type: 'donation.message', text: customer.donationMessage });
  run.actor.send({ type: 'refundable.set', value: 'no' });
  run.actor.send({ type: 'terms.set', checked: true });
  run.actor.send({ type: 'reserve.request' });
  run.actor.send({ type: 'dialog.confirm' });
  await flush();
  await flush();
  expect(run.actor.getSnapshot().context.orderCode).toBe('TMP-77');
}

/** Signing in by a one-time code: the contact and the code typed key by key, the server's answers. */
export async function signIn(customer: Customer, recorder: TraceRecorder): Promise<void> {
  const sent: RequestLoginResults = {
    tipe: 'telp',
    tujuan: customer.login.sentTo,
    berlaku_detik: 300,
    kirim_ulang_detik: 60,
    panjang_kode: 6,
  };
  const results: CustomerLoginResults = {
    token: customer.login.token,
    kedaluwarsa: '2030-01-01T00:00:00.000Z',
    pelanggan_baru: false,
    profil: {
      nama: customer.booker.name,
      email: customer.booker.email,
      telp: customer.booker.phone,
      jenis_kelamin: null,
      tanggal_lahir: null,
      pekerjaan_id: null,
      pekerjaan_lainnya: null,
    },
  };
  const machine = loginMachine.provide({
    actors: {
      requestCode: fromPromise<LoginOutcome<RequestLoginResults>, RequestCodeInput>(async () => ({
        kind: 'ok',
        results: sent,
      })),
      verifyCode: fromPromise<LoginOutcome<CustomerLoginResults>, VerifyCodeInput>(async () => ({
        kind: 'ok',
        results,
      })),
    },
  });
  const actor = createActor(machine, {
    input: { redirect: '/app/information-passengers', signedIn: false },
    clock: new SimulatedClock(),
    inspect: recorder.inspect,
  });
  actor.start();
  const { contact, otp } = customer.login;
  for (let end = 1; end <= contact.length; end += 1) actor.send({ type: 'contact.type', value: contact.slice(0, end) });
  actor.send({ type: 'contact.submit' });
  await flush();
  for (let end = 1; end <= otp.length; end += 1) actor.send({ type: 'code.type', value: otp.slice(0, end) });
  actor.send({ type: 'code.submit' });
  await flush();
  expect(actor.getSnapshot().status).toBe('done');
}

/** The trace as the server would store it (through JSON). */
export function exported(recorder: TraceRecorder): TraceDocument {
  return JSON.parse(JSON.stringify(recorder.exportTrace())) as TraceDocument;
}
