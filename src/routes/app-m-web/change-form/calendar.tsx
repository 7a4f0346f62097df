import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { DateStripCalendar } from '../../../features/schedules/date-strip/calendar-sheet';
import { todayInJakarta, tomorrowInJakarta } from '../../../lib/format';
import { changeFormInitial } from '../../../lib/schedule-search';

/** "Pilih Tanggal" over the change form: the departure day, written into the form's search. */
export const Route = createFileRoute('/app-m-web/change-form/calendar')({
  staticData: { routeName: 'change-form-calendar' },
  component: function ChangeFormCalendarSheet() {
    const search = Route.useSearch();
    const navigate = useNavigate({ from: '/app-m-web/change-form/calendar' });
    const today = todayInJakarta();
    const toForm = (date?: string) =>
      void navigate({
        to: '/app-m-web/change-form',
        search: (previous) => (date === undefined ? previous : { ...previous, tanggal: date }),
        replace: true,
      });
    return (
      <DateStripCalendar
        title="Pilih Tanggal"
        label="Tanggal Berangkat"
        value={changeFormInitial(search, today, tomorrowInJakarta()).date}
        min={today}
        onSelect={(date) => toForm(date)}
        onClose={() => toForm()}
      />
    );
  },
});
