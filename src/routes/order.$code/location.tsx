import { createFileRoute } from '@tanstack/react-router';
import { SheetPlaceholder } from '../../components/placeholder-screen';

export const Route = createFileRoute('/order/$code/location')({
  staticData: { routeName: 'detail-order-guest-location' },
  component: DetailOrderGuestLocationSheet,
});

function DetailOrderGuestLocationSheet() {
  return <SheetPlaceholder title="Lokasi" />;
}
