import type { NavigationIntent } from '../../machines/types';

type RouteName = Extract<NavigationIntent, { kind: 'route' }>['name'];

/** The spec's route names (section 2) and the file routes that serve them. */
export const ROUTE_PATHS = {
  home: '/',
  schedule: '/app/schedule/{-$return}',
  'select-seat': '/app/select-seat/{-$return}',
  'information-passengers': '/app/information-passengers',
  'm-information-passengers-no-select-seat': '/app/m-information-passengers-without-no-select-seat/{-$return}',
  'info-customer-order': '/app/information-passengers/info-customer-order',
  'confirmation-payment-order': '/app/confirmation-order/$code',
  'payment-order': '/app/payment-order/$code',
  'detail-order': '/app/order/$code',
} as const satisfies Record<RouteName, string>;

/** The part of TanStack Router the adapter needs: kept narrow so tests can fake it. */
export interface NavigationTarget {
  navigate(options: {
    to: string;
    params?: Record<string, string>;
    search?: Record<string, string | number>;
    replace?: boolean;
  }): unknown;
  history: { go(delta: number): void; canGoBack(): boolean; replace(path: string): void };
  state: { location: { searchStr: string }; matches: readonly { pathname: string }[] };
}

/**
 * "Go back, or fall back to a route": a step back in history when there is one; a screen opened
 * straight from a link (nothing to go back to) goes up to its parent screen instead, keeping the
 * query, and replaces itself so Back does not return to it.
 */
export function goBack(router: NavigationTarget, steps: number): void {
  if (steps <= 0) return;
  if (router.history.canGoBack()) {
    router.history.go(-steps);
    return;
  }
  const { matches, location } = router.state;
  const leaf = matches[matches.length - 1]?.pathname;
  // The nearest ancestor with another path is the parent screen (layout matches share the path).
  const parent = [...matches].reverse().find((match) => match.pathname !== leaf)?.pathname ?? '/';
  router.history.replace(`${parent}${location.searchStr}`);
}

/**
 * The one place where a machine's navigation intent becomes a router call. Machines never
 * import the router (ARCHITECTURE.md rule 1).
 */
export function applyNavigationIntent(router: NavigationTarget, intent: NavigationIntent): void {
  if (intent.kind === 'back') {
    goBack(router, intent.steps);
    return;
  }
  router.navigate({
    to: ROUTE_PATHS[intent.name],
    ...(intent.params ? { params: intent.params } : {}),
    ...(intent.search ? { search: intent.search } : {}),
    ...(intent.replace ? { replace: true } : {}),
  });
}
