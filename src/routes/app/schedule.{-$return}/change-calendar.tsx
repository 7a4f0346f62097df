import { createFileRoute } from '@tanstack/react-router';
import { SheetPlaceholder } from '../../../components/placeholder-screen';

export const Route = createFileRoute('/app/schedule/{-$return}/change-calendar')({
  staticData: { routeName: 'change-calendar' },
  component: ChangeCalendarSheet,
});

function ChangeCalendarSheet() {
  return <SheetPlaceholder title="Ubah Tanggal" />;
}
