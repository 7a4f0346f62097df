import { createFileRoute } from '@tanstack/react-router';
import { SheetPlaceholder } from '../../../components/placeholder-screen';

export const Route = createFileRoute('/app/detail-schedule-standalone/location')({
  staticData: { routeName: 'detail-schedule-standalone-location' },
  component: DetailScheduleStandaloneLocationSheet,
});

function DetailScheduleStandaloneLocationSheet() {
  return <SheetPlaceholder title="Lokasi" />;
}
