import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup } from '@testing-library/react';
import { RouteSheet } from '../../src/components/route-sheet';

afterEach(cleanup);

function renderSheet(onClose = vi.fn()) {
  const opener = document.createElement('button');
  opener.textContent = 'Buka';
  document.body.append(opener);
  opener.focus();
  const view = render(
    <RouteSheet title="Detail Jadwal" onClose={onClose} footer={<button type="button">Lihat Jadwal</button>}>
      <a href="#peta">Lihat Peta</a>
    </RouteSheet>,
  );
  return { onClose, opener, view };
}

describe('route sheet (spec section 2 sheets)', () => {
  it('is a labelled modal dialog that takes focus and locks page scroll', () => {
    renderSheet();
    const dialog = screen.getByRole('dialog', { name: 'Detail Jadwal' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Detail Jadwal' }));
    expect(document.body.style.overflow).toBe('hidden');
  });

  it('keeps Tab inside: past the last control it wraps to the first, and back', () => {
    renderSheet();
    const dialog = screen.getByRole('dialog');
    const close = screen.getByRole('button', { name: 'Tutup' });
    const last = screen.getByRole('button', { name: 'Lihat Jadwal' });
    last.focus();
    fireEvent.keyDown(dialog, { key: 'Tab' });
    expect(document.activeElement).toBe(close);
    fireEvent.keyDown(dialog, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(last);
  });

  it('closes on Escape, on the backdrop and on Tutup, and gives focus back to its opener', () => {
    const { onClose, opener, view } = renderSheet();
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    fireEvent.click(screen.getByRole('button', { name: 'Tutup' }));
    fireEvent.click(screen.getByRole('dialog').parentElement as HTMLElement);
    expect(onClose).toHaveBeenCalledTimes(3);
    view.unmount();
    expect(document.activeElement).toBe(opener);
    expect(document.body.style.overflow).toBe('');
  });
});
