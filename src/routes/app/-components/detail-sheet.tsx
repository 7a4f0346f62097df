import type { ReactNode } from 'react';
import { useRouter } from '@tanstack/react-router';
import { RouteSheet } from '../../../components/route-sheet';

interface DetailSheetProps {
  title: string;
  children: ReactNode;
  /** Where to go when there is no step back (the sheet was opened straight from a link). */
  onCloseWithoutHistory: () => void;
}

/** A detail child route as a sheet: closing goes back one step, or to the parent when opened directly. */
export function DetailSheet({ title, children, onCloseWithoutHistory }: DetailSheetProps) {
  const router = useRouter();
  const close = () => {
    if (router.history.canGoBack()) router.history.back();
    else onCloseWithoutHistory();
  };
  return (
    <RouteSheet title={title} onClose={close} tone="grey">
      {children}
    </RouteSheet>
  );
}
