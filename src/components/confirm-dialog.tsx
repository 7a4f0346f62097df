import { useEffect, useRef, type ReactNode } from 'react';
import { Button, Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { DIALOG_CLOSE_ANIMATION_MS } from '../../machines/constants';
import { buttonStyles } from './button-styles';
import { cx } from '../lib/cx';

interface ConfirmDialogProps {
  /** Open by default; turning false plays the close animation before it leaves the page. */
  isOpen?: boolean;
  title: string;
  children?: ReactNode;
  confirmLabel: string;
  /** null: the dialog has no cancel button and cannot be dismissed (Escape, backdrop). */
  cancelLabel: string | null;
  onConfirm: () => void;
  onCancel?: () => void;
}

/** Close animation timing (spec section 9: 400 ms for the generic dialog); none under reduced motion (styles.css). */
const exitStyle = { animationDuration: `${DIALOG_CLOSE_ANIMATION_MS}ms` };

/**
 * The booking flow's confirmation dialogs (spec section 2 "Dialogs"). The machine's state decides
 * when one shows (`isOpen`), never this component; once closed it fades out for
 * DIALOG_CLOSE_ANIMATION_MS, not answering presses meanwhile.
 */
export function ConfirmDialog({
  isOpen = true,
  title,
  children,
  confirmLabel,
  cancelLabel,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const dismissable = cancelLabel !== null;
  const confirmRef = useRef<HTMLButtonElement>(null);
  // Focus goes to the confirm button as the dialog opens, at once. react-aria's autoFocus waits
  // for running CSS transitions to end first, and under reduced motion one that is cut short can
  // leave it waiting: the dialog itself then took focus, showing no focus ring (found by
  // e2e/keyboard-booking.spec.ts on the mobile layout).
  useEffect(() => {
    if (isOpen) confirmRef.current?.focus();
  }, [isOpen]);
  return (
    <ModalOverlay
      isOpen={isOpen}
      isDismissable={dismissable}
      isKeyboardDismissDisabled={!dismissable}
      onOpenChange={(open) => {
        if (!open && dismissable) onCancel?.();
      }}
      style={({ isExiting }) => (isExiting ? exitStyle : undefined)}
      className={({ isExiting }) =>
        cx(
          'fixed inset-0 z-50 flex items-end justify-center bg-grey-900/40 p-4 desktop:items-center',
          isExiting && 'dialog-exit pointer-events-none',
        )
      }
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
            <Button ref={confirmRef} className={buttonStyles.primary} onPress={onConfirm}>
              {confirmLabel}
            </Button>
          </div>
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
