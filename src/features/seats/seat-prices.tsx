import { useSelector } from '@xstate/react';
import { FIRST_CONNECTING_ROUTE } from '../../../machines/constants';
import type { ChosenSeat, Direction, SeatsByLeg } from '../../../machines/types';
import { useBookingSelector } from '../../flow/app-flow';
import { useSeatSelectionChild } from '../../flow/booking-children';
import { formatRupiah } from '../../lib/format';
import { sameSeatsPerLeg, seatsPerLeg } from './seat-reads';
import { legSeatsHeading, seatTexts } from './seat-texts';

/**
 * The seats of one direction, per leg: the running seat child's (saved legs and the working
 * selection) while it runs, else what the booking already holds.
 */
export function useDirectionSeats(direction: Direction): SeatsByLeg {
  const actor = useSeatSelectionChild(direction);
  const fromChild = useSelector(
    actor,
    (snapshot) => (snapshot ? seatsPerLeg(snapshot) : null),
    (a, b) => (a === null || b === null ? a === b : sameSeatsPerLeg(a, b)),
  );
  const stored = useBookingSelector((snapshot) => snapshot.context.seats[direction]);
  return fromChild ?? stored;
}

export function seatsTotal(perLeg: SeatsByLeg): number {
  return perLeg.reduce((sum, seats) => sum + seats.reduce((legSum, seat) => legSum + seat.price, 0), 0);
}

function SeatPriceRow({ seat }: { seat: ChosenSeat }) {
  const promo = seat.normalPrice > seat.price;
  return (
    <li className="flex items-start justify-between gap-3 py-2 text-sm">
      <span>
        <span className="font-semibold">Kursi {seat.no}</span>
        {seat.promoCode ? <span className="block text-xs text-grey-700">Promo {seat.promoCode}</span> : null}
      </span>
      <span className="text-right">
        <span className="block font-semibold">{formatRupiah(seat.price)}</span>
        {promo ? (
          <s className="block text-xs text-grey-600">
            <span className="sr-only">{seatTexts.normalPrice} </span>
            {formatRupiah(seat.normalPrice)}
          </s>
        ) : null}
      </span>
    </li>
  );
}

/**
 * Price lines per seat under "Kursi Pergi N" / "Kursi Pulang" headings, then the total: the
 * detail-price-seat sheet and the page version of the seat information use the same list.
 */
export function SeatPriceList({
  direction,
  perLeg,
  level,
  showTotal = true,
}: {
  direction: Direction;
  perLeg: SeatsByLeg;
  level: 2 | 3;
  showTotal?: boolean;
}) {
  const Heading = `h${level}` as const;
  const connecting = perLeg.length > 1;
  const legs = perLeg.length > 0 ? perLeg : [[]];
  return (
    <div className="space-y-3">
      {legs.map((seats, index) => (
        <section key={index}>
          <Heading className="text-sm font-bold text-grey-800">
            {legSeatsHeading(direction, connecting ? index + FIRST_CONNECTING_ROUTE : null)}
          </Heading>
          {seats.length > 0 ? (
            <ul className="divide-y divide-grey-200 border-b border-grey-200">
              {seats.map((seat) => (
                <SeatPriceRow key={`${seat.floor}/${seat.key}`} seat={seat} />
              ))}
            </ul>
          ) : (
            <p className="py-2 text-sm text-grey-700">{seatTexts.noSeatYet}</p>
          )}
        </section>
      ))}
      {showTotal && perLeg.some((seats) => seats.length > 0) ? (
        <p className="flex items-center justify-between text-sm">
          <span className="font-semibold">{seatTexts.total}</span>
          <span className="text-base font-bold">{formatRupiah(seatsTotal(perLeg))}</span>
        </p>
      ) : null}
    </div>
  );
}
