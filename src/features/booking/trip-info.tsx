import { useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { ArrowRight, ChevronDown, ChevronRight, ExternalLink, Info, MapPin, ReceiptText } from 'lucide-react';
import { legsOf } from '../../../machines/booking-context';
import { RETURN_ROUTE_PARAM } from '../../../machines/constants';
import type { Direction, Trip, TripLeg } from '../../../machines/types';
import { detailJadwalQueryOptions, type DetailStop } from '../../api/schedule-detail-queries';
import { OperatorLogo } from '../../components/operator-logo';
import { cx } from '../../lib/cx';
import { useDelayedNavigation } from '../../flow/app-flow';
import { formatDateShort, formatTime } from '../../lib/format';
import { mapsSearchUrl } from '../../lib/maps';
import { directionLabel, directionsOf } from './booking-state';
import { Skeleton } from '../../components/form-field';
import { externalClick } from '../../platform/native-bridge';
import { isPlainClick } from '../../lib/plain-click';

const OPERATOR_TYPE_LABEL: Record<TripLeg['operatorType'], string> = { shuttle: 'Shuttle', bus: 'Bus' };

/** The schedule's own details (service name, stops with coordinates) from detail-jadwal. */
function useLegDetail(leg: TripLeg) {
  // A missing detail only hides the service name and the map links.
  return useQuery(
    detailJadwalQueryOptions({ operatorCode: leg.operatorCode, scheduleCode: leg.scheduleCode, date: leg.date }),
  );
}

function Route({ from, to }: { from: string; to: string }) {
  return (
    <span className="inline-flex flex-wrap items-center gap-1">
      {from}
      <ArrowRight className="size-3.5 shrink-0" aria-hidden="true" />
      <span className="sr-only">ke</span>
      {to}
    </span>
  );
}

/**
 * The heading of one leg's passenger form on desktop: a round trip's "Travel Pergi" / "Travel
 * Pulang" badge, or a connecting leg's "Rute n"; operator, service or type, departure -> drop.
 */
export function LegHeader({
  trip,
  direction,
  legIndex,
  leg,
}: {
  trip: Trip;
  direction: Direction;
  legIndex: number;
  leg: TripLeg;
}) {
  const detail = useLegDetail(leg);
  const badge =
    trip.kind === 'round-trip'
      ? `Travel ${directionLabel[direction]}`
      : trip.kind === 'connecting'
        ? `Rute ${legIndex + 1}`
        : null;
  const service = trip.kind === 'connecting' ? OPERATOR_TYPE_LABEL[leg.operatorType] : detail.data?.service;
  return (
    <div className="flex items-center gap-3">
      <OperatorLogo src={leg.operatorLogo} name={leg.operatorName} />
      <div className="min-w-0 flex-1 text-sm">
        {badge ? (
          <span className="inline-block rounded-full bg-primary-50 px-2 py-0.5 text-xs font-semibold text-primary-800">
            {badge}
          </span>
        ) : null}
        <p className="font-bold">
          {leg.operatorName}
          {service ? <span className="font-normal text-grey-700"> · {service}</span> : null}
        </p>
        <p className="text-grey-700">
          <Route from={leg.origin} to={leg.destination} />
        </p>
      </div>
    </div>
  );
}

function StopLine({ label, stop, fallback }: { label: string; stop: DetailStop | undefined; fallback: string }) {
  return (
    <li className="flex gap-3">
      <MapPin className="mt-0.5 size-4 shrink-0 text-primary-600" aria-hidden="true" />
      <div className="min-w-0 flex-1 text-sm">
        <p className="text-xs text-grey-600">{label}</p>
        <p className="font-semibold">{stop?.title ?? fallback}</p>
        {stop?.address ? <p className="text-grey-700">{stop.address}</p> : null}
        {stop && stop.lat !== null && stop.lon !== null ? (
          <a
            href={mapsSearchUrl(stop.lat, stop.lon)}
            target="_blank"
            onClick={externalClick('maps')}
            rel="noreferrer"
            className="inline-flex min-h-11 items-center gap-1 font-semibold text-primary-700 underline-offset-2 hover:underline"
          >
            Lihat Peta<span className="sr-only"> {stop.title} (jendela baru)</span>
            <ExternalLink className="size-3.5" aria-hidden="true" />
          </a>
        ) : null}
      </div>
    </li>
  );
}

/** One leg's departure and drop-off with its date, time and map links. */
function LegStops({ leg, title }: { leg: TripLeg; title: string }) {
  const detail = useLegDetail(leg);
  const stops = detail.data?.stops ?? [];
  return (
    <div className="space-y-2">
      <div className="flex items-center gap-3">
        <OperatorLogo src={leg.operatorLogo} name={leg.operatorName} />
        <div className="min-w-0 flex-1 text-sm">
          <p className="text-xs font-semibold text-primary-800">{title}</p>
          <p className="font-bold">{leg.operatorName}</p>
          <p className="text-grey-700">
            {formatDateShort(leg.date)} · {formatTime(leg.departureTime)}
          </p>
        </div>
      </div>
      {detail.isPending ? (
        <div className="space-y-2" aria-hidden="true">
          <Skeleton className="h-4 w-3/4" />
          <Skeleton className="h-4 w-2/3" />
        </div>
      ) : (
        <ul className="space-y-2">
          <StopLine label="Berangkat" stop={stops[0]} fallback={leg.origin} />
          <StopLine
            label="Turun"
            stop={stops.length > 1 ? stops[stops.length - 1] : undefined}
            fallback={leg.destination}
          />
        </ul>
      )}
    </div>
  );
}

function legTitle(trip: Trip, direction: Direction, legIndex: number): string {
  if (trip.kind === 'connecting') return `Rute ${legIndex + 1}`;
  return trip.kind === 'round-trip' ? `Perjalanan ${directionLabel[direction]}` : 'Perjalanan';
}

/** Desktop "Informasi Keberangkatan": the trip's legs, collapsible, with "Lihat Peta" per stop. */
export function DepartureInfo({ trip }: { trip: Trip }) {
  const [open, setOpen] = useState(true);
  const panelId = useId();
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="hairline rounded-card border-grey-200 bg-white p-4">
      <h2 id={headingId} className="text-base font-bold">
        <button
          type="button"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setOpen(!open)}
          className="flex min-h-11 w-full items-center gap-2 text-left"
        >
          <span className="flex-1">Informasi Keberangkatan</span>
          <ChevronDown className={cx('size-5 transition-transform', open && 'rotate-180')} aria-hidden="true" />
        </button>
      </h2>
      <div id={panelId} hidden={!open} className="mt-3 space-y-4">
        {directionsOf(trip).flatMap((direction) =>
          legsOf(trip, direction).map((leg, legIndex) => (
            <LegStops key={`${direction}-${legIndex}`} leg={leg} title={legTitle(trip, direction, legIndex)} />
          )),
        )}
      </div>
    </section>
  );
}

