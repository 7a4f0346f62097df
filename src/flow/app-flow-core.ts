import { deviceHoldToken } from '../platform/hold-token';
import { createActor, type ActorRefFrom, type InspectionEvent } from 'xstate';
import type { BookingFeatures, BookingInput, LayoutMode } from '../../machines/booking-context';
import { delayedNavigationMachine } from '../../machines/delayed-navigation.machine';
import { sessionMachine } from '../../machines/session.machine';
import { toasterMachine } from '../../machines/toaster.machine';
import type { ApiClient } from '../api/client';
import { createBookingActor, type BookingActor } from './booking-actor-core';
import { pagePersistence } from './persisted-actor';
import { bookingMachineWithEffects } from './effects';
import { createFlowInspector } from './flow-hub';
import { createNavigationQueue, type NavigationTarget } from './navigation';
import { createAppTrace, devInspector } from '../trace/app-trace';
import { TraceRecorder } from '../trace/trace-recorder';
import type { Platform } from '../../contract/platform';
import { sessionMachineWithEffects } from './session-flow';
import { publishToasts } from './toast-view';

export { BOOKING_STORAGE_KEY, type BookingActor } from './booking-actor-core';

/** Marks the element the booking page scrolls to when validation stops on a field. */
export const BOOKING_FIELD_ATTRIBUTE = 'data-booking-field';

export interface AppFlow {
  booking: BookingActor;
  toaster: ActorRefFrom<typeof toasterMachine>;
  /** The navbar's delayed back and the delayed schedule-detail opening (spec section 9). */
  delayedNavigation: ActorRefFrom<typeof delayedNavigationMachine>;
  /** The account menu's "Keluar": signs out, says so and goes home. */
  session: ActorRefFrom<typeof sessionMachine>;
  /**
   * Pass to every actor the app starts (useActorRef options): its emitted events are handled, and
   * the booking, order, payment and login flows are recorded for support.
   */
  inspect: (event: InspectionEvent) => void;
  /** The visit's support trace (masked): "Kirim ke CS" and `?debug=trace` export it. */
  trace: TraceRecorder;
}

export interface AppFlowOptions {
  router: NavigationTarget;
  client: ApiClient;
  layout: LayoutMode;
  signedIn: boolean;
  features: BookingFeatures;
  storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | null;
  /** Who is signed in now, and news of every change (src/platform/session.ts in the app). */
  session?: SessionSource;
  /** The platform the app was opened for (the trace's header). */
  platform?: () => Platform;
  /** A recorder of the caller's (tests); the app's own otherwise. */
  trace?: TraceRecorder;
}

export interface SessionSource {
  isSignedIn(): boolean;
  /** Calls back on sign-in, sign-out, a refused token dropped; returns the release. */
  subscribe(listener: () => void): () => void;
}

interface AnalyticsWindow {
  dataLayer?: unknown[];
}

function scrollToField(field: string): void {
  if (typeof document === 'undefined') return;
  const target = document.querySelector<HTMLElement>(`[${BOOKING_FIELD_ATTRIBUTE}="${field}"]`);
  if (!target) return;
  const reduced = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
  target.scrollIntoView({ behavior: reduced ? 'auto' : 'smooth', block: 'center' });
  // Keyboard and screen-reader users land on the field the toast talks about.
  const focusable = target.matches('input, button, select, textarea, [tabindex]')
    ? target
    : target.querySelector<HTMLElement>('input:not([disabled]), button:not([disabled]), [tabindex]');
  focusable?.focus({ preventScroll: true });
}

/**
 * Keeps the booking's signed-in state true to the session: a flow restored from storage may have
 * been saved by another customer or a guest, and signing in or out (or a refused token) happens
 * while the booking is open. Kept for the visit, like the flow.
 */
function followSession(booking: BookingActor, signedIn: boolean, session: SessionSource | undefined): void {
  if (booking.getSnapshot().context.signedIn !== signedIn) booking.send({ type: 'session.change', signedIn });
  session?.subscribe(() => booking.send({ type: 'session.change', signedIn: session.isSignedIn() }));
}

/** Everything the booking flow needs at run time, created once per visit. */
export function createAppFlow(options: AppFlowOptions): AppFlow {
  const toaster = createActor(toasterMachine);
  const dismiss = (id: number) => toaster.send({ type: 'toast.dismiss', id });
  toaster.subscribe((snapshot) => publishToasts(snapshot.context.toasts, dismiss));
  toaster.start();

  const navigate = createNavigationQueue(options.router);
  const trace =
    options.trace ?? createAppTrace({ layout: () => options.layout, platform: options.platform ?? (() => 'WEB') });
  const stately = devInspector();
  const handleEmitted = createFlowInspector({
    navigate: (event) => void navigate(event.intent),
    toast: (event) => toaster.send(event),
    scrollTo: (event) => scrollToField(event.field),
    analytics: (event) => {
      if (typeof window === 'undefined') return;
      const target = window as unknown as AnalyticsWindow;
      target.dataLayer ??= [];
      const { type: _type, ...payload } = event;
      target.dataLayer.push({ event: event.name, ecommerce: payload });
    },
  });

  const inspect = (event: InspectionEvent) => {
    handleEmitted(event);
    trace.inspect(event);
    stately?.(event);
  };

  const input: BookingInput = { layout: options.layout, signedIn: options.signedIn, features: options.features };
  // The calls read the hold token of the flow they serve (set once the actor exists), or this
  // device's, under which a hold whose answer a reload lost still stands.
  let flowActor: BookingActor | null = null;
  const holdToken = () => flowActor?.getSnapshot().context.holdToken ?? deviceHoldToken();
  const booking = createBookingActor({
    input,
    storage: options.storage,
    logic: bookingMachineWithEffects(options.client, holdToken, () => trace.draw(crypto.randomUUID())),
    inspect,
    // In a page the snapshot is stored after the frame, not inside the tap that changed it.
    ...(typeof window === 'undefined' ? {} : { persistence: pagePersistence() }),
  });
  flowActor = booking;
  followSession(booking, options.signedIn, options.session);
  const delayedNavigation = createActor(delayedNavigationMachine, { inspect });
  delayedNavigation.start();
  const session = createActor(sessionMachineWithEffects(options.client), { inspect });
  session.start();
  return { booking, toaster, delayedNavigation, session, inspect, trace };
}

/**
 * A flow around a replayed booking actor (the support replay's preview of a customer's page):
 * nothing it emits reaches the support agent's page, and nothing it does is recorded.
 */
export function createPreviewFlow(booking: BookingActor): AppFlow {
  const trace = new TraceRecorder({
    appVersion: 'preview',
    layout: () => 'd',
    platform: () => 'WEB',
    route: () => '/',
  });
  return {
    booking,
    toaster: createActor(toasterMachine).start(),
    delayedNavigation: createActor(delayedNavigationMachine).start(),
    // The bare chart: a preview never signs the support agent out.
    session: createActor(sessionMachine).start(),
    inspect: () => undefined,
    trace,
  };
}

/** Stops every actor of a flow (a preview that is no longer shown). */
export function stopFlow(flow: AppFlow): void {
  flow.booking.stop();
  flow.toaster.stop();
  flow.delayedNavigation.stop();
  flow.session.stop();
}
