import { useEffect, useRef, type ReactNode } from 'react';
import { X } from 'lucide-react';
import { buttonStyles } from '../../../components/button-styles';

/**
 * A schedule child route shown as a sheet over the list (mobile: from the bottom; desktop: a
 * side panel). Closing goes to the list with the search as it is now, never a step back:
 * the filters replaced the sheet's history entry, so going back would undo them.
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
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);

  const close = onClose;

  return (
    <div className="fixed inset-0 z-40 flex items-end bg-grey-900/40 desktop:items-stretch desktop:justify-end">
      <div
        role="dialog"
        aria-modal="true"
        aria-labelledby="filter-sheet-title"
        className="flex max-h-[93vh] w-full flex-col rounded-t-2xl bg-white shadow-lg desktop:max-h-none desktop:w-[420px] desktop:rounded-none desktop:rounded-l-2xl"
        onKeyDown={(event) => {
          if (event.key === 'Escape') close();
        }}
      >
        <div className="flex items-center gap-2 px-4 pt-4">
          <h2 id="filter-sheet-title" ref={heading} tabIndex={-1} className="flex-1 text-lg font-bold outline-none">
            {title}
          </h2>
          <button type="button" className={buttonStyles.icon} aria-label="Tutup" onClick={close}>
            <X className="size-5" aria-hidden="true" />
          </button>
        </div>
        <div className="flex-1 overflow-y-auto px-4 pt-2 pb-4">{children}</div>
        <div className="hairline border-t border-grey-200 p-4">
          {footer ?? (
            <button type="button" className={`${buttonStyles.primary} w-full`} onClick={close}>
              Lihat Jadwal
            </button>
          )}
        </div>
      </div>
    </div>
  );
}
