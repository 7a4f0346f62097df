import type { ReactNode } from 'react';
import { RouteSheet } from '../../../components/route-sheet';

interface DetailSheetProps {
  title: string;
  children: ReactNode;
}

/**
 * A detail child route as a sheet: closing goes back one step, or up to the parent screen when
 * it was opened straight from a link (the navigation adapter's fallback).
 */
export function DetailSheet({ title, children }: DetailSheetProps) {
  return (
    <RouteSheet title={title} tone="grey">
      {children}
    </RouteSheet>
  );
}
