import {
  createActor,
  type ActorRefFrom,
  type AnyActorLogic,
  type AnyActorRef,
  type InputFrom,
  type InspectionEvent,
  type SnapshotFrom,
} from 'xstate';

/**
 * The one way an app actor survives a reload: its persisted snapshot as JSON under a key of a
 * storage (localStorage or sessionStorage), read back only when this version of the chart can
 * start from it. The booking flow (src/flow/booking-actor-core.ts), the flash sale and the
 * souvenir cart all go through here.
 */

/** localStorage or sessionStorage in the app; null where there is none (private mode, tests). */
export type SnapshotStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

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

/** The JSON stored under `key`; undefined when there is none or it does not parse. */
export function readStored(storage: SnapshotStorage | null, key: string): unknown {
  try {
    const text = storage?.getItem(key);
    return text ? (JSON.parse(text) as unknown) : undefined;
  } catch {
    return undefined;
  }
}

function forget(storage: SnapshotStorage | null, key: string): void {
  try {
    storage?.removeItem(key);
  } catch {
    // Storage refused: the actor simply is not persisted.
  }
}

export interface SnapshotWriter {
  /** A change happened: store it when the timing says (one write for a burst of changes). */
  persist(): void;
  /** Store a pending change now. */
  flush(): void;
}

/**
 * Writes the actor's persisted snapshot under `key`. Only a running actor is stored (a stopped or
 * failed one would not start again); quota and private mode are ignored: the actor keeps working,
 * it only does not survive a reload.
 */
export function snapshotWriter(
  storage: SnapshotStorage | null,
  key: string,
  actor: () => AnyActorRef | null,
  timing: PersistenceTiming = immediatePersistence,
): SnapshotWriter {
  let cancelPending: (() => void) | null = null;
  const write = () => {
    cancelPending = null;
    const root = actor();
    if (!root || root.getSnapshot().status !== 'active') return;
    try {
      storage?.setItem(key, JSON.stringify(root.getPersistedSnapshot()));
    } catch {
      // Quota or private mode: keep going without persistence.
    }
  };
  return {
    persist() {
      if (!storage || cancelPending) return;
      let ranAtOnce = false;
      const cancel = timing.schedule(() => {
        ranAtOnce = true;
        write();
      });
      if (!ranAtOnce) cancelPending = cancel;
    },
    flush() {
      if (!cancelPending) return;
      cancelPending();
      write();
    },
  };
}

export interface PersistedActorOptions<TLogic extends AnyActorLogic> {
  logic: TLogic;
  input: InputFrom<TLogic>;
  /** Where the snapshot is kept, e.g. `berangkat:booking`. */
  key: string;
  storage: SnapshotStorage | null;
  /** The app's one inspector (src/flow/flow-hub.ts through the app flow). */
  inspect?: (event: InspectionEvent) => void;
  /** When the snapshot is written; default at once after every change. */
  persistence?: PersistenceTiming;
  /** Fills in what an older stored snapshot lacks (fields added to the chart since); gets the parsed JSON. */
  upgrade?: (stored: unknown) => unknown;
  /** Whether a restored actor, before it starts, is one to keep; default: any active snapshot. */
  accept?: (snapshot: SnapshotFrom<TLogic>) => boolean;
}

export interface PersistedActor<TLogic extends AnyActorLogic> {
  actor: ActorRefFrom<TLogic>;
  /** Started from the stored snapshot rather than fresh. */
  restored: boolean;
}

// xstate's createActor wants the input type of a concrete logic; here the logic is generic, so
// the actor is handled as any actor inside and typed for the caller's logic on the way out.
type LooseOptions = { input?: unknown; snapshot?: unknown; inspect?: (event: InspectionEvent) => void };
function createLoose(logic: AnyActorLogic, options: LooseOptions): AnyActorRef {
  return createActor(logic, options as never);
}

function restoreActor<TLogic extends AnyActorLogic>(
  stored: unknown,
  options: PersistedActorOptions<TLogic>,
  inspect: (event: InspectionEvent) => void,
): AnyActorRef | null {
  if (stored === undefined || stored === null || typeof stored !== 'object') return null;
  try {
    // Anything read back is checked by creating (and then starting) it.
    const actor = createLoose(options.logic, { input: options.input, snapshot: stored, inspect });
    const snapshot = actor.getSnapshot() as SnapshotFrom<TLogic>;
    if (actor.getSnapshot().status !== 'active' || (options.accept && !options.accept(snapshot))) return null;
    return actor;
  } catch {
    return null;
  }
}

/**
 * An app actor that outlives a reload: restored from `storage` when the stored snapshot is usable
 * (a bad one is forgotten and the actor starts fresh), started, and stored after every snapshot of
 * it or of any actor it runs (a child's change does not change the parent's snapshot), when
 * `persistence` says. Stopping the actor lets go of the page's listeners.
 */
export function createPersistedActor<TLogic extends AnyActorLogic>(
  options: PersistedActorOptions<TLogic>,
): PersistedActor<TLogic> {
  const { storage, key } = options;
  let root: AnyActorRef | null = null;
  const writer = snapshotWriter(storage, key, () => root, options.persistence);
  const inspect = (event: InspectionEvent) => {
    options.inspect?.(event);
    if (event.type === '@xstate.snapshot') writer.persist();
  };
  const stored = readStored(storage, key);
  const upgraded = stored !== undefined && options.upgrade ? options.upgrade(stored) : stored;
  let actor = restoreActor(upgraded, options, inspect);
  const restored = actor !== null;
  if (!actor) {
    forget(storage, key);
    actor = createLoose(options.logic, { input: options.input, inspect });
  }
  const started = actor;
  root = started;
  try {
    started.start();
  } catch {
    // A snapshot that only fails on start: forget it and begin again.
    forget(storage, key);
    return createPersistedActor({ ...options, storage: null });
  }
  writer.persist();
  const detach = options.persistence?.onLeave?.(writer.flush);
  if (detach) started.subscribe({ complete: detach });
  return { actor: started as ActorRefFrom<TLogic>, restored };
}

/**
 * The stored snapshot a React-held actor (useActorRef) starts from, or null when there is none or
 * this chart cannot start from it (checked on a throwaway actor, so the page never fails on it).
 */
export function restoredSnapshot<TLogic extends AnyActorLogic>(
  logic: TLogic,
  input: InputFrom<TLogic>,
  storage: SnapshotStorage | null,
  key: string,
): SnapshotFrom<TLogic> | null {
  const stored = readStored(storage, key);
  if (stored === undefined || stored === null || typeof stored !== 'object') return null;
  try {
    const actor = createLoose(logic, { input, snapshot: stored });
    actor.start();
    actor.stop();
    return stored as SnapshotFrom<TLogic>;
  } catch {
    return null;
  }
}
