import { createFileRoute, Outlet } from '@tanstack/react-router';
import { z } from 'zod';
import { isCalendarDate } from '../../lib/format';
import { PlaceholderScreen } from '../../components/placeholder-screen';

/** Opened from a trip card or by a native host: which schedule to show (appbar comes from the root). */
const searchSchema = z.object({
  operator_code: z.string().min(1).optional().catch(undefined),
  schedule_code: z.string().min(1).optional().catch(undefined),
  date: z.string().refine(isCalendarDate).optional().catch(undefined),
});

export const Route = createFileRoute('/app/detail-schedule-standalone')({
  staticData: { routeName: 'detail-schedule-standalone' },
  validateSearch: searchSchema,
  component: DetailScheduleStandaloneScreen,
});

function DetailScheduleStandaloneScreen() {
  return (
    <PlaceholderScreen title="Detail Jadwal">
      <Outlet />
    </PlaceholderScreen>
  );
}
