import { describe, expect, it } from 'vitest';
import type { PriceLine } from '../../contract';
import {
  bookerFormInput,
  childId,
  childRoute,
  passengerFormInput,
  passengerRequest,
  seatSelectionInput,
  tripOfChoice,
} from '../../machines/booking-children';
import { initialContext, legNames, passengerCount, type BookingContext } from '../../machines/booking-context';
import { bookingPlace, holdCountdown, priceLoading } from '../../machines/booking-selectors';
import { DONATION_DEFAULT } from '../../machines/constants';
import {
  canUsePoints,
  detailPoint,
  mapPriceLine,
  isValidDonationAmount,
  pointsNote,
  pointsRefusal,
  priceRows,
  refundableFlag,
} from '../../machines/booking-price';
import {
  beginCheckoutEvent,
  isSeatTakenOutcome,
  outcomeMessage,
  outcomeResults,
  priceChangeNavigation,
  seatTakenMessage,
  successNavigation,
} from '../../machines/booking-reservation';
import {
  arePassengersComplete,
  doSeatCountsMatch,
  hasAllLegSeats,
  hasMissingPassengerNames,
  isBookerComplete,
  seatSheetCloseBlock,
  validateBooking,
} from '../../machines/booking-validation';
import {
  connecting,
  input,
  leg,
  noSeatTrip,
  oneWay,
  passengers,
  priceResults,
  roundTrip,
  seat,
  validBooker,
} from './booking-fixtures';

function context(patch: Partial<BookingContext> = {}): BookingContext {
  return { ...initialContext(input()), ...patch };
}

/** A round trip with two seats and two names each way. */
const fullRoundTrip = context({
  trip: roundTrip,
  booker: validBooker,
  seats: { pergi: [[seat('1A'), seat('1B')]], pulang: [[seat('2A', 90_000), seat('2B', 90_000)]] },
  passengers: {
    pergi: [passengers('Budi Santoso', 'Siti Aminah')],
    pulang: [passengers('Budi Santoso', 'Siti Aminah')],
  },
  termsAccepted: true,
  refundable: 'yes',
  price: priceResults({ total_bayar: 380_000 }),
});

describe('permissions from the price check', () => {
  it('refundableFlag: the reply once there is one, else every leg refundable', () => {
    expect(refundableFlag(context())).toBe(0);
    expect(refundableFlag(context({ trip: roundTrip }))).toBe(1);
    const mixed = { ...roundTrip, return: [leg('J-BACK', { refundable: false })] };
    expect(refundableFlag(context({ trip: mixed }))).toBe(0);
    expect(refundableFlag(context({ trip: mixed, price: priceResults() }))).toBe(1);
  });

  it('detailPoint and the points rules', () => {
    expect(detailPoint(context())).toEqual({ totalPoint: 0, usePoint: 0, flag: 0 });
    const priced = context({ price: priceResults(), signedIn: true });
    expect(detailPoint(priced)).toEqual({ totalPoint: 1200, usePoint: 500, flag: 1 });
    expect(canUsePoints(priced)).toBe(true);
    expect(pointsRefusal(priced)).toBeNull();
    expect(pointsRefusal({ ...priced, signedIn: false })).toBe('Masuk untuk bisa gunakan fitur ini');
    expect(pointsRefusal({ ...priced, price: priceResults({ max_point: 0 }) })).toBe(
      'Maaf tidak ada point yang dapat ditukarkan',
    );
  });
});

describe('price list rows', () => {
  it.each<[PriceLine, object]>([
    [
      { title: 'Tiket', price: 100_000, type: 'normal' },
      { sign: '', unit: 'rupiah', free: false, emphasis: false },
    ],
    [
      { title: 'Voucher', price: 10_000, type: 'less' },
      { sign: '-', unit: 'rupiah' },
    ],
    [
      { title: 'Asuransi', price: 5000, type: 'add' },
      { sign: '+', unit: 'rupiah' },
    ],
    [
      { title: 'Total', price: 0, type: 'total' },
      { sign: '.', unit: 'rupiah', free: true, emphasis: true },
    ],
    [
      { title: 'Cashback', price: 1000, type: 'cashback-point' },
      { sign: '+', unit: 'point', free: false },
    ],
    [
      { title: 'Point', price: 500, type: 'potongan-point' },
      { sign: '-', unit: 'point' },
    ],
  ])('%j', (line, expected) => {
    expect(mapPriceLine(line)).toMatchObject({ title: line.title, amount: line.price, type: line.type, ...expected });
  });

  it('priceRows maps the reply, or nothing before one', () => {
    expect(priceRows(context())).toEqual([]);
    expect(priceRows(context({ price: priceResults() })).map((row) => row.title)).toEqual([
      'Tiket Pergi (2 kursi)',
      'Total',
    ]);
  });
});

