import { Suspense, lazy } from 'react';
import { Link } from '@tanstack/react-router';
import { BadgePercent, Armchair, ShieldCheck, Zap } from 'lucide-react';
import { Logo } from '../../components/logo';
import { WhenNear } from '../../components/when-near';
import { AccountEntry } from '../account';
import { SearchForm } from './search-form';

// Below the fold on a phone: its own chunk, loaded when the traveller scrolls to it, so a visit that
// only searches never pays for it.
const HomeExtras = lazy(() => import('../content').then((module) => ({ default: module.HomeExtras })));
const HomeContact = lazy(() => import('../content').then((module) => ({ default: module.HomeContact })));

const PROMISES = [
  { icon: Armchair, title: 'Pilih kursi sendiri', body: 'Lihat denah armada dan pilih posisi duduk favoritmu.' },
  { icon: BadgePercent, title: 'Harga jelas', body: 'Harga tiket dan biaya tampil sebelum kamu membayar.' },
  { icon: ShieldCheck, title: 'Pembayaran aman', body: 'Bayar lewat metode yang kamu percaya, tiket langsung terbit.' },
] as const;

/** The home page: the search form first, then why to book here. */
export function HomeScreen() {
  return (
    <>
      <header className="bg-primary-700 text-white">
        <div className="mx-auto max-w-5xl px-4 pt-2 pb-24 desktop:pb-28">
          <div className="flex items-center justify-between gap-2">
            <Logo inverted />
            <AccountEntry inverted />
          </div>
          <h1 className="mt-5 text-2xl leading-tight font-extrabold desktop:mt-8 desktop:text-3xl">
            Pesan tiket bus & shuttle antarkota
          </h1>
          <p className="mt-1 text-sm text-primary-100 desktop:text-base">
            Cari jadwal, pilih kursi, dan bayar dengan mudah.
          </p>
        </div>
      </header>
      <main id="main" className="mx-auto -mt-20 w-full max-w-5xl flex-1 px-4 pb-12">
        <SearchForm />
        <Link
          to="/app/flash-sale"
          className="hairline mt-4 flex min-h-11 items-center gap-3 rounded-card border-danger-100 bg-danger-50 p-4 text-danger-700 hover:bg-danger-100"
        >
          <Zap className="size-6 shrink-0" aria-hidden="true" />
          <span>
            <span className="block text-sm font-bold">Flash Sale</span>
            <span className="block text-sm text-grey-800">
              Tiket harga kilat setiap sesi. Jawab satu soal, lalu bayar.
            </span>
          </span>
        </Link>
        <WhenNear minHeight="40rem">
          <Suspense fallback={<div className="min-h-[40rem]" />}>
            <HomeExtras />
          </Suspense>
        </WhenNear>
        <section aria-labelledby="kenapa" className="mt-8">
          <h2 id="kenapa" className="text-base font-bold">
            Kenapa pesan di Berangkat?
          </h2>
          <ul className="mt-3 grid gap-3 desktop:grid-cols-3">
            {PROMISES.map(({ icon: Icon, title, body }) => (
              <li key={title} className="hairline flex gap-3 rounded-card border-grey-200 bg-white p-4">
                <Icon className="size-6 shrink-0 text-primary-600" aria-hidden="true" />
                <div>
                  <p className="text-sm font-bold">{title}</p>
                  <p className="mt-0.5 text-sm text-grey-600">{body}</p>
                </div>
              </li>
            ))}
          </ul>
        </section>
      </main>
      <footer className="hairline border-t border-grey-200 bg-white">
        <WhenNear minHeight="7rem">
          <Suspense fallback={<div className="min-h-28" />}>
            <HomeContact />
          </Suspense>
        </WhenNear>
        <p className="mx-auto max-w-5xl px-4 py-4 text-xs text-grey-600">
          © 2026 Berangkat. Tiket bus dan shuttle antarkota.
        </p>
      </footer>
    </>
  );
}
