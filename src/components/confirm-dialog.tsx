import type { ReactNode } from 'react';
import { Button, Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { buttonStyles } from './button-styles';
import { cx } from '../lib/cx';

interface ConfirmDialogProps {
  title: string;
  children?: ReactNode;
  confirmLabel: string;
  /** null: the dialog has no cancel button and cannot be dismissed (Escape, backdrop). */
  cancelLabel: string | null;
  onConfirm: () => void;
  onCancel?: () => void;
}

/**
 * The booking flow's confirmation dialogs (spec section 2 "Dialogs"). Open while mounted: the
 * machine's state decides when one shows, never this component.
 */
export function ConfirmDialog({ title, children, confirmLabel, cancelLabel, onConfirm, onCancel }: ConfirmDialogProps) {
  const dismissable = cancelLabel !== null;
  return (
    <ModalOverlay
      isOpen
      isDismissable={dismissable}
      isKeyboardDismissDisabled={!dismissable}
      onOpenChange={(open) => {
        if (!open && dismissable) onCancel?.();
      }}
      className="fixed inset-0 z-50 flex items-end justify-center bg-grey-900/40 p-4 desktop:items-center"
    >
      <Modal className="w-full max-w-sm">
        <Dialog role="alertdialog" className="rounded-card bg-white p-5 shadow-lg outline-none">
          <Heading slot="title" className="text-lg font-bold">
            {title}
          </Heading>
          {children ? <div className="mt-2 text-sm text-grey-700">{children}</div> : null}
          <div className={cx('mt-5 grid gap-2', dismissable ? 'grid-cols-2' : 'grid-cols-1')}>
            {dismissable ? (
              <Button className={buttonStyles.secondary} onPress={onCancel}>
                {cancelLabel}
              </Button>
            ) : null}
            <Button className={buttonStyles.primary} onPress={onConfirm} autoFocus>
              {confirmLabel}
            </Button>
          </div>
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
