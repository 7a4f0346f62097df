import { describe, expect, it, vi } from 'vitest';
import {
  applyNavigationIntent,
  createNavigationQueue,
  ROUTE_PATHS,
  safeRedirect,
  type NavigationTarget,
} from '../../src/flow/navigation';
import { QueryClient } from '@tanstack/react-query';
import { createAppRouter } from '../../src/router';

function fakeRouter(canGoBack = true) {
  return {
    navigate: vi.fn(),
    history: { go: vi.fn(), canGoBack: () => canGoBack, replace: vi.fn(), flush: vi.fn() },
    subscribe: (_event: 'onResolved', listener: () => void) => {
      // The fake router arrives at once.
      queueMicrotask(listener);
      return () => undefined;
    },
    state: {
      location: { searchStr: '?asal_id=1&view=ringkas' },
      // Root and layout matches share paths; the leaf is the sheet opened straight from a link.
      matches: [{ pathname: '/' }, { pathname: '/app/schedule' }, { pathname: '/app/schedule/detail-schedule' }],
    },
  } satisfies NavigationTarget;
}

describe('navigation intents from the machines', () => {
  it('goes back the number of steps the spec names', () => {
    const router = fakeRouter();
    applyNavigationIntent(router, { kind: 'back', steps: 2 });
    expect(router.history.go).toHaveBeenCalledWith(-2, { ignoreBlocker: true });
    expect(router.navigate).not.toHaveBeenCalled();
  });

  it('falls back to the parent screen, keeping the query, when there is no step to go back to', () => {
    const router = fakeRouter(false);
    applyNavigationIntent(router, { kind: 'back', steps: 1 });
    expect(router.history.go).not.toHaveBeenCalled();
    expect(router.history.replace).toHaveBeenCalledWith('/app/schedule?asal_id=1&view=ringkas', undefined, {
      ignoreBlocker: true,
    });
  });

  it('opens a named route with its params and search', () => {
    const router = fakeRouter();
    applyNavigationIntent(router, {
      kind: 'route',
      name: 'select-seat',
      params: { return: 'return' },
      search: { type: 'fallback-confirmation-order' },
    });
    expect(router.navigate).toHaveBeenCalledWith({
      to: '/app/select-seat/{-$return}',
      params: { return: 'return' },
      search: { type: 'fallback-confirmation-order' },
      ignoreBlocker: true,
    });
  });

  it('replaces the history entry when asked', () => {
    const router = fakeRouter();
    applyNavigationIntent(router, {
      kind: 'route',
      name: 'confirmation-payment-order',
      params: { code: 'AB12' },
      replace: true,
    });
    expect(router.navigate).toHaveBeenCalledWith({
      to: '/app/confirmation-order/$code',
      params: { code: 'AB12' },
      replace: true,
      ignoreBlocker: true,
    });
  });

  it('applies intents one after the other, each committed to the browser history at once', async () => {
    const router = fakeRouter();
    const order: string[] = [];
    let release: () => void = () => undefined;
    router.navigate.mockImplementation((options: { to: string }) => {
      order.push(options.to);
      // The first navigation settles only when released: the second must wait for it.
      return order.length === 1 ? new Promise<void>((resolve) => (release = resolve)) : Promise.resolve();
    });
    const navigate = createNavigationQueue(router);
    void navigate({ kind: 'route', name: 'information-passengers' });
    const done = navigate({ kind: 'route', name: 'select-seat' });
    await Promise.resolve();
    expect(order).toEqual(['/app/information-passengers']);
    expect(router.history.flush).toHaveBeenCalledTimes(1);
    release();
    await done;
    expect(order).toEqual(['/app/information-passengers', '/app/select-seat/{-$return}']);
  });

  it('goes to the login page’s redirect path in its place', () => {
    const router = fakeRouter();
    applyNavigationIntent(router, {
      kind: 'path',
      path: '/app/information-passengers?appbar=1',
      replace: true,
    });
    expect(router.navigate).toHaveBeenCalledWith({
      href: '/app/information-passengers?appbar=1',
      replace: true,
      ignoreBlocker: true,
    });
  });

  it('never leaves the app for a redirect to another site', () => {
    const router = fakeRouter();
    applyNavigationIntent(router, { kind: 'path', path: '//evil.example/login', replace: true });
    expect(router.navigate).toHaveBeenCalledWith({ href: '/', replace: true, ignoreBlocker: true });
  });

  it('maps every route name to a registered route', () => {
    const router = createAppRouter(new QueryClient());
    const registered = new Set(Object.keys(router.routesByPath));
    for (const path of Object.values(ROUTE_PATHS)) expect(registered).toContain(path);
  });
});

describe('the login redirect', () => {
  it('keeps an internal path with its query', () => {
    expect(safeRedirect('/app/customer/profile')).toBe('/app/customer/profile');
    expect(safeRedirect('/app/schedule?asal_id=1&tujuan_id=2')).toBe('/app/schedule?asal_id=1&tujuan_id=2');
    expect(safeRedirect('/')).toBe('/');
  });

  it('sends anything else home', () => {
    for (const value of [
      undefined,
      null,
      42,
      '',
      'app/customer/profile',
      'https://evil.example/',
      '//evil.example',
      '/\\evil.example',
      '/\t/evil.example',
      'javascript:alert(1)',
    ]) {
      expect(safeRedirect(value)).toBe('/');
    }
  });
});
