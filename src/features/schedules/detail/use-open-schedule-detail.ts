import { useCallback } from 'react';
import { useParams, useSearch } from '@tanstack/react-router';
import type { ScheduleDetailKey } from '../../../api/schedule-detail-queries';
import { useDelayedNavigation } from '../../../flow/app-flow';
import { toQueryValues } from '../../../lib/schedule-search';

/**
 * Opens the schedule detail sheet over the schedule list, keeping the list's params and search.
 * Spec: navigating to schedule detail is delayed 200 ms (the card's press feedback shows first);
 * the wait is the delayed-navigation machine's, and a second press restarts it.
 */
export function useOpenScheduleDetail() {
  // Called from the schedule list or one of its sheets; read loosely so a card drawn elsewhere
  // (a test, a later screen) does not throw.
  const params = useParams({ strict: false }) as { return?: string };
  const search = useSearch({ strict: false }) as Record<string, unknown>;
  const delayed = useDelayedNavigation();
  return useCallback(
    (key: ScheduleDetailKey) =>
      delayed({
        type: 'detail.open',
        intent: {
          kind: 'route',
          name: 'detail-schedule',
          params: params.return ? { return: params.return } : {},
          search: {
            ...toQueryValues(search),
            operator_code: key.operatorCode,
            schedule_code: key.scheduleCode,
            date: key.date,
          },
        },
      }),
    [delayed, params.return, search],
  );
}
