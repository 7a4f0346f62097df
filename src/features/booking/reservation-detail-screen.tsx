import { Link } from '@tanstack/react-router';
import { Armchair, TicketX } from 'lucide-react';
import type { Direction } from '../../../machines/types';
import { buttonStyles } from '../../components/button-styles';
import { Navbar } from '../../components/navbar';
import { EmptyState } from '../../components/list-states';
import { directionsOf, legViews, useBookingContext, useTrip } from './booking-state';
import { LegHeader } from './trip-info';

export const RESERVATION_DETAIL_TEXT = {
  title: (direction: Direction) => (direction === 'pulang' ? 'Detail Reservasi Pulang' : 'Detail Reservasi Pergi'),
  none: 'Belum ada perjalanan yang dipilih',
  noneHint: 'Cari jadwal dan pilih kursi, lalu detail reservasimu tampil di sini.',
  search: 'Cari Tiket',
  seats: 'Kursi dan Penumpang',
  noSeats: 'Kursi belum dipilih',
  seat: (no: string) => `Kursi ${no}`,
  unnamed: 'Nama belum diisi',
  back: 'Kembali ke Pemesanan',
} as const;

/**
 * /app/detail-reservation/:return?: one direction of the booking in progress (spec route table):
 * each leg's operator, times and route, and the seats with their passengers.
 */
export function ReservationDetailScreen({ direction }: { direction: Direction }) {
  const trip = useTrip();
  const legs = useBookingContext((context) => legViews(context, direction));
  const shown = trip !== null && directionsOf(trip).includes(direction);
  return (
    <>
      <Navbar title={RESERVATION_DETAIL_TEXT.title(direction)} isReturn={direction === 'pulang'} />
      <main id="main" className="mx-auto w-full max-w-2xl flex-1 space-y-4 px-4 py-4">
        {!shown || !trip ? (
          <EmptyState icon={<TicketX className="size-10" aria-hidden="true" />} title={RESERVATION_DETAIL_TEXT.none}>
            <p className="mt-1 text-sm text-grey-700">{RESERVATION_DETAIL_TEXT.noneHint}</p>
            <Link to="/" className={`${buttonStyles.primary} mt-4`}>
              {RESERVATION_DETAIL_TEXT.search}
            </Link>
          </EmptyState>
        ) : (
          <>
            {legs.map((view) => (
              <section
                key={view.legIndex}
                aria-label={`${view.leg.operatorName} ${view.leg.origin} - ${view.leg.destination}`}
                className="hairline space-y-3 rounded-card border-grey-200 bg-white p-4"
              >
                <LegHeader trip={trip} direction={direction} legIndex={view.legIndex} leg={view.leg} />
                <div>
                  <h2 className="text-sm font-bold">{RESERVATION_DETAIL_TEXT.seats}</h2>
                  {view.seats.length === 0 ? (
                    <p className="mt-1 text-sm text-grey-700">{RESERVATION_DETAIL_TEXT.noSeats}</p>
                  ) : (
                    <ul className="mt-1 space-y-1 text-sm">
                      {view.seats.map((no, index) => (
                        <li key={no} className="flex items-center gap-2">
                          <Armchair className="size-4 text-primary-600" aria-hidden="true" />
                          <span className="font-semibold">{RESERVATION_DETAIL_TEXT.seat(no)}</span>
                          <span className="text-grey-700">{view.names[index] || RESERVATION_DETAIL_TEXT.unnamed}</span>
                        </li>
                      ))}
                    </ul>
                  )}
                </div>
              </section>
            ))}
            <Link
              to="/app/information-passengers"
              search={{ from: 'detail-reservation' }}
              className={`${buttonStyles.secondary} w-full`}
            >
              {RESERVATION_DETAIL_TEXT.back}
            </Link>
          </>
        )}
      </main>
    </>
  );
}
