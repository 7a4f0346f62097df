import { Link, useRouterState } from '@tanstack/react-router';
import { Coins } from 'lucide-react';
import { canUsePoints, detailPoint, pointsNote } from '../../../machines/booking.machine';
import { useBookingActor, useBookingSelector } from '../../flow/app-flow';
import { ROUTE_PATHS } from '../../flow/navigation';
import { groupThousands } from '../../lib/format';
import { sameJson } from './booking-state';
import { SwitchField } from '../../components/form-field';

export const POINTS_TITLE = 'Gunakan Point';

/**
 * Points (spec sections 4, 5, 8): a guest is asked to sign in (and offered the way back here), a
 * free ticket or an order without redeemable points says so; the switch always reaches the booking
 * machine, which refuses with its toast.
 */
export function PointsOption() {
  const booking = useBookingActor();
  const enabled = useBookingSelector(({ context }) => context.features.point);
  const signedIn = useBookingSelector(({ context }) => context.signedIn);
  const usable = useBookingSelector(({ context }) => canUsePoints(context));
  const note = useBookingSelector(({ context }) => pointsNote(context));
  const on = useBookingSelector(({ context }) => context.usePoint);
  const points = useBookingSelector(({ context }) => detailPoint(context), sameJson);
  const here = useRouterState({ select: (state) => state.location.href });
  if (!enabled) return null;
  // A failed price check leaves no balance: it reads 0 (spec section 8).
  const balance = `${groupThousands(points.totalPoint)} Point`;
  const description = note ?? (usable ? `Tukar ${groupThousands(points.usePoint)} dari ${balance} kamu` : null);
  return (
    <div
      className="hairline flex items-start gap-2 rounded-card border-grey-200 bg-white p-3"
      data-booking-field="points"
    >
      <Coins className="mt-3 size-5 shrink-0 text-primary-600" aria-hidden="true" />
      <div className="min-w-0 flex-1">
        <SwitchField
          label={POINTS_TITLE}
          description={description ?? undefined}
          checked={on}
          onToggle={() => booking.send({ type: 'points.toggle' })}
        />
        {signedIn ? (
          <p className="text-sm text-grey-700">
            Point kamu: <span className="font-semibold text-grey-900">{balance}</span>
          </p>
        ) : (
          <Link
            to={ROUTE_PATHS.login}
            search={{ redirect: here }}
            className="inline-flex min-h-11 items-center text-sm font-semibold text-primary-700 underline underline-offset-2"
          >
            Masuk <span className="sr-only">untuk menukar point</span>
          </Link>
        )}
      </div>
    </div>
  );
}