describe('validation helpers', () => {
  it('isBookerComplete needs all three details valid', () => {
    expect(isBookerComplete(validBooker)).toBe(true);
    expect(isBookerComplete({ ...validBooker, email: '' })).toBe(false);
    expect(isBookerComplete({ ...validBooker, phone: '+6281' })).toBe(false);
    expect(isBookerComplete({ ...validBooker, name: '' })).toBe(false);
  });

  it('passengers: one valid name per seat; schedules without seat selection need one name at least', () => {
    expect(arePassengersComplete(fullRoundTrip, 'pergi')).toBe(true);
    expect(
      arePassengersComplete(
        { ...fullRoundTrip, passengers: { pergi: [passengers('Budi Santoso', 'X1')], pulang: [] } },
        'pergi',
      ),
    ).toBe(false);
    expect(arePassengersComplete(context(), 'pergi')).toBe(false);
    const free = context({ trip: noSeatTrip });
    expect(arePassengersComplete(free, 'pergi')).toBe(false);
    expect(
      arePassengersComplete({ ...free, passengers: { pergi: [passengers('Budi Santoso')], pulang: [] } }, 'pergi'),
    ).toBe(true);
  });

  it('hasAllLegSeats: legs without seat selection count as seated', () => {
    expect(hasAllLegSeats(context({ trip: noSeatTrip }), 'pergi')).toBe(true);
    expect(hasAllLegSeats(context({ trip: oneWay }), 'pergi')).toBe(false);
    expect(hasAllLegSeats(context({ trip: oneWay }), 'pulang')).toBe(false);
  });

  it('doSeatCountsMatch and the missing-names warning', () => {
    expect(doSeatCountsMatch(fullRoundTrip)).toBe(true);
    const short = {
      ...fullRoundTrip,
      passengers: { ...fullRoundTrip.passengers, pulang: [passengers('Budi Santoso')] },
    };
    expect(doSeatCountsMatch(short)).toBe(false);
    expect(hasMissingPassengerNames(short)).toBe(true);
    expect(hasMissingPassengerNames(fullRoundTrip)).toBe(false);
    expect(doSeatCountsMatch(context({ trip: oneWay }))).toBe(false);
    expect(doSeatCountsMatch(context({ trip: noSeatTrip }))).toBe(true);
    const blankName = {
      ...fullRoundTrip,
      passengers: { ...fullRoundTrip.passengers, pergi: [passengers('Budi Santoso', ' ')] },
    };
    expect(hasMissingPassengerNames(blankName)).toBe(true);
  });

  it('legNames reads keys in seat order and stops at the first gap', () => {
    expect(
      legNames(
        context({ trip: oneWay, passengers: { pergi: [{ pass1: 'B', pass0: 'A', pass3: 'D' }], pulang: [] } }),
        'pergi',
        0,
      ),
    ).toEqual(['A', 'B']);
    expect(legNames(context(), 'pergi', 0)).toEqual([]);
  });

  it('validateBooking passes a complete booking; refundable unset is asked only when allowed', () => {
    expect(validateBooking(fullRoundTrip)).toBeNull();
    expect(validateBooking({ ...fullRoundTrip, refundable: 'unset' })?.field).toBe('refundable');
    expect(
      validateBooking({ ...fullRoundTrip, refundable: 'unset', price: priceResults({ flag_status_asuransi: 0 }) }),
    ).toBeNull();
    const featureOff = {
      ...fullRoundTrip,
      refundable: 'unset' as const,
      features: { refundable: false, berkah: true, point: true },
    };
    expect(validateBooking(featureOff)).toBeNull();
  });
});

