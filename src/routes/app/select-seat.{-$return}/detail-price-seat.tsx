import { createFileRoute } from '@tanstack/react-router';
import { SheetPlaceholder } from '../../../components/placeholder-screen';

export const Route = createFileRoute('/app/select-seat/{-$return}/detail-price-seat')({
  staticData: { routeName: 'detail-price-seat' },
  component: DetailPriceSeatSheet,
});

function DetailPriceSeatSheet() {
  return <SheetPlaceholder title="Detail Harga Penumpang" />;
}
