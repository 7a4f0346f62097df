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
import type { DetailJadwal, Schedule } from '../../../../../contract/schedules';
import { DetailLocationPanel } from '../../../../../src/features/schedules/detail/location-panel';
import { DetailPartnerSchedule } from '../../../../../src/features/schedules/detail/partner-schedule';
import { detailScheduleSearchSchema } from '../../../../../src/features/schedules/detail/schedule-key';

const { request } = vi.hoisted(() => ({ request: vi.fn() }));
vi.mock('../../../../../src/api/api', () => ({ api: { request } }));

const detail: DetailJadwal = {
  operator_kode: 'XTR',
  operator_nama: 'XTrans',
  operator_logo: '',
  layanan: 'Executive',
  jam_berangkat: '08:00',
  tanggal_berangkat: '2026-11-24',
  fasilitas: [],
  harga: [150000],
  sisa_kursi: 7,
  rute_perjalanan: [
    { tanggal: '2026-11-24', jam: '08:00', title: 'Pool Pasteur', alamat: 'Jl. Djunjunan', lat: -6.89, lon: 107.58 },
    { tanggal: '2026-11-24', jam: '09:10', title: 'Rest Area', alamat: 'KM 88', lat: -6.6, lon: 107.4 },
    { tanggal: '2026-11-24', jam: '11:00', title: 'Pool Blok M', alamat: 'Jl. Melawai', lat: -6.24, lon: 106.8 },
  ],
  list_connecting: [],
};

const schedule = (code: string, time: string, remaining: number): Schedule => ({
  code_schedule: code,
  is_connecting: false,
  operator_code: 'XTR',
  operator_name: 'XTrans',
  operator_type: 'shuttle',
  operator_logo: '',
  service: 'Executive',
  jurusan_id: 1,
  depart: 'Pool Pasteur',
  drop: 'Pool Blok M',
  depart_city: 'Bandung',
  drop_city: 'Jakarta',
  select_seat: true,
  price_ticket: [150000],
  price_normal: null,
  remaining_seats: remaining,
  total_seats: 10,
  time_departure: time,
  time_arrival: '11:00',
  date: '2026-11-24',
  address_from: '',
  address_to: '',
  lat_from: 0,
  lon_from: 0,
  lat_to: 0,
  lon_to: 0,
  facilities: [],
  is_refundable: false,
  routes_connecting: [],
});

const client = () => new QueryClient({ defaultOptions: { queries: { retry: false, retryDelay: 0 } } });

beforeEach(() => {
  request.mockReset();
  vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('detail-schedule search params', () => {
  it('keeps good values and turns bad ones into undefined', () => {
    expect(
      detailScheduleSearchSchema.parse({ operator_code: 'XTR', schedule_code: 'XTR-BDG-JKT-0800', date: '2026-11-24' }),
    ).toEqual({ operator_code: 'XTR', schedule_code: 'XTR-BDG-JKT-0800', date: '2026-11-24' });
    expect(detailScheduleSearchSchema.parse({ operator_code: '', schedule_code: 42, date: '2026-02-30' })).toEqual({
      operator_code: undefined,
      schedule_code: undefined,
      date: undefined,
    });
  });
});

describe('DetailLocationPanel', () => {
  it('lists the departure and arrival pool with address and map link', async () => {
    request.mockResolvedValue(detail);
    render(
      <QueryClientProvider client={client()}>
        <DetailLocationPanel
          detailKey={{ operatorCode: 'XTR', scheduleCode: 'XTR-BDG-JKT-0800', date: '2026-11-24' }}
        />
      </QueryClientProvider>,
    );
    const list = await screen.findByRole('list', { name: 'Lokasi keberangkatan dan kedatangan' });
    const [from, to] = within(list).getAllByRole('listitem');
    expect(from?.textContent).toContain('Titik Keberangkatan');
    expect(from?.textContent).toContain('Jl. Djunjunan');
    expect(to?.textContent).toContain('Titik Kedatangan');
    expect(to?.textContent).toContain('Pool Blok M');
    expect(screen.getByRole('link', { name: 'Lihat Peta Pool Blok M' }).getAttribute('href')).toContain(
      'query=-6.24%2C106.8',
    );
    expect(screen.queryByText('Rest Area')).toBeNull();
  });
});

describe('DetailPartnerSchedule', () => {
  it('lists the departures with time, price and seats, and the days with seats', async () => {
    request.mockImplementation(async (name: string) => {
      if (name === 'listJadwal') return { list: [schedule('XTR-0600', '06:00', 0), schedule('XTR-0800', '08:00', 7)] };
      if (name === 'listTanggalJadwalAvailable') {
        return {
          list: [
            { tanggal: '2026-11-24', tersedia: true, sisa_kursi: 7 },
            { tanggal: '2026-11-25', tersedia: false, sisa_kursi: 0 },
          ],
        };
      }
      throw new Error(name);
    });
    const onDateChange = vi.fn();
    const root = createRootRoute({ component: () => <Outlet /> });
    const page = createRoute({
      getParentRoute: () => root,
      path: '/',
      component: () => (
        <DetailPartnerSchedule
          partnerKey={{ operatorCode: 'XTR', routeId: 1, date: '2026-11-24' }}
          onDateChange={onDateChange}
        />
      ),
    });
    const router = createRouter({ routeTree: root.addChildren([page]), history: createMemoryHistory() });
    render(
      <QueryClientProvider client={client()}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
    await act(async () => {
      await router.load();
    });

    const rows = within(await screen.findByRole('list', { name: 'Jadwal keberangkatan' })).getAllByRole('button');
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringMatching(/06\.00 WIB.*Rp 150\.000.*Kursi habis/),
      expect.stringMatching(/08\.00 WIB.*Rp 150\.000.*Sisa 7 kursi/),
    ]);
    expect(request).toHaveBeenCalledWith(
      'listJadwal',
      { operator_kode: 'XTR', jurusan_id: 1, tanggal_berangkat: '2026-11-24', show_connecting: true },
      expect.anything(),
    );

    const days = within(await screen.findByRole('list', { name: 'Tanggal dengan kursi tersedia' })).getAllByRole(
      'button',
    );
    expect(days[0]?.getAttribute('aria-pressed')).toBe('true');
    expect((days[1] as HTMLButtonElement).disabled).toBe(true);
    expect(days[1]?.textContent).toContain('Penuh');
    fireEvent.click(days[0] as HTMLElement);
    expect(onDateChange).toHaveBeenCalledWith('2026-11-24');
  });

  it('explains a missing operator or route instead of calling the API', async () => {
    // In the app the list always sits inside the router (its detail opens through it).
    const root = createRootRoute({ component: () => <Outlet /> });
    const page = createRoute({
      getParentRoute: () => root,
      path: '/',
      component: () => (
        <DetailPartnerSchedule
          partnerKey={{ operatorCode: 'XTR', routeId: undefined, date: undefined }}
          onDateChange={vi.fn()}
        />
      ),
    });
    const router = createRouter({ routeTree: root.addChildren([page]), history: createMemoryHistory() });
    render(
      <QueryClientProvider client={client()}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
    await act(async () => {
      await router.load();
    });
    expect(screen.getByRole('status').textContent).toContain('belum dipilih');
    expect(request).not.toHaveBeenCalled();
  });
});
