import { createFileRoute } from '@tanstack/react-router';
import { SheetPlaceholder } from '../../../components/placeholder-screen';

export const Route = createFileRoute('/app/order/$code/change-payment')({
  staticData: { routeName: 'detail-order-change-payment' },
  component: DetailOrderChangePaymentSheet,
});

function DetailOrderChangePaymentSheet() {
  return <SheetPlaceholder title="Ganti Metode Pembayaran" />;
}
