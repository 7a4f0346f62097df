import { Link } from '@tanstack/react-router';
import { ArrowRight, Shuffle } from 'lucide-react';
import type { ScheduleCard, ScheduleGroupCard } from '../../api/mappers';
import { buttonStyles } from '../../components/button-styles';
import { cx } from '../../lib/cx';
import { arrivesNextDay, formatRupiah, formatRupiahRange, formatTime } from '../../lib/format';
import { FacilityIcons } from '../../components/facility-icons';
import { OperatorLogo } from '../../components/operator-logo';
import { OperatorLink } from '../operator';
import { useOpenScheduleDetail } from './detail/use-open-schedule-detail';
import { isPlainClick } from '../../lib/plain-click';

/** Few seats left: the count turns amber so it is noticed (still AA on white). */
const FEW_SEATS = 5;

/** "Pindah Armada": leads to the help about changing vehicle (information-connecting). */
export function ConnectingBadge() {
  return (
    <Link
      to="/app/information-connecting"
      aria-label="Pindah Armada, lihat info"
      className="inline-flex items-center gap-1 rounded-full bg-warning-100 px-2 py-0.5 text-xs font-semibold text-warning-800 hover:underline"
    >
      <Shuffle className="size-3.5" aria-hidden="true" />
      Pindah Armada
    </Link>
  );
}

function SeatsLeft({ count }: { count: number }) {
  if (count === 0) return <span className="text-xs font-semibold text-grey-600">Kursi habis</span>;
  return (
    <span className={cx('text-xs font-semibold', count <= FEW_SEATS ? 'text-warning-700' : 'text-success-700')}>
      Sisa {count} kursi
    </span>
  );
}

function PriceText({ prices }: { prices: readonly number[] }) {
  // Same text as formatRupiahRange, but a range may only wrap at its dash.
  const [low, high] = formatRupiahRange(prices).split(' - ');
  if (!high) return <span className="whitespace-nowrap">{low}</span>;
  return (
    <>
      <span className="whitespace-nowrap">{low}</span> - <span className="whitespace-nowrap">{high}</span>
    </>
  );
}

function Price({ schedule }: { schedule: ScheduleCard }) {
  const lowest = Math.min(...schedule.prices);
  const isFree = lowest === 0 && schedule.prices.length === 1;
  const promo = schedule.normalPrice !== null && schedule.normalPrice > lowest;
  return (
    <div className="text-right">
      {promo && schedule.normalPrice !== null ? (
        <p className="text-xs text-grey-600">
          <span className="sr-only">Harga normal </span>
          <s>{formatRupiah(schedule.normalPrice)}</s>
        </p>
      ) : null}
      <p className={cx('text-base leading-6 font-bold', isFree ? 'text-success-700' : 'text-primary-700')}>
        {promo ? <span className="sr-only">Harga promo </span> : null}
        <PriceText prices={schedule.prices} />
      </p>
      {isFree ? null : <p className="text-xs text-grey-600">per kursi</p>}
    </div>
  );
}

/** Chooses a departure ("Pilih"); absent where the list is only for looking. */
export type ChooseSchedule = (schedule: ScheduleCard) => void;

