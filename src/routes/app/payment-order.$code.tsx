import { createFileRoute, Outlet } from '@tanstack/react-router';
import { orderDetailQueryOptions } from '../../api/order-queries';
import { paymentMethodsQueryOptions } from '../../api/payment-queries';
import { CheckoutScreen } from '../../features/payment/checkout-screen';
import { preloadAppFlow } from '../../flow/app-flow';

export const Route = createFileRoute('/app/payment-order/$code')({
  staticData: { routeName: 'payment-order' },
  loader: async ({ context, params }) => {
    void context.queryClient.prefetchQuery(orderDetailQueryOptions(params.code));
    void context.queryClient.prefetchQuery(paymentMethodsQueryOptions(params.code));
    await preloadAppFlow().catch(() => undefined);
  },
  component: PaymentOrderRoute,
});

/** Mobile's page after booking: the chooser for an unpaid order, Lunas and the ticket once paid. */
function PaymentOrderRoute() {
  const code = Route.useParams().code.toUpperCase();
  return (
    <>
      <CheckoutScreen key={code} code={code} />
      <Outlet />
    </>
  );
}
