import { createFileRoute } from '@tanstack/react-router';
import { PlaceholderScreen } from '../../components/placeholder-screen';

export const Route = createFileRoute('/app/information-connecting')({
  staticData: { routeName: 'information-connecting' },
  component: InformationConnectingScreen,
});

function InformationConnectingScreen() {
  return <PlaceholderScreen title="Informasi Pindah Armada" />;
}
