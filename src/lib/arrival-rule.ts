/**
 * Spec section 2, arriving at confirmation-payment-order (/app/confirmation-order/:code):
 * - in the app from the root path "/": a full reload to the home page;
 * - from detail-order or payment-order (a paid order's pages, their sheets included): home;
 * - a direct load or a reload: the page itself, so nothing is lost on reload.
 */
export type ConfirmationArrival = 'show' | 'reload-home' | 'home';

const CONFIRMATION = /^\/app\/confirmation-order\/[^/]+\/?$/;
/** detail-order (/app/order/:code) and payment-order (/app/payment-order/:code), with their children. */
const ORDER_PAGES = /^\/app\/(order|payment-order)\/[^/]+(\/.*)?$/;

export function isConfirmationPath(pathname: string): boolean {
  return CONFIRMATION.test(pathname);
}

/** `from` is null on a direct load or a reload (nothing was shown before in this app). */
export function confirmationArrival(to: string, from: string | null): ConfirmationArrival {
  if (!isConfirmationPath(to) || from === null || from === to) return 'show';
  if (from === '/') return 'reload-home';
  if (ORDER_PAGES.test(from)) return 'home';
  return 'show';
}

interface LocationLike {
  pathname: string;
}

/** The part of TanStack Router the rule needs: kept narrow so tests can fake it. */
export interface ArrivalRouter {
  subscribe(
    event: 'onBeforeNavigate',
    listener: (event: { fromLocation?: LocationLike; toLocation: LocationLike }) => void,
  ): () => void;
  navigate(options: { to: '/'; replace: true }): unknown;
}

/**
 * Applies the rule before the page loads. The full reload goes through `reload` (the browser's
 * location.assign), so a test can watch it. Returns the unsubscribe.
 */
export function installArrivalRules(
  router: ArrivalRouter,
  reload: (path: string) => void = (path) => window.location.assign(path),
): () => void {
  return router.subscribe('onBeforeNavigate', ({ fromLocation, toLocation }) => {
    const arrival = confirmationArrival(toLocation.pathname, fromLocation?.pathname ?? null);
    if (arrival === 'reload-home') reload('/');
    else if (arrival === 'home') void router.navigate({ to: '/', replace: true });
  });
}
