import { describe, expect, it, vi } from 'vitest';
import type { Trip } from '../../machines/types';
import { BOOKING_STORAGE_KEY, createBookingActor } from '../../src/flow/booking-actor-core';
import { createFlowInspector } from '../../src/flow/flow-hub';
import { guestInput, memoryStorage, oneLegTrip } from './support/booking-actor-fixtures';

const input = guestInput;
const trip = oneLegTrip;

describe('booking actor persistence', () => {
  it('persists every change under berangkat:booking', () => {
    const storage = memoryStorage();
    const actor = createBookingActor({ input, storage });
    expect(storage.data.has(BOOKING_STORAGE_KEY)).toBe(true);
    actor.send({ type: 'trip.set', trip });
    const stored = JSON.parse(storage.data.get(BOOKING_STORAGE_KEY) ?? '{}') as { context: { trip: Trip } };
    expect(stored.context.trip).toEqual(trip);
    actor.stop();
  });

  it('restores the stored snapshot (the chosen outbound survives a reload)', () => {
    const storage = memoryStorage();
    const first = createBookingActor({ input, storage });
    first.send({ type: 'trip.set', trip });
    first.stop();

    const second = createBookingActor({ input, storage });
    expect(second.getSnapshot().context.trip).toEqual(trip);
    second.stop();
  });

  it.each([
    ['not JSON', '{oops'],
    ['JSON of the wrong shape', JSON.stringify({ hello: 'world' })],
    ['a number', '42'],
    ['null', 'null'],
  ])('starts fresh when the stored value is %s', (_label, text) => {
    const storage = memoryStorage({ [BOOKING_STORAGE_KEY]: text });
    const actor = createBookingActor({ input, storage });
    expect(actor.getSnapshot().status).toBe('active');
    expect(actor.getSnapshot().context.trip).toBeNull();
    // The bad value was replaced by a good snapshot.
    expect(JSON.parse(storage.data.get(BOOKING_STORAGE_KEY) ?? '{}')).toMatchObject({ status: 'active' });
    actor.stop();
  });

  it('keeps working when storage throws', () => {
    const storage = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('quota');
      },
      removeItem: () => {
        throw new Error('denied');
      },
    };
    const actor = createBookingActor({ input, storage });
    actor.send({ type: 'trip.set', trip });
    expect(actor.getSnapshot().context.trip).toEqual(trip);
    actor.stop();
  });

  it('hands the navigate intents it and its children emit to the one inspector', () => {
    const navigate = vi.fn();
    const toast = vi.fn();
    const inspect = createFlowInspector({ navigate, toast, scrollTo: vi.fn(), analytics: vi.fn() });
    const actor = createBookingActor({ input: { ...input, trip }, storage: memoryStorage(), inspect });
    actor.send({ type: 'leave.request', intent: { kind: 'route', name: 'home' } });
    actor.send({ type: 'dialog.confirm' });
    expect(navigate).toHaveBeenCalledWith({ type: 'navigate', intent: { kind: 'route', name: 'home' } });
    // A child's toast (the booker form refuses nothing here; the passenger form's cap does).
    actor.send({ type: 'passengers.open', direction: 'pergi', remainingSeats: 1 });
    const form = actor.getSnapshot().children['passengerForm.pergi.0'];
    expect(form).toBeDefined();
    form?.send({ type: 'passenger.add' });
    expect(toast).toHaveBeenCalledWith(
      expect.objectContaining({ type: 'toast', message: 'Tidak tersedia kursi lagi' }),
    );
    actor.stop();
  });

  it('resumes a debounce that was pending when the snapshot was stored', async () => {
    vi.useFakeTimers();
    try {
      const storage = memoryStorage();
      const first = createBookingActor({ input: { ...input, trip }, storage });
      first.send({ type: 'passengers.open', direction: 'pergi' });
      first.getSnapshot().children['passengerForm.pergi.0']?.send({ type: 'passenger.type', index: 0, value: 'A' });
      first.stop();

      const second = createBookingActor({ input, storage });
      const form = second.getSnapshot().children['passengerForm.pergi.0'];
      expect(form).toBeDefined();
      const rows = () => (form?.getSnapshot() as { context: { rows: { error: string | null }[] } }).context.rows;
      expect(rows()[0]?.error).toBeNull();
      // Without the resume the restored form would wait for the next keystroke forever.
      await vi.advanceTimersByTimeAsync(1000);
      expect(rows()[0]?.error).toBe('Masukan min 3 karakter, maksimal 32 karakter');
      second.stop();
    } finally {
      vi.useRealTimers();
    }
  });
});
