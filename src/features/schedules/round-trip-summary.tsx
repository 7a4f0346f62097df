import { Link } from '@tanstack/react-router';
import { ArrowRight, BusFront } from 'lucide-react';
import { useBookingSelector } from '../../flow/app-flow';
import { buttonStyles } from '../../components/button-styles';
import { formatDateShort, formatTime } from '../../lib/format';
import { withoutFilters, type ScheduleSearch } from '../../lib/schedule-search';
import { OperatorLogo } from '../../components/operator-logo';

/**
 * The outbound leg chosen before the return list, read from the booking actor (the flow holds
 * the chosen legs, not this page or its URL).
 */
export function RoundTripSummary({ search }: { search: ScheduleSearch }) {
  const trip = useBookingSelector((snapshot) => snapshot.context.trip);
  const legs = trip?.kind === 'round-trip' ? trip.outbound : [];
  const first = legs[0];
  const last = legs[legs.length - 1];

  if (!first || !last) {
    return (
      <section
        aria-labelledby="ringkasan-pergi"
        className="hairline rounded-card border-warning-300 bg-warning-50 p-4 text-sm"
      >
        <h2 id="ringkasan-pergi" className="font-bold">
          Jadwal pergi belum dipilih
        </h2>
        <p className="mt-1 text-grey-700">Pilih jadwal pergi dulu, lalu pilih jadwal pulang.</p>
        <Link
          to="/app/schedule/{-$return}"
          params={{ return: undefined }}
          search={withoutFilters(search)}
          className={`${buttonStyles.secondary} mt-3`}
        >
          Pilih Jadwal Pergi
        </Link>
      </section>
    );
  }

  return (
    <section
      aria-labelledby="ringkasan-pergi"
      className="hairline flex items-center gap-3 rounded-card border-primary-200 bg-primary-50 p-3"
    >
      <OperatorLogo src={first.operatorLogo} name={first.operatorName} />
      <div className="min-w-0 flex-1 text-sm">
        <h2 id="ringkasan-pergi" className="flex items-center gap-1.5 text-xs font-semibold text-primary-800">
          <BusFront className="size-4" aria-hidden="true" />
          Jadwal Pergi
        </h2>
        <p className="font-bold">{first.operatorName}</p>
        <p className="text-grey-700">
          {formatDateShort(first.date)} · {formatTime(first.departureTime)}
        </p>
        <p className="flex flex-wrap items-center gap-1 text-grey-700">
          {first.origin}
          <ArrowRight className="size-3.5" aria-hidden="true" />
          <span className="sr-only">ke</span>
          {last.destination}
        </p>
      </div>
      <Link
        to="/app/schedule/{-$return}"
        params={{ return: undefined }}
        search={withoutFilters(search)}
        className={`${buttonStyles.ghost} px-3`}
      >
        Ganti<span className="sr-only"> jadwal pergi</span>
      </Link>
    </section>
  );
}
