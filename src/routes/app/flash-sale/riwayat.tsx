import { createFileRoute } from '@tanstack/react-router';
import { flashSaleHistoryQueryOptions } from '../../../api/flash-sale-queries';
import { FlashSaleHistoryScreen } from '../../../features/flash-sale/history-screen';
import { isSignedIn } from '../../../platform/session';

export const Route = createFileRoute('/app/flash-sale/riwayat')({
  staticData: { routeName: 'flash-sale-history' },
  loader: ({ context }) => {
    if (isSignedIn()) void context.queryClient.prefetchInfiniteQuery(flashSaleHistoryQueryOptions());
  },
  component: FlashSaleHistoryScreen,
});
