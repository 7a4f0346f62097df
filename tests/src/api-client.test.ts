import { describe, expect, it, vi } from 'vitest';
import { DEFAULT_BASIC_CREDENTIALS, type Platform } from '../../contract/platform';
import {
  ApiError,
  BAD_REPLY_MESSAGE,
  NETWORK_ERROR_MESSAGE,
  basicAuthorization,
  createApiClient,
  generateUserId,
  toQueryString,
  type ApiClientOptions,
} from '../../src/api/client';
import { friendlyErrorMessage, OFFLINE_MESSAGE } from '../../src/api/errors';

const POINTS_OK = { status: 'OK', results: { page: 1, per_page: 10, total: 0, list: [] } };

function jsonReply(body: unknown, status = 200) {
  return new Response(typeof body === 'string' ? body : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

function setup(options: Partial<ApiClientOptions> & { reply?: () => Response | Promise<Response> } = {}) {
  const calls: Array<{ url: string; init: RequestInit }> = [];
  const fetchImpl = vi.fn(async (url: RequestInfo | URL, init?: RequestInit) => {
    calls.push({ url: String(url), init: init ?? {} });
    return (options.reply ?? (() => jsonReply(POINTS_OK)))();
  });
  let platform: Platform = 'WEB';
  let token: string | null = null;
  const client = createApiClient({
    fetch: fetchImpl as unknown as typeof fetch,
    getPlatform: () => platform,
    getToken: () => token,
    credentials: DEFAULT_BASIC_CREDENTIALS,
    ...options,
  });
  const header = (index: number, name: string) => (calls[index]?.init.headers as Record<string, string>)[name];
  return {
    client,
    calls,
    fetchImpl,
    header,
    setPlatform: (next: Platform) => (platform = next),
    setToken: (next: string | null) => (token = next),
  };
}

describe('request headers', () => {
  it('sends a fresh 100-character alphanumeric user id on every request', async () => {
    const { client, header } = setup();
    await client.request('searchPointAsal', { text: 'ban' });
    await client.request('searchPointAsal', { text: 'ban' });
    const first = header(0, 'x-user-id');
    const second = header(1, 'x-user-id');
    expect(first).toMatch(/^[A-Za-z0-9]{100}$/);
    expect(second).toMatch(/^[A-Za-z0-9]{100}$/);
    expect(first).not.toBe(second);
  });

  it('uses the basic credentials of the platform when there is no token', async () => {
    const { client, header, setPlatform } = setup();
    await client.request('kotaPopuler', {});
    setPlatform('APP-ANDROID');
    await client.request('kotaPopuler', {});
    setPlatform('APP-IOS');
    await client.request('kotaPopuler', {});

    const basic = (p: Platform) =>
      `Basic ${btoa(`${DEFAULT_BASIC_CREDENTIALS[p].user}:${DEFAULT_BASIC_CREDENTIALS[p].password}`)}`;
    expect(header(0, 'authorization')).toBe(basic('WEB'));
    expect(header(0, 'x-platform')).toBe('WEB');
    expect(header(1, 'authorization')).toBe(basic('APP-ANDROID'));
    expect(header(1, 'x-platform')).toBe('APP-ANDROID');
    expect(header(2, 'authorization')).toBe(basic('APP-IOS'));
    expect(header(2, 'x-platform')).toBe('APP-IOS');
  });

  it('sends the customer token as a bearer token, whatever the platform', async () => {
    const { client, header, setToken, setPlatform } = setup();
    setToken('tok-123');
    setPlatform('APP-IOS');
    await client.request('kotaPopuler', {});
    expect(header(0, 'authorization')).toBe('Bearer tok-123');
    expect(header(0, 'x-platform')).toBe('APP-IOS');
  });

  it("waits for an app's pair from its host; without one the guest call goes as a web page", async () => {
    // Issue 21: the web bundle holds the web pair only; an app's own comes from its native host.
    const web = DEFAULT_BASIC_CREDENTIALS.WEB;
    const host = { user: 'host-user', password: 'host-secret' };
    let hand: ((pair: typeof host | null) => void) | null = null;
    const { client, header, setPlatform } = setup({
      credentials: (platform) =>
        platform === 'WEB' ? web : new Promise<typeof host | null>((resolve) => (hand = resolve)),
    });
    // The host answers once the call has asked it.
    const handOver = async (pair: typeof host | null) => {
      await vi.waitFor(() => expect(hand).not.toBeNull());
      hand?.(pair);
      hand = null;
    };
    setPlatform('APP-ANDROID');
    const handed = client.request('kotaPopuler', {});
    await handOver(host);
    await handed;
    expect(header(0, 'authorization')).toBe(`Basic ${btoa('host-user:host-secret')}`);
    expect(header(0, 'x-platform')).toBe('APP-ANDROID');

    const never = client.request('kotaPopuler', {});
    await handOver(null);
    await never;
    // The server checks the platform and the pair together: the web pair goes as WEB.
    expect(header(1, 'authorization')).toBe(`Basic ${btoa(`${web.user}:${web.password}`)}`);
    expect(header(1, 'x-platform')).toBe('WEB');
  });

  it("a customer's call never waits for a host's pair", async () => {
    const lookUp = vi.fn(() => new Promise<null>(() => undefined));
    const { client, header, setPlatform, setToken } = setup({ credentials: lookUp });
    setPlatform('APP-IOS');
    setToken('tok-ios');
    await client.request('kotaPopuler', {});
    expect(header(0, 'authorization')).toBe('Bearer tok-ios');
    expect(header(0, 'x-platform')).toBe('APP-IOS');
    expect(lookUp).not.toHaveBeenCalled();
  });

  it('encodes non-Latin-1 passwords as UTF-8', () => {
    expect(basicAuthorization('user', 'kata-sandi-é')).toBe(
      `Basic ${Buffer.from('user:kata-sandi-é').toString('base64')}`,
    );
  });

  it('generates ids of any requested length from letters and digits', () => {
    expect(generateUserId(7)).toMatch(/^[A-Za-z0-9]{7}$/);
    const many = new Set(Array.from({ length: 20 }, () => generateUserId()));
    expect(many.size).toBe(20);
  });
});

describe('request shape', () => {
  it('builds the GET query string from the endpoint input under /api', async () => {
    const { client, calls } = setup({
      reply: () =>
        jsonReply({
          status: 'OK',
          results: { page: 1, per_page: 10, total: 0, total_jadwal: 0, total_page: 0, list: [] },
        }),
    });
    await client.request('searchJadwal', {
      asal_id: 1,
      asal_tipe: 'kota',
      tujuan_id: 2,
      tujuan_tipe: 'kota',
      tanggal_berangkat: '2026-11-24',
      group_by: 'operator-jurusan',
      show_connecting: true,
      flag_pp: false,
      page: 1,
    });
    const url = new URL(calls[0]!.url, 'http://x');
    expect(url.pathname).toBe('/api/berangkat/search-jadwal');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      asal_id: '1',
      asal_tipe: 'kota',
      tujuan_id: '2',
      tujuan_tipe: 'kota',
      tanggal_berangkat: '2026-11-24',
      group_by: 'operator-jurusan',
      show_connecting: '1',
      flag_pp: '0',
      page: '1',
    });
    expect(calls[0]!.init.method).toBe('GET');
  });

  it('posts JSON bodies', async () => {
    const { client, calls } = setup({
      reply: () => jsonReply({ status: 'ERROR', code: 'NFD-1', message: 'Jadwal tidak ditemukan' }, 404),
    });
    await expect(
      client.request('cekHarga', {
        operator_kode_pergi: 'OPR',
        jadwal_kode_pergi: 'J1',
        tanggal_berangkat_pergi: '2026-11-24',
        kursi_pergi: ['1A'],
      }),
    ).rejects.toBeInstanceOf(ApiError);
    expect(calls[0]!.init.method).toBe('POST');
    expect((calls[0]!.init.headers as Record<string, string>)['content-type']).toBe('application/json');
    expect(JSON.parse(String(calls[0]!.init.body))).toMatchObject({ jadwal_kode_pergi: 'J1', kursi_pergi: ['1A'] });
  });

  it('skips undefined values and joins lists', () => {
    expect(toQueryString({ a: 1, b: undefined, c: ['x', 'y'], d: true, e: null })).toBe('?a=1&c=x%2Cy&d=1');
    expect(toQueryString({})).toBe('');
  });

  it('refuses input that breaks the endpoint schema without calling the server', async () => {
    const { client, fetchImpl } = setup();
    const error = await client
      // @ts-expect-error asal_tipe must be kota or cabang: the point of the test
      .request('listTujuan', { asal_id: undefined, asal_tipe: 'desa' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: 'REQ-1', status: 0 });
    expect(fetchImpl).not.toHaveBeenCalled();
  });
});

