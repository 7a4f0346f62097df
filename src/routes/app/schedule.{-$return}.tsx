import { createFileRoute } from '@tanstack/react-router';
import { searchJadwalInfiniteQueryOptions } from '../../api/queries';
import { isReturnParam, isSamePlace, scheduleSearchSchema, toScheduleSearchParams } from '../../lib/schedule-search';
import { ScheduleScreen } from './-components/schedule-screen';

export const Route = createFileRoute('/app/schedule/{-$return}')({
  staticData: { routeName: 'schedule' },
  validateSearch: scheduleSearchSchema,
  loaderDeps: ({ search }) => search,
  // Starts the search without blocking the page: the list shows skeletons until it lands.
  loader: ({ context, deps, params }) => {
    if (isSamePlace(deps)) return;
    void context.queryClient.prefetchInfiniteQuery(
      searchJadwalInfiniteQueryOptions(toScheduleSearchParams(deps, isReturnParam(params.return))),
    );
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
        })
      }
    />
  );
}
