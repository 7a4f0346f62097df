import type { ReactNode } from 'react';
import { buttonStyles } from '../../components/button-styles';
import { RouteSheet, useSheetControls } from '../../components/route-sheet';

/** A button inside the sheet that closes it (through the sheet's machine, with its animation). */
export function SheetCloseButton({ className, children }: { className: string; children: ReactNode }) {
  const { close } = useSheetControls();
  return (
    <button type="button" className={className} onClick={close}>
      {children}
    </button>
  );
}

/**
 * A schedule child route shown as a sheet over the list. Once closed it goes to the list with the
 * search as it is now, never a step back: the filters replaced the sheet's history entry, so
 * going back would undo them.
 */
export function FilterSheet({
  title,
  onClosed,
  children,
  footer,
}: {
  title: string;
  onClosed: () => void;
  children: ReactNode;
  footer?: ReactNode;
}) {
  return (
    <RouteSheet
      title={title}
      historyBound={false}
      onClosed={onClosed}
      footer={footer ?? <SheetCloseButton className={`${buttonStyles.primary} w-full`}>Lihat Jadwal</SheetCloseButton>}
    >
      {children}
    </RouteSheet>
  );
}
