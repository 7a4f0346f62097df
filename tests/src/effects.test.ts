import { describe, expect, it, vi } from 'vitest';
import { createActor, toPromise } from 'xstate';
import { RESERVATION_HEADER, type ReservasiBody } from '../../contract';
import { DEFAULT_BASIC_CREDENTIALS } from '../../contract/platform';
import { createApiClient } from '../../src/api/client';
import { reserve } from '../../src/flow/effects';

const body: ReservasiBody = {
  operator_kode_pergi: 'XTR',
  jadwal_kode_pergi: 'XTR-BDG-JKT-0800',
  tanggal_berangkat_pergi: '2030-01-10',
  kursi_pergi: [{ no: '1', penumpang_nama: 'Budi Santoso' }],
  pemesan_nama: 'Budi Santoso',
  pemesan_telp: '081234567890',
  pemesan_email: 'budi@mail.com',
  total_bayar: 150_000,
};

function clientReplying(reply: unknown, status = 200) {
  const headers: Record<string, string>[] = [];
  const fetchImpl = vi.fn(async (_url: RequestInfo | URL, init?: RequestInit) => {
    headers.push(init?.headers as Record<string, string>);
    return new Response(JSON.stringify(reply), { status, headers: { 'content-type': 'application/json' } });
  });
  const client = createApiClient({
    fetch: fetchImpl as unknown as typeof fetch,
    getPlatform: () => 'WEB',
    getToken: () => null,
    credentials: DEFAULT_BASIC_CREDENTIALS,
  });
  return { client, headers };
}

const reserved = {
  status: 'OK',
  results: { reservasi_kode: 'K7PQ2M', flag_harga_berubah: 0, total_bayar: 150_000, flag_lunas: 0 },
};

function run(logic: ReturnType<typeof reserve>, idempotencyKey: string | null) {
  return toPromise(createActor(logic, { input: { body, idempotencyKey } }).start());
}

describe('reserve effect: the idempotency key', () => {
  it('sends the confirmation key as the Idempotency-Key header', async () => {
    const { client, headers } = clientReplying(reserved);
    const outcome = await run(reserve(client), '0b7c5e1e-2f5a-4c55-9d0e-8d7f1c3a9b21');
    expect(outcome).toEqual({ kind: 'ok', results: reserved.results });
    expect(headers[0]?.[RESERVATION_HEADER.idempotencyKey]).toBe('0b7c5e1e-2f5a-4c55-9d0e-8d7f1c3a9b21');
  });

  it('a flow stored before keys existed is sent without the header', async () => {
    const { client, headers } = clientReplying(reserved);
    await run(reserve(client), null);
    expect(headers[0]).not.toHaveProperty(RESERVATION_HEADER.idempotencyKey);
  });

  it('RSV-4 is a refusal with the server message, not a failed call', async () => {
    const message = 'Idempotency-Key sudah dipakai untuk reservasi lain';
    const { client } = clientReplying({ status: 'ERROR', code: 'RSV-4', message }, 422);
    await expect(run(reserve(client), 'key-00000001')).resolves.toEqual({ kind: 'api', code: 'RSV-4', message });
  });
});
