import { assign, emit, enqueueActions, fromPromise, setup, type SnapshotFrom } from 'xstate';
import { BOOKABLE_SEAT_TYPES, type Floor, type Seat } from '../contract/seats';
import { FIRST_CONNECTING_ROUTE, MAX_PASSENGERS, RETURN_ROUTE_PARAM } from './constants';
import { toast } from './toast';
import type {
  ChosenSeat,
  Direction,
  LayoutMode,
  NavigateEmitted,
  NavigationIntent,
  SeatLayout,
  SeatSelectionOutput,
  SeatsByLeg,
  ToastEmitted,
  Trip,
  TripLeg,
} from './types';

/**
 * Seat choice of one direction (spec section 2 "Seat selection screen", section 4 "Seat
 * selection", section 8 "Seat screen"). A direct trip has one leg; a connecting trip walks its
 * legs (connecting_route 1..n) and finishes after the last one. The booking flow starts one
 * actor per direction and reads SeatSelectionOutput from the final state.
 *
 * Navigation on finishing (interpretation, the spec names several flows):
 * - mobile: the spec's mobile passenger flow continues on the passenger form of the direction
 *   just chosen ("One-way: saving stores seats and opens passenger info"; from there the
 *   passenger form goes on to the return seats, the next leg or back), so finishing emits the
 *   route `m-information-passengers-no-select-seat` with `return` for the return direction;
 * - desktop: the seats are chosen in the booking page's "Pilih Kursi" sheet and "save straight
 *   to the outbound or return selection", so nothing is emitted: the booking flow reads the
 *   output and switches the sheet to the return seats or closes it (the sheet goes back).
 * Legs of a connecting trip advance inside this machine; no route change per leg.
 */

export type SeatLayoutMode = LayoutMode;

export interface SeatSelectionInput {
  direction: Direction;
  tripKind: Trip['kind'];
  /** One leg for a direct trip, the ordered legs of a connecting trip. */
  legs: TripLeg[];
  /** Layouts already known (e.g. from the query cache), by leg index; missing ones are loaded. */
  layouts?: (SeatLayout | null)[];
  /** Passengers already entered; caps the selection (else the server's maks_penumpang). */
  passengerCount?: number;
  /** Leg to start on (query connecting_route), from FIRST_CONNECTING_ROUTE. */
  connectingRoute?: number;
  /** Seats chosen earlier (per leg), e.g. when the user comes back to change seats. */
  initialSeats?: SeatsByLeg;
  /** Code of the connecting itinerary, sent with the layout request of a connecting leg. */
  connectingCode?: string | null;
  /** Defaults to desktop. */
  layout?: SeatLayoutMode;
  /** Round trip: return seats are chosen already (changes the button label). */
  hasReturnSeats?: boolean;
}

export interface SeatSelectionContext {
  direction: Direction;
  tripKind: Trip['kind'];
  legs: TripLeg[];
  connectingCode: string | null;
  layoutMode: SeatLayoutMode;
  hasReturnSeats: boolean;
  passengerCount: number | null;
  /** Seat layout per leg index, null until loaded. */
  layouts: (SeatLayout | null)[];
  /** The spec's connecting_route: current leg number, from FIRST_CONNECTING_ROUTE. */
  connectingRoute: number;
  /** Saved choices of the legs before the current one (all legs once done). */
  savedSeats: SeatsByLeg;
  /** Working selection of the current leg, oldest first (the oldest is dropped at the cap). */
  selection: ChosenSeat[];
  /** Index of the shown floor in the current layout. */
  floorIndex: number;
}

export type SeatSelectionEvent =
  | { type: 'seat.toggle'; key: string }
  | { type: 'floor.select'; index: number }
  | { type: 'selection.save' }
  /** Back from leg n > 1 of a connecting trip. */
  | { type: 'leg.back' }
  | { type: 'layout.retry' };

/** Request of the `loadLayout` actor (the app maps it to `{prefix}/kursi`). */
export interface LoadLayoutInput {
  leg: TripLeg;
  /** jadwal_kode_connecting, for the legs of a connecting trip. */
  connectingCode?: string;
}

/**
 * The app's `loadLayout` rejects with this when the layout reply's status is not OK: its
 * message (the server's) is toasted. Any other rejection is a call failure and ends silently.
 */
