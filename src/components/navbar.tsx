import type { ReactNode } from 'react';
import { Link, useRouter, useRouterState } from '@tanstack/react-router';
import { ArrowLeft, House, Repeat } from 'lucide-react';
import { emitBack } from '../platform/events';
import { postBack } from '../platform/native-bridge';
import { buttonStyles } from './button-styles';
import { useKitSlots } from './kit-slots';
import { Logo } from './logo';

/** Spec section 2: `appbar=1` in the query hides the navigation bar. */
export function useAppbarHidden(): boolean {
  return useRouterState({
    select: (state) => {
      const value = (state.location.search as Record<string, unknown>).appbar;
      return value === 1 || value === '1' || value === true;
    },
  });
}

export interface NavbarProps {
  title: string;
  /** Trip line under the title, e.g. "Bandung → Jakarta · Sen, 23 Nov 2026". */
  subtitle?: ReactNode;
  /** Shows the "Jurusan Pulang" banner. */
  isReturn?: boolean;
  /** Replaces the delayed step back: the screen's flow decides where back leads. */
  onBack?: () => void;
}

/**
 * Top bar of inner screens: back (emits the back event at once, navigates one step back after
 * BACK_NAVIGATION_DELAY_MS), the screen title as the page heading, the account entry the app puts
 * in its slot (kit-slots.tsx), and the round home button.
 */
export function Navbar({ title, subtitle, isReturn = false, onBack }: NavbarProps) {
  const router = useRouter();
  const hidden = useAppbarHidden();
  const { accountEntry, back } = useKitSlots();

  const goBack = () => {
    emitBack({ from: router.state.location.pathname });
    // A native host always hears of it, even when the page then decides where back leads.
    postBack(router.state.location.href);
    if (onBack) {
      // The screen's own flow decides (the booking page asks "Konfirmasi Kembali ?").
      onBack();
      return;
    }
    // The app's step back (delayed by its machine; a page opened from a link goes to its parent).
    back?.();
  };

  if (hidden) return <h1 className="sr-only">{title}</h1>;

  return (
    <header className="sticky top-0 z-30 bg-white">
      <div className="hairline border-b border-grey-200">
        <div className="mx-auto flex max-w-5xl items-center gap-1 px-1 py-1 desktop:gap-3 desktop:px-4">
          <span className="mr-2 hidden desktop:block">
            <Logo />
          </span>
          <button type="button" className={buttonStyles.icon} aria-label="Kembali" onClick={goBack}>
            <ArrowLeft className="size-6" aria-hidden="true" />
          </button>
          <div className="min-w-0 flex-1 py-1">
            <h1 className="truncate text-base leading-6 font-bold">{title}</h1>
            {subtitle ? <p className="truncate text-xs leading-5 text-grey-600">{subtitle}</p> : null}
          </div>
          {accountEntry ? <span className="hidden desktop:block">{accountEntry}</span> : null}
          <Link to="/" className={buttonStyles.icon} aria-label="Beranda">
            <House className="size-5" aria-hidden="true" />
          </Link>
        </div>
      </div>
      {isReturn ? (
        <div className="bg-primary-50 text-primary-800" role="note">
          <p className="mx-auto flex max-w-5xl items-center gap-2 px-4 py-2 text-sm font-semibold">
            <Repeat className="size-4" aria-hidden="true" />
            Jurusan Pulang
          </p>
        </div>
      ) : null}
    </header>
  );
}
