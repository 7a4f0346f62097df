import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { Floor, Seat } from '../../contract/seats';
import { FIRST_CONNECTING_ROUTE, MAX_PASSENGERS, TOAST_MESSAGE_MS } from '../../machines/constants';
import {
  SeatLayoutRefusedError,
  allowedSeatCount,
  canSaveSelection,
  chosenSeatNumbers,
  currentFloor,
  finishNavigation,
  floorLabel,
  floorLabels,
  isFloorFull,
  isSeatLayoutRefusal,
  saveButtonLabel,
  seatCounter,
  seatMessages,
  seatSelectionMachine,
  selectionNormalPrice,
  selectionPrice,
  showsNormalPrice,
  tileStatus,
  type LoadLayoutInput,
  type SeatSelectionInput,
} from '../../machines/seat-selection.machine';
import type { ChosenSeat, NavigateEmitted, SeatLayout, ToastEmitted, TripLeg } from '../../machines/types';
import { fromJson, toJson } from '../../src/trace/trace-codec';
import { roundTripSnapshot } from './support/persistence';

// ---------------------------------------------------------------------------------------------
// Hand-made layouts.

const PRICE = 100_000;
const PROMO_PRICE = 80_000;

function seat(no: string, overrides: Partial<Seat> = {}): Seat {
  return { no, tipe: 'P', flag_booking: 0, flag_promo: 0, harga_tiket: PRICE, promo_kode: null, ...overrides };
}
const tile = (tipe: Seat['tipe']): Seat => seat('', { tipe });

function layout(floors: Floor[], overrides: Partial<SeatLayout> = {}): SeatLayout {
  return {
    operator_kode: 'OP1',
    jadwal_kode: 'J1',
    tanggal_berangkat: '2026-03-02',
    select_seat: true,
    layout_kursi: floors,
    flag_multi_harga: 0,
    maks_penumpang: 3,
    harga_tiket_normal: PRICE,
    ...overrides,
  };
}

/** One floor "Utama", 5 rows x 2 cols, seats 1..10; 3 and 7 taken. */
function utamaFloor(): Floor {
  const kursi: Record<string, Seat> = {};
  for (let n = 1; n <= 10; n++) {
    const key = `${Math.ceil(n / 2)}-${((n - 1) % 2) + 1}`;
    kursi[key] = seat(String(n), { flag_booking: n === 3 || n === 7 ? 1 : 0 });
  }
  return { nama: 'Utama', baris: 5, kolom: 2, sisa_kursi: 8, kursi };
}
// Keys of the Utama floor by seat number.
const K = { s1: '1-1', s2: '1-2', s3: '2-1', s4: '2-2', s5: '3-1', s6: '3-2', s7: '4-1', s8: '4-2' } as const;

const utamaLayout = (overrides: Partial<SeatLayout> = {}) => layout([utamaFloor()], overrides);

/** Two floors: the lower one with every tile type, the upper one fully booked. */
function twoFloorLayout(): SeatLayout {
  const lower: Floor = {
    nama: 'Lantai Bawah',
    baris: 4,
    kolom: 2,
    sisa_kursi: 2,
    kursi: {
      '1-1': tile('S'),
      '1-2': tile('K'),
      '2-1': seat('1'),
      '2-2': seat('2', { tipe: 'PS' }),
      '3-1': tile('T'),
      '3-2': tile('SMK'),
      '4-1': tile('PX'),
      '4-2': seat('3', { flag_booking: 1 }),
    },
  };
  const upper: Floor = {
    nama: 'Lantai Atas',
    baris: 2,
    kolom: 2,
    sisa_kursi: 0,
    kursi: {
      '1-1': seat('4', { flag_booking: 1 }),
      '1-2': seat('5', { flag_booking: 1 }),
      '2-1': seat('6', { tipe: 'PS', flag_booking: 1 }),
      '2-2': tile('K'),
    },
  };
  return layout([lower, upper], { maks_penumpang: 2 });
}

/** Promo seats 1 and 2 at 80.000 (normal 100.000), seat 3 at the normal price. */
function promoLayout(): SeatLayout {
  const floor: Floor = {
    nama: 'Utama',
    baris: 1,
    kolom: 3,
    sisa_kursi: 3,
    kursi: {
      '1-1': seat('1', { flag_promo: 1, harga_tiket: PROMO_PRICE, promo_kode: 'HEMAT' }),
      '1-2': seat('2', { flag_promo: 1, harga_tiket: PROMO_PRICE, promo_kode: 'HEMAT' }),
      '1-3': seat('3'),
    },
  };
  return layout([floor]);
}

