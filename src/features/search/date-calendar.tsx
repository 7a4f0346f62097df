import type { RefObject } from 'react';
import { parseDate } from '@internationalized/date';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import {
  Button,
  Calendar,
  CalendarCell,
  CalendarGrid,
  Dialog,
  Heading,
  I18nProvider,
  Popover,
} from 'react-aria-components';
import { installCalendarStrings } from './date-calendar-strings';

// Before any of react-aria's calendar or popover code asks for its strings.
installCalendarStrings();

/*
 * react-aria's calendar, loaded only when a date field opens (React.lazy): the home page keeps
 * its JS budget. Indonesian month and day names come from the id-ID locale.
 */

interface CalendarProps {
  label: string;
  /** `YYYY-MM-DD`. */
  value: string;
  /** First day that may be chosen, `YYYY-MM-DD`. */
  min: string;
  onChange: (value: string) => void;
}

const navButton =
  'inline-flex size-11 items-center justify-center rounded-full text-grey-800 hover:bg-grey-100 data-[disabled]:text-grey-300 data-[focus-visible]:outline-2 data-[focus-visible]:outline-primary-600';

/** The month grid itself (sheets use it inline). */
export function DateCalendar({ label, value, min, onChange }: CalendarProps) {
  return (
    <I18nProvider locale="id-ID">
      <Calendar
        aria-label={label}
        value={parseDate(value < min ? min : value)}
        minValue={parseDate(min)}
        onChange={(date) => onChange(date.toString())}
        autoFocus
        className="w-full max-w-sm"
      >
        <header className="flex items-center gap-1">
          <Button slot="previous" className={navButton}>
            <ChevronLeft className="size-5" aria-hidden="true" />
          </Button>
          <Heading className="flex-1 text-center text-base font-bold capitalize" />
          <Button slot="next" className={navButton}>
            <ChevronRight className="size-5" aria-hidden="true" />
          </Button>
        </header>
        <CalendarGrid className="mt-2 w-full border-separate border-spacing-0.5">
          {(date) => (
            <CalendarCell
              date={date}
              className="flex size-10 cursor-pointer items-center justify-center rounded-full text-sm outline-none data-[disabled]:cursor-not-allowed data-[disabled]:text-grey-400 data-[focus-visible]:outline-2 data-[focus-visible]:outline-solid data-[focus-visible]:outline-primary-600 data-[hovered]:bg-primary-50 data-[outside-month]:hidden data-[selected]:bg-primary-600 data-[selected]:font-bold data-[selected]:text-white"
            />
          )}
        </CalendarGrid>
      </Calendar>
    </I18nProvider>
  );
}

/** The calendar in a popover under its trigger (search form date fields). */
export default function CalendarPopover({
  triggerRef,
  onClose,
  ...calendar
}: CalendarProps & { triggerRef: RefObject<HTMLElement | null>; onClose: () => void }) {
  return (
    // The popover's own strings (dismiss) need the locale too: only id-ID strings are bundled.
    <I18nProvider locale="id-ID">
      <Popover
        triggerRef={triggerRef}
        isOpen
        onOpenChange={(open) => {
          if (!open) onClose();
        }}
        placement="bottom start"
        className="hairline z-50 rounded-card border-grey-200 bg-white p-3 shadow-lg"
      >
        <Dialog aria-label={calendar.label} className="outline-none">
          <DateCalendar
            {...calendar}
            onChange={(value) => {
              calendar.onChange(value);
              onClose();
            }}
          />
        </Dialog>
      </Popover>
    </I18nProvider>
  );
}
