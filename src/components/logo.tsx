import { Link } from '@tanstack/react-router';
import { cx } from '../lib/cx';

export const APP_NAME = 'Berangkat';

/** Brand mark; always links home (spec section 2: the logo goes to /). */
export function Logo({ className, inverted = false }: { className?: string; inverted?: boolean }) {
  return (
    <Link
      to="/"
      className={cx('inline-flex min-h-11 items-center gap-2 rounded-card font-extrabold tracking-tight', className)}
      aria-label={`${APP_NAME}, ke beranda`}
    >
      <svg viewBox="0 0 32 32" className="size-8" aria-hidden="true">
        <rect width="32" height="32" rx="8" className={inverted ? 'fill-white' : 'fill-primary-600'} />
        <path
          d="M9 8h9.5a5 5 0 0 1 1.9 9.6A5.2 5.2 0 0 1 18.8 28H9zm4 4v4h5a2 2 0 0 0 0-4zm0 8v4h5.6a2 2 0 0 0 0-4z"
          className={inverted ? 'fill-primary-700' : 'fill-white'}
        />
      </svg>
      <span className={cx('text-lg', inverted ? 'text-white' : 'text-primary-700')}>{APP_NAME}</span>
    </Link>
  );
}
