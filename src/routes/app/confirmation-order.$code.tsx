import { createFileRoute } from '@tanstack/react-router';
import { orderDetailQueryOptions } from '../../api/order-queries';
import { paymentMethodsQueryOptions } from '../../api/payment-queries';
import { CheckoutScreen } from '../../features/payment/checkout-screen';
import { preloadAppFlow } from '../../flow/app-flow';

export const Route = createFileRoute('/app/confirmation-order/$code')({
  staticData: { routeName: 'confirmation-payment-order' },
  // Starts both reads without blocking: the page shows skeletons until they land. The flow's code
  // (inspector for navigation and toasts) is awaited, a small local chunk.
  loader: async ({ context, params }) => {
    void context.queryClient.prefetchQuery(orderDetailQueryOptions(params.code));
    void context.queryClient.prefetchQuery(paymentMethodsQueryOptions(params.code));
    await preloadAppFlow().catch(() => undefined);
  },
  component: ConfirmationPaymentOrderRoute,
});

function ConfirmationPaymentOrderRoute() {
  const code = Route.useParams().code.toUpperCase();
  return <CheckoutScreen key={code} code={code} />;
}
