import { createFileRoute } from '@tanstack/react-router';
import { ScheduleFilterSheet } from '../../../features/schedules/filter/sheet';

/** Partner (mitra) filter: the operator list of list-filter-search-jadwal on its own. */
export const Route = createFileRoute('/app/schedule/{-$return}/filter-mitra')({
  staticData: { routeName: 'filter-mitra' },
  component: FilterMitraSheet,
});

function FilterMitraSheet() {
  return (
    <ScheduleFilterSheet
      title="Filter Mitra"
      section="operator"
      idPrefix="mitra"
      returnParam={Route.useParams().return}
      search={Route.useSearch()}
      resetSearch={(search) => ({ ...search, operator: undefined })}
    />
  );
}
