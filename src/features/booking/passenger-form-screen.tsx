import { Link } from '@tanstack/react-router';
import { SearchX } from 'lucide-react';
import { legsOf } from '../../../machines/booking-context';
import type { Direction } from '../../../machines/types';
import { buttonStyles } from '../../components/button-styles';
import { Navbar } from '../../components/navbar';
import { useBookingActor } from '../../flow/app-flow';
import { useAttachChild } from '../../flow/booking-children';
import { cx } from '../../lib/cx';
import { formatDateShort, formatTime } from '../../lib/format';
import { useRunningPassengerForm, useTrip } from './booking-state';
import { Skeleton } from '../../components/form-field';
import { PassengerFields } from './passenger-fields';
import { TotalAmount } from './price-list';
import { LegHeader } from './trip-info';

export function passengerFormTitle(direction: Direction): string {
  return direction === 'pulang' ? 'Form Penumpang Pulang' : 'Form Penumpang Pergi';
}

/**
 * Mobile passenger form (spec section 2 "Passenger form screen"): the own-details switch, one
 * name per passenger, "Tambah Penumpang", a later connecting leg's "Sama dengan penumpang rute
 * pertama", the total and "Simpan". Saving is the form's: it checks every name and the flow
 * leads on (next leg, return seats, or back to the booking page).
 */
export function PassengerFormScreen({ direction, legIndex }: { direction: Direction; legIndex: number }) {
  const booking = useBookingActor();
  const trip = useTrip();
  const leg = legsOf(trip, direction)[legIndex];
  useAttachChild(leg ? { kind: 'passengerForm', direction, legIndex } : null);
  const child = useRunningPassengerForm(direction, legIndex);
  const title = passengerFormTitle(direction);

  if (!trip || !leg) {
    return (
      <>
        <Navbar title={title} isReturn={direction === 'pulang'} />
        <main id="main" className="mx-auto flex w-full max-w-md flex-1 flex-col items-center px-6 py-16 text-center">
          <SearchX className="size-12 text-primary-600" aria-hidden="true" />
          <h2 className="mt-4 text-lg font-bold">Belum ada perjalanan yang dipilih</h2>
          <p className="mt-2 text-sm text-grey-700">Cari jadwal dan pilih perjalananmu untuk mengisi data penumpang.</p>
          <Link to="/" className={cx(buttonStyles.primary, 'mt-6')}>
            Cari Jadwal
          </Link>
        </main>
      </>
    );
  }

  return (
    <>
      <Navbar
        title={title}
        subtitle={`${leg.origin} → ${leg.destination} · ${formatDateShort(leg.date)}, ${formatTime(leg.departureTime)}`}
        isReturn={direction === 'pulang'}
      />
      <main id="main" className="mx-auto w-full max-w-xl flex-1 space-y-4 px-4 pt-4 pb-32">
        <section aria-label="Perjalanan" className="hairline rounded-card border-grey-200 bg-white p-3">
          <LegHeader trip={trip} direction={direction} legIndex={legIndex} leg={leg} />
        </section>
        <section
          aria-labelledby="data-penumpang"
          className="hairline rounded-card border-grey-200 bg-white p-4"
          data-booking-field={direction === 'pulang' ? 'passengersReturn' : 'passengers'}
        >
          <h2 id="data-penumpang" className="mb-3 text-base font-bold">
            Data Penumpang
          </h2>
          {child ? (
            <PassengerFields
              child={child}
              variant="mobile"
              onSelfToggled={
                direction === 'pergi' && legIndex === 0
                  ? (checked) => booking.send({ type: 'sameAsBooker.set', value: checked })
                  : undefined
              }
            />
          ) : (
            <div className="space-y-3" aria-hidden="true">
              <Skeleton className="h-11 w-full" />
              <Skeleton className="h-11 w-full" />
            </div>
          )}
        </section>
      </main>
      <div data-bottom-bar="" className="hairline fixed inset-x-0 bottom-0 z-20 border-t border-grey-200 bg-white">
        <div className="mx-auto flex max-w-xl items-center gap-3 px-4 py-3">
          <div className="min-w-0 flex-1">
            <p className="text-xs text-grey-700">Total Harga</p>
            <TotalAmount className="block text-lg font-bold" />
          </div>
          <button
            type="button"
            className={cx(buttonStyles.primary, 'px-8')}
            disabled={!child}
            onClick={() => child?.send({ type: 'form.save' })}
          >
            Simpan
          </button>
        </div>
      </div>
    </>
  );
}