/** One departure: its times, pools and legs, a link to its detail and the "Pilih" button. */
function ScheduleRow({
  schedule,
  onChoose,
  compact,
}: {
  schedule: ScheduleCard;
  onChoose?: ChooseSchedule | undefined;
  compact: boolean;
}) {
  const soldOut = schedule.remainingSeats === 0;
  const time = formatTime(schedule.departureTime);
  const openDetail = useOpenScheduleDetail();
  return (
    <div className={cx('flex gap-3 px-4 py-3', soldOut && 'opacity-70')}>
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-center gap-x-2 text-base leading-6 font-bold">
          <span className="whitespace-nowrap">{time}</span>
          <ArrowRight className="size-4 text-grey-500" aria-hidden="true" />
          <span className="sr-only">tiba</span>
          <span className="font-semibold whitespace-nowrap text-grey-700">{formatTime(schedule.arrivalTime)}</span>
          {arrivesNextDay(schedule.departureTime, schedule.arrivalTime) ? (
            <span className="rounded-full bg-warning-50 px-2 text-xs font-semibold text-warning-800">
              +1 hari<span className="sr-only">, tiba keesokan harinya</span>
            </span>
          ) : null}
          {compact && schedule.isConnecting ? <ConnectingBadge /> : null}
        </p>
        {compact ? null : (
          <>
            <p className="mt-0.5 text-sm text-grey-700">
              {schedule.departPool} <span aria-hidden="true">→</span>
              <span className="sr-only">ke</span> {schedule.dropPool}
            </p>
            <div className="mt-1.5 flex flex-wrap items-center gap-x-3 gap-y-1">
              <span className="text-xs text-grey-600">{schedule.service}</span>
              <FacilityIcons facilities={schedule.facilities} />
              {schedule.isConnecting ? <ConnectingBadge /> : null}
            </div>
          </>
        )}
        {!compact && schedule.isConnecting && schedule.legs.length > 0 ? (
          <ol
            className="mt-2 space-y-1 border-l-2 border-warning-300 pl-3 text-xs text-grey-700"
            aria-label={`Rute perjalanan ${time}`}
          >
            {schedule.legs.map((leg) => (
              <li key={leg.leg}>
                <span className="font-semibold">Rute {leg.leg}</span> · {leg.operatorName} ·{' '}
                {formatTime(leg.departureTime)} · {leg.departCity} ({leg.departPool}) <span aria-hidden="true">→</span>
                <span className="sr-only">ke</span> {leg.dropCity} ({leg.dropPool})
              </li>
            ))}
          </ol>
        ) : null}
        <Link
          to="/app/schedule/{-$return}/detail-schedule"
          params={(previous) => previous}
          search={(previous) => ({
            ...previous,
            operator_code: schedule.operatorCode,
            schedule_code: schedule.code,
            date: schedule.date,
          })}
          resetScroll={false}
          onClick={(event) => {
            // A plain click waits for the press feedback (spec: detail opens 200 ms later);
            // modified clicks (new tab) keep the link's own behaviour.
            if (!isPlainClick(event)) return;
            event.preventDefault();
            openDetail({ operatorCode: schedule.operatorCode, scheduleCode: schedule.code, date: schedule.date });
          }}
          className="mt-2 inline-flex min-h-11 items-center text-sm font-semibold text-primary-700 underline-offset-2 hover:underline"
        >
          Lihat Detail<span className="sr-only"> jadwal {time}</span>
        </Link>
      </div>
      <div className="flex max-w-[48%] shrink-0 flex-col items-end gap-1">
        <Price schedule={schedule} />
        <SeatsLeft count={schedule.remainingSeats} />
        {onChoose ? (
          <button
            type="button"
            disabled={soldOut}
            onClick={() => onChoose(schedule)}
            aria-label={`Pilih ${schedule.operatorName} ${time}`}
            className={cx(buttonStyles.primary, 'mt-1 min-w-20')}
          >
            Pilih
          </button>
        ) : null}
      </div>
    </div>
  );
}

/** One operator on one route: its logo and name, then each departure (compact: one line each). */
export function ScheduleGroup({
  group,
  onChoose,
  compact = false,
}: {
  group: ScheduleGroupCard;
  onChoose?: ChooseSchedule;
  compact?: boolean;
}) {
  const headingId = `jadwal-${group.key.replace(/[^A-Za-z0-9_-]/g, '-')}`;
  return (
    <article aria-labelledby={headingId} className="hairline overflow-hidden rounded-card border-grey-200 bg-white">
      <header className="hairline flex items-center gap-3 border-b border-grey-100 px-4 py-3">
        <OperatorLogo src={group.operatorLogo} name={group.operatorName} />
        <div className="min-w-0 flex-1">
          <h3 id={headingId} className="truncate text-base font-bold">
            <OperatorLink code={group.operatorCode}>{group.operatorName}</OperatorLink>
          </h3>
          <p className="truncate text-xs text-grey-600">
            {group.departPool} <span aria-hidden="true">→</span>
            <span className="sr-only">ke</span> {group.dropPool}
          </p>
        </div>
        {group.isConnecting ? <ConnectingBadge /> : null}
      </header>
      <ul className="divide-y divide-grey-100">
        {group.schedules.map((schedule) => (
          <li key={schedule.code}>
            <ScheduleRow schedule={schedule} onChoose={onChoose} compact={compact} />
          </li>
        ))}
      </ul>
    </article>
  );
}

/** Loading placeholder shaped like a group card. */
export function ScheduleGroupSkeleton() {
  return (
    <div className="hairline rounded-card border-grey-200 bg-white" aria-hidden="true">
      <div className="flex items-center gap-3 px-4 py-3 motion-safe:animate-pulse">
        <div className="size-11 rounded-lg bg-grey-200" />
        <div className="flex-1 space-y-2">
          <div className="h-4 w-1/2 rounded bg-grey-200" />
          <div className="h-3 w-2/3 rounded bg-grey-100" />
        </div>
      </div>
      {[0, 1].map((row) => (
        <div key={row} className="hairline flex gap-3 border-t border-grey-100 px-4 py-4 motion-safe:animate-pulse">
          <div className="flex-1 space-y-2">
            <div className="h-4 w-2/5 rounded bg-grey-200" />
            <div className="h-3 w-3/5 rounded bg-grey-100" />
            <div className="h-3 w-1/4 rounded bg-grey-100" />
          </div>
          <div className="w-24 space-y-2">
            <div className="ml-auto h-4 w-full rounded bg-grey-200" />
            <div className="ml-auto h-3 w-2/3 rounded bg-grey-100" />
          </div>
        </div>
      ))}
    </div>
  );
}
