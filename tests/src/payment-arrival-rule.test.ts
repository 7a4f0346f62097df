import { describe, expect, it, vi } from 'vitest';
import { confirmationArrival, installArrivalRules, type ArrivalRouter } from '../../src/lib/arrival-rule';

const CONFIRMATION = '/app/confirmation-order/BRK7Q2M9';

describe('arriving at confirmation-payment-order (spec section 2)', () => {
  it.each([
    ['a direct load or reload shows the page', null, 'show'],
    ['the same page again (an in-app reload) shows it', CONFIRMATION, 'show'],
    ['from the booking page shows it', '/app/information-passengers', 'show'],
    ['from the payment page (Back) shows it', '/app/payment-url', 'show'],
    ['from the root path reloads to home', '/', 'reload-home'],
    ['from detail-order goes home', '/app/order/BRK7Q2M9', 'home'],
    ['from the detail-order change-payment sheet goes home', '/app/order/BRK7Q2M9/change-payment', 'home'],
    ['from payment-order goes home', '/app/payment-order/BRK7Q2M9', 'home'],
    ['from the guest order page (not detail-order) shows it', '/order/BRK7Q2M9', 'show'],
  ] as const)('%s', (_, from, expected) => {
    expect(confirmationArrival(CONFIRMATION, from)).toBe(expected);
  });

  it('applies to that page only', () => {
    expect(confirmationArrival('/app/payment-order/BRK7Q2M9', '/')).toBe('show');
    expect(confirmationArrival('/app/confirmation-order/BRK7Q2M9/extra', '/')).toBe('show');
  });

  it('the router hook reloads from "/", replaces with home from the order pages, and leaves the rest', () => {
    let listener: Parameters<ArrivalRouter['subscribe']>[1] = () => {};
    const router: ArrivalRouter = {
      subscribe: (_event, next) => {
        listener = next;
        return () => {};
      },
      navigate: vi.fn(),
    };
    const reload = vi.fn();
    installArrivalRules(router, reload);

    listener({ fromLocation: { pathname: '/' }, toLocation: { pathname: CONFIRMATION } });
    expect(reload).toHaveBeenCalledWith('/');
    expect(router.navigate).not.toHaveBeenCalled();

    listener({ fromLocation: { pathname: '/app/order/BRK7Q2M9' }, toLocation: { pathname: CONFIRMATION } });
    expect(router.navigate).toHaveBeenCalledWith({ to: '/', replace: true });

    listener({ toLocation: { pathname: CONFIRMATION } });
    listener({ fromLocation: { pathname: '/' }, toLocation: { pathname: '/app/schedule' } });
    expect(reload).toHaveBeenCalledTimes(1);
    expect(router.navigate).toHaveBeenCalledTimes(1);
  });
});
