import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DetailJadwal } from '../../../../../contract/schedules';
import { ApiError } from '../../../../../src/api/client';
import { toScheduleDetail } from '../../../../../src/api/schedule-detail-queries';
import { OperatorTermsPanel } from '../../../../../src/features/schedules/detail/operator-terms';
import {
  CONNECTING_ADVICE,
  DetailScheduleContent,
  DetailScheduleView,
} from '../../../../../src/features/schedules/detail/schedule-detail';
import { completeDetailKey } from '../../../../../src/features/schedules/detail/schedule-key';

const { request } = vi.hoisted(() => ({ request: vi.fn() }));
vi.mock('../../../../../src/api/api', () => ({ api: { request } }));

const stop = (jam: string, title: string, alamat: string, lat: number | null, lon: number | null) => ({
  tanggal: '2026-11-24',
  jam,
  title,
  alamat,
  lat,
  lon,
});

const direct: DetailJadwal = {
  operator_kode: 'XTR',
  operator_nama: 'XTrans',
  operator_logo: '',
  layanan: 'Executive',
  jam_berangkat: '08:00',
  tanggal_berangkat: '2026-11-24',
  fasilitas: ['ac', 'mineral-water'],
  harga: [150000, 175000],
  sisa_kursi: 7,
  rute_perjalanan: [
    stop('08:00', 'Pool Pasteur', 'Jl. Dr. Djunjunan No. 1, Bandung', -6.8943, 107.5856),
    stop('09:10', 'Rest Area KM 57', 'Tol Cikampek KM 57', null, null),
    stop('11:00', 'Pool Blora', 'Jl. Blora No. 2, Jakarta', -6.2011, 106.8233),
  ],
  list_connecting: [],
};

const connecting: DetailJadwal = {
  ...direct,
  operator_kode: 'CPT',
  operator_nama: 'Cipaganti',
  rute_perjalanan: [],
  list_connecting: [
    {
      operator_nama: 'Cipaganti',
      operator_kode: 'CPT',
      jadwal_kode: 'CPT-BDG-CRB-0600',
      tanggal_berangkat: '2026-11-24',
      jam_berangkat: '06:00',
      rute_perjalanan: [
        stop('06:00', 'Pool Cihampelas', 'Jl. Cihampelas, Bandung', -6.9, 107.6),
        stop('09:00', 'Pool Cirebon', 'Jl. Tuparev, Cirebon', -6.7, 108.5),
      ],
    },
    {
      operator_nama: 'Nusantara',
      operator_kode: 'NRS',
      jadwal_kode: 'NRS-CRB-SMG-1000',
      tanggal_berangkat: '2026-11-24',
      jam_berangkat: '10:00',
      rute_perjalanan: [
        stop('10:00', 'Terminal Cirebon', 'Jl. Harjamukti, Cirebon', -6.73, 108.55),
        stop('14:30', 'Pool Semarang', 'Jl. Pandanaran, Semarang', -6.99, 110.42),
      ],
    },
  ],
};

function renderWithQueries(ui: React.ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, retryDelay: 0 } } });
  return render(<QueryClientProvider client={client}>{ui}</QueryClientProvider>);
}

// A block body: a function returned from beforeEach would run as a teardown.
beforeEach(() => {
  request.mockReset();
});
afterEach(cleanup);

describe('toScheduleDetail', () => {
  it('takes from and to from the first and last stop titles', () => {
    const detail = toScheduleDetail(direct);
    expect(detail.from).toBe('Pool Pasteur');
    expect(detail.to).toBe('Pool Blora');
    expect(detail.legs).toEqual([]);
  });

  it('numbers connecting legs from 1', () => {
    const detail = toScheduleDetail({
      ...connecting,
      rute_perjalanan: connecting.list_connecting.flatMap((leg) => leg.rute_perjalanan),
    });
    expect(detail.legs.map((leg) => [leg.leg, leg.operatorName])).toEqual([
      [1, 'Cipaganti'],
      [2, 'Nusantara'],
    ]);
    expect(detail.from).toBe('Pool Cihampelas');
    expect(detail.to).toBe('Pool Semarang');
  });
});

describe('completeDetailKey', () => {
  it('needs all three values', () => {
    expect(completeDetailKey({ operatorCode: 'XTR', scheduleCode: 'X', date: undefined })).toBeNull();
    expect(completeDetailKey({ operatorCode: 'XTR', scheduleCode: 'X', date: '2026-11-24' })).toEqual({
      operatorCode: 'XTR',
      scheduleCode: 'X',
      date: '2026-11-24',
    });
  });
});

