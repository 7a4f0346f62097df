import { z } from 'zod';
import type { ScheduleDetailKey } from '../../../api/schedule-detail-queries';
import { isCalendarDate } from '../../../lib/format';

/**
 * The schedule's key in a detail URL (the list's detail child and the standalone page). A missing
 * or bad value becomes undefined and the detail explains it, so a hand-made link never crashes.
 */
export const detailScheduleSearchSchema = z.object({
  operator_code: z.string().min(1).optional().catch(undefined),
  schedule_code: z.string().min(1).optional().catch(undefined),
  date: z.string().refine(isCalendarDate).optional().catch(undefined),
});

/** The three values that name a schedule on a day; any may be missing from a hand-made URL. */
export type PartialScheduleDetailKey = {
  [K in keyof ScheduleDetailKey]?: ScheduleDetailKey[K] | undefined;
};

export function completeDetailKey(key: PartialScheduleDetailKey): ScheduleDetailKey | null {
  if (!key.operatorCode || !key.scheduleCode || !key.date) return null;
  return { operatorCode: key.operatorCode, scheduleCode: key.scheduleCode, date: key.date };
}

/** Search params -> key: the routes keep the wire names of the spec's route table. */
export function detailKeyFromSearch(search: {
  operator_code?: string | undefined;
  schedule_code?: string | undefined;
  date?: string | undefined;
}): PartialScheduleDetailKey {
  return { operatorCode: search.operator_code, scheduleCode: search.schedule_code, date: search.date };
}
