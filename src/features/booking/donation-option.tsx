import { useId } from 'react';
import { Link } from '@tanstack/react-router';
import { HeartHandshake } from 'lucide-react';
import { DONATION_MESSAGE_MAX, DONATION_PRESETS } from '../../../machines/constants';
import { useBookingActor, useBookingSelector } from '../../flow/app-flow';
import { cx } from '../../lib/cx';
import { formatRupiah } from '../../lib/format';
import { SwitchField } from '../../components/form-field';

export const DONATION_TITLE = 'Donasi Berkah';
/** Spec section 9, verbatim (with its "Rp." spelling). */
export const DONATION_FROM = 'Mulai dari Rp. 2.000';

/**
 * "Donasi Berkah" (spec sections 4, 5, 9): a switch, the preset amounts, and an optional message
 * with its counter; the booking machine keeps the amount, cuts the message at 120 characters and
 * gives the message to show.
 */
export function DonationOption() {
  const booking = useBookingActor();
  const messageId = useId();
  const presetsId = useId();
  const enabled = useBookingSelector(({ context }) => context.features.berkah);
  const on = useBookingSelector(({ context }) => context.donation.on);
  const amount = useBookingSelector(({ context }) => context.donation.amount);
  const message = useBookingSelector(({ context }) => context.donation.message);
  const messageError = useBookingSelector(({ context }) => context.donation.messageError);
  if (!enabled) return null;
  return (
    <div className="hairline rounded-card border-grey-200 bg-white p-3">
      <div className="flex items-start gap-2">
        <HeartHandshake className="mt-3 size-5 shrink-0 text-primary-600" aria-hidden="true" />
        <div className="min-w-0 flex-1">
          <SwitchField
            label={DONATION_TITLE}
            description={DONATION_FROM}
            checked={on}
            onToggle={() => booking.send({ type: 'donation.toggle' })}
          />
          <Link
            to="/app/information-passengers/berkah-detail"
            className="inline-flex min-h-11 items-center text-sm font-semibold text-primary-700 underline underline-offset-2"
          >
            Apa itu Donasi Berkah?
          </Link>
        </div>
      </div>
      {on ? (
        <div className="mt-2 space-y-3">
          <div role="group" aria-labelledby={presetsId}>
            <p id={presetsId} className="text-sm font-semibold">
              Nominal donasi
            </p>
            <div className="mt-1 grid grid-cols-3 gap-2">
              {DONATION_PRESETS.map((preset) => (
                <button
                  key={preset}
                  type="button"
                  aria-pressed={amount === preset}
                  onClick={() => booking.send({ type: 'donation.amount', amount: preset })}
                  className={cx(
                    'hairline min-h-11 rounded-card px-1 text-sm font-semibold whitespace-nowrap',
                    amount === preset
                      ? 'border-primary-600 bg-primary-600 text-white'
                      : 'border-grey-300 bg-white text-grey-800 hover:bg-grey-50',
                  )}
                >
                  {formatRupiah(preset)}
                </button>
              ))}
            </div>
          </div>
          <div>
            <div className="flex items-baseline justify-between gap-2">
              <label htmlFor={messageId} className="text-sm font-semibold">
                Pesan donasi (opsional)
              </label>
              <span className="text-xs text-grey-600" data-donation-counter="">
                {message.length}/{DONATION_MESSAGE_MAX}
              </span>
            </div>
            <textarea
              id={messageId}
              rows={3}
              value={message}
              placeholder="Tulis doa atau pesan baikmu"
              aria-invalid={messageError ? true : undefined}
              aria-describedby={messageError ? `${messageId}-error` : undefined}
              onChange={(event) => booking.send({ type: 'donation.message', text: event.target.value })}
              className={cx(
                'hairline mt-1 w-full rounded-card bg-white px-3 py-2 text-base placeholder:text-grey-500',
                messageError ? 'border-danger-600' : 'border-grey-300',
              )}
            />
            {messageError ? (
              <p id={`${messageId}-error`} className="mt-1 text-sm text-danger-700">
                {messageError}
              </p>
            ) : null}
          </div>
        </div>
      ) : null}
    </div>
  );
}
