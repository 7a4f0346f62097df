import { createFileRoute } from '@tanstack/react-router';
import { donationCommentsQueryOptions, donationSummaryQueryOptions } from '../../api/donation-queries';
import { BerkahInfoScreen } from '../../features/booking/berkah-info-screen';

export const Route = createFileRoute('/app/berkah-info')({
  staticData: { routeName: 'berkah-info' },
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(donationSummaryQueryOptions());
    void context.queryClient.prefetchInfiniteQuery(donationCommentsQueryOptions());
  },
  component: BerkahInfoScreen,
});
