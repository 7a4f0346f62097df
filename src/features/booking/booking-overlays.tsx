import { lazy, Suspense } from 'react';
import { openDialog, reserving, type OpenDialog } from '../../../machines/booking-selectors';
import { FullPageLoader } from '../../components/full-page-loader';
import { useBookingActor, useBookingSelector } from '../../flow/app-flow';
import { formatRupiah } from '../../lib/format';
import { useLastPresent } from '../../components/use-last-present';

/** Spec section 2 "Dialogs": what each one says under its title. */
export function dialogBody(dialog: OpenDialog, previousTotal: number | null) {
  switch (dialog.kind) {
    case 'reserve':
      return 'Dengan melakukan reservasi, kamu menyetujui kebijakan jadwal dan operator perjalanan ini.';
    case 'changePassengers':
      return 'Mengubah penumpang akan mengatur ulang pilihan kursi.';
    case 'leave':
      return 'Kembali akan mengatur ulang pilihan kursi dan jadwal.';
    case 'priceChanged':
      return (
        <>
          Total pembayaran berubah menjadi <strong className="text-grey-900">{formatRupiah(dialog.total)}</strong>
          {previousTotal !== null && previousTotal !== dialog.total ? (
            <>
              {' '}
              dari <s>{formatRupiah(previousTotal)}</s>
            </>
          ) : null}
          .
        </>
      );
  }
}

/*
 * Loaded when a dialog first opens: react-aria-components, once imported, listens to every focus
 * on the page (a tap on a seat paid for it), and no step needs a dialog before the passengers form.
 */
const ConfirmDialog = lazy(() =>
  import('../../components/confirm-dialog').then((module) => ({ default: module.ConfirmDialog })),
);

const sameDialog = (a: OpenDialog | null, b: OpenDialog | null) =>
  a?.kind === b?.kind && (a?.kind !== 'priceChanged' || (b?.kind === 'priceChanged' && a.total === b.total));

/**
 * The booking machine's dialogs and its full-page loader. The machine's state decides which one
 * shows; the buttons only send "dialog.confirm" / "dialog.cancel".
 */
export function BookingOverlays() {
  const booking = useBookingActor();
  const dialog = useBookingSelector(openDialog, sameDialog);
  // A dialog the flow has closed keeps its words while it fades out.
  const shown = useLastPresent(dialog);
  const loading = useBookingSelector(reserving);
  const previousTotal = useBookingSelector((snapshot) => snapshot.context.price?.total_bayar ?? null);
  return (
    <>
      {loading ? <FullPageLoader label="Memproses reservasi…" /> : null}
      {shown ? (
        <Suspense fallback={null}>
          <ConfirmDialog
            isOpen={dialog !== null}
            title={shown.texts.title}
            confirmLabel={shown.texts.confirmLabel}
            cancelLabel={shown.texts.cancelLabel}
            onConfirm={() => booking.send({ type: 'dialog.confirm' })}
            onCancel={() => booking.send({ type: 'dialog.cancel' })}
          >
            {dialogBody(shown, previousTotal)}
          </ConfirmDialog>
        </Suspense>
      ) : null}
    </>
  );
}
