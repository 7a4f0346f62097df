import { createFileRoute } from '@tanstack/react-router';
import { ChangePaymentSheet } from '../../../features/payment/change-payment-sheet';

export const Route = createFileRoute('/app/payment-order/$code/change-payment')({
  staticData: { routeName: 'payment-order-change-payment' },
  component: PaymentOrderChangePaymentSheet,
});

function PaymentOrderChangePaymentSheet() {
  const code = Route.useParams().code.toUpperCase();
  return <ChangePaymentSheet key={code} code={code} />;
}
