import { createFileRoute } from '@tanstack/react-router';
import { accountProfileQueryOptions } from '../../../api/account-queries';
import { ProfileScreen } from '../../../features/account/profile-screen';
import { preloadAppFlow } from '../../../flow/app-flow';
import { isSignedIn } from '../../../platform/session';

export const Route = createFileRoute('/app/customer/profile')({
  staticData: { routeName: 'customer-profile' },
  // The read starts without blocking; the toaster (the flow's) is ready before the screen.
  loader: async ({ context }) => {
    if (isSignedIn()) void context.queryClient.prefetchQuery(accountProfileQueryOptions());
    await preloadAppFlow().catch(() => undefined);
  },
  component: ProfileScreen,
});
