import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { Floor } from '../../../../contract/seats';
import { seatSelectionMachine, type LoadLayoutInput } from '../../../../machines/seat-selection.machine';
import { createTileStatusStore } from '../../../../src/features/seats/seat-map';
import type { SeatLayout } from '../../../../machines/types';
import { LEG, layoutOf, seat } from './seat-fixtures';

// Two floors of one row each; seat 3 is taken. The cap is 2 seats.
const BAWAH: Floor = {
  nama: 'Lantai Bawah',
  baris: 1,
  kolom: 3,
  sisa_kursi: 2,
  kursi: { '1-1': seat('1'), '1-2': seat('2'), '1-3': seat('3', { flag_booking: 1 }) },
};
const ATAS: Floor = {
  nama: 'Lantai Atas',
  baris: 1,
  kolom: 2,
  sisa_kursi: 2,
  kursi: { '1-1': seat('4'), '1-2': seat('5') },
};

const LAYOUT = layoutOf([BAWAH, ATAS]);

async function startSeatActor() {
  const machine = seatSelectionMachine.provide({
    actors: { loadLayout: fromPromise<SeatLayout, LoadLayoutInput>(async () => LAYOUT) },
  });
  const actor = createActor(machine, { input: { direction: 'pergi', tripKind: 'one-way', legs: [LEG] } }).start();
  await waitFor(actor, (snapshot) => snapshot.matches('selecting'));
  return actor;
}

/** Subscribes one listener per key and returns the keys woken since the last call. */
function watch(store: ReturnType<typeof createTileStatusStore>, keys: readonly string[]) {
  const woken: string[] = [];
  const stops = keys.map((key) => store.subscribe(key, () => woken.push(key)));
  return {
    take: () => woken.splice(0),
    stop: () => stops.forEach((stop) => stop()),
  };
}

describe('tile statuses behind one subscription', () => {
  it('wakes only the tiles a tap changes, and at the cap the one dropped', async () => {
    const actor = await startSeatActor();
    const store = createTileStatusStore(actor);
    const keys = ['1-1', '1-2', '1-3'];
    expect(keys.map((key) => store.get(key))).toEqual(['available', 'available', 'taken']);
    const tiles = watch(store, keys);

    actor.send({ type: 'seat.toggle', key: '1-1' });
    expect(tiles.take()).toEqual(['1-1']);
    expect(store.get('1-1')).toBe('selected');

    actor.send({ type: 'seat.toggle', key: '1-2' });
    expect(tiles.take()).toEqual(['1-2']);

    actor.send({ type: 'seat.toggle', key: '1-1' });
    expect(tiles.take()).toEqual(['1-1']);
    expect(keys.map((key) => store.get(key))).toEqual(['available', 'selected', 'taken']);

    // A taken seat changes nothing.
    actor.send({ type: 'seat.toggle', key: '1-3' });
    expect(tiles.take()).toEqual([]);
    tiles.stop();
    actor.stop();
  });

  it('re-reads every tile when the floor changes', async () => {
    const actor = await startSeatActor();
    const store = createTileStatusStore(actor);
    actor.send({ type: 'seat.toggle', key: '1-1' });
    const keys = ['1-1', '1-2', '1-3'];
    expect(keys.map((key) => store.get(key))).toEqual(['selected', 'available', 'taken']);
    const tiles = watch(store, keys);

    actor.send({ type: 'floor.select', index: 1 });
    // On the upper floor "1-1" and "1-2" are seats 4 and 5 (free); "1-3" is no seat there.
    expect(keys.map((key) => store.get(key))).toEqual(['available', 'available', 'not-a-seat']);
    expect(tiles.take().sort()).toEqual(['1-1', '1-3']);
    tiles.stop();
    actor.stop();
  });

  it('reads the child as it is now when nothing watches, and lets go of it when the last tile leaves', async () => {
    const actor = await startSeatActor();
    const subscribe = vi.spyOn(actor, 'subscribe');
    const store = createTileStatusStore(actor);
    expect(store.get('1-1')).toBe('available');
    actor.send({ type: 'seat.toggle', key: '1-1' });
    expect(store.get('1-1')).toBe('selected');

    const tiles = watch(store, ['1-1', '1-2']);
    expect(subscribe).toHaveBeenCalledTimes(1);
    tiles.stop();
    actor.send({ type: 'seat.toggle', key: '1-1' });
    expect(tiles.take()).toEqual([]);
    expect(store.get('1-1')).toBe('available');
    actor.stop();
  });
});
