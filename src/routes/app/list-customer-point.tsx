import { createFileRoute } from '@tanstack/react-router';
import { accountPointHistoryQueryOptions, accountPointsQueryOptions } from '../../api/account-queries';
import { PointsScreen } from '../../features/account/points-screen';
import { isSignedIn } from '../../platform/session';

export const Route = createFileRoute('/app/list-customer-point')({
  staticData: { routeName: 'list-customer-point' },
  loader: ({ context }) => {
    if (!isSignedIn()) return;
    void context.queryClient.prefetchQuery(accountPointsQueryOptions());
    void context.queryClient.prefetchInfiniteQuery(accountPointHistoryQueryOptions());
  },
  component: PointsScreen,
});