describe('navigation and analytics', () => {
  const results = {
    reservasi_kode: 'TMP-9',
    flag_harga_berubah: 0 as const,
    total_bayar: 380_000,
    flag_lunas: 0 as const,
    kunci_pesanan: 'kunci-pesanan-uji-0001',
  };

  it('successNavigation by flag_lunas and layout', () => {
    expect(successNavigation(results, 'd')).toEqual({
      kind: 'route',
      name: 'confirmation-payment-order',
      params: { code: 'TMP-9' },
    });
    expect(successNavigation({ ...results, flag_lunas: 1 }, 'd')).toEqual({
      kind: 'route',
      name: 'detail-order',
      params: { code: 'TMP-9' },
    });
    expect(successNavigation({ ...results, flag_lunas: 1 }, 'm')).toEqual({
      kind: 'route',
      name: 'payment-order',
      params: { code: 'TMP-9' },
    });
    expect(priceChangeNavigation('TMP-9')).toEqual({
      kind: 'route',
      name: 'confirmation-payment-order',
      params: { code: 'TMP-9' },
    });
  });

  it('beginCheckoutEvent lists each leg with its seats', () => {
    expect(beginCheckoutEvent(fullRoundTrip, results)).toEqual({
      type: 'analytics',
      name: 'begin_checkout',
      transactionId: 'TMP-9',
      value: 380_000,
      currency: 'IDR',
      items: [
        { item_id: 'J-GO', item_name: 'Xtrans', item_category: 'pergi', price: 200_000, quantity: 2 },
        { item_id: 'J-BACK', item_name: 'Xtrans', item_category: 'pulang', price: 180_000, quantity: 2 },
      ],
    });
    const free = context({ trip: noSeatTrip, passengers: { pergi: [passengers('Budi Santoso')], pulang: [] } });
    expect(beginCheckoutEvent(free, results).items).toEqual([
      { item_id: 'J-FREE', item_name: 'Xtrans', item_category: 'pergi', price: 0, quantity: 1 },
    ]);
  });

  it('seatTakenMessage appends the advice', () => {
    expect(seatTakenMessage('Kursi 1A sudah tidak tersedia')).toBe(
      'Kursi 1A sudah tidak tersedia, Silahkan pilih kursi yang lain',
    );
  });

  it('child ids and mobile routes', () => {
    expect(childId({ kind: 'seatSelection', direction: 'pulang' })).toBe('seatSelection.pulang');
    expect(childId({ kind: 'passengerForm', direction: 'pergi' })).toBe('passengerForm.pergi.0');
    expect(childId({ kind: 'bookerForm' })).toBe('bookerForm');
    expect(childRoute(context(), { kind: 'passengerForm', direction: 'pulang' })).toEqual({
      kind: 'route',
      name: 'm-information-passengers-no-select-seat',
      params: { return: 'return' },
    });
  });
});

describe('reservation outcomes', () => {
  const results = {
    reservasi_kode: 'TMP-1',
    flag_harga_berubah: 0 as const,
    total_bayar: 1,
    flag_lunas: 0 as const,
    kunci_pesanan: 'kunci-pesanan-uji-0001',
  };
  it('reads results, messages and the seat conflict', () => {
    expect(outcomeResults({ kind: 'ok', results })).toBe(results);
    expect(outcomeResults({ kind: 'network' })).toBeNull();
    expect(outcomeMessage({ kind: 'api', code: 'RSV-1', message: 'Ditolak' })).toBe('Ditolak');
    expect(outcomeMessage({ kind: 'ok', results })).toBeNull();
    expect(isSeatTakenOutcome({ kind: 'api', code: 'RSV-2', message: 'x' })).toBe(true);
    expect(isSeatTakenOutcome({ kind: 'api', code: 'RSV-1', message: 'x' })).toBe(false);
    expect(isSeatTakenOutcome({ kind: 'network' })).toBe(false);
  });
});

