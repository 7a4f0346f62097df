import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { RequestLoginResults } from '../../contract/account';
import {
  isResending,
  loginMachine,
  loginView,
  type LoginOutcome,
  type RequestCodeInput,
} from '../../machines/login.machine';

const SENT: RequestLoginResults = { tujuan: 'rina@contoh.id', kirim_ulang_detik: 60 } as RequestLoginResults;

function start() {
  const requests: RequestCodeInput[] = [];
  const machine = loginMachine.provide({
    actors: {
      requestCode: fromPromise<LoginOutcome<RequestLoginResults>, RequestCodeInput>(({ input }) => {
        requests.push(input);
        return Promise.resolve({ kind: 'ok', results: SENT });
      }),
    },
  });
  const actor = createActor(machine, { input: { redirect: '/app', signedIn: false } });
  actor.start();
  return { actor, requests };
}

describe('the contact step', () => {
  it('opens with empty fields, nothing sent and no resend under way', () => {
    const { actor } = start();
    const { context } = actor.getSnapshot();
    expect(context.contact).toEqual({ telp: '', email: '' });
    expect(context.sentTo).toBe('');
    expect(isResending(actor.getSnapshot())).toBe(false);
  });

  it('sends an email address as typed, without the spaces around it', async () => {
    const { actor, requests } = start();
    actor.send({ type: 'channel.choose', channel: 'email' });
    actor.send({ type: 'contact.type', value: '  rina@contoh.id ' });
    actor.send({ type: 'contact.submit' });
    await waitFor(actor, (snapshot) => loginView(snapshot) === 'code');
    expect(requests[0]?.contact).toBe('rina@contoh.id');
    expect(isResending(actor.getSnapshot())).toBe(false);
  });

  it('never treats an email address as a phone number: its dashes and a leading 62 stay', async () => {
    const { actor, requests } = start();
    actor.send({ type: 'channel.choose', channel: 'email' });
    actor.send({ type: 'contact.type', value: '62siti-rahma@contoh.id' });
    actor.send({ type: 'contact.submit' });
    await waitFor(actor, (snapshot) => loginView(snapshot) === 'code');
    expect(requests[0]?.contact).toBe('62siti-rahma@contoh.id');
  });
});
