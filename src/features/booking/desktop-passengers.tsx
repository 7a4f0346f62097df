import { useId } from 'react';
import { Armchair } from 'lucide-react';
import { legsOf } from '../../../machines/booking-context';
import type { Direction, Trip } from '../../../machines/types';
import { buttonStyles } from '../../components/button-styles';
import { useBookingActor } from '../../flow/app-flow';
import { cx } from '../../lib/cx';
import { isLeaving } from './booker-form';
import { useAttachChild } from '../../flow/booking-children';
import { directionsOf, useBookingContext, useRunningPassengerForm } from './booking-state';
import { PassengerFields } from './passenger-fields';
import { CHANGE_SEATS } from './passenger-summary';
import { LegHeader } from './trip-info';
import { Skeleton } from '../../components/form-field';

/**
 * One leg's names inline. Desktop has no "Simpan" for them: leaving the form saves it (the form
 * keeps its names only when every one is valid). New seats, and a later leg's copy of the first
 * leg's names, reach the open form from the flow.
 */
function DesktopPassengerLeg({ trip, direction, legIndex }: { trip: Trip; direction: Direction; legIndex: number }) {
  const booking = useBookingActor();
  const child = useRunningPassengerForm(direction, legIndex);
  const leg = legsOf(trip, direction)[legIndex];
  useAttachChild({ kind: 'passengerForm', direction, legIndex }, child !== undefined);

  if (!leg) return null;
  const showHeader = trip.kind !== 'one-way';
  return (
    <div className="space-y-3">
      {showHeader ? <LegHeader trip={trip} direction={direction} legIndex={legIndex} leg={leg} /> : null}
      <div
        onBlur={(event) => {
          if (child && isLeaving(event)) child.send({ type: 'form.save' });
        }}
      >
        {child ? (
          <PassengerFields
            child={child}
            variant="desktop"
            onSelfToggled={
              direction === 'pergi' && legIndex === 0
                ? (checked) => booking.send({ type: 'sameAsBooker.set', value: checked })
                : undefined
            }
            onChangePassengers={() => booking.send({ type: 'passengers.change', direction, legIndex })}
          />
        ) : (
          <div className="space-y-3" aria-hidden="true">
            <Skeleton className="h-11 w-full" />
            <Skeleton className="h-11 w-full" />
          </div>
        )}
      </div>
    </div>
  );
}

/** "Ganti Kursi" (or "Pilih Kursi" before any seat): opens the seat sheet for the direction. */
function SeatButton({ trip, direction }: { trip: Trip; direction: Direction }) {
  const booking = useBookingActor();
  const hasSeats = useBookingContext((context) => context.seats[direction].some((seats) => seats.length > 0));
  if (!legsOf(trip, direction).some((leg) => leg.selectSeat)) return null;
  return (
    <button
      type="button"
      data-booking-field={direction === 'pergi' ? 'seats' : undefined}
      className={cx(buttonStyles.ghost, 'px-3')}
      onClick={() => booking.send({ type: 'seats.open', direction })}
    >
      <Armchair className="size-4" aria-hidden="true" />
      {hasSeats ? CHANGE_SEATS : 'Pilih Kursi'}
      {trip.kind === 'round-trip' ? <span className="sr-only"> {direction}</span> : null}
    </button>
  );
}

function DirectionBlock({ trip, direction }: { trip: Trip; direction: Direction }) {
  const roundTrip = trip.kind === 'round-trip';
  return (
    <div
      data-booking-field={direction === 'pulang' ? 'passengersReturn' : 'passengers'}
      className={cx('space-y-4', roundTrip && 'hairline rounded-card border-grey-200 p-3')}
    >
      {roundTrip ? (
        <div className="flex justify-end">
          <SeatButton trip={trip} direction={direction} />
        </div>
      ) : null}
      {legsOf(trip, direction).map((_, legIndex) => (
        <DesktopPassengerLeg key={legIndex} trip={trip} direction={direction} legIndex={legIndex} />
      ))}
    </div>
  );
}

/** Desktop "Informasi Penumpang": the passenger forms of every leg of every direction. */
export function DesktopPassengers({ trip }: { trip: Trip }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="hairline rounded-card border-grey-200 bg-white p-4">
      <div className="flex items-center gap-2">
        <h2 id={headingId} className="flex-1 text-base font-bold">
          Informasi Penumpang
        </h2>
        {trip.kind === 'round-trip' ? null : <SeatButton trip={trip} direction="pergi" />}
      </div>
      <div className="mt-3 space-y-4">
        {directionsOf(trip).map((direction) => (
          <DirectionBlock key={direction} trip={trip} direction={direction} />
        ))}
      </div>
    </section>
  );
}
