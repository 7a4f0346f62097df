import { useEffect, useRef, type ReactNode } from 'react';
import { Link, useRouter } from '@tanstack/react-router';
import { Hourglass, X } from 'lucide-react';
import { buttonStyles } from './button-styles';
import { Navbar } from './navbar';

export const COMING_SOON = 'Segera hadir';

interface PlaceholderScreenProps {
  title: string;
  subtitle?: string;
  isReturn?: boolean;
  /** Child routes (sheets) render here, over the screen. */
  children?: ReactNode;
}

/** A registered route whose screen comes in a later issue: its title, and "Segera hadir". */
export function PlaceholderScreen({ title, subtitle, isReturn, children }: PlaceholderScreenProps) {
  return (
    <>
      <Navbar title={title} subtitle={subtitle} isReturn={isReturn} />
      <main id="main" className="mx-auto w-full max-w-5xl px-4 py-8">
        <section className="hairline rounded-card border-grey-200 bg-white p-6 text-center">
          <Hourglass className="mx-auto size-10 text-primary-600" aria-hidden="true" />
          <p className="mt-3 text-lg font-bold">{COMING_SOON}</p>
          <p className="mt-1 text-sm text-grey-600">Halaman {title} sedang kami siapkan.</p>
          <Link to="/" className={`${buttonStyles.secondary} mt-5`}>
            Kembali ke Beranda
          </Link>
        </section>
      </main>
      {children}
    </>
  );
}

/**
 * A child route shown as a sheet over its parent screen (mobile: from the bottom; desktop: a
 * side panel). Closing goes back one step, or up to the parent when opened directly.
 */
export function SheetPlaceholder({ title }: { title: string }) {
  const router = useRouter();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);

  const close = () => {
    if (router.history.canGoBack()) router.history.back();
    else void router.navigate({ to: '..' });
  };

  return (
    <div className="fixed inset-0 z-40 flex items-end bg-grey-900/40 desktop:items-stretch desktop:justify-end desktop:backdrop-blur-sm">
      <div
        role="dialog"
        aria-modal="true"
        aria-labelledby="sheet-title"
        className="max-h-[93vh] w-full rounded-t-2xl bg-white p-4 pb-8 shadow-lg desktop:max-h-[90vh] desktop:w-[420px] desktop:rounded-none desktop:rounded-l-2xl"
        onKeyDown={(event) => {
          if (event.key === 'Escape') close();
        }}
      >
        <div className="flex items-center gap-2">
          <h2 id="sheet-title" ref={heading} tabIndex={-1} className="flex-1 text-lg font-bold outline-none">
            {title}
          </h2>
          <button type="button" className={buttonStyles.icon} aria-label="Tutup" onClick={close}>
            <X className="size-5" aria-hidden="true" />
          </button>
        </div>
        <p className="mt-4 font-semibold">{COMING_SOON}</p>
        <p className="mt-1 text-sm text-grey-600">Bagian ini sedang kami siapkan.</p>
      </div>
    </div>
  );
}
