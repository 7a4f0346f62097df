import { Timer } from 'lucide-react';
import { bookingMessages } from '../../../machines/booking-context';
import { holdRemainingText } from '../../../machines/booking-hold';
import { useHoldCountdown } from '../../flow/booking-children';
import { cx } from '../../lib/cx';

/**
 * The seat hold's countdown (beyond the spec): the machine ticks it, this only shows it. Past
 * its end the seats are no longer kept, though reserving still works while nobody took them.
 */
export function HoldTimer({ className }: { className?: string }) {
  const countdown = useHoldCountdown();
  if (!countdown) return null;
  const expired = countdown.kind === 'expired';
  return (
    <p
      role="timer"
      // The text changes every second: read only when asked, never announced on each tick.
      aria-live="off"
      className={cx(
        'flex items-center gap-2 rounded-card p-2 text-sm font-semibold',
        expired ? 'bg-warning-50 text-warning-800' : 'bg-primary-50 text-primary-800',
        className,
      )}
    >
      <Timer className="size-4 shrink-0" aria-hidden="true" />
      {expired ? bookingMessages.holdExpired : holdRemainingText(countdown.remainingMs)}
    </p>
  );
}
