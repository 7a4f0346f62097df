import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import { bookingMessages, DEFAULT_PAYMENT, dialogTexts, type ReserveOutcome } from '../../machines/booking-context';
import { pointsNote, refundableNote } from '../../machines/booking-price';
import {
  bookerComplete,
  isReadyToReserve,
  openDialog,
  passengerFormChild,
  priceLoading,
  priceSkeletonRows,
  refundableHighlighted,
  reserving,
  seatCountsMatch,
  voucherListOpen,
} from '../../machines/booking-selectors';
import type { BookingEvent } from '../../machines/booking-setup';
import { bookingMachine } from '../../machines/booking.machine';
import {
  DONATION_DEFAULT,
  ERROR_TOAST_DELAY_MS,
  REFUNDABLE_HIGHLIGHT_MS,
  TOAST_MESSAGE_MS,
} from '../../machines/constants';
import {
  childOf,
  chooseSeats,
  connecting,
  enterBooker,
  enterPassengers,
  flush,
  input,
  noSeatTrip,
  oneWay,
  passengers,
  priceResults,
  readyToReserve,
  roundTrip,
  seat,
  holdOf,
  priceOf,
  start,
  validBooker,
  type Run,
} from './booking-fixtures';
import type { NavigationIntent } from '../../machines/types';
import { roundTripSnapshot } from './support/persistence';

const toast = (message: string, position: 'top' | 'bottom' = 'top') => ({
  type: 'toast',
  message,
  durationMs: TOAST_MESSAGE_MS,
  position,
});

async function settlePrice(run: Run, patch: Parameters<typeof priceResults>[0] = {}) {
  run.checkPrice.calls.at(-1)?.resolve(priceResults(patch));
  await flush();
}

async function reserveWith(run: Run, outcome: ReserveOutcome) {
  run.actor.send({ type: 'reserve.request' });
  run.actor.send({ type: 'dialog.confirm' });
  run.reserve.calls.at(-1)?.resolve(outcome);
  await flush();
}

const ok = (patch: Partial<{ flag_lunas: 0 | 1; flag_harga_berubah: 0 | 1; total_bayar: number }> = {}) =>
  ({
    kind: 'ok',
    results: {
      reservasi_kode: 'TMP-123',
      flag_harga_berubah: 0,
      total_bayar: 200_000,
      flag_lunas: 0,
      kunci_pesanan: 'kunci-pesanan-uji-0001',
      ...patch,
    },
  }) as const;

describe('bookingMachine: start and trip', () => {
  it('starts editing with an empty booking, refundable unset, default donation and payment', () => {
    const { actor } = start();
    const snapshot = actor.getSnapshot();
    expect(snapshot.value).toEqual({
      flow: 'editing',
      refundableHighlight: 'off',
      voucherList: 'closed',
      profile: 'idle',
    });
    // The price check and the seat hold run as the root's children, idle.
    expect(priceOf(snapshot)?.value).toBe('idle');
    expect(holdOf(snapshot)?.value).toBe('idle');
    expect(holdOf(snapshot)?.context.hold).toEqual({
      token: null,
      endsAt: null,
      deadline: null,
      remainingMs: 0,
      legs: [],
      again: false,
    });
    expect(snapshot.context).toMatchObject({
      trip: null,
      holdToken: null,
      refundable: 'unset',
      usePoint: false,
      donation: { on: false, amount: DONATION_DEFAULT, message: '', messageError: null },
      payment: DEFAULT_PAYMENT,
      termsAccepted: false,
    });
    expect(DEFAULT_PAYMENT).toEqual({ code: '', name: '', fee: 0, typeFee: 'persen' });
  });

  it('trip.set stores the trip, clears the old selection and checks the price', async () => {
    const run = await readyToReserve();
    const before = run.checkPrice.calls.length;
    run.actor.send({ type: 'trip.set', trip: roundTrip });
    const { context } = run.actor.getSnapshot();
    expect(context.trip).toEqual(roundTrip);
    expect(context.seats).toEqual({ pergi: [], pulang: [] });
    expect(context.passengers).toEqual({ pergi: [], pulang: [] });
    expect(context.price).toBeNull();
    expect(run.checkPrice.calls).toHaveLength(before + 1);
  });

  it('trip.set to a trip that cannot take cover drops a yes', async () => {
    const run = await readyToReserve();
    run.actor.send({ type: 'refundable.set', value: 'yes' });
    run.actor.send({
      type: 'trip.set',
      trip: { ...oneWay, outbound: [{ ...oneWay.outbound[0]!, refundable: false }] },
    });
    expect(run.actor.getSnapshot().context.refundable).toBe('unset');
  });

  it('does not check the price without a trip', () => {
    const run = start();
    run.actor.send({ type: 'price.refresh' });
    expect(run.checkPrice.calls).toHaveLength(0);
    expect(priceLoading(priceOf(run.actor.getSnapshot()))).toBe(false);
  });
});

describe('bookingMachine: price recompute', () => {
  it('shows the skeleton while checking and stores the reply', async () => {
    const run = start({ trip: oneWay });
    chooseSeats(run, 'pergi', [[seat('1A')]]);
    expect(priceLoading(priceOf(run.actor.getSnapshot()))).toBe(true);
    expect(priceSkeletonRows(priceOf(run.actor.getSnapshot()))).toBe(3);
    expect(run.checkPrice.calls[0]?.input).toMatchObject({
      trip: { outbound: { seats: ['1A'], leg: { scheduleCode: 'J-GO' } } },
    });
    await settlePrice(run);
    expect(priceLoading(priceOf(run.actor.getSnapshot()))).toBe(false);
    expect(priceSkeletonRows(priceOf(run.actor.getSnapshot()))).toBe(0);
    expect(run.actor.getSnapshot().context.price).toEqual(priceResults());
  });

  it('restarts on a new change: the reply of the cancelled check is ignored', async () => {
    const run = start({ trip: oneWay });
    chooseSeats(run, 'pergi', [[seat('1A')]]);
    run.actor.send({ type: 'donation.toggle' });
    expect(run.checkPrice.calls).toHaveLength(2);
    run.checkPrice.calls[0]?.resolve(priceResults({ total_bayar: 1 }));
    await flush();
    expect(priceLoading(priceOf(run.actor.getSnapshot()))).toBe(true);
    expect(run.actor.getSnapshot().context.price).toBeNull();
    run.checkPrice.calls[1]?.resolve(priceResults({ total_bayar: 2 }));
    await flush();
    expect(run.actor.getSnapshot().context.price?.total_bayar).toBe(2);
  });

  it('fails silently: the loading flag resets, the last price stays, nothing is shown', async () => {
    const run = start({ trip: oneWay });
    chooseSeats(run, 'pergi', [[seat('1A')]]);
    await settlePrice(run);
    run.actor.send({ type: 'donation.toggle' });
    run.checkPrice.calls.at(-1)?.reject(new Error('offline'));
    await flush();
    expect(priceLoading(priceOf(run.actor.getSnapshot()))).toBe(false);
    expect(run.actor.getSnapshot().context.price).toEqual(priceResults());
    expect(run.emitted.toasts).toEqual([]);
  });

  it('a refresh after leaving (no trip) cancels the check in flight', async () => {
    const run = start({ trip: oneWay });
    chooseSeats(run, 'pergi', [[seat('1A')]]);
    run.actor.send({ type: 'leave.request', intent: { kind: 'back', steps: 1 } });
    run.actor.send({ type: 'dialog.confirm' });
    expect(priceLoading(priceOf(run.actor.getSnapshot()))).toBe(false);
  });

  const changes: [string, (run: Run) => void][] = [
    ['seats', (run) => chooseSeats(run, 'pergi', [[seat('1C')]])],
    ['passengers', (run) => enterPassengers(run, 'pergi', 0, passengers('Budi Santoso'))],
    ['refundable', (run) => run.actor.send({ type: 'refundable.set', value: 'yes' })],
    ['donation', (run) => run.actor.send({ type: 'donation.toggle' })],
    [
      'donation amount',
      (run) => {
        run.actor.send({ type: 'donation.toggle' });
        run.actor.send({ type: 'donation.amount', amount: 5000 });
      },
    ],
    ['points', (run) => run.actor.send({ type: 'points.toggle' })],
    [
      'voucher set',
      (run) => run.actor.send({ type: 'voucher.set', voucher: { name: 'Hemat', code: 'HEMAT', price: 10_000 } }),
    ],
    [
      'voucher removed',
      (run) => {
        run.actor.send({ type: 'voucher.set', voucher: { name: 'Hemat', code: 'HEMAT', price: 10_000 } });
        run.actor.send({ type: 'voucher.clear' });
      },
    ],
  ];
  it.each(changes)('recomputes when %s change', async (_, change) => {
    const run = await readyToReserve({ signedIn: true });
    const before = run.checkPrice.calls.length;
    change(run);
    const expected = _ === 'donation amount' || _ === 'voucher removed' ? 2 : 1;
    expect(run.checkPrice.calls.length - before).toBe(expected);
  });

  it('ignores changes that change nothing: voucher.clear without voucher, a donation amount below the default', async () => {
    const run = await readyToReserve();
    const before = run.checkPrice.calls.length;
    run.actor.send({ type: 'voucher.clear' });
    run.actor.send({ type: 'donation.amount', amount: 5000 }); // donation off
    run.actor.send({ type: 'donation.toggle' });
    run.actor.send({ type: 'donation.amount', amount: DONATION_DEFAULT - 1 });
    run.actor.send({ type: 'donation.amount', amount: 2500.5 });
    expect(run.checkPrice.calls.length - before).toBe(1);
    expect(run.actor.getSnapshot().context.donation.amount).toBe(DONATION_DEFAULT);
  });

  it('terms, booker and the same-as-booker flag do not touch the price', async () => {
    const run = await readyToReserve();
    const before = run.checkPrice.calls.length;
    run.actor.send({ type: 'terms.set', checked: false });
    run.actor.send({ type: 'sameAsBooker.set', value: true });
    enterBooker(run);
    expect(run.checkPrice.calls.length).toBe(before);
    expect(run.actor.getSnapshot().context.sameAsBooker).toBe(true);
  });

  it('the page asks for a recompute when coming from customer-order, with sa, or from the payment confirmation', () => {
    for (const event of [
      { type: 'page.enter', from: 'customer-order' },
      { type: 'page.enter', from: 'payment-confirmation' },
      { type: 'page.enter', from: 'schedule', sa: true },
    ] as BookingEvent[]) {
      const run = start({ trip: oneWay });
      run.actor.send(event);
      expect(run.checkPrice.calls).toHaveLength(1);
    }
    const plain = start({ trip: oneWay });
    plain.actor.send({ type: 'page.enter', from: 'schedule' });
    expect(plain.checkPrice.calls).toHaveLength(0);
    expect(plain.actor.getSnapshot().context.sa).toBe(false);
  });

  it('back from the booker sheet is an entry from customer-order; back from another sheet is not', () => {
    const run = start({ trip: oneWay });
    run.actor.send({ type: 'page.enter', from: 'schedule', sa: true });
    expect(run.checkPrice.calls).toHaveLength(1);
    run.actor.send({ type: 'page.return', sheet: 'voucher' });
    expect(run.checkPrice.calls).toHaveLength(1);
    expect(run.actor.getSnapshot().context.sa).toBe(true);
    run.actor.send({ type: 'page.return', sheet: 'booker' });
    expect(run.checkPrice.calls).toHaveLength(2);
    expect(run.actor.getSnapshot().context.sa).toBe(false);
  });

  it('coming from the partner schedule clears the voucher', () => {
    const run = start({ trip: oneWay });
    run.actor.send({ type: 'voucher.set', voucher: { name: 'Hemat', code: 'HEMAT', price: 10_000 } });
    run.actor.send({ type: 'page.enter', from: 'partner-schedule' });
    expect(run.actor.getSnapshot().context.voucher).toBeNull();
    expect(run.checkPrice.calls).toHaveLength(2);
    run.actor.send({ type: 'page.enter', from: 'partner-schedule' });
    expect(run.checkPrice.calls).toHaveLength(2);
  });
});