export class SeatLayoutRefusedError extends Error {
  override readonly name = 'SeatLayoutRefusedError';
}

export function isSeatLayoutRefusal(error: unknown): error is SeatLayoutRefusedError {
  return error instanceof SeatLayoutRefusedError;
}

/** Spec section 8 (seat screen) and section 5 (select_seat false), verbatim. */
export const seatMessages = {
  noSeat: 'Kamu belum memilih kursi, harap pilih kursi terlebih dahulu',
  legsIncomplete: 'Mohon lengkapi kursi terlebih dahulu',
  notAllowed: 'Not Allow Select Seat',
} as const;

/** Spec section 2: floor label suffix and the save button's texts. */
export const FULL_FLOOR_SUFFIX = ' (Penuh)';
export const saveButtonLabels = {
  save: 'Simpan',
  next: 'Lanjutkan',
  chooseReturn: 'Pilih Kursi Pulang',
} as const;

// ---------------------------------------------------------------------------------------------
// Pure reads of the context (the screen's selectors; the guards use the same ones).

/** Index of the current leg (0 = first). */
export function legIndex(context: SeatSelectionContext): number {
  return context.connectingRoute - FIRST_CONNECTING_ROUTE;
}

export function currentLeg(context: SeatSelectionContext): TripLeg | null {
  return context.legs[legIndex(context)] ?? null;
}

export function currentLayout(context: SeatSelectionContext): SeatLayout | null {
  return context.layouts[legIndex(context)] ?? null;
}

export function currentFloor(context: SeatSelectionContext): Floor | null {
  return currentLayout(context)?.layout_kursi[context.floorIndex] ?? null;
}

function isBookable(seat: Seat | undefined): seat is Seat {
  return seat !== undefined && BOOKABLE_SEAT_TYPES.includes(seat.tipe);
}

function isFreeBookable(seat: Seat | undefined): seat is Seat {
  return isBookable(seat) && seat.flag_booking === 0;
}

/** A floor is full ("(Penuh)") when none of its bookable seats is free. */
export function isFloorFull(floor: Floor): boolean {
  return !Object.values(floor.kursi).some((seat) => isFreeBookable(seat));
}

/** Floor name from the layout (a single floor is "Utama"), with " (Penuh)" when full. */
export function floorLabel(floor: Floor): string {
  return isFloorFull(floor) ? `${floor.nama}${FULL_FLOOR_SUFFIX}` : floor.nama;
}

export function floorLabels(context: SeatSelectionContext): string[] {
  return currentLayout(context)?.layout_kursi.map(floorLabel) ?? [];
}

/**
 * How many seats the current leg may hold. Later connecting legs: exactly the first leg's count.
 * Otherwise the passenger count, lowered by the server's maks_penumpang (0 means not given),
 * never above MAX_PASSENGERS.
 */
export function allowedSeatCount(context: SeatSelectionContext): number {
  const firstLeg = context.savedSeats[0];
  if (legIndex(context) > 0 && firstLeg) return firstLeg.length;
  const limits: number[] = [MAX_PASSENGERS];
  if (context.passengerCount !== null && context.passengerCount > 0) limits.push(context.passengerCount);
  const serverMax = currentLayout(context)?.maks_penumpang ?? 0;
  if (serverMax > 0) limits.push(serverMax);
  return Math.min(...limits);
}

export type TileStatus = 'available' | 'taken' | 'selected' | 'not-a-seat';

/** What a tile of the shown floor looks like: taken (grey, cross), selected (blue), available. */
export function tileStatus(context: SeatSelectionContext, key: string): TileStatus {
  const floor = currentFloor(context);
  const seat = floor?.kursi[key];
  if (!floor || !isBookable(seat)) return 'not-a-seat';
  if (context.selection.some((chosen) => chosen.floor === floor.nama && chosen.key === key)) return 'selected';
  return seat.flag_booking === 0 ? 'available' : 'taken';
}

/** Price of the current selection (sum of each seat's harga_tiket). */
export function selectionPrice(context: SeatSelectionContext): number {
  return context.selection.reduce((sum, seat) => sum + seat.price, 0);
}

/** Normal price of the selection, for the strikethrough beside promo prices. */
export function selectionNormalPrice(context: SeatSelectionContext): number {
  return context.selection.reduce((sum, seat) => sum + seat.normalPrice, 0);
}

