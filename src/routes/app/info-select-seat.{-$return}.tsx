import { createFileRoute } from '@tanstack/react-router';
import { SeatInfoScreen } from '../../features/seats/seat-info-screen';
import { preloadAppFlow } from '../../flow/app-flow';
import { isReturnParam } from '../../lib/schedule-search';

export const Route = createFileRoute('/app/info-select-seat/{-$return}')({
  staticData: { routeName: 'info-select-seat' },
  // The seats shown live in the booking flow: its code is loaded before the page shows.
  loader: async () => {
    await preloadAppFlow();
  },
  component: InfoSelectSeatRoute,
});

function InfoSelectSeatRoute() {
  const isReturn = isReturnParam(Route.useParams().return);
  return <SeatInfoScreen direction={isReturn ? 'pulang' : 'pergi'} />;
}
