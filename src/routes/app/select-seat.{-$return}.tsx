import { createFileRoute, Outlet } from '@tanstack/react-router';
import { z } from 'zod';
import { FIRST_CONNECTING_ROUTE } from '../../../machines/constants';
import { SeatScreen } from '../../features/seats/seat-screen';
import { preloadAppFlow } from '../../flow/app-flow';
import { isReturnParam } from '../../lib/schedule-search';

/**
 * sa: load return passengers; connecting_route: leg number (from 1); type: set after a seat
 * conflict on mobile (spec section 8, RSV-2; the booking machine's SEAT_CONFLICT_SEARCH_TYPE).
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
  const isReturn = isReturnParam(Route.useParams().return);
  const { type } = Route.useSearch();
  return (
    <SeatScreen direction={isReturn ? 'pulang' : 'pergi'} conflict={type === 'fallback-confirmation-order'}>
      <Outlet />
    </SeatScreen>
  );
}
