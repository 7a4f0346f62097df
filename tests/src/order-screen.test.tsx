import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  Outlet,
  RouterProvider,
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
} from '@tanstack/react-router';
import { GUEST_LOOKUP_REFUSED } from '../../contract/order';
import { ApiError } from '../../src/api/client';
import { formatInstant, orderLegs, orderPriceText } from '../../src/lib/order-format';
import { OrderScreen } from '../../src/features/order/order-screen';
import { orderKeyOf, rememberOrderKey } from '../../src/platform/order-keys';
import { cancelledOrder, order, orderLeg, ORDER_CODE, ORDER_KEY } from '../machines/order-fixtures';

const { request } = vi.hoisted(() => ({ request: vi.fn() }));
vi.mock('../../src/api/api', () => ({ api: { request } }));

function renderOrder(guest: boolean) {
  const root = createRootRoute({ component: () => <Outlet /> });
  const page = createRoute({
    getParentRoute: () => root,
    path: guest ? '/order/$code' : '/app/order/$code',
    component: () => (
      <OrderScreen code={ORDER_CODE} guest={guest}>
        <Outlet />
      </OrderScreen>
    ),
  });
  const router = createRouter({
    routeTree: root.addChildren([page]),
    history: createMemoryHistory({ initialEntries: [`${guest ? '' : '/app'}/order/${ORDER_CODE}`] }),
  });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

// jsdom has no CSS.escape, which react-aria's modal uses; ids here are plain, a minimal one does.
if (typeof globalThis.CSS === 'undefined') {
  Object.defineProperty(globalThis, 'CSS', {
    value: { escape: (value: string) => value.replace(/[^\w-]/g, (char) => `\\${char}`) },
  });
}

beforeEach(() => {
  request.mockReset();
  localStorage.clear();
  vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('order texts', () => {
  it('deadlines in Jakarta time, whatever the device zone', () => {
    expect(formatInstant('2026-11-23T13:00:00.000Z')).toBe('Sen, 23 Nov 2026 20.00 WIB');
    expect(formatInstant('2026-11-23T17:30:00.000Z')).toBe('Sel, 24 Nov 2026 00.30 WIB');
  });

  it('price lines: Rp with dots, 0 is Gratis, points keep their unit', () => {
    expect(orderPriceText({ title: 'Tiket', price: 1_500_000, type: 'normal' })).toBe('Rp 1.500.000');
    expect(orderPriceText({ title: 'Tiket', price: 0, type: 'normal' })).toBe('Gratis');
    expect(orderPriceText({ title: 'Voucher', price: 10_000, type: 'less' })).toBe('-Rp 10.000');
    expect(orderPriceText({ title: 'Cashback', price: 1_500, type: 'cashback-point' })).toBe('+1.500 Point');
  });

  it('legs: one way unlabelled, round trip Pergi/Pulang, connecting Rute n', () => {
    expect(orderLegs(order()).map((leg) => leg.label)).toEqual([null]);
    expect(orderLegs(order({ pulang: orderLeg({ jadwal_kode: 'BACK' }) })).map((leg) => leg.label)).toEqual([
      'Pergi',
      'Pulang',
    ]);
    const connecting = order({ connecting: [orderLeg(), orderLeg({ operator_nama: 'Nusa Rapi' })] });
    expect(orderLegs(connecting).map((leg) => leg.label)).toEqual(['Rute 1', 'Rute 2']);
  });
});

describe('OrderScreen, app page', () => {
  it('shows the unpaid order, and cancels it with a reason and a confirmation', async () => {
    rememberOrderKey(ORDER_CODE, ORDER_KEY);
    let current = order({
      list_harga: [
        { title: 'Harga Tiket (1 penumpang)', price: 150_000, type: 'normal' },
        { title: 'Asuransi', price: 0, type: 'add' },
        { title: 'Total Pembayaran', price: 150_000, type: 'total' },
      ],
    });
    request.mockImplementation(async (name: string, input: Record<string, unknown>, options?: { headers?: object }) => {
      if (name === 'detailReservasi') {
        expect(options?.headers).toEqual({ 'x-order-key': ORDER_KEY });
        return current;
      }
      if (name === 'batalReservasi') {
        expect(input).toEqual({ reservasi_kode: ORDER_CODE, jenis_batal: 'ganti-jadwal' });
        current = cancelledOrder();
        return { reservasi_kode: ORDER_CODE, status: 'cancelled' };
      }
      throw new Error(name);
    });
    renderOrder(false);

    const summary = await screen.findByRole('region', { name: 'Ringkasan pesanan' });
    expect(within(summary).getByText('Menunggu Pembayaran')).toBeTruthy();
    expect(within(summary).getByText(ORDER_CODE)).toBeTruthy();
    const trip = screen.getByRole('region', { name: 'Perjalanan' });
    expect(trip.textContent).toContain('Cipta Trans');
    // The operator's name leads to its landing page (landing-page-mitra).
    expect(within(trip).getByRole('link', { name: 'Cipta Trans' }).getAttribute('href')).toBe('/app/mitra/CPT');
    expect(trip.textContent).toContain('Sen, 07 Des 2026');
    expect(trip.textContent).toContain('11.00 WIB');
    expect(trip.textContent).toMatch(/Pasteur, Bandung.*Blok M, Jakarta/);
    expect(within(trip).getByText('Kursi 9')).toBeTruthy();
    const prices = screen.getByRole('region', { name: 'Detail Harga' });
    expect(prices.textContent).toContain('Rp 150.000');
    expect(prices.textContent).toContain('Gratis');
    expect(screen.getByText(/Bayar sebelum/).textContent).toContain('03.00 WIB');
    expect(screen.getByRole('link', { name: 'Bayar Sekarang' }).getAttribute('href')).toBe(
      `/app/payment-order/${ORDER_CODE}`,
    );
    expect(screen.getByRole('link', { name: 'Ganti Metode Pembayaran' }).getAttribute('href')).toBe(
      `/app/order/${ORDER_CODE}/change-payment`,
    );

    fireEvent.click(screen.getByRole('button', { name: 'Batalkan Pesanan' }));
    const reasons = await screen.findByRole('dialog', { name: 'Batalkan Pesanan' });
    fireEvent.click(within(reasons).getByRole('button', { name: 'Batalkan Pesanan' }));
    expect(within(reasons).getByRole('alert').textContent).toBe('Pilih alasan pembatalan');
    fireEvent.click(within(reasons).getByRole('radio', { name: 'Ingin mengganti jadwal' }));
    fireEvent.click(within(reasons).getByRole('button', { name: 'Batalkan Pesanan' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Batalkan Pesanan ?' });
    await act(async () => {
      fireEvent.click(within(confirm).getByRole('button', { name: 'Ya, Batalkan' }));
    });
    expect(await within(summary).findByText('Dibatalkan')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Batalkan Pesanan' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Bayar Sekarang' })).toBeNull();
  });

  it('an order this browser may not open: "Pesanan tidak ditemukan", nothing of it', async () => {
    request.mockRejectedValue(new ApiError('NFD-1', 404, 'Pesanan tidak ditemukan'));
    renderOrder(false);
    expect(await screen.findByRole('heading', { name: 'Pesanan tidak ditemukan' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Perjalanan' })).toBeNull();
  });
});

describe('OrderScreen, guest page', () => {
  it('asks for the contact first; a wrong one is refused; a match shows the order and keeps its key', async () => {
    request.mockImplementation(async (name: string, input: Record<string, unknown>) => {
      if (name !== 'webDetailReservasi') throw new Error(`unexpected ${name}`);
      if (input.pemesan_email_telp !== 'budi@contoh.id') throw new ApiError('NFD-1', 404, GUEST_LOOKUP_REFUSED);
      return { ...order(), kunci_pesanan: ORDER_KEY };
    });
    renderOrder(true);

    const form = await screen.findByRole('region', { name: 'Lihat Pesanan' });
    expect(form.textContent).toContain(ORDER_CODE);
    expect(screen.queryByText('Siti Aminah')).toBeNull();
    const field = within(form).getByLabelText('Email atau Nomor Handphone');

    fireEvent.click(within(form).getByRole('button', { name: 'Lihat Pesanan' }));
    expect(await within(form).findByText('Email atau nomor handphone wajib diisi')).toBeTruthy();

    fireEvent.change(field, { target: { value: 'salah@contoh.id' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Lihat Pesanan' }));
    expect((await within(form).findByRole('alert')).textContent).toBe(GUEST_LOOKUP_REFUSED);
    expect(screen.queryByText('Siti Aminah')).toBeNull();
    expect(orderKeyOf(ORDER_CODE)).toBeNull();

    fireEvent.change(field, { target: { value: 'budi@contoh.id' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Lihat Pesanan' }));
    expect(await screen.findByText('Siti Aminah')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('region', { name: 'Ringkasan pesanan' }));
    expect(orderKeyOf(ORDER_CODE)).toBe(ORDER_KEY);
    expect(screen.getByRole('link', { name: 'Lihat Lokasi' }).getAttribute('href')).toBe(
      `/order/${ORDER_CODE}/location`,
    );
    expect(request).not.toHaveBeenCalledWith('detailReservasi', expect.anything(), expect.anything());
  });
});
