import { createFileRoute } from '@tanstack/react-router';
import { SheetPlaceholder } from '../../components/placeholder-screen';

export const Route = createFileRoute('/order/$code/change-payment')({
  staticData: { routeName: 'detail-order-guest-change-payment' },
  component: DetailOrderGuestChangePaymentSheet,
});

function DetailOrderGuestChangePaymentSheet() {
  return <SheetPlaceholder title="Ganti Metode Pembayaran" />;
}
