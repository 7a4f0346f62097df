import { memo, useCallback, useId, useLayoutEffect, useMemo, useRef, type FocusEvent, type KeyboardEvent } from 'react';
import { useSelector } from '@xstate/react';
import { Check, Cigarette, ShipWheel, Toilet, X } from 'lucide-react';
import type { Floor, Seat } from '../../../contract/seats';
import { tileStatus, type TileStatus } from '../../../machines/seat-selection.machine';
import { cx } from '../../lib/cx';
import { floorRows, isSeatTile, moveSeatFocus, seatMoveOf, seatStops, type PlacedTile } from './seat-grid-navigation';
import type { SeatActor } from './seat-reads';
import { seatDescription, seatTexts } from './seat-texts';

/** Spec section 9: tiles are 48 px on floors of 4 columns or fewer, 56 px otherwise. */
export const SMALL_TILE_MAX_COLUMNS = 4;

export type TileSize = 'small' | 'large';

export function tileSizeOf(floor: Pick<Floor, 'kolom'>): TileSize {
  return floor.kolom <= SMALL_TILE_MAX_COLUMNS ? 'small' : 'large';
}

const TILE_BOX: Record<TileSize, string> = { small: 'size-12', large: 'size-14' };

/** The tile that takes the tab stop first: a chosen seat, else the first free one, else the first seat. */
function initialStop(actor: SeatActor, stops: readonly PlacedTile[]): string | null {
  const context = actor.getSnapshot().context;
  const statusOf = (tile: PlacedTile) => tileStatus(context, tile.key);
  return (
    stops.find((tile) => statusOf(tile) === 'selected')?.key ??
    stops.find((tile) => statusOf(tile) === 'available')?.key ??
    stops[0]?.key ??
    null
  );
}

interface SeatMapProps {
  actor: SeatActor;
  floor: Floor;
  /** The layout's harga_tiket_normal, for the promo seats' description. */
  normalPrice: number;
  /** Accessible name of the map, e.g. "Denah kursi Lantai Atas". */
  label: string;
}

/**
 * The seat grid of one floor, drawn as the operator's layout: the front (driver) at the top, gaps
 * where the layout has empty tiles. One tab stop; arrows move between seats; Space or Enter
 * toggles through the seat child (the machine decides what a toggle does).
 */
export function SeatMap({ actor, floor, normalPrice, label }: SeatMapProps) {
  const rows = useMemo(() => floorRows(floor), [floor]);
  const stops = useMemo(() => seatStops(rows), [rows]);
  const grid = useRef<HTMLDivElement>(null);
  const active = useRef<string | null>(null);
  const size = tileSizeOf(floor);
  const idPrefix = useId();

  const seatButton = (key: string | null) =>
    key === null ? null : (grid.current?.querySelector<HTMLButtonElement>(`[data-seat-key="${key}"]`) ?? null);

  /*
   * The one tab stop moves by setting tabIndex on two buttons directly: a React update would
   * re-render tiles for a focus move, and a seat tap must cost its own tile and the summary only.
   * Tiles always render tabIndex -1, so React never puts it back.
   */
  const moveTabStop = useCallback((key: string) => {
    if (key === active.current) return;
    const previous = seatButton(active.current);
    if (previous) previous.tabIndex = -1;
    const next = seatButton(key);
    if (next) next.tabIndex = 0;
    active.current = key;
  }, []);

  useLayoutEffect(() => {
    active.current = null;
    const first = initialStop(actor, stops);
    if (first !== null) moveTabStop(first);
  }, [actor, stops, moveTabStop]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const from = active.current;
    if (from === null) return;
    // Space and Enter toggle the focused seat once, on key down (the button's own click is held back).
    if (event.key === ' ' || event.key === 'Enter') {
      const key = (event.target as HTMLElement).dataset.seatKey;
      if (!key) return;
      event.preventDefault();
      // A held key toggles once.
      if (!event.repeat) actor.send({ type: 'seat.toggle', key });
      return;
    }
    const move = seatMoveOf(event);
    if (!move) return;
    event.preventDefault();
    const next = moveSeatFocus(stops, from, move);
    if (next === null) return;
    moveTabStop(next);
    seatButton(next)?.focus();
  };

  // A click or a tab into the map moves the tab stop to the seat that got focus.
  const onFocus = (event: FocusEvent<HTMLDivElement>) => {
    const key = (event.target as HTMLElement).dataset.seatKey;
    if (key) moveTabStop(key);
  };

  return (
    <div className="flex flex-col items-center gap-2">
      <p className="text-xs font-semibold tracking-wide text-grey-600 uppercase" aria-hidden="true">
        {seatTexts.front}
      </p>
      <div
        ref={grid}
        role="grid"
        aria-label={label}
        aria-rowcount={floor.baris}
        aria-colcount={floor.kolom}
        onKeyDown={onKeyDown}
        onFocus={onFocus}
        className="flex flex-col gap-2"
      >
        {rows.map((row, index) => (
          <SeatRow
            key={index}
            rowNumber={index + 1}
            tiles={row}
            columns={floor.kolom}
            size={size}
            actor={actor}
            normalPrice={normalPrice}
            idPrefix={idPrefix}
          />
        ))}
      </div>
    </div>
  );
}

