import type { AnyActorRef, InspectionEvent } from 'xstate';
import type { AnalyticsEmitted, ScrollToEmitted } from '../../machines/booking-context';
import type { NavigateEmitted, ToastEmitted } from '../../machines/types';

/** What the machines emit for the screens: navigation, toasts, scroll requests and analytics. */
export type FlowEmitted = NavigateEmitted | ToastEmitted | ScrollToEmitted | AnalyticsEmitted;

export interface FlowHandlers {
  navigate(event: NavigateEmitted): void;
  toast(event: ToastEmitted): void;
  scrollTo(event: ScrollToEmitted): void;
  analytics(event: AnalyticsEmitted): void;
}

function isFlowEmitted(event: { type: string }): event is FlowEmitted {
  return event.type === 'navigate' || event.type === 'toast' || event.type === 'scrollTo' || event.type === 'analytics';
}

/**
 * The one place where every app actor's emitted events reach the UI. Passed as `inspect` to each
 * actor the app starts (the booking actor and its children, sheets, the toaster): every actor
 * the inspector sees being created is listened to, whatever its parent.
 */
export function createFlowInspector(handlers: FlowHandlers): (event: InspectionEvent) => void {
  const listened = new WeakSet<AnyActorRef>();
  const dispatch = (emitted: { type: string }) => {
    if (!isFlowEmitted(emitted)) return;
    switch (emitted.type) {
      case 'navigate':
        handlers.navigate(emitted);
        return;
      case 'toast':
        handlers.toast(emitted);
        return;
      case 'scrollTo':
        handlers.scrollTo(emitted);
        return;
      case 'analytics':
        handlers.analytics(emitted);
        return;
    }
  };
  return (event) => {
    if (event.type !== '@xstate.actor') return;
    // Inspection types the ref loosely; '@xstate.actor' events carry the created actor itself.
    const actor = event.actorRef as AnyActorRef;
    if (listened.has(actor)) return;
    listened.add(actor);
    actor.on('*', dispatch);
  };
}
