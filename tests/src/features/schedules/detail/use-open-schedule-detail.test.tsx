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
import { SCHEDULE_DETAIL_NAVIGATION_DELAY_MS } from '../../../../../machines/constants';
import { useOpenScheduleDetail } from '../../../../../src/features/schedules/detail/use-open-schedule-detail';
import { AppFlowProvider, preloadAppFlow } from '../../../../../src/flow/app-flow';

/** The flow's code loads on demand; a press reaches its delayed-navigation machine a microtask later. */
async function settle() {
  await act(async () => {
    await preloadAppFlow();
  });
}

function OpenButton() {
  const open = useOpenScheduleDetail();
  return (
    <button
      type="button"
      onClick={() => open({ operatorCode: 'XTR', scheduleCode: 'XTR-BDG-JKT-0800', date: '2026-11-24' })}
    >
      Lihat Detail
    </button>
  );
}

function renderList(entry: string) {
  // The same paths as the app's file routes, so the hook's target resolves.
  // The app's flow provider: the delay belongs to its delayed-navigation machine.
  const root = createRootRoute({
    component: () => (
      <AppFlowProvider>
        <Outlet />
      </AppFlowProvider>
    ),
  });
  const list = createRoute({
    getParentRoute: () => root,
    path: '/app/schedule/{-$return}',
    component: () => (
      <>
        <OpenButton />
        <Outlet />
      </>
    ),
  });
  const detail = createRoute({ getParentRoute: () => list, path: 'detail-schedule', component: () => <p>Detail</p> });
  const router = createRouter({
    routeTree: root.addChildren([list.addChildren([detail])]),
    history: createMemoryHistory({ initialEntries: [entry] }),
  });
  render(<RouterProvider router={router} />);
  return router;
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('useOpenScheduleDetail', () => {
  it('opens the detail child 200 ms after the press, keeping the list search', async () => {
    const router = renderList('/app/schedule/return?asal_id=1&tanggal=2026-11-24');
    await act(async () => {
      await router.load();
    });
    await settle();
    fireEvent.click(screen.getByRole('button', { name: 'Lihat Detail' }));
    await settle();

    await act(async () => {
      vi.advanceTimersByTime(SCHEDULE_DETAIL_NAVIGATION_DELAY_MS - 1);
    });
    expect(router.state.location.pathname).toBe('/app/schedule/return');

    await act(async () => {
      vi.advanceTimersByTime(1);
    });
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/app/schedule/return/detail-schedule'));
    expect(router.state.location.search).toMatchObject({
      asal_id: 1,
      tanggal: '2026-11-24',
      operator_code: 'XTR',
      schedule_code: 'XTR-BDG-JKT-0800',
      date: '2026-11-24',
    });
    expect(SCHEDULE_DETAIL_NAVIGATION_DELAY_MS).toBe(200);
  });

  it('a second press restarts the wait and navigates once', async () => {
    const router = renderList('/app/schedule');
    await act(async () => {
      await router.load();
    });
    await settle();
    const navigate = vi.spyOn(router, 'navigate');
    fireEvent.click(screen.getByRole('button', { name: 'Lihat Detail' }));
    await settle();
    await act(async () => {
      vi.advanceTimersByTime(150);
    });
    fireEvent.click(screen.getByRole('button', { name: 'Lihat Detail' }));
    await settle();
    await act(async () => {
      vi.advanceTimersByTime(150);
    });
    expect(navigate).not.toHaveBeenCalled();
    await act(async () => {
      vi.advanceTimersByTime(50);
    });
    expect(navigate).toHaveBeenCalledTimes(1);
  });
});