describe('replies', () => {
  it('returns the parsed results of an OK envelope', async () => {
    const { client } = setup({
      reply: () =>
        jsonReply({
          status: 'OK',
          results: { list: [{ id: 1, nama: 'Bandung', provinsi: 'Jawa Barat', lat: 1, lon: 2 }] },
        }),
    });
    await expect(client.request('kotaPopuler', {})).resolves.toEqual({
      list: [{ id: 1, nama: 'Bandung', provinsi: 'Jawa Barat', lat: 1, lon: 2 }],
    });
  });

  it('turns an error envelope into an ApiError with code, status and message', async () => {
    const { client } = setup({
      reply: () => jsonReply({ status: 'ERROR', code: 'AUT-1', message: 'Kredensial tidak valid' }, 401),
    });
    const error = await client.request('kotaPopuler', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: 'AUT-1', status: 401, message: 'Kredensial tidak valid' });
  });

  it('turns a reply that is not JSON into an ApiError, not a crash', async () => {
    const { client } = setup({ reply: () => new Response('<html>502 Bad Gateway</html>', { status: 502 }) });
    const error = await client.request('kotaPopuler', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: 'BAD_REPLY', status: 502, message: BAD_REPLY_MESSAGE });
  });

  it('turns JSON of the wrong shape into an ApiError', async () => {
    const { client } = setup({ reply: () => jsonReply({ status: 'OK', results: { list: [{ id: 'satu' }] } }) });
    await expect(client.request('kotaPopuler', {})).rejects.toMatchObject({ code: 'BAD_REPLY', status: 200 });
    const other = setup({ reply: () => jsonReply({ hello: 'world' }) });
    await expect(other.client.request('kotaPopuler', {})).rejects.toMatchObject({ code: 'BAD_REPLY' });
  });

  it("turns a network failure into ApiError 'err' and logs it", async () => {
    const onNetworkError = vi.fn();
    const { client } = setup({
      onNetworkError,
      reply: () => {
        throw new TypeError('Failed to fetch');
      },
    });
    const error = await client.request('kotaPopuler', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: 'NETWORK', status: 0, message: NETWORK_ERROR_MESSAGE });
    expect(NETWORK_ERROR_MESSAGE).toBe('err');
    expect(onNetworkError).toHaveBeenCalledWith(expect.any(TypeError), 'kotaPopuler');
    // The passenger never reads "err".
    expect(friendlyErrorMessage(error)).toBe(OFFLINE_MESSAGE);
  });

  it('lets an aborted request stay an abort (query cancellation)', async () => {
    const controller = new AbortController();
    const { client } = setup({
      reply: () => {
        controller.abort();
        throw new DOMException('Aborted', 'AbortError');
      },
    });
    const error = await client.request('kotaPopuler', {}, { signal: controller.signal }).catch((e: unknown) => e);
    expect(error).not.toBeInstanceOf(ApiError);
    expect((error as DOMException).name).toBe('AbortError');
  });
});

