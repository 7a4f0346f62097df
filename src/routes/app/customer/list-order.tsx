import { createFileRoute } from '@tanstack/react-router';
import { accountOrdersQueryOptions } from '../../../api/account-queries';
import { OrdersScreen } from '../../../features/account/orders-screen';
import { isSignedIn } from '../../../platform/session';

export const Route = createFileRoute('/app/customer/list-order')({
  staticData: { routeName: 'customer-list-order' },
  loader: ({ context }) => {
    if (isSignedIn()) void context.queryClient.prefetchInfiniteQuery(accountOrdersQueryOptions('active'));
  },
  component: OrdersScreen,
});