describe('bookingMachine: refundable tri-state', () => {
  it('goes from unset to yes or no when the trip allows cover', async () => {
    const run = start({ trip: oneWay });
    run.actor.send({ type: 'refundable.set', value: 'yes' });
    expect(run.actor.getSnapshot().context.refundable).toBe('yes');
    run.actor.send({ type: 'refundable.set', value: 'no' });
    expect(run.actor.getSnapshot().context.refundable).toBe('no');
    expect(refundableNote(run.actor.getSnapshot().context)).toBeNull();
  });

  it('is disabled with "Tiket gratis tidak dapat menggunakan fitur ini" when flag_status_asuransi is 0', async () => {
    const run = start({ trip: oneWay });
    run.actor.send({ type: 'refundable.set', value: 'yes' });
    await settlePrice(run, { flag_status_asuransi: 0 });
    const { context } = run.actor.getSnapshot();
    expect(context.refundable).toBe('unset');
    expect(refundableNote(context)).toBe('Tiket gratis tidak dapat menggunakan fitur ini');
    run.actor.send({ type: 'refundable.set', value: 'yes' });
    expect(run.actor.getSnapshot().context.refundable).toBe('unset');
  });

  it('before a price check, the trip legs decide', () => {
    const run = start({ trip: noSeatTrip });
    run.actor.send({ type: 'refundable.set', value: 'yes' });
    expect(run.actor.getSnapshot().context.refundable).toBe('yes');
    const free = start({ trip: { ...oneWay, outbound: [{ ...oneWay.outbound[0]!, refundable: false }] } });
    free.actor.send({ type: 'refundable.set', value: 'no' });
    expect(free.actor.getSnapshot().context.refundable).toBe('unset');
    expect(refundableNote(free.actor.getSnapshot().context)).toBe(bookingMessages.refundableFree);
  });

  it('is ignored when the feature is off', () => {
    const run = start({ trip: oneWay, features: { refundable: false, berkah: true, point: true } });
    run.actor.send({ type: 'refundable.set', value: 'yes' });
    expect(run.actor.getSnapshot().context.refundable).toBe('unset');
    expect(refundableNote(run.actor.getSnapshot().context)).toBeNull();
  });
});

describe('bookingMachine: points', () => {
  it('a guest gets "Masuk untuk bisa gunakan fitur ini" (3 s, top)', () => {
    const run = start({ trip: oneWay });
    run.actor.send({ type: 'points.toggle' });
    expect(run.actor.getSnapshot().context.usePoint).toBe(false);
    expect(run.emitted.toasts).toEqual([toast('Masuk untuk bisa gunakan fitur ini')]);
  });

  it('signed in without redeemable points: "Maaf tidak ada point yang dapat ditukarkan" (3 s, top)', async () => {
    const run = start({ trip: oneWay, signedIn: true, booker: validBooker });
    run.actor.send({ type: 'points.toggle' }); // no price yet: detailPoint.flag is 0
    chooseSeats(run, 'pergi', [[seat('1A')]]);
    await settlePrice(run, { flag_status_point: 0, max_point: 0 });
    run.actor.send({ type: 'points.toggle' });
    await settlePrice(run, { flag_status_point: 1, max_point: 0 });
    run.actor.send({ type: 'points.toggle' });
    expect(run.actor.getSnapshot().context.usePoint).toBe(false);
    expect(run.emitted.toasts).toEqual([
      toast('Maaf tidak ada point yang dapat ditukarkan'),
      toast('Maaf tidak ada point yang dapat ditukarkan'),
      toast('Maaf tidak ada point yang dapat ditukarkan'),
    ]);
  });

  it('toggles on and off when allowed, and a reply without points turns it off', async () => {
    const run = await readyToReserve({ signedIn: true });
    run.actor.send({ type: 'points.toggle' });
    expect(run.actor.getSnapshot().context.usePoint).toBe(true);
    expect(run.checkPrice.calls.at(-1)?.input).toMatchObject({ options: { usePoints: true } });
    run.actor.send({ type: 'points.toggle' });
    expect(run.actor.getSnapshot().context.usePoint).toBe(false);
    run.actor.send({ type: 'points.toggle' });
    await settlePrice(run, { flag_status_point: 0 });
    expect(run.actor.getSnapshot().context.usePoint).toBe(false);
  });

  it('is ignored when the feature is off', async () => {
    const run = await readyToReserve({ signedIn: true, features: { refundable: true, berkah: true, point: false } });
    run.actor.send({ type: 'points.toggle' });
    expect(run.actor.getSnapshot().context.usePoint).toBe(false);
    expect(run.emitted.toasts).toEqual([]);
  });
});

describe('bookingMachine: the points option text', () => {
  const note = (run: Run) => pointsNote(run.actor.getSnapshot().context);

  it('a guest: "Masuk untuk bisa gunakan fitur ini"', () => {
    expect(note(start({ trip: oneWay }))).toBe('Masuk untuk bisa gunakan fitur ini');
  });

  it('signed in: nothing before seats, then the redeemable amount, none, or a free ticket', async () => {
    const run = start({ trip: oneWay, signedIn: true });
    await settlePrice(run, { sub_total: 0, total_bayar: 0, flag_status_point: 0, max_point: 0 });
    expect(note(run)).toBeNull();
    chooseSeats(run, 'pergi', [[seat('1A')]]);
    await settlePrice(run);
    expect(note(run)).toBeNull();
    run.actor.send({ type: 'price.refresh' });
    await settlePrice(run, { flag_status_point: 0, max_point: 0 });
    expect(note(run)).toBe('Yahh, pesanan ini tidak dapat ditukar dengan point');
    run.actor.send({ type: 'price.refresh' });
    await settlePrice(run, { sub_total: 0, total_bayar: 0, flag_status_point: 0, max_point: 0 });
    expect(note(run)).toBe('Tiket gratis tidak dapat menggunakan fitur ini');
  });
});

