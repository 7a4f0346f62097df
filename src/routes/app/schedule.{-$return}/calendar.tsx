import { createFileRoute } from '@tanstack/react-router';
import { SheetPlaceholder } from '../../../components/placeholder-screen';

export const Route = createFileRoute('/app/schedule/{-$return}/calendar')({
  staticData: { routeName: 'calendar' },
  component: CalendarSheet,
});

function CalendarSheet() {
  return <SheetPlaceholder title="Pilih Tanggal" />;
}
