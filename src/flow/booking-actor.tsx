import { createContext, use, useContext, useState, type ReactNode } from 'react';
import { useRouter } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import type { BookingFeatures, BookingInput } from '../../machines/booking-context';
import { useLayoutMode } from '../platform/layout-mode';
import { applyNavigationIntent, type NavigationTarget } from './navigation';
import type * as BookingActorCore from './booking-actor-core';
import type { BookingActor } from './booking-actor-core';

export type { BookingActor } from './booking-actor-core';

type Core = typeof BookingActorCore;

/*
 * The machine and XState load on first use (schedule pages), not with the home page: the
 * provider at the root stays a few hundred bytes and the home JS budget holds.
 */
let core: Core | null = null;
let corePromise: Promise<Core> | null = null;

/** Loads the booking machine's code; route loaders await it so screens never wait on it. */
export function preloadBookingActor(): Promise<Core> {
  corePromise ??= import('./booking-actor-core').then(
    (loaded) => {
      core = loaded;
      return loaded;
    },
    (error: unknown) => {
      // A failed chunk load (offline, new deploy) is tried again on the next use.
      corePromise = null;
      throw error;
    },
  );
  return corePromise;
}

interface BookingStore {
  get(): BookingActor | Promise<BookingActor>;
}

const BookingContext = createContext<BookingStore | null>(null);

const FEATURES_ALL_ON: BookingFeatures = { refundable: true, berkah: true, point: true };

function localStorageOrNull(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

/** Holds the app's one booking actor (created on first use, then kept for the whole visit). */
export function BookingActorProvider({ children }: { children: ReactNode }) {
  const router = useRouter();
  const layout = useLayoutMode();
  // Read at creation only: the actor keeps the layout it started with.
  const [store] = useState<BookingStore>(() => {
    let actor: BookingActor | null = null;
    let pending: Promise<BookingActor> | null = null;
    const create = (loaded: Core) => {
      actor ??= loaded.createBookingActor({
        input: bookingInput(layout),
        storage: localStorageOrNull(),
        onNavigate: (intent) => applyNavigationIntent(router as unknown as NavigationTarget, intent),
      });
      return actor;
    };
    return {
      get() {
        if (actor) return actor;
        if (core) return create(core);
        pending ??= preloadBookingActor().then(create);
        return pending;
      },
    };
  });
  return <BookingContext value={store}>{children}</BookingContext>;
}

function bookingInput(layout: BookingInput['layout']): BookingInput {
  return { layout, signedIn: false, features: { ...FEATURES_ALL_ON } };
}

/** The booking actor; suspends once while its code loads if no loader preloaded it. */
export function useBookingActor(): BookingActor {
  const store = useContext(BookingContext);
  if (!store) throw new Error('useBookingActor needs BookingActorProvider');
  const actor = store.get();
  return actor instanceof Promise ? use(actor) : actor;
}

/** A slice of the booking actor's snapshot; re-renders only when it changes. */
export function useBookingSelector<T>(selector: (snapshot: ReturnType<BookingActor['getSnapshot']>) => T): T {
  return useSelector(useBookingActor(), selector);
}
