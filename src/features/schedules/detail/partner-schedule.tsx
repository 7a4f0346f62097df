import { useQuery } from '@tanstack/react-query';
import { AlertCircle, ChevronRight } from 'lucide-react';
import { friendlyErrorMessage } from '../../../api/errors';
import type { ScheduleCard } from '../../../api/mappers';
import {
  listJadwalQueryOptions,
  listTanggalJadwalAvailableQueryOptions,
  type PartnerScheduleKey,
} from '../../../api/schedule-detail-queries';
import { buttonStyles } from '../../../components/button-styles';
import { cx } from '../../../lib/cx';
import { formatDateCompact, formatDateShort, formatRupiahRange, formatTime } from '../../../lib/format';
import { OperatorLogo } from '../../../components/operator-logo';
import { useOpenScheduleDetail } from './use-open-schedule-detail';

export type PartialPartnerKey = { [K in keyof PartnerScheduleKey]?: PartnerScheduleKey[K] | undefined };

function DateRow({
  operatorCode,
  scheduleCode,
  date,
  onDateChange,
}: {
  operatorCode: string;
  scheduleCode: string;
  date: string;
  onDateChange: (date: string) => void;
}) {
  const query = useQuery(listTanggalJadwalAvailableQueryOptions({ operatorCode, scheduleCode, startDate: date }));
  if (query.isPending) return <div className="h-14 animate-pulse rounded-card bg-grey-200" aria-hidden="true" />;
  if (query.isError) return null;
  return (
    <ul className="flex gap-2 overflow-x-auto pb-1" aria-label="Tanggal dengan kursi tersedia">
      {query.data.map((day) => {
        const selected = day.date === date;
        return (
          <li key={day.date}>
            <button
              type="button"
              disabled={!day.available}
              aria-pressed={selected}
              aria-label={`${formatDateShort(day.date)}, ${day.available ? `sisa ${day.remainingSeats} kursi` : 'tidak tersedia'}`}
              onClick={() => onDateChange(day.date)}
              className={cx(
                'hairline flex min-h-11 min-w-16 flex-col items-center rounded-card px-2 py-1 text-xs',
                selected ? 'border-primary-600 bg-primary-600 text-white' : 'border-grey-200 bg-white',
                !day.available && 'cursor-not-allowed bg-grey-100 text-grey-600',
              )}
            >
              <span className="font-semibold">{formatDateCompact(day.date)}</span>
              <span>{day.available ? `${day.remainingSeats} kursi` : 'Penuh'}</span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}

function Row({ schedule, onOpen }: { schedule: ScheduleCard; onOpen: () => void }) {
  return (
    <li>
      <button
        type="button"
        onClick={onOpen}
        className="hairline flex w-full items-center gap-2 rounded-card border-grey-200 bg-white p-3 text-left hover:bg-primary-50"
      >
        <span className="min-w-0 flex-1">
          <span className="flex items-baseline justify-between gap-2">
            <span className="font-bold whitespace-nowrap">{formatTime(schedule.departureTime)}</span>
            <span className="text-right font-bold text-primary-700">{formatRupiahRange(schedule.prices)}</span>
          </span>
          <span className="mt-0.5 flex items-baseline justify-between gap-2 text-sm">
            <span className="min-w-0 truncate text-grey-600">
              {schedule.departPool} - {schedule.dropPool}
            </span>
            <span
              className={cx(
                'shrink-0 text-xs font-semibold',
                schedule.remainingSeats === 0 ? 'text-grey-700' : 'text-success-700',
              )}
            >
              {schedule.remainingSeats === 0 ? 'Kursi habis' : `Sisa ${schedule.remainingSeats} kursi`}
            </span>
          </span>
        </span>
        <ChevronRight className="size-4 shrink-0 text-grey-600" aria-hidden="true" />
      </button>
    </li>
  );
}

/** "Pilih Jadwal": one operator's departures on one route and day, each opening its detail. */
export function DetailPartnerSchedule({
  partnerKey,
  onDateChange,
}: {
  partnerKey: PartialPartnerKey;
  onDateChange: (date: string) => void;
}) {
  const { operatorCode, routeId, date } = partnerKey;
  const complete = operatorCode && routeId && date ? { operatorCode, routeId, date } : null;
  const query = useQuery({
    ...listJadwalQueryOptions(complete ?? { operatorCode: '', routeId: 0, date: '' }),
    enabled: complete !== null,
  });
  const openDetail = useOpenScheduleDetail();

  if (!complete) {
    return (
      <p role="status" className="text-sm text-grey-700">
        Operator atau jurusan belum dipilih. Pilih jadwal dari daftar jadwal.
      </p>
    );
  }
  if (query.isPending) {
    return (
      <div aria-busy="true" aria-label="Memuat jadwal" className="space-y-2">
        {[0, 1, 2].map((row) => (
          <div key={row} className="h-16 animate-pulse rounded-card bg-grey-200" />
        ))}
      </div>
    );
  }
  if (query.isError) {
    return (
      <div role="alert" className="text-center">
        <AlertCircle className="mx-auto size-8 text-primary-600" aria-hidden="true" />
        <p className="mt-2 font-semibold">{friendlyErrorMessage(query.error)}</p>
        <button type="button" className={`${buttonStyles.primary} mt-3`} onClick={() => void query.refetch()}>
          Coba Lagi
        </button>
      </div>
    );
  }
  const first = query.data[0];
  return (
    <div className="space-y-3">
      {first ? (
        <>
          <div className="flex items-center gap-3">
            <OperatorLogo src={first.operatorLogo} name={first.operatorName} />
            <div>
              <p className="font-bold">{first.operatorName}</p>
              <p className="text-sm text-grey-600">
                {first.departCity} - {first.dropCity} · {formatDateShort(complete.date)}
              </p>
            </div>
          </div>
          <DateRow
            operatorCode={complete.operatorCode}
            scheduleCode={first.code}
            date={complete.date}
            onDateChange={onDateChange}
          />
        </>
      ) : null}
      {query.data.length === 0 ? (
        <p role="status" className="text-sm text-grey-700">
          Tidak ada jadwal operator ini pada tanggal tersebut. Coba pilih tanggal lain.
        </p>
      ) : (
        <ul className="space-y-2" aria-label="Jadwal keberangkatan">
          {query.data.map((schedule) => (
            <Row
              key={schedule.code}
              schedule={schedule}
              onOpen={() =>
                openDetail({ operatorCode: schedule.operatorCode, scheduleCode: schedule.code, date: schedule.date })
              }
            />
          ))}
        </ul>
      )}
    </div>
  );
}
