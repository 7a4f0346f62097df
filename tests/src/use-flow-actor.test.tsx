import { act, cleanup, render, screen } from '@testing-library/react';
import {
  Outlet,
  RouterProvider,
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
} from '@tanstack/react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { emit, setup } from 'xstate';
import type { NavigateEmitted } from '../../machines/types';
import { useFlowActorRef } from '../../src/flow/use-flow-actor';

/** A page actor that asks to go home when told to. */
const homeward = setup({ types: { events: {} as { type: 'go' }, emitted: {} as NavigateEmitted } }).createMachine({
  on: {
    go: { actions: emit({ type: 'navigate', intent: { kind: 'route', name: 'home' } } satisfies NavigateEmitted) },
  },
});

function Page() {
  const actor = useFlowActorRef(homeward, { input: undefined });
  return (
    <button type="button" onClick={() => actor.send({ type: 'go' })}>
      go
    </button>
  );
}

afterEach(cleanup);

describe('a page actor started by the flow', () => {
  it('without the app flow, its navigation still reaches the router through the one adapter', async () => {
    const root = createRootRoute({ component: () => <Outlet /> });
    const home = createRoute({ getParentRoute: () => root, path: '/', component: () => <p>home</p> });
    const page = createRoute({ getParentRoute: () => root, path: '/app/login', component: Page });
    const router = createRouter({
      routeTree: root.addChildren([home, page]),
      history: createMemoryHistory({ initialEntries: ['/app/login'] }),
    });
    render(<RouterProvider router={router} />);
    const button = await screen.findByRole('button', { name: 'go' });
    act(() => button.click());
    await screen.findByText('home');
    expect(router.state.location.pathname).toBe('/');
  });

  it('without a router either, the actor runs and its navigation goes nowhere', () => {
    render(<Page />);
    act(() => screen.getByRole('button', { name: 'go' }).click());
    expect(screen.getByRole('button', { name: 'go' })).toBeTruthy();
  });
});