/**
 * Mobile "Rute Perjalanan": one card per leg; tapping it opens the schedule's standalone detail
 * (outbound or return).
 */
export function RouteCards({ trip }: { trip: Trip }) {
  const headingId = useId();
  const delayed = useDelayedNavigation();
  return (
    <section aria-labelledby={headingId} className="space-y-2">
      <h2 id={headingId} className="text-base font-bold">
        Rute Perjalanan
      </h2>
      <ul className="space-y-2">
        {directionsOf(trip).flatMap((direction) =>
          legsOf(trip, direction).map((leg, legIndex) => (
            <li key={`${direction}-${legIndex}`}>
              <Link
                to="/app/detail-schedule-standalone"
                search={{ operator_code: leg.operatorCode, schedule_code: leg.scheduleCode, date: leg.date }}
                onClick={(event) => {
                  // Spec: schedule detail opens 200 ms after the press; modified clicks (new tab)
                  // keep the link's own behaviour.
                  if (!isPlainClick(event)) return;
                  event.preventDefault();
                  delayed({
                    type: 'detail.open',
                    intent: {
                      kind: 'route',
                      name: 'detail-schedule-standalone',
                      search: { operator_code: leg.operatorCode, schedule_code: leg.scheduleCode, date: leg.date },
                    },
                  });
                }}
                className="hairline flex items-center gap-3 rounded-card border-grey-200 bg-white p-3"
              >
                <OperatorLogo src={leg.operatorLogo} name={leg.operatorName} />
                <span className="min-w-0 flex-1 text-sm">
                  <span className="block text-xs font-semibold text-primary-800">
                    {legTitle(trip, direction, legIndex)}
                  </span>
                  <span className="block font-bold">{leg.operatorName}</span>
                  <span className="block text-grey-700">
                    {formatDateShort(leg.date)} · {formatTime(leg.departureTime)}
                  </span>
                  <span className="block text-grey-700">
                    <Route from={leg.origin} to={leg.destination} />
                  </span>
                </span>
                <ChevronRight className="size-5 shrink-0 text-grey-600" aria-hidden="true" />
                <span className="sr-only">Lihat detail jadwal</span>
              </Link>
            </li>
          )),
        )}
      </ul>
      <TripLinks trip={trip} />
    </section>
  );
}

