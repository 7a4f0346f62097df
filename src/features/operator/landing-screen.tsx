import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { ArrowRight, Bus, CalendarX, MapPinOff } from 'lucide-react';
import {
  isOperatorMissing,
  operatorLandingQueryOptions,
  type OperatorDepartureCard,
  type OperatorRouteCard,
} from '../../api/operator-queries';
import { buttonStyles } from '../../components/button-styles';
import { Skeleton } from '../../components/form-field';
import { LoadFailed } from '../../components/list-states';
import { Navbar } from '../../components/navbar';
import { OperatorLogo } from '../../components/operator-logo';
import { cx } from '../../lib/cx';
import { formatDateShort, formatRupiah, formatTime } from '../../lib/format';

export const OPERATOR_LANDING_TEXT = {
  title: 'Operator Mitra',
  loading: 'Memuat operator',
  type: { bus: 'Bus', shuttle: 'Shuttle' },
  routes: 'Rute yang Dilayani',
  next: 'Keberangkatan Berikutnya',
  book: 'Pesan',
  noRoutes: 'Operator ini belum melayani rute apa pun.',
  noDepartures: 'Belum ada keberangkatan dalam 7 hari ke depan. Coba cari tanggal lain.',
  searchOtherDay: 'Cari tanggal lain',
  notFound: 'Operator tidak ditemukan',
  notFoundBody: 'Kode operator di alamat ini tidak kami kenal. Lihat daftar operator mitra kami.',
  allOperators: 'Lihat Semua Operator',
  home: 'Kembali ke Beranda',
  loadFailed: 'Data operator belum dapat dimuat. Periksa koneksi kamu, lalu coba lagi.',
} as const;

/**
 * The operator ("mitra") landing page, spec route name landing-page-mitra: the operator with its
 * logo, the routes it serves and the next departures of each, each bookable through the schedule
 * list of that route and day, filtered to this operator.
 */
export function OperatorLandingScreen({ code }: { code: string }) {
  const query = useQuery(operatorLandingQueryOptions(code));
  const missing = query.isError && isOperatorMissing(query.error);
  const title = query.data?.name ?? (missing ? OPERATOR_LANDING_TEXT.notFound : OPERATOR_LANDING_TEXT.title);
  return (
    <>
      <Navbar title={title} />
      <main id="main" className="mx-auto w-full max-w-3xl flex-1 space-y-4 px-4 py-4">
        {missing ? (
          <OperatorNotFound />
        ) : query.isError ? (
          <LoadFailed message={OPERATOR_LANDING_TEXT.loadFailed} onRetry={() => void query.refetch()} />
        ) : query.isPending ? (
          <LandingSkeleton />
        ) : (
          <>
            <section
              aria-label={`Profil ${query.data.name}`}
              className="hairline flex items-center gap-4 rounded-card border-grey-200 bg-white p-4"
            >
              <OperatorLogo src={query.data.logo} name={`Logo ${query.data.name}`} className="size-16" />
              <div>
                <p className="text-lg font-bold">{query.data.name}</p>
                <p className="text-sm text-grey-700">
                  {OPERATOR_LANDING_TEXT.type[query.data.type]} · {query.data.routes.length} rute
                </p>
              </div>
            </section>
            <section aria-labelledby="rute-operator" className="space-y-3">
              <h2 id="rute-operator" className="text-base font-bold">
                {OPERATOR_LANDING_TEXT.routes}
              </h2>
              {query.data.routes.length === 0 ? (
                <EmptyBox>{OPERATOR_LANDING_TEXT.noRoutes}</EmptyBox>
              ) : (
                <ul className="grid gap-3 desktop:grid-cols-2">
                  {query.data.routes.map((route) => (
                    <li key={route.routeId}>
                      <RouteCard route={route} operatorCode={query.data.code} />
                    </li>
                  ))}
                </ul>
              )}
            </section>
          </>
        )}
      </main>
    </>
  );
}

/** The schedule list of one route and day, filtered to this operator: "Pilih" books as usual. */
function scheduleSearch(route: OperatorRouteCard, operatorCode: string, date: string) {
  return {
    asal_id: route.originId,
    asal_tipe: route.originType,
    tujuan_id: route.destinationId,
    tujuan_tipe: route.destinationType,
    tanggal: date,
    operator: [operatorCode],
  };
}

