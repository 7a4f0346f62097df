import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RouteSheet } from '../../src/components/route-sheet';
import { SHEET_CLOSE_DELAY_MS, SHEET_OPEN_DELAY_MS } from '../../machines/constants';

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

function renderSheet(props: { closeBlock?: string | null } = {}) {
  const onClosed = vi.fn();
  const opener = document.createElement('button');
  opener.textContent = 'Buka';
  document.body.append(opener);
  opener.focus();
  const view = render(
    <RouteSheet
      title="Detail Jadwal"
      historyBound={false}
      onClosed={onClosed}
      footer={<button type="button">Lihat Jadwal</button>}
      {...props}
    >
      <a href="#peta">Lihat Peta</a>
    </RouteSheet>,
  );
  return { onClosed, opener, view };
}

const dialog = () => screen.getByRole('dialog', { name: 'Detail Jadwal' });

describe('route sheet (spec section 2 sheets, driven by the sheet machine)', () => {
  it('is a labelled modal dialog that takes focus and locks page scroll', () => {
    renderSheet();
    expect(dialog().getAttribute('aria-modal')).toBe('true');
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Detail Jadwal' }));
    expect(document.body.style.overflow).toBe('hidden');
  });

  it('slides in only once the open delay has passed', () => {
    renderSheet();
    expect(dialog().dataset.state).toBe('hidden');
    act(() => vi.advanceTimersByTime(SHEET_OPEN_DELAY_MS));
    expect(dialog().dataset.state).toBe('open');
  });

  it('keeps Tab inside: past the last control it wraps to the first, and back', () => {
    renderSheet();
    const close = screen.getByRole('button', { name: 'Tutup' });
    const last = screen.getByRole('button', { name: 'Lihat Jadwal' });
    last.focus();
    fireEvent.keyDown(dialog(), { key: 'Tab' });
    expect(document.activeElement).toBe(close);
    fireEvent.keyDown(dialog(), { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(last);
  });

  it.each([
    ['Escape', () => fireEvent.keyDown(dialog(), { key: 'Escape' })],
    ['Tutup', () => fireEvent.click(screen.getByRole('button', { name: 'Tutup' }))],
    ['the backdrop', () => fireEvent.click(dialog().parentElement as HTMLElement)],
  ])('closes on %s after its close animation, and gives focus back to its opener', (_, close) => {
    const { onClosed, opener } = renderSheet();
    act(() => vi.advanceTimersByTime(SHEET_OPEN_DELAY_MS));
    act(close);
    expect(onClosed).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(SHEET_CLOSE_DELAY_MS));
    expect(onClosed).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
    expect(document.body.style.overflow).toBe('');
  });

  it('slides out over the same 750 ms the machine waits before it goes back; sliding in keeps its own pace', () => {
    renderSheet();
    act(() => vi.advanceTimersByTime(SHEET_OPEN_DELAY_MS));
    expect(dialog().style.transitionDuration).toBe('');
    act(() => fireEvent.click(screen.getByRole('button', { name: 'Tutup' })));
    expect(dialog().dataset.state).toBe('hidden');
    expect(dialog().style.transitionDuration).toBe('750ms');
    expect((dialog().parentElement as HTMLElement).style.transitionDuration).toBe('750ms');
  });

  it('stays open while its close check blocks it', () => {
    const { onClosed } = renderSheet({ closeBlock: 'Mohon pilih kursi terlebih dahulu' });
    act(() => vi.advanceTimersByTime(SHEET_OPEN_DELAY_MS));
    act(() => fireEvent.click(screen.getByRole('button', { name: 'Tutup' })));
    act(() => vi.advanceTimersByTime(SHEET_CLOSE_DELAY_MS));
    expect(onClosed).not.toHaveBeenCalled();
    expect(dialog()).toBeTruthy();
  });
});