describe('DetailScheduleContent', () => {
  it('shows operator, time with WIB, price, seats, from and to, and the stops', () => {
    render(<DetailScheduleContent detail={toScheduleDetail(direct)} />);
    expect(screen.getByRole('heading', { name: 'XTrans' })).toBeTruthy();
    expect(screen.getByText('Executive')).toBeTruthy();
    expect(screen.getByText('Rp 150.000 - Rp 175.000')).toBeTruthy();
    expect(screen.getByText('Sisa 7 kursi')).toBeTruthy();
    expect(screen.getByText('Selasa, 24 November 2026')).toBeTruthy();
    expect(screen.getAllByText('08.00 WIB').length).toBeGreaterThan(0);
    expect(screen.getByText('AC')).toBeTruthy();

    const stops = within(screen.getByRole('list', { name: 'Pemberhentian' })).getAllByRole('listitem');
    expect(stops).toHaveLength(3);
    expect(stops[0]?.textContent).toContain('Pool Pasteur');
    expect(stops[2]?.textContent).toContain('11.00 WIB');
    expect(stops[2]?.textContent).toContain('Jl. Blora No. 2, Jakarta');
  });

  it('links "Lihat Peta" to a maps search at the stop, in a new tab, named by the place', () => {
    render(<DetailScheduleContent detail={toScheduleDetail(direct)} />);
    const link = screen.getByRole('link', { name: 'Lihat Peta Pool Pasteur' });
    const url = new URL(link.getAttribute('href') ?? '');
    expect(url.searchParams.get('query')).toBe('-6.8943,107.5856');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    expect(screen.getByRole('link', { name: 'Lihat Peta Pool Blora' }).getAttribute('href')).toContain(
      'query=-6.2011%2C106.8233',
    );
    // A stop without coordinates has no map link.
    expect(screen.queryByRole('link', { name: /Rest Area/ })).toBeNull();
    expect(screen.getAllByRole('link', { name: /^Lihat Peta/ })).toHaveLength(2);
  });

  it('shows each connecting leg as "Rute n" with its operator, time and stops, and the advice', () => {
    render(<DetailScheduleContent detail={toScheduleDetail(connecting)} />);
    expect(screen.getByText('Pindah Armada')).toBeTruthy();
    expect(screen.getByText(CONNECTING_ADVICE)).toBeTruthy();
    const first = screen.getByRole('article', { name: 'Rute 1' });
    const second = screen.getByRole('article', { name: 'Rute 2' });
    expect(within(first).getByText('Cipaganti')).toBeTruthy();
    expect(within(first).getByText(/06\.00 WIB/, { selector: 'p' })).toBeTruthy();
    expect(within(second).getByText('Nusantara')).toBeTruthy();
    expect(within(second).getByRole('link', { name: 'Lihat Peta Pool Semarang' })).toBeTruthy();
    expect(screen.getByText('Pool Cihampelas').closest('article')).toBe(first);
  });
});

describe('OperatorTermsPanel', () => {
  it('shows the terms under a collapsible "Syarat & Ketentuan" heading', () => {
    render(<OperatorTermsPanel terms={[{ operatorCode: 'XTR', operatorName: 'XTrans', terms: ['Bawa KTP.'] }]} />);
    const toggle = screen.getByRole('button', { name: 'Syarat & Ketentuan' });
    expect(screen.getByRole('heading', { name: 'Syarat & Ketentuan' })).toBeTruthy();
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    // Collapsed: the list is hidden, so it is not in the accessibility tree.
    expect(screen.queryByRole('listitem')).toBeNull();
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByText('Bawa KTP.')).toBeTruthy();
  });
});

describe('DetailScheduleView', () => {
  it('loads the detail and the operator terms', async () => {
    request.mockImplementation(async (name: string) => {
      if (name === 'detailJadwal') return direct;
      if (name === 'operatorSnk') return { operator_kode: 'XTR', operator_nama: 'XTrans', snk: ['Bawa KTP.'] };
      throw new Error(name);
    });
    renderWithQueries(
      <DetailScheduleView detailKey={{ operatorCode: 'XTR', scheduleCode: 'XTR-BDG-JKT-0800', date: '2026-11-24' }} />,
    );
    expect(screen.getByLabelText('Memuat detail jadwal')).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'XTrans' })).toBeTruthy();
    expect(request).toHaveBeenCalledWith(
      'detailJadwal',
      { operator_code: 'XTR', schedule_code: 'XTR-BDG-JKT-0800', date: '2026-11-24' },
      expect.anything(),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Syarat & Ketentuan' }));
    expect(await screen.findByText('Bawa KTP.')).toBeTruthy();
  });

  it('says "Jadwal tidak ditemukan" on a 404', async () => {
    request.mockRejectedValue(new ApiError('NFD-1', 404, 'Jadwal tidak ditemukan'));
    renderWithQueries(
      <DetailScheduleView detailKey={{ operatorCode: 'XTR', scheduleCode: 'NOPE', date: '2026-11-24' }} />,
    );
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Jadwal tidak ditemukan');
    expect(screen.queryByRole('button', { name: 'Coba Lagi' })).toBeNull();
  });

  it('offers "Coba Lagi" on a network failure and recovers', async () => {
    request.mockRejectedValue(new ApiError('NETWORK', 0, 'err'));
    renderWithQueries(
      <DetailScheduleView detailKey={{ operatorCode: 'XTR', scheduleCode: 'XTR-BDG-JKT-0800', date: '2026-11-24' }} />,
    );
    const retry = await screen.findByRole('button', { name: 'Coba Lagi' });
    expect(screen.getByRole('alert').textContent).toContain('Periksa koneksi internet');
    request.mockImplementation(async (name: string) =>
      name === 'detailJadwal' ? direct : { operator_kode: 'XTR', operator_nama: 'XTrans', snk: ['Bawa KTP.'] },
    );
    fireEvent.click(retry);
    await waitFor(() => expect(screen.getByRole('heading', { name: 'XTrans' })).toBeTruthy());
  });

  it('explains a link without the schedule key instead of calling the API', () => {
    renderWithQueries(
      <DetailScheduleView detailKey={{ operatorCode: 'XTR', scheduleCode: undefined, date: undefined }} />,
    );
    expect(screen.getByRole('status').textContent).toContain('Jadwal belum dipilih');
    expect(request).not.toHaveBeenCalled();
  });
});