function leg(scheduleCode: string, overrides: Partial<TripLeg> = {}): TripLeg {
  return {
    operatorCode: 'OP1',
    operatorName: 'Operator Satu',
    operatorType: 'shuttle',
    operatorLogo: '',
    scheduleCode,
    date: '2026-03-02',
    departureTime: '08:00',
    origin: 'Bandung',
    destination: 'Jakarta',
    selectSeat: true,
    refundable: true,
    ...overrides,
  };
}

const oneWay = (overrides: Partial<SeatSelectionInput> = {}): SeatSelectionInput => ({
  direction: 'pergi',
  tripKind: 'one-way',
  legs: [leg('J1')],
  layouts: [utamaLayout()],
  ...overrides,
});

const connecting = (overrides: Partial<SeatSelectionInput> = {}): SeatSelectionInput => ({
  direction: 'pergi',
  tripKind: 'connecting',
  legs: [leg('J1'), leg('J2'), leg('J3')],
  layouts: [utamaLayout(), utamaLayout(), utamaLayout()],
  connectingCode: 'CON-1',
  ...overrides,
});

// ---------------------------------------------------------------------------------------------
// Harness.

type Emitted = ToastEmitted | NavigateEmitted;

function start(input: SeatSelectionInput, loader?: (request: LoadLayoutInput) => Promise<SeatLayout>) {
  const requests: LoadLayoutInput[] = [];
  const machine = loader
    ? seatSelectionMachine.provide({
        actors: {
          loadLayout: fromPromise<SeatLayout, LoadLayoutInput>(({ input: request }) => {
            requests.push(request);
            return loader(request);
          }),
        },
      })
    : seatSelectionMachine;
  const actor = createActor(machine, { input });
  const emitted: Emitted[] = [];
  actor.on('*', (event) => emitted.push(event));
  actor.start();
  const toasts = () => emitted.filter((event): event is ToastEmitted => event.type === 'toast');
  const navigations = () => emitted.filter((event): event is NavigateEmitted => event.type === 'navigate');
  const toggle = (...keys: string[]) => keys.forEach((key) => actor.send({ type: 'seat.toggle', key }));
  const context = () => actor.getSnapshot().context;
  return { actor, emitted, toasts, navigations, toggle, context, requests };
}

const topToast = (message: string): ToastEmitted => ({
  type: 'toast',
  message,
  durationMs: TOAST_MESSAGE_MS,
  position: 'top',
});

