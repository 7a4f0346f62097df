import { act, cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PriceList, TotalAmount } from '../../../../src/features/booking/price-list';
import { flush, oneWay, priceResults } from '../../../machines/booking-fixtures';
import { renderPiece, startBooking } from './booking-kit';

vi.mock('../../../../src/flow/app-flow', async () => (await import('./booking-kit')).flowModule);

afterEach(cleanup);

const region = () => screen.getByRole('region', { name: 'Detail Harga Tiket' });
const skeletonRows = () => region().querySelectorAll('[data-price-skeleton]');
const shownRows = () =>
  [...region().querySelectorAll('dl > div')].map((row) => [
    row.querySelector('dt')?.textContent,
    row.querySelector('dd')?.textContent,
  ]);

describe('Detail Harga Tiket (spec sections 2, 3, 9)', () => {
  it('shows 3 skeleton rows while the price check runs, then every line type in its own format', async () => {
    const run = startBooking({ trip: oneWay });
    run.actor.send({ type: 'price.refresh' });
    await renderPiece(
      <>
        <PriceList />
        <TotalAmount />
      </>,
    );
    expect(skeletonRows()).toHaveLength(3);
    expect(region().getAttribute('aria-busy')).toBe('true');
    expect(screen.queryByText('Rp 258.000')).toBeNull();

    await act(async () => {
      run.checkPrice.calls[0]?.resolve(
        priceResults({
          total_bayar: 258_000,
          list_harga: [
            { title: 'Tiket Pergi (2 kursi)', price: 270_000, type: 'normal' },
            { title: 'Voucher HEMAT10', price: 25_000, type: 'less' },
            { title: 'Asuransi Refundable', price: 13_500, type: 'add' },
            { title: 'Biaya Layanan', price: 0, type: 'normal' },
            { title: 'Cashback Point', price: 1_500, type: 'cashback-point' },
            { title: 'Potongan Point', price: 500, type: 'potongan-point' },
            { title: 'Total Pembayaran', price: 258_000, type: 'total' },
          ],
        }),
      );
      await flush();
    });
    expect(skeletonRows()).toHaveLength(0);
    expect(region().getAttribute('aria-busy')).toBe('false');
    expect(shownRows()).toEqual([
      ['Tiket Pergi (2 kursi)', 'Rp 270.000'],
      ['Voucher HEMAT10', '-Rp 25.000'],
      ['Asuransi Refundable', '+Rp 13.500'],
      ['Biaya Layanan', 'Gratis'],
      ['Cashback Point', '+1.500 Point'],
      ['Potongan Point', '-500 Point'],
      ['Total Pembayaran', 'Rp 258.000'],
    ]);
    // The total stands out and is the one the bottom bar shows.
    expect(within(region()).getByText('Total Pembayaran').closest('div')?.className).toContain('font-bold');
    expect(screen.getAllByText('Rp 258.000')).toHaveLength(2);
  });

  it('never shows a stale total: a new check brings the skeleton rows back', async () => {
    const run = startBooking({ trip: oneWay });
    run.actor.send({ type: 'price.refresh' });
    await renderPiece(<TotalAmount />);
    await act(async () => {
      run.checkPrice.calls[0]?.resolve(priceResults({ total_bayar: 200_000 }));
      await flush();
    });
    expect(screen.getByText('Rp 200.000')).toBeTruthy();
    act(() => run.actor.send({ type: 'donation.toggle' }));
    expect(screen.queryByText('Rp 200.000')).toBeNull();
    expect(screen.getByText('Memuat harga')).toBeTruthy();
  });

  it('says what brings the prices before there is a list', async () => {
    startBooking({ trip: oneWay });
    await renderPiece(<PriceList />);
    expect(skeletonRows()).toHaveLength(0);
    expect(within(region()).getByText('Harga muncul setelah kursi dan penumpang dipilih.')).toBeTruthy();
  });
});
