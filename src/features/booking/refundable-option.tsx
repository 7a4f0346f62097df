import { useId } from 'react';
import { Link } from '@tanstack/react-router';
import { ShieldCheck } from 'lucide-react';
import {
  bookingMessages,
  isRefundableAsked,
  refundableHighlighted,
  refundableNote,
  type RefundableChoice,
} from '../../../machines/booking.machine';
import { useBookingActor, useBookingSelector } from '../../flow/app-flow';
import { useLayoutMode } from '../../platform/layout-mode';
import { cx } from '../../lib/cx';
import { formatRupiah } from '../../lib/format';
import { externalClick } from '../../platform/native-bridge';
import { hasChosenSeats } from './booking-state';

export const REFUNDABLE_TITLE = 'Tiket Refundable';

const CHOICES: ReadonlyArray<{ value: Exclude<RefundableChoice, 'unset'>; label: string }> = [
  { value: 'yes', label: 'Ya, lindungi tiket saya' },
  { value: 'no', label: 'Tidak' },
];

/**
 * The refundable cover (spec sections 2 and 4): a tri-state asked once the feature is on, the
 * price list is loaded and seats are chosen. Free tickets see it disabled with its note; while
 * unset it asks for an answer, and it is highlighted while the validation stopped on it.
 */
export function RefundableOption() {
  const booking = useBookingActor();
  const layout = useLayoutMode();
  const headingId = useId();
  const name = useId();
  const shown = useBookingSelector(
    ({ context }) => context.features.refundable && context.price !== null && hasChosenSeats(context),
  );
  const note = useBookingSelector(({ context }) => refundableNote(context));
  const asked = useBookingSelector(({ context }) => isRefundableAsked(context));
  const choice = useBookingSelector(({ context }) => context.refundable);
  const fee = useBookingSelector(({ context }) => context.price?.biaya_asuransi ?? 0);
  const highlighted = useBookingSelector(refundableHighlighted);
  if (!shown) return null;
  const disabled = note !== null;
  return (
    <div
      role="radiogroup"
      aria-labelledby={headingId}
      aria-describedby={note || (asked && choice === 'unset') ? `${headingId}-note` : undefined}
      data-booking-field="refundable"
      data-highlighted={highlighted ? '' : undefined}
      className={cx(
        'hairline rounded-card p-3 transition-colors',
        highlighted ? 'border-warning-700 bg-warning-50 ring-2 ring-warning-300' : 'border-grey-200 bg-white',
      )}
    >
      <div className="flex items-start gap-2">
        <ShieldCheck className="mt-0.5 size-5 shrink-0 text-primary-600" aria-hidden="true" />
        <div className="min-w-0 flex-1">
          <h3 id={headingId} className="text-sm font-bold">
            {REFUNDABLE_TITLE}
          </h3>
          <p className="text-sm text-grey-700">
            Uang kembali 100% jika batal berangkat karena alasan yang dilindungi.{' '}
            <Link
              to="/app/detail-refundable"
              target={layout === 'd' ? '_blank' : undefined}
              // In a native app the cover's terms open outside the webview.
              onClick={externalClick('refundable')}
              className="font-semibold text-primary-700 underline underline-offset-2"
            >
              Pelajari
              {layout === 'd' ? <span className="sr-only"> (jendela baru)</span> : null}
            </Link>
          </p>
        </div>
      </div>
      <div className="mt-2 grid gap-2">
        {CHOICES.map((option) => (
          <label
            key={option.value}
            className={cx(
              'hairline flex min-h-11 items-center gap-3 rounded-card px-3 text-sm',
              disabled ? 'border-grey-200 bg-grey-100 text-grey-600' : 'cursor-pointer border-grey-300 bg-white',
              choice === option.value && !disabled && 'border-primary-600 bg-primary-50',
            )}
          >
            <input
              type="radio"
              name={name}
              value={option.value}
              checked={choice === option.value}
              disabled={disabled}
              onChange={() => booking.send({ type: 'refundable.set', value: option.value })}
              className="size-5 accent-primary-600"
            />
            <span className="flex-1">{option.label}</span>
            {option.value === 'yes' && fee > 0 ? <span className="font-semibold">+{formatRupiah(fee)}</span> : null}
          </label>
        ))}
      </div>
      {note ? (
        <p id={`${headingId}-note`} className="mt-2 text-sm text-grey-700">
          {note}
        </p>
      ) : asked && choice === 'unset' ? (
        <p id={`${headingId}-note`} className="mt-2 text-sm font-semibold text-warning-800">
          {bookingMessages.refundableRequired}
        </p>
      ) : null}
    </div>
  );
}
