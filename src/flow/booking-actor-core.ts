import type { ActorRefFrom, InspectionEvent } from 'xstate';
import { EMPTY_HOLD, type BookingInput } from '../../machines/booking-context';
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

/** A flow stored before the seat hold existed keeps its progress: the fields it lacks start empty. */
function withLaterFields(stored: unknown): unknown {
  if (stored === null || typeof stored !== 'object') return stored;
  const { context } = stored as { context?: unknown };
  if (context === null || typeof context !== 'object') return stored;
  return { ...stored, context: { reservationFingerprint: null, hold: EMPTY_HOLD, ...context } };
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
    upgrade: withLaterFields,
    accept: (snapshot) => snapshot.context.trip !== undefined,
    ...(options.inspect ? { inspect: options.inspect } : {}),
    ...(options.persistence ? { persistence: options.persistence } : {}),
  });
  if (restored) actor.send({ type: 'flow.resume' });
  return actor;
}
