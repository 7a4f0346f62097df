import { useQuery } from '@tanstack/react-query';
import { Flag, MapPin } from 'lucide-react';
import { friendlyErrorMessage } from '../../../api/errors';
import { detailJadwalQueryOptions, isNotFound, type DetailStop } from '../../../api/schedule-detail-queries';
import { buttonStyles } from '../../../components/button-styles';
import { formatDateShort, formatTime } from '../../../lib/format';
import { MapLink } from './route-stops';
import { MISSING_TITLE, NOT_FOUND_TITLE } from './schedule-detail';
import { completeDetailKey, type PartialScheduleDetailKey } from './schedule-key';

function PoolCard({ label, stop, kind }: { label: string; stop: DetailStop; kind: 'from' | 'to' }) {
  const Icon = kind === 'from' ? MapPin : Flag;
  return (
    <li className="hairline flex gap-3 rounded-card border-grey-200 bg-white p-4">
      {/* A small static "map pin" visual: the real map opens in the maps app. */}
      <span className="flex size-11 shrink-0 items-center justify-center rounded-full bg-primary-50" aria-hidden="true">
        <Icon className="size-5 text-primary-700" />
      </span>
      <div className="min-w-0 flex-1">
        <p className="text-xs font-semibold text-grey-600">{label}</p>
        <p className="font-semibold">{stop.title}</p>
        <p className="text-sm text-grey-600">
          {formatDateShort(stop.date)} · {formatTime(stop.time)}
        </p>
        {stop.address ? <p className="mt-1 text-sm">{stop.address}</p> : null}
        {stop.lat !== null && stop.lon !== null ? <MapLink place={stop.title} lat={stop.lat} lon={stop.lon} /> : null}
      </div>
    </li>
  );
}

/** Departure and arrival pool with address and "Lihat Peta" (no map library). */
export function DetailLocationPanel({ detailKey }: { detailKey: PartialScheduleDetailKey }) {
  const complete = completeDetailKey(detailKey);
  const query = useQuery({
    ...detailJadwalQueryOptions(complete ?? { operatorCode: '', scheduleCode: '', date: '' }),
    enabled: complete !== null,
  });
  if (!complete) return <p role="status">{MISSING_TITLE}</p>;
  if (query.isPending) {
    return (
      <div aria-busy="true" aria-label="Memuat lokasi" className="space-y-3">
        <div className="h-24 animate-pulse rounded-card bg-grey-200" />
        <div className="h-24 animate-pulse rounded-card bg-grey-200" />
      </div>
    );
  }
  if (query.isError) {
    return (
      <div role="alert">
        <p className="font-semibold">{isNotFound(query.error) ? NOT_FOUND_TITLE : friendlyErrorMessage(query.error)}</p>
        {isNotFound(query.error) ? null : (
          <button type="button" className={`${buttonStyles.primary} mt-3`} onClick={() => void query.refetch()}>
            Coba Lagi
          </button>
        )}
      </div>
    );
  }
  const first = query.data.stops[0];
  const last = query.data.stops.at(-1);
  return (
    <ul className="space-y-3" aria-label="Lokasi keberangkatan dan kedatangan">
      {first ? <PoolCard label="Titik Keberangkatan" stop={first} kind="from" /> : null}
      {last && last !== first ? <PoolCard label="Titik Kedatangan" stop={last} kind="to" /> : null}
    </ul>
  );
}
