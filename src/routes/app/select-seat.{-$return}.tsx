import { createFileRoute, Outlet } from '@tanstack/react-router';
import { z } from 'zod';
import { FIRST_CONNECTING_ROUTE } from '../../../machines/constants';
import { PlaceholderScreen } from '../../components/placeholder-screen';
import { isReturnParam } from '../../lib/schedule-search';

/**
 * sa: load return passengers; connecting_route: leg number (from 1); type: set after a seat
 * conflict on mobile (spec section 8, RSV-2).
 */
const searchSchema = z.object({
  sa: z.number().int().optional().catch(undefined),
  connecting_route: z.number().int().min(FIRST_CONNECTING_ROUTE).optional().catch(undefined),
  type: z.literal('fallback-confirmation-order').optional().catch(undefined),
});

export const Route = createFileRoute('/app/select-seat/{-$return}')({
  staticData: { routeName: 'select-seat' },
  validateSearch: searchSchema,
  component: SelectSeatScreen,
});

function SelectSeatScreen() {
  const isReturn = isReturnParam(Route.useParams().return);
  return (
    <PlaceholderScreen title={isReturn ? 'Pilih Posisi Duduk Pulang' : 'Pilih Posisi Duduk Pergi'} isReturn={isReturn}>
      <Outlet />
    </PlaceholderScreen>
  );
}
