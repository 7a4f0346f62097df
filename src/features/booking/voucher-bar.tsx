import { ChevronRight, Pencil, TicketPercent, X } from 'lucide-react';
import { voucherListOpen } from '../../../machines/booking.machine';
import { buttonStyles } from '../../components/button-styles';
import { useBookingActor, useBookingSelector } from '../../flow/app-flow';
import { cx } from '../../lib/cx';
import { useBookingContext } from './booking-state';

export const USE_VOUCHER = 'Gunakan Voucher';
export const VOUCHER_APPLIED = 'Berhasil Digunakan';

/**
 * Asks the booking flow for the voucher list: the flow opens its sheet, or refuses with its toast
 * while the booker details are empty.
 */
export function useOpenVoucherList(): () => void {
  const booking = useBookingActor();
  return () => booking.send({ type: 'voucher.open' });
}

/** "Gunakan Voucher", or the voucher in use with "Berhasil Digunakan", a pencil and a clear icon. */
export function VoucherBar() {
  const booking = useBookingActor();
  const voucher = useBookingContext((context) => context.voucher);
  const listOpen = useBookingSelector(voucherListOpen);
  const openList = useOpenVoucherList();
  if (!voucher) {
    return (
      <button
        type="button"
        aria-haspopup="dialog"
        aria-expanded={listOpen}
        onClick={openList}
        className="hairline flex min-h-14 w-full items-center gap-3 rounded-card border-grey-200 bg-white px-4 text-left text-sm font-semibold hover:bg-grey-50"
      >
        <TicketPercent className="size-5 text-primary-600" aria-hidden="true" />
        <span className="flex-1">{USE_VOUCHER}</span>
        <ChevronRight className="size-5 text-grey-600" aria-hidden="true" />
      </button>
    );
  }
  return (
    <div
      role="group"
      aria-label="Voucher"
      className="hairline flex min-h-14 items-center gap-2 rounded-card border-success-600 bg-success-50 py-1 pr-1 pl-4"
    >
      <TicketPercent className="size-5 shrink-0 text-success-700" aria-hidden="true" />
      <div className="min-w-0 flex-1 text-sm">
        <p className="truncate font-semibold">{voucher.name}</p>
        <p className="font-semibold text-success-700">{VOUCHER_APPLIED}</p>
      </div>
      <button
        type="button"
        aria-haspopup="dialog"
        aria-label="Ganti voucher"
        onClick={openList}
        className={cx(buttonStyles.icon, 'text-grey-800')}
      >
        <Pencil className="size-5" aria-hidden="true" />
      </button>
      <button
        type="button"
        aria-label="Hapus voucher"
        onClick={() => booking.send({ type: 'voucher.clear' })}
        className={cx(buttonStyles.icon, 'text-grey-800')}
      >
        <X className="size-5" aria-hidden="true" />
      </button>
    </div>
  );
}
