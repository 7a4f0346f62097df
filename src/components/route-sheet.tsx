import {
  createContext,
  useContext,
  useEffect,
  useId,
  useRef,
  useState,
  type KeyboardEvent,
  type PointerEvent,
  type ReactNode,
  type RefObject,
} from 'react';
import { X } from 'lucide-react';
import { useActorRef, useSelector } from '@xstate/react';
import {
  isSheetMounted,
  isSheetVisible,
  sheetDragOffset,
  sheetMachine,
  type SheetSide,
} from '../../machines/sheet.machine';
import { SHEET_CLOSE_DELAY_MS } from '../../machines/constants';
import { useLayoutMode } from '../platform/layout-mode';
import { buttonStyles } from './button-styles';
import { useKitInspect } from './kit-slots';
import { cx } from '../lib/cx';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

interface SheetControls {
  /** Asks the sheet to close: its close check may refuse, else it animates and goes back. */
  close: () => void;
}

const SheetControlsContext = createContext<SheetControls | null>(null);

/** The open sheet's controls, for a button inside it ("Simpan", "Terapkan", "Tutup"). */
export function useSheetControls(): SheetControls {
  const controls = useContext(SheetControlsContext);
  if (!controls) throw new Error('useSheetControls needs a RouteSheet');
  return controls;
}

interface RouteSheetProps {
  title: string;
  children: ReactNode;
  footer?: ReactNode;
  /** Grey body for content made of cards; white otherwise. */
  tone?: 'white' | 'grey';
  /** Desktop side panel position; right by default. */
  side?: SheetSide;
  /** While set, closing is refused with this toast (spec: a round trip's seat sheet). */
  closeBlock?: string | null;
  /**
   * A route child (default) goes back in history once closed. A sheet the owner shows without a
   * route sets this false and hears `onClosed` instead.
   */
  historyBound?: boolean;
  onClosed?: () => void;
}

/**
 * A child route shown as a sheet over its parent (spec section 2, "Sheet dialog behaviour"),
 * driven by machines/sheet.machine.ts: it slides in 100 ms after mounting, closes with a 750 ms
 * animation and then goes back one step; on mobile it comes from the bottom (max 93vh) and closes
 * when dragged down past a quarter of its height; on desktop it is a side panel (max 90vh) over a
 * dimmed, blurred backdrop. It locks page scroll, keeps keyboard focus inside, closes on Escape, the
 * backdrop or the close icon, and gives focus back to where it was.
 */
