import {
  createContext,
  use,
  useCallback,
  useContext,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import { useRouter } from '@tanstack/react-router';
import type { InspectionEvent } from 'xstate';
import type { BookingFeatures } from '../../machines/booking-context';
import { api } from '../api/api';
import { getPlatform, isSignedIn, subscribeAuth } from '../platform/session';
import { browserStorage } from '../platform/browser-storage';
import { getLayoutMode } from '../platform/layout-mode';
import type * as AppFlowCore from './app-flow-core';
import type { AppFlow, BookingActor } from './app-flow-core';
import type { NavigationTarget } from './navigation';

export type { BookingActor } from './app-flow-core';

type Core = typeof AppFlowCore;

/*
 * The machines and XState load on first use (schedule pages), not with the home page: the
 * provider at the root stays a few hundred bytes and the home JS budget holds.
 */
let core: Core | null = null;
let corePromise: Promise<Core> | null = null;

/**
 * Loads the app flow's code (booking, toaster, navigation) and the feature flags it starts with;
 * route loaders await both, so a screen never waits on either.
 */
export function preloadAppFlow(): Promise<Core> {
  const flags = loadFeatures();
  corePromise ??= import('./app-flow-core').then(
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
  return Promise.all([corePromise, flags]).then(([loaded]) => loaded);
}

interface FlowStore {
  get(): AppFlow | Promise<AppFlow>;
}

const FlowContext = createContext<FlowStore | null>(null);

/**
 * Global feature flags of spec section 3, from the server's configuration, read once per visit
 * before the flow starts. When the configuration cannot be read the options stay on for the
 * visit: the server enforces the flags and says so (FTR-1) if one is off.
 */
const FEATURES_ON: BookingFeatures = { refundable: true, berkah: true, point: true };
let features: BookingFeatures | null = null;
let featuresPromise: Promise<BookingFeatures> | null = null;

export function loadFeatures(): Promise<BookingFeatures> {
  featuresPromise ??= api.request('konfigurasi', {}).then(
    (config) => (features = { ...config.fitur }),
    () => (features = FEATURES_ON),
  );
  return featuresPromise;
}

/** Holds the app's flow (booking actor, toaster, inspector), created on first use and kept for the visit. */
export function AppFlowProvider({ children }: { children: ReactNode }) {
  const router = useRouter();
  const [store] = useState<FlowStore>(() => {
    let flow: AppFlow | null = null;
    let pending: Promise<AppFlow> | null = null;
    const create = (loaded: Core) => {
      flow ??= loaded.createAppFlow({
        // The adapter needs only navigate, history and state; the router has all three.
        router: router as unknown as NavigationTarget,
        client: api,
        // Read at creation only: the actor keeps the layout it started with.
        layout: getLayoutMode(),
        signedIn: isSignedIn(),
        session: { isSignedIn, subscribe: subscribeAuth },
        platform: getPlatform,
        features: features ?? FEATURES_ON,
        storage: browserStorage('local'),
      });
      return flow;
    };
    return {
      get() {
        if (flow) return flow;
        if (core && features) return create(core);
        pending ??= Promise.all([preloadAppFlow(), loadFeatures()]).then(([loaded]) => create(loaded));
        return pending;
      },
    };
  });
  return <FlowContext value={store}>{children}</FlowContext>;
}

/**
 * Renders its children with another flow than the app's (the replay screen's preview of a
 * customer's page): the same screens, fed by a replayed actor.
 */
export function FlowOverride({ flow, children }: { flow: AppFlow; children: ReactNode }) {
  const store = useMemo<FlowStore>(() => ({ get: () => flow }), [flow]);
  return <FlowContext value={store}>{children}</FlowContext>;
}

/** The app flow; suspends once while its code loads if no loader preloaded it. */
export function useAppFlow(): AppFlow {
  const store = useContext(FlowContext);
  if (!store) throw new Error('useAppFlow needs AppFlowProvider');
  const flow = store.get();
  return flow instanceof Promise ? use(flow) : flow;
}

/**
 * Sends to the app's delayed-navigation actor without waiting for the flow's code in render:
 * the navbar is on pages that do not load the booking flow up front.
 */
export function useDelayedNavigation() {
  const store = useContext(FlowContext);
  return useCallback(
    (event: Parameters<AppFlow['delayedNavigation']['send']>[0]) => {
      if (!store) return;
      void Promise.resolve(store.get()).then((flow) => flow.delayedNavigation.send(event));
    },
    [store],
  );
}

/** The booking actor. */
export function useBookingActor(): BookingActor {
  return useAppFlow().booking;
}

/**
 * The app's inspector, for actors a screen starts itself (sheets). Undefined outside the app's
 * provider (a component rendered alone in a test): the actor then runs without the flow.
 */
export function useFlowInspect(): ((event: InspectionEvent) => void) | undefined {
  const store = useContext(FlowContext);
  if (!store) return undefined;
  const flow = store.get();
  return (flow instanceof Promise ? use(flow) : flow).inspect;
}

type BookingSnapshot = ReturnType<BookingActor['getSnapshot']>;

/**
 * A slice of the booking actor's snapshot; re-renders only when it changes (compare, default
 * Object.is). Written on React's own store hook rather than @xstate/react's useSelector: this
 * module is on the home page, and that import would bring XState's core with it.
 */
export function useBookingSelector<T>(
  selector: (snapshot: BookingSnapshot) => T,
  compare?: (a: T, b: T) => boolean,
): T {
  const actor = useBookingActor();
  const last = useRef<{ snapshot: BookingSnapshot; selector: (snapshot: BookingSnapshot) => T; selected: T } | null>(
    null,
  );
  const subscribe = useCallback(
    (onChange: () => void) => {
      const subscription = actor.subscribe(onChange);
      return () => subscription.unsubscribe();
    },
    [actor],
  );
  const select = () => {
    const snapshot = actor.getSnapshot();
    const previous = last.current;
    // A new selector (its inputs changed) reads again even when the snapshot did not.
    if (previous && previous.snapshot === snapshot && previous.selector === selector) return previous.selected;
    const selected = selector(snapshot);
    if (previous && (compare ?? Object.is)(previous.selected, selected)) {
      last.current = { snapshot, selector, selected: previous.selected };
      return previous.selected;
    }
    last.current = { snapshot, selector, selected };
    return selected;
  };
  return useSyncExternalStore(subscribe, select, select);
}
