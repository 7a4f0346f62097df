import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { QrCode } from '../../src/components/qr-code';

afterEach(cleanup);

describe('QR code (QRIS on the payment page, the ticket QR)', () => {
  it('is an image named by its label, drawn with a quiet zone of 4 modules', () => {
    render(<QrCode value="BRK12345" size={160} label="Kode QR tiket BRK12345" />);
    const image = screen.getByRole('img', { name: 'Kode QR tiket BRK12345' });
    expect(image.getAttribute('width')).toBe('160');
    // A short text fits version 1: 21 modules, plus 4 on each side.
    expect(image.getAttribute('viewBox')).toBe('-4 -4 29 29');
    const path = image.querySelector('path')?.getAttribute('d') ?? '';
    expect(path.length).toBeGreaterThan(100);
  });

  it('draws a different code for a different value', () => {
    const first = render(<QrCode value="A1" label="a" />)
      .container.querySelector('path')
      ?.getAttribute('d');
    cleanup();
    const second = render(<QrCode value="B2" label="b" />)
      .container.querySelector('path')
      ?.getAttribute('d');
    expect(first).toBeTruthy();
    expect(first).not.toBe(second);
  });

  it('says so in words when the text is too long for any QR version', () => {
    render(<QrCode value={'x'.repeat(8000)} label="QRIS" />);
    expect(screen.getByRole('img', { name: 'QRIS' }).textContent).toBe('Kode QR tidak dapat ditampilkan');
  });
});
