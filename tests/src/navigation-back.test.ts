import { createBrowserHistory, type RouterHistory } from '@tanstack/history';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { goBack, holdBrowserBack, type NavigationTarget } from '../../src/flow/navigation';

/*
 * The booking page holds the browser's own Back (spec section 2: leaving asks "Konfirmasi
 * Kembali ?", an open sheet closes first). Driven through TanStack's real browser history on
 * jsdom's session history, where a step back arrives as a popstate, as in a browser.
 */

const PAGE = '/app/information-passengers';
const LIST = '/app/schedule';

let history: RouterHistory;

beforeEach(() => {
  history = createBrowserHistory();
});
afterEach(() => history.destroy());

/** Pushes entries the way the router does, each committed to the browser at once. */
function visit(...paths: string[]) {
  for (const path of paths) {
    history.push(path);
    history.flush();
  }
}

/** Waits until the browser has settled on `pathname` and the history agrees. */
async function settledOn(pathname: string) {
  await vi.waitFor(() => {
    expect(window.location.pathname).toBe(pathname);
    expect(history.location.pathname).toBe(pathname);
  });
  // A held step is undone by a second traversal: let it land before looking again.
  await new Promise((resolve) => setTimeout(resolve, 20));
  expect(window.location.pathname).toBe(pathname);
}

describe('holding the browser Back on the booking page', () => {
  it('holds a step back that leaves the page and reports one step', async () => {
    visit(LIST, PAGE);
    const onBack = vi.fn();
    holdBrowserBack({ history }, PAGE, onBack);
    history.back();
    await vi.waitFor(() => expect(onBack).toHaveBeenCalledWith(1));
    await settledOn(PAGE);
    expect(onBack).toHaveBeenCalledTimes(1);
  });

  it('reports how many steps a jump back asked for', async () => {
    visit(LIST, PAGE, `${PAGE}/list-voucher`);
    const onBack = vi.fn();
    holdBrowserBack({ history }, PAGE, onBack);
    history.go(-2);
    await vi.waitFor(() => expect(onBack).toHaveBeenCalledWith(2));
    await settledOn(`${PAGE}/list-voucher`);
  });

  it('lets a step back from one of the page’s own sheets to the page pass', async () => {
    visit(LIST, PAGE, `${PAGE}/info-customer-order`);
    const onBack = vi.fn();
    holdBrowserBack({ history }, PAGE, onBack);
    history.back();
    await settledOn(PAGE);
    expect(onBack).not.toHaveBeenCalled();
  });

  it('lets a step forward pass (the seat page left on top of the page)', async () => {
    visit(LIST, PAGE, '/app/select-seat');
    history.back();
    await settledOn(PAGE);
    const onBack = vi.fn();
    holdBrowserBack({ history }, PAGE, onBack);
    history.forward();
    await settledOn('/app/select-seat');
    expect(onBack).not.toHaveBeenCalled();
  });

  it('lets links and the flow’s pushes pass', async () => {
    visit(LIST, PAGE);
    const onBack = vi.fn();
    holdBrowserBack({ history }, PAGE, onBack);
    visit('/app/payment-order/AB12');
    await settledOn('/app/payment-order/AB12');
    expect(onBack).not.toHaveBeenCalled();
  });

  it('lets the flow’s own step back pass once "Ya" is pressed', async () => {
    visit(LIST, PAGE);
    const onBack = vi.fn();
    holdBrowserBack({ history }, PAGE, onBack);
    const router = {
      history,
      subscribe: (_event: 'onResolved', listener: () => void) => history.subscribe(listener),
    } as unknown as NavigationTarget;
    await goBack(router, 1);
    await settledOn(LIST);
    expect(onBack).not.toHaveBeenCalled();
  });

  it('never holds a reload or a closing tab', () => {
    visit(LIST, PAGE);
    holdBrowserBack({ history }, PAGE, vi.fn());
    const unload = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(unload);
    expect(unload.defaultPrevented).toBe(false);
  });

  it('holds nothing once released (the page has gone)', async () => {
    visit(LIST, PAGE);
    const onBack = vi.fn();
    const release = holdBrowserBack({ history }, PAGE, onBack);
    release();
    history.back();
    await settledOn(LIST);
    expect(onBack).not.toHaveBeenCalled();
  });
});
