import { afterEach, describe, expect, it, vi } from 'vitest';
import { BOOKING_STORAGE_KEY, createBookingActor } from '../../src/flow/booking-actor-core';
import { PERSIST_IDLE_TIMEOUT_MS, pagePersistence, type PersistenceTiming } from '../../src/flow/persisted-actor';
import { guestInput, memoryStorage, oneLegTrip } from './support/booking-actor-fixtures';

const input = guestInput;
const trip = oneLegTrip;

/** A scheduler the test runs by hand: what it holds is what the page would do after the frame. */
function manualTiming() {
  const queue: (() => void)[] = [];
  const timing: PersistenceTiming = {
    schedule(write) {
      queue.push(write);
      return () => {
        const at = queue.indexOf(write);
        if (at >= 0) queue.splice(at, 1);
      };
    },
  };
  return {
    timing,
    queue,
    runAll() {
      for (const write of queue.splice(0)) write();
    },
  };
}

function storedTrip(storage: ReturnType<typeof memoryStorage>): unknown {
  const text = storage.data.get(BOOKING_STORAGE_KEY);
  return text ? (JSON.parse(text) as { context: { trip: unknown } }).context.trip : undefined;
}

function setVisibility(state: DocumentVisibilityState) {
  Object.defineProperty(document, 'visibilityState', { value: state, configurable: true });
  document.dispatchEvent(new Event('visibilitychange'));
}

afterEach(() => {
  setVisibility('visible');
  vi.useRealTimers();
});

