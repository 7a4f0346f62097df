import { useMemo } from 'react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Link, Outlet } from '@tanstack/react-router';
import { SearchX, SlidersHorizontal, WifiOff } from 'lucide-react';
import { friendlyErrorMessage } from '../../api/errors';
import { isApiError } from '../../api/client';
import { toTripLegs, type ScheduleCard } from '../../api/mappers';
import { searchJadwalInfiniteQueryOptions } from '../../api/queries';
import { buttonStyles } from '../../components/button-styles';
import { Navbar } from '../../components/navbar';
import { useBookingActor } from '../../flow/app-flow';
import { cx } from '../../lib/cx';
import { addDays, formatDateLong, formatDateShort, todayInJakarta } from '../../lib/format';
import {
  activeFilterCount,
  isSamePlace,
  toScheduleSearchParams,
  withoutFilters,
  toQueryValues,
  type ScheduleSearch,
  type Sort,
  toChangeFormSearch,
  DEFAULT_SCHEDULE_VIEW,
  type ChangeFormSearch,
} from '../../lib/schedule-search';
import { useLayoutMode } from '../../platform/layout-mode';
import { HighlightOperators } from '../operator';
import { DateStrip } from './date-strip/date-strip';
import { FilterPanel, type FilterPatch } from './filter/panel';
import { RoundTripSummary } from './round-trip-summary';
import { ScheduleGroupSkeleton } from './schedule-card';
import { ScheduleGroupList } from './schedule-group-list';
import { ScheduleListSentinel } from './schedule-list-sentinel';

const SKELETON_CARDS = 3;

const SORTS: ReadonlyArray<{ value: Sort; label: string }> = [
  { value: 'berangkat', label: 'Paling Awal' },
  { value: 'termurah', label: 'Termurah' },
];

interface ScheduleScreenProps {
  search: ScheduleSearch;
  isReturn: boolean;
  /** Moves the searched day (departure, or the return day on the return leg). */
  onDateChange: (date: string) => void;
  /** Sets filters or the sort in the URL (undefined clears a key). */
  onFiltersChange: (patch: FilterPatch & { sort?: Sort | undefined }) => void;
  onFiltersReset: () => void;
}

/**
 * Schedule list (spec section 2, `/app/schedule/:return?` and its `/tiket-bus` alias): the
 * search-jadwal results grouped by operator, page after page, with the date strip, filters and
 * sort (all in the URL), and loading, empty and error states.
 */
