import { createFileRoute } from '@tanstack/react-router';
import { ReservationDetailScreen } from '../../features/booking/reservation-detail-screen';
import { preloadAppFlow } from '../../flow/app-flow';
import { isReturnParam } from '../../lib/schedule-search';

export const Route = createFileRoute('/app/detail-reservation/{-$return}')({
  staticData: { routeName: 'detail-reservation' },
  // The page reads the booking in progress: its flow's code is ready before it renders.
  loader: () => preloadAppFlow().catch(() => undefined),
  component: function DetailReservationRoute() {
    return <ReservationDetailScreen direction={isReturnParam(Route.useParams().return) ? 'pulang' : 'pergi'} />;
  },
});
