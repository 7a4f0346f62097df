import type { FlashSaleNavigateEmitted } from '../../machines/flash-sale.machine';
import type { PathIntent } from '../../machines/login.machine';
import type { NavigationIntent } from '../../machines/types';

/** The account screens (the spec does not show their route table; these are ours). */
type AccountRouteName =
  | 'login'
  | 'customer-profile'
  | 'customer-list-order'
  | 'list-customer-point'
  | 'customer-list-voucher'
  | 'customer-detail-voucher'
  | 'referral'
  | 'customer-feedback';

type RouteName = Extract<NavigationIntent, { kind: 'route' }>['name'] | AccountRouteName | FlashSaleIntent['name'];

type FlashSaleIntent = FlashSaleNavigateEmitted['intent'];

/** Every intent the adapter applies: the booking flow's named routes, and a path (the login's redirect). */
export type AppNavigationIntent = NavigationIntent | PathIntent | FlashSaleIntent;

/** The spec's route names (section 2) and the file routes that serve them. */
export const ROUTE_PATHS = {
  home: '/',
  schedule: '/app/schedule/{-$return}',
  'detail-schedule': '/app/schedule/{-$return}/detail-schedule',
  'detail-schedule-standalone': '/app/detail-schedule-standalone',
  'select-seat': '/app/select-seat/{-$return}',
  'information-passengers': '/app/information-passengers',
  'list-voucher': '/app/information-passengers/list-voucher',
  'm-information-passengers-no-select-seat': '/app/m-information-passengers-without-no-select-seat/{-$return}',
  'info-customer-order': '/app/information-passengers/info-customer-order',
  'confirmation-payment-order': '/app/confirmation-order/$code',
  'payment-order': '/app/payment-order/$code',
  'payment-order-change-payment': '/app/payment-order/$code/change-payment',
  'payment-url': '/app/payment-url',
  'detail-order': '/app/order/$code',
  'detail-order-change-payment': '/app/order/$code/change-payment',
  'detail-order-location': '/app/order/$code/location',
  'detail-order-qr-code': '/app/order/$code/qr-code',
  'detail-order-guest': '/order/$code',
  'detail-order-guest-change-payment': '/order/$code/change-payment',
  'detail-order-guest-location': '/order/$code/location',
  login: '/app/login',
  'customer-profile': '/app/customer/profile',
  'customer-list-order': '/app/customer/list-order',
  'list-customer-point': '/app/list-customer-point',
  'customer-list-voucher': '/app/customer/list-voucher',
  'customer-detail-voucher': '/app/customer/detail-voucher/$code',
  referral: '/app/referral',
  'customer-feedback': '/app/customer/feedback',
  'flash-sale': '/app/flash-sale',
  'flash-sale-card': '/app/flash-sale/card/$id',
  'flash-sale-transaction': '/app/flash-sale/transaksi/$kode',
} as const satisfies Record<RouteName, string>;

/**
 * The `redirect` of /app/login: an internal path (starts with one '/', never '//' or '/\', which
 * browsers read as another site); anything else goes home.
 */
export function safeRedirect(value: unknown): string {
  if (typeof value !== 'string') return '/';
  const path = value.trim();
  if (!path.startsWith('/') || path.startsWith('//') || path.startsWith('/\\')) return '/';
  // Control characters (a tab or newline inside "/\t/evil.example") are dropped by URL parsers.
  if ([...path].some((char) => char.charCodeAt(0) < 0x20 || char.charCodeAt(0) === 0x7f)) return '/';
  return path;
}

/**
 * The flow's navigations are decisions already taken (a confirmed "Konfirmasi Kembali ?", a
 * closed sheet): a screen that holds the browser's Back must not stop them.
 */
const DECIDED = { ignoreBlocker: true } as const;
type BlockerOptions = { ignoreBlocker?: boolean };

/** The part of TanStack Router the adapter needs: kept narrow so tests can fake it. */
export interface NavigationTarget {
  navigate(options: {
    to?: string;
    href?: string;
    params?: Record<string, string>;
    search?: Record<string, string | number>;
    replace?: boolean;
    ignoreBlocker?: boolean;
  }): unknown;
  history: {
    go(delta: number, options?: BlockerOptions): void;
    canGoBack(): boolean;
    replace(path: string, state?: undefined, options?: BlockerOptions): void;
    flush(): void;
  };
  state: { location: { searchStr: string }; matches: readonly { pathname: string }[] };
  /** Fires once the router has settled on a new location (used to wait for a step back). */
  subscribe(event: 'onResolved', listener: () => void): () => void;
}