export const TRIP_LINK_TEXT = {
  /** detail-reservation of one direction (spec route table). */
  reservation: (trip: Trip, direction: Direction) =>
    trip.kind === 'round-trip' ? `Lihat Detail Reservasi ${directionLabel[direction]}` : 'Lihat Detail Reservasi',
  /** information-connecting (spec section 2, seat-screen sub-pages). */
  connecting: 'Info Pindah Armada',
} as const;

const TRIP_LINK_CLASS = 'inline-flex min-h-11 items-center gap-1.5 font-semibold text-primary-700 hover:underline';

/**
 * The booking summary's ways to the trip's details: each direction's detail-reservation, and for
 * a connecting trip the help about changing vehicle (information-connecting).
 */
export function TripLinks({ trip }: { trip: Trip }) {
  return (
    <ul className="text-sm">
      {directionsOf(trip).map((direction) => (
        <li key={direction}>
          <Link
            to="/app/detail-reservation/{-$return}"
            params={{ return: direction === 'pulang' ? RETURN_ROUTE_PARAM : undefined }}
            className={TRIP_LINK_CLASS}
          >
            <ReceiptText className="size-4" aria-hidden="true" />
            {TRIP_LINK_TEXT.reservation(trip, direction)}
          </Link>
        </li>
      ))}
      {trip.kind === 'connecting' ? (
        <li>
          <Link to="/app/information-connecting" className={TRIP_LINK_CLASS}>
            <Info className="size-4" aria-hidden="true" />
            {TRIP_LINK_TEXT.connecting}
          </Link>
        </li>
      ) : null}
    </ul>
  );
}

/** Compact trip lines for the desktop summary column. */
export function TripSummary({ trip }: { trip: Trip }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="hairline rounded-card border-grey-200 bg-white p-4">
      <h2 id={headingId} className="text-base font-bold">
        Ringkasan Perjalanan
      </h2>
      <ul className="mt-2 space-y-2 text-sm">
        {directionsOf(trip).flatMap((direction) =>
          legsOf(trip, direction).map((leg, legIndex) => (
            <li key={`${direction}-${legIndex}`}>
              <p className="text-xs font-semibold text-primary-800">{legTitle(trip, direction, legIndex)}</p>
              <p className="font-semibold">{leg.operatorName}</p>
              <p className="text-grey-700">
                <Route from={leg.origin} to={leg.destination} />
              </p>
              <p className="text-grey-700">
                {formatDateShort(leg.date)} · {formatTime(leg.departureTime)}
              </p>
            </li>
          )),
        )}
      </ul>
      <div className="mt-2">
        <TripLinks trip={trip} />
      </div>
    </section>
  );
}
