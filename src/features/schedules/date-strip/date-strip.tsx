import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { CalendarDays } from 'lucide-react';
import dayjs from 'dayjs';
import 'dayjs/locale/id';
import { listTanggalJadwalQueryOptions, type DateStripParams } from '../../../api/queries';
import { cx } from '../../../lib/cx';
import { addDays, formatDateLong, formatRupiah } from '../../../lib/format';

/** Days on the strip, and how many of them come before the chosen day when possible. */
export const STRIP_DAYS = 7;
const DAYS_BEFORE = 3;

/** First day of the strip: three days before the chosen one, never before the earliest allowed. */
export function stripStart(selected: string, earliest: string): string {
  const start = addDays(selected, -DAYS_BEFORE);
  return start < earliest ? earliest : start;
}

/** Compact lowest price for a strip cell: "Rp 150rb", or the full price under a thousand. */
function shortPrice(value: number): string {
  if (value >= 1000 && value % 1000 === 0) return `Rp ${value / 1000}rb`;
  return formatRupiah(value);
}

interface DateStripProps {
  place: Omit<DateStripParams, 'startDate' | 'days'>;
  selected: string;
  /** The first day that may be chosen (today, or the outbound day on the return leg). */
  earliest: string;
  onSelect: (date: string) => void;
}

/**
 * Seven days around the searched one (list-tanggal-jadwal) with each day's lowest price, so the
 * day changes without going back to the form; "Kalender" opens the calendar child for far dates.
 */
export function DateStrip({ place, selected, earliest, onSelect }: DateStripProps) {
  const startDate = stripStart(selected, earliest);
  const query = useQuery(listTanggalJadwalQueryOptions({ ...place, startDate, days: STRIP_DAYS }));
  const byDate = new Map(query.data?.map((day) => [day.date, day]));
  const days = Array.from({ length: STRIP_DAYS }, (_, index) => addDays(startDate, index));

  return (
    <nav aria-label="Pilih tanggal" className="hairline flex items-stretch rounded-card border-grey-200 bg-white">
      <ul className="flex flex-1 gap-1 overflow-x-auto p-1">
        {days.map((date) => {
          const day = dayjs(date).locale('id');
          const summary = byDate.get(date);
          const isSelected = date === selected;
          const disabled = date < earliest;
          const price =
            summary?.lowestPrice !== null && summary?.lowestPrice !== undefined
              ? shortPrice(summary.lowestPrice)
              : query.isPending
                ? '…'
                : '–';
          return (
            <li key={date} className="min-w-[4.5rem] flex-1">
              <button
                type="button"
                disabled={disabled}
                aria-pressed={isSelected}
                aria-label={`${formatDateLong(date)}, ${
                  summary?.lowestPrice != null
                    ? `mulai ${formatRupiah(summary.lowestPrice)}`
                    : query.isPending
                      ? 'memuat harga'
                      : 'tidak ada harga'
                }`}
                onClick={() => onSelect(date)}
                className={cx(
                  'flex min-h-14 w-full flex-col items-center justify-center rounded-lg px-1 py-1.5 text-center leading-tight',
                  isSelected ? 'bg-primary-600 text-white' : 'text-grey-800 hover:bg-primary-50',
                  disabled && 'cursor-not-allowed text-grey-400 hover:bg-transparent',
                )}
              >
                <span className="text-xs font-semibold">{day.format('ddd')}</span>
                <span className="text-sm font-bold whitespace-nowrap">{day.format('D MMM')}</span>
                <span className={cx('text-xs whitespace-nowrap', isSelected ? 'text-white' : 'text-grey-600')}>
                  {price}
                </span>
              </button>
            </li>
          );
        })}
      </ul>
      <Link
        to="/app/schedule/{-$return}/calendar"
        params={(previous) => previous}
        search={(previous) => previous}
        resetScroll={false}
        className="hairline flex min-w-16 flex-col items-center justify-center gap-0.5 border-l border-grey-200 px-2 text-xs font-semibold text-primary-700 hover:bg-primary-50"
      >
        <CalendarDays className="size-5" aria-hidden="true" />
        Kalender
      </Link>
    </nav>
  );
}
