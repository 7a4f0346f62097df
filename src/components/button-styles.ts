import { cx } from '../lib/cx';

/**
 * Button looks in one place. Every variant keeps a 44 px minimum touch target (DESIGN.md) and
 * relies on the global :focus-visible ring.
 */
const base =
  'inline-flex min-h-11 items-center justify-center gap-2 rounded-card px-4 text-sm font-semibold transition-colors disabled:cursor-not-allowed';

export const buttonStyles = {
  primary: cx(
    base,
    'bg-primary-600 text-white hover:bg-primary-700 active:bg-primary-800 disabled:bg-grey-300 disabled:text-grey-700',
  ),
  secondary: cx(
    base,
    'hairline border-primary-600 bg-white text-primary-700 hover:bg-primary-50 active:bg-primary-100',
  ),
  ghost: cx(base, 'text-primary-700 hover:bg-primary-50 active:bg-primary-100'),
  /** Round 44 px icon button (back, home, swap). Give it an aria-label. */
  icon: 'inline-flex size-11 shrink-0 items-center justify-center rounded-full text-grey-800 transition-colors hover:bg-grey-100 active:bg-grey-200',
} as const;
