import { afterEach, describe, expect, it } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { createActor, waitFor } from 'xstate';
import { GUEST_LOOKUP_REFUSED } from '../../contract/order';
import { DEFAULT_BASIC_CREDENTIALS } from '../../contract/platform';
import { createApiClient } from '../../src/api/client';
import { cancelOrder, loadOrderOutcome, fetchOrderDetail, lookupOrder } from '../../src/api/order-queries';
import { orderMachineWithEffects } from '../../src/flow/order-flow';
import { orderKeyOf, rememberOrderKey } from '../../src/platform/order-keys';
import { order, ORDER_CODE, ORDER_KEY } from '../machines/order-fixtures';

type Reply = { status: number; body: unknown };

/** A client whose fetch answers from a script and records each call's URL and headers. */
function scripted(replies: Reply[]) {
  const calls: { url: string; headers: Record<string, string>; body: string | undefined }[] = [];
  const client = createApiClient({
    fetch: (async (url: RequestInfo | URL, init?: RequestInit) => {
      calls.push({
        url: String(url),
        headers: (init?.headers ?? {}) as Record<string, string>,
        body: init?.body as string | undefined,
      });
      const reply = replies.shift();
      if (!reply) throw new TypeError('Failed to fetch');
      return new Response(JSON.stringify(reply.body), { status: reply.status });
    }) as typeof fetch,
    getPlatform: () => 'WEB',
    getToken: () => null,
    credentials: DEFAULT_BASIC_CREDENTIALS,
  });
  return { client, calls };
}

const ok = (results: unknown): Reply => ({ status: 200, body: { status: 'OK', results } });
const refusal = (status: number, code: string, message: string): Reply => ({
  status,
  body: { status: 'ERROR', code, message },
});

afterEach(() => localStorage.clear());

describe('order calls', () => {
  it("detail-reservasi sends this browser's key as X-Order-Key, and none when it holds none", async () => {
    const { client, calls } = scripted([ok(order()), ok(order())]);
    await fetchOrderDetail(ORDER_CODE, undefined, client);
    expect(calls[0]?.headers['x-order-key']).toBeUndefined();
    rememberOrderKey(ORDER_CODE, ORDER_KEY);
    await fetchOrderDetail(ORDER_CODE.toLowerCase(), undefined, client);
    expect(calls[1]?.headers['x-order-key']).toBe(ORDER_KEY);
    expect(calls[1]?.url).toContain('/detail-reservasi?reservasi_kode=');
  });

  it('no access (NFD-1) is "not found"; a failed call stays a failure', async () => {
    const { client } = scripted([refusal(404, 'NFD-1', 'Pesanan tidak ditemukan')]);
    await expect(loadOrderOutcome(() => fetchOrderDetail(ORDER_CODE, undefined, client))).resolves.toEqual({
      kind: 'notFound',
    });
    await expect(loadOrderOutcome(() => fetchOrderDetail(ORDER_CODE, undefined, client))).rejects.toThrow();
  });

  it('the guest look-up: a match splits off the key, a refusal is the one refusal, 429 keeps its message', async () => {
    const { client, calls } = scripted([
      ok({ ...order(), kunci_pesanan: ORDER_KEY }),
      refusal(404, 'NFD-1', GUEST_LOOKUP_REFUSED),
      refusal(429, 'REQ-2', 'Terlalu banyak percobaan'),
    ]);
    const match = await lookupOrder(ORDER_CODE, 'budi@contoh.id', undefined, client);
    expect(match).toEqual({ kind: 'ok', order: order(), key: ORDER_KEY });
    expect(calls[0]?.url).toContain('pemesan_email_telp=budi%40contoh.id');
    await expect(lookupOrder(ORDER_CODE, 'salah@contoh.id', undefined, client)).resolves.toEqual({ kind: 'refused' });
    await expect(lookupOrder(ORDER_CODE, 'salah@contoh.id', undefined, client)).resolves.toEqual({
      kind: 'limited',
      message: 'Terlalu banyak percobaan',
    });
  });

  it('batal-reservasi posts the reason with the key; ORD-1 is a refusal with its message', async () => {
    rememberOrderKey(ORDER_CODE, ORDER_KEY);
    const { client, calls } = scripted([
      ok({ reservasi_kode: ORDER_CODE, status: 'cancelled' }),
      refusal(409, 'ORD-1', 'Pesanan sudah dibatalkan'),
    ]);
    await expect(cancelOrder(ORDER_CODE, 'batal-pergi', undefined, client)).resolves.toEqual({ kind: 'ok' });
    expect(JSON.parse(calls[0]?.body ?? '{}')).toEqual({ reservasi_kode: ORDER_CODE, jenis_batal: 'batal-pergi' });
    expect(calls[0]?.headers['x-order-key']).toBe(ORDER_KEY);
    await expect(cancelOrder(ORDER_CODE, 'batal-pergi', undefined, client)).resolves.toEqual({
      kind: 'refused',
      message: 'Pesanan sudah dibatalkan',
    });
    await expect(cancelOrder(ORDER_CODE, 'batal-pergi', undefined, client)).rejects.toThrow();
  });
});

describe('orderMachineWithEffects', () => {
  it('a guest match keeps the key in this browser and fills the shared query', async () => {
    const queryClient = new QueryClient();
    const { client } = scripted([ok({ ...order(), kunci_pesanan: ORDER_KEY })]);
    const actor = createActor(orderMachineWithEffects(queryClient, client), {
      input: { code: ORDER_CODE, guest: true, hasKey: false },
    }).start();
    actor.send({ type: 'lookup.change', value: 'budi@contoh.id' });
    actor.send({ type: 'lookup.submit' });
    await waitFor(actor, (snapshot) => snapshot.matches('shown'));
    expect(orderKeyOf(ORDER_CODE)).toBe(ORDER_KEY);
    expect(queryClient.getQueryData(['detail-reservasi', { code: ORDER_CODE }])).toEqual(order());
  });

  it('a refresh reads past the cached copy', async () => {
    const queryClient = new QueryClient();
    const { client, calls } = scripted([ok(order()), ok(order({ status: 'cancelled', bisa_batal: false }))]);
    const actor = createActor(orderMachineWithEffects(queryClient, client), {
      input: { code: ORDER_CODE, guest: false, hasKey: true },
    }).start();
    await waitFor(actor, (snapshot) => snapshot.matches('shown'));
    actor.send({ type: 'order.reload' });
    await waitFor(actor, (snapshot) => snapshot.matches({ shown: 'cancelled' }));
    expect(calls).toHaveLength(2);
  });
});
