import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { sessionMessages } from '../../machines/session.machine';
import type { ApiClient } from '../../src/api/client';
import { sessionMachineWithEffects, signOut } from '../../src/flow/session-flow';
import { TOKEN_COOKIE, getAuthToken, isSignedIn, resetAuthForTests, storeToken } from '../../src/platform/session';

function clientAnswering(answer: () => Promise<unknown>) {
  const request = vi.fn(answer);
  return { client: { request } as unknown as ApiClient, request };
}

beforeEach(() => {
  resetAuthForTests();
  storeToken('tok-rina', 3600);
});
afterEach(() => {
  document.cookie = `${TOKEN_COOKIE}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
});

describe('Keluar: the sign-out effect', () => {
  it('asks the server to end the session, then forgets the token', async () => {
    const { client, request } = clientAnswering(() => Promise.resolve({}));
    expect(getAuthToken()).toBe('tok-rina');
    await signOut(client);
    expect(request).toHaveBeenCalledWith('customerLogout', {});
    expect(isSignedIn()).toBe(false);
  });

  it('forgets the token even when the server cannot be reached', async () => {
    const { client } = clientAnswering(() => Promise.reject(new Error('offline')));
    await expect(signOut(client)).resolves.toBeUndefined();
    expect(isSignedIn()).toBe(false);
  });

  it('through the session chart: the browser is a guest, then "Kamu sudah keluar" and home', async () => {
    const { client } = clientAnswering(() => Promise.reject(new Error('offline')));
    const actor = createActor(sessionMachineWithEffects(client));
    const emitted: { type: string }[] = [];
    actor.on('*', (event) => emitted.push(event));
    actor.start();
    actor.send({ type: 'session.signOut' });
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('idle'));
    expect(isSignedIn()).toBe(false);
    expect(emitted).toMatchObject([
      { type: 'toast', message: sessionMessages.signedOut, position: 'bottom' },
      { type: 'navigate', intent: { kind: 'route', name: 'home' } },
    ]);
    actor.stop();
  });
});
