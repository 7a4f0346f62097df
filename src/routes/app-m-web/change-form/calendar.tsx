import { createFileRoute } from '@tanstack/react-router';
import { SheetPlaceholder } from '../../../components/placeholder-screen';

export const Route = createFileRoute('/app-m-web/change-form/calendar')({
  staticData: { routeName: 'change-form-calendar' },
  component: ChangeFormCalendarSheet,
});

function ChangeFormCalendarSheet() {
  return <SheetPlaceholder title="Pilih Tanggal" />;
}
