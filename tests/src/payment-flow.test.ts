import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { DEFAULT_BASIC_CREDENTIALS } from '../../contract/platform';
import { paymentView, type PaymentInput } from '../../machines/payment.machine';
import type { NavigateEmitted, ToastEmitted } from '../../machines/types';
import { createApiClient } from '../../src/api/client';
import { paymentMachineWithEffects, remainingToPay } from '../../src/flow/payment-flow';
import { rememberOrderKey } from '../../src/platform/order-keys';
import { instruction, METHODS, order } from '../machines/payment-fixtures';

const CODE = 'BRK7Q2M9';
const KEY = 'k3y-of-this-browser-0123456789';

type Reply = { status?: number; body: unknown };
const ok = (results: unknown): Reply => ({ body: { status: 'OK', results } });
const refused = (status: number, code: string, message: string): Reply => ({
  status,
  body: { status: 'ERROR', code, message },
});

/** A client whose fetch answers by path, recording each call's path and headers. */
function setup(replies: Record<string, Reply | (() => Reply)>) {
  const calls: Array<{ path: string; headers: Record<string, string>; body: unknown }> = [];
  const fetchImpl = vi.fn(async (url: RequestInfo | URL, init?: RequestInit) => {
    const path = new URL(String(url), 'http://localhost').pathname;
    calls.push({
      path,
      headers: (init?.headers ?? {}) as Record<string, string>,
      body: init?.body ? JSON.parse(String(init.body)) : null,
    });
    const entry = Object.entries(replies).find(([end]) => path.endsWith(end))?.[1];
    if (!entry) throw new TypeError('Failed to fetch');
    const reply = typeof entry === 'function' ? entry() : entry;
    return new Response(JSON.stringify(reply.body), { status: reply.status ?? 200 });
  });
  const client = createApiClient({
    fetch: fetchImpl as unknown as typeof fetch,
    getPlatform: () => 'WEB',
    getToken: () => null,
    credentials: DEFAULT_BASIC_CREDENTIALS,
  });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const start = (input: Partial<PaymentInput> = {}) => {
    const actor = createActor(paymentMachineWithEffects(queryClient, client), {
      input: { code: CODE, page: 'checkout', layout: 'd', ...input },
    });
    const navigations: NavigateEmitted[] = [];
    const toasts: ToastEmitted[] = [];
    actor.on('navigate', (event) => navigations.push(event));
    actor.on('toast', (event) => toasts.push(event));
    actor.start();
    return { actor, navigations, toasts };
  };
  return { calls, start, queryClient };
}

const methodsReply = ok({ amount: 150000, list: METHODS });

beforeEach(() => localStorage.clear());
afterEach(() => vi.useRealTimers());

describe('time left to pay, by the server clock', () => {
  it('is batas_bayar - waktu_server, whatever the phone clock says', () => {
    const read = order({ waktu_server: '2026-11-23T05:00:00.000Z', batas_bayar: '2026-11-23T05:30:00.000Z' });
    // A phone a day ahead: the reply just arrived, so nothing is taken off.
    const phone = Date.parse('2026-11-24T09:00:00.000Z');
    expect(remainingToPay(read, phone, phone)).toBe(30 * 60_000);
  });

  it('takes off how long ago a cached reply came, and never goes below 0', () => {
    const read = order({ waktu_server: '2026-11-23T05:00:00.000Z', batas_bayar: '2026-11-23T05:30:00.000Z' });
    expect(remainingToPay(read, 1_000, 6_000)).toBe(30 * 60_000 - 5_000);
    expect(remainingToPay(read, 0, 31 * 60_000)).toBe(0);
    expect(remainingToPay(order({ batas_bayar: 'not a date' }), 0, 0)).toBe(0);
  });
});

