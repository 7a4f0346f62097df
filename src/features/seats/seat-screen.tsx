import { useEffect, type ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { BusFront, Info, TriangleAlert } from 'lucide-react';
import { legsOf } from '../../../machines/booking-context';
import type { Direction, TripLeg } from '../../../machines/types';
import { buttonStyles } from '../../components/button-styles';
import { Navbar } from '../../components/navbar';
import { useBookingSelector } from '../../flow/app-flow';
import { type SeatSelectionRef, useAttachChild, useSeatSelectionChild } from '../../flow/booking-children';
import { formatDateShort } from '../../lib/format';
import { SeatPicker } from './seat-picker';
import { sameList } from './seat-reads';
import { seatScreenTitle, seatTexts } from './seat-texts';

/** The legs of one direction of the booking actor's trip (none before a schedule is chosen). */
export function useDirectionLegs(direction: Direction): readonly TripLeg[] {
  return useBookingSelector((snapshot) => legsOf(snapshot.context.trip, direction), sameList);
}

/** "Pool A → Pool B · Sen, 23 Nov 2026" under the title. */
export function tripSubtitle(legs: readonly TripLeg[]): string | undefined {
  const first = legs[0];
  const last = legs[legs.length - 1];
  if (!first || !last) return undefined;
  return `${first.origin} → ${last.destination} · ${formatDateShort(first.date)}`;
}

interface SeatScreenProps {
  direction: Direction;
  /** Query type=fallback-confirmation-order: the seats chosen before were sold (mobile, RSV-2). */
  conflict: boolean;
  /** Query connecting_route: the leg the address names (a reload, a shared link). */
  connectingRoute?: number | undefined;
  /** The leg shown is not the one the address names: the route writes it (replacing the entry). */
  onLegShown?: ((connectingRoute: number) => void) | undefined;
  /** The page's sheets (child routes). */
  children?: ReactNode;
}

/**
 * `/app/select-seat/:return?` (spec section 2): the seat chooser of one direction as a page. It
 * asks the booking actor for its seat child on mount (after a reload or a direct link the machine
 * starts it again); without a chosen trip it says so and leads to the search.
 */
export function SeatScreen({ direction, conflict, connectingRoute, onLegShown, children }: SeatScreenProps) {
  const legs = useDirectionLegs(direction);
  const hasTrip = useBookingSelector((snapshot) => snapshot.context.trip !== null);
  useAttachChild(
    legs.length > 0
      ? {
          kind: 'seatSelection',
          direction,
          host: 'page',
          ...(legs.length > 1 && connectingRoute !== undefined ? { connectingRoute } : {}),
        }
      : null,
  );
  const child = useSeatSelectionChild(direction);
  useLegInAddress(legs.length > 1 ? child : undefined, connectingRoute, onLegShown);

  return (
    <>
      <Navbar title={seatScreenTitle(direction)} subtitle={tripSubtitle(legs)} isReturn={direction === 'pulang'} />
      <main id="main" className="mx-auto w-full max-w-5xl flex-1 space-y-3 px-4 pt-3 pb-10">
        {conflict && legs.length > 0 ? (
          <div role="alert" className="hairline flex gap-3 rounded-card border-warning-300 bg-warning-50 p-3 text-sm">
            <TriangleAlert className="size-5 shrink-0 text-warning-700" aria-hidden="true" />
            <div>
              <p className="font-bold text-warning-800">{seatTexts.conflictTitle}</p>
              <p className="text-grey-800">{seatTexts.conflictBody}</p>
            </div>
          </div>
        ) : null}
        {legs.length > 1 ? (
          <Link
            to="/app/information-connecting"
            className="inline-flex min-h-11 items-center gap-1.5 text-sm font-semibold text-primary-700 hover:underline"
          >
            <Info className="size-4" aria-hidden="true" />
            {seatTexts.connectingInfo}
          </Link>
        ) : null}
        {legs.length > 0 ? (
          <SeatPicker direction={direction} variant="page" />
        ) : (
          <NoTrip returnMissing={hasTrip && direction === 'pulang'} />
        )}
      </main>
      {children}
    </>
  );
}

/**
 * A connecting trip's address follows the leg being chosen (spec section 2: select-seat's query
 * connecting_route), so a reload or a shared link opens that leg; the child decides the leg.
 */
function useLegInAddress(
  child: SeatSelectionRef | undefined,
  connectingRoute: number | undefined,
  onLegShown: ((connectingRoute: number) => void) | undefined,
): void {
  const leg = useSelector(child, (snapshot) => snapshot?.context.connectingRoute);
  useEffect(() => {
    if (leg !== undefined && leg !== connectingRoute) onLegShown?.(leg);
  }, [leg, connectingRoute, onLegShown]);
}

/** A fresh tab (nothing chosen yet), or a return seat page before a return schedule. */
export function NoTrip({ returnMissing }: { returnMissing: boolean }) {
  return (
    <section className="hairline mx-auto max-w-md rounded-card border-grey-200 bg-white p-6 text-center">
      <BusFront className="mx-auto size-10 text-primary-600" aria-hidden="true" />
      <h2 className="mt-3 text-lg font-bold">{returnMissing ? seatTexts.noReturnTitle : seatTexts.noTripTitle}</h2>
      <p className="mt-1 text-sm text-grey-700">{returnMissing ? seatTexts.noReturnBody : seatTexts.noTripBody}</p>
      <Link to="/" className={`${buttonStyles.primary} mt-5`}>
        {seatTexts.noTripLink}
      </Link>
    </section>
  );
}
