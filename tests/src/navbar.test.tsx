import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  Outlet,
  RouterProvider,
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
} from '@tanstack/react-router';
import { BACK_NAVIGATION_DELAY_MS } from '../../machines/constants';
import { KitSlotsProvider } from '../../src/components/kit-slots';
import { Navbar } from '../../src/components/navbar';
import { BACK_EVENT } from '../../src/platform/events';
import { AppFlowProvider, preloadAppFlow, useDelayedNavigation } from '../../src/flow/app-flow';

/** The flow's code loads on demand; the press reaches its machine a microtask later. */
async function settle() {
  await act(async () => {
    await preloadAppFlow();
  });
}

/** The navbar's back slot as the root route fills it: the flow's delayed step back. */
function FlowBack({ children }: { children: React.ReactNode }) {
  const delayed = useDelayedNavigation();
  return <KitSlotsProvider value={{ back: () => delayed({ type: 'back.press' }) }}>{children}</KitSlotsProvider>;
}

function renderAt(entries: string[], navbar: React.ReactNode) {
  // The app's flow provider: the back delay belongs to its delayed-navigation machine.
  const root = createRootRoute({
    component: () => (
      <AppFlowProvider>
        <FlowBack>
          <Outlet />
        </FlowBack>
      </AppFlowProvider>
    ),
  });
  const home = createRoute({ getParentRoute: () => root, path: '/', component: () => <p>Beranda</p> });
  const page = createRoute({ getParentRoute: () => root, path: '/page', component: () => <>{navbar}</> });
  const router = createRouter({
    routeTree: root.addChildren([home, page]),
    history: createMemoryHistory({ initialEntries: entries, initialIndex: entries.length - 1 }),
  });
  render(<RouterProvider router={router} />);
  return router;
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  // jsdom has no scrolling; the router resets scroll after each navigation.
  vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('Navbar', () => {
  it('emits the back event at once and goes back one step after the delay', async () => {
    const router = renderAt(['/', '/page'], <Navbar title="Konfirmasi Pesanan" />);
    await act(async () => {
      await router.load();
    });
    await settle();
    const back = vi.spyOn(router.history, 'go');
    const events: Event[] = [];
    const listener = (event: Event) => events.push(event);
    window.addEventListener(BACK_EVENT, listener);

    fireEvent.click(screen.getByRole('button', { name: 'Kembali' }));
    expect(events).toHaveLength(1);
    expect((events[0] as CustomEvent).detail).toEqual({ from: '/page' });
    await settle();

    vi.advanceTimersByTime(BACK_NAVIGATION_DELAY_MS - 1);
    expect(back).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    // Intents are applied in order, a microtask after they are emitted.
    await settle();
    expect(back).toHaveBeenCalledTimes(1);
    // The flow's own step back passes a page that holds the browser's Back.
    expect(back).toHaveBeenCalledWith(-1, { ignoreBlocker: true });
    window.removeEventListener(BACK_EVENT, listener);
    expect(BACK_NAVIGATION_DELAY_MS).toBe(100);
  });

  it('goes up to the parent screen (here home) when there is no step back inside the app', async () => {
    const router = renderAt(['/page?x=1'], <Navbar title="Detail Pesanan" />);
    await act(async () => {
      await router.load();
    });
    await settle();
    const replace = vi.spyOn(router.history, 'replace');
    fireEvent.click(screen.getByRole('button', { name: 'Kembali' }));
    await settle();
    vi.advanceTimersByTime(BACK_NAVIGATION_DELAY_MS);
    await settle();
    expect(replace).toHaveBeenCalledWith('/?x=1', undefined, { ignoreBlocker: true });
  });

  it('leaves back to the screen when it takes it over (the booking page asks first)', async () => {
    const onBack = vi.fn();
    const router = renderAt(['/', '/page'], <Navbar title="Konfirmasi Pesanan" onBack={onBack} />);
    await act(async () => {
      await router.load();
    });
    await settle();
    const go = vi.spyOn(router.history, 'go');
    fireEvent.click(screen.getByRole('button', { name: 'Kembali' }));
    await settle();
    vi.advanceTimersByTime(BACK_NAVIGATION_DELAY_MS);
    expect(onBack).toHaveBeenCalledTimes(1);
    expect(go).not.toHaveBeenCalled();
  });

  it('shows the title, trip subtitle, home button and the return banner', async () => {
    const router = renderAt(
      ['/page'],
      <Navbar title="Pilih Posisi Duduk Pulang" subtitle="Jakarta → Bandung" isReturn />,
    );
    await act(async () => {
      await router.load();
    });
    expect(screen.getByRole('heading', { level: 1, name: 'Pilih Posisi Duduk Pulang' })).toBeTruthy();
    expect(screen.getByText('Jakarta → Bandung')).toBeTruthy();
    expect(screen.getByText('Jurusan Pulang')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Beranda' }).getAttribute('href')).toBe('/');
  });

  it('hides entirely with appbar=1, keeping the heading for screen readers', async () => {
    const router = renderAt(['/page?appbar=1'], <Navbar title="Detail Jadwal" isReturn />);
    await act(async () => {
      await router.load();
    });
    expect(screen.queryByRole('button', { name: 'Kembali' })).toBeNull();
    expect(screen.queryByText('Jurusan Pulang')).toBeNull();
    expect(screen.getByRole('heading', { level: 1, name: 'Detail Jadwal' }).className).toContain('sr-only');
  });
});
