import { createFileRoute } from '@tanstack/react-router';
import { isReturnParam } from '../../../lib/schedule-search';
import { ScheduleDateSheet } from '../../../features/schedules/date-strip/calendar-sheet';

/** "Pilih Tanggal": a day beyond the date strip for the list being shown. */
export const Route = createFileRoute('/app/schedule/{-$return}/calendar')({
  staticData: { routeName: 'calendar' },
  component: CalendarSheet,
});

function CalendarSheet() {
  const { return: returnParam } = Route.useParams();
  return (
    <ScheduleDateSheet
      title="Pilih Tanggal"
      editsReturn={isReturnParam(returnParam)}
      returnParam={returnParam}
      search={Route.useSearch()}
    />
  );
}
