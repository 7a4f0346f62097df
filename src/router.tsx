import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { createRouter } from '@tanstack/react-router';
import { installArrivalRules } from './lib/arrival-rule';
import { mustScrollToTop } from './lib/scroll-rule';
import { routeTree } from './routeTree.gen';

export interface RouterContext {
  queryClient: QueryClient;
}

export function createAppRouter(queryClient: QueryClient) {
  const router = createRouter({
    routeTree,
    context: { queryClient },
    defaultPreload: 'intent',
    // TanStack Query owns freshness; the router's own preload cache would mask it.
    defaultPreloadStaleTime: 0,
    scrollRestoration: true,
    Wrap: ({ children }) => <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>,
  });

  // Runs after the router's own scroll restoration (subscribed first), so it wins for these screens.
  router.subscribe('onRendered', () => {
    if (mustScrollToTop(router.state.matches)) window.scrollTo({ top: 0, left: 0 });
  });
  // Spec section 2: where arriving at confirmation-payment-order from "/" or a paid order's page leads.
  installArrivalRules(router);

  return router;
}

export type AppRouter = ReturnType<typeof createAppRouter>;

declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouter;
  }
  interface StaticDataRouteOption {
    /** The spec's route name (section 2), used by the scroll rule and analytics. */
    routeName?: string;
  }
}
