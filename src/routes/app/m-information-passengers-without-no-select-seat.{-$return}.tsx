import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { FIRST_CONNECTING_ROUTE, RETURN_PASSENGERS_SA } from '../../../machines/constants';
import { preloadAppFlow } from '../../flow/app-flow';
import { PassengerFormScreen } from '../../features/booking/passenger-form-screen';
import { isReturnParam } from '../../lib/schedule-search';

/** sa=2: load the return passengers; connecting_route: the leg (from 1) of a connecting trip. */
const searchSchema = z.object({
  sa: z.number().int().optional().catch(undefined),
  connecting_route: z.number().int().min(FIRST_CONNECTING_ROUTE).optional().catch(undefined),
});

export const Route = createFileRoute('/app/m-information-passengers-without-no-select-seat/{-$return}')({
  staticData: { routeName: 'm-information-passengers-no-select-seat' },
  validateSearch: searchSchema,
  loader: async () => {
    await preloadAppFlow().catch(() => undefined);
  },
  component: MInformationPassengersNoSelectSeatScreen,
});

function MInformationPassengersNoSelectSeatScreen() {
  const { connecting_route: route = FIRST_CONNECTING_ROUTE, sa } = Route.useSearch();
  // sa=2 loads the return passengers (spec section 2), like the return param.
  const direction = isReturnParam(Route.useParams().return) || sa === RETURN_PASSENGERS_SA ? 'pulang' : 'pergi';
  return <PassengerFormScreen direction={direction} legIndex={route - FIRST_CONNECTING_ROUTE} />;
}
