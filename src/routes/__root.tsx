import { Suspense, lazy, useEffect, useMemo, useState, type ReactNode } from 'react';
import { Link, Outlet, createRootRouteWithContext, redirect, useRouter } from '@tanstack/react-router';
import { z } from 'zod';
import { CircleExclamationPoint, MapPinOff } from 'lucide-react';
import { buttonStyles } from '../components/button-styles';
import { KitSlotsProvider, type KitSlots } from '../components/kit-slots';
import { Toaster } from '../components/toaster';
import { AccountEntry } from '../features/account/login-entry';
import { DemoRibbon } from '../features/content/demo-ribbon';
import { AppFlowProvider, useDelayedNavigation, useFlowInspect } from '../flow/app-flow';
import { dismissToast, useToasts } from '../flow/toast-view';
import { readAttribution } from '../platform/attribution';
import {
  honoursAuthQuery,
  rememberAuthFromQuery,
  resetAccountQueriesOnAuthChange,
  withoutAuthQuery,
} from '../platform/session';
import type { RouterContext } from '../router';

/** Query values any page may carry: appbar=1 hides the navbar (a native host draws its own). */
const rootSearchSchema = z.object({
  appbar: z
    .union([z.literal(1), z.literal('1')])
    .optional()
    .catch(undefined),
  // `?debug=trace`: the support trace panel for testers (kept for the tab once seen).
  debug: z.literal('trace').optional().catch(undefined),
});

const DEBUG_TRACE_KEY = 'berangkat:debug-trace';
const TraceDebugPanel = lazy(() => import('../features/support/trace-debug'));
const AdsPopup = lazy(() => import('../features/content/ads-popup'));

const POPUP_SEEN_PREFIX = 'berangkat:popup-seen:';

/** The landing's ads code while its popup has not been shown in this tab; read once per page load. */
function useUnseenAdsCode(): string | null {
  const [code] = useState(() => {
    if (typeof window === 'undefined') return null;
    const { adsCode } = readAttribution();
    if (!adsCode) return null;
    try {
      return window.sessionStorage.getItem(`${POPUP_SEEN_PREFIX}${adsCode.toUpperCase()}`) === '1' ? null : adsCode;
    } catch {
      return adsCode;
    }
  });
  return code;
}

/** On once the query asked for it, for the rest of the tab's visit. */
function useDebugTrace(): boolean {
  const asked = Route.useSearch({ select: (search) => search.debug === 'trace' });
  const [on, setOn] = useState(() => {
    try {
      return typeof window !== 'undefined' && window.sessionStorage.getItem(DEBUG_TRACE_KEY) === '1';
    } catch {
      return false;
    }
  });
  useEffect(() => {
    if (!asked || on) return;
    setOn(true);
    try {
      window.sessionStorage.setItem(DEBUG_TRACE_KEY, '1');
    } catch {
      // Private mode: the panel stays for this page only.
    }
  }, [asked, on]);
  return asked || on;
}

export const Route = createRootRouteWithContext<RouterContext>()({
  validateSearch: rootSearchSchema,
  // Spec section 2: before each navigation an `auth` query value becomes the `auth` page meta, inside
  // the app's webview only. Anywhere else it is someone else's token (a crafted link signing the
  // traveller into the sender's account): never read, and taken out of the address so it is not
  // bookmarked or shared on.
  beforeLoad: ({ location }) => {
    if (honoursAuthQuery()) {
      rememberAuthFromQuery((location.search as Record<string, unknown>).auth, true);
      return;
    }
    const cleaned = withoutAuthQuery(location.href);
    if (cleaned !== null) throw redirect({ href: cleaned, replace: true });
  },
  component: RootLayout,
  notFoundComponent: NotFound,
  errorComponent: RootError,
});

/** What the UI kit shows of the app without importing it: the account entry, back, the inspector. */
function AppKitSlots({ children }: { children: ReactNode }) {
  const delayed = useDelayedNavigation();
  const slots = useMemo<KitSlots>(
    () => ({
      accountEntry: <AccountEntry />,
      // The delay is the machine's; a page opened straight from a link falls back to its parent.
      back: () => delayed({ type: 'back.press' }),
      useInspect: useFlowInspect,
    }),
    [delayed],
  );
  return <KitSlotsProvider value={slots}>{children}</KitSlotsProvider>;
}

/** The toasts the flow's toaster actor publishes; only this re-renders when they change. */
function AppToaster() {
  const toasts = useToasts();
  return <Toaster toasts={toasts} onDismiss={dismissToast} />;
}

function RootLayout() {
  const { queryClient } = Route.useRouteContext();
  // One customer's profile, orders and points are never shown to the next one or to a guest.
  useEffect(() => resetAccountQueriesOnAuthChange(queryClient), [queryClient]);
  const debugTrace = useDebugTrace();
  const adsCode = useUnseenAdsCode();
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded-card bg-white px-4 py-3 font-semibold text-primary-700 focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Langsung ke konten
      </a>
      <AppFlowProvider>
        <AppKitSlots>
          <Outlet />
          {debugTrace ? (
            <Suspense fallback={null}>
              <TraceDebugPanel />
            </Suspense>
          ) : null}
          {adsCode ? (
            <Suspense fallback={null}>
              <AdsPopup adsCode={adsCode} />
            </Suspense>
          ) : null}
        </AppKitSlots>
      </AppFlowProvider>
      <AppToaster />
      <DemoRibbon />
    </div>
  );
}

function NotFound() {
  return (
    <main
      id="main"
      className="mx-auto flex w-full max-w-md flex-1 flex-col items-center justify-center px-6 py-16 text-center"
    >
      <MapPinOff className="size-12 text-primary-600" aria-hidden="true" />
      <h1 className="mt-4 text-xl font-bold">Halaman tidak ditemukan</h1>
      <p className="mt-2 text-sm text-grey-600">Alamat yang kamu buka tidak ada atau sudah dipindahkan.</p>
      <Link to="/" className={`${buttonStyles.primary} mt-6`}>
        Kembali ke Beranda
      </Link>
    </main>
  );
}

function RootError({ reset }: { error: unknown; reset: () => void }) {
  const router = useRouter();
  return (
    <main
      id="main"
      className="mx-auto flex w-full max-w-md flex-1 flex-col items-center justify-center px-6 py-16 text-center"
    >
      <CircleExclamationPoint className="size-12 text-danger-600" aria-hidden="true" />
      <h1 className="mt-4 text-xl font-bold">Terjadi kesalahan</h1>
      <p className="mt-2 text-sm text-grey-600">Halaman ini gagal ditampilkan. Coba muat ulang.</p>
      <button
        type="button"
        className={`${buttonStyles.primary} mt-6`}
        onClick={() => {
          reset();
          void router.invalidate();
        }}
      >
        Coba Lagi
      </button>
    </main>
  );
}
