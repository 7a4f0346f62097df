import { useSyncExternalStore } from 'react';
import { isSignedIn, subscribeAuth } from './session';

/** Whether a customer is signed in now; re-renders on sign-in, sign-out and a refused token. */
export function useSignedIn(): boolean {
  return useSyncExternalStore(subscribeAuth, isSignedIn, () => false);
}
