import { createFileRoute } from '@tanstack/react-router';
import { DetailLocationPanel } from '../-components/detail-location-panel';
import { detailKeyFromSearch } from '../-components/detail-schedule-view';
import { DetailSheet } from '../-components/detail-sheet';

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
