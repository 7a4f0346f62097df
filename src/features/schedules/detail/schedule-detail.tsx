import { useQuery } from '@tanstack/react-query';
import { AlertCircle, ArrowRight, CalendarDays, Clock, SearchX, Shuffle } from 'lucide-react';
import { friendlyErrorMessage } from '../../../api/errors';
import {
  detailJadwalQueryOptions,
  isNotFound,
  type DetailLeg,
  type ScheduleDetail,
  type ScheduleDetailKey,
} from '../../../api/schedule-detail-queries';
import { buttonStyles } from '../../../components/button-styles';
import { cx } from '../../../lib/cx';
import { formatDateLong, formatDateShort, formatRupiahRange, formatTime } from '../../../lib/format';
import { FacilityIcons } from '../../../components/facility-icons';
import { OperatorLogo } from '../../../components/operator-logo';
import { DetailOperatorTerms } from './operator-terms';
import { RouteStops } from './route-stops';
import { completeDetailKey, type PartialScheduleDetailKey } from './schedule-key';

export const CONNECTING_LABEL = 'Pindah Armada';
export const NOT_FOUND_TITLE = 'Jadwal tidak ditemukan';
export const MISSING_TITLE = 'Jadwal belum dipilih';
/** Spec (information-connecting): be ready at least 15 minutes before the trip continues. */
export const CONNECTING_ADVICE = 'Bersiaplah paling lambat 15 menit sebelum perjalanan dilanjutkan.';

function StatusMessage({
  icon: Icon,
  title,
  children,
  role,
}: {
  icon: typeof AlertCircle;
  title: string;
  children?: React.ReactNode;
  role?: 'alert' | 'status';
}) {
  return (
    <div role={role} className="hairline rounded-card border-grey-200 bg-white p-6 text-center">
      <Icon className="mx-auto size-10 text-primary-600" aria-hidden="true" />
      <p className="mt-3 text-lg font-bold">{title}</p>
      {children}
    </div>
  );
}

export function DetailScheduleSkeleton() {
  return (
    <div aria-busy="true" aria-label="Memuat detail jadwal" className="space-y-4">
      <div className="hairline flex gap-3 rounded-card border-grey-200 p-4">
        <div className="size-11 animate-pulse rounded-lg bg-grey-200" />
        <div className="flex-1 space-y-2">
          <div className="h-4 w-1/2 animate-pulse rounded bg-grey-200" />
          <div className="h-3 w-1/3 animate-pulse rounded bg-grey-200" />
        </div>
      </div>
      {[0, 1, 2].map((row) => (
        <div key={row} className="flex gap-3">
          <div className="h-4 w-14 animate-pulse rounded bg-grey-200" />
          <div className="flex-1 space-y-2">
            <div className="h-4 w-2/3 animate-pulse rounded bg-grey-200" />
            <div className="h-3 w-full animate-pulse rounded bg-grey-200" />
          </div>
        </div>
      ))}
    </div>
  );
}

function SeatsLeft({ count }: { count: number }) {
  if (count === 0) return <span className="font-semibold text-grey-700">Kursi habis</span>;
  return <span className="font-semibold text-success-700">Sisa {count} kursi</span>;
}

function LegCard({ leg }: { leg: DetailLeg }) {
  return (
    <article aria-labelledby={`leg-${leg.leg}`} className="hairline rounded-card border-grey-200 bg-white p-4">
      <h3 id={`leg-${leg.leg}`} className="text-sm font-bold text-primary-700">
        Rute {leg.leg}
      </h3>
      <p className="font-semibold">{leg.operatorName}</p>
      <p className="mb-3 text-sm text-grey-600">
        {formatDateShort(leg.date)} · {formatTime(leg.time)}
      </p>
      <RouteStops stops={leg.stops} label={`Pemberhentian rute ${leg.leg}`} />
    </article>
  );
}

