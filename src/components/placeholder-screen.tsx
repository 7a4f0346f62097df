import type { ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import { Hourglass } from 'lucide-react';
import { buttonStyles } from './button-styles';
import { Navbar } from './navbar';
import { RouteSheet } from './route-sheet';

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
  return (
    <RouteSheet title={title}>
      <p className="font-semibold">{COMING_SOON}</p>
      <p className="mt-1 text-sm text-grey-600">Bagian ini sedang kami siapkan.</p>
    </RouteSheet>
  );
}