describe('bookingMachine: signing in or out on the page', () => {
  it('signing in prices again, prefills the empty booker from the profile and lets points be redeemed', async () => {
    const run = start({ trip: oneWay });
    run.actor.send({ type: 'page.enter', from: 'schedule' });
    chooseSeats(run, 'pergi', [[seat('1A')]]);
    await settlePrice(run, { flag_status_point: 0, max_point: 0, total_point: 0 });
    const checks = run.checkPrice.calls.length;
    run.actor.send({ type: 'session.change', signedIn: true });
    expect(run.actor.getSnapshot().context.signedIn).toBe(true);
    expect(run.checkPrice.calls).toHaveLength(checks + 1);
    expect(run.loadProfile.calls).toHaveLength(1);
    run.loadProfile.calls[0]?.resolve({ name: 'Dewi Lestari', phone: '085711223344', email: '' });
    await settlePrice(run);
    expect(run.actor.getSnapshot().context.booker).toEqual({ name: 'Dewi Lestari', phone: '085711223344', email: '' });
    run.actor.send({ type: 'points.toggle' });
    expect(run.actor.getSnapshot().context.usePoint).toBe(true);
    expect(run.checkPrice.calls.at(-1)?.input).toMatchObject({ options: { usePoints: true } });
    expect(run.emitted.toasts).toEqual([]);
  });

  it('signing in with the booker already filled loads no profile', () => {
    const run = start({ trip: oneWay, booker: validBooker });
    run.actor.send({ type: 'session.change', signedIn: true });
    expect(run.loadProfile.calls).toHaveLength(0);
    expect(run.actor.getSnapshot().matches({ profile: 'idle' })).toBe(true);
  });

  it('a dropped token turns redeemed points off, prices again as a guest and refuses points', async () => {
    const run = await readyToReserve({ signedIn: true });
    run.actor.send({ type: 'points.toggle' });
    await settlePrice(run);
    expect(run.actor.getSnapshot().context.usePoint).toBe(true);
    run.actor.send({ type: 'session.change', signedIn: false });
    const { context } = run.actor.getSnapshot();
    expect(context.signedIn).toBe(false);
    expect(context.usePoint).toBe(false);
    expect(run.checkPrice.calls.at(-1)?.input).toMatchObject({ options: { usePoints: false } });
    run.actor.send({ type: 'points.toggle' });
    expect(run.actor.getSnapshot().context.usePoint).toBe(false);
    expect(run.emitted.toasts).toEqual([toast('Masuk untuk bisa gunakan fitur ini')]);
  });

  it("signing out while the profile loads stops it; another customer's sign-in asks for theirs", async () => {
    const run = start({ trip: oneWay, signedIn: true });
    run.actor.send({ type: 'page.enter', from: 'schedule' });
    expect(run.loadProfile.calls).toHaveLength(1);
    run.actor.send({ type: 'session.change', signedIn: false });
    expect(run.actor.getSnapshot().matches({ profile: 'idle' })).toBe(true);
    run.loadProfile.calls[0]?.resolve({ name: 'Orang Lama', phone: '081234567890', email: 'lama@contoh.id' });
    await flush();
    expect(run.actor.getSnapshot().context.booker).toEqual({ name: '', phone: '', email: '' });

    run.actor.send({ type: 'session.change', signedIn: true });
    expect(run.loadProfile.calls).toHaveLength(2);
    run.actor.send({ type: 'session.change', signedIn: true });
    expect(run.loadProfile.calls).toHaveLength(3);
    run.loadProfile.calls[1]?.resolve({ name: 'Pelanggan Pertama', phone: '081111111111', email: '' });
    await flush();
    expect(run.actor.getSnapshot().matches({ profile: 'loading' })).toBe(true);
    run.loadProfile.calls[2]?.resolve({ name: 'Pelanggan Kedua', phone: '082222222222', email: '' });
    await flush();
    expect(run.actor.getSnapshot().context.booker).toEqual({
      name: 'Pelanggan Kedua',
      phone: '082222222222',
      email: '',
    });
  });

  it('is taken in a dialog and while reserving, without leaving it', async () => {
    const run = await readyToReserve({ signedIn: true });
    run.actor.send({ type: 'reserve.request' });
    run.actor.send({ type: 'session.change', signedIn: false });
    expect(run.actor.getSnapshot().matches({ flow: 'confirmingReservation' })).toBe(true);
    expect(run.actor.getSnapshot().context.signedIn).toBe(false);
  });
});

describe('bookingMachine: donation', () => {
  it('toggles with the default amount and takes amounts from the default up', () => {
    const run = start({ trip: oneWay });
    run.actor.send({ type: 'donation.toggle' });
    expect(run.actor.getSnapshot().context.donation).toMatchObject({ on: true, amount: DONATION_DEFAULT });
    expect(run.checkPrice.calls.at(-1)?.input).toMatchObject({ options: { donation: DONATION_DEFAULT } });
    run.actor.send({ type: 'donation.amount', amount: 50_000 });
    expect(run.actor.getSnapshot().context.donation.amount).toBe(50_000);
    run.actor.send({ type: 'donation.toggle' });
    expect(run.actor.getSnapshot().context.donation.on).toBe(false);
    expect(run.checkPrice.calls.at(-1)?.input).toMatchObject({ options: { donation: null } });
  });

  it('cuts the message at 120 characters with "Maksimal karakter hanya 120"', () => {
    const run = start({ trip: oneWay });
    run.actor.send({ type: 'donation.message', text: 'a'.repeat(121) });
    expect(run.actor.getSnapshot().context.donation).toMatchObject({
      message: 'a'.repeat(120),
      messageError: 'Maksimal karakter hanya 120',
    });
    run.actor.send({ type: 'donation.message', text: 'Semoga berkah' });
    expect(run.actor.getSnapshot().context.donation).toMatchObject({ message: 'Semoga berkah', messageError: null });
  });

  it('is ignored when the feature is off', () => {
    const run = start({ trip: oneWay, features: { refundable: true, berkah: false, point: true } });
    run.actor.send({ type: 'donation.toggle' });
    run.actor.send({ type: 'donation.message', text: 'x' });
    expect(run.actor.getSnapshot().context.donation).toMatchObject({ on: false, message: '' });
    expect(run.checkPrice.calls).toHaveLength(0);
  });
});

describe('bookingMachine: voucher list', () => {
  it('opens only when the booker details are filled, else "Detail pemesan kosong, ..."', () => {
    const run = start({ trip: oneWay });
    run.actor.send({ type: 'voucher.open' });
    expect(voucherListOpen(run.actor.getSnapshot())).toBe(false);
    expect(run.emitted.toasts).toEqual([toast('Detail pemesan kosong, harap masukan detail lebih dahulu')]);
    enterBooker(run);
    run.actor.send({ type: 'voucher.open' });
    expect(voucherListOpen(run.actor.getSnapshot())).toBe(true);
    run.actor.send({ type: 'voucher.close' });
    expect(voucherListOpen(run.actor.getSnapshot())).toBe(false);
  });

  it('choosing a voucher closes the list and prices it', () => {
    const run = start({ trip: oneWay, booker: validBooker });
    run.actor.send({ type: 'voucher.open' });
    run.actor.send({ type: 'voucher.set', voucher: { name: 'Hemat', code: 'HEMAT', price: 10_000 } });
    expect(voucherListOpen(run.actor.getSnapshot())).toBe(false);
    expect(run.checkPrice.calls.at(-1)?.input).toMatchObject({
      options: { voucher: { code: 'HEMAT', discount: 10_000 } },
    });
  });
});

