import { createFileRoute } from '@tanstack/react-router';
import { PlaceholderScreen } from '../../components/placeholder-screen';

export const Route = createFileRoute('/app/maps')({
  staticData: { routeName: 'maps' },
  component: MapsScreen,
});

function MapsScreen() {
  return <PlaceholderScreen title="Peta Lokasi" />;
}