/** A promise the test resolves or rejects when it wants. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

// ---------------------------------------------------------------------------------------------

describe('seatSelectionMachine: layout loading', () => {
  it('loads the layout on mount when it is not known, then shows the seat map', async () => {
    const reply = deferred<SeatLayout>();
    const h = start(oneWay({ layouts: [] }), () => reply.promise);
    expect(h.actor.getSnapshot().value).toBe('loadingLayout');
    expect(h.requests).toEqual([{ leg: leg('J1') }]);
    reply.resolve(utamaLayout());
    await waitFor(h.actor, (s) => s.matches('selecting'));
    expect(h.context().layouts[0]?.layout_kursi[0]?.nama).toBe('Utama');
    expect(h.context().floorIndex).toBe(0);
  });

  it('uses a layout given in the input without loading it', () => {
    const h = start(oneWay(), () => Promise.reject(new Error('not called')));
    expect(h.actor.getSnapshot().value).toBe('selecting');
    expect(h.requests).toEqual([]);
  });

  it('sends the connecting code with the layout request of a connecting leg', () => {
    const h = start(connecting({ layouts: [] }), () => new Promise<SeatLayout>(() => {}));
    expect(h.requests).toEqual([{ leg: leg('J1'), connectingCode: 'CON-1' }]);
  });

  it('ends loading silently when the call fails (spec section 8)', async () => {
    const h = start(oneWay({ layouts: [] }), () => Promise.reject(new Error('err')));
    await waitFor(h.actor, (s) => s.matches('layoutUnavailable'));
    expect(h.emitted).toEqual([]);
  });

  it('ends loading silently with the app placeholder actor too', async () => {
    const h = start(oneWay({ layouts: [] }));
    await waitFor(h.actor, (s) => s.matches('layoutUnavailable'));
    expect(h.emitted).toEqual([]);
  });

  it('toasts the server message (3 s, top) when the layout reply is not OK', async () => {
    const h = start(oneWay({ layouts: [] }), () =>
      Promise.reject(new SeatLayoutRefusedError('Jadwal tidak ditemukan')),
    );
    await waitFor(h.actor, (s) => s.matches('layoutUnavailable'));
    expect(h.toasts()).toEqual([topToast('Jadwal tidak ditemukan')]);
  });

  it('retries the layout after a failure', async () => {
    let calls = 0;
    const h = start(oneWay({ layouts: [] }), () =>
      ++calls === 1 ? Promise.reject(new Error('err')) : Promise.resolve(utamaLayout()),
    );
    await waitFor(h.actor, (s) => s.matches('layoutUnavailable'));
    h.actor.send({ type: 'layout.retry' });
    expect(h.actor.getSnapshot().value).toBe('loadingLayout');
    await waitFor(h.actor, (s) => s.matches('selecting'));
    expect(calls).toBe(2);
  });

  it('recognises only the refusal error as a server refusal', () => {
    expect(isSeatLayoutRefusal(new SeatLayoutRefusedError('x'))).toBe(true);
    expect(isSeatLayoutRefusal(new Error('x'))).toBe(false);
    expect(isSeatLayoutRefusal({ message: 'x' })).toBe(false);
  });
});

describe('seatSelectionMachine: floors', () => {
  it('labels a single floor with its name (Utama)', () => {
    const h = start(oneWay());
    expect(floorLabels(h.context())).toEqual(['Utama']);
  });

  it('marks a floor without a free seat as (Penuh)', () => {
    const h = start(oneWay({ layouts: [twoFloorLayout()] }));
    expect(floorLabels(h.context())).toEqual(['Lantai Bawah', 'Lantai Atas (Penuh)']);
    const [lower, upper] = twoFloorLayout().layout_kursi as [Floor, Floor];
    expect(isFloorFull(lower)).toBe(false);
    expect(isFloorFull(upper)).toBe(true);
    expect(floorLabel(upper)).toBe('Lantai Atas (Penuh)');
  });

  it('has no floor labels before the layout is known', () => {
    const h = start(oneWay({ layouts: [] }), () => new Promise<SeatLayout>(() => {}));
    expect(floorLabels(h.context())).toEqual([]);
    expect(currentFloor(h.context())).toBeNull();
  });

  it('floor.select switches the shown floor; unknown floors are ignored', () => {
    const h = start(oneWay({ layouts: [twoFloorLayout()] }));
    h.actor.send({ type: 'floor.select', index: 1 });
    expect(h.context().floorIndex).toBe(1);
    expect(currentFloor(h.context())?.nama).toBe('Lantai Atas');
    for (const index of [2, -1, 0.5]) {
      h.actor.send({ type: 'floor.select', index });
      expect(h.context().floorIndex).toBe(1);
    }
    h.actor.send({ type: 'floor.select', index: 0 });
    expect(h.context().floorIndex).toBe(0);
  });
});

describe('seatSelectionMachine: toggling seats', () => {
  it('selects and unselects a free seat', () => {
    const h = start(oneWay());
    h.toggle(K.s1);
    expect(chosenSeatNumbers(h.context())).toEqual(['1']);
    expect(h.context().selection[0]).toEqual<ChosenSeat>({
      no: '1',
      key: K.s1,
      floor: 'Utama',
      price: PRICE,
      normalPrice: PRICE,
      promoCode: null,
    });
    h.toggle(K.s1);
    expect(h.context().selection).toEqual([]);
  });

  it('cannot choose a taken seat', () => {
    const h = start(oneWay());
    h.toggle(K.s3, K.s7);
    expect(h.context().selection).toEqual([]);
    expect(h.actor.getSnapshot().can({ type: 'seat.toggle', key: K.s3 })).toBe(false);
  });

  it('cannot choose driver, empty space, toilet or smoking tiles; P and PS are bookable', () => {
    const h = start(oneWay({ layouts: [twoFloorLayout()] }));
    h.toggle('1-1', '1-2', '3-1', '3-2', '4-1', '9-9');
    expect(h.context().selection).toEqual([]);
    h.toggle('2-1', '2-2');
    expect(chosenSeatNumbers(h.context())).toEqual(['1', '2']);
  });

  it('ignores taps on a fully booked floor', () => {
    const h = start(oneWay({ layouts: [twoFloorLayout()] }));
    h.actor.send({ type: 'floor.select', index: 1 });
    h.toggle('1-1', '1-2', '2-1', '2-2');
    expect(h.context().selection).toEqual([]);
  });

  it('keeps seats of different floors apart', () => {
    const lower = utamaFloor();
    const upper = { ...utamaFloor(), nama: 'Lantai Atas' };
    const h = start(oneWay({ layouts: [layout([lower, upper])] }));
    h.toggle(K.s1);
    h.actor.send({ type: 'floor.select', index: 1 });
    expect(tileStatus(h.context(), K.s1)).toBe('available');
    h.toggle(K.s1);
    expect(h.context().selection.map((s) => s.floor)).toEqual(['Utama', 'Lantai Atas']);
  });

  it('drops the oldest selection when the cap (server maks_penumpang) is reached', () => {
    const h = start(oneWay());
    h.toggle(K.s1, K.s2, K.s4);
    expect(allowedSeatCount(h.context())).toBe(3);
    h.toggle(K.s5);
    expect(chosenSeatNumbers(h.context())).toEqual(['2', '4', '5']);
    h.toggle(K.s6);
    expect(chosenSeatNumbers(h.context())).toEqual(['4', '5', '6']);
  });

  it('caps at the passenger count', () => {
    const h = start(oneWay({ passengerCount: 1 }));
    h.toggle(K.s1, K.s2);
    expect(chosenSeatNumbers(h.context())).toEqual(['2']);
    expect(allowedSeatCount(h.context())).toBe(1);
  });

  it('never lets the passenger count exceed the server maximum', () => {
    const h = start(oneWay({ passengerCount: 3, layouts: [twoFloorLayout()] }));
    expect(allowedSeatCount(h.context())).toBe(2);
  });

  it('never goes above MAX_PASSENGERS', () => {
    const h = start(oneWay({ passengerCount: 5, layouts: [utamaLayout({ maks_penumpang: 10 })] }));
    expect(allowedSeatCount(h.context())).toBe(MAX_PASSENGERS);
    h.toggle(K.s1, K.s2, K.s4, K.s5, K.s6);
    expect(h.context().selection).toHaveLength(MAX_PASSENGERS);
  });

  it('falls back to MAX_PASSENGERS when neither a passenger count nor a server maximum is given', () => {
    const h = start(oneWay({ passengerCount: 0, layouts: [utamaLayout({ maks_penumpang: 0 })] }));
    expect(allowedSeatCount(h.context())).toBe(MAX_PASSENGERS);
  });

  it('shows each tile as available, taken, selected or not a seat', () => {
    const h = start(oneWay({ layouts: [twoFloorLayout()] }));
    h.toggle('2-1');
    expect(tileStatus(h.context(), '2-1')).toBe('selected');
    expect(tileStatus(h.context(), '2-2')).toBe('available');
    expect(tileStatus(h.context(), '4-2')).toBe('taken');
    for (const key of ['1-1', '1-2', '3-1', '3-2', '4-1', '9-9'])
      expect(tileStatus(h.context(), key)).toBe('not-a-seat');
  });

  it('shows no tiles before the layout is known', () => {
    const h = start(oneWay({ layouts: [] }), () => new Promise<SeatLayout>(() => {}));
    expect(tileStatus(h.context(), K.s1)).toBe('not-a-seat');
  });

  it('toggleSeat leaves the selection alone when the tile is missing (defensive)', () => {
    const machine = seatSelectionMachine.provide({ guards: { isFreeBookableSeat: () => true } });
    const actor = createActor(machine, { input: oneWay() }).start();
    actor.send({ type: 'seat.toggle', key: '9-9' });
    expect(actor.getSnapshot().context.selection).toEqual([]);
  });
});

describe('seatSelectionMachine: prices and counter', () => {
  it('sums harga_tiket and the normal price (harga_tiket_normal for promo seats)', () => {
    const h = start(oneWay({ layouts: [promoLayout()] }));
    h.toggle('1-1', '1-3');
    expect(selectionPrice(h.context())).toBe(PROMO_PRICE + PRICE);
    expect(selectionNormalPrice(h.context())).toBe(PRICE + PRICE);
    expect(showsNormalPrice(h.context())).toBe(true);
    expect(h.context().selection[0]?.promoCode).toBe('HEMAT');
  });

  it('shows no strikethrough without a promo seat', () => {
    const h = start(oneWay({ layouts: [promoLayout()] }));
    h.toggle('1-3');
    expect(showsNormalPrice(h.context())).toBe(false);
    expect(selectionPrice(h.context())).toBe(PRICE);
  });

  it('counts chosen seats against the allowed count', () => {
    const h = start(oneWay({ passengerCount: 2 }));
    expect(seatCounter(h.context())).toEqual({ chosen: 0, total: 2 });
    h.toggle(K.s1);
    expect(seatCounter(h.context())).toEqual({ chosen: 1, total: 2 });
  });
});

describe('seatSelectionMachine: saving a direct trip', () => {
  it('refuses to save without a seat', () => {
    const h = start(oneWay());
    expect(canSaveSelection(h.context())).toBe(false);
    h.actor.send({ type: 'selection.save' });
    expect(h.actor.getSnapshot().value).toBe('selecting');
    expect(h.toasts()).toEqual([topToast('Kamu belum memilih kursi, harap pilih kursi terlebih dahulu')]);
  });

  it('one-way on desktop finishes with the seats and leaves navigation to the owner', () => {
    const h = start(oneWay());
    h.toggle(K.s1, K.s2);
    expect(canSaveSelection(h.context())).toBe(true);
    h.actor.send({ type: 'selection.save' });
    const snapshot = h.actor.getSnapshot();
    expect(snapshot.status).toBe('done');
    expect(snapshot.output?.direction).toBe('pergi');
    expect(snapshot.output?.seats.map((seats) => seats.map((s) => s.no))).toEqual([['1', '2']]);
    expect(h.navigations()).toEqual([]);
  });

  it('one-way on mobile opens the outbound passenger form', () => {
    const h = start(oneWay({ layout: 'm' }));
    h.toggle(K.s1);
    h.actor.send({ type: 'selection.save' });
    expect(h.navigations()).toEqual([
      { type: 'navigate', intent: { kind: 'route', name: 'm-information-passengers-no-select-seat', params: {} } },
    ]);
  });

  it('round trip: outbound finishes with direction pergi, return with pulang', () => {
    const outbound = start(oneWay({ tripKind: 'round-trip' }));
    outbound.toggle(K.s1);
    outbound.actor.send({ type: 'selection.save' });
    expect(outbound.actor.getSnapshot().output?.direction).toBe('pergi');

    const back = start(oneWay({ tripKind: 'round-trip', direction: 'pulang', layout: 'm' }));
    back.toggle(K.s2);
    back.actor.send({ type: 'selection.save' });
    expect(back.actor.getSnapshot().output).toMatchObject({ direction: 'pulang' });
    expect(back.navigations()).toEqual([
      {
        type: 'navigate',
        intent: { kind: 'route', name: 'm-information-passengers-no-select-seat', params: { return: 'return' } },
      },
    ]);
  });

  it('finishNavigation: a route on mobile, nothing on desktop', () => {
    const h = start(oneWay({ layout: 'd' }));
    expect(finishNavigation(h.context())).toBeNull();
  });
});

describe('seatSelectionMachine: button label (spec section 2)', () => {
  const label = (input: SeatSelectionInput) => saveButtonLabel(start(input).context());

  it('reads Lanjutkan on mobile', () => {
    expect(label(oneWay({ layout: 'm' }))).toBe('Lanjutkan');
    expect(label(oneWay({ layout: 'm', tripKind: 'round-trip', hasReturnSeats: true }))).toBe('Lanjutkan');
    expect(label(oneWay({ layout: 'm', tripKind: 'round-trip', direction: 'pulang' }))).toBe('Lanjutkan');
  });
  it('reads Pilih Kursi Pulang on a round trip without return seats, on both layouts', () => {
    expect(label(oneWay({ tripKind: 'round-trip' }))).toBe('Pilih Kursi Pulang');
    expect(label(oneWay({ layout: 'm', tripKind: 'round-trip' }))).toBe('Pilih Kursi Pulang');
  });
  it('reads Simpan otherwise', () => {
    expect(label(oneWay({ tripKind: 'round-trip', hasReturnSeats: true }))).toBe('Simpan');
    expect(label(oneWay({ tripKind: 'round-trip', direction: 'pulang' }))).toBe('Simpan');
    expect(label(oneWay())).toBe('Simpan');
  });
});

describe('seatSelectionMachine: connecting legs', () => {
  it('walks the legs: any count on the first, exactly that count on the later ones', () => {
    const h = start(connecting());
    expect(h.context().connectingRoute).toBe(FIRST_CONNECTING_ROUTE);
    h.toggle(K.s1, K.s2);
    h.actor.send({ type: 'selection.save' });
    expect(h.context().connectingRoute).toBe(2);
    expect(h.context().selection).toEqual([]);
    expect(h.context().savedSeats.map((seats) => seats.length)).toEqual([2]);
    expect(allowedSeatCount(h.context())).toBe(2);

    h.toggle(K.s4);
    h.actor.send({ type: 'selection.save' });
    expect(h.actor.getSnapshot().value).toBe('selecting');
    expect(h.toasts()).toEqual([topToast('Mohon lengkapi kursi terlebih dahulu')]);
    expect(canSaveSelection(h.context())).toBe(false);

    h.toggle(K.s5, K.s6);
    expect(chosenSeatNumbers(h.context())).toEqual(['5', '6']);
    h.actor.send({ type: 'selection.save' });
    expect(h.context().connectingRoute).toBe(3);
    h.toggle(K.s8, K.s1);
    h.actor.send({ type: 'selection.save' });

    const snapshot = h.actor.getSnapshot();
    expect(snapshot.status).toBe('done');
    expect(snapshot.output?.seats.map((seats) => seats.map((s) => s.no))).toEqual([
      ['1', '2'],
      ['5', '6'],
      ['8', '1'],
    ]);
  });

  it('lets the first leg hold a single seat', () => {
    const h = start(connecting());
    h.toggle(K.s1);
    h.actor.send({ type: 'selection.save' });
    expect(h.context().connectingRoute).toBe(2);
    expect(allowedSeatCount(h.context())).toBe(1);
  });

  it('loads the next leg when its layout is not known', async () => {
    const h = start(connecting({ layouts: [utamaLayout()] }), () => Promise.resolve(twoFloorLayout()));
    h.toggle(K.s1);
    h.actor.send({ type: 'selection.save' });
    expect(h.actor.getSnapshot().value).toBe('loadingLayout');
    expect(h.requests).toEqual([{ leg: leg('J2'), connectingCode: 'CON-1' }]);
    await waitFor(h.actor, (s) => s.matches('selecting'));
    expect(floorLabels(h.context())).toEqual(['Lantai Bawah', 'Lantai Atas (Penuh)']);
  });

  it('leg.back from leg 2 restores leg 1 and drops the stored choice', () => {
    const h = start(connecting());
    h.toggle(K.s1, K.s2);
    h.actor.send({ type: 'selection.save' });
    h.toggle(K.s4);
    h.actor.send({ type: 'floor.select', index: 0 });
    h.actor.send({ type: 'leg.back' });
    expect(h.actor.getSnapshot().value).toBe('selecting');
    expect(h.context().connectingRoute).toBe(1);
    expect(h.context().savedSeats).toEqual([]);
    expect(chosenSeatNumbers(h.context())).toEqual(['1', '2']);
  });

  it('has no leg.back on the first leg', () => {
    const h = start(connecting());
    expect(h.actor.getSnapshot().can({ type: 'leg.back' })).toBe(false);
    h.actor.send({ type: 'leg.back' });
    expect(h.context().connectingRoute).toBe(1);
  });

  it('leg.back also leaves a leg whose layout is loading or unavailable', async () => {
    const h = start(connecting({ layouts: [utamaLayout()] }), () => Promise.reject(new Error('err')));
    h.toggle(K.s1);
    h.actor.send({ type: 'selection.save' });
    await waitFor(h.actor, (s) => s.matches('layoutUnavailable'));
    h.actor.send({ type: 'leg.back' });
    expect(h.actor.getSnapshot().value).toBe('selecting');
    expect(h.context().connectingRoute).toBe(1);

    h.actor.send({ type: 'selection.save' });
    expect(h.actor.getSnapshot().value).toBe('loadingLayout');
    h.actor.send({ type: 'leg.back' });
    expect(h.actor.getSnapshot().value).toBe('selecting');
  });

  it('starts on a later leg from connecting_route with the earlier legs chosen', () => {
    const first = start(connecting());
    first.toggle(K.s1, K.s2);
    first.actor.send({ type: 'selection.save' });
    first.toggle(K.s4, K.s5);
    const initialSeats = [first.context().savedSeats[0] ?? [], first.context().selection];

    const h = start(connecting({ connectingRoute: 2, initialSeats }));
    expect(h.context().connectingRoute).toBe(2);
    expect(chosenSeatNumbers(h.context())).toEqual(['4', '5']);
    expect(h.context().savedSeats).toHaveLength(1);
  });

  it('starts on the first leg missing a choice when connecting_route runs ahead', () => {
    expect(start(connecting({ connectingRoute: 3 })).context().connectingRoute).toBe(1);
    expect(start(connecting({ connectingRoute: 0 })).context().connectingRoute).toBe(1);
  });

  it('ignores stored legs that break the count rule', () => {
    const a = start(oneWay());
    a.toggle(K.s1, K.s2);
    const two = a.context().selection;
    const one = two.slice(0, 1);
    const h = start(connecting({ connectingRoute: 3, initialSeats: [two, one, two] }));
    expect(h.context().connectingRoute).toBe(2);
    expect(chosenSeatNumbers(h.context())).toEqual(['1']);
    const tooFar = start(connecting({ connectingRoute: 9, initialSeats: [two, two, two] }));
    expect(tooFar.context().connectingRoute).toBe(3);
  });
});

describe('seatSelectionMachine: earlier choices', () => {
  const earlier = (): ChosenSeat[] => {
    const h = start(oneWay());
    h.toggle(K.s1, K.s2, K.s4);
    return h.context().selection;
  };

  it('keeps earlier seats that are still free, with the fresh prices', () => {
    const sold = utamaFloor();
    sold.kursi[K.s2] = seat('2', { flag_booking: 1 });
    sold.kursi[K.s1] = seat('1', { harga_tiket: 90_000 });
    const h = start(oneWay({ initialSeats: [earlier()], layouts: [layout([sold])] }));
    expect(chosenSeatNumbers(h.context())).toEqual(['1', '4']);
    expect(h.context().selection[0]?.price).toBe(90_000);
  });

  it('drops earlier seats on a floor that no longer exists', () => {
    const h = start(oneWay({ initialSeats: [earlier()], layouts: [twoFloorLayout()] }));
    expect(h.context().selection).toEqual([]);
  });

  it('keeps the newest earlier seats within the cap, also before the layout loads', async () => {
    const reply = deferred<SeatLayout>();
    const h = start(oneWay({ initialSeats: [earlier()], layouts: [], passengerCount: 2 }), () => reply.promise);
    expect(chosenSeatNumbers(h.context())).toEqual(['2', '4']);
    reply.resolve(utamaLayout());
    await waitFor(h.actor, (s) => s.matches('selecting'));
    expect(chosenSeatNumbers(h.context())).toEqual(['2', '4']);
  });
});

describe('seatSelectionMachine: schedules without seat selection', () => {
  it('refuses with "Not Allow Select Seat" when the leg has select_seat false, without loading', () => {
    const h = start(oneWay({ legs: [leg('J1', { selectSeat: false })], layouts: [] }), () =>
      Promise.resolve(utamaLayout()),
    );
    expect(h.actor.getSnapshot().value).toBe('notAllowed');
    expect(h.requests).toEqual([]);
    expect(h.toasts()).toEqual([topToast('Not Allow Select Seat')]);
    h.toggle(K.s1);
    expect(h.toasts()).toHaveLength(2);
    expect(h.context().selection).toEqual([]);
  });

  it('refuses when the layout says select_seat false', async () => {
    const h = start(oneWay({ layouts: [] }), () => Promise.resolve(utamaLayout({ select_seat: false })));
    await waitFor(h.actor, (s) => s.matches('notAllowed'));
    expect(h.toasts()).toEqual([topToast(seatMessages.notAllowed)]);
  });

  it('refuses a trip without legs', () => {
    expect(start(oneWay({ legs: [], layouts: [] })).actor.getSnapshot().value).toBe('notAllowed');
  });

  it('leg.back leaves a later leg that refuses seat selection', () => {
    const h = start(connecting({ legs: [leg('J1'), leg('J2', { selectSeat: false })] }));
    h.toggle(K.s1);
    h.actor.send({ type: 'selection.save' });
    expect(h.actor.getSnapshot().value).toBe('notAllowed');
    h.actor.send({ type: 'leg.back' });
    expect(h.actor.getSnapshot().value).toBe('selecting');
    expect(chosenSeatNumbers(h.context())).toEqual(['1']);
  });
});

describe('seatSelectionMachine: persistence', () => {
  it('a snapshot taken on leg 2 restores and goes on the same way', () => {
    const input = connecting();
    const h = start(input);
    h.toggle(K.s1, K.s2);
    h.actor.send({ type: 'selection.save' });
    h.toggle(K.s4);

    const restored = roundTripSnapshot(seatSelectionMachine, h.actor, input);
    expect(restored.getSnapshot().value).toBe('selecting');
    expect(restored.getSnapshot().context).toEqual(h.context());

    const steps = [
      { type: 'seat.toggle', key: K.s5 },
      { type: 'selection.save' },
      { type: 'seat.toggle', key: K.s6 },
      { type: 'seat.toggle', key: K.s8 },
      { type: 'selection.save' },
    ] as const;
    for (const event of steps) {
      h.actor.send(event);
      restored.send(event);
      expect(restored.getSnapshot().value).toEqual(h.actor.getSnapshot().value);
      expect(restored.getSnapshot().context).toEqual(h.context());
    }
    expect(restored.getSnapshot().status).toBe('done');
    expect(restored.getSnapshot().output).toEqual(h.actor.getSnapshot().output);
  });
});

describe('seatSelectionMachine: edges a customer can reach', () => {
  it('a refusal keeps its kind through a support trace, so its replay toasts the server message again', () => {
    const replayed = fromJson(toJson(new SeatLayoutRefusedError('Jadwal sudah berangkat')), {
      SeatLayoutRefusedError,
    });
    expect(isSeatLayoutRefusal(replayed)).toBe(true);
    expect((replayed as Error).message).toBe('Jadwal sudah berangkat');
  });

  it('unselecting one seat keeps the others', () => {
    const h = start(oneWay());
    h.toggle(K.s1, K.s2, K.s4);
    h.toggle(K.s2);
    expect(chosenSeatNumbers(h.context())).toEqual(['1', '4']);
  });

  it('shows every chosen seat as selected and the rest as available', () => {
    const h = start(oneWay());
    expect(tileStatus(h.context(), K.s1)).toBe('available');
    h.toggle(K.s1, K.s2);
    expect([K.s1, K.s2, K.s4].map((key) => tileStatus(h.context(), key))).toEqual([
      'selected',
      'selected',
      'available',
    ]);
  });

  it('a seat dearer than the normal fare without a promo is not struck through', () => {
    const floor = utamaFloor();
    floor.kursi[K.s1] = seat('1', { harga_tiket: 120_000 });
    const h = start(oneWay({ layouts: [layout([floor])] }));
    h.toggle(K.s1);
    expect(selectionNormalPrice(h.context())).toBe(120_000);
    expect(showsNormalPrice(h.context())).toBe(false);
  });

  it('a layout without floors shows no seat, and a tap changes nothing', () => {
    const h = start(oneWay({ layouts: [layout([])] }));
    expect(h.actor.getSnapshot().matches('selecting')).toBe(true);
    h.toggle(K.s1);
    h.actor.send({ type: 'floor.select', index: 0 });
    expect(h.actor.getSnapshot().status).toBe('active');
    expect(h.context().selection).toEqual([]);
    expect(tileStatus(h.context(), K.s1)).toBe('not-a-seat');
  });

  it('toggleSeat leaves the selection alone on a layout without floors (defensive)', () => {
    const machine = seatSelectionMachine.provide({ guards: { isFreeBookableSeat: () => true } });
    const actor = createActor(machine, { input: oneWay({ layouts: [layout([])] }) }).start();
    actor.send({ type: 'seat.toggle', key: K.s1 });
    expect(actor.getSnapshot().status).toBe('active');
    expect(actor.getSnapshot().context.selection).toEqual([]);
  });

  it("loading one leg's layout leaves the other legs' layouts alone", async () => {
    const later = twoFloorLayout();
    const h = start(connecting({ layouts: [null, later, null] }), () => Promise.resolve(utamaLayout()));
    await waitFor(h.actor, (s) => s.matches('selecting'));
    expect(h.context().layouts[1]).toBe(later);
    expect(h.context().layouts[2]).toBeNull();
  });

  it('asks for the layout without a connecting code on a trip that is not connecting', () => {
    const h = start(oneWay({ layouts: [], connectingCode: 'CON-1' }), () => new Promise<SeatLayout>(() => {}));
    expect(h.requests).toEqual([{ leg: leg('J1') }]);
  });

  it('starts on the last leg when every earlier leg is stored', () => {
    const a = start(oneWay());
    a.toggle(K.s1, K.s2);
    const two = a.context().selection;
    const h = start(connecting({ connectingRoute: 3, initialSeats: [two, two] }));
    expect(h.context().connectingRoute).toBe(3);
    expect(h.context().savedSeats).toEqual([two, two]);
  });

  it('a stored first leg without seats counts as not chosen', () => {
    const h = start(connecting({ connectingRoute: 2, initialSeats: [[], []] }));
    expect(h.context().connectingRoute).toBe(1);
    expect(h.context().savedSeats).toEqual([]);
  });
});