describe('bookingMachine: voucher list navigation', () => {
  const listRoute: NavigationIntent = { kind: 'route', name: 'list-voucher' };

  it('opening goes to the list sheet; refused, it stays on the page', () => {
    const run = start({ trip: oneWay });
    run.actor.send({ type: 'voucher.open' });
    expect(run.emitted.navigations).toEqual([]);
    enterBooker(run);
    run.actor.send({ type: 'voucher.open' });
    expect(run.emitted.navigations).toEqual([listRoute]);
  });

  it('the sheet opened by its address (a link, a reload) opens the list without a second entry', () => {
    const run = start({ trip: oneWay, booker: validBooker });
    run.actor.send({ type: 'voucher.attach' });
    expect(voucherListOpen(run.actor.getSnapshot())).toBe(true);
    expect(run.emitted.navigations).toEqual([]);
    // Opened by the bar first, the sheet mounting asks again: nothing more happens.
    run.actor.send({ type: 'voucher.close' });
    run.actor.send({ type: 'voucher.open' });
    run.actor.send({ type: 'voucher.attach' });
    expect(run.emitted.navigations).toEqual([listRoute]);
    expect(voucherListOpen(run.actor.getSnapshot())).toBe(true);
  });

  it('the sheet opened by its address without the booker: its toast, and the page replaces it', () => {
    const run = start({ trip: oneWay });
    run.actor.send({ type: 'voucher.attach' });
    expect(voucherListOpen(run.actor.getSnapshot())).toBe(false);
    expect(run.emitted.toasts).toEqual([toast('Detail pemesan kosong, harap masukan detail lebih dahulu')]);
    expect(run.emitted.navigations).toEqual([{ kind: 'route', name: 'information-passengers', replace: true }]);
  });

  it('a list left open without its sheet (an earlier visit) opens the sheet again', () => {
    const run = start({ trip: oneWay, booker: validBooker });
    run.actor.send({ type: 'voucher.attach' });
    run.actor.send({ type: 'voucher.open' });
    expect(run.emitted.navigations).toEqual([listRoute]);
    expect(voucherListOpen(run.actor.getSnapshot())).toBe(true);
  });
});

describe('bookingMachine: seats left on a schedule without seat selection', () => {
  const fewLeft = { ...noSeatTrip, outbound: [{ ...noSeatTrip.outbound[0]!, remainingSeats: 2 }] };

  it('the passenger form knows the seats the chosen schedule has left', () => {
    const run = start({ trip: fewLeft });
    run.actor.send({ type: 'passengers.open', direction: 'pergi' });
    expect(run.childInput('passengerForm.pergi.0')).toMatchObject({ remainingSeats: 2 });
    // A lower count from the screen wins; a higher one does not lift the schedule's.
    run.actor.send({ type: 'passengers.open', direction: 'pergi', remainingSeats: 1 });
    expect(run.childInput('passengerForm.pergi.0')).toMatchObject({ remainingSeats: 1 });
    run.actor.send({ type: 'passengers.open', direction: 'pergi', remainingSeats: 5 });
    expect(run.childInput('passengerForm.pergi.0')).toMatchObject({ remainingSeats: 2 });
  });

  it('"Pilih" carries the count into the trip, and the price check stays within it', () => {
    const run = start({ layout: 'd' });
    run.actor.send({ type: 'schedule.choose', direction: 'pergi', legs: fewLeft.outbound });
    expect(run.actor.getSnapshot().context.trip?.outbound[0]?.remainingSeats).toBe(2);
    enterPassengers(run, 'pergi', 0, passengers('Budi Santoso', 'Siti Aminah', 'Ani Lestari'));
    expect(run.checkPrice.calls.at(-1)?.input).toMatchObject({ trip: { outbound: { headCount: 2 } } });
  });
});

describe('bookingMachine: later connecting legs follow the first leg', () => {
  it("saving the first leg's names tells the later legs' open forms", () => {
    const run = start({ trip: connecting });
    run.actor.send({ type: 'passengers.open', direction: 'pergi', legIndex: 1 });
    const later = childOf(run.actor, 'passengerForm.pergi.1');
    const received: unknown[] = [];
    const inspect = run.actor.system.inspect((event) => {
      if (event.type === '@xstate.event' && event.actorRef === later) received.push(event.event);
    });
    enterPassengers(run, 'pergi', 0, { 'pass0-0': 'Budi Santoso', 'pass0-1': 'Siti Aminah' });
    inspect.unsubscribe();
    expect(received).toEqual([{ type: 'firstLeg.update', names: ['Budi Santoso', 'Siti Aminah'] }]);
  });

  it('a later leg saved, or a direct trip, tells nobody', () => {
    const run = start({ trip: connecting });
    run.actor.send({ type: 'passengers.open', direction: 'pergi', legIndex: 0 });
    const first = childOf(run.actor, 'passengerForm.pergi.0');
    const received: unknown[] = [];
    const inspect = run.actor.system.inspect((event) => {
      if (event.type === '@xstate.event' && event.actorRef === first) received.push(event.event);
    });
    enterPassengers(run, 'pergi', 1, { 'pass1-0': 'Budi Santoso' });
    inspect.unsubscribe();
    expect(received).toEqual([]);
  });
});

describe('bookingMachine: validation order', () => {
  async function reserveAndExpect(run: Run, message: string, field: string) {
    run.actor.send({ type: 'reserve.request' });
    expect(run.actor.getSnapshot().matches({ flow: 'editing' })).toBe(true);
    expect(run.emitted.toasts.at(-1)).toEqual(toast(message));
    expect(run.emitted.scrolls.at(-1)).toBe(field);
  }

  it('1. booker details', async () => {
    const run = start({ trip: oneWay });
    await reserveAndExpect(run, 'Detail pemesan kosong, harap masukan detail lebih dahulu', 'booker');
  });

  it('desktop connecting: every leg needs seats', async () => {
    const run = start({ trip: connecting, booker: validBooker });
    chooseSeats(run, 'pergi', [[seat('1A')]]);
    await reserveAndExpect(run, 'Harap lengkapi kursi terlebih dahulu', 'seats');
  });

  it('desktop round trip: both directions need seats', async () => {
    const run = start({ trip: roundTrip, booker: validBooker });
    chooseSeats(run, 'pergi', [[seat('1A')]]);
    run.actor.send({ type: 'child.close', id: 'seatSelection.pulang' });
    await reserveAndExpect(run, 'Harap lengkapi kursi pulang dan pergi terlebih dahulu', 'seats');
  });

  it('2. passengers', async () => {
    const run = start({ trip: oneWay, booker: validBooker });
    chooseSeats(run, 'pergi', [[seat('1A'), seat('1B')]]);
    enterPassengers(run, 'pergi', 0, passengers('Budi Santoso'));
    await reserveAndExpect(run, 'Harap lengkapi detail penumpang', 'passengers');
  });

  it('3. desktop round trip: return passengers', async () => {
    const run = start({ trip: roundTrip, booker: validBooker });
    chooseSeats(run, 'pergi', [[seat('1A')]]);
    chooseSeats(run, 'pulang', [[seat('2A')]]);
    enterPassengers(run, 'pergi', 0, passengers('Budi Santoso'));
    await reserveAndExpect(run, 'Harap lengkapi detail penumpang pulang', 'passengersReturn');
  });

  it('mobile round trip: missing return passengers stop at the passenger rule', async () => {
    const run = start({ trip: roundTrip, booker: validBooker, layout: 'm' });
    chooseSeats(run, 'pergi', [[seat('1A')]]);
    enterPassengers(run, 'pergi', 0, passengers('Budi Santoso'));
    await reserveAndExpect(run, 'Harap lengkapi detail penumpang', 'passengers');
  });

  it('4. refundable unset: toast, scroll and a highlight for REFUNDABLE_HIGHLIGHT_MS', async () => {
    const run = start({ trip: oneWay, booker: validBooker });
    chooseSeats(run, 'pergi', [[seat('1A')]]);
    enterPassengers(run, 'pergi', 0, passengers('Budi Santoso'));
    run.actor.send({ type: 'terms.set', checked: true });
    expect(refundableHighlighted(run.actor.getSnapshot())).toBe(false);
    await reserveAndExpect(run, 'Harap menentukan opsi refundable terlebih dahulu', 'refundable');
    expect(refundableHighlighted(run.actor.getSnapshot())).toBe(true);
    run.clock.increment(REFUNDABLE_HIGHLIGHT_MS - 1);
    run.actor.send({ type: 'reserve.request' }); // restarts the highlight
    run.clock.increment(REFUNDABLE_HIGHLIGHT_MS - 1);
    expect(refundableHighlighted(run.actor.getSnapshot())).toBe(true);
    run.clock.increment(1);
    expect(refundableHighlighted(run.actor.getSnapshot())).toBe(false);
  });

  it('refundable is not asked when the trip cannot take cover', async () => {
    const run = start({ trip: oneWay, booker: validBooker });
    chooseSeats(run, 'pergi', [[seat('1A')]]);
    enterPassengers(run, 'pergi', 0, passengers('Budi Santoso'));
    await settlePrice(run, { flag_status_asuransi: 0 });
    await reserveAndExpect(run, 'Kamu belum menyetujui syarat & ketentuan yang diberikan operator', 'terms');
  });

  it('5. terms', async () => {
    const run = await readyToReserve();
    run.actor.send({ type: 'terms.set', checked: false });
    await reserveAndExpect(run, 'Kamu belum menyetujui syarat & ketentuan yang diberikan operator', 'terms');
  });

  it('a valid booking opens "Lakukan Reservasi ?" without a toast', async () => {
    const run = await readyToReserve();
    run.actor.send({ type: 'reserve.request' });
    expect(openDialog(run.actor.getSnapshot())).toEqual({ kind: 'reserve', texts: dialogTexts.reserve });
    expect(dialogTexts.reserve).toEqual({
      title: 'Lakukan Reservasi ?',
      confirmLabel: 'Ya, Reservasi',
      cancelLabel: 'Tidak',
    });
    expect(run.emitted.toasts).toEqual([]);
    run.actor.send({ type: 'dialog.cancel' });
    expect(openDialog(run.actor.getSnapshot())).toBeNull();
  });
});

