import { useNavigate } from '@tanstack/react-router';
import { isReturnParam, type ScheduleSearch } from '../../../lib/schedule-search';
import { FilterSheet } from '../schedule-sheet';
import { FilterPanel, type FilterSection } from './panel';

/**
 * The schedule list's filter children (`filter/:type?`, `filter-mitra`): the filter panel in a
 * sheet whose every change rewrites the list's URL in place.
 */
export function ScheduleFilterSheet({
  title,
  section,
  idPrefix,
  returnParam,
  search,
  resetSearch,
}: {
  title: string;
  section: FilterSection;
  idPrefix: string;
  returnParam: string | undefined;
  search: ScheduleSearch;
  /** What "Reset" leaves of the search. */
  resetSearch: (search: ScheduleSearch) => ScheduleSearch;
}) {
  const navigate = useNavigate({ from: '/app/schedule/{-$return}' });
  // Changes stay on this sheet's own route, so the sheet stays open while the list behind updates.
  const update = useNavigate();
  const inPlace = { replace: true, resetScroll: false } as const;
  return (
    <FilterSheet
      title={title}
      onClosed={() =>
        void navigate({
          to: '/app/schedule/{-$return}',
          params: { return: returnParam },
          search: (previous) => previous,
          ...inPlace,
        })
      }
    >
      <FilterPanel
        search={search}
        isReturn={isReturnParam(returnParam)}
        section={section}
        idPrefix={idPrefix}
        onChange={(patch) => void update({ to: '.', search: { ...search, ...patch }, ...inPlace })}
        onReset={() => void update({ to: '.', search: resetSearch(search), ...inPlace })}
      />
    </FilterSheet>
  );
}