/** The strikethrough shows only when a promo lowers the price. */
export function showsNormalPrice(context: SeatSelectionContext): boolean {
  return selectionNormalPrice(context) > selectionPrice(context);
}

export function chosenSeatNumbers(context: SeatSelectionContext): string[] {
  return context.selection.map((seat) => seat.no);
}

/** The counter "chosen / total". */
export function seatCounter(context: SeatSelectionContext): { chosen: number; total: number } {
  return { chosen: context.selection.length, total: allowedSeatCount(context) };
}

function isLaterLegCountWrong(context: SeatSelectionContext): boolean {
  const firstLeg = context.savedSeats[0];
  return legIndex(context) > 0 && firstLeg !== undefined && context.selection.length !== firstLeg.length;
}

/** Saving would be accepted (the screen may grey the button; the machine still explains why not). */
export function canSaveSelection(context: SeatSelectionContext): boolean {
  return context.selection.length > 0 && !isLaterLegCountWrong(context);
}

/**
 * Spec section 2: Pilih Kursi Pulang on a round trip's outbound while no return seats exist (on
 * both layouts: on mobile the return seats come right after this direction's names), else
 * Lanjutkan on mobile (saving continues to the passenger form), else Simpan.
 */
export function saveButtonLabel(context: SeatSelectionContext): string {
  if (context.tripKind === 'round-trip' && context.direction === 'pergi' && !context.hasReturnSeats) {
    return saveButtonLabels.chooseReturn;
  }
  return context.layoutMode === 'm' ? saveButtonLabels.next : saveButtonLabels.save;
}

/** Where finishing sends the user (see the file comment); null when the owner decides. */
export function finishNavigation(context: SeatSelectionContext): NavigationIntent | null {
  if (context.layoutMode !== 'm') return null;
  return {
    kind: 'route',
    name: 'm-information-passengers-no-select-seat',
    params: context.direction === 'pulang' ? { return: RETURN_ROUTE_PARAM } : {},
  };
}

// ---------------------------------------------------------------------------------------------
// Context updates.

function chosenSeat(layout: SeatLayout, floor: Floor, key: string, seat: Seat): ChosenSeat {
  return {
    no: seat.no,
    key,
    floor: floor.nama,
    price: seat.harga_tiket,
    normalPrice: seat.flag_promo === 1 ? layout.harga_tiket_normal : seat.harga_tiket,
    promoCode: seat.promo_kode,
  };
}

/**
 * Keeps only seats that are still free and bookable in the current layout (with its prices),
 * and the newest ones when over the cap: earlier choices may have been sold meanwhile.
 */
function reconcileSelection(context: SeatSelectionContext): ChosenSeat[] {
  const layout = currentLayout(context);
  const kept = layout
    ? context.selection.flatMap((chosen) => {
        const floor = layout.layout_kursi.find((candidate) => candidate.nama === chosen.floor);
        const seat = floor?.kursi[chosen.key];
        return floor && isFreeBookable(seat) ? [chosenSeat(layout, floor, chosen.key, seat)] : [];
      })
    : context.selection;
  return kept.slice(Math.max(0, kept.length - allowedSeatCount(context)));
}

/** Leading legs of `seats` that form a valid history: each non-empty, later ones as many as the first. */
function consistentSeats(seats: SeatsByLeg): SeatsByLeg {
  const firstCount = seats[0]?.length ?? 0;
  const end = seats.findIndex((leg) => leg.length === 0 || leg.length !== firstCount);
  return end === -1 ? seats : seats.slice(0, end);
}