describe('child inputs', () => {
  it('passengerRequest keeps only what the event gives', () => {
    expect(passengerRequest({ direction: 'pergi' })).toStrictEqual({ kind: 'passengerForm', direction: 'pergi' });
    expect(passengerRequest({ direction: 'pulang', legIndex: 1, remainingSeats: 2 })).toStrictEqual({
      kind: 'passengerForm',
      direction: 'pulang',
      legIndex: 1,
      remainingSeats: 2,
    });
  });

  it('a mobile passenger form follows the flow it belongs to, unless the request names one; desktop embeds it', () => {
    const request = { kind: 'passengerForm', direction: 'pergi' } as const;
    const mobile = context({ layout: 'm', trip: oneWay });
    expect(passengerFormInput(mobile, request).flow).toBe('passenger-screen');
    expect(passengerFormInput({ ...mobile, passengerFlow: 'booking-page' }, request).flow).toBe('booking-page');
    expect(passengerFormInput(mobile, { ...request, flow: 'booking-page' }).flow).toBe('booking-page');
    expect(passengerFormInput({ ...mobile, layout: 'd', passengerFlow: 'booking-page' }, request).flow).toBe(
      'embedded',
    );
  });

  it('the seat child starts on the leg the seat page names, and else on its own first leg', () => {
    expect(seatSelectionInput(context({ trip: connecting }), 'pergi', 3)).toMatchObject({ connectingRoute: 3 });
    expect(seatSelectionInput(context({ trip: connecting }), 'pergi')).not.toHaveProperty('connectingRoute');
  });

  it('the seat child: capped by names entered first, the connecting code, and whether return seats are chosen', () => {
    const noNames = seatSelectionInput(context({ trip: oneWay }), 'pergi');
    expect(noNames).not.toHaveProperty('passengerCount');
    expect(noNames.hasReturnSeats).toBe(false);
    const named = context({
      trip: oneWay,
      passengers: { pergi: [passengers('Budi Santoso', 'Siti Aminah')], pulang: [] },
    });
    expect(seatSelectionInput(named, 'pergi').passengerCount).toBe(2);
    expect(seatSelectionInput(context({ trip: connecting }), 'pergi').connectingCode).toBe('CX-1');
    expect(seatSelectionInput(fullRoundTrip, 'pergi').hasReturnSeats).toBe(true);
  });

  it("the passenger form starts from the leg's names; only a later leg gets the first leg's names", () => {
    const request = { kind: 'passengerForm', direction: 'pergi' } as const;
    const first = passengerFormInput(fullRoundTrip, request);
    expect(first.initial).toEqual(passengers('Budi Santoso', 'Siti Aminah'));
    expect(first).not.toHaveProperty('firstLegNames');
    const twoLegs = context({ trip: connecting, passengers: { pergi: [{ 'pass0-0': 'Budi Santoso' }], pulang: [] } });
    expect(passengerFormInput(twoLegs, { ...request, legIndex: 1 }).firstLegNames).toEqual(['Budi Santoso']);
  });

  it('the booker form is embedded on desktop, a sheet on a phone', () => {
    expect(bookerFormInput(context({ layout: 'd' })).embedded).toBe(true);
    expect(bookerFormInput(context({ layout: 'm' })).embedded).toBe(false);
  });

  it('without a trip the children get an empty one-way', () => {
    expect(seatSelectionInput(context(), 'pergi')).toMatchObject({ tripKind: 'one-way', legs: [] });
    expect(passengerFormInput(context(), { kind: 'passengerForm', direction: 'pergi' })).toMatchObject({
      tripKind: 'one-way',
      legCount: 1,
      flow: 'embedded',
    });
  });
});

describe('tripOfChoice ("Pilih" on the schedule lists)', () => {
  const go = leg('J-GO');
  const back = leg('J-BACK', { date: '2026-12-03', origin: 'Jakarta', destination: 'Bandung' });

  it('an outbound: one-way, or connecting with its code when it has several legs', () => {
    expect(tripOfChoice(null, { direction: 'pergi', legs: [go] })).toEqual(oneWay);
    expect(tripOfChoice(roundTrip, { direction: 'pergi', legs: [go], connectingCode: 'ignored' })).toEqual(oneWay);
    expect(tripOfChoice(null, { direction: 'pergi', legs: connecting.outbound, connectingCode: 'CX-1' })).toEqual(
      connecting,
    );
    expect(tripOfChoice(null, { direction: 'pergi', legs: connecting.outbound })).toMatchObject({
      kind: 'connecting',
      connectingCode: null,
    });
  });

  it('the outbound of a round-trip search: a round trip still without its return', () => {
    expect(tripOfChoice(oneWay, { direction: 'pergi', legs: [go], roundTrip: true })).toEqual({
      kind: 'round-trip',
      outbound: [go],
      return: null,
      connectingCode: null,
    });
  });

  it('the return: the round trip chosen before, with its return legs', () => {
    const half = tripOfChoice(null, { direction: 'pergi', legs: [go], roundTrip: true });
    expect(tripOfChoice(half, { direction: 'pulang', legs: [back] })).toEqual(roundTrip);
    // A newer return replaces the earlier one.
    const other = leg('J-LATE', { date: '2026-12-04' });
    expect(tripOfChoice(roundTrip, { direction: 'pulang', legs: [other] })).toEqual({ ...roundTrip, return: [other] });
  });

  it('a return without any trip makes an outbound-only trip of its legs (the machine never asks this)', () => {
    expect(tripOfChoice(null, { direction: 'pulang', legs: [back] })).toEqual({
      kind: 'one-way',
      outbound: [back],
      return: null,
      connectingCode: null,
    });
  });
});

