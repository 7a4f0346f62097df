import { createActor, type ActorRefFrom, type InspectionEvent } from 'xstate';
import { bookingMachine, type BookingInput } from '../../machines/booking.machine';

/** Where the booking flow survives a reload (the chosen trip, seats, passengers). */
export const BOOKING_STORAGE_KEY = 'berangkat:booking';

export type BookingActor = ActorRefFrom<typeof bookingMachine>;
type BookingLogic = typeof bookingMachine;

export interface BookingActorOptions {
  input: BookingInput;
  /** localStorage in the app; null where there is none (private mode, tests). */
  storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | null;
  /** The machine with the app's effects (src/flow/effects.ts); the bare chart in tests. */
  logic?: BookingLogic;
  /** The app's one inspector: emitted events reach the screens through it. */
  inspect?: (event: InspectionEvent) => void;
}

function readStored(storage: BookingActorOptions['storage']): unknown {
  try {
    const text = storage?.getItem(BOOKING_STORAGE_KEY);
    return text ? (JSON.parse(text) as unknown) : undefined;
  } catch {
    return undefined;
  }
}

/** A restored actor, or null when the stored snapshot does not fit this machine. */
function restore(stored: unknown, options: BookingActorOptions, logic: BookingLogic): BookingActor | null {
  if (stored === undefined || stored === null || typeof stored !== 'object') return null;
  try {
    const actor = createActor(logic, {
      input: options.input,
      // Typed as unknown on purpose: anything read back is checked by starting it.
      snapshot: stored as ReturnType<BookingActor['getPersistedSnapshot']>,
      ...(options.inspect ? { inspect: options.inspect } : {}),
    });
    const snapshot = actor.getSnapshot();
    if (snapshot.status !== 'active' || snapshot.context.trip === undefined) return null;
    return actor;
  } catch {
    return null;
  }
}

/**
 * The app's one booking actor: restored from localStorage when the stored snapshot is usable
 * (a bad one starts fresh), persisted after every change. A restored actor is told to resume, so
 * a debounce or an error toast pending at the reload runs again instead of waiting for an event
 * (XState does not persist pending delays).
 */
export function createBookingActor(options: BookingActorOptions): BookingActor {
  const { input, storage } = options;
  const logic = options.logic ?? bookingMachine;
  let root: BookingActor | null = null;
  const persist = () => {
    if (!root || root.getSnapshot().status !== 'active') return;
    try {
      storage?.setItem(BOOKING_STORAGE_KEY, JSON.stringify(root.getPersistedSnapshot()));
    } catch {
      // Quota or private mode: keep going without persistence.
    }
  };
  // A child's change (a name typed in a passenger form) does not change the parent's snapshot:
  // every snapshot of any actor of the flow is what persists it.
  const inspect = (event: InspectionEvent) => {
    options.inspect?.(event);
    if (event.type === '@xstate.snapshot') persist();
  };
  const withInspect = { ...options, inspect };
  let actor = restore(readStored(storage), withInspect, logic);
  const restored = actor !== null;
  if (!actor) {
    try {
      storage?.removeItem(BOOKING_STORAGE_KEY);
    } catch {
      // Storage refused: the flow simply is not persisted.
    }
    actor = createActor(logic, { input, inspect });
  }
  const started = actor;
  root = started;
  try {
    started.start();
  } catch {
    // A snapshot that only fails on start: forget it and begin again.
    storage?.removeItem(BOOKING_STORAGE_KEY);
    return createBookingActor({ ...options, storage: null });
  }
  persist();
  if (restored) started.send({ type: 'flow.resume' });
  return started;
}
