import { useCallback } from 'react';
import { createFileRoute, Outlet } from '@tanstack/react-router';
import { z } from 'zod';
import { FIRST_CONNECTING_ROUTE, RETURN_PASSENGERS_SA } from '../../../machines/constants';
import { SeatScreen } from '../../features/seats/seat-screen';
import { preloadAppFlow } from '../../flow/app-flow';
import { isReturnParam } from '../../lib/schedule-search';

/**
 * sa=2: the return seats, as on the passenger form (spec section 2, "sa=2 means load return
 * passengers"); connecting_route: the leg being chosen (from 1), kept in step with the page; type:
 * set after a seat conflict on mobile (spec section 8, RSV-2; the booking machine's SEAT_CONFLICT_SEARCH_TYPE).
 */
const searchSchema = z.object({
  sa: z.number().int().optional().catch(undefined),
  connecting_route: z.number().int().min(FIRST_CONNECTING_ROUTE).optional().catch(undefined),
  type: z.literal('fallback-confirmation-order').optional().catch(undefined),
});

export const Route = createFileRoute('/app/select-seat/{-$return}')({
  staticData: { routeName: 'select-seat' },
  validateSearch: searchSchema,
  // The seat child lives in the booking flow: its code is loaded before the page shows.
  loader: async () => {
    await preloadAppFlow();
  },
  component: SelectSeatRoute,
});

function SelectSeatRoute() {
  const { type, connecting_route: connectingRoute, sa } = Route.useSearch();
  const isReturn = isReturnParam(Route.useParams().return) || sa === RETURN_PASSENGERS_SA;
  const navigate = Route.useNavigate();
  // The leg changed on the page: the address follows without a history entry of its own.
  const onLegShown = useCallback(
    (leg: number) => void navigate({ search: (prev) => ({ ...prev, connecting_route: leg }), replace: true }),
    [navigate],
  );
  return (
    <SeatScreen
      direction={isReturn ? 'pulang' : 'pergi'}
      conflict={type === 'fallback-confirmation-order'}
      connectingRoute={connectingRoute}
      onLegShown={onLegShown}
    >
      <Outlet />
    </SeatScreen>
  );
}