function RouteCard({ route, operatorCode }: { route: OperatorRouteCard; operatorCode: string }) {
  const headingId = `rute-${route.routeId}`;
  const label = `${route.originCity} ke ${route.destinationCity}`;
  return (
    <article aria-labelledby={headingId} className="hairline h-full rounded-card border-grey-200 bg-white">
      <header className="hairline border-b border-grey-100 px-4 py-3">
        <h3 id={headingId} className="flex items-center gap-1.5 text-base font-bold">
          {route.originCity} <ArrowRight className="size-4 text-grey-500" aria-hidden="true" />
          <span className="sr-only">ke</span> {route.destinationCity}
        </h3>
        <p className="text-xs text-grey-700">
          {route.originPool} <span aria-hidden="true">→</span>
          <span className="sr-only">ke</span> {route.destinationPool}
        </p>
      </header>
      <div className="px-4 py-3">
        <h4 className="text-xs font-semibold text-grey-700">{OPERATOR_LANDING_TEXT.next}</h4>
        {route.departures.length === 0 ? (
          <div className="mt-2 text-sm text-grey-700">
            <p>{OPERATOR_LANDING_TEXT.noDepartures}</p>
            <Link
              to="/app-m-web/change-form"
              className="mt-1 inline-flex min-h-11 items-center font-semibold text-primary-700 underline-offset-2 hover:underline"
            >
              {OPERATOR_LANDING_TEXT.searchOtherDay}
              <span className="sr-only"> untuk {label}</span>
            </Link>
          </div>
        ) : (
          <ul className="mt-1 divide-y divide-grey-100" aria-label={`${OPERATOR_LANDING_TEXT.next} ${label}`}>
            {route.departures.map((departure) => (
              <li key={`${departure.scheduleCode}-${departure.date}`}>
                <DepartureRow departure={departure} route={route} operatorCode={operatorCode} />
              </li>
            ))}
          </ul>
        )}
      </div>
    </article>
  );
}

function DepartureRow({
  departure,
  route,
  operatorCode,
}: {
  departure: OperatorDepartureCard;
  route: OperatorRouteCard;
  operatorCode: string;
}) {
  const when = `${formatDateShort(departure.date)}, ${formatTime(departure.departureTime)}`;
  return (
    <div className="flex items-center gap-3 py-2">
      <div className="min-w-0 flex-1">
        <p className="text-sm font-bold">{formatTime(departure.departureTime)}</p>
        <p className="text-xs text-grey-700">{formatDateShort(departure.date)}</p>
      </div>
      <div className="text-right">
        <p className="text-sm font-bold text-primary-700">{formatRupiah(departure.price)}</p>
        <p className="text-xs text-success-700">Sisa {departure.remainingSeats} kursi</p>
      </div>
      <Link
        to="/app/schedule/{-$return}"
        params={{ return: undefined }}
        search={scheduleSearch(route, operatorCode, departure.date)}
        aria-label={`${OPERATOR_LANDING_TEXT.book} ${route.originCity} ke ${route.destinationCity}, ${when}`}
        className={cx(buttonStyles.primary, 'min-w-20')}
      >
        {OPERATOR_LANDING_TEXT.book}
      </Link>
    </div>
  );
}

function EmptyBox({ children }: { children: string }) {
  return (
    <div className="hairline rounded-card border-grey-200 bg-white p-6 text-center">
      <CalendarX className="mx-auto size-10 text-primary-600" aria-hidden="true" />
      <p className="mt-3 text-sm text-grey-700">{children}</p>
    </div>
  );
}

function OperatorNotFound() {
  return (
    <section className="flex flex-col items-center px-6 py-12 text-center">
      <MapPinOff className="size-12 text-primary-600" aria-hidden="true" />
      <p className="mt-4 text-xl font-bold">{OPERATOR_LANDING_TEXT.notFound}</p>
      <p className="mt-2 max-w-sm text-sm text-grey-700">{OPERATOR_LANDING_TEXT.notFoundBody}</p>
      <div className="mt-6 flex flex-wrap justify-center gap-2">
        <Link to="/app/operator" className={buttonStyles.primary}>
          <Bus className="size-4" aria-hidden="true" />
          {OPERATOR_LANDING_TEXT.allOperators}
        </Link>
        <Link to="/" className={buttonStyles.secondary}>
          {OPERATOR_LANDING_TEXT.home}
        </Link>
      </div>
    </section>
  );
}

function LandingSkeleton() {
  return (
    <div aria-busy="true" aria-label={OPERATOR_LANDING_TEXT.loading} className="space-y-4">
      <p role="status" className="sr-only">
        {OPERATOR_LANDING_TEXT.loading}
      </p>
      <div className="hairline flex items-center gap-4 rounded-card border-grey-200 bg-white p-4">
        <Skeleton className="size-16" />
        <div className="flex-1 space-y-2">
          <Skeleton className="h-5 w-1/2" />
          <Skeleton className="h-4 w-1/3" />
        </div>
      </div>
      <div className="grid gap-3 desktop:grid-cols-2">
        {[0, 1].map((card) => (
          <div key={card} className="hairline space-y-2 rounded-card border-grey-200 bg-white p-4">
            <Skeleton className="h-5 w-2/3" />
            <Skeleton className="h-4 w-1/2" />
            <Skeleton className="h-10 w-full" />
            <Skeleton className="h-10 w-full" />
          </div>
        ))}
      </div>
    </div>
  );
}