describe('booking persistence off the tap', () => {
  it('stores once for many snapshots, after the work, not during it', () => {
    const storage = memoryStorage();
    const { timing, queue, runAll } = manualTiming();
    const actor = createBookingActor({ input, storage, persistence: timing });
    runAll();
    storage.writes.length = 0;

    // Each event below makes several snapshots (the booking actor's and its children's).
    actor.send({ type: 'trip.set', trip });
    actor.send({ type: 'passengers.open', direction: 'pergi' });
    const form = actor.getSnapshot().children['passengerForm.pergi.0'];
    expect(form).toBeDefined();
    form?.send({ type: 'passenger.type', index: 0, value: 'Ani' });
    expect(storage.writes).toHaveLength(0);
    expect(queue).toHaveLength(1);

    runAll();
    expect(storage.writes).toHaveLength(1);
    expect(storedTrip(storage)).toEqual(trip);
    actor.stop();
  });

  it('waits for an idle moment, at most PERSIST_IDLE_TIMEOUT_MS, where the page has requestIdleCallback', () => {
    const idle: { callback: () => void; timeout: number | undefined }[] = [];
    const page = {
      addEventListener: vi.fn(),
      removeEventListener: vi.fn(),
      setTimeout: vi.fn(),
      clearTimeout: vi.fn(),
      requestIdleCallback: (callback: () => void, options?: IdleRequestOptions) =>
        idle.push({ callback, timeout: options?.timeout }),
      cancelIdleCallback: vi.fn(),
    };
    const storage = memoryStorage();
    const actor = createBookingActor({
      input,
      storage,
      persistence: pagePersistence(page as unknown as Window, document),
    });
    actor.send({ type: 'trip.set', trip });
    expect(idle).toHaveLength(1);
    expect(idle[0]?.timeout).toBe(PERSIST_IDLE_TIMEOUT_MS);
    expect(page.setTimeout).not.toHaveBeenCalled();
    idle[0]?.callback();
    expect(storage.writes).toHaveLength(1);
    expect(storedTrip(storage)).toEqual(trip);
    actor.stop();
  });

  it('falls back to a timer where requestIdleCallback is missing', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const page = {
      addEventListener: vi.fn(),
      removeEventListener: vi.fn(),
      setTimeout: (handler: () => void, timeout?: number) => setTimeout(handler, timeout),
      clearTimeout: (handle?: ReturnType<typeof setTimeout>) => clearTimeout(handle),
    };
    const storage = memoryStorage();
    const actor = createBookingActor({
      input,
      storage,
      persistence: pagePersistence(page as unknown as Window, document),
    });
    actor.send({ type: 'trip.set', trip });
    expect(storage.writes).toHaveLength(0);
    vi.runAllTimers();
    expect(storage.writes).toHaveLength(1);
    expect(storedTrip(storage)).toEqual(trip);
    actor.stop();
  });

  it.each([
    ['pagehide (reload, tab closed)', () => window.dispatchEvent(new Event('pagehide'))],
    ['the page turning hidden (tab or app switch)', () => setVisibility('hidden')],
  ])('writes a pending change at once on %s', (_label, leave) => {
    const storage = memoryStorage();
    const { timing, queue, runAll } = manualTiming();
    const actor = createBookingActor({
      input,
      storage,
      persistence: { ...timing, onLeave: pagePersistence(window, document).onLeave },
    });
    runAll();
    actor.send({ type: 'trip.set', trip });
    expect(storedTrip(storage)).toBeNull();

    leave();
    expect(storedTrip(storage)).toEqual(trip);
    // The flush took the pending write's place: nothing is written twice.
    expect(queue).toHaveLength(0);
    actor.stop();
  });

  it('does not write on the page turning visible, nor when nothing is pending', () => {
    const storage = memoryStorage();
    const { timing, runAll } = manualTiming();
    const actor = createBookingActor({
      input,
      storage,
      persistence: { ...timing, onLeave: pagePersistence(window, document).onLeave },
    });
    runAll();
    const before = storage.writes.length;
    actor.send({ type: 'trip.set', trip });
    setVisibility('visible');
    expect(storage.writes).toHaveLength(before);
    runAll();
    window.dispatchEvent(new Event('pagehide'));
    setVisibility('hidden');
    expect(storage.writes).toHaveLength(before + 1);
    actor.stop();
  });

  it('restores after a reload that came before the idle write (the flush on pagehide kept it)', () => {
    const storage = memoryStorage();
    const { timing } = manualTiming();
    const persistence = { ...timing, onLeave: pagePersistence(window, document).onLeave };
    const first = createBookingActor({ input, storage, persistence });
    first.send({ type: 'trip.set', trip });
    window.dispatchEvent(new Event('pagehide'));
    first.stop();

    const second = createBookingActor({ input, storage, persistence: manualTiming().timing });
    expect(second.getSnapshot().context.trip).toEqual(trip);
    second.stop();
  });

  it('lets go of the page when the flow stops', () => {
    const removed = vi.spyOn(window, 'removeEventListener');
    const hidden = vi.spyOn(document, 'removeEventListener');
    const actor = createBookingActor({
      input,
      storage: memoryStorage(),
      persistence: { ...manualTiming().timing, onLeave: pagePersistence(window, document).onLeave },
    });
    expect(removed).not.toHaveBeenCalledWith('pagehide', expect.any(Function));
    actor.stop();
    expect(removed).toHaveBeenCalledWith('pagehide', expect.any(Function));
    expect(hidden).toHaveBeenCalledWith('visibilitychange', expect.any(Function));
    removed.mockRestore();
    hidden.mockRestore();
  });
});

describe('a flow stored before the seat hold existed', () => {
  it('is restored with its progress, an empty hold and no key fingerprint', () => {
    const storage = memoryStorage();
    const first = createBookingActor({ input, storage });
    first.send({ type: 'trip.set', trip });
    const stored = JSON.parse(storage.data.get(BOOKING_STORAGE_KEY) as string) as {
      context: Record<string, unknown>;
    };
    first.stop();
    // What an older build wrote: the same flow without the hold's fields.
    delete stored.context.hold;
    delete stored.context.reservationFingerprint;
    storage.data.set(BOOKING_STORAGE_KEY, JSON.stringify(stored));

    const restored = createBookingActor({ input, storage });
    const { context } = restored.getSnapshot();
    expect(context.trip).toEqual(trip);
    expect(context.hold).toEqual({
      token: null,
      endsAt: null,
      deadline: null,
      remainingMs: 0,
      legs: [],
      again: false,
    });
    expect(context.reservationFingerprint).toBeNull();
    restored.stop();
  });
});
