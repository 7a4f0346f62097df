import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import {
  Outlet,
  RouterProvider,
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
} from '@tanstack/react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DateStrip } from '../../../../../src/features/schedules/date-strip/date-strip';

const place = { originId: 1, originType: 'kota', destinationId: 2, destinationType: 'kota' } as const;

function renderStrip() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  // The strip links to the list's calendar child, so it renders inside the same route paths.
  const root = createRootRoute({ component: () => <Outlet /> });
  const list = createRoute({
    getParentRoute: () => root,
    path: '/app/schedule/{-$return}',
    component: () => <DateStrip place={place} selected="2026-11-24" earliest="2026-11-23" onSelect={() => {}} />,
  });
  const calendar = createRoute({ getParentRoute: () => list, path: 'calendar' });
  const router = createRouter({
    routeTree: root.addChildren([list.addChildren([calendar])]),
    history: createMemoryHistory({ initialEntries: ['/app/schedule'] }),
  });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('date strip labels for screen readers', () => {
  it('says the price is loading while it loads, never "no price"', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise(() => {})),
    );
    renderStrip();
    const chosen = await screen.findByRole('button', { pressed: true });
    expect(chosen.getAttribute('aria-label')).toBe('Selasa, 24 November 2026, memuat harga');
  });

  it('names the lowest price of a day, and "tidak ada harga" for a day without departures', async () => {
    const list = [
      { tanggal: '2026-11-24', jumlah_jadwal: 3, harga_min: 150000 },
      { tanggal: '2026-11-25', jumlah_jadwal: 0, harga_min: null },
    ];
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ status: 'OK', results: { list } }), { status: 200 })),
    );
    renderStrip();
    expect(await screen.findByRole('button', { name: 'Selasa, 24 November 2026, mulai Rp 150.000' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Rabu, 25 November 2026, tidak ada harga' })).toBeTruthy();
  });
});
