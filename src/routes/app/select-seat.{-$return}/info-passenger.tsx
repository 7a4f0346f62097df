import { createFileRoute } from '@tanstack/react-router';
import { SheetPlaceholder } from '../../../components/placeholder-screen';

export const Route = createFileRoute('/app/select-seat/{-$return}/info-passenger')({
  staticData: { routeName: 'info-passenger' },
  component: InfoPassengerSheet,
});

function InfoPassengerSheet() {
  return <SheetPlaceholder title="Informasi Penumpang" />;
}
