import { createFileRoute } from '@tanstack/react-router';
import { SheetPlaceholder } from '../../../components/placeholder-screen';

export const Route = createFileRoute('/app/information-passengers/info-passenger-order')({
  staticData: { routeName: 'info-passenger-order' },
  component: InfoPassengerOrderSheet,
});

function InfoPassengerOrderSheet() {
  return <SheetPlaceholder title="Informasi Penumpang" />;
}
