import { createFileRoute } from '@tanstack/react-router';
import { SheetPlaceholder } from '../../../components/placeholder-screen';

export const Route = createFileRoute('/app/schedule/{-$return}/detail-schedule')({
  staticData: { routeName: 'detail-schedule' },
  component: DetailScheduleSheet,
});

function DetailScheduleSheet() {
  return <SheetPlaceholder title="Detail Jadwal" />;
}