describe('bookingMachine: reservation', () => {
  it('confirming resets the payment to the default and shows the loader while reserving', async () => {
    const run = await readyToReserve();
    run.actor.send({ type: 'reserve.request' });
    run.actor.send({ type: 'dialog.confirm' });
    expect(reserving(run.actor.getSnapshot())).toBe(true);
    expect(run.actor.getSnapshot().context.payment).toEqual(DEFAULT_PAYMENT);
    expect(run.reserve.calls[0]?.input).toMatchObject({
      request: {
        trip: {
          outbound: {
            seats: [
              { seat: '1A', passengerName: 'Budi Santoso' },
              { seat: '1B', passengerName: 'Siti Aminah' },
            ],
          },
        },
        booker: { name: 'Budi Santoso' },
        options: { paymentCode: null, refundable: false },
        total: 200_000,
      },
    });
  });

  it('unpaid: stores the order code, fires begin_checkout and goes to confirmation-payment-order/{code}', async () => {
    const run = await readyToReserve();
    await reserveWith(run, ok({ flag_lunas: 0 }));
    expect(run.actor.getSnapshot().matches({ flow: 'reserved' })).toBe(true);
    expect(run.actor.getSnapshot().context.orderCode).toBe('TMP-123');
    expect(run.emitted.analytics).toHaveLength(1);
    expect(run.emitted.analytics[0]).toMatchObject({
      name: 'begin_checkout',
      transactionId: 'TMP-123',
      value: 200_000,
    });
    expect(run.emitted.navigations).toEqual([
      { kind: 'route', name: 'confirmation-payment-order', params: { code: 'TMP-123' } },
    ]);
  });

  it('paid: detail-order on desktop, payment-order on mobile', async () => {
    const desktop = await readyToReserve();
    await reserveWith(desktop, ok({ flag_lunas: 1 }));
    expect(desktop.emitted.navigations).toEqual([{ kind: 'route', name: 'detail-order', params: { code: 'TMP-123' } }]);
    const mobile = await readyToReserve({ layout: 'm' });
    mobile.emitted.navigations.length = 0;
    await reserveWith(mobile, ok({ flag_lunas: 1 }));
    expect(mobile.emitted.navigations).toEqual([{ kind: 'route', name: 'payment-order', params: { code: 'TMP-123' } }]);
  });

  it('price changed: "Terjadi Perubahan Harga" with the new total cannot be closed; "Saya Paham" goes on', async () => {
    const run = await readyToReserve();
    await reserveWith(run, ok({ flag_harga_berubah: 1, total_bayar: 250_000 }));
    const dialog = openDialog(run.actor.getSnapshot());
    expect(dialog).toEqual({ kind: 'priceChanged', texts: dialogTexts.priceChanged, total: 250_000 });
    expect(dialogTexts.priceChanged).toEqual({
      title: 'Terjadi Perubahan Harga',
      confirmLabel: 'Saya Paham',
      cancelLabel: null,
    });
    for (const event of [
      { type: 'dialog.cancel' },
      { type: 'leave.request', intent: { kind: 'back', steps: 1 } },
      { type: 'reserve.request' },
    ] as BookingEvent[]) {
      run.actor.send(event);
      expect(run.actor.getSnapshot().matches({ flow: 'priceChanged' })).toBe(true);
    }
    expect(run.emitted.analytics).toEqual([]);
    run.actor.send({ type: 'dialog.confirm' });
    expect(run.emitted.navigations).toEqual([
      { kind: 'route', name: 'confirmation-payment-order', params: { code: 'TMP-123' } },
    ]);
    expect(run.actor.getSnapshot().matches({ flow: 'reserved' })).toBe(true);
  });

  it('RSV-2 on desktop: server message + ", Silahkan pilih kursi yang lain" and the seat change reopens', async () => {
    const run = await readyToReserve();
    await reserveWith(run, { kind: 'api', code: 'RSV-2', message: 'Kursi 1A sudah tidak tersedia' });
    expect(run.emitted.toasts).toEqual([
      toast('Kursi 1A sudah tidak tersedia, Silahkan pilih kursi yang lain', 'bottom'),
    ]);
    expect(run.actor.getSnapshot().matches({ flow: 'editing' })).toBe(true);
    expect(childOf(run.actor, 'seatSelection.pergi')).toBeDefined();
    expect(run.emitted.navigations).toEqual([]);
  });

  it('RSV-2 on mobile: both legs of a round trip are cleared and select-seat opens with type fallback', async () => {
    const run = await readyToReserve({ layout: 'm', trip: roundTrip });
    await reserveWith(run, { kind: 'api', code: 'RSV-2', message: 'Kursi 1A sudah tidak tersedia' });
    expect(run.actor.getSnapshot().context.seats).toEqual({ pergi: [], pulang: [] });
    expect(run.emitted.toasts).toEqual([toast('Kursi 1A sudah tidak tersedia', 'bottom')]);
    expect(run.emitted.navigations).toEqual([
      { kind: 'route', name: 'select-seat', params: {}, search: { type: 'fallback-confirmation-order' } },
    ]);
    expect(childOf(run.actor, 'seatSelection.pergi')).toBeDefined();
  });

  it('other errors: the server message only', async () => {
    const run = await readyToReserve();
    await reserveWith(run, { kind: 'api', code: 'RSV-1', message: 'Jadwal sudah berangkat' });
    expect(run.emitted.toasts).toEqual([toast('Jadwal sudah berangkat', 'bottom')]);
    expect(run.actor.getSnapshot().matches({ flow: 'editing' })).toBe(true);
  });

  it.each([
    ['a network outcome', (run: Run) => run.reserve.calls.at(-1)?.resolve({ kind: 'network' })],
    ['a rejected call', (run: Run) => run.reserve.calls.at(-1)?.reject(new Error('boom'))],
  ])('%s: "Tidak dapat melakukan reservasi" after ERROR_TOAST_DELAY_MS, 3 s, bottom', async (_, fail) => {
    const run = await readyToReserve();
    run.actor.send({ type: 'reserve.request' });
    run.actor.send({ type: 'dialog.confirm' });
    fail(run);
    await flush();
    expect(reserving(run.actor.getSnapshot())).toBe(false);
    run.clock.increment(ERROR_TOAST_DELAY_MS - 1);
    expect(run.emitted.toasts).toEqual([]);
    run.clock.increment(1);
    expect(run.emitted.toasts).toEqual([toast('Tidak dapat melakukan reservasi', 'bottom')]);
    expect(run.actor.getSnapshot().matches({ flow: 'editing' })).toBe(true);
  });

  it('edits are ignored while a dialog or the loader is up', async () => {
    const run = await readyToReserve();
    run.actor.send({ type: 'reserve.request' });
    run.actor.send({ type: 'terms.set', checked: false });
    expect(run.actor.getSnapshot().context.termsAccepted).toBe(true);
    run.actor.send({ type: 'dialog.confirm' });
    run.actor.send({ type: 'donation.toggle' });
    expect(run.actor.getSnapshot().context.donation.on).toBe(false);
  });
});