export function RouteSheet({
  title,
  children,
  footer,
  tone = 'white',
  side = 'right',
  closeBlock = null,
  historyBound = true,
  onClosed,
}: RouteSheetProps) {
  const layout = useLayoutMode();
  const inspect = useKitInspect();
  const sheet = useActorRef(sheetMachine, {
    input: { layout, side, closeBlock, historyBound },
    ...(inspect ? { inspect } : {}),
  });
  const mounted = useSelector(sheet, isSheetMounted);
  const visible = useSelector(sheet, isSheetVisible);
  const dragOffset = useSelector(sheet, sheetDragOffset);
  const closing = useSelector(sheet, (snapshot) => snapshot.matches('closing'));
  const titleId = useId();
  const dialog = useRef<HTMLDivElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const body = useRef<HTMLDivElement>(null);
  const content = useRef<HTMLDivElement>(null);
  const overflows = useOverflow(body, content, mounted);
  const onClosedRef = useRef(onClosed);
  onClosedRef.current = onClosed;

  useEffect(() => {
    sheet.send({ type: 'sheet.open' });
    // Only a sheet that has been open reports closing (the machine starts closed).
    let wasOpen = false;
    const subscription = sheet.subscribe((snapshot) => {
      if (isSheetMounted(snapshot)) wasOpen = true;
      else if (wasOpen) {
        wasOpen = false;
        onClosedRef.current?.();
      }
    });
    return () => subscription.unsubscribe();
  }, [sheet]);

  useEffect(() => {
    sheet.send({ type: 'sheet.setCloseBlock', message: closeBlock });
  }, [sheet, closeBlock]);

  useEffect(() => {
    if (!mounted) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    heading.current?.focus();
    return () => {
      document.body.style.overflow = overflow;
      if (opener?.isConnected) opener.focus();
    };
  }, [mounted]);

  const close = () => sheet.send({ type: 'sheet.close' });

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      close();
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

  // Mobile drag on the handle and header: the finger's travel feeds the machine once per frame.
  const drag = useRef<{ startY: number; frame: number | null }>({ startY: 0, frame: null });
  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (layout !== 'm' || (event.target as HTMLElement).closest('button')) return;
    drag.current.startY = event.clientY;
    event.currentTarget.setPointerCapture(event.pointerId);
    sheet.send({ type: 'sheet.dragStart' });
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (!event.currentTarget.hasPointerCapture(event.pointerId) || drag.current.frame !== null) return;
    const offset = event.clientY - drag.current.startY;
    drag.current.frame = requestAnimationFrame(() => {
      drag.current.frame = null;
      sheet.send({ type: 'sheet.drag', offset, height: dialog.current?.offsetHeight ?? 0 });
    });
  };
  const onPointerUp = (event: PointerEvent<HTMLDivElement>) => {
    if (!event.currentTarget.hasPointerCapture(event.pointerId)) return;
    event.currentTarget.releasePointerCapture(event.pointerId);
    if (drag.current.frame !== null) cancelAnimationFrame(drag.current.frame);
    drag.current.frame = null;
    sheet.send({ type: 'sheet.dragEnd' });
  };

  if (!mounted) return null;
  const hiddenTransform =
    layout === 'm' ? 'translate-y-full' : side === 'left' ? '-translate-x-full' : 'translate-x-full';
  // The slide out lasts as long as the machine waits before going back (spec: 750 ms), so the
  // sheet is gone just as the page behind it changes; sliding in stays quick (300 ms).
  const closingStyle = closing ? { transitionDuration: `${SHEET_CLOSE_DELAY_MS}ms` } : undefined;

  return (
    <SheetControlsContext value={{ close }}>
      <div
        className={cx(
          'fixed inset-0 z-40 flex items-end transition-colors duration-300 desktop:items-center',
          side === 'left' ? 'desktop:justify-start' : 'desktop:justify-end',
          visible ? 'bg-grey-900/40 desktop:backdrop-blur-sm' : 'bg-grey-900/0',
        )}
        style={closingStyle}
        onClick={(event) => {
          if (event.target === event.currentTarget) close();
        }}
      >
        <div
          ref={dialog}
          role="dialog"
          aria-modal="true"
          aria-labelledby={titleId}
          data-state={visible ? 'open' : 'hidden'}
          onKeyDown={onKeyDown}
          style={dragOffset > 0 ? { transform: `translateY(${dragOffset}px)`, transition: 'none' } : closingStyle}
          className={cx(
            'flex max-h-[93vh] w-full flex-col rounded-t-2xl shadow-lg transition-transform duration-300 ease-out desktop:max-h-[90vh] desktop:w-[440px] desktop:rounded-none',
            side === 'left' ? 'desktop:rounded-r-2xl' : 'desktop:rounded-l-2xl',
            tone === 'grey' ? 'bg-grey-50' : 'bg-white',
            visible ? 'translate-x-0 translate-y-0' : hiddenTransform,
          )}
        >
          <div
            className="touch-none rounded-t-2xl bg-white px-4 pt-2 pb-2 desktop:rounded-none desktop:pt-4"
            onPointerDown={onPointerDown}
            onPointerMove={onPointerMove}
            onPointerUp={onPointerUp}
            onPointerCancel={onPointerUp}
          >
            <div className="mx-auto mb-2 h-1 w-10 rounded-full bg-grey-300 desktop:hidden" aria-hidden="true" />
            <div className="flex items-center gap-2">
              <h2 id={titleId} ref={heading} tabIndex={-1} className="flex-1 rounded text-lg font-bold">
                {title}
              </h2>
              <button type="button" className={buttonStyles.icon} aria-label="Tutup" onClick={close}>
                <X className="size-5" aria-hidden="true" />
              </button>
            </div>
          </div>
          <div
            ref={body}
            // Taller than the sheet (90vh, 93vh): the body scrolls, so a keyboard can reach and scroll it.
            tabIndex={overflows ? 0 : undefined}
            className="flex-1 overflow-y-auto p-4 pb-8"
          >
            <div ref={content}>{children}</div>
          </div>
          {footer ? <div className="hairline border-t border-grey-200 p-4">{footer}</div> : null}
        </div>
      </div>
    </SheetControlsContext>
  );
}

/** Whether the body's content is taller than the body (watched as either changes size). */
function useOverflow(
  body: RefObject<HTMLDivElement | null>,
  content: RefObject<HTMLDivElement | null>,
  mounted: boolean,
): boolean {
  const [overflows, setOverflows] = useState(false);
  useEffect(() => {
    const outer = body.current;
    const inner = content.current;
    if (!mounted || !outer || !inner || typeof ResizeObserver === 'undefined') return;
    const check = () => setOverflows(outer.scrollHeight > outer.clientHeight + 1);
    const observer = new ResizeObserver(check);
    observer.observe(outer);
    observer.observe(inner);
    check();
    return () => observer.disconnect();
  }, [body, content, mounted]);
  return overflows;
}
