import { createFileRoute } from '@tanstack/react-router';
import { searchJadwalInfiniteQueryOptions } from '../api/queries';
import { isReturnParam, isSamePlace, scheduleSearchSchema, toScheduleSearchParams } from '../lib/schedule-search';
import { ScheduleScreen } from './app/-components/schedule-screen';

/** Spec section 2: `/tiket-bus/:return?` is an alias of the schedule list. */
export const Route = createFileRoute('/tiket-bus/{-$return}')({
  staticData: { routeName: 'schedule' },
  validateSearch: scheduleSearchSchema,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps, params }) => {
    if (isSamePlace(deps)) return;
    void context.queryClient.prefetchInfiniteQuery(
      searchJadwalInfiniteQueryOptions(toScheduleSearchParams(deps, isReturnParam(params.return))),
    );
  },
  component: TiketBusRoute,
});

function TiketBusRoute() {
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