interface SeatRowProps {
  rowNumber: number;
  tiles: readonly PlacedTile[];
  columns: number;
  size: TileSize;
  actor: SeatActor;
  normalPrice: number;
  idPrefix: string;
}

/** Tiles a screen reader meets: seats, the toilet and the driver. Aisles and smoking areas are decoration. */
function isAnnounced(seat: Seat): boolean {
  return isSeatTile(seat.tipe) || seat.tipe === 'T' || seat.tipe === 'S';
}

const SeatRow = memo(function SeatRow({ rowNumber, tiles, columns, size, actor, normalPrice, idPrefix }: SeatRowProps) {
  const byColumn = new Map(tiles.map((tile) => [tile.col, tile]));
  const announced = tiles.some((tile) => isAnnounced(tile.seat));
  const cells = Array.from({ length: columns }, (_, index) => {
    const col = index + 1;
    const tile = byColumn.get(col);
    if (tile && isSeatTile(tile.seat.tipe)) {
      return (
        <SeatTile
          key={col}
          actor={actor}
          tileKey={tile.key}
          col={col}
          seat={tile.seat}
          size={size}
          normalPrice={normalPrice}
          descriptionId={`${idPrefix}-${tile.key}`}
        />
      );
    }
    if (tile && (tile.seat.tipe === 'T' || tile.seat.tipe === 'S')) {
      return <LandmarkTile key={col} col={col} type={tile.seat.tipe} size={size} />;
    }
    return <DecorTile key={col} smoking={tile?.seat.tipe === 'SMK'} size={size} />;
  });
  // A row of aisles and smoking areas only holds nothing to announce: the whole row is decoration.
  if (!announced) {
    return (
      <div className="flex gap-2" aria-hidden="true">
        {cells}
      </div>
    );
  }
  return (
    <div role="row" aria-rowindex={rowNumber} className="flex gap-2">
      {cells}
    </div>
  );
});

function DecorTile({ smoking, size }: { smoking: boolean; size: TileSize }) {
  return (
    <div
      aria-hidden="true"
      className={cx(
        TILE_BOX[size],
        'flex items-center justify-center rounded-lg',
        smoking && 'hairline border-dashed border-grey-300 bg-grey-50 text-grey-600',
      )}
    >
      {smoking ? <Cigarette className="size-5" /> : null}
    </div>
  );
}

function LandmarkTile({ col, type, size }: { col: number; type: 'T' | 'S'; size: TileSize }) {
  const Icon = type === 'T' ? Toilet : ShipWheel;
  const name = type === 'T' ? seatTexts.toilet : seatTexts.driver;
  return (
    <div role="gridcell" aria-colindex={col} className={cx(TILE_BOX[size], 'flex')}>
      <span
        role="img"
        aria-label={name}
        title={name}
        className="flex flex-1 items-center justify-center rounded-lg bg-grey-100 text-grey-700"
      >
        <Icon className="size-6" aria-hidden="true" />
      </span>
    </div>
  );
}

interface SeatTileProps {
  actor: SeatActor;
  tileKey: string;
  col: number;
  seat: Seat;
  size: TileSize;
  normalPrice: number;
  descriptionId: string;
}

/** Lucide's check and x, drawn in one path whose shape changes, so a tap never mounts an icon. */
const MARK_PATH: Record<TileStatus, string | null> = {
  selected: 'M20 6 9 17l-5-5',
  taken: 'M18 6 6 18M6 6l12 12',
  available: null,
  'not-a-seat': null,
};

/** The check of a chosen seat, the cross of a taken one (states read without colour alone). */
function StateMark({ status }: { status: TileStatus }) {
  const path = MARK_PATH[status];
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={3}
      strokeLinecap="round"
      strokeLinejoin="round"
      className={cx('absolute top-0.5 right-0.5 size-3.5', path === null && 'invisible')}
    >
      <path d={path ?? 'M0 0'} />
    </svg>
  );
}

const STATUS_LOOK: Record<Exclude<TileStatus, 'not-a-seat'>, string> = {
  available: 'border-2 border-primary-600 bg-white text-primary-800 hover:bg-primary-50',
  selected: 'border-2 border-primary-600 bg-primary-600 text-white',
  taken: 'border-2 border-grey-200 bg-grey-200 text-grey-700 cursor-not-allowed',
};

