import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ScheduleListSentinel } from '../../../../src/features/schedules/schedule-list-sentinel';

type Callback = (entries: Array<{ isIntersecting: boolean }>) => void;

const observers: Array<{ callback: Callback; disconnect: ReturnType<typeof vi.fn>; options: unknown }> = [];

class FakeObserver {
  disconnect = vi.fn();
  constructor(
    private callback: Callback,
    options: unknown,
  ) {
    observers.push({ callback: this.callback, disconnect: this.disconnect, options });
  }
  observe() {}
  unobserve() {}
}

afterEach(() => {
  cleanup();
  observers.length = 0;
  vi.unstubAllGlobals();
});

describe('infinite list sentinel', () => {
  it('asks for the next page when it comes near the viewport', () => {
    vi.stubGlobal('IntersectionObserver', FakeObserver);
    const onVisible = vi.fn();
    render(<ScheduleListSentinel enabled pageCount={1} onVisible={onVisible} />);
    expect(observers).toHaveLength(1);
    expect(observers[0]?.options).toMatchObject({ rootMargin: expect.stringContaining('600px') as string });
    observers[0]?.callback([{ isIntersecting: false }]);
    expect(onVisible).not.toHaveBeenCalled();
    observers[0]?.callback([{ isIntersecting: true }]);
    expect(onVisible).toHaveBeenCalledTimes(1);
  });

  it('observes again after each page and not while disabled', () => {
    vi.stubGlobal('IntersectionObserver', FakeObserver);
    const onVisible = vi.fn();
    const view = render(<ScheduleListSentinel enabled pageCount={1} onVisible={onVisible} />);
    view.rerender(<ScheduleListSentinel enabled={false} pageCount={1} onVisible={onVisible} />);
    expect(observers[0]?.disconnect).toHaveBeenCalled();
    expect(observers).toHaveLength(1);
    view.rerender(<ScheduleListSentinel enabled pageCount={2} onVisible={onVisible} />);
    expect(observers).toHaveLength(2);
  });

  it('does nothing without IntersectionObserver (the button still loads more)', () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    expect(() => render(<ScheduleListSentinel enabled pageCount={1} onVisible={vi.fn()} />)).not.toThrow();
  });
});
