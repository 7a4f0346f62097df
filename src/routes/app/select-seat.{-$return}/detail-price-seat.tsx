import { createFileRoute } from '@tanstack/react-router';
import { DetailPriceSeatSheet } from '../../../features/seats/seat-sheets';
import { isReturnParam } from '../../../lib/schedule-search';

export const Route = createFileRoute('/app/select-seat/{-$return}/detail-price-seat')({
  staticData: { routeName: 'detail-price-seat' },
  component: DetailPriceSeatRoute,
});

function DetailPriceSeatRoute() {
  const isReturn = isReturnParam(Route.useParams().return);
  return <DetailPriceSeatSheet direction={isReturn ? 'pulang' : 'pergi'} />;
}