function initialContext(input: SeatSelectionInput): SeatSelectionContext {
  const legs = input.legs;
  const earlier = consistentSeats(input.initialSeats ?? []);
  // A later leg needs the earlier legs' choices; without them start at the first leg missing one.
  const requested = input.connectingRoute ?? FIRST_CONNECTING_ROUTE;
  const lastRoute = Math.max(FIRST_CONNECTING_ROUTE, legs.length - 1 + FIRST_CONNECTING_ROUTE);
  const connectingRoute = Math.max(
    FIRST_CONNECTING_ROUTE,
    Math.min(requested, earlier.length + FIRST_CONNECTING_ROUTE, lastRoute),
  );
  const index = connectingRoute - FIRST_CONNECTING_ROUTE;
  const context: SeatSelectionContext = {
    direction: input.direction,
    tripKind: input.tripKind,
    legs,
    connectingCode: input.connectingCode ?? null,
    layoutMode: input.layout ?? 'd',
    hasReturnSeats: input.hasReturnSeats ?? false,
    passengerCount: input.passengerCount ?? null,
    layouts: legs.map((_, i) => input.layouts?.[i] ?? null),
    connectingRoute,
    savedSeats: earlier.slice(0, index),
    selection: input.initialSeats?.[index] ?? [],
    floorIndex: 0,
  };
  return { ...context, selection: reconcileSelection(context) };
}

function withLayout(context: SeatSelectionContext, layout: SeatLayout): SeatSelectionContext {
  const layouts = context.layouts.map((known, i) => (i === legIndex(context) ? layout : known));
  const next = { ...context, layouts, floorIndex: 0 };
  return { ...next, selection: reconcileSelection(next) };
}

function layoutRequest(context: SeatSelectionContext): LoadLayoutInput {
  // Only entered after isSeatSelectionRefused failed, which needs the leg to exist.
  const leg = currentLeg(context) as TripLeg;
  return context.tripKind === 'connecting' && context.connectingCode
    ? { leg, connectingCode: context.connectingCode }
    : { leg };
}

