import { useId } from 'react';
import { Button, Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { useSelector } from '@xstate/react';
import { CANCEL_REASONS } from '../../../contract/order';
import { cancelDialog, isCancelling } from '../../../machines/order.machine';
import { buttonStyles } from '../../components/button-styles';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { cx } from '../../lib/cx';
import type { OrderActor } from '../../flow/order-flow';

export const CANCEL_LABEL = 'Batalkan Pesanan';
export const CANCEL_CONFIRM_TITLE = 'Batalkan Pesanan ?';

/** The cancel flow's two dialogs, open while the machine is in their state. */
export function CancelDialogs({ actor }: { actor: OrderActor }) {
  const open = useSelector(actor, cancelDialog);
  const cancelling = useSelector(actor, isCancelling);
  if (open === 'reason') return <ReasonDialog actor={actor} />;
  // Mounted closed too, so closing plays the dialog's close animation.
  return (
    <ConfirmDialog
      isOpen={open === 'confirm'}
      title={CANCEL_CONFIRM_TITLE}
      confirmLabel={cancelling ? 'Membatalkan...' : 'Ya, Batalkan'}
      cancelLabel="Tidak"
      onConfirm={() => actor.send({ type: 'cancel.confirm' })}
      onCancel={() => actor.send({ type: 'cancel.dismiss' })}
    >
      Pesanan yang dibatalkan tidak dapat dipulihkan, dan kursinya dilepas untuk penumpang lain.
    </ConfirmDialog>
  );
}

/** "Batalkan Pesanan": the reasons as a radio group; one is required. */
function ReasonDialog({ actor }: { actor: OrderActor }) {
  const name = useId();
  const errorId = useId();
  const labelId = useId();
  const reason = useSelector(actor, (snapshot) => snapshot.context.reason);
  const error = useSelector(actor, (snapshot) => snapshot.context.reasonError);
  const dismiss = () => actor.send({ type: 'cancel.dismiss' });
  return (
    <ModalOverlay
      isOpen
      isDismissable
      onOpenChange={(isOpen) => {
        if (!isOpen) dismiss();
      }}
      className="fixed inset-0 z-50 flex items-end justify-center bg-grey-900/40 p-4 desktop:items-center"
    >
      <Modal className="w-full max-w-sm">
        <Dialog className="rounded-card bg-white p-5 shadow-lg outline-none">
          <Heading slot="title" className="text-lg font-bold">
            {CANCEL_LABEL}
          </Heading>
          <form
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              actor.send({ type: 'cancel.submit' });
            }}
          >
            <div
              role="radiogroup"
              aria-labelledby={labelId}
              aria-describedby={error ? errorId : undefined}
              aria-required="true"
              aria-invalid={error ? true : undefined}
              className="mt-3"
            >
              <p id={labelId} className="text-sm font-semibold text-grey-800">
                Alasan pembatalan
              </p>
              <div className="mt-2 grid gap-2">
                {CANCEL_REASONS.map((option) => (
                  <label
                    key={option.kode}
                    className={cx(
                      'hairline flex min-h-11 cursor-pointer items-center gap-3 rounded-card px-3 text-sm',
                      reason === option.kode ? 'border-primary-600 bg-primary-50' : 'border-grey-300',
                    )}
                  >
                    <input
                      type="radio"
                      name={name}
                      value={option.kode}
                      checked={reason === option.kode}
                      onChange={() => actor.send({ type: 'cancel.reason', reason: option.kode })}
                      className="size-4 accent-primary-600"
                    />
                    {option.label}
                  </label>
                ))}
              </div>
              {error ? (
                <p id={errorId} role="alert" className="mt-2 text-sm text-danger-700">
                  {error}
                </p>
              ) : null}
            </div>
            <div className="mt-5 grid grid-cols-2 gap-2">
              <Button className={buttonStyles.secondary} onPress={dismiss}>
                Kembali
              </Button>
              <button type="submit" className={buttonStyles.primary}>
                {CANCEL_LABEL}
              </button>
            </div>
          </form>
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
