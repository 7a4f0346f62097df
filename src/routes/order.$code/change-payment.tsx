import { createFileRoute } from '@tanstack/react-router';
import { ChangePaymentSheet } from '../../features/payment/change-payment-sheet';
import { preloadAppFlow } from '../../flow/app-flow';

export const Route = createFileRoute('/order/$code/change-payment')({
  staticData: { routeName: 'detail-order-guest-change-payment' },
  loader: () => preloadAppFlow().catch(() => undefined),
  component: DetailOrderGuestChangePaymentSheet,
});

/** The guest's key was stored by the guest look-up (orderKeyOf); the sheet needs only the code. */
function DetailOrderGuestChangePaymentSheet() {
  const code = Route.useParams().code.toUpperCase();
  return <ChangePaymentSheet key={code} code={code} />;
}
