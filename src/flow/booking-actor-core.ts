import { createActor, type ActorRefFrom } from 'xstate';
import { bookingMachine, type BookingInput } from '../../machines/booking.machine';
import type { NavigationIntent } from '../../machines/types';

/** Where the booking flow survives a reload (the chosen trip, seats, passengers). */
export const BOOKING_STORAGE_KEY = 'berangkat:booking';

export type BookingActor = ActorRefFrom<typeof bookingMachine>;

export interface BookingActorOptions {
  input: BookingInput;
  /** localStorage in the app; null where there is none (private mode, tests). */
  storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | null;
  onNavigate: (intent: NavigationIntent) => void;
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
function restore(stored: unknown, input: BookingInput): BookingActor | null {
  if (stored === undefined || stored === null || typeof stored !== 'object') return null;
  try {
    const actor = createActor(bookingMachine, {
      input,
      // Typed as unknown on purpose: anything read back is checked by starting it.
      snapshot: stored as ReturnType<BookingActor['getPersistedSnapshot']>,
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
 * (a bad one starts fresh), persisted after every change, its navigation intents handed out.
 */
export function createBookingActor({ input, storage, onNavigate }: BookingActorOptions): BookingActor {
  let actor = restore(readStored(storage), input);
  if (!actor) {
    try {
      storage?.removeItem(BOOKING_STORAGE_KEY);
    } catch {
      // Storage refused: the flow simply is not persisted.
    }
    actor = createActor(bookingMachine, { input });
  }
  const started = actor;
  started.on('navigate', (event) => onNavigate(event.intent));
  started.subscribe((snapshot) => {
    if (snapshot.status !== 'active') return;
    try {
      storage?.setItem(BOOKING_STORAGE_KEY, JSON.stringify(started.getPersistedSnapshot()));
    } catch {
      // Quota or private mode: keep going without persistence.
    }
  });
  try {
    started.start();
  } catch {
    // A snapshot that only fails on start: forget it and begin again.
    storage?.removeItem(BOOKING_STORAGE_KEY);
    return createBookingActor({ input, storage: null, onNavigate });
  }
  return started;
}
