import { createFileRoute, Outlet } from '@tanstack/react-router';
import { z } from 'zod';
import { preloadAppFlow } from '../../flow/app-flow';
import { BookingPage } from '../../features/booking/booking-page';

const ENTRY_SOURCES = [
  'schedule',
  'partner-schedule',
  'schedule-standalone',
  'select-seat',
  'detail-reservation',
  'customer-order',
  'payment-confirmation',
  'other',
] as const;

/** sa: the page was opened with `sa` (recompute the price); from: where it was entered from. */
const searchSchema = z.object({
  sa: z.number().int().optional().catch(undefined),
  from: z.enum(ENTRY_SOURCES).optional().catch(undefined),
});

export const Route = createFileRoute('/app/information-passengers')({
  staticData: { routeName: 'information-passengers' },
  validateSearch: searchSchema,
  // The booking flow's code (a small local chunk) is ready before the page draws.
  loader: async () => {
    await preloadAppFlow().catch(() => undefined);
  },
  component: InformationPassengersRoute,
});

function InformationPassengersRoute() {
  const { sa, from } = Route.useSearch();
  return (
    <BookingPage from={from ?? 'schedule'} sa={sa !== undefined}>
      <Outlet />
    </BookingPage>
  );
}
