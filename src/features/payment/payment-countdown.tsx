import { Clock } from 'lucide-react';
import { countdownAnnouncement, COUNTDOWN_WARNING_MS, formatCountdown } from '../../../machines/countdown';
import { cx } from '../../lib/cx';
import { formatInstant, PAYMENT_TEXT } from './payment-texts';

/**
 * "Selesaikan pembayaran dalam HH:MM:SS". The ticking time is a timer that screen readers do not
 * read on every second (aria-live off); a separate polite line changes at most once a minute.
 * Amber under 5 minutes (DESIGN.md). The time comes from the machine; nothing ticks here.
 */
export function PaymentCountdown({ remainingMs, deadline }: { remainingMs: number; deadline: string }) {
  const warning = remainingMs < COUNTDOWN_WARNING_MS;
  return (
    <section
      aria-label="Batas waktu pembayaran"
      className={cx(
        'hairline flex items-center gap-3 rounded-card p-4',
        warning ? 'border-warning-300 bg-warning-50' : 'border-primary-100 bg-primary-50',
      )}
    >
      <Clock className={cx('size-6 shrink-0', warning ? 'text-warning-700' : 'text-primary-700')} aria-hidden="true" />
      <div className="min-w-0 flex-1">
        <p className="text-sm text-grey-700">{PAYMENT_TEXT.countdownLead}</p>
        <p
          role="timer"
          aria-live="off"
          aria-atomic="true"
          className={cx('text-2xl font-bold tabular-nums', warning ? 'text-warning-800' : 'text-primary-800')}
        >
          {formatCountdown(remainingMs)}
        </p>
        {deadline ? <p className="text-xs text-grey-700">Batas pembayaran {formatInstant(deadline)}</p> : null}
      </div>
      <p className="sr-only" aria-live="polite" aria-atomic="true">
        {countdownAnnouncement(remainingMs)}
      </p>
    </section>
  );
}
