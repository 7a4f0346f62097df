import { expect, type Page } from '@playwright/test';
import {
  currentFloor,
  floorLabels,
  saveButtonLabel,
  seatMessages,
  type SeatSelectionEvent,
  type SeatSelectionSnapshot,
} from '../../machines/seat-selection.machine';
import type { SeatLayout } from '../../machines/types';

/*
 * The seat-selection chart as the model of the seat page (TESTING.md, "Model-based tests from the
 * charts"): the paths come from machines/seat-selection.machine.ts, each event maps to one user
 * action on the page, and each state the page reaches has its expectation here, in one table.
 * The prices and the seat count the page must show come from the server's own seat maps (the
 * `kursi` answers the test read), never from the chart's helpers.
 */

// ---------------------------------------------------------------------------------------------
// Events -> page actions.

/** Rupiah as the spec writes it (section 9), computed here, not with the app's formatter. */
function rupiah(value: number): string {
  return value === 0 ? 'Gratis' : `Rp ${String(value).replace(/\B(?=(\d{3})+(?!\d))/g, '.')}`;
}

const seatMap = (page: Page) => page.getByRole('grid', { name: /^Denah kursi / });
const seatInfo = (page: Page) => page.getByRole('region', { name: 'Informasi Kursi' });

/** Plays one event of the chart as the user would on the page, reading names from the state before it. */
export async function playEvent(page: Page, event: SeatSelectionEvent, before: SeatSelectionSnapshot): Promise<void> {
  const context = before.context;
  switch (event.type) {
    case 'seat.toggle': {
      const seat = currentFloor(context)?.kursi[event.key];
      if (!seat) throw new Error(`No seat ${event.key} on the shown floor`);
      await seatMap(page)
        .getByRole('button', { name: `Kursi ${seat.no}`, exact: true })
        .click();
      return;
    }
    case 'floor.select': {
      const label = floorLabels(context)[event.index];
      if (!label) throw new Error(`No floor ${event.index}`);
      await page.getByRole('tab', { name: label, exact: true }).click();
      return;
    }
    case 'selection.save':
      await seatInfo(page)
        .getByRole('button', { name: saveButtonLabel(context), exact: true })
        .click();
      return;
    case 'leg.back':
      await page.getByRole('button', { name: `Kembali ke Rute ${context.connectingRoute - 1}`, exact: true }).click();
      return;
    case 'layout.retry':
      await page.getByRole('button', { name: 'Coba Lagi', exact: true }).click();
      return;
  }
}

// ---------------------------------------------------------------------------------------------
// States -> what the page shows. A state missing here fails the run: add its expectation.

type Expectation = (page: Page, snapshot: SeatSelectionSnapshot, served: readonly SeatLayout[]) => Promise<void>;

function stateName(snapshot: SeatSelectionSnapshot): string {
  return typeof snapshot.value === 'string' ? snapshot.value : JSON.stringify(snapshot.value);
}

/** Spec section 9: at most 3 passengers per leg. */
const MAX_PASSENGERS = 3;

/**
 * What the seat panel must show for the chosen seats, read from the served seat map of the leg:
 * their prices summed, the normal fare beside a promo seat, and the seats a leg may take (the
 * server's maks_penumpang on the first leg, the first leg's count on the next ones).
 */
function servedExpectation(snapshot: SeatSelectionSnapshot, served: readonly SeatLayout[]) {
  const context = snapshot.context;
  const layout = served[context.connectingRoute - 1];
  if (!layout) throw new Error(`no served seat map for leg ${context.connectingRoute}`);
  const tiles = context.selection.map((chosen) => {
    const tile = layout.layout_kursi.find((floor) => floor.nama === chosen.floor)?.kursi[chosen.key];
    if (!tile || tile.no !== chosen.no) throw new Error(`Kursi ${chosen.no} is not in the served seat map`);
    return tile;
  });
  const price = tiles.reduce((sum, tile) => sum + tile.harga_tiket, 0);
  const normal = tiles.reduce(
    (sum, tile) => sum + (tile.flag_promo === 1 ? layout.harga_tiket_normal : tile.harga_tiket),
    0,
  );
  const firstLeg = context.savedSeats[0];
  const allowed =
    context.connectingRoute > 1 && firstLeg ? firstLeg.length : Math.min(MAX_PASSENGERS, layout.maks_penumpang);
  return { price, normal, allowed };
}

