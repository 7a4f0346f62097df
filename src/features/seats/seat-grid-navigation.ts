import { BOOKABLE_SEAT_TYPES, type Floor, type Seat, type SeatType } from '../../../contract/seats';

/**
 * Where the keyboard goes on the seat map (the roving-tabindex grid pattern of DESIGN.md): the
 * map is one tab stop, arrows move between seats as the bus is drawn, skipping aisles, toilets
 * and the driver. Taken seats are stops too, so a screen-reader user hears them as unavailable.
 */

/** A tile at its place in the floor's grid (row and col from 1, as in the layout's `row-col` keys). */
export interface PlacedTile {
  key: string;
  row: number;
  col: number;
  seat: Seat;
}

export type SeatMove = 'left' | 'right' | 'up' | 'down' | 'rowStart' | 'rowEnd' | 'first' | 'last';

export function isSeatTile(type: SeatType): boolean {
  return BOOKABLE_SEAT_TYPES.includes(type);
}

function parseKey(key: string): { row: number; col: number } | null {
  const match = /^(\d+)-(\d+)$/.exec(key);
  if (!match) return null;
  return { row: Number(match[1]), col: Number(match[2]) };
}

/** The floor's rows from front to back, each with its tiles by column; missing tiles are gaps. */
export function floorRows(floor: Floor): PlacedTile[][] {
  const rows: PlacedTile[][] = Array.from({ length: floor.baris }, () => []);
  for (const [key, seat] of Object.entries(floor.kursi)) {
    const place = parseKey(key);
    if (!place || place.row < 1 || place.row > floor.baris || place.col < 1 || place.col > floor.kolom) continue;
    rows[place.row - 1]?.push({ key, ...place, seat });
  }
  for (const row of rows) row.sort((a, b) => a.col - b.col);
  return rows;
}

/** Seats in reading order (front to back, left to right): the stops of the arrow keys. */
export function seatStops(rows: readonly PlacedTile[][]): PlacedTile[] {
  return rows.flatMap((row) => row.filter((tile) => isSeatTile(tile.seat.tipe)));
}

function nearestInRow(row: readonly PlacedTile[], col: number): PlacedTile | undefined {
  let best: PlacedTile | undefined;
  for (const tile of row) {
    if (!best || Math.abs(tile.col - col) < Math.abs(best.col - col)) best = tile;
  }
  return best;
}

/**
 * The seat a key press moves to from `from`, or null to stay. Up and down go to the nearest row
 * with seats, to the seat closest to the same column (an aisle or a toilet below is skipped).
 */
export function moveSeatFocus(stops: readonly PlacedTile[], from: string, move: SeatMove): string | null {
  const current = stops.find((tile) => tile.key === from);
  if (!current) return stops[0]?.key ?? null;
  const sameRow = stops.filter((tile) => tile.row === current.row);
  switch (move) {
    case 'left':
      return sameRow.filter((tile) => tile.col < current.col).at(-1)?.key ?? null;
    case 'right':
      return sameRow.find((tile) => tile.col > current.col)?.key ?? null;
    case 'rowStart':
      return sameRow[0]?.key ?? null;
    case 'rowEnd':
      return sameRow.at(-1)?.key ?? null;
    case 'first':
      return stops[0]?.key ?? null;
    case 'last':
      return stops.at(-1)?.key ?? null;
    case 'up':
    case 'down': {
      const rows = [...new Set(stops.map((tile) => tile.row))];
      const candidates =
        move === 'down' ? rows.filter((row) => row > current.row) : rows.filter((row) => row < current.row);
      const targetRow = move === 'down' ? candidates[0] : candidates.at(-1);
      if (targetRow === undefined) return null;
      return (
        nearestInRow(
          stops.filter((tile) => tile.row === targetRow),
          current.col,
        )?.key ?? null
      );
    }
  }
}

/** The key of a keyboard event as a move, or null for keys the map leaves alone. */
export function seatMoveOf(event: { key: string; ctrlKey: boolean; metaKey: boolean }): SeatMove | null {
  switch (event.key) {
    case 'ArrowLeft':
      return 'left';
    case 'ArrowRight':
      return 'right';
    case 'ArrowUp':
      return 'up';
    case 'ArrowDown':
      return 'down';
    case 'Home':
      return event.ctrlKey || event.metaKey ? 'first' : 'rowStart';
    case 'End':
      return event.ctrlKey || event.metaKey ? 'last' : 'rowEnd';
    default:
      return null;
  }
}
