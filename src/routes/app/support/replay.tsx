import { createFileRoute } from '@tanstack/react-router';
import { ReplayScreen } from '../../../features/support/replay-screen';

/** Beyond the spec (issue 10): the support team's replay of a customer's trace. */
export const Route = createFileRoute('/app/support/replay')({
  staticData: { routeName: 'support-replay' },
  component: ReplayScreen,
});
