import { createFileRoute } from '@tanstack/react-router';
import { isReturnParam } from '../../../lib/schedule-search';
import { FilterPanel } from '../-components/filter-panel';
import { FilterSheet } from '../-components/filter-sheet';

/** Partner (mitra) filter: the operator list of list-filter-search-jadwal on its own. */
export const Route = createFileRoute('/app/schedule/{-$return}/filter-mitra')({
  staticData: { routeName: 'filter-mitra' },
  component: FilterMitraSheet,
});

function FilterMitraSheet() {
  const search = Route.useSearch();
  const { return: back } = Route.useParams();
  const navigate = Route.useNavigate();
  return (
    <FilterSheet
      title="Filter Mitra"
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
        section="operator"
        idPrefix="mitra"
        onChange={(patch) =>
          void navigate({ search: (previous) => ({ ...previous, ...patch }), replace: true, resetScroll: false })
        }
        onReset={() =>
          void navigate({
            search: (previous) => ({ ...previous, operator: undefined }),
            replace: true,
            resetScroll: false,
          })
        }
      />
    </FilterSheet>
  );
}
