import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { cx } from '../../lib/cx';

/** Where a traveller sees an operator's name: a link to its landing page (landing-page-mitra). */
export function OperatorLink({ code, children, className }: { code: string; children: ReactNode; className?: string }) {
  return (
    <Link
      to="/app/mitra/$operator"
      params={{ operator: code }}
      className={cx('underline-offset-2 hover:underline focus-visible:underline', className)}
    >
      {children}
    </Link>
  );
}
