import { createFileRoute } from '@tanstack/react-router';
import { searchJadwalInfiniteQueryOptions } from '../../api/queries';
import { preloadAppFlow } from '../../flow/app-flow';
import {
  isReturnParam,
  isSamePlace,
  scheduleSearchSchema,
  toScheduleSearchParams,
  withoutFilters,
} from '../../lib/schedule-search';
import { ScheduleScreen } from '../../features/schedules/schedule-screen';

export const Route = createFileRoute('/app/schedule/{-$return}')({
  staticData: { routeName: 'schedule' },
  validateSearch: scheduleSearchSchema,
  loaderDeps: ({ search }) => search,
  // Starts the search without blocking the page: the list shows skeletons until it lands.
  // The booking flow's code is awaited (a small local chunk) so "Pilih" never waits for it.
  loader: async ({ context, deps, params }) => {
    if (!isSamePlace(deps)) {
      void context.queryClient.prefetchInfiniteQuery(
        searchJadwalInfiniteQueryOptions(toScheduleSearchParams(deps, isReturnParam(params.return))),
      );
    }
    // A failed load must not hide the list: the first "Pilih" loads it again.
    await preloadAppFlow().catch(() => undefined);
  },
  component: ScheduleRoute,
});

function ScheduleRoute() {
  const search = Route.useSearch();
  const isReturn = isReturnParam(Route.useParams().return);
  const navigate = Route.useNavigate();
  return (
    <ScheduleScreen
      search={search}
      isReturn={isReturn}
      onDateChange={(date) =>
        void navigate({
          search: (previous) => (isReturn ? { ...previous, tanggal_pulang: date } : { ...previous, tanggal: date }),
          resetScroll: false,
        })
      }
      onFiltersChange={(patch) =>
        void navigate({ search: (previous) => ({ ...previous, ...patch }), replace: true, resetScroll: false })
      }
      onFiltersReset={() =>
        void navigate({ search: (previous) => withoutFilters(previous), replace: true, resetScroll: false })
      }
    />
  );
}
