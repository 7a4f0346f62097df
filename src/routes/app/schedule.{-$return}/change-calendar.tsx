import { createFileRoute } from '@tanstack/react-router';
import { ScheduleDateSheet } from '../../../features/schedules/date-strip/calendar-sheet';

/** "Ubah Tanggal": the return day of a round trip (the departure day on a one-way search). */
export const Route = createFileRoute('/app/schedule/{-$return}/change-calendar')({
  staticData: { routeName: 'change-calendar' },
  component: ChangeCalendarSheet,
});

function ChangeCalendarSheet() {
  const search = Route.useSearch();
  return (
    <ScheduleDateSheet
      title="Ubah Tanggal"
      editsReturn={search.pp}
      returnParam={Route.useParams().return}
      search={search}
    />
  );
}
