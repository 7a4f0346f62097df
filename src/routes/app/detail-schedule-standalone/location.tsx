import { createFileRoute } from '@tanstack/react-router';
import { DetailLocationPanel } from '../../../features/schedules/detail/location-panel';
import { detailKeyFromSearch } from '../../../features/schedules/detail/schedule-key';
import { DetailSheet } from '../../../features/schedules/detail/sheet';

export const Route = createFileRoute('/app/detail-schedule-standalone/location')({
  staticData: { routeName: 'detail-schedule-standalone-location' },
  component: DetailScheduleStandaloneLocationSheet,
});

function DetailScheduleStandaloneLocationSheet() {
  const search = Route.useSearch();
  return (
    <DetailSheet title="Lokasi">
      <DetailLocationPanel detailKey={detailKeyFromSearch(search)} />
    </DetailSheet>
  );
}
