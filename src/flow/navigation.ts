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
  history: { go(delta: number): void };
}

/**
 * The one place where a machine's navigation intent becomes a router call. Machines never
 * import the router (ARCHITECTURE.md rule 1).
 */
export function applyNavigationIntent(router: NavigationTarget, intent: NavigationIntent): void {
  if (intent.kind === 'back') {
    if (intent.steps > 0) router.history.go(-intent.steps);
    return;
  }
  router.navigate({
    to: ROUTE_PATHS[intent.name],
    ...(intent.params ? { params: intent.params } : {}),
    ...(intent.search ? { search: intent.search } : {}),
    ...(intent.replace ? { replace: true } : {}),
  });
}
