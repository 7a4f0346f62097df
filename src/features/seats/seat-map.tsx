import {
  memo,
  useCallback,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useSyncExternalStore,
  type FocusEvent,
  type KeyboardEvent,
} from 'react';
import type { Subscription } from 'xstate';
import { Check, Cigarette, ShipWheel, Toilet, X } from 'lucide-react';
import type { Floor, Seat } from '../../../contract/seats';
import { currentFloor, tileStatus, type TileStatus } from '../../../machines/seat-selection.machine';
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

/**
 * The tiles' statuses behind one subscription to the seat child. A tile that read the child
 * itself would run its selector on every snapshot: a tap would wake all 40 tiles of a bus to
 * re-render two. Here one pass compares each shown tile's status and wakes only the changed ones.
 */
export interface TileStatusStore {
  get(key: string): TileStatus;
  subscribe(key: string, onChange: () => void): () => void;
}

export function createTileStatusStore(actor: SeatActor): TileStatusStore {
  const statuses = new Map<string, TileStatus>();
  const listeners = new Map<string, Set<() => void>>();
  let context = actor.getSnapshot().context;
  let subscription: Subscription | null = null;
  const refresh = (next: typeof context) => {
    if (next === context) return;
    const previous = context;
    context = next;
    // On the same floor only seats entering or leaving the selection can change; else all can.
    const keys =
      currentFloor(previous) === currentFloor(next)
        ? new Set([...previous.selection, ...next.selection].map((chosen) => chosen.key))
        : statuses.keys();
    const changed: string[] = [];
    for (const key of keys) {
      const shown = statuses.get(key);
      if (shown === undefined) continue;
      const status = tileStatus(context, key);
      if (status === shown) continue;
      statuses.set(key, status);
      changed.push(key);
    }
    for (const key of changed) listeners.get(key)?.forEach((onChange) => onChange());
  };
  return {
    get(key) {
      // Unwatched (a first render), the child may have moved on since the last read.
      if (!subscription) refresh(actor.getSnapshot().context);
      let status = statuses.get(key);
      if (status === undefined) {
        status = tileStatus(context, key);
        statuses.set(key, status);
      }
      return status;
    },
    subscribe(key, onChange) {
      if (!subscription) {
        refresh(actor.getSnapshot().context);
        subscription = actor.subscribe((snapshot) => refresh(snapshot.context));
      }
      let forKey = listeners.get(key);
      if (!forKey) listeners.set(key, (forKey = new Set()));
      forKey.add(onChange);
      return () => {
        forKey.delete(onChange);
        if (forKey.size === 0) listeners.delete(key);
        if (listeners.size === 0) {
          subscription?.unsubscribe();
          subscription = null;
        }
      };
    },
  };
}

