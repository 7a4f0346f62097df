import { createFileRoute } from '@tanstack/react-router';
import { ChangePaymentSheet } from '../../../features/payment/change-payment-sheet';
import { preloadBookingActor } from '../../../flow/booking-actor';

export const Route = createFileRoute('/app/order/$code/change-payment')({
  staticData: { routeName: 'detail-order-change-payment' },
  loader: () => preloadBookingActor().catch(() => undefined),
  component: DetailOrderChangePaymentSheet,
});

function DetailOrderChangePaymentSheet() {
  const code = Route.useParams().code.toUpperCase();
  return <ChangePaymentSheet key={code} code={code} />;
}
