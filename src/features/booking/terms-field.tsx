import { Link } from '@tanstack/react-router';
import { bookingMessages } from '../../../machines/booking.machine';
import { useBookingActor, useBookingSelector } from '../../flow/app-flow';
import { CheckboxField } from '../../components/form-field';

/** The operator's terms checkbox with "Baca detail" (the terms sheet). */
export function TermsField() {
  const booking = useBookingActor();
  const checked = useBookingSelector(({ context }) => context.termsAccepted);
  return (
    <div data-booking-field="terms">
      <CheckboxField
        label={bookingMessages.termsLabel}
        checked={checked}
        onToggle={() => booking.send({ type: 'terms.set', checked: !checked })}
      >
        {' '}
        <Link
          to="/app/information-passengers/terms-condition"
          className="inline-flex min-h-11 items-center font-semibold text-primary-700 underline underline-offset-2"
        >
          Baca detail<span className="sr-only"> syarat & ketentuan</span>
        </Link>
      </CheckboxField>
    </div>
  );
}
