import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { KonfigurasiResults } from '../../../../contract/content';
import { DemoRibbon } from '../../../../src/features/content/demo-ribbon';

const CONFIG: KonfigurasiResults = {
  mode: 'demo',
  fitur: { refundable: true, berkah: true, point: true },
  call_center: { whatsapp: '6281100000000', telepon: '021-000', email: 'cs@contoh.id', jam_layanan: '24 jam' },
  sosial: [],
};

/** The configuration call answered with `mode`, through the app's own client. */
function renderWith(mode: KonfigurasiResults['mode'] | 'down') {
  vi.spyOn(globalThis, 'fetch').mockImplementation(async () =>
    mode === 'down'
      ? Promise.reject(new TypeError('Failed to fetch'))
      : new Response(JSON.stringify({ status: 'OK', results: { ...CONFIG, mode } }), {
          headers: { 'content-type': 'application/json' },
        }),
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <p>Halaman</p>
      <DemoRibbon />
    </QueryClientProvider>,
  );
  return client;
}

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('the "Mode demo" ribbon (issue 21)', () => {
  it('says demo mode, with what it means for a screen reader, once the configuration says demo', async () => {
    renderWith('demo');
    const ribbon = await screen.findByRole('status');
    expect(ribbon.textContent).toBe('Mode demo: data contoh, pembayaran disimulasikan');
    // Fixed, so its arrival moves nothing; taps go through to what lies under it.
    expect(ribbon.className).toContain('fixed');
    expect(ribbon.className).toContain('pointer-events-none');
  });

  it('is never shown in production, nor when the configuration cannot be read', { timeout: 15_000 }, async () => {
    for (const mode of ['produksi', 'down'] as const) {
      const client = renderWith(mode);
      // A dropped connection is retried twice (content-queries.ts) before the query gives up.
      await waitFor(() => expect(client.getQueryState(['konfigurasi'])?.status).not.toBe('pending'), {
        timeout: 8000,
      });
      expect(screen.queryByRole('status')).toBeNull();
      cleanup();
      vi.restoreAllMocks();
    }
  });
});