describe('a refused customer token', () => {
  const REFUSED = { status: 'ERROR', code: 'AUT-3', message: 'Sesi kamu sudah berakhir. Silakan masuk kembali' };
  const CITIES = {
    status: 'OK',
    results: { list: [{ id: 1, nama: 'Bandung', provinsi: 'Jawa Barat', lat: 1, lon: 2 }] },
  };
  const guestBasic = `Basic ${btoa(`${DEFAULT_BASIC_CREDENTIALS.WEB.user}:${DEFAULT_BASIC_CREDENTIALS.WEB.password}`)}`;

  function refusingBearer(onTokenRefused = vi.fn()) {
    const replies = [() => jsonReply(REFUSED, 401), () => jsonReply(CITIES)];
    const context = setup({
      onTokenRefused,
      reply: () => (replies.shift() ?? (() => jsonReply(CITIES)))(),
    });
    context.setToken('stale-token');
    return { ...context, onTokenRefused };
  }

  it('is dropped and the same call repeated once with the basic credentials; the caller sees the guest reply', async () => {
    const { client, calls, header, onTokenRefused } = refusingBearer();
    await expect(client.request('kotaPopuler', {})).resolves.toEqual(CITIES.results);
    expect(onTokenRefused).toHaveBeenCalledExactlyOnceWith('stale-token');
    expect(calls).toHaveLength(2);
    expect(header(0, 'authorization')).toBe('Bearer stale-token');
    expect(header(1, 'authorization')).toBe(guestBasic);
    expect(calls[1]!.url).toBe(calls[0]!.url);
    // A repeat is a new request: its own user id.
    expect(header(1, 'x-user-id')).not.toBe(header(0, 'x-user-id'));
  });

  it('repeats a POST with the same body and the call’s own headers', async () => {
    const { client, calls, header } = refusingBearer();
    const body = {
      operator_kode_pergi: 'OPR',
      jadwal_kode_pergi: 'J1',
      tanggal_berangkat_pergi: '2026-11-24',
      kursi_pergi: ['1A'],
    };
    await client.request('cekHarga', body, { headers: { 'idempotency-key': 'k-1' } }).catch(() => undefined);
    expect(calls).toHaveLength(2);
    expect(calls[1]!.init.method).toBe('POST');
    expect(calls[1]!.init.body).toBe(calls[0]!.init.body);
    expect(header(1, 'idempotency-key')).toBe('k-1');
    expect(header(1, 'authorization')).toBe(guestBasic);
  });

  it('gives the guest reply’s error when the call needs a customer', async () => {
    const replies = [
      () => jsonReply(REFUSED, 401),
      () => jsonReply({ status: 'ERROR', code: 'AUT-1', message: 'Masuk untuk bisa gunakan fitur ini' }, 401),
    ];
    const { client, calls, setToken } = setup({ onTokenRefused: vi.fn(), reply: () => replies.shift()!() });
    setToken('stale-token');
    await expect(client.request('customerPoint', {})).rejects.toMatchObject({
      code: 'AUT-1',
      status: 401,
      message: 'Masuk untuk bisa gunakan fitur ini',
    });
    expect(calls).toHaveLength(2);
  });

  it('is not repeated for a guest call, nor for another 401', async () => {
    const onTokenRefused = vi.fn();
    const guest = setup({ onTokenRefused, reply: () => jsonReply(REFUSED, 401) });
    await expect(guest.client.request('kotaPopuler', {})).rejects.toMatchObject({ code: 'AUT-3' });
    expect(guest.calls).toHaveLength(1);

    const other = setup({
      onTokenRefused,
      reply: () => jsonReply({ status: 'ERROR', code: 'AUT-1', message: 'Kredensial tidak valid' }, 401),
    });
    other.setToken('good-token');
    await expect(other.client.request('kotaPopuler', {})).rejects.toMatchObject({ code: 'AUT-1' });
    expect(other.calls).toHaveLength(1);
    expect(onTokenRefused).not.toHaveBeenCalled();
  });
});