function useTileStatus(store: TileStatusStore, key: string): TileStatus {
  const subscribe = useCallback((onChange: () => void) => store.subscribe(key, onChange), [store, key]);
  const read = () => store.get(key);
  return useSyncExternalStore(subscribe, read, read);
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
  // The button holding the tab stop, kept so a tap does not search the grid for it.
  const activeButton = useRef<HTMLElement | null>(null);
  const size = tileSizeOf(floor);
  const idPrefix = useId();
  const statuses = useMemo(() => createTileStatusStore(actor), [actor]);

  const seatButton = (key: string | null) =>
    key === null ? null : (grid.current?.querySelector<HTMLButtonElement>(`[data-seat-key="${key}"]`) ?? null);

  /*
   * The one tab stop moves by setting tabIndex on two buttons directly: a React update would
   * re-render tiles for a focus move, and a seat tap must cost its own tile and the summary only.
   * Tiles always render tabIndex -1, so React never puts it back.
   */
  const moveTabStop = useCallback((key: string, button?: HTMLElement) => {
    if (key === active.current) return;
    const previous = activeButton.current ?? seatButton(active.current);
    if (previous) previous.tabIndex = -1;
    const next = button ?? seatButton(key);
    if (next) next.tabIndex = 0;
    active.current = key;
    activeButton.current = next;
  }, []);

  useLayoutEffect(() => {
    active.current = null;
    activeButton.current = null;
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
    const button = event.target as HTMLElement;
    const key = button.dataset.seatKey;
    if (key) moveTabStop(key, button);
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
            statuses={statuses}
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
  statuses: TileStatusStore;
  normalPrice: number;
  idPrefix: string;
}

/** Tiles a screen reader meets: seats, the toilet and the driver. Aisles and smoking areas are decoration. */
function isAnnounced(seat: Seat): boolean {
  return isSeatTile(seat.tipe) || seat.tipe === 'T' || seat.tipe === 'S';
}

const SeatRow = memo(function SeatRow({
  rowNumber,
  tiles,
  columns,
  size,
  actor,
  statuses,
  normalPrice,
  idPrefix,
}: SeatRowProps) {
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
          statuses={statuses}
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
  statuses: TileStatusStore;
  tileKey: string;
  col: number;
  seat: Seat;
  size: TileSize;
  normalPrice: number;
  descriptionId: string;
}

/** Lucide's check and x. */
const CHECK_PATH = 'M20 6 9 17l-5-5';
const CROSS_PATH = 'M18 6 6 18M6 6l12 12';

/**
 * The check of a chosen seat, the cross of a taken one (states read without colour alone). A free
 * seat holds its check hidden: choosing it changes aria-pressed alone and CSS shows the check.
 */
function StateMark({ bookable }: { bookable: boolean }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={3}
      strokeLinecap="round"
      strokeLinejoin="round"
      className={cx('absolute top-0.5 right-0.5 size-3.5', bookable && 'invisible group-aria-pressed:visible')}
    >
      <path d={bookable ? CHECK_PATH : CROSS_PATH} />
    </svg>
  );
}

/*
 * A free and a chosen seat share one class list and differ by aria-pressed only, so a tap writes
 * one attribute per tile and restyles nothing else.
 */
const BOOKABLE_LOOK =
  'group border-2 border-primary-600 bg-white text-primary-800 hover:not-aria-pressed:bg-primary-50 aria-pressed:bg-primary-600 aria-pressed:text-white';
const TAKEN_LOOK = 'border-2 border-grey-200 bg-grey-200 text-grey-700 cursor-not-allowed';

/**
 * One seat: a toggle button named "Kursi {no}", pressed when chosen, unavailable when taken, its
 * price in its description. It reads only its own status, so a tap re-renders this tile alone.
 */
const SeatTile = memo(function SeatTile({
  actor,
  statuses,
  tileKey,
  col,
  seat,
  size,
  normalPrice,
  descriptionId,
}: SeatTileProps) {
  const status = useTileStatus(statuses, tileKey);
  const description = useMemo(() => seatDescription(seat, normalPrice), [seat, normalPrice]);
  const bookable = status === 'selected' || status === 'available';
  return (
    <div role="gridcell" aria-colindex={col} className={cx(TILE_BOX[size], 'flex')}>
      <button
        type="button"
        data-seat-key={tileKey}
        tabIndex={-1}
        aria-label={`Kursi ${seat.no}`}
        aria-pressed={status === 'selected'}
        aria-disabled={bookable ? undefined : true}
        aria-describedby={descriptionId}
        onClick={() => actor.send({ type: 'seat.toggle', key: tileKey })}
        // Fixed-size tiles contain their own layout and paint: a change repaints this tile only.
        className={cx(
          'relative flex flex-1 flex-col items-center justify-center rounded-lg text-sm leading-5 font-bold [contain:strict]',
          bookable ? BOOKABLE_LOOK : TAKEN_LOOK,
        )}
      >
        <span aria-hidden="true">{seat.no}</span>
        {status === 'not-a-seat' ? null : <StateMark bookable={bookable} />}
        {seat.tipe === 'PS' ? <Cigarette className="absolute bottom-0.5 left-0.5 size-3.5" aria-hidden="true" /> : null}
        {seat.flag_promo === 1 && seat.flag_booking === 0 ? (
          <span
            aria-hidden="true"
            className="rounded bg-warning-100 px-1 text-[10px] leading-3.5 font-bold text-warning-800 group-aria-pressed:bg-white group-aria-pressed:text-primary-800"
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
