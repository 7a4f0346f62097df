import { createFileRoute } from '@tanstack/react-router';
import { InfoPassengerSheet } from '../../../features/seats/seat-sheets';
import { isReturnParam } from '../../../lib/schedule-search';

export const Route = createFileRoute('/app/select-seat/{-$return}/info-passenger')({
  staticData: { routeName: 'info-passenger' },
  component: InfoPassengerRoute,
});

function InfoPassengerRoute() {
  const isReturn = isReturnParam(Route.useParams().return);
  return <InfoPassengerSheet direction={isReturn ? 'pulang' : 'pergi'} />;
}
