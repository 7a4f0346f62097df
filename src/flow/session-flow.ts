import { fromPromise } from 'xstate';
import { sessionMachine } from '../../machines/session.machine';
import { api } from '../api/api';
import type { ApiClient } from '../api/client';
import { dropToken, getAuthToken } from '../platform/session';

/**
 * Signing out: the server revokes the session (customer-logout); the token is dropped here even
 * when that call fails (offline), so this browser is a guest at once either way.
 */
export async function signOut(client: ApiClient = api): Promise<void> {
  const token = getAuthToken();
  try {
    await client.request('customerLogout', {});
  } catch {
    // The session runs out on its own; what matters here is that this browser forgets it.
  } finally {
    dropToken(token);
  }
}

/** The session machine's effect: the sign-out above. */
export function sessionMachineWithEffects(client: ApiClient = api) {
  return sessionMachine.provide({
    actors: { signOut: fromPromise(() => signOut(client)) },
  });
}
