import type { ActorRefFrom, InspectionEvent } from 'xstate';
import { EMPTY_HOLD, type BookingContext, type BookingInput, type SeatHold } from '../../machines/booking-context';
import { chosenHoldLegs } from '../../machines/booking-hold';
import { bookingMachine } from '../../machines/booking.machine';
import { createPersistedActor, type PersistenceTiming, type SnapshotStorage } from './persisted-actor';

/** Where the booking flow survives a reload (the chosen trip, seats, passengers). */
export const BOOKING_STORAGE_KEY = 'berangkat:booking';

export type BookingActor = ActorRefFrom<typeof bookingMachine>;
type BookingLogic = typeof bookingMachine;

export interface BookingActorOptions {
  input: BookingInput;
  /** localStorage in the app; null where there is none (private mode, tests). */
  storage: SnapshotStorage | null;
  /** The machine with the app's effects (src/flow/effects.ts); the bare chart in tests. */
  logic?: BookingLogic;
  /** The app's one inspector: emitted events reach the screens through it. */
  inspect?: (event: InspectionEvent) => void;
  /**
   * When the snapshot is written. Default: at once after every change (deterministic, for tests and
   * places without a page); the app passes pagePersistence() so a tap never waits for storage.
   */
  persistence?: PersistenceTiming;
}

type Stored = Record<string, unknown>;

const isRecord = (value: unknown): value is Stored =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/** A child chart's persisted entry, as XState writes it under `children`. */
function childEntry(src: string, value: string, context: Stored, children: Stored): Stored {
  return {
    snapshot: { status: 'active', value, historyValue: {}, context, children },
    src,
    syncSnapshot: false,
  };
}

/**
 * A flow stored when the price check and the seat hold were regions of the booking chart (and,
 * before that, without the hold's fields) keeps its progress: the regions' states, the hold and
 * the calls they ran move into the `price` and `hold` children, the root keeps the hold token.
 * A flow stored by this version is returned as it is.
 */
export function upgradeStoredBooking(stored: unknown): unknown {
  if (!isRecord(stored) || !isRecord(stored.context)) return stored;
  const value = isRecord(stored.value) ? stored.value : null;
  const children = isRecord(stored.children) ? stored.children : {};
  if (!value || isRecord(children.price) || isRecord(children.hold)) return stored;
  const { price: priceValue, hold: holdValue, ...rootValue } = value;
  const { checkPrice, holdSeats, holdClock, ...rootChildren } = children;
  const { hold: storedHold, ...context } = stored.context;
  const hold = isRecord(storedHold) ? (storedHold as unknown as SeatHold) : EMPTY_HOLD;
  const priceCall = isRecord(checkPrice) && isRecord(checkPrice.snapshot) ? checkPrice.snapshot.input : undefined;
  const chosen = chosenHoldLegs(context as unknown as Pick<BookingContext, 'trip' | 'seats'>);
  return {
    ...stored,
    value: rootValue,
    context: { reservationFingerprint: null, ...context, holdToken: hold.token },
    children: {
      ...rootChildren,
      price: childEntry(
        'price',
        typeof priceValue === 'string' ? priceValue : 'idle',
        { request: priceCall ?? null },
        isRecord(checkPrice) ? { checkPrice } : {},
      ),
      hold: childEntry(
        'hold',
        typeof holdValue === 'string' ? holdValue : 'idle',
        { hold, chosen },
        { ...(isRecord(holdSeats) ? { holdSeats } : {}), ...(isRecord(holdClock) ? { holdClock } : {}) },
      ),
    },
  };
}

/**
 * The app's one booking actor (src/flow/persisted-actor.ts): restored from localStorage when the
 * stored snapshot is usable and has a trip (a bad one starts fresh), persisted after every change.
 * A restored actor is told to resume, so a debounce or an error toast pending at the reload runs
 * again instead of waiting for an event (XState does not persist pending delays).
 */
export function createBookingActor(options: BookingActorOptions): BookingActor {
  const { actor, restored } = createPersistedActor({
    logic: options.logic ?? bookingMachine,
    input: options.input,
    key: BOOKING_STORAGE_KEY,
    storage: options.storage,
    upgrade: upgradeStoredBooking,
    accept: (snapshot) => snapshot.context.trip !== undefined,
    ...(options.inspect ? { inspect: options.inspect } : {}),
    ...(options.persistence ? { persistence: options.persistence } : {}),
  });
  if (restored) actor.send({ type: 'flow.resume' });
  return actor;
}
