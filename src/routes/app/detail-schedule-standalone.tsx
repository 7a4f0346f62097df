import { createFileRoute } from '@tanstack/react-router';
import { DetailScheduleStandaloneScreen } from '../../features/schedules/detail/standalone-screen';
import { detailKeyFromSearch, detailScheduleSearchSchema } from '../../features/schedules/detail/schedule-key';

export const Route = createFileRoute('/app/detail-schedule-standalone')({
  staticData: { routeName: 'detail-schedule-standalone' },
  validateSearch: detailScheduleSearchSchema,
  component: DetailScheduleStandaloneRoute,
});

function DetailScheduleStandaloneRoute() {
  return <DetailScheduleStandaloneScreen detailKey={detailKeyFromSearch(Route.useSearch())} />;
}
