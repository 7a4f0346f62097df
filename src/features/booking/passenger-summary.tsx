import { useId } from 'react';
import { Armchair, TriangleAlert, UserPlus } from 'lucide-react';
import { bookingMessages, hasMissingPassengerNames } from '../../../machines/booking.machine';
import type { Direction } from '../../../machines/types';
import { buttonStyles } from '../../components/button-styles';
import { useBookingActor, useBookingSelector } from '../../flow/app-flow';
import { cx } from '../../lib/cx';
import { directionsOf, legViews, useBookingContext, useTrip, type LegView } from './booking-state';
import { ADD_PASSENGER } from './passenger-fields';

export const ARRANGE_SEATS = 'Atur Posisi Duduk';
export const CHANGE_SEATS = 'Ganti Kursi';

function LegRows({ view, connecting, roundTrip }: { view: LegView; connecting: boolean; roundTrip: boolean }) {
  const booking = useBookingActor();
  const count = Math.max(view.seats.length, view.names.length);
  // Screen readers tell the legs' buttons apart by where they lead.
  const where = connecting ? ` rute ${view.legIndex + 1}` : roundTrip ? ` ${view.direction}` : '';
  if (count === 0) {
    return (
      <div className="space-y-1">
        {connecting ? <p className="text-xs font-semibold text-grey-700">Rute {view.legIndex + 1}</p> : null}
        {view.leg.selectSeat ? (
          <button
            type="button"
            className={cx(buttonStyles.secondary, 'w-full')}
            onClick={() => booking.send({ type: 'seats.open', direction: view.direction })}
          >
            <Armchair className="size-4" aria-hidden="true" />
            {ARRANGE_SEATS}
            {where ? <span className="sr-only">{where}</span> : null}
          </button>
        ) : (
          <button
            type="button"
            className={cx(buttonStyles.secondary, 'w-full')}
            onClick={() =>
              booking.send({ type: 'passengers.open', direction: view.direction, legIndex: view.legIndex })
            }
          >
            Masukan Detail Penumpang{where}
          </button>
        )}
      </div>
    );
  }
  return (
    <div>
      <div className="flex items-center gap-2">
        <p className="flex-1 text-xs font-semibold text-grey-700">{connecting ? `Rute ${view.legIndex + 1}` : null}</p>
        <button
          type="button"
          className={cx(buttonStyles.ghost, 'min-h-11 px-3')}
          onClick={() => booking.send({ type: 'passengers.open', direction: view.direction, legIndex: view.legIndex })}
        >
          Ubah<span className="sr-only"> nama penumpang{where}</span>
        </button>
      </div>
      {view.leg.selectSeat && view.seats.length === 0 ? (
        <button
          type="button"
          className={cx(buttonStyles.secondary, 'mb-2 w-full')}
          onClick={() => booking.send({ type: 'seats.open', direction: view.direction })}
        >
          <Armchair className="size-4" aria-hidden="true" />
          {ARRANGE_SEATS}
          {where ? <span className="sr-only">{where}</span> : null}
        </button>
      ) : null}
      <ul className="divide-y divide-grey-100">
        {Array.from({ length: count }, (_, index) => {
          const seat = view.seats[index];
          const name = view.names[index]?.trim() ?? '';
          return (
            <li key={index} className="flex min-h-11 items-center gap-3 py-1 text-sm">
              <span className="w-20 shrink-0 font-semibold text-grey-800">
                {seat ? `Kursi ${seat}` : `Penumpang ${index + 1}`}
              </span>
              <span className={cx('min-w-0 flex-1 truncate', name === '' && 'text-warning-800 italic')}>
                {name === '' ? 'Nama belum diisi' : name}
              </span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

function DirectionPassengers({ direction, headingLevel }: { direction: Direction; headingLevel: 3 | 4 }) {
  const booking = useBookingActor();
  const trip = useTrip();
  const views = useBookingContext((context) => legViews(context, direction));
  const headingId = useId();
  if (!trip) return null;
  const roundTrip = trip.kind === 'round-trip';
  const connecting = trip.kind === 'connecting';
  const Heading = headingLevel === 3 ? 'h3' : 'h4';
  const anyPassengers = views.some((view) => view.seats.length + view.names.length > 0);
  return (
    <div
      role="group"
      aria-labelledby={roundTrip ? headingId : undefined}
      data-booking-field={direction === 'pulang' ? 'passengersReturn' : undefined}
      className="space-y-2"
    >
      {roundTrip ? (
        <Heading id={headingId} className="text-sm font-bold text-primary-800">
          {direction === 'pergi' ? 'Penumpang Pergi' : 'Penumpang Pulang'}
        </Heading>
      ) : null}
      {views.map((view) => (
        <LegRows key={view.legIndex} view={view} connecting={connecting} roundTrip={roundTrip} />
      ))}
      <div className="flex flex-wrap gap-2">
        {connecting && views.some((view) => view.seats.length > 0) ? (
          <button
            type="button"
            data-booking-field="seats"
            className={buttonStyles.ghost}
            onClick={() => booking.send({ type: 'seats.open', direction })}
          >
            {CHANGE_SEATS}
          </button>
        ) : null}
        {anyPassengers && !connecting ? (
          <button
            type="button"
            className={buttonStyles.ghost}
            onClick={() => booking.send({ type: 'passengers.change', direction })}
          >
            <UserPlus className="size-4" aria-hidden="true" />
            {ADD_PASSENGER}
            {roundTrip ? <span className="sr-only"> {direction === 'pergi' ? 'pergi' : 'pulang'}</span> : null}
          </button>
        ) : null}
      </div>
    </div>
  );
}

/**
 * The passengers of every leg: "Atur Posisi Duduk" while a leg has no seats, else seat number
 * and name per row (tap to change names), "Ganti Kursi" on connecting trips, a round trip's
 * "Penumpang Pulang" with "Tambah Penumpang", and the amber note when a name is missing.
 */
export function PassengerSummary({ headingLevel = 3 }: { headingLevel?: 3 | 4 }) {
  const trip = useTrip();
  const missingNames = useBookingSelector(({ context }) => hasMissingPassengerNames(context));
  if (!trip) return null;
  return (
    <div className="space-y-4">
      {directionsOf(trip).map((direction) => (
        <DirectionPassengers key={direction} direction={direction} headingLevel={headingLevel} />
      ))}
      {missingNames ? (
        <p className="flex items-center gap-2 rounded-card bg-warning-50 p-2 text-sm font-semibold text-warning-800">
          <TriangleAlert className="size-4 shrink-0" aria-hidden="true" />
          {bookingMessages.passengerNamesMissing}
        </p>
      ) : null}
    </div>
  );
}
