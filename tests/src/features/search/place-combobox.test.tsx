import { useState } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Point } from '../../../../contract/points';
import { PlaceComboBox, type PlaceValue } from '../../../../src/features/search/place-combobox';

const point = (id: number, tipe: Point['tipe'], nama: string, kota_nama: string): Point => ({
  id,
  tipe,
  nama,
  kota_id: id,
  kota_nama,
  alamat: null,
  lat: null,
  lon: null,
});

const { request } = vi.hoisted(() => ({ request: vi.fn() }));
vi.mock('../../../../src/api/api', () => ({ api: { request } }));

request.mockImplementation(async (_name: string, input: { text?: string }) => {
  const all = [
    point(1, 'kota', 'Bandung', 'Bandung'),
    point(3, 'cabang', 'Pool Pasteur', 'Bandung'),
    point(15, 'kota', 'Surabaya', 'Surabaya'),
  ];
  const text = (input.text ?? '').toLowerCase();
  const list = all.filter((p) => p.nama.toLowerCase().includes(text));
  return { page: 1, per_page: 20, total: list.length, list };
});

function Harness({ onChange }: { onChange: (place: PlaceValue) => void }) {
  const [value, setValue] = useState<PlaceValue>({ id: 2, type: 'kota', name: 'Jakarta' });
  return (
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <PlaceComboBox
        kind="asal"
        label="Dari"
        value={value}
        onChange={(place) => {
          setValue(place);
          onChange(place);
        }}
      />
    </QueryClientProvider>
  );
}

// jsdom does not lay out, so it has no scrollIntoView; the combobox scrolls the active option.
Element.prototype.scrollIntoView = vi.fn();

afterEach(cleanup);

describe('PlaceComboBox', () => {
  it('opens suggestions on focus and picks one with the keyboard', async () => {
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    const input = screen.getByRole('combobox', { name: 'Dari' });
    expect(input.getAttribute('aria-expanded')).toBe('false');

    fireEvent.focus(input);
    expect(input.getAttribute('aria-expanded')).toBe('true');
    await screen.findByRole('option', { name: /^Bandung/ });

    fireEvent.keyDown(input, { key: 'ArrowDown' });
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    const active = input.getAttribute('aria-activedescendant');
    expect(document.getElementById(active ?? '')?.textContent).toContain('Pool Pasteur');

    fireEvent.keyDown(input, { key: 'Enter' });
    expect(onChange).toHaveBeenCalledWith({ id: 3, type: 'cabang', name: 'Pool Pasteur' });
    expect((input as HTMLInputElement).value).toBe('Pool Pasteur');
    expect(input.getAttribute('aria-expanded')).toBe('false');
  });

  it('searches what is typed and puts the chosen name back on Escape', async () => {
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    const input = screen.getByRole('combobox', { name: 'Dari' }) as HTMLInputElement;
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: 'sura' } });
    await screen.findByRole('option', { name: /^Surabaya/ });
    await waitFor(() =>
      expect(request).toHaveBeenCalledWith('searchPointAsal', { text: 'sura', page: 1 }, expect.anything()),
    );
    expect(screen.queryByRole('option', { name: /^Bandung/ })).toBeNull();

    fireEvent.keyDown(input, { key: 'Escape' });
    expect(input.value).toBe('Jakarta');
    expect(onChange).not.toHaveBeenCalled();
  });

  it('restores the chosen name when the field loses focus', async () => {
    render(<Harness onChange={vi.fn()} />);
    const input = screen.getByRole('combobox', { name: 'Dari' }) as HTMLInputElement;
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: 'xyz' } });
    fireEvent.blur(input);
    expect(input.value).toBe('Jakarta');
  });
});