/**
 * "Go back, or fall back to a route": a step back in history when there is one; a screen opened
 * straight from a link (nothing to go back to) goes up to its parent screen instead, keeping the
 * query, and replaces itself so Back does not return to it.
 */
export function goBack(router: NavigationTarget, steps: number): Promise<void> {
  if (steps <= 0) return Promise.resolve();
  if (router.history.canGoBack()) {
    // The browser moves back asynchronously: resolve once the router has arrived.
    const arrived = new Promise<void>((resolve) => {
      const unsubscribe = router.subscribe('onResolved', () => {
        unsubscribe();
        resolve();
      });
    });
    router.history.go(-steps, DECIDED);
    return arrived;
  }
  const { matches, location } = router.state;
  const leaf = matches[matches.length - 1]?.pathname;
  // The nearest ancestor with another path is the parent screen (layout matches share the path).
  const parent = [...matches].reverse().find((match) => match.pathname !== leaf)?.pathname ?? '/';
  router.history.replace(`${parent}${location.searchStr}`, undefined, DECIDED);
  return Promise.resolve();
}

/**
 * The one place where a machine's navigation intent becomes a router call. Machines never
 * import the router (ARCHITECTURE.md rule 1). Resolves when the router has arrived.
 */
export function applyNavigationIntent(router: NavigationTarget, intent: AppNavigationIntent): Promise<void> {
  if (intent.kind === 'back') return goBack(router, intent.steps);
  const navigated =
    intent.kind === 'path'
      ? router.navigate({ href: safeRedirect(intent.path), ...(intent.replace ? { replace: true } : {}), ...DECIDED })
      : router.navigate({
          to: ROUTE_PATHS[intent.name],
          ...(intent.params ? { params: intent.params } : {}),
          ...('search' in intent && intent.search ? { search: intent.search } : {}),
          ...(intent.replace ? { replace: true } : {}),
          ...DECIDED,
        });
  // The browser history batches pushes made in one tick into one entry: commit this one now.
  router.history.flush();
  return Promise.resolve(navigated).then(() => undefined);
}

/**
 * Applies intents one after the other: a step emits several in one go ("Pilih": the booking page,
 * then the seat page on top of it), and a router navigation started before the previous one has
 * settled would replace it instead of adding a history entry.
 */
export function createNavigationQueue(router: NavigationTarget): (intent: AppNavigationIntent) => Promise<void> {
  let queue: Promise<void> = Promise.resolve();
  return (intent) => {
    queue = queue.then(
      () => applyNavigationIntent(router, intent),
      () => applyNavigationIntent(router, intent),
    );
    return queue;
  };
}

/** A history location as TanStack's history hands it to a blocker; the index counts entries. */
interface BlockedLocation {
  pathname: string;
  state: { __TSR_index?: number };
}

/** The part of TanStack's history that holds a step back: kept narrow so tests can fake it. */
export interface BackBlockTarget {
  history: {
    block(blocker: {
      blockerFn: (args: {
        currentLocation: BlockedLocation;
        nextLocation: BlockedLocation;
        action: string;
      }) => boolean | Promise<boolean>;
      enableBeforeUnload?: boolean;
    }): () => void;
  };
}

function isWithin(pathname: string, screen: string): boolean {
  return pathname === screen || pathname.startsWith(`${screen}/`);
}

/**
 * Holds the browser's own Back (and a webview's hardware back) while a screen is shown: a step
 * back that would leave the screen and its child routes stays where it is, and `onBack` hears how
 * many steps the traveller asked for, so the flow can close a sheet or ask first. Steps forward,
 * moves between the screen and its children, links and the flow's own navigations pass. Reloading
 * or closing the tab is never held. Returns the release.
 */
export function holdBrowserBack(router: BackBlockTarget, screen: string, onBack: (steps: number) => void): () => void {
  return router.history.block({
    enableBeforeUnload: false,
    blockerFn: ({ currentLocation, nextLocation, action }) => {
      if (action !== 'BACK' && action !== 'GO') return false;
      const steps = (currentLocation.state.__TSR_index ?? 0) - (nextLocation.state.__TSR_index ?? 0);
      if (steps <= 0 || isWithin(nextLocation.pathname, screen)) return false;
      onBack(steps);
      return true;
    },
  });
}
