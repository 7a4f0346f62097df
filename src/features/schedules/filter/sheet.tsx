import { useNavigate } from '@tanstack/react-router';
import { isReturnParam, type ScheduleSearch } from '../../../lib/schedule-search';
import { FilterPanel, type FilterSection } from './panel';
import type { ReactNode } from 'react';
import { buttonStyles } from '../../../components/button-styles';
import { RouteSheet, useSheetControls } from '../../../components/route-sheet';

/** A button inside the sheet that closes it (through the sheet's machine, with its animation). */
export function SheetCloseButton({ className, children }: { className: string; children: ReactNode }) {
  const { close } = useSheetControls();
  return (
    <button type="button" className={className} onClick={close}>
      {children}
    </button>
  );
}

/**
 * A schedule child route shown as a sheet over the list. Once closed it goes to the list with the
 * search as it is now, never a step back: the filters replaced the sheet's history entry, so
 * going back would undo them.
 */
export function FilterSheet({
  title,
  onClosed,
  children,
  footer,
}: {
  title: string;
  onClosed: () => void;
  children: ReactNode;
  footer?: ReactNode;
}) {
  return (
    <RouteSheet
      title={title}
      historyBound={false}
      onClosed={onClosed}
      footer={footer ?? <SheetCloseButton className={`${buttonStyles.primary} w-full`}>Lihat Jadwal</SheetCloseButton>}
    >
      {children}
    </RouteSheet>
  );
}

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
