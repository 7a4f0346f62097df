import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DonationOption } from '../../../../src/features/booking/donation-option';
import { oneWay } from '../../../machines/booking-fixtures';
import { renderPiece, startBooking } from './booking-kit';

vi.mock('../../../../src/flow/app-flow', async () => (await import('./booking-kit')).flowModule);

afterEach(cleanup);

const toggle = () => screen.getByRole<HTMLInputElement>('switch', { name: 'Donasi Berkah' });
const message = () => screen.getByLabelText<HTMLTextAreaElement>('Pesan donasi (opsional)');
const counter = () => document.querySelector('[data-donation-counter]')?.textContent;

describe('Donasi Berkah (spec sections 4, 5, 9)', () => {
  it('starts off; switched on it offers the presets from Rp 2.000, the default chosen', async () => {
    const run = startBooking({ trip: oneWay });
    await renderPiece(<DonationOption />);
    expect(toggle().checked).toBe(false);
    expect(screen.getByText('Mulai dari Rp. 2.000')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Rp 2.000' })).toBeNull();

    act(() => fireEvent.click(toggle()));
    expect(run.actor.getSnapshot().context.donation.on).toBe(true);
    const presets = ['Rp 2.000', 'Rp 5.000', 'Rp 10.000', 'Rp 20.000', 'Rp 50.000', 'Rp 100.000'];
    for (const preset of presets) expect(screen.getByRole('button', { name: preset })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Rp 2.000' }).getAttribute('aria-pressed')).toBe('true');

    act(() => fireEvent.click(screen.getByRole('button', { name: 'Rp 10.000' })));
    expect(run.actor.getSnapshot().context.donation.amount).toBe(10_000);
    expect(screen.getByRole('button', { name: 'Rp 10.000' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('button', { name: 'Rp 2.000' }).getAttribute('aria-pressed')).toBe('false');
  });

  it('counts the message up to 120 and cuts what goes over, with its message', async () => {
    startBooking({ trip: oneWay });
    await renderPiece(<DonationOption />);
    act(() => fireEvent.click(toggle()));
    expect(counter()).toBe('0/120');

    act(() => fireEvent.change(message(), { target: { value: 'Semoga selamat sampai tujuan' } }));
    expect(counter()).toBe('28/120');
    expect(screen.queryByText('Maksimal karakter hanya 120')).toBeNull();

    act(() => fireEvent.change(message(), { target: { value: 'a'.repeat(130) } }));
    expect(message().value).toBe('a'.repeat(120));
    expect(counter()).toBe('120/120');
    expect(screen.getByText('Maksimal karakter hanya 120')).toBeTruthy();
    expect(message().getAttribute('aria-invalid')).toBe('true');
  });

  it('is not offered when the feature is off', async () => {
    startBooking({ trip: oneWay, features: { refundable: true, berkah: false, point: true } });
    await renderPiece(<DonationOption />);
    expect(screen.queryByRole('switch')).toBeNull();
  });
});
