import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MethodChooser } from '../../src/features/payment/method-chooser';
import { PaymentCountdown } from '../../src/features/payment/payment-countdown';
import { feeText, formatInstant } from '../../src/features/payment/payment-texts';
import { BCA, METHODS, OVO, QRIS } from '../machines/payment-fixtures';

afterEach(cleanup);

describe('payment countdown', () => {
  it('is a timer screen readers do not read each second, with a polite line per minute', () => {
    const { rerender } = render(<PaymentCountdown remainingMs={3_600_000} deadline="2026-11-23T06:00:00.000Z" />);
    const timer = screen.getByRole('timer');
    expect(timer.textContent).toBe('01:00:00');
    expect(timer.getAttribute('aria-live')).toBe('off');
    expect(screen.getByText('Selesaikan pembayaran dalam')).toBeTruthy();
    expect(screen.getByText('Batas pembayaran Sen, 23 Nov 2026 13.00 WIB')).toBeTruthy();
    const polite = screen.getByText('Sisa waktu pembayaran 1 jam');
    expect(polite.getAttribute('aria-live')).toBe('polite');
    rerender(<PaymentCountdown remainingMs={3_599_000} deadline="2026-11-23T06:00:00.000Z" />);
    expect(screen.getByRole('timer').textContent).toBe('00:59:59');
    // Same minute: the announcement does not change.
    expect(screen.getByText('Sisa waktu pembayaran 1 jam')).toBe(polite);
  });
});

describe('method chooser', () => {
  it('groups the methods by grup with each fee; an unavailable one is disabled', () => {
    render(<MethodChooser methods={METHODS} chosen={null} onChoose={() => {}} />);
    const va = screen.getByRole('group', { name: 'Virtual Account' });
    expect(within(va).getByRole('radio', { name: /BCA Virtual Account/ })).toBeTruthy();
    expect(within(va).getByText('Biaya admin Rp 4.000')).toBeTruthy();
    const wallets = screen.getByRole('group', { name: 'E-Wallet & QRIS' });
    expect(within(wallets).getByText('Biaya admin 0,7% (Rp 1.050)')).toBeTruthy();
    const ovo = within(wallets).getByRole('radio', { name: /OVO/ }) as HTMLInputElement;
    expect(ovo.disabled).toBe(true);
    expect(within(wallets).getByText('Tidak tersedia untuk pesanan ini')).toBeTruthy();
  });

  it('reports the method chosen, and shows the chosen one checked', () => {
    const onChoose = vi.fn();
    const { rerender } = render(<MethodChooser methods={METHODS} chosen={null} onChoose={onChoose} />);
    fireEvent.click(screen.getByRole('radio', { name: /QRIS/ }));
    expect(onChoose).toHaveBeenCalledWith('QRIS');
    rerender(<MethodChooser methods={METHODS} chosen="BCA_VA" onChoose={onChoose} />);
    expect((screen.getByRole('radio', { name: /BCA Virtual Account/ }) as HTMLInputElement).checked).toBe(true);
  });
});

describe('payment texts', () => {
  it('says the fee as the spec shows money', () => {
    expect(feeText(BCA)).toBe('Biaya admin Rp 4.000');
    expect(feeText(QRIS)).toBe('Biaya admin 0,7% (Rp 1.050)');
    expect(feeText({ ...OVO, fee: 0, biaya: 0 })).toBe('Tanpa biaya admin');
    expect(feeText({ ...BCA, fee: 0, biaya: 0 })).toBe('Tanpa biaya admin');
  });

  it('shows an instant as Jakarta wall time', () => {
    expect(formatInstant('2026-11-23T17:30:00.000Z')).toBe('Sel, 24 Nov 2026 00.30 WIB');
    expect(formatInstant('nonsense')).toBe('');
  });
});
