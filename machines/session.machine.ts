import { emit, fromPromise, setup } from 'xstate';
import { briefToast } from './toast';
import type { NavigateEmitted, ToastEmitted } from './types';

/**
 * Signing out from the account menu ("Keluar", any page): the app's effect revokes the session on
 * the server and forgets the token in this browser, even when the call fails (offline); then the
 * customer is told and taken home. A second "Keluar" while one is under way does nothing more.
 */

export type SessionEvent = { type: 'session.signOut' };

export const sessionMessages = {
  signedOut: 'Kamu sudah keluar',
} as const;

export const sessionMachine = setup({
  types: {
    events: {} as SessionEvent,
    emitted: {} as NavigateEmitted | ToastEmitted,
  },
  actors: {
    // Placeholder: the app provides the call and the token drop (src/flow/session-flow.ts).
    signOut: fromPromise<void>(() => Promise.reject(new Error('signOut is provided by the app'))),
  },
  actions: {
    toastSignedOut: emit(briefToast(sessionMessages.signedOut, 'bottom')),
    goHome: emit({ type: 'navigate', intent: { kind: 'route', name: 'home' } } satisfies NavigateEmitted),
  },
}).createMachine({
  id: 'session',
  description: 'Keluar: the session is ended on the server and in this browser, then the page goes home.',
  initial: 'idle',
  states: {
    idle: {
      description: 'Nothing under way; "Keluar" in the account menu starts signing out.',
      on: { 'session.signOut': 'signingOut' },
    },
    signingOut: {
      description: 'customer-logout, and the token dropped whatever it answers.',
      invoke: {
        id: 'signOut',
        src: 'signOut',
        onDone: { target: 'idle', actions: ['toastSignedOut', 'goHome'] },
        // The token could not be dropped: the customer is still signed in, so nothing is said.
        onError: { target: 'idle' },
      },
    },
  },
});
