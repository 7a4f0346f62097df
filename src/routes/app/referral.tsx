import { createFileRoute } from '@tanstack/react-router';
import { referralQueryOptions } from '../../api/account-queries';
import { ReferralScreen } from '../../features/account/referral-screen';
import { isSignedIn } from '../../platform/session';

export const Route = createFileRoute('/app/referral')({
  staticData: { routeName: 'referral' },
  loader: ({ context }) => {
    if (isSignedIn()) void context.queryClient.prefetchQuery(referralQueryOptions());
  },
  component: ReferralScreen,
});
