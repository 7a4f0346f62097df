import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { sessionMachine, sessionMessages } from '../../machines/session.machine';
import type { NavigateEmitted, ToastEmitted } from '../../machines/types';

/** A sign-out the test settles by hand, and what the machine emitted. */
function start() {
  const calls: { resolve: () => void; reject: (error: Error) => void }[] = [];
  const logic = sessionMachine.provide({
    actors: {
      signOut: fromPromise(() => new Promise<void>((resolve, reject) => calls.push({ resolve, reject }))),
    },
  });
  const actor = createActor(logic);
  const emitted: (NavigateEmitted | ToastEmitted)[] = [];
  actor.on('*', (event) => emitted.push(event as NavigateEmitted | ToastEmitted));
  actor.start();
  return { actor, calls, emitted };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('Keluar (the account menu)', () => {
  it('says "Kamu sudah keluar" at the bottom and goes home once the session is ended', async () => {
    const { actor, calls, emitted } = start();
    actor.send({ type: 'session.signOut' });
    expect(actor.getSnapshot().value).toBe('signingOut');
    expect(emitted).toEqual([]);
    calls[0]?.resolve();
    await settle();
    expect(actor.getSnapshot().value).toBe('idle');
    expect(emitted).toEqual([
      // A short confirmation: the default toast, 1 s (spec section 9).
      { type: 'toast', message: sessionMessages.signedOut, durationMs: 1000, position: 'bottom' },
      { type: 'navigate', intent: { kind: 'route', name: 'home' } },
    ]);
  });

  it('a second press while signing out starts no second call', async () => {
    const { actor, calls, emitted } = start();
    actor.send({ type: 'session.signOut' });
    actor.send({ type: 'session.signOut' });
    expect(calls).toHaveLength(1);
    calls[0]?.resolve();
    await settle();
    expect(emitted.filter((event) => event.type === 'toast')).toHaveLength(1);
  });

  it('says nothing and stays put when the sign-out itself failed, and may be tried again', async () => {
    const { actor, calls, emitted } = start();
    actor.send({ type: 'session.signOut' });
    calls[0]?.reject(new Error('cookie refused'));
    await settle();
    expect(actor.getSnapshot().value).toBe('idle');
    expect(emitted).toEqual([]);
    actor.send({ type: 'session.signOut' });
    expect(calls).toHaveLength(2);
  });

  it('the chart alone refuses to sign out: the app must provide the call', async () => {
    const actor = createActor(sessionMachine);
    const emitted: unknown[] = [];
    actor.on('*', (event) => emitted.push(event));
    actor.start();
    actor.send({ type: 'session.signOut' });
    await settle();
    expect(actor.getSnapshot().value).toBe('idle');
    expect(emitted).toEqual([]);
  });
});
