import { X } from 'lucide-react';
import type { ToastItem } from '../../machines/toaster.machine';
import { cx } from '../lib/cx';

const POSITIONS: ReadonlyArray<ToastItem['position']> = ['top', 'bottom'];

/**
 * The toasts the machines emit (spec section 9: most last 3 s, at the top or the bottom). Both
 * regions are always in the page, so screen readers announce a toast as it appears; how long a
 * toast stays is the toaster machine's business, never a timer here.
 */
export function Toaster({ toasts, onDismiss }: { toasts: readonly ToastItem[]; onDismiss: (id: number) => void }) {
  return (
    <>
      {POSITIONS.map((position) => (
        <div
          key={position}
          role="status"
          aria-live="polite"
          aria-relevant="additions text"
          className={cx(
            'pointer-events-none fixed inset-x-0 z-[60] flex flex-col items-center gap-2 px-4',
            position === 'top' ? 'top-3' : 'bottom-24 desktop:bottom-6',
          )}
        >
          {toasts
            .filter((toast) => toast.position === position)
            .map((toast) => (
              <div
                key={toast.id}
                className="pointer-events-auto flex w-full max-w-md items-start gap-3 rounded-card bg-grey-900 px-4 py-3 text-sm text-white shadow-lg"
              >
                <p className="flex-1">{toast.message}</p>
                <button
                  type="button"
                  aria-label="Tutup pesan"
                  onClick={() => onDismiss(toast.id)}
                  className="-m-2 inline-flex size-9 shrink-0 items-center justify-center rounded-full hover:bg-white/10"
                >
                  <X className="size-4" aria-hidden="true" />
                </button>
              </div>
            ))}
        </div>
      ))}
    </>
  );
}
