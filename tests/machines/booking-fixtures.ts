import { assign, createActor, fromCallback, fromPromise, setup, SimulatedClock, type AnyActorRef } from 'xstate';
import type { CekHargaResults, KursiResults, ReservasiResults } from '../../contract';
import type { PriceRequest } from '../../machines/booking-requests';
import type { LoadLayoutInput } from '../../machines/seat-selection.machine';
import type {
  AnalyticsEmitted,
  BookingInput,
  HoldInput,
  HoldOutcome,
  ReserveInput,
  ReserveOutcome,
  ScrollToEmitted,
} from '../../machines/booking-context';
import { bookingMachine, type BookingSnapshot } from '../../machines/booking.machine';
import { bookingHoldMachine } from '../../machines/booking-hold.machine';
import { bookingPriceMachine } from '../../machines/booking-price.machine';
import {
  type BookingHoldSnapshot,
  type BookingPriceSnapshot,
  holdChild,
  priceChild,
} from '../../machines/booking-selectors';
import type {
  Booker,
  ChosenSeat,
  NavigateEmitted,
  PassengerMap,
  ToastEmitted,
  Trip,
  TripLeg,
} from '../../machines/types';

/** Shared data and fakes of the booking machine tests. */

export function leg(scheduleCode: string, patch: Partial<TripLeg> = {}): TripLeg {
  return {
    operatorCode: 'XTR',
    operatorName: 'Xtrans',
    operatorType: 'shuttle',
    operatorLogo: '/logo/xtr.png',
    scheduleCode,
    date: '2026-12-01',
    departureTime: '07:00',
    origin: 'Bandung',
    destination: 'Jakarta',
    selectSeat: true,
    refundable: true,
    ...patch,
  };
}

export const oneWay: Trip = { kind: 'one-way', outbound: [leg('J-GO')], return: null, connectingCode: null };
export const roundTrip: Trip = {
  kind: 'round-trip',
  outbound: [leg('J-GO')],
  return: [leg('J-BACK', { date: '2026-12-03', origin: 'Jakarta', destination: 'Bandung' })],
  connectingCode: null,
};
export const connecting: Trip = {
  kind: 'connecting',
  outbound: [leg('C-1'), leg('C-2', { operatorCode: 'DAY', operatorName: 'Daytrans', date: '2026-12-02' })],
  return: null,
  connectingCode: 'CX-1',
};
export const noSeatTrip: Trip = {
  kind: 'one-way',
  outbound: [leg('J-FREE', { selectSeat: false })],
  return: null,
  connectingCode: null,
};

export function seat(no: string, price = 100_000): ChosenSeat {
  return { no, key: `1-${no}`, floor: 'Utama', price, normalPrice: price, promoCode: null };
}

export const validBooker: Booker = { name: 'Budi Santoso', phone: '081234567890', email: 'budi@mail.com' };

export function passengers(...names: string[]): PassengerMap {
  return Object.fromEntries(names.map((name, index) => [`pass${index}`, name]));
}

export function priceResults(patch: Partial<CekHargaResults> = {}): CekHargaResults {
  return {
    sub_total: 200_000,
    total_bayar: 200_000,
    biaya_asuransi: 10_000,
    flag_status_asuransi: 1,
    max_point: 500,
    total_point: 1200,
    flag_status_point: 1,
    list_harga: [
      { title: 'Tiket Pergi (2 kursi)', price: 200_000, type: 'normal' },
      { title: 'Total', price: 200_000, type: 'total' },
    ],
    ...patch,
  };
}

/** A successful, unpaid reservation reply (flag_lunas 0, price unchanged). */
export function reservedResults(patch: Partial<ReservasiResults> = {}): ReservasiResults {
  return {
    reservasi_kode: 'TMP-1',
    flag_harga_berubah: 0,
    total_bayar: 200_000,
    flag_lunas: 0,
    kunci_pesanan: 'kunci-pesanan-uji-0001',
    ...patch,
  };
}

export const FEATURES_ON = { refundable: true, berkah: true, point: true } as const;

export function input(patch: Partial<BookingInput> = {}): BookingInput {
  return { layout: 'd', signedIn: false, features: { ...FEATURES_ON }, trip: null, ...patch };
}

