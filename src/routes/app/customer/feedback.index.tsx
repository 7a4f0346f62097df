import { createFileRoute } from '@tanstack/react-router';
import { feedbackCategoriesQueryOptions, feedbackHistoryQueryOptions } from '../../../api/account-queries';
import { FeedbackScreen } from '../../../features/account/feedback-screen';
import { isSignedIn } from '../../../platform/session';

export const Route = createFileRoute('/app/customer/feedback/')({
  staticData: { routeName: 'customer-feedback' },
  loader: ({ context }) => {
    if (!isSignedIn()) return;
    void context.queryClient.prefetchQuery(feedbackCategoriesQueryOptions());
    void context.queryClient.prefetchInfiniteQuery(feedbackHistoryQueryOptions());
  },
  component: FeedbackScreen,
});
