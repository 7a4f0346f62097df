import { ExternalLink, MapPin } from 'lucide-react';
import type { DetailStop } from '../../../api/schedule-detail-queries';
import { cx } from '../../../lib/cx';
import { formatDateShort, formatTime } from '../../../lib/format';
import { externalClick } from '../../../platform/native-bridge';
import { mapsSearchUrl } from '../../../lib/maps';

/**
 * "Lihat Peta": an external maps search at the place's latitude and longitude, in a new tab.
 * The accessible name carries the place, so a list of links stays tellable apart.
 */
export function MapLink({
  place,
  lat,
  lon,
  className,
}: {
  place: string;
  lat: number;
  lon: number;
  className?: string;
}) {
  return (
    <a
      href={mapsSearchUrl(lat, lon)}
      target="_blank"
      onClick={externalClick('maps')}
      rel="noopener noreferrer"
      aria-label={`Lihat Peta ${place}`}
      className={cx(
        'inline-flex min-h-11 items-center gap-1 text-sm font-semibold text-primary-700 underline-offset-2 hover:underline',
        className,
      )}
    >
      <MapPin className="size-4" aria-hidden="true" />
      Lihat Peta
      <ExternalLink className="size-3.5" aria-hidden="true" />
    </a>
  );
}

/**
 * Route stops as a vertical timeline: time, title, address and a map link per stop. The date is
 * shown only where a stop falls on another day than the departure (night buses).
 */
export function RouteStops({ stops, label }: { stops: readonly DetailStop[]; label: string }) {
  const firstDate = stops[0]?.date;
  return (
    <ol aria-label={label} className="relative">
      {stops.map((stop, index) => {
        const isEnd = index === 0 || index === stops.length - 1;
        const isLast = index === stops.length - 1;
        return (
          <li key={`${stop.title}-${stop.time}-${index}`} className="relative flex gap-3 pb-4 last:pb-0">
            <div className="flex w-16 shrink-0 flex-col items-end pt-0.5 text-right">
              <span className="text-sm font-bold whitespace-nowrap">{formatTime(stop.time)}</span>
              {stop.date !== firstDate ? (
                <span className="text-xs text-grey-600">{formatDateShort(stop.date)}</span>
              ) : null}
            </div>
            <div className="relative flex w-4 shrink-0 justify-center" aria-hidden="true">
              <span
                className={cx(
                  'relative z-10 mt-1.5 size-3 rounded-full border-2',
                  isEnd ? 'border-primary-600 bg-primary-600' : 'border-primary-600 bg-white',
                )}
              />
              {isLast ? null : <span className="absolute top-3 bottom-[-1rem] w-0.5 bg-primary-200" />}
            </div>
            <div className="min-w-0 flex-1">
              <p className="font-semibold">{stop.title}</p>
              {stop.address ? <p className="text-sm text-grey-600">{stop.address}</p> : null}
              {stop.lat !== null && stop.lon !== null ? (
                <MapLink place={stop.title} lat={stop.lat} lon={stop.lon} />
              ) : null}
            </div>
          </li>
        );
      })}
    </ol>
  );
}
