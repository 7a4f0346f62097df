import { createFileRoute } from '@tanstack/react-router';
import { SheetPlaceholder } from '../../../components/placeholder-screen';

export const Route = createFileRoute('/app/order/$code/location')({
  staticData: { routeName: 'detail-order-location' },
  component: DetailOrderLocationSheet,
});

function DetailOrderLocationSheet() {
  return <SheetPlaceholder title="Lokasi" />;
}