describe('where the customer is (the support replay reads it)', () => {
  const context = (layout: 'd' | 'm', openChildren: string[], seatHost: 'page' | 'sheet' = 'page') => ({
    layout,
    openChildren,
    seatHost,
  });

  it('a seat choice is a page on a phone or where it started on its page, else the desktop sheet', () => {
    expect(bookingPlace(context('m', ['seatSelection.pergi']), false)).toEqual({
      screen: { kind: 'seats', direction: 'pergi' },
      sheet: null,
    });
    expect(bookingPlace(context('d', ['seatSelection.pulang'], 'page'), false).screen).toEqual({
      kind: 'seats',
      direction: 'pulang',
    });
    expect(bookingPlace(context('d', ['seatSelection.pulang'], 'sheet'), false)).toEqual({
      screen: { kind: 'booking' },
      sheet: { kind: 'seatSheet', direction: 'pulang' },
    });
  });

  it("a phone's passenger form is a page and its booker form a sheet; desktop keeps both inline", () => {
    expect(bookingPlace(context('m', ['passengerForm.pulang.2']), false).screen).toEqual({
      kind: 'passengers',
      direction: 'pulang',
      legIndex: 2,
    });
    expect(bookingPlace(context('m', ['bookerForm']), false).sheet).toEqual({ kind: 'bookerSheet' });
    expect(bookingPlace(context('d', ['bookerForm', 'passengerForm.pergi.0']), false)).toEqual({
      screen: { kind: 'booking' },
      sheet: null,
    });
  });

  it('the voucher list is a sheet on both layouts, over the booker form too', () => {
    expect(bookingPlace(context('d', []), true).sheet).toEqual({ kind: 'voucherSheet' });
    expect(bookingPlace(context('m', ['bookerForm']), true).sheet).toEqual({ kind: 'voucherSheet' });
  });
});

describe('the points note, the donation and free point lines', () => {
  const noPoints = { signedIn: true, price: priceResults({ max_point: 0 }) };

  it('says nothing until something is chosen to price: seats, or names where the operator assigns seats', () => {
    expect(pointsNote(context({ ...noPoints, trip: oneWay }))).toBeNull();
    expect(
      pointsNote(
        context({ ...noPoints, trip: noSeatTrip, passengers: { pergi: [passengers('Budi Santoso')], pulang: [] } }),
      ),
    ).toBe('Yahh, pesanan ini tidak dapat ditukar dengan point');
    expect(pointsNote(context({ ...noPoints, trip: oneWay, seats: { pergi: [[seat('1A')]], pulang: [] } }))).toBe(
      'Yahh, pesanan ini tidak dapat ditukar dengan point',
    );
  });

  it('says nothing while the seats chosen wait for their first price', () => {
    expect(
      pointsNote(context({ signedIn: true, price: null, trip: oneWay, seats: { pergi: [[seat('1A')]], pulang: [] } })),
    ).toBeNull();
  });

  it('a donation of exactly the default amount is valid, less is not', () => {
    expect(isValidDonationAmount(DONATION_DEFAULT)).toBe(true);
    expect(isValidDonationAmount(DONATION_DEFAULT - 1)).toBe(false);
  });

  it('zero points are not Gratis: only a rupiah amount of 0 is', () => {
    expect(mapPriceLine({ title: 'Cashback', price: 0, type: 'cashback-point' }).free).toBe(false);
  });
});

