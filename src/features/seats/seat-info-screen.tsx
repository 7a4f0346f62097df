import { Link } from '@tanstack/react-router';
import { ArrowLeft } from 'lucide-react';
import { RETURN_ROUTE_PARAM } from '../../../machines/constants';
import type { Direction } from '../../../machines/types';
import { buttonStyles } from '../../components/button-styles';
import { Navbar } from '../../components/navbar';
import { cx } from '../../lib/cx';
import { SeatLegend } from './seat-map';
import { SeatPriceList, useDirectionSeats } from './seat-prices';
import { NoTrip, tripSubtitle, useDirectionLegs } from './seat-screen';
import { DIRECTION_LABEL, seatTexts } from './seat-texts';

function DirectionSeats({ direction }: { direction: Direction }) {
  const perLeg = useDirectionSeats(direction);
  return (
    <section
      aria-labelledby={`kursi-${direction}`}
      className="hairline space-y-3 rounded-card border-grey-200 bg-white p-4"
    >
      <h2 id={`kursi-${direction}`} className="text-base font-bold">
        Perjalanan {DIRECTION_LABEL[direction]}
      </h2>
      <SeatPriceList direction={direction} perLeg={perLeg} level={3} />
    </section>
  );
}

/**
 * `/app/info-select-seat/:return?`: the "Informasi Kursi" panel as a page for mobile: the seats of
 * each direction and leg with their prices, and the legend, with the way back to the seat map.
 */
export function SeatInfoScreen({ direction }: { direction: Direction }) {
  const outbound = useDirectionLegs('pergi');
  const inbound = useDirectionLegs('pulang');
  const current = direction === 'pulang' ? inbound : outbound;
  return (
    <>
      <Navbar title={seatTexts.infoPanel} subtitle={tripSubtitle(current)} isReturn={direction === 'pulang'} />
      <main id="main" className="mx-auto w-full max-w-2xl flex-1 space-y-3 px-4 pt-3 pb-10">
        {current.length === 0 ? (
          <NoTrip returnMissing={outbound.length > 0 && direction === 'pulang'} />
        ) : (
          <>
            {outbound.length > 0 ? <DirectionSeats direction="pergi" /> : null}
            {inbound.length > 0 ? <DirectionSeats direction="pulang" /> : null}
            <section
              aria-labelledby="keterangan-kursi"
              className="hairline space-y-3 rounded-card border-grey-200 bg-white p-4"
            >
              <h2 id="keterangan-kursi" className="text-base font-bold">
                {seatTexts.legend}
              </h2>
              <SeatLegend />
            </section>
            <Link
              to="/app/select-seat/{-$return}"
              params={{ return: direction === 'pulang' ? RETURN_ROUTE_PARAM : undefined }}
              className={cx(buttonStyles.secondary, 'w-full')}
            >
              <ArrowLeft className="size-4" aria-hidden="true" />
              {seatTexts.backToSeats}
            </Link>
          </>
        )}
      </main>
    </>
  );
}
