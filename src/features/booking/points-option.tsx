import { Coins } from 'lucide-react';
import { bookingMessages, canUsePoints, detailPoint } from '../../../machines/booking.machine';
import { useBookingActor, useBookingSelector } from '../../flow/booking-actor';
import { groupThousands } from '../../lib/format';
import { sameJson } from './booking-state';
import { SwitchField } from './form-field';

export const POINTS_TITLE = 'Gunakan Point';

/**
 * Points (spec sections 4, 5, 8): signed out it says to sign in, an order that cannot take points
 * says so; the switch always reaches the booking machine, which refuses with its toast.
 */
export function PointsOption() {
  const booking = useBookingActor();
  const enabled = useBookingSelector(({ context }) => context.features.point);
  const signedIn = useBookingSelector(({ context }) => context.signedIn);
  const usable = useBookingSelector(({ context }) => canUsePoints(context));
  const on = useBookingSelector(({ context }) => context.usePoint);
  const points = useBookingSelector(({ context }) => detailPoint(context), sameJson);
  if (!enabled) return null;
  const description = !signedIn
    ? bookingMessages.pointsSignIn
    : !usable
      ? bookingMessages.pointsNotRedeemable
      : `Tukar ${groupThousands(points.usePoint)} dari ${groupThousands(points.totalPoint)} point kamu`;
  return (
    <div className="hairline flex items-start gap-2 rounded-card border-grey-200 bg-white p-3">
      <Coins className="mt-3 size-5 shrink-0 text-primary-600" aria-hidden="true" />
      <div className="min-w-0 flex-1">
        <SwitchField
          label={POINTS_TITLE}
          description={description}
          checked={on}
          onToggle={() => booking.send({ type: 'points.toggle' })}
        />
      </div>
    </div>
  );
}
