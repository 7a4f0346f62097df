import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { VoucherItem } from '../../../../contract/vouchers';
import { ApiError } from '../../../../src/api/client';
import { VoucherList } from '../../../../src/features/booking/voucher-list';
import { chooseSeats, flush, oneWay, priceResults, seat, validBooker } from '../../../machines/booking-fixtures';
import { renderPiece, startBooking } from './booking-kit';

const { request } = vi.hoisted(() => ({ request: vi.fn() }));
vi.mock('../../../../src/api/api', () => ({ api: { request } }));
vi.mock('../../../../src/flow/app-flow', async () => (await import('./booking-kit')).flowModule);

const hemat: VoucherItem = {
  voucher_kode: 'HEMAT10',
  voucher_nama: 'Hemat 10%',
  deskripsi: 'Potongan 10% untuk semua rute',
  tipe_potongan: 'persen',
  nilai_potongan: 10,
  maks_potongan: 25_000,
  min_transaksi: 100_000,
  berlaku_sampai: '2026-12-31',
  metode_pembayaran: null,
  metode_pembayaran_nama: null,
};

beforeEach(() => {
  request.mockReset();
  request.mockImplementation((name: string) => {
    if (name === 'listVoucher') return Promise.resolve({ list: [hemat] });
    return Promise.reject(new Error(`unexpected ${name}`));
  });
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

async function bookingWithPrice() {
  const run = startBooking({ trip: oneWay, booker: validBooker });
  await act(async () => {
    chooseSeats(run, 'pergi', [[seat('9', 99_000), seat('10', 99_000)]]);
    run.checkPrice.calls.at(-1)?.resolve(priceResults({ sub_total: 198_000 }));
    await flush();
  });
  return run;
}

describe('voucher list (spec sections 2, 7)', () => {
  it('checks a voucher with the booker, the trip and the sub total, then hands it to the booking', async () => {
    const run = await bookingWithPrice();
    request.mockImplementation((name: string) =>
      name === 'listVoucher'
        ? Promise.resolve({ list: [hemat] })
        : Promise.resolve({
            voucher_kode: 'HEMAT10',
            voucher_nama: 'Hemat 10%',
            potongan: 19_800,
            tipe_potongan: 'persen',
            nilai_potongan: 10,
            maks_potongan: 25_000,
            min_transaksi: 100_000,
            berlaku_sampai: '2026-12-31',
          }),
    );
    await renderPiece(<VoucherList mode="apply" />);
    const card = await screen.findByRole('article', { name: 'Hemat 10%' });
    expect(within(card).getByText('Potongan 10%, maks. Rp 25.000')).toBeTruthy();
    await act(async () => {
      fireEvent.click(within(card).getByRole('button', { name: 'Pakai voucher Hemat 10%' }));
      await flush();
    });
    const [, query] = request.mock.calls.find(([name]) => name === 'validasiVoucher') ?? [];
    expect(query).toMatchObject({
      voucher_kode: 'HEMAT10',
      email: validBooker.email,
      telp: validBooker.phone,
      operator_kode_pergi: 'XTR',
      jadwal_kode_pergi: 'J-GO',
      tanggal_berangkat_pergi: '2026-12-01',
      flag_pp: 0,
      total_amount: 198_000,
    });
    await waitFor(() =>
      expect(run.actor.getSnapshot().context.voucher).toEqual({ name: 'Hemat 10%', code: 'HEMAT10', price: 19_800 }),
    );
  });

  it("shows a refused voucher's own reason and keeps the booking without it", async () => {
    const run = await bookingWithPrice();
    request.mockImplementation((name: string) =>
      name === 'listVoucher'
        ? Promise.resolve({ list: [] })
        : Promise.reject(new ApiError('VCR-2', 422, 'Voucher sudah tidak berlaku')),
    );
    await renderPiece(<VoucherList mode="apply" />);
    expect(await screen.findByText('Belum ada voucher yang bisa dipakai saat ini.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Kode Voucher'), { target: { value: 'kadaluarsa' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Pakai' }));
      await flush();
    });
    expect((await screen.findByRole('alert')).textContent).toBe('Voucher sudah tidak berlaku');
    expect(request.mock.calls.find(([name]) => name === 'validasiVoucher')?.[1]).toMatchObject({
      voucher_kode: 'KADALUARSA',
    });
    expect(run.actor.getSnapshot().context.voucher).toBeNull();
    // Typing another code clears the old reason.
    fireEvent.change(screen.getByLabelText('Kode Voucher'), { target: { value: 'HEMAT10' } });
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('a new check first drops the voucher in use: a refused one leaves none, and the price is checked without it', async () => {
    const run = await bookingWithPrice();
    await act(async () => {
      run.actor.send({ type: 'voucher.set', voucher: { name: 'Hemat 10%', code: 'HEMAT10', price: 19_800 } });
      run.checkPrice.calls.at(-1)?.resolve(priceResults({ sub_total: 198_000, total_bayar: 178_200 }));
      await flush();
    });
    const checksBefore = run.checkPrice.calls.length;
    let answer: (error: unknown) => void = () => undefined;
    request.mockImplementation((name: string) =>
      name === 'listVoucher'
        ? Promise.resolve({ list: [] })
        : new Promise((_, reject) => {
            answer = reject;
          }),
    );
    await renderPiece(<VoucherList mode="apply" />);
    expect(screen.getByText('sedang digunakan.', { exact: false }).textContent).toContain('Hemat 10%');
    fireEvent.change(screen.getByLabelText('Kode Voucher'), { target: { value: 'KADALUARSA' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Pakai' }));
      await flush();
    });
    // While validasi-voucher runs the old voucher is gone already, and the price is asked without it.
    expect(run.actor.getSnapshot().context.voucher).toBeNull();
    expect(screen.queryByText('sedang digunakan.', { exact: false })).toBeNull();
    expect(run.checkPrice.calls.length).toBe(checksBefore + 1);
    expect(run.checkPrice.calls.at(-1)?.input).toMatchObject({ options: { voucher: null } });
    await act(async () => {
      answer(new ApiError('VCR-2', 422, 'Voucher sudah tidak berlaku'));
      await flush();
    });
    expect((await screen.findByRole('alert')).textContent).toBe('Voucher sudah tidak berlaku');
    expect(run.actor.getSnapshot().context.voucher).toBeNull();
  });

  it('removes the voucher in use', async () => {
    const run = await bookingWithPrice();
    act(() => run.actor.send({ type: 'voucher.set', voucher: { name: 'Hemat 10%', code: 'HEMAT10', price: 19_800 } }));
    await renderPiece(<VoucherList mode="apply" />);
    fireEvent.click(screen.getByRole('button', { name: 'Hapus Voucher' }));
    expect(run.actor.getSnapshot().context.voucher).toBeNull();
  });
});
