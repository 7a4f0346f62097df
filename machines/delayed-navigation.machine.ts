import { assign, emit, setup } from 'xstate';
import { BACK_NAVIGATION_DELAY_MS, SCHEDULE_DETAIL_NAVIGATION_DELAY_MS } from './constants';
import type { NavigateEmitted, NavigationIntent } from './types';

/**
 * The two navigations the spec delays (section 9): the navbar's back button goes back one step
 * 100 ms after the press (its back event fires at once), and opening a schedule's detail waits
 * 200 ms so the card's press feedback shows first. A second press restarts the wait; time is the
 * machine's, so no screen keeps a timer.
 */

export type DelayedNavigationEvent =
  { type: 'back.press' } | { type: 'detail.open'; intent: NavigationIntent } | { type: 'navigation.cancel' };

interface DelayedNavigationContext {
  /** Where the detail press leads, while it waits. */
  intent: NavigationIntent | null;
}

export const delayedNavigationMachine = setup({
  types: {
    context: {} as DelayedNavigationContext,
    events: {} as DelayedNavigationEvent,
    emitted: {} as NavigateEmitted,
  },
  delays: {
    backDelay: BACK_NAVIGATION_DELAY_MS,
    detailDelay: SCHEDULE_DETAIL_NAVIGATION_DELAY_MS,
  },
  actions: {
    remember: assign((_, params: { intent: NavigationIntent }) => ({ intent: params.intent })),
    forget: assign({ intent: null }),
    goBack: emit({ type: 'navigate', intent: { kind: 'back', steps: 1 } } satisfies NavigateEmitted),
    // Only reached from waitingDetail, which is entered with an intent.
    openDetail: emit(({ context }) => ({ type: 'navigate' as const, intent: context.intent as NavigationIntent })),
  },
}).createMachine({
  id: 'delayed-navigation',
  description: 'Back and schedule-detail navigations, each after its delay; a new press restarts the wait.',
  context: { intent: null },
  initial: 'idle',
  on: {
    'back.press': { target: '.waitingBack', reenter: true, actions: 'forget' },
    'detail.open': {
      target: '.waitingDetail',
      reenter: true,
      actions: { type: 'remember', params: ({ event }) => ({ intent: event.intent }) },
    },
  },
  states: {
    idle: { description: 'Nothing waits.' },
    waitingBack: {
      description: 'Back was pressed: one step back once the delay has passed.',
      after: { backDelay: { target: 'idle', actions: 'goBack' } },
      on: { 'navigation.cancel': 'idle' },
    },
    waitingDetail: {
      description: 'A schedule detail was asked for: it opens once the delay has passed.',
      after: { detailDelay: { target: 'idle', actions: ['openDetail', 'forget'] } },
      on: { 'navigation.cancel': { target: 'idle', actions: 'forget' } },
    },
  },
});
