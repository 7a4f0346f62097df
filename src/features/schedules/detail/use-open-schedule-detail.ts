import { useCallback, useEffect, useRef } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { SCHEDULE_DETAIL_NAVIGATION_DELAY_MS } from '../../../../machines/constants';
import type { ScheduleDetailKey } from '../../../api/schedule-detail-queries';

/**
 * Opens the schedule detail sheet over the schedule list. Spec: navigating to schedule detail is
 * delayed 200 ms (the card's press feedback shows first). A second press restarts the wait.
 */
export function useOpenScheduleDetail() {
  // Called from the schedule list (or one of its sheets): keep its params and search.
  const navigate = useNavigate({ from: '/app/schedule/{-$return}' });
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  return useCallback(
    (key: ScheduleDetailKey) => {
      clearTimeout(timer.current);
      timer.current = setTimeout(() => {
        void navigate({
          to: '/app/schedule/{-$return}/detail-schedule',
          params: (previous) => previous,
          search: (previous) => ({
            ...previous,
            operator_code: key.operatorCode,
            schedule_code: key.scheduleCode,
            date: key.date,
          }),
        });
      }, SCHEDULE_DETAIL_NAVIGATION_DELAY_MS);
    },
    [navigate],
  );
}
