import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Point } from '../../../../contract/points';
import { ApiError, NETWORK_ERROR_MESSAGE } from '../../../../src/api/client';
import { listTujuanQueryOptions, searchPointTujuanQueryOptions } from '../../../../src/api/queries';
import { PlaceComboBox, type PlaceValue } from '../../../../src/features/search/place-combobox';
import { initOperatorCode, resetOperatorCodeForTests } from '../../../../src/platform/session';

const point = (id: number, nama: string): Point => ({
  id,
  tipe: 'kota',
  nama,
  kota_id: id,
  kota_nama: nama,
  alamat: null,
  lat: null,
  lon: null,
});

const { request } = vi.hoisted(() => ({ request: vi.fn() }));
vi.mock('../../../../src/api/api', () => ({ api: { request } }));

// jsdom does not lay out, so it has no scrollIntoView; the combobox scrolls the active option.
Element.prototype.scrollIntoView = vi.fn();

const BANDUNG: PlaceValue = { id: 1, type: 'kota', name: 'Bandung' };

function renderField(kind: 'asal' | 'tujuan', origin?: PlaceValue) {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <PlaceComboBox
        kind={kind}
        label={kind === 'asal' ? 'Dari' : 'Ke'}
        value={kind === 'asal' ? BANDUNG : { id: 2, type: 'kota', name: 'Jakarta' }}
        onChange={vi.fn()}
        {...(origin ? { origin } : {})}
      />
    </QueryClientProvider>,
  );
  return screen.getByRole('combobox', { name: kind === 'asal' ? 'Dari' : 'Ke' });
}

/** The look-ups the field made, by endpoint name and input. */
const calls = () => request.mock.calls.map(([name, input]) => [name, input] as [string, Record<string, unknown>]);

beforeEach(() => {
  resetOperatorCodeForTests();
  request.mockReset();
  request.mockResolvedValue({ page: 1, per_page: 20, total: 1, list: [point(7, 'Semarang')] });
});
afterEach(cleanup);

describe('point look-ups without an operator', () => {
  beforeEach(() => initOperatorCode(''));

  it('origins and destinations use the plain look-ups', async () => {
    const from = renderField('asal');
    fireEvent.focus(from);
    await screen.findByRole('option', { name: /^Semarang/ });
    fireEvent.change(from, { target: { value: 'sem' } });
    await waitFor(() => expect(calls()).toContainEqual(['searchPointAsal', { text: 'sem', page: 1 }]));
    cleanup();

    const to = renderField('tujuan', BANDUNG);
    fireEvent.focus(to);
    await screen.findByRole('option', { name: /^Semarang/ });
    fireEvent.change(to, { target: { value: 'sem' } });
    await waitFor(() => expect(calls()).toContainEqual(['searchPointTujuan', { text: 'sem', page: 1 }]));
    expect(calls()).toContainEqual(['searchPointAsal', { text: '', page: 1 }]);
    expect(calls()).toContainEqual(['listTujuan', { asal_id: 1, asal_tipe: 'kota' }]);
    expect(calls().every(([name]) => !/V2$|Operator/.test(name))).toBe(true);
  });
});

describe("point look-ups in an operator's own app (operator_kode in the page's query)", () => {
  beforeEach(() => initOperatorCode('?platform=APP-ANDROID&operator_kode=cpt'));

  it("origins come from the operator's departures, then its matches; destinations from the -v2 calls", async () => {
    const from = renderField('asal');
    fireEvent.focus(from);
    await screen.findByRole('option', { name: /^Semarang/ });
    fireEvent.change(from, { target: { value: 'sem' } });
    await waitFor(() =>
      expect(calls()).toContainEqual(['searchPointAsalV2', { text: 'sem', page: 1, operator_kode: 'CPT' }]),
    );
    cleanup();

    const to = renderField('tujuan', BANDUNG);
    fireEvent.focus(to);
    await screen.findByRole('option', { name: /^Semarang/ });
    fireEvent.change(to, { target: { value: 'sem' } });
    await waitFor(() =>
      expect(calls()).toContainEqual(['searchPointTujuanV2', { text: 'sem', page: 1, operator_kode: 'CPT' }]),
    );
    expect(calls()).toContainEqual(['listKeberangkatanOperatorV2', { operator_kode: 'CPT' }]);
    expect(calls()).toContainEqual(['listTujuanV2', { asal_id: 1, asal_tipe: 'kota', operator_kode: 'CPT' }]);
    expect(calls().map(([name]) => name)).not.toContain('searchPointAsal');
    expect(calls().map(([name]) => name)).not.toContain('listTujuan');
  });

  it('a malformed operator_kode is ignored: the ordinary look-ups', () => {
    resetOperatorCodeForTests();
    expect(initOperatorCode('?operator_kode=%3Cscript%3E')).toBeNull();
    resetOperatorCodeForTests();
    expect(initOperatorCode('?operator_kode=%20pahala-1%20')).toBe('PAHALA-1');
  });
});

describe('destination look-ups with undefined parameters (spec section 8)', () => {
  it('answer err without a call, as a failed call does', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const list = client.fetchQuery(listTujuanQueryOptions({ originId: undefined, originType: 'kota' }));
    await expect(list).rejects.toBeInstanceOf(ApiError);
    await expect(list).rejects.toMatchObject({ message: NETWORK_ERROR_MESSAGE, status: 0 });
    await expect(
      client.fetchQuery(listTujuanQueryOptions({ originId: 1, originType: undefined })),
    ).rejects.toMatchObject({ message: 'err' });
    await expect(client.fetchQuery(searchPointTujuanQueryOptions({}))).rejects.toMatchObject({ message: 'err' });
    expect(request).not.toHaveBeenCalled();
  });

  it('the destination field shows its Indonesian error state for the err answer', async () => {
    request.mockRejectedValue(new ApiError('REQ-1', 0, NETWORK_ERROR_MESSAGE));
    const to = renderField('tujuan', BANDUNG);
    fireEvent.focus(to);
    expect(await screen.findByText('Gagal memuat daftar. Periksa koneksi kamu.')).toBeTruthy();
    expect(screen.queryByText('err')).toBeNull();
  });
});
