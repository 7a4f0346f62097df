import { createFileRoute } from '@tanstack/react-router';
import { SheetPlaceholder } from '../../../components/placeholder-screen';

export const Route = createFileRoute('/app/schedule/{-$return}/detail-schedule-by-patner')({
  staticData: { routeName: 'detail-schedule-by-patner' },
  component: DetailScheduleByPatnerSheet,
});

function DetailScheduleByPatnerSheet() {
  return <SheetPlaceholder title="Pilih Jadwal" />;
}
