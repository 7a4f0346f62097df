import { createFileRoute } from '@tanstack/react-router';
import { PlaceholderScreen } from '../../components/placeholder-screen';

export const Route = createFileRoute('/app/terms-condition-standalone')({
  staticData: { routeName: 'terms-condition-standalone' },
  component: TermsConditionStandaloneScreen,
});

function TermsConditionStandaloneScreen() {
  return <PlaceholderScreen title="Syarat & Ketentuan" />;
}