/** The detail itself, from a mapped detail-jadwal reply; `terms` is the terms panel. */
export function DetailScheduleContent({ detail, terms }: { detail: ScheduleDetail; terms?: React.ReactNode }) {
  const isConnecting = detail.legs.length > 0;
  return (
    <div className="space-y-4">
      <section aria-labelledby="detail-operator" className="hairline rounded-card border-grey-200 bg-white p-4">
        <div className="flex items-start gap-3">
          <OperatorLogo src={detail.operatorLogo} name={detail.operatorName} />
          <div className="min-w-0 flex-1">
            <h2 id="detail-operator" className="text-base font-bold">
              {detail.operatorName}
            </h2>
            <p className="text-sm text-grey-600">{detail.service}</p>
            {/* The server names a connecting trip's service "Pindah Armada" already: no badge twice. */}
            {isConnecting && detail.service !== CONNECTING_LABEL ? (
              <span className="mt-1 inline-flex items-center gap-1 rounded-full bg-warning-100 px-2 py-0.5 text-xs font-semibold text-warning-800">
                <Shuffle className="size-3.5" aria-hidden="true" />
                {CONNECTING_LABEL}
              </span>
            ) : null}
          </div>
          <div className="text-right">
            <p className="text-base font-bold text-primary-700">{formatRupiahRange(detail.prices)}</p>
            <p className="text-xs">
              <SeatsLeft count={detail.remainingSeats} />
            </p>
          </div>
        </div>
        <p className="mt-3 flex flex-wrap items-center gap-x-2 font-semibold">
          <span className="sr-only">Dari </span>
          <span>{detail.from}</span>
          <ArrowRight className="size-4 text-grey-600" aria-hidden="true" />
          <span className="sr-only"> ke </span>
          <span>{detail.to}</span>
        </p>
        <dl className="mt-2 grid grid-cols-[auto_1fr] items-center gap-x-2 gap-y-1 text-sm">
          <dt>
            <CalendarDays className="size-4 text-grey-600" aria-hidden="true" />
            <span className="sr-only">Tanggal berangkat</span>
          </dt>
          <dd>{formatDateLong(detail.date)}</dd>
          <dt>
            <Clock className="size-4 text-grey-600" aria-hidden="true" />
            <span className="sr-only">Jam berangkat</span>
          </dt>
          <dd className="font-semibold">{formatTime(detail.time)}</dd>
        </dl>
        {detail.facilities.length > 0 ? (
          <div className="mt-3">
            <FacilityIcons facilities={detail.facilities} />
          </div>
        ) : null}
      </section>

      <section aria-labelledby="detail-route" className="space-y-3">
        <h2 id="detail-route" className="text-base font-bold">
          Rute Perjalanan
        </h2>
        {isConnecting ? (
          <>
            <p role="note" className="rounded-card bg-warning-50 p-3 text-sm text-warning-800">
              {CONNECTING_ADVICE}
            </p>
            {detail.legs.map((leg) => (
              <LegCard key={leg.leg} leg={leg} />
            ))}
          </>
        ) : (
          <div className="hairline rounded-card border-grey-200 bg-white p-4">
            <RouteStops stops={detail.stops} label="Pemberhentian" />
          </div>
        )}
      </section>

      {terms}
    </div>
  );
}

function operatorCodesOf(detail: ScheduleDetail): string[] {
  if (detail.legs.length === 0) return [detail.operatorCode];
  return [...new Set(detail.legs.map((leg) => leg.operatorCode))];
}

function MissingKey() {
  return (
    <StatusMessage icon={SearchX} title={MISSING_TITLE} role="status">
      <p className="mt-1 text-sm text-grey-600">
        Tautan ini tidak lengkap. Pilih jadwal dari daftar jadwal untuk melihat detailnya.
      </p>
    </StatusMessage>
  );
}

function LoadedDetail({ detailKey }: { detailKey: ScheduleDetailKey }) {
  const query = useQuery(detailJadwalQueryOptions(detailKey));
  if (query.isPending) return <DetailScheduleSkeleton />;
  if (query.isError) {
    if (isNotFound(query.error)) {
      return (
        <StatusMessage icon={SearchX} title={NOT_FOUND_TITLE} role="alert">
          <p className="mt-1 text-sm text-grey-600">{query.error.message}</p>
        </StatusMessage>
      );
    }
    return (
      <StatusMessage icon={AlertCircle} title="Detail jadwal gagal dimuat" role="alert">
        <p className="mt-1 text-sm text-grey-600">{friendlyErrorMessage(query.error)}</p>
        <button
          type="button"
          className={cx(buttonStyles.primary, 'mt-4')}
          onClick={() => void query.refetch()}
          disabled={query.isFetching}
        >
          Coba Lagi
        </button>
      </StatusMessage>
    );
  }
  return (
    <DetailScheduleContent
      detail={query.data}
      terms={<DetailOperatorTerms operatorCodes={operatorCodesOf(query.data)} />}
    />
  );
}

/** One view for the detail sheet and the standalone page: loads detail-jadwal and operator-snk. */
export function DetailScheduleView({ detailKey }: { detailKey: PartialScheduleDetailKey }) {
  const complete = completeDetailKey(detailKey);
  if (!complete) return <MissingKey />;
  return <LoadedDetail detailKey={complete} />;
}
