import { createFileRoute } from '@tanstack/react-router';
import { PlaceholderScreen } from '../../components/placeholder-screen';
import { isReturnParam } from '../../lib/schedule-search';

export const Route = createFileRoute('/app/info-select-seat/{-$return}')({
  staticData: { routeName: 'info-select-seat' },
  component: InfoSelectSeatScreen,
});

function InfoSelectSeatScreen() {
  const isReturn = isReturnParam(Route.useParams().return);
  return (
    <PlaceholderScreen title={isReturn ? 'Informasi Kursi Pulang' : 'Informasi Kursi Pergi'} isReturn={isReturn} />
  );
}
