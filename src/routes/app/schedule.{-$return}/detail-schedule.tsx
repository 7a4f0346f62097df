import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { isCalendarDate } from '../../../lib/format';
import { DetailScheduleView, detailKeyFromSearch } from '../-components/detail-schedule-view';
import { DetailSheet } from '../-components/detail-sheet';

/**
 * Adds the schedule's key to the list's own search params (the router merges a child's validated
 * search into its parent's). A missing or bad value becomes undefined and the sheet explains it.
 */
export const detailScheduleSearchSchema = z.object({
  operator_code: z.string().min(1).optional().catch(undefined),
  schedule_code: z.string().min(1).optional().catch(undefined),
  date: z.string().refine(isCalendarDate).optional().catch(undefined),
});

export const Route = createFileRoute('/app/schedule/{-$return}/detail-schedule')({
  staticData: { routeName: 'detail-schedule' },
  validateSearch: detailScheduleSearchSchema,
  component: DetailScheduleSheet,
});

function DetailScheduleSheet() {
  const search = Route.useSearch();
  return (
    <DetailSheet title="Detail Jadwal">
      <DetailScheduleView detailKey={detailKeyFromSearch(search)} />
    </DetailSheet>
  );
}
