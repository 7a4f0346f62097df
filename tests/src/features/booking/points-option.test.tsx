import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PointsOption } from '../../../../src/features/booking/points-option';
import { chooseSeats, flush, oneWay, priceResults, seat, type Run } from '../../../machines/booking-fixtures';
import { renderPiece, startBooking } from './booking-kit';

vi.mock('../../../../src/flow/app-flow', async () => (await import('./booking-kit')).flowModule);

afterEach(cleanup);

const toggle = () => screen.getByRole<HTMLInputElement>('switch', { name: 'Gunakan Point' });

async function price(run: Run, patch: Parameters<typeof priceResults>[0] = {}) {
  await act(async () => {
    run.checkPrice.calls.at(-1)?.resolve(priceResults(patch));
    await flush();
  });
}

describe('Gunakan Point (spec sections 4, 5, 8)', () => {
  it('a guest reads "Masuk untuk bisa gunakan fitur ini" and gets a way to sign in and come back', async () => {
    const run = startBooking({ trip: oneWay });
    await renderPiece(<PointsOption />);
    expect(screen.getByText('Masuk untuk bisa gunakan fitur ini')).toBeTruthy();
    const link = screen.getByRole('link', { name: 'Masuk untuk menukar point' });
    expect(link.getAttribute('href')).toBe('/app/login?redirect=%2F');
    act(() => fireEvent.click(toggle()));
    expect(toggle().checked).toBe(false);
    expect(run.emitted.toasts.map((toast) => toast.message)).toEqual(['Masuk untuk bisa gunakan fitur ini']);
  });

  it('signed in: the balance, how many points the order takes, and the switch turns on', async () => {
    const run = startBooking({ trip: oneWay, signedIn: true });
    await renderPiece(<PointsOption />);
    act(() => chooseSeats(run, 'pergi', [[seat('1A')]]));
    await price(run, { max_point: 500, total_point: 1200 });
    expect(screen.getByText('Tukar 500 dari 1.200 Point kamu')).toBeTruthy();
    expect(screen.getByText('1.200 Point')).toBeTruthy();
    expect(screen.queryByText('Masuk untuk bisa gunakan fitur ini')).toBeNull();
    act(() => fireEvent.click(toggle()));
    expect(toggle().checked).toBe(true);
  });

  it('an order without redeemable points says "Yahh, ..." and the switch is refused with its toast', async () => {
    const run = startBooking({ trip: oneWay, signedIn: true });
    await renderPiece(<PointsOption />);
    act(() => chooseSeats(run, 'pergi', [[seat('1A')]]));
    await price(run, { max_point: 0, flag_status_point: 0, total_point: 0 });
    expect(screen.getByText('Yahh, pesanan ini tidak dapat ditukar dengan point')).toBeTruthy();
    // A failed or empty balance reads 0.
    expect(screen.getByText('0 Point')).toBeTruthy();
    act(() => fireEvent.click(toggle()));
    expect(toggle().checked).toBe(false);
    expect(run.emitted.toasts.map((toast) => toast.message)).toEqual(['Maaf tidak ada point yang dapat ditukarkan']);
  });

  it('a free ticket: "Tiket gratis tidak dapat menggunakan fitur ini"', async () => {
    const run = startBooking({ trip: oneWay, signedIn: true });
    await renderPiece(<PointsOption />);
    act(() => chooseSeats(run, 'pergi', [[seat('1A')]]));
    await price(run, { sub_total: 0, total_bayar: 0, max_point: 0, flag_status_point: 0 });
    expect(screen.getByText('Tiket gratis tidak dapat menggunakan fitur ini')).toBeTruthy();
  });

  it('signing in on the page turns the guest text into the balance', async () => {
    const run = startBooking({ trip: oneWay });
    await renderPiece(<PointsOption />);
    act(() => chooseSeats(run, 'pergi', [[seat('1A')]]));
    await price(run, { max_point: 0, flag_status_point: 0, total_point: 0 });
    act(() => run.actor.send({ type: 'session.change', signedIn: true }));
    await price(run, { max_point: 800, total_point: 8000 });
    expect(screen.queryByText('Masuk untuk bisa gunakan fitur ini')).toBeNull();
    expect(screen.getByText('Tukar 800 dari 8.000 Point kamu')).toBeTruthy();
  });

  it('is not offered when the feature is off', async () => {
    startBooking({ trip: oneWay, signedIn: true, features: { refundable: true, berkah: true, point: false } });
    await renderPiece(<PointsOption />);
    expect(screen.queryByRole('switch')).toBeNull();
  });
});
