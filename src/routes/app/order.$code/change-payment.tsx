import { createFileRoute } from '@tanstack/react-router';
import { ChangePaymentSheet } from '../../../features/payment/change-payment-sheet';
import { preloadAppFlow } from '../../../flow/app-flow';

export const Route = createFileRoute('/app/order/$code/change-payment')({
  staticData: { routeName: 'detail-order-change-payment' },
  loader: () => preloadAppFlow().catch(() => undefined),
  component: DetailOrderChangePaymentSheet,
});

function DetailOrderChangePaymentSheet() {
  const code = Route.useParams().code.toUpperCase();
  return <ChangePaymentSheet key={code} code={code} />;
}
