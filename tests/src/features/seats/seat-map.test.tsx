import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { Floor, Seat } from '../../../../contract/seats';
import {
  seatSelectionMachine,
  type LoadLayoutInput,
  type SeatSelectionInput,
} from '../../../../machines/seat-selection.machine';
import { SeatMap, tileSizeOf } from '../../../../src/features/seats/seat-map';
import { SeatPickerView } from '../../../../src/features/seats/seat-picker';
import type { SeatActor } from '../../../../src/features/seats/seat-reads';
import type { SeatLayout } from '../../../../machines/types';
import { LEG, layoutOf, seat } from './seat-fixtures';

// A small bus drawn as the operator's layout (front at the top):
//   S  K  P1
//   P2 P3x P4      (3 taken)
//   P5 K  T
//   SMK K P6$      (6 a promo seat)
const tile = (tipe: Seat['tipe']): Seat => seat('', { tipe, harga_tiket: 0 });

const UTAMA: Floor = {
  nama: 'Utama',
  baris: 4,
  kolom: 3,
  sisa_kursi: 5,
  kursi: {
    '1-1': tile('S'),
    '1-2': tile('K'),
    '1-3': seat('1'),
    '2-1': seat('2'),
    '2-2': seat('3', { flag_booking: 1 }),
    '2-3': seat('4', { tipe: 'PS' }),
    '3-1': seat('5'),
    '3-2': tile('K'),
    '3-3': tile('T'),
    '4-1': tile('SMK'),
    '4-2': tile('K'),
    '4-3': seat('6', { flag_promo: 1, harga_tiket: 80_000, promo_kode: 'HEMAT' }),
  },
};

const LAYOUT = layoutOf([UTAMA]);

/** A real seat-selection actor whose layout call answers with LAYOUT. */
async function startSeatActor(input: Partial<SeatSelectionInput> = {}): Promise<SeatActor> {
  const machine = seatSelectionMachine.provide({
    actors: { loadLayout: fromPromise<SeatLayout, LoadLayoutInput>(async () => LAYOUT) },
  });
  const actor = createActor(machine, {
    input: { direction: 'pergi', tripKind: 'one-way', legs: [LEG], ...input },
  }).start();
  await waitFor(actor, (snapshot) => snapshot.matches('selecting'));
  return actor;
}

const grid = () => screen.getByRole('grid', { name: 'Denah kursi Utama' });
const seatButton = (no: string) => within(grid()).getByRole('button', { name: `Kursi ${no}` });
const chosen = (actor: SeatActor) => actor.getSnapshot().context.selection.map((s) => s.no);

afterEach(cleanup);

