import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEFAULT_BASIC_CREDENTIALS } from '../../contract/platform';
import { createApiClient } from '../../src/api/client';
import { createAppFlow, type AppFlow, type SessionSource } from '../../src/flow/app-flow-core';
import { BOOKING_STORAGE_KEY, createBookingActor } from '../../src/flow/booking-actor-core';
import type { NavigationTarget } from '../../src/flow/navigation';
import { guestInput, memoryStorage, oneLegTrip } from './support/booking-actor-fixtures';

const profile = {
  nama: 'Dewi Lestari',
  email: '',
  telp: '085711223344',
  jenis_kelamin: 'P',
  tanggal_lahir: null,
  pekerjaan_id: null,
  pekerjaan_lainnya: null,
};

/** A client that answers every call with the profile; records the paths called and the token sent. */
function recordingClient(token: () => string | null) {
  const calls: { path: string; auth: string | undefined }[] = [];
  const fetchImpl = vi.fn(async (url: RequestInfo | URL, init?: RequestInit) => {
    const headers = init?.headers as Record<string, string> | undefined;
    calls.push({ path: new URL(String(url), 'http://localhost').pathname, auth: headers?.authorization });
    return new Response(JSON.stringify({ status: 'OK', results: profile }), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    });
  });
  const client = createApiClient({
    fetch: fetchImpl as unknown as typeof fetch,
    getPlatform: () => 'WEB',
    getToken: token,
    credentials: DEFAULT_BASIC_CREDENTIALS,
  });
  return { client, calls };
}

const router = {
  navigate: vi.fn(),
  history: { go: vi.fn(), canGoBack: () => false, replace: vi.fn(), flush: vi.fn() },
  subscribe: () => () => undefined,
  state: { location: { searchStr: '' }, matches: [] },
} as unknown as NavigationTarget;

/** A session the test signs in and out of. */
function fakeSession(signedIn: boolean) {
  const listeners = new Set<() => void>();
  let token: string | null = signedIn ? 'token-dewi' : null;
  const session: SessionSource = {
    isSignedIn: () => token !== null,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  const change = (next: string | null) => {
    token = next;
    for (const listener of listeners) listener();
  };
  return { session, change, token: () => token };
}

const settle = () => new Promise<void>((resolve) => setTimeout(resolve, 0));
// The client loads the account calls with their first use; loaded here, a profile call goes out
// within the turn `settle` waits for, so "no profile call" below means none was made.
beforeAll(async () => {
  await import('../../contract/endpoints/account');
});

let flows: AppFlow[] = [];
afterEach(() => {
  for (const flow of flows) {
    flow.booking.stop();
    flow.toaster.stop();
    flow.delayedNavigation.stop();
  }
  flows = [];
});

function flowFor(options: { storage: ReturnType<typeof memoryStorage>; signedIn: boolean }) {
  const fake = fakeSession(options.signedIn);
  const { client, calls } = recordingClient(fake.token);
  const flow = createAppFlow({
    router,
    client,
    layout: 'd',
    signedIn: fake.session.isSignedIn(),
    features: guestInput.features,
    storage: options.storage,
    session: fake.session,
  });
  flows.push(flow);
  return { flow, calls, change: fake.change };
}

/** A booking a guest started and left in storage (a reload, or an earlier visit). */
function guestBookingInStorage() {
  const storage = memoryStorage();
  const guest = createBookingActor({ input: { ...guestInput, layout: 'd' }, storage });
  guest.send({ type: 'trip.set', trip: oneLegTrip });
  guest.stop();
  expect(storage.data.has(BOOKING_STORAGE_KEY)).toBe(true);
  return storage;
}

describe('the booking flow follows the session', () => {
  it('a booking a guest left, reopened signed in, is signed in and prefills the booker from the profile', async () => {
    const { flow, calls } = flowFor({ storage: guestBookingInStorage(), signedIn: true });
    expect(flow.booking.getSnapshot().context.trip).toEqual(oneLegTrip);
    expect(flow.booking.getSnapshot().context.signedIn).toBe(true);
    await settle();
    expect(calls.map((call) => call.path)).toContain('/api/berangkat/customer-profil');
    expect(calls.find((call) => call.path === '/api/berangkat/customer-profil')?.auth).toBe('Bearer token-dewi');
    expect(flow.booking.getSnapshot().context.booker).toEqual({
      name: 'Dewi Lestari',
      phone: '085711223344',
      email: '',
    });
  });

  it('signing in on the open booking prefills it; a dropped token makes it a guest again', async () => {
    const { flow, change } = flowFor({ storage: guestBookingInStorage(), signedIn: false });
    expect(flow.booking.getSnapshot().context.signedIn).toBe(false);
    change('token-dewi');
    expect(flow.booking.getSnapshot().context.signedIn).toBe(true);
    await settle();
    expect(flow.booking.getSnapshot().context.booker.name).toBe('Dewi Lestari');
    change(null);
    expect(flow.booking.getSnapshot().context.signedIn).toBe(false);
  });

  it('a fresh guest booking makes no profile call', async () => {
    const { flow, calls } = flowFor({ storage: memoryStorage(), signedIn: false });
    await settle();
    expect(flow.booking.getSnapshot().context.signedIn).toBe(false);
    expect(calls.filter((call) => call.path.endsWith('/customer-profil'))).toEqual([]);
  });
});
