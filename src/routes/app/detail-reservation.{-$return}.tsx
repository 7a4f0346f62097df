import { createFileRoute } from '@tanstack/react-router';
import { PlaceholderScreen } from '../../components/placeholder-screen';
import { isReturnParam } from '../../lib/schedule-search';

export const Route = createFileRoute('/app/detail-reservation/{-$return}')({
  staticData: { routeName: 'detail-reservation' },
  component: DetailReservationScreen,
});

function DetailReservationScreen() {
  const isReturn = isReturnParam(Route.useParams().return);
  return (
    <PlaceholderScreen title={isReturn ? 'Detail Reservasi Pulang' : 'Detail Reservasi Pergi'} isReturn={isReturn} />
  );
}