export function ScheduleScreen({
  search,
  isReturn,
  onDateChange,
  onFiltersChange,
  onFiltersReset,
}: ScheduleScreenProps) {
  const params = toScheduleSearchParams(search, isReturn);
  const samePlace = isSamePlace(search);
  const query = useInfiniteQuery({ ...searchJadwalInfiniteQueryOptions(params), enabled: !samePlace });
  const layout = useLayoutMode();
  const booking = useBookingActor();

  const firstPage = query.data?.pages[0];
  // One array per answer, not per render: the list defers drawing a new one (ScheduleGroupList).
  const pages = query.data?.pages;
  const groups = useMemo(() => pages?.flatMap((page) => page.groups) ?? [], [pages]);
  const firstSchedule = groups[0]?.schedules[0];
  const trip = firstSchedule ? `${firstSchedule.departCity} → ${firstSchedule.dropCity} · ` : '';
  const changeSearch = toChangeFormSearch(search, isReturn, firstSchedule);
  const title = isReturn ? 'Pilih Jadwal Pulang' : 'Pilih Jadwal Pergi';
  const filtersOn = activeFilterCount(search);
  const sort = search.sort ?? 'berangkat';

  // The return day cannot be before departure; the outbound day cannot be before today.
  const earliest = isReturn ? search.tanggal : todayInJakarta();
  const place = {
    originId: params.originId,
    originType: params.originType,
    destinationId: params.destinationId,
    destinationType: params.destinationType,
  };

  /** "Pilih" is an event: the booking machine decides where the traveller goes next. */
  const choose = (schedule: ScheduleCard) =>
    booking.send({
      type: 'schedule.choose',
      direction: isReturn ? 'pulang' : 'pergi',
      legs: toTripLegs(schedule),
      connectingCode: schedule.isConnecting ? schedule.code : null,
      roundTrip: search.pp,
      // Filters belong to the outbound list; the return list starts unfiltered.
      returnListSearch: toQueryValues(withoutFilters(search)),
    });

  const filterPanel = (
    <FilterPanel
      search={search}
      isReturn={isReturn}
      onChange={onFiltersChange}
      onReset={onFiltersReset}
      idPrefix="panel"
    />
  );

  return (
    <>
      <Navbar title={title} subtitle={`${trip}${formatDateShort(params.date)}`} isReturn={isReturn} />
      <main id="main" className="mx-auto w-full max-w-5xl flex-1 space-y-3 px-4 pt-3 pb-10">
        {isReturn ? <RoundTripSummary search={search} /> : null}
        <DateStrip
          place={place}
          selected={params.date}
          earliest={earliest}
          onSelect={(date) => {
            if (date !== params.date) onDateChange(date);
          }}
        />
        <div className="flex flex-wrap items-center gap-2">
          <h2 className="flex-1 text-base font-bold">
            <span className="sr-only">{isReturn ? 'Jadwal pulang ' : 'Jadwal pergi '}</span>
            {formatDateLong(params.date)}
          </h2>
          <div role="radiogroup" aria-label="Urutkan" className="flex gap-1 rounded-card bg-grey-100 p-1">
            {SORTS.map((option) => (
              <button
                key={option.value}
                type="button"
                role="radio"
                aria-checked={sort === option.value}
                onClick={() => onFiltersChange({ sort: option.value === 'berangkat' ? undefined : option.value })}
                className={cx(
                  'min-h-11 rounded-lg px-3 text-sm font-semibold',
                  sort === option.value ? 'bg-white text-primary-700 shadow-sm' : 'text-grey-700',
                )}
              >
                {option.label}
              </button>
            ))}
          </div>
          {layout === 'm' ? (
            <Link
              to="/app/schedule/{-$return}/filter/{-$type}"
              params={(previous) => ({ ...previous, type: undefined })}
              search={(previous) => previous}
              resetScroll={false}
              className={cx(buttonStyles.secondary, 'px-3')}
            >
              <SlidersHorizontal className="size-4" aria-hidden="true" />
              Filter
              {filtersOn > 0 ? (
                <span className="rounded-full bg-primary-600 px-1.5 text-xs text-white">
                  {filtersOn}
                  <span className="sr-only"> aktif</span>
                </span>
              ) : null}
            </Link>
          ) : null}
          <Link
            to="/app/schedule/{-$return}/change-view-schedule"
            params={(previous) => previous}
            search={(previous) => ({ ...previous, view: search.view ?? DEFAULT_SCHEDULE_VIEW })}
            resetScroll={false}
            className={cx(buttonStyles.ghost, 'px-3')}
          >
            Tampilan<span className="sr-only"> daftar jadwal</span>
          </Link>
          <Link to="/app-m-web/change-form" search={changeSearch} className={cx(buttonStyles.ghost, 'px-3')}>
            Ubah<span className="sr-only"> pencarian</span>
          </Link>
        </div>

        {/* Past the operators, the filters (and the date strip on mobile) straight to the departures. */}
        <a
          href="#daftar-jadwal"
          onClick={(event) => {
            event.preventDefault();
            document.getElementById('daftar-jadwal')?.focus();
          }}
          className="sr-only rounded-card bg-white px-4 py-3 font-semibold text-primary-700 focus:not-sr-only focus:inline-block"
        >
          Lewati ke hasil jadwal
        </a>
        {samePlace ? null : (
          <HighlightOperators
            params={params}
            selected={search.operator ?? []}
            onToggle={(code) => onFiltersChange({ operator: toggled(search.operator ?? [], code) })}
          />
        )}
        <div className="desktop:grid desktop:grid-cols-[17rem_1fr] desktop:items-start desktop:gap-4">
          {layout === 'd' ? (
            // Taller than the screen it would hide focused filters below the fold: it scrolls inside.
            <aside
              aria-labelledby="filter-jadwal"
              className="hairline sticky top-20 max-h-[calc(100dvh-6rem)] overflow-y-auto overscroll-contain rounded-card border-grey-200 bg-white p-4"
            >
              <h2 id="filter-jadwal" className="mb-2 text-base font-bold">
                Filter
              </h2>
              {filterPanel}
            </aside>
          ) : null}

          <section
            id="daftar-jadwal"
            tabIndex={-1}
            aria-labelledby="hasil-jadwal"
            aria-busy={query.isPending && !samePlace}
            className="scroll-mt-20 rounded-card"
          >
            <h2 id="hasil-jadwal" className="sr-only">
              Hasil pencarian jadwal
            </h2>
            {samePlace ? (
              <EmptyState
                changeSearch={changeSearch}
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
                changeSearch={changeSearch}
                title="Jadwal tidak ditemukan"
                body={
                  filtersOn > 0
                    ? 'Tidak ada jadwal yang cocok dengan filter. Ubah atau reset filter, atau coba tanggal lain.'
                    : 'Belum ada jadwal untuk rute dan tanggal ini. Coba tanggal lain, atau ubah kota asal dan tujuan.'
                }
                onNextDay={() => onDateChange(addDays(params.date, 1))}
                onReset={filtersOn > 0 || search.sort ? onFiltersReset : undefined}
              />
            ) : (
              <>
                <p role="status" className="mb-3 text-sm text-grey-600">
                  {firstPage?.totalSchedules ?? 0} jadwal dari {firstPage?.totalGroups ?? 0} pilihan operator
                </p>
                <ScheduleGroupList groups={groups} onChoose={choose} compact={search.view === 'ringkas'} />
                {query.isFetchNextPageError ? (
                  <p role="alert" className="mt-4 text-center text-sm text-danger-700">
                    {friendlyErrorMessage(query.error)}
                  </p>
                ) : null}
                {query.hasNextPage ? (
                  <div className="mt-4 text-center">
                    <ScheduleListSentinel
                      enabled={!query.isFetchingNextPage && !query.isFetchNextPageError}
                      pageCount={query.data?.pages.length ?? 0}
                      onVisible={() => void query.fetchNextPage()}
                    />
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
        </div>
      </main>
      <Outlet />
    </>
  );
}

/** The operator filter with `code` added or taken out; undefined clears it. */
function toggled(operators: readonly string[], code: string): string[] | undefined {
  const next = operators.includes(code) ? operators.filter((item) => item !== code) : [...operators, code];
  return next.length > 0 ? next : undefined;
}

function EmptyState({
  title,
  body,
  changeSearch,
  onNextDay,
  onReset,
}: {
  title: string;
  body: string;
  changeSearch: ChangeFormSearch;
  onNextDay?: () => void;
  onReset?: () => void;
}) {
  return (
    <div className="hairline rounded-card border-grey-200 bg-white px-6 py-10 text-center">
      <SearchX className="mx-auto size-10 text-primary-600" aria-hidden="true" />
      <p className="mt-3 text-lg font-bold">{title}</p>
      <p className="mx-auto mt-1 max-w-sm text-sm text-grey-600">{body}</p>
      <div className="mt-5 flex flex-wrap justify-center gap-2">
        {onReset ? (
          <button type="button" className={buttonStyles.secondary} onClick={onReset}>
            Reset Filter
          </button>
        ) : null}
        {onNextDay ? (
          <button type="button" className={buttonStyles.primary} onClick={onNextDay}>
            Cek hari berikutnya
          </button>
        ) : null}
        <Link to="/app-m-web/change-form" search={changeSearch} className={buttonStyles.secondary}>
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