describe('counting passengers and seats across legs', () => {
  const connectingNames = (leg0: string[], leg1: string[]) => ({
    pergi: [
      Object.fromEntries(leg0.map((name, index) => [`pass0-${index}`, name])),
      Object.fromEntries(leg1.map((name, index) => [`pass1-${index}`, name])),
    ],
    pulang: [],
  });
  const twoLegs = context({
    trip: connecting,
    seats: { pergi: [[seat('1A'), seat('1B')], [seat('3C')]], pulang: [] },
    passengers: connectingNames(['Budi Santoso', 'Siti Aminah'], ['Budi Santoso']),
  });

  it('passengerCount adds the names of every leg', () => {
    expect(passengerCount(fullRoundTrip, 'pergi')).toBe(2);
    expect(passengerCount(twoLegs, 'pergi')).toBe(3);
  });

  it('doSeatCountsMatch needs every leg to match, and holds with no trip yet', () => {
    expect(
      doSeatCountsMatch({
        ...twoLegs,
        seats: {
          pergi: [
            [seat('1A'), seat('1B')],
            [seat('3C'), seat('3D')],
          ],
          pulang: [],
        },
      }),
    ).toBe(false);
    expect(doSeatCountsMatch(context())).toBe(true);
  });

  it('the missing-names warning looks at each leg, and a one-way trip has no return to miss', () => {
    const secondLegShort = {
      ...twoLegs,
      seats: {
        pergi: [
          [seat('1A'), seat('1B')],
          [seat('3C'), seat('3D')],
        ],
        pulang: [],
      },
      passengers: connectingNames(['Budi Santoso', 'Siti Aminah'], ['Budi Santoso']),
    };
    expect(hasMissingPassengerNames(secondLegShort)).toBe(true);
    const oneWayDone = context({
      trip: oneWay,
      seats: { pergi: [[seat('1A')]], pulang: [] },
      passengers: { pergi: [passengers('Budi Santoso')], pulang: [] },
    });
    expect(hasMissingPassengerNames(oneWayDone)).toBe(false);
  });
});

describe('validation order by layout and trip', () => {
  const ready = { booker: validBooker, termsAccepted: true, refundable: 'yes' as const };

  it('a one-way trip without seats asks for the passengers on both layouts, never the connecting seats', () => {
    for (const layout of ['d', 'm'] as const) {
      expect(validateBooking(context({ ...ready, layout, trip: oneWay }))).toEqual({
        message: 'Harap lengkapi detail penumpang',
        field: 'passengers',
      });
    }
    expect(validateBooking(context({ ...ready, layout: 'm', trip: connecting }))?.field).toBe('passengers');
    expect(validateBooking(context({ ...ready, layout: 'd', trip: connecting }))).toEqual({
      message: 'Harap lengkapi kursi terlebih dahulu',
      field: 'seats',
    });
  });

  it('a complete connecting booking on desktop passes', () => {
    const complete = context({
      ...ready,
      layout: 'd',
      trip: connecting,
      seats: { pergi: [[seat('1A')], [seat('3C')]], pulang: [] },
      passengers: { pergi: [{ 'pass0-0': 'Budi Santoso' }, { 'pass1-0': 'Budi Santoso' }], pulang: [] },
    });
    expect(validateBooking(complete)).toBeNull();
  });

  it('the seat sheet has nothing to block before a trip is known', () => {
    expect(seatSheetCloseBlock(context({ layout: 'd', trip: null }))).toBeNull();
  });
});

describe('selectors before their child runs', () => {
  it('no price child: not loading; no hold child: no countdown', () => {
    expect(priceLoading(undefined)).toBe(false);
    expect(holdCountdown(undefined)).toBeNull();
  });

  it("a phone's outbound passenger form is the outbound's page", () => {
    expect(
      bookingPlace({ layout: 'm', openChildren: ['passengerForm.pergi.1'], seatHost: 'page' }, false).screen,
    ).toEqual({
      kind: 'passengers',
      direction: 'pergi',
      legIndex: 1,
    });
  });

  it('the booker sheet shows only over the booking page, not over the seat page', () => {
    expect(
      bookingPlace({ layout: 'm', openChildren: ['seatSelection.pergi', 'bookerForm'], seatHost: 'page' }, false),
    ).toEqual({ screen: { kind: 'seats', direction: 'pergi' }, sheet: null });
  });
});