describe('bookingMachine: changing passengers', () => {
  it('without seats opens the passenger form straight away', () => {
    const run = start({ trip: oneWay });
    run.actor.send({ type: 'passengers.change', direction: 'pergi', remainingSeats: 2 });
    expect(openDialog(run.actor.getSnapshot())).toBeNull();
    expect(run.childInput('passengerForm.pergi.0')).toMatchObject({ remainingSeats: 2, flow: 'embedded' });
  });

  it('with seats asks "Ubah Penumpang ?"; Tidak keeps everything', () => {
    const run = start({ trip: oneWay });
    chooseSeats(run, 'pergi', [[seat('1A')]]);
    run.actor.send({ type: 'passengers.change', direction: 'pergi' });
    expect(openDialog(run.actor.getSnapshot())).toEqual({
      kind: 'changePassengers',
      texts: { title: 'Ubah Penumpang ?', confirmLabel: 'Ya', cancelLabel: 'Tidak' },
    });
    run.actor.send({ type: 'dialog.cancel' });
    expect(run.actor.getSnapshot().context.seats.pergi).toEqual([[seat('1A')]]);
    expect(run.actor.getSnapshot().context.pendingPassengerChange).toBeNull();
  });

  it('desktop Ya: resets seats of both directions and the same-customer flag, then opens the form', () => {
    const run = start({ trip: roundTrip });
    chooseSeats(run, 'pergi', [[seat('1A')]]);
    chooseSeats(run, 'pulang', [[seat('2A')]]);
    enterPassengers(run, 'pergi', 0, passengers('Budi Santoso'));
    run.actor.send({ type: 'sameAsBooker.set', value: true });
    const before = run.checkPrice.calls.length;
    run.actor.send({ type: 'passengers.change', direction: 'pulang', legIndex: 0, remainingSeats: 3 });
    run.actor.send({ type: 'dialog.confirm' });
    const { context } = run.actor.getSnapshot();
    expect(context.seats).toEqual({ pergi: [], pulang: [] });
    expect(context.sameAsBooker).toBe(false);
    expect(context.passengers.pergi).toEqual([passengers('Budi Santoso')]);
    expect(run.checkPrice.calls.length).toBe(before + 1);
    expect(run.childInput('passengerForm.pulang.0')).toMatchObject({ direction: 'pulang', seats: [] });
  });

  it('desktop connecting Ya: also clears the connecting list and passengers', () => {
    const run = start({ trip: connecting });
    chooseSeats(run, 'pergi', [[seat('1A')], [seat('5A')]]);
    enterPassengers(run, 'pergi', 0, { 'pass0-0': 'Budi Santoso' });
    run.actor.send({ type: 'passengers.change', direction: 'pergi' });
    run.actor.send({ type: 'dialog.confirm' });
    expect(run.actor.getSnapshot().context.seats.pergi).toEqual([]);
    expect(run.actor.getSnapshot().context.passengers.pergi).toEqual([]);
  });

  it('mobile Ya: resets the seats of that direction only and goes to the passenger form', () => {
    const run = start({ trip: roundTrip, layout: 'm' });
    chooseSeats(run, 'pergi', [[seat('1A')]]);
    chooseSeats(run, 'pulang', [[seat('2A')]]);
    run.actor.send({ type: 'passengers.change', direction: 'pergi' }); // asks: pergi has seats
    run.actor.send({ type: 'dialog.confirm' });
    expect(run.actor.getSnapshot().context.seats).toEqual({ pergi: [], pulang: [[seat('2A')]] });
    expect(run.emitted.navigations.at(-1)).toEqual({
      kind: 'route',
      name: 'm-information-passengers-no-select-seat',
      params: {},
    });
    expect(run.childInput('passengerForm.pergi.0')).toMatchObject({ flow: 'passenger-screen' });
  });
});

describe('bookingMachine: leaving the page', () => {
  it('"Konfirmasi Kembali ?" Tidak stays; Ya clears the booking and emits the intent', async () => {
    const run = await readyToReserve();
    run.actor.send({ type: 'donation.toggle' });
    run.actor.send({ type: 'sameAsBooker.set', value: true });
    run.actor.send({ type: 'seats.open', direction: 'pergi' });
    run.actor.send({ type: 'leave.request', intent: { kind: 'route', name: 'schedule' } });
    expect(openDialog(run.actor.getSnapshot())).toEqual({
      kind: 'leave',
      texts: { title: 'Konfirmasi Kembali ?', confirmLabel: 'Ya', cancelLabel: 'Tidak' },
    });
    run.actor.send({ type: 'dialog.cancel' });
    expect(run.actor.getSnapshot().context.pendingLeave).toBeNull();
    expect(run.emitted.navigations).toEqual([]);

    run.actor.send({ type: 'leave.request', intent: { kind: 'route', name: 'schedule' } });
    run.actor.send({ type: 'dialog.confirm' });
    const { context } = run.actor.getSnapshot();
    expect(run.emitted.navigations).toEqual([{ kind: 'route', name: 'schedule' }]);
    expect(context).toMatchObject({
      trip: null,
      seats: { pergi: [], pulang: [] },
      passengers: { pergi: [], pulang: [] },
      sameAsBooker: false,
      donation: { on: false },
      openChildren: [],
      booker: validBooker,
    });
    expect(childOf(run.actor, 'seatSelection.pergi')).toBeUndefined();
  });
});

describe('bookingMachine: children', () => {
  it('seats.open starts seatSelection.<direction> with the booking context as input', () => {
    const run = start({ trip: roundTrip });
    enterPassengers(run, 'pergi', 0, passengers('Budi Santoso', 'Siti Aminah'));
    run.actor.send({ type: 'seats.open', direction: 'pergi' });
    expect(run.actor.getSnapshot().children['seatSelection.pergi']).toBeDefined();
    expect(run.childInput('seatSelection.pergi')).toEqual({
      direction: 'pergi',
      tripKind: 'round-trip',
      legs: roundTrip.outbound,
      passengerCount: 2,
      initialSeats: [[]], // the passenger form reported its (empty) seat list
      connectingCode: null,
      layout: 'd',
      hasReturnSeats: false,
    });
    expect(run.emitted.navigations).toEqual([]);
  });

  it('desktop round trip: saving the outbound seats moves on to the return seats', () => {
    const run = start({ trip: roundTrip });
    chooseSeats(run, 'pergi', [[seat('1A')]]);
    expect(run.actor.getSnapshot().context.seats.pergi).toEqual([[seat('1A')]]);
    expect(run.actor.getSnapshot().context.openChildren).toEqual(['seatSelection.pulang']);
    run.finishChild('seatSelection.pulang', { direction: 'pulang', seats: [[seat('2A')]] });
    expect(run.actor.getSnapshot().context.openChildren).toEqual([]);
    chooseSeats(run, 'pergi', [[seat('1B')]]); // return seats exist: no move
    expect(run.actor.getSnapshot().context.openChildren).toEqual([]);
  });

  it('mobile: opening goes to the hosting screen', () => {
    const run = start({ trip: connecting, layout: 'm' });
    run.actor.send({ type: 'seats.open', direction: 'pergi' });
    run.actor.send({ type: 'passengers.open', direction: 'pergi', legIndex: 1 });
    run.actor.send({ type: 'booker.open' });
    const rt = start({ trip: roundTrip, layout: 'm' });
    rt.actor.send({ type: 'seats.open', direction: 'pulang' });
    expect([...run.emitted.navigations, ...rt.emitted.navigations]).toEqual([
      { kind: 'route', name: 'select-seat', params: {}, search: { connecting_route: 1 } },
      { kind: 'route', name: 'm-information-passengers-no-select-seat', params: {}, search: { connecting_route: 2 } },
      { kind: 'route', name: 'info-customer-order' },
      { kind: 'route', name: 'select-seat', params: { return: 'return' } },
    ]);
    expect(run.childInput('passengerForm.pergi.1')).toMatchObject({
      legIndex: 1,
      legCount: 2,
      firstLegNames: [],
      // No schedule count on this trip: only the maximum of passengers applies.
      remainingSeats: null,
    });
    expect(run.childInput('bookerForm')).toEqual({ initial: { name: '', phone: '', email: '' }, embedded: false });
  });

  it('the passenger form output merges by leg and brings the rebuilt seat list', () => {
    const run = start({ trip: connecting });
    chooseSeats(run, 'pergi', [
      [seat('1A'), seat('1B')],
      [seat('5A'), seat('5B')],
    ]);
    run.actor.send({ type: 'passengers.open', direction: 'pergi', legIndex: 1 });
    run.finishChild('passengerForm.pergi.1', {
      direction: 'pergi',
      legIndex: 1,
      passengers: [{ 'pass1-0': 'Budi Santoso' }],
      seats: [seat('5A')],
    });
    const { context } = run.actor.getSnapshot();
    expect(context.passengers.pergi).toEqual([{}, { 'pass1-0': 'Budi Santoso' }]);
    expect(context.seats.pergi).toEqual([[seat('1A'), seat('1B')], [seat('5A')]]);
  });

  it('child.attach starts a missing child without navigating, and leaves a running one alone', () => {
    const run = start({ trip: oneWay, layout: 'm' });
    run.actor.send({
      type: 'child.attach',
      request: { kind: 'passengerForm', direction: 'pergi', flow: 'booking-page' },
    });
    const first = childOf(run.actor, 'passengerForm.pergi.0');
    expect(run.childInput('passengerForm.pergi.0')).toMatchObject({ flow: 'booking-page' });
    run.actor.send({ type: 'child.attach', request: { kind: 'passengerForm', direction: 'pergi' } });
    expect(childOf(run.actor, 'passengerForm.pergi.0')).toBe(first);
    expect(run.emitted.navigations).toEqual([]);
  });

  it('child.close stops the child; opening again restarts it from the context', () => {
    const run = start({ trip: oneWay });
    run.actor.send({ type: 'seats.open', direction: 'pergi' });
    run.actor.send({ type: 'child.close', id: 'seatSelection.pergi' });
    expect(childOf(run.actor, 'seatSelection.pergi')).toBeUndefined();
    expect(run.actor.getSnapshot().context.openChildren).toEqual([]);
    run.actor.send({ type: 'seats.open', direction: 'pergi' });
    const first = childOf(run.actor, 'seatSelection.pergi');
    run.actor.send({ type: 'seats.open', direction: 'pergi' });
    expect(childOf(run.actor, 'seatSelection.pergi')).not.toBe(first);
    expect(run.actor.getSnapshot().context.openChildren).toEqual(['seatSelection.pergi']);
  });

  it('the booker form output becomes the booker', () => {
    const run = start({ trip: oneWay });
    enterBooker(run);
    expect(run.actor.getSnapshot().context.booker).toEqual(validBooker);
    expect(run.childInput).toBeDefined();
  });
});