describe('form-encoded calls', () => {
  it('sends customer-update-data as application/x-www-form-urlencoded', async () => {
    const { client, calls, setToken } = setup({
      reply: () =>
        jsonReply({
          status: 'OK',
          results: {
            nama: 'Rina Wulandari',
            email: '',
            telp: '081234567890',
            jenis_kelamin: 'P',
            tanggal_lahir: '1994-03-12',
            pekerjaan_id: 99,
            pekerjaan_lainnya: 'Pemandu wisata',
          },
        }),
    });
    setToken('tok-rina');
    await client.request('customerUpdateData', {
      nama: 'Rina Wulandari',
      jenis_kelamin: 'P',
      tanggal_lahir: '1994-03-12',
      pekerjaan_id: 99,
      pekerjaan_lainnya: 'Pemandu wisata',
    });
    const call = calls[0]!;
    expect(new URL(call.url, 'http://x').pathname).toBe('/api/customer-update-data');
    expect(call.init.method).toBe('POST');
    expect((call.init.headers as Record<string, string>)['content-type']).toBe('application/x-www-form-urlencoded');
    expect(typeof call.init.body).toBe('string');
    expect(Object.fromEntries(new URLSearchParams(String(call.init.body)))).toEqual({
      nama: 'Rina Wulandari',
      jenis_kelamin: 'P',
      tanggal_lahir: '1994-03-12',
      pekerjaan_id: '99',
      pekerjaan_lainnya: 'Pemandu wisata',
    });
  });

  it('leaves out a field that is not given', async () => {
    const { client, calls } = setup({ reply: () => jsonReply({ status: 'ERROR', code: 'AUT-1', message: 'x' }, 401) });
    await client
      .request('customerUpdateData', {
        nama: 'Rina Wulandari',
        jenis_kelamin: 'P',
        tanggal_lahir: '1994-03-12',
        pekerjaan_id: 2,
      })
      .catch(() => undefined);
    expect(String(calls[0]!.init.body)).toBe(
      'nama=Rina+Wulandari&jenis_kelamin=P&tanggal_lahir=1994-03-12&pekerjaan_id=2',
    );
  });
});

describe('friendly messages', () => {
  it('never shows raw technical text', () => {
    expect(friendlyErrorMessage(new ApiError('BAD_REPLY', 502, BAD_REPLY_MESSAGE))).toMatch(/Server sedang bermasalah/);
    expect(friendlyErrorMessage(new ApiError('REQ-1', 400, 'Permintaan tidak valid. page: x'))).toMatch(
      /Terjadi kesalahan/,
    );
    expect(friendlyErrorMessage(new ApiError('RSV-2', 409, 'Kursi sudah tidak tersedia'))).toBe(
      'Kursi sudah tidak tersedia',
    );
    expect(friendlyErrorMessage(new Error('boom'))).toMatch(/Terjadi kesalahan/);
  });
});
