import { createFileRoute } from '@tanstack/react-router';
import { isReturnParam, withoutFilters } from '../../../lib/schedule-search';
import { FilterPanel, type FilterSection } from '../-components/filter-panel';
import { FilterSheet } from '../-components/filter-sheet';

/** `filter/operator` (or `filter/mitra`) shows only the operator list; anything else, every filter. */
function sectionOf(type: string | undefined): FilterSection {
  return type === 'operator' || type === 'mitra' ? 'operator' : 'all';
}

export const Route = createFileRoute('/app/schedule/{-$return}/filter/{-$type}')({
  staticData: { routeName: 'filter' },
  component: FilterScheduleSheet,
});

function FilterScheduleSheet() {
  const search = Route.useSearch();
  const { return: back, type } = Route.useParams();
  const navigate = Route.useNavigate();
  const section = sectionOf(type);
  return (
    <FilterSheet
      title={section === 'operator' ? 'Filter Operator' : 'Filter Jadwal'}
      onClose={() =>
        void navigate({
          to: '/app/schedule/{-$return}',
          params: { return: back },
          search: (previous) => previous,
          replace: true,
          resetScroll: false,
        })
      }
    >
      <FilterPanel
        search={search}
        isReturn={isReturnParam(back)}
        section={section}
        idPrefix="sheet"
        onChange={(patch) =>
          void navigate({ search: (previous) => ({ ...previous, ...patch }), replace: true, resetScroll: false })
        }
        onReset={() =>
          void navigate({ search: (previous) => withoutFilters(previous), replace: true, resetScroll: false })
        }
      />
    </FilterSheet>
  );
}
