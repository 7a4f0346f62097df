import type { LayoutFloor, SeatTile } from '../schema';

/**
 * Layouts are drawn as text grids, one string per row, tiles separated by spaces:
 * P seat, P2 seat on the second price tier, P$ promo seat, PS seat near smoking (PS$ promo),
 * SMK smoking area, K and PX empty, T toilet, S driver. Seats are numbered 1.. in reading order
 * across floors, so a seat number is unique within a layout.
 */
interface FloorDrawing {
  name: string;
  rows: readonly string[];
}

export interface LayoutSeed {
  code: string;
  name: string;
  floors: LayoutFloor[];
  capacity: number;
}

const TILE = /^(P|PS|SMK|K|PX|T|S)(2|\$)?$/;

function buildLayout(code: string, name: string, drawings: readonly FloorDrawing[]): LayoutSeed {
  let seatNo = 0;
  const floors = drawings.map((drawing): LayoutFloor => {
    const seats: Record<string, SeatTile> = {};
    let cols = 0;
    drawing.rows.forEach((line, rowIndex) => {
      const tokens = line.trim().split(/\s+/);
      cols = Math.max(cols, tokens.length);
      tokens.forEach((token, colIndex) => {
        const match = TILE.exec(token);
        const tipe = match?.[1] as SeatTile['tipe'] | undefined;
        if (!tipe) throw new Error(`Layout ${code}: unknown tile "${token}"`);
        const bookable = tipe === 'P' || tipe === 'PS';
        if (match?.[2] && !bookable) throw new Error(`Layout ${code}: only seats take a tier or promo mark`);
        const tile: SeatTile = { no: bookable ? String((seatNo += 1)) : '', tipe };
        if (match?.[2] === '2') tile.tier = 2;
        if (match?.[2] === '$') tile.promo = true;
        seats[`${rowIndex + 1}-${colIndex + 1}`] = tile;
      });
    });
    return { name: drawing.name, rows: drawing.rows.length, cols, seats };
  });
  return { code, name, floors, capacity: seatNo };
}

export const LAYOUTS = {
  SH10: buildLayout('SH10', 'Shuttle 10 Kursi', [{ name: 'Utama', rows: ['S K P2', 'P P P', 'P P P', 'P P$ P$'] }]),
  SH7: buildLayout('SH7', 'Shuttle Premium 7 Kursi', [{ name: 'Utama', rows: ['S K P2', 'P K P', 'P K P', 'P K P'] }]),
  // Four columns or fewer: the app draws these with the small tile size.
  MB15: buildLayout('MB15', 'Minibus 15 Kursi', [
    { name: 'Utama', rows: ['S PX P2 P2', 'P P K P', 'P P K P', 'P P K P$', 'P P P$ P$'] },
  ]),
  BUS38: buildLayout('BUS38', 'Bus Reguler 38 Kursi (2-2)', [
    {
      name: 'Utama',
      rows: [
        'S K K K PX',
        'P2 P2 K P2 P2',
        'P2 P2 K P2 P2',
        'P P K P P',
        'P P K P P',
        'P P K P P',
        'P P K P P',
        'P P K P P',
        'P P K P P',
        'P$ P$ K P$ P$',
        'P P K T PX',
      ],
    },
  ]),
  DD40: buildLayout('DD40', 'Bus Tingkat 40 Kursi', [
    { name: 'Lantai Bawah', rows: ['S K K PX', 'P2 P2 K P2', 'P2 P2 K P2', 'PS PS K T', 'SMK SMK K PX'] },
    {
      name: 'Lantai Atas',
      rows: [
        'P P K P P',
        'P P K P P',
        'P P K P P',
        'P P K P P',
        'P P K P P',
        'P P K P P',
        'P P K P P',
        'P$ P$ K P$ P$',
      ],
    },
  ]),
  SLP28: buildLayout('SLP28', 'Bus Sleeper 28 Kursi (1-1)', [
    {
      name: 'Lantai Bawah',
      rows: ['S K PX', 'P2 K P2', 'P K P', 'P K P', 'P K P', 'P K P', 'P K P', 'P K P', 'T K PX'],
    },
    { name: 'Lantai Atas', rows: ['P K P', 'P K P', 'P K P', 'P K P', 'P K P', 'P K P', 'P$ K P$'] },
  ]),
} satisfies Record<string, LayoutSeed>;

export type LayoutCode = keyof typeof LAYOUTS;

/** Seat numbers of a layout (optionally of one floor), in numbering order. */
export function seatNumbers(layout: LayoutSeed, floorName?: string): string[] {
  const numbers: string[] = [];
  for (const floor of layout.floors) {
    if (floorName !== undefined && floor.name !== floorName) continue;
    for (const tile of Object.values(floor.seats)) if (tile.tipe === 'P' || tile.tipe === 'PS') numbers.push(tile.no);
  }
  return numbers.sort((a, b) => Number(a) - Number(b));
}
