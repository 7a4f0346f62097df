import { useDeferredValue, useMemo } from 'react';
import type { ScheduleGroupCard } from '../../api/mappers';
import { ScheduleGroup, type ChooseSchedule } from './schedule-card';

/** Departures drawn in the list's first render: more than a phone screen shows under the header. */
export const FIRST_SLICE_ROWS = 4;

/** The first `rows` departures of the list, in whole groups but the last, which may be cut short. */
export function firstSlice(groups: readonly ScheduleGroupCard[], rows: number): ScheduleGroupCard[] {
  const slice: ScheduleGroupCard[] = [];
  let left = rows;
  for (const group of groups) {
    if (left <= 0) break;
    slice.push(group.schedules.length <= left ? group : { ...group, schedules: group.schedules.slice(0, left) });
    left -= group.schedules.length;
  }
  return slice;
}

/**
 * The result cards. A page of results is up to a few hundred elements, one long task on a slow
 * phone: the first render draws the departures of the first screen only, and React draws the rest
 * in a background render right after (useDeferredValue), which yields to the browser, so the page
 * paints and answers taps meanwhile. Later pages come the same way, the ones shown staying put.
 */
export function ScheduleGroupList({
  groups,
  onChoose,
  compact,
}: {
  groups: readonly ScheduleGroupCard[];
  onChoose: ChooseSchedule;
  compact: boolean;
}) {
  const first = useMemo(() => firstSlice(groups, FIRST_SLICE_ROWS), [groups]);
  const shown = useDeferredValue(groups, first);
  // Until the background render lands, a screen reader (and a test) knows the list is not whole yet.
  return (
    <div className="space-y-3" aria-busy={shown !== groups}>
      {shown.map((group) => (
        <ScheduleGroup key={group.key} group={group} onChoose={onChoose} compact={compact} />
      ))}
    </div>
  );
}