export const seatSelectionMachine = setup({
  types: {
    context: {} as SeatSelectionContext,
    events: {} as SeatSelectionEvent,
    input: {} as SeatSelectionInput,
    output: {} as SeatSelectionOutput,
    emitted: {} as NavigateEmitted | ToastEmitted,
  },
  actors: {
    // Placeholder: the app provides the real call; a rejection ends loading silently.
    loadLayout: fromPromise<SeatLayout, LoadLayoutInput>(() =>
      Promise.reject(new Error('loadLayout is provided by the app')),
    ),
  },
  guards: {
    isSeatSelectionRefused: ({ context }) => {
      const leg = currentLeg(context);
      return !leg || !leg.selectSeat || currentLayout(context)?.select_seat === false;
    },
    hasCurrentLayout: ({ context }) => currentLayout(context) !== null,
    isLayoutRefused: (_, params: { error: unknown }) => isSeatLayoutRefusal(params.error),
    isFreeBookableSeat: ({ context }, params: { key: string }) =>
      isFreeBookable(currentFloor(context)?.kursi[params.key]),
    isExistingFloor: ({ context }, params: { index: number }) =>
      Number.isInteger(params.index) &&
      params.index >= 0 &&
      params.index < (currentLayout(context)?.layout_kursi.length ?? 0),
    hasNoSeat: ({ context }) => context.selection.length === 0,
    isLaterLegCountWrong: ({ context }) => isLaterLegCountWrong(context),
    hasNextLeg: ({ context }) => legIndex(context) < context.legs.length - 1,
    isLaterLeg: ({ context }) => context.connectingRoute > FIRST_CONNECTING_ROUTE,
  },
  actions: {
    // Spec section 8: the seat screen's messages show at the top.
    emitToast: emit((_, params: { message: string }) => toast(params.message, 'top')),
    toggleSeat: assign(({ context }, params: { key: string }) => {
      const layout = currentLayout(context);
      const floor = currentFloor(context);
      const seat = floor?.kursi[params.key];
      // Guarded by isFreeBookableSeat: layout, floor and seat exist.
      if (!layout || !floor || !seat) return {};
      const isChosen = (chosen: ChosenSeat) => chosen.floor === floor.nama && chosen.key === params.key;
      if (context.selection.some(isChosen)) {
        return { selection: context.selection.filter((chosen) => !isChosen(chosen)) };
      }
      // At the cap the oldest selections make room for the new one.
      const keep = allowedSeatCount(context) - 1;
      const kept = keep > 0 ? context.selection.slice(-keep) : [];
      return { selection: [...kept, chosenSeat(layout, floor, params.key, seat)] };
    }),
    selectFloor: assign((_, params: { index: number }) => ({ floorIndex: params.index })),
    saveLegAndAdvance: assign(({ context }) => ({
      savedSeats: [...context.savedSeats.slice(0, legIndex(context)), context.selection],
      connectingRoute: context.connectingRoute + 1,
      selection: [],
      floorIndex: 0,
    })),
    saveLastLeg: assign(({ context }) => ({
      savedSeats: [...context.savedSeats.slice(0, legIndex(context)), context.selection],
    })),
    returnToPreviousLeg: assign(({ context }) => {
      const previous = legIndex(context) - 1;
      // The previous leg's choice becomes editable again; this leg's choice is dropped.
      return {
        connectingRoute: context.connectingRoute - 1,
        selection: context.savedSeats[previous] ?? [],
        savedSeats: context.savedSeats.slice(0, previous),
        floorIndex: 0,
      };
    }),
    navigateOnFinish: enqueueActions(({ context, enqueue }) => {
      const intent = finishNavigation(context);
      if (intent) enqueue.emit({ type: 'navigate', intent });
    }),
  },
}).createMachine({
  id: 'seat-selection',
  description: 'Seat choice of one direction, leg by leg for a connecting trip.',
  context: ({ input }) => initialContext(input),
  initial: 'entering',
  on: {
    'leg.back': { guard: 'isLaterLeg', target: '.entering', actions: 'returnToPreviousLeg' },
  },
  states: {
    entering: {
      description: 'Decides what the current leg needs: the refusal, its layout, or the seat map.',
      always: [
        { guard: 'isSeatSelectionRefused', target: 'notAllowed' },
        { guard: 'hasCurrentLayout', target: 'selecting' },
        { target: 'loadingLayout' },
      ],
    },
    loadingLayout: {
      description: 'Fetching the seat layout of the current leg (on mount and on each leg change).',
      invoke: {
        id: 'loadLayout',
        src: 'loadLayout',
        input: ({ context }) => layoutRequest(context),
        onDone: {
          target: 'entering',
          actions: assign(({ context, event }) => withLayout(context, event.output)),
        },
        onError: [
          {
            guard: { type: 'isLayoutRefused', params: ({ event }) => ({ error: event.error }) },
            target: 'layoutUnavailable',
            actions: {
              type: 'emitToast',
              params: ({ event }) => ({ message: (event.error as SeatLayoutRefusedError).message }),
            },
          },
          // Spec section 8: a seat-layout call failure ends loading silently.
          { target: 'layoutUnavailable' },
        ],
      },
    },
    layoutUnavailable: {
      description: 'The layout could not be loaded; loading has ended and the user may retry.',
      on: { 'layout.retry': 'loadingLayout' },
    },
    notAllowed: {
      description: 'The schedule has no seat selection: "Not Allow Select Seat", and again on each seat tap.',
      entry: { type: 'emitToast', params: { message: seatMessages.notAllowed } },
      on: {
        'seat.toggle': { actions: { type: 'emitToast', params: { message: seatMessages.notAllowed } } },
      },
    },
    selecting: {
      description: 'Seat map of the current leg: floors, seat toggles capped at the allowed count, save.',
      on: {
        'seat.toggle': {
          guard: { type: 'isFreeBookableSeat', params: ({ event }) => ({ key: event.key }) },
          actions: { type: 'toggleSeat', params: ({ event }) => ({ key: event.key }) },
        },
        'floor.select': {
          guard: { type: 'isExistingFloor', params: ({ event }) => ({ index: event.index }) },
          actions: { type: 'selectFloor', params: ({ event }) => ({ index: event.index }) },
        },
        'selection.save': [
          { guard: 'hasNoSeat', actions: { type: 'emitToast', params: { message: seatMessages.noSeat } } },
          {
            guard: 'isLaterLegCountWrong',
            actions: { type: 'emitToast', params: { message: seatMessages.legsIncomplete } },
          },
          { guard: 'hasNextLeg', target: 'entering', actions: 'saveLegAndAdvance' },
          { target: 'done', actions: 'saveLastLeg' },
        ],
      },
    },
    done: {
      type: 'final',
      description: 'Every leg saved; the output carries the seats per leg.',
      entry: 'navigateOnFinish',
    },
  },
  output: ({ context }) => ({ direction: context.direction, seats: context.savedSeats }),
});

export type SeatSelectionSnapshot = SnapshotFrom<typeof seatSelectionMachine>;

export { RETURN_ROUTE_PARAM };