/**
 * A stand-in child: records its input, stays open until `finish { output }` and then reaches its
 * final state with that output, like the real children do.
 */
export const fakeChild = setup({
  types: {
    input: {} as unknown,
    context: {} as { input: unknown; output: unknown },
    events: {} as { type: 'finish'; output: unknown },
  },
}).createMachine({
  id: 'fake-child',
  context: ({ input }) => ({ input, output: null }),
  initial: 'open',
  states: {
    open: { on: { finish: { target: 'done', actions: assign({ output: ({ event }) => event.output }) } } },
    done: { type: 'final' },
  },
  output: ({ context }) => context.output,
});

interface Deferred<T> {
  input: unknown;
  resolve: (value: T) => void;
  reject: (error: unknown) => void;
}

/** A promise actor whose calls the test settles by hand. */
export function controllable<TOutput, TInput>() {
  const calls: Deferred<TOutput>[] = [];
  const logic = fromPromise<TOutput, TInput>(
    ({ input }) =>
      new Promise<TOutput>((resolve, reject) => {
        calls.push({ input, resolve, reject });
      }),
  );
  return { logic, calls };
}

/** Lets settled promises deliver their done events. */
export const flush = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

export interface Emitted {
  navigations: NavigateEmitted['intent'][];
  toasts: ToastEmitted[];
  scrolls: ScrollToEmitted['field'][];
  analytics: AnalyticsEmitted[];
}

/** A running child of the booking actor, by its stable id. */
export function childOf(actor: AnyActorRef, id: string): AnyActorRef | undefined {
  return (actor.getSnapshot() as { children: Record<string, AnyActorRef | undefined> }).children[id];
}

/** The price child's snapshot (the booking root invokes it). */
export function priceOf(snapshot: BookingSnapshot): BookingPriceSnapshot | undefined {
  return priceChild(snapshot)?.getSnapshot();
}

/** The hold child's snapshot (the booking root invokes it). */
export function holdOf(snapshot: BookingSnapshot): BookingHoldSnapshot | undefined {
  return holdChild(snapshot)?.getSnapshot();
}

/** The countdown's clock on a simulated clock: a tick at once and every second, as the app's does. */
export function simulatedHoldClock(clock: SimulatedClock) {
  return fromCallback(({ sendBack }) => {
    let timer: ReturnType<SimulatedClock['setTimeout']> | undefined;
    const tick = () => {
      sendBack({ type: 'hold.tick', now: clock.now() });
      timer = clock.setTimeout(tick, 1000);
    };
    tick();
    return () => {
      if (timer !== undefined) clock.clearTimeout(timer);
    };
  });
}

/** The booking machine with fake children and controllable calls. */
export function bookingWithFakes(clock: SimulatedClock = new SimulatedClock()) {
  const checkPrice = controllable<CekHargaResults, PriceRequest>();
  const reserve = controllable<ReserveOutcome, ReserveInput>();
  const loadProfile = controllable<Partial<Booker>, undefined>();
  const holdSeats = controllable<HoldOutcome, HoldInput>();
  /** What each "let go" of the hold sent. */
  const releases: (HoldInput | null)[] = [];
  const machine = bookingMachine.provide({
    actors: {
      // The fakes stand in for the real children; their types differ on purpose.
      seatSelection: fakeChild as never,
      passengerForm: fakeChild as never,
      bookerForm: fakeChild as never,
      price: bookingPriceMachine.provide({ actors: { checkPrice: checkPrice.logic } }),
      hold: bookingHoldMachine.provide({
        actors: { holdSeats: holdSeats.logic, holdClock: simulatedHoldClock(clock) },
        actions: {
          releaseHold: (_, params: { input: HoldInput | null }) => {
            releases.push(params.input);
          },
        },
      }),
      reserve: reserve.logic,
      loadProfile: loadProfile.logic as never,
    },
  });
  return { machine, checkPrice, reserve, loadProfile, holdSeats, releases };
}

