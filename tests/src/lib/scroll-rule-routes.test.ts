import { createRouter } from '@tanstack/react-router';
import { describe, expect, it } from 'vitest';
import { SCROLL_TOP_ROUTE_NAMES } from '../../../src/lib/scroll-rule';
import { routeTree } from '../../../src/routeTree.gen';

describe('scroll rule against the real route table', () => {
  it('names only routes the app has, landing-page-mitra (/app/mitra/$operator) among them', () => {
    const router = createRouter({ routeTree, context: {} as never });
    const named = new Map(
      Object.values(router.routesById).map((route) => [
        (route.options.staticData as { routeName?: string } | undefined)?.routeName,
        route.fullPath,
      ]),
    );
    // "confirmation-order" is the spec's other name of the same page (route confirmation-payment-order).
    const missing = [...SCROLL_TOP_ROUTE_NAMES].filter((name) => name !== 'confirmation-order' && !named.has(name));
    expect(missing).toEqual([]);
    expect(named.get('landing-page-mitra')).toBe('/app/mitra/$operator');
  });
});
