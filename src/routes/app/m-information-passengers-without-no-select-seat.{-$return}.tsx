import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { PlaceholderScreen } from '../../components/placeholder-screen';
import { isReturnParam } from '../../lib/schedule-search';

/** sa=2: load the return passengers (spec section 2, passenger form). */
const searchSchema = z.object({
  sa: z.number().int().optional().catch(undefined),
});

export const Route = createFileRoute('/app/m-information-passengers-without-no-select-seat/{-$return}')({
  staticData: { routeName: 'm-information-passengers-no-select-seat' },
  validateSearch: searchSchema,
  component: MInformationPassengersNoSelectSeatScreen,
});

function MInformationPassengersNoSelectSeatScreen() {
  const isReturn = isReturnParam(Route.useParams().return);
  return <PlaceholderScreen title={isReturn ? 'Form Penumpang Pulang' : 'Form Penumpang Pergi'} isReturn={isReturn} />;
}
