import { useNavigate } from '@tanstack/react-router';
import { todayInJakarta } from '../../../lib/format';
import type { ScheduleSearch } from '../../../lib/schedule-search';
import { buttonStyles } from '../../../components/button-styles';
import { DateCalendar } from '../../search';
import { FilterSheet, SheetCloseButton } from '../schedule-sheet';

/** The calendar child of the schedule list: far dates the strip does not show. */
export function DateStripCalendar({
  title,
  label,
  value,
  min,
  onSelect,
  onClose,
}: {
  title: string;
  label: string;
  value: string;
  min: string;
  onSelect: (date: string) => void;
  onClose: () => void;
}) {
  return (
    <FilterSheet
      title={title}
      onClosed={onClose}
      footer={<SheetCloseButton className={`${buttonStyles.secondary} w-full`}>Batal</SheetCloseButton>}
    >
      <div className="flex justify-center">
        <DateCalendar label={label} value={value} min={min} onChange={onSelect} />
      </div>
    </FilterSheet>
  );
}

/**
 * The schedule list's calendar children: `calendar` picks the day of the list being shown,
 * `change-calendar` the return day of a round trip. Either way the list follows in place.
 */
export function ScheduleDateSheet({
  title,
  editsReturn,
  returnParam,
  search,
}: {
  title: string;
  editsReturn: boolean;
  returnParam: string | undefined;
  search: ScheduleSearch;
}) {
  const navigate = useNavigate({ from: '/app/schedule/{-$return}' });
  const toList = (date?: string) =>
    void navigate({
      to: '/app/schedule/{-$return}',
      params: { return: returnParam },
      search: (previous) =>
        date === undefined
          ? previous
          : editsReturn
            ? { ...previous, tanggal_pulang: date }
            : { ...previous, tanggal: date },
      replace: true,
      resetScroll: false,
    });
  return (
    <DateStripCalendar
      title={title}
      label={editsReturn ? 'Tanggal Pulang' : 'Tanggal Berangkat'}
      value={editsReturn ? (search.tanggal_pulang ?? search.tanggal) : search.tanggal}
      min={editsReturn ? search.tanggal : todayInJakarta()}
      onSelect={(date) => toList(date)}
      onClose={() => toList()}
    />
  );
}
