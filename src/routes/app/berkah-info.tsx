import { createFileRoute } from '@tanstack/react-router';
import { PlaceholderScreen } from '../../components/placeholder-screen';

export const Route = createFileRoute('/app/berkah-info')({
  staticData: { routeName: 'berkah-info' },
  component: BerkahInfoScreen,
});

function BerkahInfoScreen() {
  return <PlaceholderScreen title="Donasi Berkah" />;
}
