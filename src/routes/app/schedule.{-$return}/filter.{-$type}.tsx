import { createFileRoute } from '@tanstack/react-router';
import { withoutFilters } from '../../../lib/schedule-search';
import type { FilterSection } from '../../../features/schedules/filter/panel';
import { ScheduleFilterSheet } from '../../../features/schedules/filter/sheet';

/** `filter/operator` (or `filter/mitra`) shows only the operator list; anything else, every filter. */
function sectionOf(type: string | undefined): FilterSection {
  return type === 'operator' || type === 'mitra' ? 'operator' : 'all';
}

export const Route = createFileRoute('/app/schedule/{-$return}/filter/{-$type}')({
  staticData: { routeName: 'filter' },
  component: FilterScheduleSheet,
});

function FilterScheduleSheet() {
  const { return: returnParam, type } = Route.useParams();
  const section = sectionOf(type);
  return (
    <ScheduleFilterSheet
      title={section === 'operator' ? 'Filter Operator' : 'Filter Jadwal'}
      section={section}
      idPrefix="sheet"
      returnParam={returnParam}
      search={Route.useSearch()}
      resetSearch={withoutFilters}
    />
  );
}
