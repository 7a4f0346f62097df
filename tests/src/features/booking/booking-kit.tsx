import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render } from '@testing-library/react';
import { vi } from 'vitest';
import { RouterProvider, createMemoryHistory, createRootRoute, createRouter } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import type { BookingActor } from '../../../../src/flow/app-flow';
import { start, type Run } from '../../../machines/booking-fixtures';
import type { BookingInput } from '../../../../machines/booking-context';

/*
 * The booking screens' pieces against a real booking actor (the chart with fake children and
 * calls the test settles, from the machine tests' fixtures). Each test file mocks the flow module
 * with `flowModule`, so the components read and send to that actor.
 */

const holder: { run: Run | null } = { run: null };

function actor(): BookingActor {
  if (!holder.run) throw new Error('startBooking() first');
  return holder.run.actor as unknown as BookingActor;
}

/** What src/flow/app-flow exports to the components, bound to the test's actor. */
export const flowModule = {
  useBookingActor: () => actor(),
  useBookingSelector: <T,>(
    selector: (snapshot: ReturnType<BookingActor['getSnapshot']>) => T,
    compare?: (a: T, b: T) => boolean,
  ) => useSelector(actor(), selector, compare),
  useFlowInspect: () => undefined,
};

export function startBooking(patch: Partial<BookingInput> = {}): Run {
  holder.run = start(patch);
  return holder.run;
}

/** Renders inside a router (the pieces hold links) and a query client; resolves once it has drawn. */
export async function renderPiece(ui: ReactNode) {
  // jsdom has no scrolling; the router resets scroll after each navigation.
  vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const root = createRootRoute({
    component: () => <QueryClientProvider client={queryClient}>{ui}</QueryClientProvider>,
  });
  const router = createRouter({ routeTree: root, history: createMemoryHistory({ initialEntries: ['/'] }) });
  const view = render(<RouterProvider router={router} />);
  await act(async () => {
    await router.load();
  });
  return view;
}
