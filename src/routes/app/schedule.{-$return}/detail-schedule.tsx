import { createFileRoute } from '@tanstack/react-router';
import { DetailScheduleView } from '../../../features/schedules/detail/schedule-detail';
import { detailKeyFromSearch, detailScheduleSearchSchema } from '../../../features/schedules/detail/schedule-key';
import { DetailSheet } from '../../../features/schedules/detail/sheet';

// Adds the schedule's key to the list's own search (the router merges a child's validated search
// into its parent's), so closing the sheet finds the list as it was.
export const Route = createFileRoute('/app/schedule/{-$return}/detail-schedule')({
  staticData: { routeName: 'detail-schedule' },
  validateSearch: detailScheduleSearchSchema,
  component: DetailScheduleSheet,
});

function DetailScheduleSheet() {
  const search = Route.useSearch();
  return (
    <DetailSheet title="Detail Jadwal">
      <DetailScheduleView detailKey={detailKeyFromSearch(search)} />
    </DetailSheet>
  );
}
