import { LoaderCircle } from 'lucide-react';

/** Spec section 2: a full-page loader while reserving; it holds focus so nothing is tapped twice. */
export function FullPageLoader({ label }: { label: string }) {
  return (
    <div
      role="alertdialog"
      aria-modal="true"
      aria-busy="true"
      aria-label={label}
      tabIndex={-1}
      ref={(node) => node?.focus()}
      className="fixed inset-0 z-50 flex flex-col items-center justify-center gap-3 bg-white/90 outline-none"
    >
      <LoaderCircle className="size-10 animate-spin text-primary-600" aria-hidden="true" />
      <p className="text-sm font-semibold text-grey-800">{label}</p>
    </div>
  );
}