describe('payment effects against contract replies', () => {
  it('loads the order and its methods with this browser X-Order-Key, then "Bayar" opens payment-url', async () => {
    rememberOrderKey(CODE, KEY);
    const { calls, start } = setup({
      '/detail-reservasi': ok(order()),
      '/list-jenis-pembayaran': methodsReply,
      '/ganti-pembayaran': ok(instruction()),
    });
    const { actor, navigations } = start();
    await waitFor(actor, (snapshot) => paymentView(snapshot) === 'checkout');
    expect(calls.map((call) => call.path).sort()).toEqual(['/api/detail-reservasi', '/api/list-jenis-pembayaran']);
    for (const call of calls) expect(call.headers['x-order-key']).toBe(KEY);

    actor.send({ type: 'method.choose', code: 'BCA_VA' });
    actor.send({ type: 'payment.pay' });
    await waitFor(actor, (snapshot) => snapshot.matches('redirecting'));
    const pay = calls.find((call) => call.path === '/api/ganti-pembayaran');
    expect(pay?.body).toEqual({ reservasi_kode: CODE, jenis_pembayaran_kode: 'BCA_VA' });
    expect(pay?.headers['x-order-key']).toBe(KEY);
    expect(navigations.map((event) => event.intent)).toEqual([
      { kind: 'route', name: 'payment-url', search: { reservasi_kode: CODE } },
    ]);
  });

  it('sends no X-Order-Key for an order this browser holds no key of', async () => {
    const { calls, start } = setup({ '/detail-reservasi': ok(order()), '/list-jenis-pembayaran': methodsReply });
    const { actor } = start();
    await waitFor(actor, (snapshot) => paymentView(snapshot) === 'checkout');
    for (const call of calls) expect(call.headers['x-order-key']).toBeUndefined();
  });

  it('PAY-3 toasts the server message and clears the choice; no reply toasts "Tidak dapat memproses pembayaran"', async () => {
    let answer: () => Reply = () => refused(422, 'PAY-3', 'Metode pembayaran tidak dikenal');
    const { start } = setup({
      '/detail-reservasi': ok(order()),
      '/list-jenis-pembayaran': methodsReply,
      '/ganti-pembayaran': () => answer(),
    });
    const { actor, toasts } = start();
    await waitFor(actor, (snapshot) => paymentView(snapshot) === 'checkout');
    actor.send({ type: 'method.choose', code: 'BCA_VA' });
    actor.send({ type: 'payment.pay' });
    await waitFor(actor, () => toasts.length === 1);
    expect(toasts[0]?.message).toBe('Metode pembayaran tidak dikenal');
    expect(actor.getSnapshot().context.chosen).toBeNull();

    answer = () => {
      throw new TypeError('Failed to fetch');
    };
    actor.send({ type: 'method.choose', code: 'BCA_VA' });
    actor.send({ type: 'payment.pay' });
    await waitFor(actor, () => toasts.length === 2);
    expect(toasts[1]?.message).toBe('Tidak dapat memproses pembayaran');
    expect(paymentView(actor.getSnapshot())).toBe('checkout');
  });

  it('an order this browser may not open shows the server message with "Coba Lagi"', async () => {
    const { start } = setup({
      '/detail-reservasi': refused(404, 'NFD-1', 'Pesanan tidak ditemukan'),
      '/list-jenis-pembayaran': refused(404, 'NFD-1', 'Pesanan tidak ditemukan'),
    });
    const { actor } = start();
    await waitFor(actor, (snapshot) => paymentView(snapshot) === 'loadFailed');
    expect(actor.getSnapshot().context.error).toBe('Pesanan tidak ditemukan');
  });

  it('a paid order needs no methods: its page shows Lunas even when the methods call refuses', async () => {
    const { start } = setup({
      '/detail-reservasi': ok(order({ status: 'paid', flag_lunas: 1 })),
      '/list-jenis-pembayaran': refused(409, 'PAY-1', 'Pesanan sudah dibayar'),
    });
    const { actor } = start();
    await waitFor(actor, (snapshot) => paymentView(snapshot) === 'paid');
  });

  it('payment-url: the instruction, then "Simulasikan pembayaran" opens the order page of the layout', async () => {
    rememberOrderKey(CODE, KEY);
    const { calls, start } = setup({
      '/detail-reservasi': ok(
        order({ jenis_pembayaran: { kode: 'BCA_VA', nama: 'BCA Virtual Account', jenis: 'va' } }),
      ),
      '/detail-pembayaran': ok(instruction()),
      '/simulasi-bayar': ok({ reservasi_kode: CODE, flag_lunas: 1, cashback_point: 0 }),
    });
    for (const layout of ['d', 'm'] as const) {
      const { actor, navigations } = start({ page: 'instruction', layout });
      await waitFor(actor, (snapshot) => paymentView(snapshot) === 'instruction');
      expect(actor.getSnapshot().context.instruction?.nomor_bayar).toBe('8077001234567890');
      actor.send({ type: 'payment.simulate' });
      await waitFor(actor, (snapshot) => paymentView(snapshot) === 'paid');
      expect(navigations.map((event) => event.intent)).toEqual([
        { kind: 'route', name: layout === 'd' ? 'detail-order' : 'payment-order', params: { code: CODE } },
      ]);
      actor.stop();
    }
    const simulate = calls.filter((call) => call.path.endsWith('/simulasi-bayar'));
    expect(simulate).toHaveLength(2);
    for (const call of simulate) expect(call.headers['x-order-key']).toBe(KEY);
  });

  it('PAY-2 on simulate shows its message on the page', async () => {
    const message = 'Waktu pembayaran habis dan kursi sudah terjual. Tidak ada dana yang ditarik.';
    const { start } = setup({
      '/detail-reservasi': ok(order()),
      '/detail-pembayaran': ok(instruction()),
      '/simulasi-bayar': refused(409, 'PAY-2', message),
    });
    const { actor } = start({ page: 'instruction' });
    await waitFor(actor, (snapshot) => paymentView(snapshot) === 'instruction');
    actor.send({ type: 'payment.simulate' });
    await waitFor(actor, (snapshot) => paymentView(snapshot) === 'refused');
    expect(actor.getSnapshot().context.error).toBe(message);
  });
});