export const pageExpectations: Record<string, Expectation> = {
  selecting: async (page, snapshot, served) => {
    const context = snapshot.context;
    const floor = currentFloor(context);
    if (!floor) throw new Error('selecting without a floor');
    await expect(seatMap(page)).toHaveAccessibleName(`Denah kursi ${floor.nama}`);
    const label = floorLabels(context)[context.floorIndex] ?? '';
    await expect(page.getByRole('tab', { name: label, exact: true })).toHaveAttribute('aria-selected', 'true');

    // Exactly the chosen seats of this floor are pressed.
    const pressed = context.selection.filter((seat) => seat.floor === floor.nama).map((seat) => `Kursi ${seat.no}`);
    await expect(seatMap(page).locator('button[aria-pressed="true"]')).toHaveCount(pressed.length);
    for (const name of pressed) {
      await expect(seatMap(page).getByRole('button', { name, exact: true })).toHaveAttribute('aria-pressed', 'true');
    }

    const info = seatInfo(page);
    // The leg being chosen: its seats and counter (other legs of a connecting trip are listed too).
    const live = info.getByRole('status');
    const numbers = context.selection.map((seat) => seat.no);
    const expected = servedExpectation(snapshot, served);
    await expect(
      live.getByText(numbers.length > 0 ? `Kursi ${numbers.join(', ')}` : 'Belum ada kursi dipilih', { exact: true }),
    ).toBeVisible();
    await expect(
      live.getByText(`Kursi dipilih ${context.selection.length}/${expected.allowed}`, { exact: true }),
    ).toBeVisible();
    if (numbers.length > 0) await expect(info.getByText(rupiah(expected.price), { exact: true })).toBeVisible();
    // The normal fare, struck through, only beside a promo price.
    if (expected.normal > expected.price)
      await expect(info.locator('s')).toHaveText(new RegExp(rupiah(expected.normal)));
    else await expect(info.locator('s')).toHaveCount(0);
    await expect(info.getByRole('button', { name: saveButtonLabel(context), exact: true })).toBeEnabled();

    // Connecting legs: the heading of the leg, its card current, and the way back from leg 2 on.
    if (context.legs.length > 1) {
      const route = context.connectingRoute;
      await expect(page.getByRole('heading', { level: 2, name: `Kursi Pergi ${route}` })).toBeVisible();
      await expect(
        page
          .getByRole('list', { name: 'Rute perjalanan' })
          .getByRole('listitem')
          .nth(route - 1),
      ).toHaveAttribute('aria-current', 'step');
      await expect(page.getByRole('button', { name: /^Kembali ke Rute / })).toHaveCount(route > 1 ? 1 : 0);
    }
  },
  done: async (page, snapshot) => {
    // Mobile: the machine goes on to the passenger form; desktop: the booking page decides, off the seat page.
    if (snapshot.context.layoutMode === 'm') {
      await expect(page).toHaveURL(/\/app\/m-information-passengers-without-no-select-seat/);
    } else {
      await expect(page).not.toHaveURL(/\/app\/select-seat/);
    }
  },
  notAllowed: async (page) => {
    await expect(page.getByText('Kursi ditentukan oleh operator')).toBeVisible();
    await expect(seatMap(page)).toHaveCount(0);
    await expect(page.getByText(seatMessages.notAllowed)).toBeVisible();
  },
  layoutUnavailable: async (page) => {
    await expect(page.getByRole('button', { name: 'Coba Lagi' })).toBeVisible();
  },
  loadingLayout: async (page) => {
    await expect(page.getByText('Memuat denah kursi…')).toBeAttached();
  },
};

export async function expectPageShows(
  page: Page,
  snapshot: SeatSelectionSnapshot,
  toasts: string[],
  served: readonly SeatLayout[],
): Promise<void> {
  const expectation = pageExpectations[stateName(snapshot)];
  if (!expectation) throw new Error(`No page expectation for state ${stateName(snapshot)}: add it to the table.`);
  await expectation(page, snapshot, served);
  for (const message of toasts) await expect(page.getByText(message, { exact: true }).first()).toBeVisible();
}

export * from './seat-selection-plan';
