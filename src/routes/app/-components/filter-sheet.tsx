import type { ReactNode } from 'react';
import { buttonStyles } from '../../../components/button-styles';
import { RouteSheet } from '../../../components/route-sheet';

/**
 * A schedule child route shown as a sheet over the list. Closing goes to the list with the
 * search as it is now, never a step back: the filters replaced the sheet's history entry, so
 * going back would undo them.
 */
export function FilterSheet({
  title,
  onClose,
  children,
  footer,
}: {
  title: string;
  onClose: () => void;
  children: ReactNode;
  footer?: ReactNode;
}) {
  return (
    <RouteSheet
      title={title}
      onClose={onClose}
      footer={
        footer ?? (
          <button type="button" className={`${buttonStyles.primary} w-full`} onClick={onClose}>
            Lihat Jadwal
          </button>
        )
      }
    >
      {children}
    </RouteSheet>
  );
}