describe('bookingMachine: placeholders and odd outputs', () => {
  it('without provided calls: the price check fails silently and the reservation like a call failure', async () => {
    const clock = new SimulatedClock();
    const actor = createActor(bookingMachine, { input: input({ trip: oneWay, signedIn: true }), clock });
    const toasts: string[] = [];
    actor.on('toast', (event) => toasts.push(event.message));
    actor.start();
    actor.send({ type: 'page.enter', from: 'customer-order' });
    await flush();
    expect(actor.getSnapshot().value).toMatchObject({ profile: 'idle' });
    expect(priceOf(actor.getSnapshot())?.value).toBe('idle');
    actor.send({ type: 'xstate.done.actor.bookerForm', output: validBooker } as BookingEvent);
    actor.send({
      type: 'xstate.done.actor.passengerForm.pergi.0',
      output: { direction: 'pergi', legIndex: 0, passengers: [passengers('Budi Santoso')], seats: [seat('1A')] },
    } as BookingEvent);
    actor.send({ type: 'refundable.set', value: 'no' });
    actor.send({ type: 'terms.set', checked: true });
    actor.send({ type: 'reserve.request' });
    actor.send({ type: 'dialog.confirm' });
    await flush();
    clock.increment(ERROR_TOAST_DELAY_MS);
    expect(toasts).toEqual(['Tidak dapat melakukan reservasi']);
  });

  it('a passenger output without a map stores an empty one; a profile without fields stays empty', async () => {
    const run = start({ trip: oneWay, signedIn: true });
    run.actor.send({ type: 'passengers.open', direction: 'pergi' });
    run.finishChild('passengerForm.pergi.0', { direction: 'pergi', legIndex: 0, passengers: [], seats: [] });
    expect(run.actor.getSnapshot().context.passengers.pergi).toEqual([{}]);
    run.actor.send({ type: 'page.enter', from: 'schedule' });
    run.loadProfile.calls[0]?.resolve({});
    await flush();
    expect(run.actor.getSnapshot().context.booker).toEqual({ name: '', phone: '', email: '' });
  });
});

describe('bookingMachine: mobile entry without seat selection', () => {
  const bookerRoute: NavigationIntent = { kind: 'route', name: 'info-customer-order' };
  const passengerRoute: NavigationIntent = {
    kind: 'route',
    name: 'm-information-passengers-no-select-seat',
    params: {},
  };

  it('opens the booker form when it is incomplete, pushed on top of the page so Back returns to it', () => {
    const run = start({ trip: noSeatTrip, layout: 'm' });
    run.actor.send({ type: 'page.enter', from: 'schedule' });
    expect(run.emitted.navigations).toEqual([bookerRoute]);
    expect(run.actor.getSnapshot().context).toMatchObject({
      openChildren: ['bookerForm'],
      autoOpened: ['bookerForm'],
    });
  });

  it('then the passenger form while there are no passengers, then nothing', () => {
    const run = start({ trip: noSeatTrip, layout: 'm', booker: validBooker });
    run.actor.send({ type: 'page.enter', from: 'schedule' });
    expect(run.emitted.navigations).toEqual([passengerRoute]);
    expect(run.childInput('passengerForm.pergi.0')).toMatchObject({ flow: 'passenger-screen' });
    run.finishChild('passengerForm.pergi.0', {
      direction: 'pergi',
      legIndex: 0,
      passengers: [passengers('Budi Santoso')],
      seats: [],
    });
    run.actor.send({ type: 'page.enter', from: 'schedule' });
    expect(run.emitted.navigations).toHaveLength(1);
  });

  it('opens each form at most once per trip: coming back without saving stays on the page', () => {
    const run = start({ trip: noSeatTrip, layout: 'm' });
    run.actor.send({ type: 'page.enter', from: 'schedule' });
    run.actor.send({ type: 'child.close', id: 'bookerForm' }); // Back from the booker form
    run.actor.send({ type: 'page.enter', from: 'other' });
    run.actor.send({ type: 'child.close', id: 'passengerForm.pergi.0' }); // Back from the passenger form
    run.actor.send({ type: 'page.enter', from: 'other' });
    run.actor.send({ type: 'page.enter', from: 'other' });
    expect(run.emitted.navigations).toEqual([bookerRoute, passengerRoute]);
    expect(run.actor.getSnapshot().context.autoOpened).toEqual(['bookerForm', 'passengerForm']);
    expect(run.actor.getSnapshot().context.openChildren).toEqual([]);
  });

  it('a new trip may open them again', () => {
    const run = start({ trip: noSeatTrip, layout: 'm' });
    run.actor.send({ type: 'page.enter', from: 'schedule' });
    run.actor.send({ type: 'page.enter', from: 'schedule' });
    run.actor.send({ type: 'trip.set', trip: noSeatTrip });
    expect(run.actor.getSnapshot().context.autoOpened).toEqual([]);
    run.actor.send({ type: 'page.enter', from: 'schedule' });
    expect(run.emitted.navigations).toEqual([bookerRoute, passengerRoute, bookerRoute]);
  });

  it('does nothing on desktop or for schedules with seat selection', () => {
    for (const patch of [{ trip: noSeatTrip, layout: 'd' as const }, { trip: oneWay, layout: 'm' as const }, {}]) {
      const run = start(patch);
      run.actor.send({ type: 'page.enter', from: 'schedule' });
      expect(run.emitted.navigations).toEqual([]);
      expect(run.actor.getSnapshot().context.autoOpened).toEqual([]);
    }
  });
});

describe('bookingMachine: profile prefill', () => {
  it('a signed-in customer with empty details gets the profile; missing fields become empty', async () => {
    const run = start({ signedIn: true });
    expect(run.loadProfile.calls).toHaveLength(0);
    run.actor.send({ type: 'page.enter', from: 'schedule' });
    expect(run.actor.getSnapshot().matches({ profile: 'loading' })).toBe(true);
    run.loadProfile.calls[0]?.resolve({ name: 'Budi Santoso', email: 'budi@mail.com' });
    await flush();
    expect(run.actor.getSnapshot().context.booker).toEqual({ name: 'Budi Santoso', phone: '', email: 'budi@mail.com' });
  });

  it('typing meanwhile wins; a failure is silent', async () => {
    const run = start({ signedIn: true });
    run.actor.send({ type: 'page.enter', from: 'schedule' });
    enterBooker(run);
    run.loadProfile.calls[0]?.resolve({ name: 'Orang Lain', phone: '0800000000', email: 'x@y.id' });
    await flush();
    expect(run.actor.getSnapshot().context.booker).toEqual(validBooker);
    const failing = start({ signedIn: true });
    failing.actor.send({ type: 'page.enter', from: 'schedule' });
    failing.loadProfile.calls[0]?.reject(new Error('401'));
    await flush();
    expect(failing.actor.getSnapshot().matches({ profile: 'idle' })).toBe(true);
    expect(failing.emitted.toasts).toEqual([]);
  });

  it('guests and filled details load nothing', () => {
    for (const patch of [{ signedIn: false }, { signedIn: true, booker: validBooker }]) {
      const run = start(patch);
      run.actor.send({ type: 'page.enter', from: 'schedule' });
      expect(run.loadProfile.calls).toHaveLength(0);
    }
  });
});

