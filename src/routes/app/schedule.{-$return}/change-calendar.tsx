import { createFileRoute } from '@tanstack/react-router';
import { todayInJakarta } from '../../../lib/format';
import { DateStripCalendar } from '../-components/date-strip-calendar';

/** "Ubah Tanggal": the return day of a round trip (the departure day on a one-way search). */
export const Route = createFileRoute('/app/schedule/{-$return}/change-calendar')({
  staticData: { routeName: 'change-calendar' },
  component: ChangeCalendarSheet,
});

function ChangeCalendarSheet() {
  const search = Route.useSearch();
  const { return: back } = Route.useParams();
  const navigate = Route.useNavigate();
  const editsReturn = search.pp;
  const toList = (date?: string) =>
    void navigate({
      to: '/app/schedule/{-$return}',
      params: { return: back },
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
      title="Ubah Tanggal"
      label={editsReturn ? 'Tanggal Pulang' : 'Tanggal Berangkat'}
      value={editsReturn ? (search.tanggal_pulang ?? search.tanggal) : search.tanggal}
      min={editsReturn ? search.tanggal : todayInJakarta()}
      onSelect={(date) => toList(date)}
      onClose={() => toList()}
    />
  );
}
