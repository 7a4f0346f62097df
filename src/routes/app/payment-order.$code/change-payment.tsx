import { createFileRoute } from '@tanstack/react-router';
import { SheetPlaceholder } from '../../../components/placeholder-screen';

export const Route = createFileRoute('/app/payment-order/$code/change-payment')({
  staticData: { routeName: 'payment-order-change-payment' },
  component: PaymentOrderChangePaymentSheet,
});

function PaymentOrderChangePaymentSheet() {
  return <SheetPlaceholder title="Ganti Metode Pembayaran" />;
}
