import { createFileRoute, Outlet } from '@tanstack/react-router';
import { orderDetailQueryOptions } from '../../api/order-queries';
import { OrderScreen } from '../../features/order/order-screen';
import { preloadAppFlow } from '../../flow/app-flow';

export const Route = createFileRoute('/app/order/$code')({
  staticData: { routeName: 'detail-order' },
  // Starts the read without blocking; the machine's first read takes it. The flow's code (XState,
  // the toaster) is awaited so the screen never suspends on it.
  loader: async ({ context, params }) => {
    void context.queryClient.prefetchQuery(orderDetailQueryOptions(params.code));
    await preloadAppFlow().catch(() => undefined);
  },
  component: DetailOrderRoute,
});

function DetailOrderRoute() {
  const { code } = Route.useParams();
  return (
    <OrderScreen key={code} code={code} guest={false}>
      <Outlet />
    </OrderScreen>
  );
}
