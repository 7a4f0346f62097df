import { createFileRoute, Outlet } from '@tanstack/react-router';
import { orderDetailQueryOptions } from '../api/order-queries';
import { OrderScreen } from '../features/order/order-screen';
import { preloadAppFlow } from '../flow/app-flow';
import { orderKeyOf } from '../platform/order-keys';

export const Route = createFileRoute('/order/$code')({
  staticData: { routeName: 'detail-order-guest' },
  loader: async ({ context, params }) => {
    // Only a browser holding the order's key may read it before the look-up.
    if (orderKeyOf(params.code)) void context.queryClient.prefetchQuery(orderDetailQueryOptions(params.code));
    await preloadAppFlow().catch(() => undefined);
  },
  component: DetailOrderGuestRoute,
});

function DetailOrderGuestRoute() {
  const { code } = Route.useParams();
  return (
    <OrderScreen key={code} code={code} guest>
      <Outlet />
    </OrderScreen>
  );
}
