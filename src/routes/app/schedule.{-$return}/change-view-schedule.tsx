import { createFileRoute } from '@tanstack/react-router';
import { SheetPlaceholder } from '../../../components/placeholder-screen';

export const Route = createFileRoute('/app/schedule/{-$return}/change-view-schedule')({
  staticData: { routeName: 'change-view-schedule' },
  component: ChangeViewScheduleSheet,
});

function ChangeViewScheduleSheet() {
  return <SheetPlaceholder title="Ubah Tampilan Jadwal" />;
}
