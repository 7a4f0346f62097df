import { describe, expect, it } from 'vitest';
import { routePattern } from '../../vite.config';

/** Whether the pattern the build writes for a route file matches a URL path. */
function matches(file: string, path: string): boolean {
  const route = routePattern(file);
  if (!route) throw new Error(`${file} has no pattern`);
  return new RegExp(route.pattern).test(path);
}

describe('routePattern (the per-route pages of the build)', () => {
  it('maps the home route to / only', () => {
    expect(matches('index.tsx', '/')).toBe(true);
    expect(matches('index.tsx', '/app')).toBe(false);
  });

  it('treats dots and folders as segments, and {-$x} as an optional segment', () => {
    expect(matches('app/schedule.{-$return}.tsx', '/app/schedule')).toBe(true);
    expect(matches('app/schedule.{-$return}.tsx', '/app/schedule/')).toBe(true);
    expect(matches('app/schedule.{-$return}.tsx', '/app/schedule/pulang')).toBe(true);
    expect(matches('app/schedule.{-$return}.tsx', '/app/schedule/pulang/lagi')).toBe(false);
    expect(matches('app/schedule.{-$return}.tsx', '/app/schedules')).toBe(false);
    expect(matches('app/schedule.{-$return}/filter.{-$type}.tsx', '/app/schedule/pulang/filter/waktu')).toBe(true);
  });

  it('matches a $param as one segment and an index file as its folder', () => {
    expect(matches('app/order.$code/qr-code.tsx', '/app/order/BRK123/qr-code')).toBe(true);
    expect(matches('app/order.$code/qr-code.tsx', '/app/order/qr-code')).toBe(false);
    expect(matches('app/customer/feedback.index.tsx', '/app/customer/feedback')).toBe(true);
    expect(matches('app/flash-sale/index.tsx', '/app/flash-sale/')).toBe(true);
  });

  it('counts static segments, so a child outranks its parent with an optional segment', () => {
    const parent = routePattern('app/schedule.{-$return}.tsx');
    const child = routePattern('app/schedule.{-$return}/calendar.tsx');
    expect(parent?.staticSegments).toBe(2);
    expect(child?.staticSegments).toBe(3);
  });

  it('gives no page to the root layout or a route-private file', () => {
    expect(routePattern('__root.tsx')).toBeNull();
    expect(routePattern('app/-components/card.tsx')).toBeNull();
  });
});