export function start(patch: Partial<BookingInput> = {}) {
  const clock = new SimulatedClock();
  const fakes = bookingWithFakes(clock);
  const actor = createActor(fakes.machine, { input: input(patch), clock });
  const emitted: Emitted = { navigations: [], toasts: [], scrolls: [], analytics: [] };
  actor.on('navigate', (event) => emitted.navigations.push(event.intent));
  actor.on('toast', (event) => emitted.toasts.push(event));
  actor.on('scrollTo', (event) => emitted.scrolls.push(event.field));
  actor.on('analytics', (event) => emitted.analytics.push(event));
  actor.start();
  /** Finishes a running child with an output. */
  const finishChild = (id: string, output: unknown) => {
    const child = childOf(actor, id);
    if (!child) throw new Error(`child ${id} is not running`);
    child.send({ type: 'finish', output });
  };
  const childInput = (id: string) => {
    const child = childOf(actor, id);
    if (!child) throw new Error(`child ${id} is not running`);
    return (child.getSnapshot() as { context: { input: unknown } }).context.input;
  };
  return { ...fakes, actor, clock, emitted, finishChild, childInput };
}

export type Run = ReturnType<typeof start>;

/** Seats through the seat child, passengers through the passenger child: what the page does. */
export function chooseSeats(run: Run, direction: 'pergi' | 'pulang', seats: ChosenSeat[][]) {
  run.actor.send({ type: 'seats.open', direction });
  run.finishChild(`seatSelection.${direction}`, { direction, seats });
}

export function enterPassengers(run: Run, direction: 'pergi' | 'pulang', legIndex: number, map: PassengerMap) {
  run.actor.send({ type: 'passengers.open', direction, legIndex });
  const seats = run.actor.getSnapshot().context.seats[direction][legIndex] ?? [];
  run.finishChild(`passengerForm.${direction}.${legIndex}`, {
    direction,
    legIndex,
    passengers: [map],
    seats,
  });
}

export function enterBooker(run: Run, booker: Booker = validBooker) {
  run.actor.send({ type: 'booker.open' });
  run.finishChild('bookerForm', booker);
}

/** A one-way (or the given trip's) booking that passes validation, with the price loaded. */
export async function readyToReserve(patch: Partial<BookingInput> = {}) {
  const run = start({ trip: oneWay, ...patch });
  const trip = run.actor.getSnapshot().context.trip as Trip;
  enterBooker(run);
  chooseSeats(run, 'pergi', [[seat('1A'), seat('1B')]]);
  enterPassengers(run, 'pergi', 0, passengers('Budi Santoso', 'Siti Aminah'));
  if (trip.kind === 'round-trip') {
    chooseSeats(run, 'pulang', [[seat('2A'), seat('2B')]]);
    enterPassengers(run, 'pulang', 0, passengers('Budi Santoso', 'Siti Aminah'));
  }
  run.checkPrice.calls.at(-1)?.resolve(priceResults());
  await flush();
  run.actor.send({ type: 'refundable.set', value: 'no' });
  run.checkPrice.calls.at(-1)?.resolve(priceResults());
  await flush();
  run.actor.send({ type: 'terms.set', checked: true });
  run.emitted.toasts.length = 0;
  run.emitted.navigations.length = 0;
  return run;
}

/** Two free seats and one taken on one floor: the seat map a leg's loadLayout answers. */
export function threeSeatLayout(leg: LoadLayoutInput['leg']): KursiResults {
  const tile = (no: string, taken = false) => ({
    no,
    tipe: 'P' as const,
    flag_booking: taken ? (1 as const) : (0 as const),
    flag_promo: 0 as const,
    harga_tiket: 100_000,
    promo_kode: null,
  });
  return {
    operator_kode: leg.operatorCode,
    jadwal_kode: leg.scheduleCode,
    tanggal_berangkat: leg.date,
    select_seat: true,
    layout_kursi: [
      {
        nama: 'Utama',
        baris: 1,
        kolom: 3,
        sisa_kursi: 2,
        kursi: { '1-1': tile('1A'), '1-2': tile('1B'), '1-3': tile('1C', true) },
      },
    ],
    flag_multi_harga: 0,
    maks_penumpang: 3,
    harga_tiket_normal: 100_000,
  };
}
