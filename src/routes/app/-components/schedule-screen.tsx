import { useInfiniteQuery } from '@tanstack/react-query';
import { Link, Outlet } from '@tanstack/react-router';
import { ChevronLeft, ChevronRight, SearchX, WifiOff } from 'lucide-react';
import { friendlyErrorMessage } from '../../../api/errors';
import { isApiError } from '../../../api/client';
import { searchJadwalInfiniteQueryOptions } from '../../../api/queries';
import { buttonStyles } from '../../../components/button-styles';
import { Navbar } from '../../../components/navbar';
import { addDays, formatDateLong, formatDateShort, todayInJakarta } from '../../../lib/format';
import { isSamePlace, toScheduleSearchParams, type ScheduleSearch } from '../../../lib/schedule-search';
import { ScheduleGroup, ScheduleGroupSkeleton } from './schedule-card';

const SKELETON_CARDS = 3;

interface ScheduleScreenProps {
  search: ScheduleSearch;
  isReturn: boolean;
  /** Moves the searched day (departure, or the return day on the return leg). */
  onDateChange: (date: string) => void;
}

/**
 * Schedule list (spec section 2, `/app/schedule/:return?` and its `/tiket-bus` alias): the
 * search-jadwal results grouped by operator, with loading, empty and error states.
 */
export function ScheduleScreen({ search, isReturn, onDateChange }: ScheduleScreenProps) {
  const params = toScheduleSearchParams(search, isReturn);
  const samePlace = isSamePlace(search);
  const query = useInfiniteQuery({ ...searchJadwalInfiniteQueryOptions(params), enabled: !samePlace });

  const firstPage = query.data?.pages[0];
  const groups = query.data?.pages.flatMap((page) => page.groups) ?? [];
  const firstSchedule = groups[0]?.schedules[0];
  const trip = firstSchedule ? `${firstSchedule.departCity} → ${firstSchedule.dropCity} · ` : '';
  const title = isReturn ? 'Pilih Jadwal Pulang' : 'Pilih Jadwal Pergi';

  const changeDate = (days: number) => onDateChange(addDays(params.date, days));
  // The return day cannot be before departure; the outbound day cannot be before today.
  const earliest = isReturn ? search.tanggal : todayInJakarta();
  const canGoEarlier = params.date > earliest;

  return (
    <>
      <Navbar title={title} subtitle={`${trip}${formatDateShort(params.date)}`} isReturn={isReturn} />
      <main id="main" className="mx-auto w-full max-w-3xl flex-1 px-4 pt-3 pb-10">
        <nav
          aria-label="Ganti tanggal"
          className="hairline flex items-center gap-1 rounded-card border-grey-200 bg-white p-1"
        >
          <button
            type="button"
            className={buttonStyles.icon}
            aria-label="Hari sebelumnya"
            disabled={!canGoEarlier}
            onClick={() => changeDate(-1)}
          >
            <ChevronLeft className={canGoEarlier ? 'size-5' : 'size-5 text-grey-300'} aria-hidden="true" />
          </button>
          <p className="flex-1 text-center text-sm font-semibold">
            <span className="sr-only">Tanggal berangkat: </span>
            {formatDateLong(params.date)}
          </p>
          <button
            type="button"
            className={buttonStyles.icon}
            aria-label="Hari berikutnya"
            onClick={() => changeDate(1)}
          >
            <ChevronRight className="size-5" aria-hidden="true" />
          </button>
          <Link to="/" className={`${buttonStyles.ghost} px-3`}>
            Ubah
          </Link>
        </nav>

        <section aria-labelledby="hasil-jadwal" className="mt-4" aria-busy={query.isPending && !samePlace}>
          <h2 id="hasil-jadwal" className="sr-only">
            Hasil pencarian jadwal
          </h2>
          {samePlace ? (
            <EmptyState
              title="Asal dan tujuan tidak boleh sama"
              body="Pilih kota atau pool tujuan yang berbeda dari asal keberangkatan."
            />
          ) : query.isPending ? (
            <div className="space-y-3">
              <p role="status" className="sr-only">
                Memuat jadwal…
              </p>
              {Array.from({ length: SKELETON_CARDS }, (_, index) => (
                <ScheduleGroupSkeleton key={index} />
              ))}
            </div>
          ) : query.isError && groups.length === 0 ? (
            <ErrorState error={query.error} onRetry={() => void query.refetch()} />
          ) : groups.length === 0 ? (
            <EmptyState
              title="Jadwal tidak ditemukan"
              body="Belum ada jadwal untuk rute dan tanggal ini. Coba tanggal lain, atau ubah kota asal dan tujuan."
              onNextDay={() => changeDate(1)}
            />
          ) : (
            <>
              <p role="status" className="mb-3 text-sm text-grey-600">
                {firstPage?.totalSchedules ?? 0} jadwal dari {firstPage?.totalGroups ?? 0} pilihan operator
              </p>
              <div className="space-y-3">
                {groups.map((group) => (
                  <ScheduleGroup key={group.key} group={group} />
                ))}
              </div>
              {query.isFetchNextPageError ? (
                <p role="alert" className="mt-4 text-center text-sm text-danger-700">
                  {friendlyErrorMessage(query.error)}
                </p>
              ) : null}
              {query.hasNextPage ? (
                <div className="mt-4 text-center">
                  <button
                    type="button"
                    className={buttonStyles.secondary}
                    disabled={query.isFetchingNextPage}
                    onClick={() => void query.fetchNextPage()}
                  >
                    {query.isFetchingNextPage ? 'Memuat…' : 'Muat lebih banyak'}
                  </button>
                </div>
              ) : null}
            </>
          )}
        </section>
      </main>
      <Outlet />
    </>
  );
}

function EmptyState({ title, body, onNextDay }: { title: string; body: string; onNextDay?: () => void }) {
  return (
    <div className="hairline rounded-card border-grey-200 bg-white px-6 py-10 text-center">
      <SearchX className="mx-auto size-10 text-primary-600" aria-hidden="true" />
      <p className="mt-3 text-lg font-bold">{title}</p>
      <p className="mx-auto mt-1 max-w-sm text-sm text-grey-600">{body}</p>
      <div className="mt-5 flex flex-wrap justify-center gap-2">
        {onNextDay ? (
          <button type="button" className={buttonStyles.primary} onClick={onNextDay}>
            Cek hari berikutnya
          </button>
        ) : null}
        <Link to="/" className={buttonStyles.secondary}>
          Ubah Pencarian
        </Link>
      </div>
    </div>
  );
}

function ErrorState({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const offline = isApiError(error) && error.code === 'NETWORK';
  return (
    <div role="alert" className="hairline rounded-card border-danger-100 bg-white px-6 py-10 text-center">
      {offline ? (
        <WifiOff className="mx-auto size-10 text-danger-600" aria-hidden="true" />
      ) : (
        <SearchX className="mx-auto size-10 text-danger-600" aria-hidden="true" />
      )}
      <p className="mt-3 text-lg font-bold">Jadwal gagal dimuat</p>
      <p className="mx-auto mt-1 max-w-sm text-sm text-grey-600">{friendlyErrorMessage(error)}</p>
      <button type="button" className={`${buttonStyles.primary} mt-5`} onClick={onRetry}>
        Coba Lagi
      </button>
    </div>
  );
}
