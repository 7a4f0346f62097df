import type { ReactNode } from 'react';
import { Link, useRouter } from '@tanstack/react-router';
import { ArrowLeft, House } from 'lucide-react';
import { buttonStyles } from '../../components/button-styles';
import { Logo } from '../../components/logo';
import { useAppbarHidden } from '../../components/navbar';
import { useBookingActor } from '../../flow/booking-actor';
import { emitBack } from '../../platform/events';

/**
 * The booking page's top bar: the navbar's look, but its back asks the booking flow to leave
 * ("Konfirmasi Kembali ?"), which goes back only once confirmed. The shared Navbar always goes
 * back after its delay, so it cannot wait for that answer.
 */
export function BookingHeader({ title, subtitle }: { title: string; subtitle?: ReactNode }) {
  const booking = useBookingActor();
  const router = useRouter();
  const hidden = useAppbarHidden();
  if (hidden) return <h1 className="sr-only">{title}</h1>;
  return (
    <header className="sticky top-0 z-30 bg-white">
      <div className="hairline border-b border-grey-200">
        <div className="mx-auto flex max-w-6xl items-center gap-1 px-1 py-1 desktop:gap-3 desktop:px-4">
          <span className="mr-2 hidden desktop:block">
            <Logo />
          </span>
          <button
            type="button"
            className={buttonStyles.icon}
            aria-label="Kembali"
            onClick={() => {
              emitBack({ from: router.state.location.pathname });
              booking.send({ type: 'leave.request', intent: { kind: 'back', steps: 1 } });
            }}
          >
            <ArrowLeft className="size-6" aria-hidden="true" />
          </button>
          <div className="min-w-0 flex-1 py-1">
            <h1 className="truncate text-base leading-6 font-bold">{title}</h1>
            {subtitle ? <p className="truncate text-xs leading-5 text-grey-600">{subtitle}</p> : null}
          </div>
          <Link to="/" className={buttonStyles.icon} aria-label="Beranda">
            <House className="size-5" aria-hidden="true" />
          </Link>
        </div>
      </div>
    </header>
  );
}
