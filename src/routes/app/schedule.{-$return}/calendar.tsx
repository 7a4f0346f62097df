import { createFileRoute } from '@tanstack/react-router';
import { todayInJakarta } from '../../../lib/format';
import { isReturnParam } from '../../../lib/schedule-search';
import { DateStripCalendar } from '../-components/date-strip-calendar';

/** "Pilih Tanggal": a day beyond the date strip for the list being shown. */
export const Route = createFileRoute('/app/schedule/{-$return}/calendar')({
  staticData: { routeName: 'calendar' },
  component: CalendarSheet,
});

function CalendarSheet() {
  const search = Route.useSearch();
  const { return: back } = Route.useParams();
  const navigate = Route.useNavigate();
  const isReturn = isReturnParam(back);
  const value = isReturn ? (search.tanggal_pulang ?? search.tanggal) : search.tanggal;
  const toList = (date?: string) =>
    void navigate({
      to: '/app/schedule/{-$return}',
      params: { return: back },
      search: (previous) =>
        date === undefined
          ? previous
          : isReturn
            ? { ...previous, tanggal_pulang: date }
            : { ...previous, tanggal: date },
      replace: true,
      resetScroll: false,
    });
  return (
    <DateStripCalendar
      title="Pilih Tanggal"
      label={isReturn ? 'Tanggal Pulang' : 'Tanggal Berangkat'}
      value={value}
      min={isReturn ? search.tanggal : todayInJakarta()}
      onSelect={(date) => toList(date)}
      onClose={() => toList()}
    />
  );
}
