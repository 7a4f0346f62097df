import { createActor, type ActorRefFrom, type InspectionEvent } from 'xstate';
import { EMPTY_HOLD, type BookingInput } from '../../machines/booking-context';
import { bookingMachine } from '../../machines/booking.machine';

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
  /**
   * When the snapshot is written. Default: at once after every change (deterministic, for tests and
   * places without a page); the app passes pagePersistence() so a tap never waits for storage.
   */
  persistence?: PersistenceTiming;
}

/**
 * When the stored snapshot is written: `schedule` runs the write later (once, however many changes
 * came before it) and returns a cancel; `onLeave` calls `flush` when the page may be gone next
 * (unload, tab switch, app switch) and returns a detach.
 */
export interface PersistenceTiming {
  schedule(write: () => void): () => void;
  onLeave?(flush: () => void): () => void;
}

/** The write happens at once: every change is stored before the event that made it returns. */
export const immediatePersistence: PersistenceTiming = {
  schedule(write) {
    write();
    return () => {};
  },
};

/** Longest wait for an idle moment: a busy page still stores within this time. */
export const PERSIST_IDLE_TIMEOUT_MS = 1000;

type IdleWindow = Pick<Window, 'addEventListener' | 'removeEventListener' | 'setTimeout' | 'clearTimeout'> &
  Partial<Pick<Window, 'requestIdleCallback' | 'cancelIdleCallback'>>;
type LeavingDocument = Pick<Document, 'addEventListener' | 'removeEventListener' | 'visibilityState'>;

/**
 * The browser's timing: the write waits for an idle moment after the frame (at most
 * PERSIST_IDLE_TIMEOUT_MS; a timer in browsers without requestIdleCallback), and a
 * pending write is done at once on pagehide or when the page turns hidden: a reload, a closed
 * tab or a webview sent to the background keeps the last change.
 */
export function pagePersistence(win: IdleWindow = window, doc: LeavingDocument = document): PersistenceTiming {
  return {
    schedule(write) {
      if (win.requestIdleCallback && win.cancelIdleCallback) {
        const handle = win.requestIdleCallback(write, { timeout: PERSIST_IDLE_TIMEOUT_MS });
        return () => win.cancelIdleCallback?.(handle);
      }
      const handle = win.setTimeout(write, 0);
      return () => win.clearTimeout(handle);
    },
    onLeave(flush) {
      const onVisibility = () => {
        if (doc.visibilityState === 'hidden') flush();
      };
      win.addEventListener('pagehide', flush);
      doc.addEventListener('visibilitychange', onVisibility);
      return () => {
        win.removeEventListener('pagehide', flush);
        doc.removeEventListener('visibilitychange', onVisibility);
      };
    },
  };
}

function readStored(storage: BookingActorOptions['storage']): unknown {
  try {
    const text = storage?.getItem(BOOKING_STORAGE_KEY);
    return text ? withLaterFields(JSON.parse(text) as unknown) : undefined;
  } catch {
    return undefined;
  }
}

/** A flow stored before the seat hold existed keeps its progress: the fields it lacks start empty. */
function withLaterFields(stored: unknown): unknown {
  if (stored === null || typeof stored !== 'object') return stored;
  const { context } = stored as { context?: unknown };
  if (context === null || typeof context !== 'object') return stored;
  return { ...stored, context: { reservationFingerprint: null, hold: EMPTY_HOLD, ...context } };
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
 * (a bad one starts fresh), persisted after every change (at once, or when `persistence` says).
 * A restored actor is told to resume, so a debounce or an error toast pending at the reload runs
 * again instead of waiting for an event (XState does not persist pending delays).
 */
export function createBookingActor(options: BookingActorOptions): BookingActor {
  const { input, storage } = options;
  const logic = options.logic ?? bookingMachine;
  const timing = options.persistence ?? immediatePersistence;
  let root: BookingActor | null = null;
  let cancelPending: (() => void) | null = null;
  const write = () => {
    cancelPending = null;
    if (!root || root.getSnapshot().status !== 'active') return;
    try {
      storage?.setItem(BOOKING_STORAGE_KEY, JSON.stringify(root.getPersistedSnapshot()));
    } catch {
      // Quota or private mode: keep going without persistence.
    }
  };
  // One write for however many snapshots one event produces (the parent and each child's).
  const persist = () => {
    if (!storage || cancelPending) return;
    let ranAtOnce = false;
    const cancel = timing.schedule(() => {
      ranAtOnce = true;
      write();
    });
    if (!ranAtOnce) cancelPending = cancel;
  };
  const flush = () => {
    if (!cancelPending) return;
    cancelPending();
    write();
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
  // Stopping the flow (tests, a restart) lets go of the page's listeners.
  const detach = timing.onLeave?.(flush);
  if (detach) started.subscribe({ complete: detach });
  if (restored) started.send({ type: 'flow.resume' });
  return started;
}