/**
 * One seat: a toggle button named "Kursi {no}", pressed when chosen, unavailable when taken, its
 * price in its description. It reads only its own status, so a tap re-renders this tile alone.
 */
const SeatTile = memo(function SeatTile({
  actor,
  tileKey,
  col,
  seat,
  size,
  normalPrice,
  descriptionId,
}: SeatTileProps) {
  const status = useSelector(actor, (snapshot) => tileStatus(snapshot.context, tileKey));
  const description = useMemo(() => seatDescription(seat, normalPrice), [seat, normalPrice]);
  const look = status === 'not-a-seat' ? STATUS_LOOK.taken : STATUS_LOOK[status];
  return (
    <div role="gridcell" aria-colindex={col} className={cx(TILE_BOX[size], 'flex')}>
      <button
        type="button"
        data-seat-key={tileKey}
        tabIndex={-1}
        aria-label={`Kursi ${seat.no}`}
        aria-pressed={status === 'selected'}
        aria-disabled={status === 'selected' || status === 'available' ? undefined : true}
        aria-describedby={descriptionId}
        onClick={() => actor.send({ type: 'seat.toggle', key: tileKey })}
        // Fixed-size tiles contain their own layout and paint: a change repaints this tile only.
        className={cx(
          'relative flex flex-1 flex-col items-center justify-center rounded-lg text-sm leading-5 font-bold [contain:strict]',
          look,
        )}
      >
        <span aria-hidden="true">{seat.no}</span>
        <StateMark status={status} />
        {seat.tipe === 'PS' ? <Cigarette className="absolute bottom-0.5 left-0.5 size-3.5" aria-hidden="true" /> : null}
        {seat.flag_promo === 1 && seat.flag_booking === 0 ? (
          <span
            aria-hidden="true"
            className={cx(
              'rounded px-1 text-[10px] leading-3.5 font-bold',
              status === 'selected' ? 'bg-white text-primary-800' : 'bg-warning-100 text-warning-800',
            )}
          >
            Promo
          </span>
        ) : null}
      </button>
      <span id={descriptionId} hidden>
        {description}
      </span>
    </div>
  );
});

/** The map's shape while the layout loads. */
export function SeatMapSkeleton() {
  return (
    <div className="flex flex-col items-center gap-2 py-2">
      <p role="status" className="sr-only">
        {seatTexts.loading}
      </p>
      <div className="flex flex-col gap-2" aria-hidden="true">
        {Array.from({ length: 6 }, (_, row) => (
          <div key={row} className="flex gap-2">
            {Array.from({ length: 4 }, (_, col) => (
              <div
                key={col}
                className={cx(TILE_BOX.large, 'animate-pulse rounded-lg', col === 2 ? 'bg-transparent' : 'bg-grey-200')}
              />
            ))}
          </div>
        ))}
      </div>
    </div>
  );
}

/** Mini tiles naming the seat states (DESIGN.md: states read without colour alone). */
export function SeatLegend() {
  const item = 'flex items-center gap-2';
  const box = 'relative flex size-6 items-center justify-center rounded-md';
  return (
    <ul aria-label={seatTexts.legend} className="grid grid-cols-2 gap-x-4 gap-y-2 text-xs text-grey-700 sm:grid-cols-3">
      <li className={item}>
        <span aria-hidden="true" className={cx(box, 'border-2 border-primary-600 bg-white')} />
        {seatTexts.available}
      </li>
      <li className={item}>
        <span aria-hidden="true" className={cx(box, 'bg-primary-600 text-white')}>
          <Check className="size-3.5" strokeWidth={3} />
        </span>
        {seatTexts.selected}
      </li>
      <li className={item}>
        <span aria-hidden="true" className={cx(box, 'bg-grey-200 text-grey-700')}>
          <X className="size-3.5" strokeWidth={3} />
        </span>
        {seatTexts.taken}
      </li>
      <li className={item}>
        <span aria-hidden="true" className={cx(box, 'border-2 border-primary-600 bg-white text-primary-800')}>
          <Cigarette className="size-3.5" />
        </span>
        {seatTexts.smokingSeat}
      </li>
      <li className={item}>
        <span aria-hidden="true" className={cx(box, 'bg-grey-100 text-grey-700')}>
          <Toilet className="size-4" />
        </span>
        {seatTexts.toilet}
      </li>
      <li className={item}>
        <span aria-hidden="true" className={cx(box, 'bg-grey-100 text-grey-700')}>
          <ShipWheel className="size-4" />
        </span>
        {seatTexts.driver}
      </li>
    </ul>
  );
}