describe('seat map: one tab stop, arrows between seats, Space toggles through the seat child', () => {
  it('names every seat "Kursi N" and keeps one tab stop in the map', async () => {
    const actor = await startSeatActor();
    render(<SeatMap actor={actor} floor={UTAMA} normalPrice={100_000} label="Denah kursi Utama" />);
    const names = within(grid())
      .getAllByRole('button')
      .map((button) => button.getAttribute('aria-label'));
    expect(names).toEqual(['Kursi 1', 'Kursi 2', 'Kursi 3', 'Kursi 4', 'Kursi 5', 'Kursi 6']);
    const tabStops = within(grid())
      .getAllByRole('button')
      .filter((button) => button.tabIndex === 0);
    // The first free seat holds the tab stop.
    expect(tabStops).toEqual([seatButton('1')]);
  });

  it('moves focus with the arrows as the bus is drawn, skipping aisles and the toilet', async () => {
    const actor = await startSeatActor();
    render(<SeatMap actor={actor} floor={UTAMA} normalPrice={100_000} label="Denah kursi Utama" />);
    act(() => seatButton('1').focus());
    const press = (key: string, init: Partial<KeyboardEventInit> = {}) =>
      act(() => {
        fireEvent.keyDown(document.activeElement as HTMLElement, { key, ...init });
      });

    press('ArrowDown');
    expect(document.activeElement).toBe(seatButton('4'));
    press('ArrowLeft');
    // The taken seat is a stop too: a screen-reader user hears it as unavailable.
    expect(document.activeElement).toBe(seatButton('3'));
    press('ArrowLeft');
    expect(document.activeElement).toBe(seatButton('2'));
    press('ArrowLeft');
    expect(document.activeElement).toBe(seatButton('2'));
    press('ArrowDown');
    expect(document.activeElement).toBe(seatButton('5'));
    press('ArrowRight');
    // Nothing to the right of 5 but an aisle and the toilet.
    expect(document.activeElement).toBe(seatButton('5'));
    press('ArrowDown');
    expect(document.activeElement).toBe(seatButton('6'));
    press('Home', { ctrlKey: true });
    expect(document.activeElement).toBe(seatButton('1'));
    press('End', { ctrlKey: true });
    expect(document.activeElement).toBe(seatButton('6'));

    // The tab stop follows focus: still exactly one.
    const tabStops = within(grid())
      .getAllByRole('button')
      .filter((button) => button.tabIndex === 0);
    expect(tabStops).toEqual([seatButton('6')]);
  });

  it('toggles the focused seat with Space and Enter through the actor', async () => {
    const actor = await startSeatActor();
    render(<SeatMap actor={actor} floor={UTAMA} normalPrice={100_000} label="Denah kursi Utama" />);
    act(() => seatButton('2').focus());
    act(() => {
      fireEvent.keyDown(seatButton('2'), { key: ' ' });
    });
    expect(chosen(actor)).toEqual(['2']);
    expect(seatButton('2').getAttribute('aria-pressed')).toBe('true');

    act(() => {
      fireEvent.keyDown(seatButton('2'), { key: 'ArrowDown' });
    });
    act(() => {
      fireEvent.keyDown(document.activeElement as HTMLElement, { key: 'Enter' });
    });
    expect(chosen(actor)).toEqual(['2', '5']);

    // A held key toggles once.
    act(() => {
      fireEvent.keyDown(seatButton('5'), { key: ' ', repeat: true });
    });
    expect(chosen(actor)).toEqual(['2', '5']);

    act(() => {
      fireEvent.keyDown(seatButton('2'), { key: ' ' });
    });
    expect(chosen(actor)).toEqual(['5']);
    expect(seatButton('2').getAttribute('aria-pressed')).toBe('false');
  });

  it('marks taken seats unavailable; the machine ignores a tap on them', async () => {
    const actor = await startSeatActor();
    render(<SeatMap actor={actor} floor={UTAMA} normalPrice={100_000} label="Denah kursi Utama" />);
    expect(seatButton('3').getAttribute('aria-disabled')).toBe('true');
    expect(seatButton('1').getAttribute('aria-disabled')).toBeNull();
    act(() => {
      fireEvent.click(seatButton('3'));
    });
    expect(chosen(actor)).toEqual([]);
    expect(seatButton('3').getAttribute('aria-pressed')).toBe('false');
  });

  it('describes price and promo, and names the toilet and the driver; aisles stay hidden', async () => {
    const actor = await startSeatActor();
    render(<SeatMap actor={actor} floor={UTAMA} normalPrice={100_000} label="Denah kursi Utama" />);
    const description = (button: HTMLElement) =>
      document.getElementById(button.getAttribute('aria-describedby') ?? '')?.textContent;
    expect(description(seatButton('1'))).toBe('Rp 100.000');
    expect(description(seatButton('6'))).toBe('Promo HEMAT, Rp 80.000, harga normal Rp 100.000');
    expect(description(seatButton('4'))).toBe('Rp 100.000, dekat area merokok');
    expect(description(seatButton('3'))).toBe('Terisi, tidak dapat dipilih');
    expect(within(grid()).getByRole('img', { name: 'Toilet' })).toBeTruthy();
    expect(within(grid()).getByRole('img', { name: 'Sopir' })).toBeTruthy();
    // 6 seats + toilet + driver are cells; the aisles and the smoking area are not announced.
    expect(within(grid()).getAllByRole('gridcell')).toHaveLength(8);
    // The row of the smoking area still has a seat, so it is a row; none is left empty.
    for (const row of within(grid()).getAllByRole('row')) {
      expect(within(row).getAllByRole('gridcell').length).toBeGreaterThan(0);
    }
  });

  it('uses the small 48 px tiles on floors of 4 columns or fewer (spec section 9)', () => {
    expect(tileSizeOf({ kolom: 3 })).toBe('small');
    expect(tileSizeOf({ kolom: 4 })).toBe('small');
    expect(tileSizeOf({ kolom: 5 })).toBe('large');
  });
});

describe('seat chooser summary', () => {
  it('shows the chosen seats, the counter, the price struck under a promo and the machine label', async () => {
    const actor = await startSeatActor();
    render(<SeatPickerView actor={actor} direction="pergi" variant="sheet" />);
    expect(screen.getByRole('heading', { name: 'Pilih Posisi Duduk Pergi' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Utama' }).getAttribute('aria-selected')).toBe('true');
    const info = screen.getByRole('region', { name: 'Informasi Kursi' });
    expect(within(info).getByText('Belum ada kursi dipilih')).toBeTruthy();
    expect(within(info).getByText('Kursi dipilih 0/2')).toBeTruthy();

    act(() => {
      fireEvent.click(seatButton('6'));
    });
    act(() => {
      fireEvent.click(seatButton('1'));
    });
    expect(within(info).getByText('Kursi 6, 1')).toBeTruthy();
    expect(within(info).getByText('Kursi dipilih 2/2')).toBeTruthy();
    expect(within(info).getByText('Rp 180.000')).toBeTruthy();
    expect(info.querySelector('s')?.textContent).toBe('Harga normal Rp 200.000');

    // At the cap the oldest choice makes room (the machine's rule, shown as it is).
    act(() => {
      fireEvent.click(seatButton('2'));
    });
    expect(within(info).getByText('Kursi 1, 2')).toBeTruthy();
    expect(info.querySelector('s')).toBeNull();

    // The main button carries the machine's label and sends selection.save.
    act(() => {
      fireEvent.click(within(info).getByRole('button', { name: 'Simpan' }));
    });
    expect(actor.getSnapshot().status).toBe('done');
    expect(actor.getSnapshot().output?.seats[0]?.map((s) => s.no)).toEqual(['1', '2']);
  });

  it('a tap changes only its own tile and remounts nothing', async () => {
    const actor = await startSeatActor();
    render(<SeatMap actor={actor} floor={UTAMA} normalPrice={100_000} label="Denah kursi Utama" />);
    const before = new Map(
      within(grid())
        .getAllByRole('button')
        .map((b) => [b.getAttribute('aria-label'), b]),
    );
    act(() => {
      fireEvent.click(seatButton('5'));
    });
    // Same DOM nodes (nothing remounted), and only seat 5 changed its state.
    for (const button of within(grid()).getAllByRole('button')) {
      expect(before.get(button.getAttribute('aria-label'))).toBe(button);
      expect(button.getAttribute('aria-pressed')).toBe(button === seatButton('5') ? 'true' : 'false');
    }
  });
});
