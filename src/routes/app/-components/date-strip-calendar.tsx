import { buttonStyles } from '../../../components/button-styles';
import { DateCalendar } from '../../-components/date-calendar';
import { FilterSheet } from './filter-sheet';

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
      onClose={onClose}
      footer={
        <button type="button" className={`${buttonStyles.secondary} w-full`} onClick={onClose}>
          Batal
        </button>
      }
    >
      <div className="flex justify-center">
        <DateCalendar label={label} value={value} min={min} onChange={onSelect} />
      </div>
    </FilterSheet>
  );
}