describe('bookingMachine: persistence', () => {
  it('a mid-flow snapshot restored behaves the same on the next events', async () => {
    const run = start({ trip: roundTrip });
    enterBooker(run);
    chooseSeats(run, 'pergi', [[seat('1A')]]); // the return seat child is now open
    run.actor.send({ type: 'refundable.set', value: 'yes' });
    run.actor.send({ type: 'donation.toggle' });
    run.actor.send({ type: 'voucher.open' });
    const restored = roundTripSnapshot(run.machine, run.actor);
    expect(restored.getSnapshot().context).toEqual(run.actor.getSnapshot().context);
    expect(restored.getSnapshot().value).toEqual(run.actor.getSnapshot().value);
    for (const actor of [run.actor, restored]) {
      childOf(actor, 'seatSelection.pulang')?.send({
        type: 'finish',
        output: { direction: 'pulang', seats: [[seat('2A')]] },
      });
      actor.send({ type: 'voucher.set', voucher: { name: 'Hemat', code: 'HEMAT', price: 5000 } });
      actor.send({ type: 'reserve.request' });
    }
    expect(restored.getSnapshot().context).toEqual(run.actor.getSnapshot().context);
    expect(restored.getSnapshot().value).toEqual(run.actor.getSnapshot().value);
    expect(restored.getSnapshot().context.seats.pulang).toEqual([[seat('2A')]]);
  });

  it('restores the price-change dialog, which still leads to the payment confirmation', async () => {
    const run = await readyToReserve();
    await reserveWith(run, ok({ flag_harga_berubah: 1, total_bayar: 250_000 }));
    const restored = roundTripSnapshot(run.machine, run.actor);
    const navigations: unknown[] = [];
    restored.on('navigate', (event) => navigations.push(event.intent));
    restored.send({ type: 'dialog.cancel' });
    restored.send({ type: 'dialog.confirm' });
    expect(navigations).toEqual([{ kind: 'route', name: 'confirmation-payment-order', params: { code: 'TMP-123' } }]);
  });
});

describe('bookingMachine: what the page reads and keeps between entries', () => {
  const hemat = { name: 'Hemat', code: 'HEMAT', price: 10_000 };

  it('the ready flags of "Bayar Sekarang", "Reservasi Tiket" and the booker warning', async () => {
    const empty = start({ trip: oneWay });
    const snapshot = empty.actor.getSnapshot();
    expect([isReadyToReserve(snapshot), seatCountsMatch(snapshot), bookerComplete(snapshot)]).toEqual([
      false,
      false,
      false,
    ]);
    const ready = (await readyToReserve()).actor.getSnapshot();
    expect([isReadyToReserve(ready), seatCountsMatch(ready), bookerComplete(ready)]).toEqual([true, true, true]);
  });

  it('removing the voucher leaves none', () => {
    const run = start({ trip: oneWay });
    run.actor.send({ type: 'voucher.set', voucher: hemat });
    run.actor.send({ type: 'voucher.clear' });
    expect(run.actor.getSnapshot().context.voucher).toBeNull();
  });

  it('the same donation amount again is no change and no new price check', async () => {
    const run = await readyToReserve();
    run.actor.send({ type: 'donation.toggle' });
    run.actor.send({ type: 'donation.amount', amount: 5000 });
    const before = run.checkPrice.calls.length;
    run.actor.send({ type: 'donation.amount', amount: 5000 });
    expect(run.checkPrice.calls.length).toBe(before);
  });

  it('only the partner schedule drops the voucher; another entry keeps it without a recompute', () => {
    const run = start({ trip: oneWay });
    run.actor.send({ type: 'voucher.set', voucher: hemat });
    run.actor.send({ type: 'page.enter', from: 'customer-order' });
    expect(run.actor.getSnapshot().context.voucher).toEqual(hemat);
    const checks = run.checkPrice.calls.length;
    run.actor.send({ type: 'page.enter', from: 'schedule' });
    expect(run.actor.getSnapshot().context.voucher).toEqual(hemat);
    expect(run.checkPrice.calls).toHaveLength(checks);
  });

  it.each([
    ['name', { name: 'Budi Santoso', phone: '', email: '' }],
    ['phone', { name: '', phone: '081234567890', email: '' }],
    ['email', { name: '', phone: '', email: 'budi@mail.com' }],
  ])('signing in with only the booker %s filled loads no profile', (_, booker) => {
    const run = start({ trip: oneWay, booker });
    run.actor.send({ type: 'session.change', signedIn: true });
    expect(run.loadProfile.calls).toHaveLength(0);
  });

  it.each([
    ['name', { name: 'Budi Santoso', phone: '', email: '' }],
    ['phone', { name: '', phone: '081234567890', email: '' }],
    ['email', { name: '', phone: '', email: 'budi@mail.com' }],
  ])('a booker %s typed while the profile loads wins over the profile', async (_, booker) => {
    const run = start({ trip: oneWay });
    run.actor.send({ type: 'session.change', signedIn: true });
    enterBooker(run, booker);
    run.loadProfile.calls[0]?.resolve({ name: 'Dewi Lestari', phone: '085711223344', email: 'dewi@mail.com' });
    await flush();
    expect(run.actor.getSnapshot().context.booker).toEqual(booker);
  });

  it('desktop connecting Ya leaves no passengers in either direction', () => {
    const run = start({ trip: connecting });
    chooseSeats(run, 'pergi', [[seat('1A')], [seat('5A')]]);
    enterPassengers(run, 'pergi', 0, { 'pass0-0': 'Budi Santoso' });
    run.actor.send({ type: 'passengers.change', direction: 'pergi' });
    run.actor.send({ type: 'dialog.confirm' });
    expect(run.actor.getSnapshot().context.passengers).toEqual({ pergi: [], pulang: [] });
  });
});

describe('bookingMachine: passenger changes, closing one child, cover kept', () => {
  it('a phone changing passengers of a direction without seats goes to that form, on the passenger screen', () => {
    const run = start({ trip: roundTrip, layout: 'm' });
    chooseSeats(run, 'pergi', [[seat('1A')]]);
    run.actor.send({ type: 'child.close', id: 'passengerForm.pergi.0' });
    expect(run.actor.getSnapshot().context.passengerFlow).toBe('booking-page');
    run.emitted.navigations.length = 0;
    run.actor.send({ type: 'passengers.change', direction: 'pulang' });
    expect(openDialog(run.actor.getSnapshot())).toBeNull();
    expect(run.actor.getSnapshot().context.passengerFlow).toBe('passenger-screen');
    expect(run.childInput('passengerForm.pulang.0')).toMatchObject({ flow: 'passenger-screen' });
    expect(run.emitted.navigations).toHaveLength(1);
  });

  it('desktop asks "Ubah Penumpang ?" when only the other direction has seats', () => {
    const run = start({ trip: roundTrip });
    chooseSeats(run, 'pulang', [[seat('2A')]]);
    run.actor.send({ type: 'passengers.change', direction: 'pergi' });
    expect(openDialog(run.actor.getSnapshot())?.kind).toBe('changePassengers');
  });

  it('closing one child keeps the others open', () => {
    const run = start({ trip: oneWay });
    run.actor.send({ type: 'booker.open' });
    run.actor.send({ type: 'seats.open', direction: 'pergi' });
    run.actor.send({ type: 'child.close', id: 'seatSelection.pergi' });
    expect(run.actor.getSnapshot().context.openChildren).toEqual(['bookerForm']);
  });

  it('cover chosen stays chosen when the next price check still allows it', async () => {
    const run = start({ trip: oneWay });
    chooseSeats(run, 'pergi', [[seat('1A')]]);
    await settlePrice(run, { flag_status_asuransi: 1 });
    run.actor.send({ type: 'refundable.set', value: 'yes' });
    await settlePrice(run, { flag_status_asuransi: 1 });
    expect(run.actor.getSnapshot().context.refundable).toBe('yes');
  });

  it('a restored booking saving its inline forms waits again on flow.resume, then goes on', async () => {
    const run = await readyToReserve();
    run.actor.send({ type: 'booker.open' });
    run.actor.send({ type: 'reserve.request' });
    expect(run.actor.getSnapshot().matches({ flow: 'savingForms' })).toBe(true);
    const clock = new SimulatedClock();
    const restored = createActor(run.machine, {
      input: input(),
      clock,
      snapshot: JSON.parse(JSON.stringify(run.actor.getPersistedSnapshot())) as never,
    });
    restored.start();
    clock.increment(0);
    expect(restored.getSnapshot().matches({ flow: 'savingForms' })).toBe(true);
    restored.send({ type: 'flow.resume' });
    clock.increment(0);
    expect(restored.getSnapshot().matches({ flow: 'confirmingReservation' })).toBe(true);
    restored.stop();
  });
});

describe('bookingMachine: a saved form is no longer drawn', () => {
  it('a passenger form that saved is not handed to the screen any more', () => {
    const run = start({ trip: oneWay });
    run.actor.send({ type: 'passengers.open', direction: 'pergi', legIndex: 0 });
    expect(passengerFormChild(run.actor.getSnapshot(), 'pergi', 0)).toBeDefined();
    enterPassengers(run, 'pergi', 0, passengers('Budi Santoso'));
    expect(passengerFormChild(run.actor.getSnapshot(), 'pergi', 0)).toBeUndefined();
  });
});
