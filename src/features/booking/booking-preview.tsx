import type { ReactNode } from 'react';
import { legsOf } from '../../../machines/booking-context';
import { bookingPlace, openDialog, reserving } from '../../../machines/booking-selectors';
import type { Direction } from '../../../machines/types';
import { buttonStyles } from '../../components/button-styles';
import { Navbar } from '../../components/navbar';
import { useBookingSelector } from '../../flow/app-flow';
import { useBookerFormChild, usePassengerFormChild, useSeatSelectionChild } from '../../flow/booking-children';
import { cx } from '../../lib/cx';
import { formatRupiah } from '../../lib/format';
import { SeatPicker } from '../seats';
import { BookerFields } from './booker-form';
import { BookingPageView } from './booking-page';
import { dialogBody } from './booking-overlays';
import { PassengerFields } from './passenger-fields';
import { passengerFormTitle } from './passenger-form-screen';
import { useTrip } from './booking-state';
import { LegHeader } from './trip-info';

/**
 * The customer's screen drawn from a booking snapshot for the support replay: the page the flow
 * had them on (booking page, mobile seat page or passenger form) and the sheet, dialog or loader
 * open over it. Everything here only reads the actor; the real screens' modals would open over
 * the support agent's own page, so the overlays are drawn inside the preview's frame.
 */

/** Where a snapshot puts the customer: the page and the sheet open over it. */
function usePreviewPlace() {
  return useBookingSelector(
    (snapshot) => bookingPlace(snapshot.context, snapshot.matches({ voucherList: 'open' })),
    (a, b) => JSON.stringify(a) === JSON.stringify(b),
  );
}

/** A sheet as the customer saw it, drawn inside the preview (bottom on a phone, side on desktop). */
function PreviewSheet({ title, mobile, children }: { title: string; mobile: boolean; children: ReactNode }) {
  return (
    <div className={cx('absolute inset-0 z-40 flex bg-grey-900/40', mobile ? 'items-end' : 'justify-end')}>
      <section
        aria-label={title}
        className={cx(
          'flex flex-col overflow-hidden bg-white shadow-lg',
          mobile ? 'max-h-[85%] w-full rounded-t-card' : 'h-full w-[min(480px,90%)]',
        )}
      >
        <h2 className="hairline border-b border-grey-200 px-4 py-3 text-base font-bold">{title}</h2>
        <div className="min-h-0 flex-1 overflow-auto p-4">{children}</div>
      </section>
    </div>
  );
}

function VoucherSheetPicture() {
  const voucher = useBookingSelector((snapshot) => snapshot.context.voucher);
  return (
    <div className="space-y-2 text-sm">
      {voucher ? (
        <p>
          Voucher dipakai: <strong>{voucher.code}</strong> ({voucher.name}, potongan {formatRupiah(voucher.price)})
        </p>
      ) : (
        <p>Belum ada voucher yang dipakai.</p>
      )}
      <p className="text-grey-700">Daftar voucher dibaca dari akun pelanggan saat itu; catatan tidak menyimpannya.</p>
    </div>
  );
}

function BookerSheetPicture() {
  const child = useBookerFormChild();
  return child ? <BookerFields child={child} /> : null;
}

function SeatPicture({ direction, variant }: { direction: Direction; variant: 'page' | 'sheet' }) {
  // Mounted only while the child runs: the picker never asks the flow to start one.
  const child = useSeatSelectionChild(direction);
  return child ? <SeatPicker direction={direction} variant={variant} /> : null;
}

function PassengerPicture({ direction, legIndex }: { direction: Direction; legIndex: number }) {
  const child = usePassengerFormChild(direction, legIndex);
  const trip = useTrip();
  const leg = legsOf(trip, direction)[legIndex];
  return (
    <>
      <Navbar title={passengerFormTitle(direction)} isReturn={direction === 'pulang'} />
      <main className="mx-auto w-full max-w-xl space-y-4 px-4 py-4">
        {trip && leg ? (
          <section aria-label="Perjalanan" className="hairline rounded-card border-grey-200 bg-white p-3">
            <LegHeader trip={trip} direction={direction} legIndex={legIndex} leg={leg} />
          </section>
        ) : null}
        <section className="hairline rounded-card border-grey-200 bg-white p-4">
          <h2 className="mb-3 text-base font-bold">Data Penumpang</h2>
          {child ? <PassengerFields child={child} variant="mobile" /> : null}
        </section>
      </main>
    </>
  );
}

/** The open dialog (or the reservation's loader) as the customer saw it. */
function DialogPicture({ mobile }: { mobile: boolean }) {
  const dialog = useBookingSelector(openDialog, (a, b) => JSON.stringify(a) === JSON.stringify(b));
  const loading = useBookingSelector(reserving);
  const previousTotal = useBookingSelector((snapshot) => snapshot.context.price?.total_bayar ?? null);
  if (loading) {
    return (
      <div className="absolute inset-0 z-50 flex items-center justify-center bg-white/90">
        <p className="text-sm font-semibold">Memproses reservasi…</p>
      </div>
    );
  }
  if (!dialog) return null;
  return (
    <div
      className={cx(
        'absolute inset-0 z-50 flex justify-center bg-grey-900/40 p-4',
        mobile ? 'items-end' : 'items-center',
      )}
    >
      <section aria-label={dialog.texts.title} className="w-full max-w-sm rounded-card bg-white p-5 shadow-lg">
        <h2 className="text-lg font-bold">{dialog.texts.title}</h2>
        <div className="mt-2 text-sm text-grey-700">{dialogBody(dialog, previousTotal)}</div>
        <div className={cx('mt-5 grid gap-2', dialog.texts.cancelLabel !== null ? 'grid-cols-2' : 'grid-cols-1')}>
          {dialog.texts.cancelLabel !== null ? (
            <span className={cx(buttonStyles.secondary, 'text-center')}>{dialog.texts.cancelLabel}</span>
          ) : null}
          <span className={cx(buttonStyles.primary, 'text-center')}>{dialog.texts.confirmLabel}</span>
        </div>
      </section>
    </div>
  );
}

/** The booking screens for the support replay; the caller supplies the flow and the frame. */
export function BookingPreviewView({ seatSheet }: { seatSheet: { current: (() => void) | null } }) {
  const { screen, sheet: overlay } = usePreviewPlace();
  const mobile = useBookingSelector((snapshot) => snapshot.context.layout === 'm');
  return (
    <>
      {screen.kind === 'booking' ? <BookingPageView seatSheet={seatSheet} preview /> : null}
      {screen.kind === 'seats' ? <SeatPicture direction={screen.direction} variant="page" /> : null}
      {screen.kind === 'passengers' ? (
        <PassengerPicture direction={screen.direction} legIndex={screen.legIndex} />
      ) : null}
      {overlay?.kind === 'seatSheet' ? (
        <PreviewSheet title="Pilih Kursi" mobile={mobile}>
          <SeatPicture direction={overlay.direction} variant="sheet" />
        </PreviewSheet>
      ) : null}
      {overlay?.kind === 'voucherSheet' ? (
        <PreviewSheet title="Pilih Voucher" mobile={mobile}>
          <VoucherSheetPicture />
        </PreviewSheet>
      ) : null}
      {overlay?.kind === 'bookerSheet' ? (
        <PreviewSheet title="Informasi Pemesan" mobile={mobile}>
          <BookerSheetPicture />
        </PreviewSheet>
      ) : null}
      <DialogPicture mobile={mobile} />
    </>
  );
}
