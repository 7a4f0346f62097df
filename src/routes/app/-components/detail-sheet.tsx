import { useEffect, useRef, type ReactNode } from 'react';
import { useRouter } from '@tanstack/react-router';
import { X } from 'lucide-react';
import { buttonStyles } from '../../../components/button-styles';

interface DetailSheetProps {
  title: string;
  children: ReactNode;
  /** Where to go when there is no step back (the sheet was opened straight from a link). */
  onCloseWithoutHistory: () => void;
}

/**
 * A child route shown as a sheet over its parent (mobile: from the bottom, max 93vh; desktop: a
 * side panel, max 90vh), same pattern as the app's other child sheets but with real content.
 * Closing goes back one step, or to the parent when opened directly.
 */
export function DetailSheet({ title, children, onCloseWithoutHistory }: DetailSheetProps) {
  const router = useRouter();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  // Spec: the sheet locks page scroll while open.
  useEffect(() => {
    const previous = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = previous;
    };
  }, []);

  const close = () => {
    if (router.history.canGoBack()) router.history.back();
    else onCloseWithoutHistory();
  };

  return (
    <div
      className="fixed inset-0 z-40 flex items-end bg-grey-900/40 desktop:items-stretch desktop:justify-end desktop:backdrop-blur-sm"
      onClick={(event) => {
        if (event.target === event.currentTarget) close();
      }}
    >
      <div
        role="dialog"
        aria-modal="true"
        aria-labelledby="sheet-title"
        className="flex max-h-[93vh] w-full flex-col rounded-t-2xl bg-grey-50 shadow-lg desktop:max-h-none desktop:w-[440px] desktop:rounded-none desktop:rounded-l-2xl"
        onKeyDown={(event) => {
          if (event.key === 'Escape') close();
        }}
      >
        <div className="flex items-center gap-2 rounded-t-2xl bg-white p-4 pb-2 desktop:rounded-tl-2xl desktop:rounded-tr-none">
          <h2 id="sheet-title" ref={heading} tabIndex={-1} className="flex-1 text-lg font-bold outline-none">
            {title}
          </h2>
          <button type="button" className={buttonStyles.icon} aria-label="Tutup" onClick={close}>
            <X className="size-5" aria-hidden="true" />
          </button>
        </div>
        <div className="flex-1 overflow-y-auto p-4 pb-8">{children}</div>
      </div>
    </div>
  );
}
