import { startTransition, useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { ArrowLeft, ArrowRight, CircleAlert, Info, ReceiptText, UserRoundCheck } from 'lucide-react';
import { FIRST_CONNECTING_ROUTE, RETURN_ROUTE_PARAM } from '../../../machines/constants';
import {
  currentFloor,
  currentLayout,
  currentLeg,
  floorLabel,
  legIndex,
} from '../../../machines/seat-selection.machine';
import type { Direction, TripLeg } from '../../../machines/types';
import { buttonStyles } from '../../components/button-styles';
import { OperatorLogo } from '../../components/operator-logo';
import { useSeatSelectionChild } from '../../flow/booking-children';
import { cx } from '../../lib/cx';
import { formatDateShort, formatRupiah, formatTime } from '../../lib/format';
import { useLayoutMode } from '../../platform/layout-mode';
import { FloorTabs, floorTabId } from './floor-tabs';
import { SeatLegend, SeatMap, SeatMapSkeleton } from './seat-map';
import {
  otherLegsSeats,
  sameSeatsPerLeg,
  seatSummaryView,
  seatView,
  seatsPerLeg,
  type SeatActor,
  type SeatSummaryView,
} from './seat-reads';
import {
  DIRECTION_LABEL,
  legSeatsHeading,
  previousLegLabel,
  seatNumbersText,
  seatScreenTitle,
  seatTexts,
} from './seat-texts';

export type SeatPickerVariant = 'page' | 'sheet';

/** Smooth scrolling unless the traveller asked for less motion. */
function scrollBehavior(): ScrollBehavior {
  return window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth';
}

/** Headings start under the page's h1 (the navbar title) or under the sheet's h2. */
type Level = 2 | 3 | 4;
function Heading({
  level,
  className,
  id,
  children,
}: {
  level: Level;
  className?: string;
  id?: string;
  children: ReactNode;
}) {
  const Tag = `h${level}` as const;
  return (
    <Tag id={id} className={className}>
      {children}
    </Tag>
  );
}

/**
 * The whole seat chooser of one direction (spec section 2 "Seat selection screen", section 4
 * "Seat selection"): operator header, connecting legs, floors, the seat map, its legend and the
 * seat information with the one main button. It shows the running seat child of that direction
 * and sends it the user's intents; the machine decides everything else. The seat page hosts it
 * as `page` (desktop: map 7/12 beside the "Informasi Kursi" panel; mobile: a bottom bar), the
 * booking page's "Pilih Kursi" sheet as `sheet` (one column, the bar at the bottom).
 */
export function SeatPicker({ direction, variant }: { direction: Direction; variant: SeatPickerVariant }) {
  const actor = useSeatSelectionChild(direction);
  if (!actor) {
    return (
      <div className="hairline rounded-card border-grey-200 bg-white p-4">
        <SeatMapSkeleton />
      </div>
    );
  }
  return <SeatPickerView actor={actor} direction={direction} variant={variant} />;
}

/** The chooser for a given seat child (the booking page and tests may hold the actor themselves). */
export function SeatPickerView({
  actor,
  direction,
  variant,
}: {
  actor: SeatActor;
  direction: Direction;
  variant: SeatPickerVariant;
}) {
  const layoutMode = useLayoutMode();
  const index = useSelector(actor, (snapshot) => legIndex(snapshot.context));
  const legs = useSelector(actor, (snapshot) => snapshot.context.legs);
  const root = useRef<HTMLDivElement>(null);
  const mapHeading = useId();
  const base: Level = variant === 'page' ? 2 : 3;

  // Spec section 2: a change of leg brings the chooser back to its top.
  const shownLeg = useRef(index);
  useEffect(() => {
    if (shownLeg.current === index) return;
    shownLeg.current = index;
    root.current?.scrollIntoView({ block: 'start', behavior: scrollBehavior() });
  }, [index]);

  const connecting = legs.length > 1;
  const form: SummaryForm = variant === 'sheet' ? 'sheet' : layoutMode === 'd' ? 'panel' : 'bar';
  const main = (
    <div className="min-w-0 space-y-3">
      {variant === 'sheet' ? (
        <Heading level={3} className="text-base font-bold">
          {seatScreenTitle(direction)}
        </Heading>
      ) : null}
      <LegHeader actor={actor} />
      {connecting ? <LegStrip actor={actor} direction={direction} legs={legs} current={index} /> : null}
      {/* Only a later leg of a connecting trip goes back: one leg never asks the machine per tap. */}
      {connecting ? <LegBack actor={actor} /> : null}
      <section aria-labelledby={mapHeading} className="hairline space-y-4 rounded-card border-grey-200 bg-white p-4">
        <Heading level={base} id={mapHeading} className="text-base font-bold">
          {connecting
            ? legSeatsHeading(direction, index + FIRST_CONNECTING_ROUTE)
            : `Denah Kursi ${DIRECTION_LABEL[direction]}`}
        </Heading>
        <SeatArea actor={actor} variant={variant} direction={direction} />
      </section>
      {variant === 'page' ? <PageLinks direction={direction} /> : null}
    </div>
  );

  if (form === 'panel') {
    return (
      <div ref={root} className="grid scroll-mt-20 grid-cols-12 items-start gap-6" data-flow-child={actor.id}>
        <div className="col-span-7">{main}</div>
        <div className="sticky top-20 col-span-5">
          <SeatSummary actor={actor} direction={direction} form="panel" level={base} />
        </div>
      </div>
    );
  }
  return (
    // The child's id, as a support trace names it: the trace regressions tap its seats.
    <div ref={root} className={cx('scroll-mt-20', form === 'bar' && 'pb-36')} data-flow-child={actor.id}>
      {main}
      <SeatSummary actor={actor} direction={direction} form={form} level={base} />
    </div>
  );
}

/** Operator, date and WIB time of the leg being chosen. */
function LegHeader({ actor }: { actor: SeatActor }) {
  const leg = useSelector(actor, (snapshot) => currentLeg(snapshot.context));
  if (!leg) return null;
  return (
    <div className="hairline flex items-center gap-3 rounded-card border-grey-200 bg-white p-3">
      <OperatorLogo src={leg.operatorLogo} name={leg.operatorName} />
      <div className="min-w-0 flex-1 text-sm">
        <p className="truncate font-bold">{leg.operatorName}</p>
        <p className="text-grey-700">
          {formatDateShort(leg.date)} · {formatTime(leg.departureTime)}
        </p>
        <p className="flex flex-wrap items-center gap-1 text-grey-700">
          {leg.origin}
          <ArrowRight className="size-3.5" aria-hidden="true" />
          <span className="sr-only">ke</span>
          {leg.destination}
        </p>
      </div>
    </div>
  );
}

/** Connecting legs as a strip of "Rute N" cards that swipes sideways; the current one stays in view. */
function LegStrip({
  actor,
  direction,
  legs,
  current,
}: {
  actor: SeatActor;
  direction: Direction;
  legs: readonly TripLeg[];
  current: number;
}) {
  const perLeg = useSelector(actor, seatsPerLeg, sameSeatsPerLeg);
  const list = useRef<HTMLOListElement>(null);
  useEffect(() => {
    const strip = list.current;
    const card = strip?.children[current];
    if (!strip || !(card instanceof HTMLElement)) return;
    const padding = Number.parseFloat(getComputedStyle(strip).paddingLeft) || 0;
    // The strip is the cards' offset parent, so offsetLeft is its content position.
    strip.scrollTo({ left: card.offsetLeft - padding, behavior: scrollBehavior() });
  }, [current]);
  return (
    <ol
      ref={list}
      aria-label={seatTexts.routes}
      // The strip scrolls sideways: keyboard users reach the hidden cards too.
      tabIndex={0}
      className="relative -mx-4 flex snap-x snap-mandatory scroll-px-4 gap-3 overflow-x-auto px-4 pb-1 desktop:mx-0 desktop:scroll-px-0 desktop:px-0"
    >
      {legs.map((leg, index) => {
        const seats = perLeg[index] ?? [];
        const isCurrent = index === current;
        return (
          <li
            key={`${leg.scheduleCode}-${index}`}
            aria-current={isCurrent ? 'step' : undefined}
            className={cx(
              'hairline relative w-[275px] shrink-0 snap-start rounded-card bg-white p-3 text-sm desktop:w-[256px]',
              isCurrent ? 'border-2 border-primary-600' : 'border-grey-200',
            )}
          >
            <p className="text-xs font-bold text-primary-700">Rute {index + FIRST_CONNECTING_ROUTE}</p>
            <p className="truncate font-semibold">{leg.operatorName}</p>
            <p className="truncate text-grey-700">
              {leg.origin} <span aria-hidden="true">→</span>
              <span className="sr-only">ke</span> {leg.destination}
            </p>
            <p className="text-grey-700">
              {formatDateShort(leg.date)} · {formatTime(leg.departureTime)}
            </p>
            <p className={cx('mt-1 text-xs', seats.length > 0 ? 'font-semibold text-grey-900' : 'text-grey-600')}>
              <span className="sr-only">{legSeatsHeading(direction, index + FIRST_CONNECTING_ROUTE)}: </span>
              {seats.length > 0 ? seatNumbersText(seats.map((seat) => seat.no)) : seatTexts.noSeatYet}
            </p>
          </li>
        );
      })}
    </ol>
  );
}

/** Back from leg n > 1 of a connecting trip: the machine reopens the previous leg's choice. */
function LegBack({ actor }: { actor: SeatActor }) {
  const canGoBack = useSelector(actor, (snapshot) => snapshot.can({ type: 'leg.back' }));
  const route = useSelector(actor, (snapshot) => snapshot.context.connectingRoute);
  if (!canGoBack) return null;
  return (
    <button type="button" className={cx(buttonStyles.ghost, 'px-2')} onClick={() => actor.send({ type: 'leg.back' })}>
      <ArrowLeft className="size-4" aria-hidden="true" />
      {previousLegLabel(route)}
    </button>
  );
}

/** The map area by the child's state: skeleton, retry, the operator's refusal, or floors and seats. */
function SeatArea({
  actor,
  variant,
  direction,
}: {
  actor: SeatActor;
  variant: SeatPickerVariant;
  direction: Direction;
}) {
  const view = useSelector(actor, seatView);
  switch (view) {
    case 'loading':
    case 'done':
      return <SeatMapSkeleton />;
    case 'unavailable':
      return (
        <div role="alert" className="flex flex-col items-center gap-2 py-6 text-center">
          <CircleAlert className="size-10 text-warning-700" aria-hidden="true" />
          <p className="font-bold">{seatTexts.unavailableTitle}</p>
          <p className="text-sm text-grey-700">{seatTexts.unavailableBody}</p>
          <button
            type="button"
            className={cx(buttonStyles.secondary, 'mt-2')}
            onClick={() => actor.send({ type: 'layout.retry' })}
          >
            {seatTexts.retry}
          </button>
        </div>
      );
    case 'notAllowed':
      return (
        <div className="flex flex-col items-center gap-2 py-6 text-center">
          <UserRoundCheck className="size-10 text-primary-600" aria-hidden="true" />
          <p className="font-bold">{seatTexts.notAllowedTitle}</p>
          <p className="text-sm text-grey-700">{seatTexts.notAllowedBody}</p>
          {variant === 'page' && direction === 'pergi' ? (
            <Link to="/app/information-passengers" className={cx(buttonStyles.primary, 'mt-2')}>
              {seatTexts.notAllowedLink}
            </Link>
          ) : null}
        </div>
      );
    case 'selecting':
      return <FloorsAndMap actor={actor} />;
  }
}

/** Floor tabs ("Lantai Bawah", "Lantai Atas", a single "Utama"; " (Penuh)" when full) over the map. */
function FloorsAndMap({ actor }: { actor: SeatActor }) {
  // The labels depend on the layout alone: read it (a stable reference) and label its floors once.
  const layout = useSelector(actor, (snapshot) => currentLayout(snapshot.context));
  const labels = useMemo(() => layout?.layout_kursi.map(floorLabel) ?? [], [layout]);
  const floorIndex = useSelector(actor, (snapshot) => snapshot.context.floorIndex);
  const floor = useSelector(actor, (snapshot) => currentFloor(snapshot.context));
  const normalPrice = layout?.harga_tiket_normal ?? 0;
  const route = useSelector(actor, (snapshot) => snapshot.context.connectingRoute);
  const idPrefix = useId();
  if (!floor) return <SeatMapSkeleton />;
  const panelId = `${idPrefix}-denah`;
  return (
    <div className="space-y-4">
      <FloorTabs
        labels={labels}
        selected={floorIndex}
        panelId={panelId}
        idPrefix={idPrefix}
        onSelect={(index) => actor.send({ type: 'floor.select', index })}
      />
      <div role="tabpanel" id={panelId} aria-labelledby={floorTabId(idPrefix, floorIndex)} className="space-y-4">
        <SeatMap
          // A new floor or leg starts with its own tab stop.
          key={`${route}-${floorIndex}`}
          actor={actor}
          floor={floor}
          normalPrice={normalPrice}
          label={`Denah kursi ${floor.nama}`}
        />
        <SeatLegend />
      </div>
    </div>
  );
}

/** The seat page's sheets and its page version of the seat information. */
function PageLinks({ direction }: { direction: Direction }) {
  const params = { return: direction === 'pulang' ? RETURN_ROUTE_PARAM : undefined };
  const link = cx(buttonStyles.ghost, 'px-3');
  return (
    <nav aria-label="Informasi" className="flex flex-wrap gap-1">
      <Link
        to="/app/select-seat/{-$return}/info-passenger"
        params={params}
        search={(previous) => previous}
        className={link}
      >
        <Info className="size-4" aria-hidden="true" />
        {seatTexts.infoPassenger}
      </Link>
      <Link
        to="/app/select-seat/{-$return}/detail-price-seat"
        params={params}
        search={(previous) => previous}
        className={link}
      >
        <ReceiptText className="size-4" aria-hidden="true" />
        {seatTexts.detailPrice}
      </Link>
      <Link to="/app/info-select-seat/{-$return}" params={params} className={cx(link, 'desktop:hidden')}>
        {seatTexts.seatInfoLink}
      </Link>
    </nav>
  );
}

type SummaryForm = 'panel' | 'bar' | 'sheet';

const incompleteButton =
  'inline-flex min-h-11 items-center justify-center gap-2 rounded-card bg-grey-300 px-4 text-sm font-semibold text-grey-800';

/**
 * The seat information as the child says, updated as a transition: the tapped tile paints in the
 * tap's own render, the summary in the next one. Unlike useDeferredValue over a selector, the
 * tap's render does not run the summary at all (it would only show the old value again). The tap
 * itself only hands the snapshot over: the view (with its `can` check, a trial transition) is
 * worked out in the deferred render, after the tile has painted.
 */
function useSummaryView(actor: SeatActor): SeatSummaryView {
  const [snapshot, setSnapshot] = useState(() => actor.getSnapshot());
  useEffect(() => {
    // A change between the first render and this subscription, or another child, shows at once.
    setSnapshot(actor.getSnapshot());
    const subscription = actor.subscribe((next) => startTransition(() => setSnapshot(next)));
    return () => subscription.unsubscribe();
  }, [actor]);
  return useMemo(() => seatSummaryView(snapshot), [snapshot]);
}

/**
 * "Informasi Kursi": the chosen seats, the counter, the price with the struck normal price under a
 * promo, and the one main button with the machine's label. A side panel on the desktop page, a
 * bar fixed to the bottom on the mobile page, a bar at the foot of the sheet.
 */
function SeatSummary({
  actor,
  direction,
  form,
  level,
}: {
  actor: SeatActor;
  direction: Direction;
  form: SummaryForm;
  level: Level;
}) {
  const view = useSummaryView(actor);
  const { numbers, chosen: chosenCount, total, price, normalPrice, struck, label, ready, canSave } = view;
  const headingId = useId();

  const chosen = (
    <p role="status" className="min-w-0 text-sm">
      <span className="block truncate font-bold">
        {numbers.length > 0 ? seatNumbersText(numbers) : seatTexts.noSeatYet}
      </span>
      <span className="text-grey-700">
        {seatTexts.counterLabel} {chosenCount}/{total}
      </span>
    </p>
  );
  const priceLine =
    numbers.length > 0 ? (
      <p className="flex flex-wrap items-baseline gap-x-2 text-sm">
        <span className="text-base font-bold text-grey-900">{formatRupiah(price)}</span>
        {struck ? (
          <s className="text-grey-600">
            <span className="sr-only">{seatTexts.normalPrice} </span>
            {formatRupiah(normalPrice)}
          </s>
        ) : null}
      </p>
    ) : null;
  const button = (
    <button
      type="button"
      disabled={!canSave}
      onClick={() => actor.send({ type: 'selection.save' })}
      // Greyed while the choice is not complete, yet still pressable: the machine says what is missing.
      className={cx(ready || !canSave ? buttonStyles.primary : incompleteButton, 'shrink-0 px-6')}
    >
      {label}
    </button>
  );

  if (form === 'panel') {
    return (
      <section
        aria-labelledby={headingId}
        className="hairline space-y-4 rounded-card border-grey-200 bg-white p-4 [contain:content]"
      >
        <Heading level={level} id={headingId} className="text-base font-bold">
          {seatTexts.infoPanel}
        </Heading>
        <LegSeatsList actor={actor} direction={direction} level={(level + 1) as Level} current={chosen} />
        <div className="space-y-3 border-t border-grey-200 pt-3">
          {priceLine}
          <div className="flex">{button}</div>
        </div>
      </section>
    );
  }
  return (
    <section
      aria-label={seatTexts.infoPanel}
      data-bottom-bar={form === 'bar' ? '' : undefined}
      className={cx(
        'z-20 border-t border-grey-200 bg-white px-4 py-3 [contain:content]',
        form === 'bar'
          ? 'fixed inset-x-0 bottom-0 pb-[max(0.75rem,env(safe-area-inset-bottom))] shadow-lg'
          : 'sticky -bottom-8 -mx-4 mt-3',
      )}
    >
      <div className="mx-auto flex max-w-5xl items-center gap-3">
        <div className="min-w-0 flex-1">
          {chosen}
          {priceLine}
        </div>
        {button}
      </div>
    </section>
  );
}

/**
 * Seats per leg under "Kursi Pergi N" headings (connecting), or under "Kursi Pergi" / "Kursi
 * Pulang"; the leg being chosen shows the live selection and its counter.
 */
function LegSeatsList({
  actor,
  direction,
  level,
  current,
}: {
  actor: SeatActor;
  direction: Direction;
  level: Level;
  current: ReactNode;
}) {
  // The leg being chosen shows `current`: a tap changes nothing this list reads.
  const perLeg = useSelector(actor, otherLegsSeats, sameSeatsPerLeg);
  const index = useSelector(actor, (snapshot) => legIndex(snapshot.context));
  const connecting = perLeg.length > 1;
  return (
    <div className="space-y-3">
      {perLeg.map((seats, legAt) => (
        <div key={legAt}>
          <Heading level={level} className="text-sm font-semibold text-grey-700">
            {legSeatsHeading(direction, connecting ? legAt + FIRST_CONNECTING_ROUTE : null)}
          </Heading>
          {legAt === index ? (
            current
          ) : (
            <p className="text-sm">
              {seats.length > 0 ? seatNumbersText(seats.map((seat) => seat.no)) : seatTexts.noSeatYet}
            </p>
          )}
        </div>
      ))}
    </div>
  );
}
