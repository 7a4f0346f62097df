import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { X } from 'lucide-react';
import { buttonStyles } from './button-styles';
import { cx } from '../lib/cx';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

interface RouteSheetProps {
  title: string;
  onClose: () => void;
  children: ReactNode;
  footer?: ReactNode;
  /** Grey body for content made of cards; white otherwise. */
  tone?: 'white' | 'grey';
}

/**
 * A child route shown as a modal sheet over its parent (spec section 2): from the bottom on
 * mobile (max 93vh), a side panel over a dimmed, blurred backdrop on desktop. It locks page
 * scroll, keeps keyboard focus inside while open, closes on Escape, the backdrop or "Tutup", and
 * gives focus back to where it was.
 */
export function RouteSheet({ title, onClose, children, footer, tone = 'white' }: RouteSheetProps) {
  const titleId = useId();
  const dialog = useRef<HTMLDivElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    heading.current?.focus();
    return () => {
      document.body.style.overflow = overflow;
      if (opener?.isConnected) opener.focus();
    };
  }, []);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      onClose();
      return;
    }
    if (event.key !== 'Tab' || !dialog.current) return;
    const focusables = [...dialog.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
    const first = focusables[0];
    const last = focusables[focusables.length - 1];
    if (!first || !last) return;
    const active = document.activeElement;
    if (event.shiftKey && (active === first || active === heading.current)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && active === last) {
      event.preventDefault();
      first.focus();
    }
  };

  return (
    <div
      className="fixed inset-0 z-40 flex items-end bg-grey-900/40 desktop:items-stretch desktop:justify-end desktop:backdrop-blur-sm"
      onClick={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <div
        ref={dialog}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        onKeyDown={onKeyDown}
        className={cx(
          'flex max-h-[93vh] w-full flex-col rounded-t-2xl shadow-lg desktop:max-h-none desktop:w-[440px] desktop:rounded-none desktop:rounded-l-2xl',
          tone === 'grey' ? 'bg-grey-50' : 'bg-white',
        )}
      >
        <div className="flex items-center gap-2 rounded-t-2xl bg-white p-4 pb-2 desktop:rounded-tl-2xl desktop:rounded-tr-none">
          <h2 id={titleId} ref={heading} tabIndex={-1} className="flex-1 text-lg font-bold outline-none">
            {title}
          </h2>
          <button type="button" className={buttonStyles.icon} aria-label="Tutup" onClick={onClose}>
            <X className="size-5" aria-hidden="true" />
          </button>
        </div>
        <div className="flex-1 overflow-y-auto p-4 pb-8">{children}</div>
        {footer ? <div className="hairline border-t border-grey-200 p-4">{footer}</div> : null}
      </div>
    </div>
  );
}
