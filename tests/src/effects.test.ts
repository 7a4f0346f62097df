import { describe, expect, it, vi } from 'vitest';
import { createActor, toPromise } from 'xstate';
import { RESERVATION_HEADER } from '../../contract';
import { DEFAULT_BASIC_CREDENTIALS } from '../../contract/platform';
import { reservasiBody } from '../../src/api/booking-bodies';
import { createApiClient } from '../../src/api/client';
import { checkPrice, holdSeats, loadLayout, loadProfile, releaseHold, reserve } from '../../src/flow/effects';
import { orderKeyOf } from '../../src/platform/order-keys';
import type { HoldLeg, ReserveInput } from '../../machines/booking-context';
import type { OptionsRequest, PriceRequest, ReservationRequest } from '../../machines/booking-requests';

const XTR = { operatorCode: 'XTR', scheduleCode: 'XTR-BDG-JKT-0800', date: '2030-01-10' };
const noOptions: OptionsRequest = {
  voucher: null,
  feeType: 'persen',
  fee: 0,
  paymentCode: null,
  refundable: false,
  donation: null,
  usePoints: false,
};

const request: ReservationRequest = {
  trip: {
    kind: 'direct',
    outbound: { leg: XTR, seats: [{ seat: '1', passengerName: 'Budi Santoso' }], headCount: null },
    return: null,
  },
  options: noOptions,
  booker: { name: 'Budi Santoso', phone: '081234567890', email: 'budi@mail.com' },
  total: 150_000,
  adsCode: null,
  referrerUrl: null,
  donationMessage: null,
};

interface Reply {
  body: unknown;
  status: number;
}

/** A client whose calls get the given replies in turn (the last one repeats); records what was sent. */
function clientReplying(reply: unknown, status = 200, more: Reply[] = []) {
  const headers: Record<string, string>[] = [];
  const bodies: unknown[] = [];
  const urls: string[] = [];
  const replies: Reply[] = [{ body: reply, status }, ...more];
  const fetchImpl = vi.fn(async (url: RequestInfo | URL, init?: RequestInit) => {
    headers.push(init?.headers as Record<string, string>);
    bodies.push(typeof init?.body === 'string' ? JSON.parse(init.body) : undefined);
    urls.push(String(url));
    const next = replies.length > 1 ? (replies.shift() as Reply) : (replies[0] as Reply);
    if (next.status === 0) throw new TypeError('Failed to fetch');
    return new Response(JSON.stringify(next.body), {
      status: next.status,
      headers: { 'content-type': 'application/json' },
    });
  });
  const client = createApiClient({
    fetch: fetchImpl as unknown as typeof fetch,
    getPlatform: () => 'WEB',
    getToken: () => null,
    credentials: DEFAULT_BASIC_CREDENTIALS,
  });
  return { client, headers, bodies, urls, fetchImpl };
}

const reserved = {
  status: 'OK',
  results: {
    reservasi_kode: 'K7PQ2M',
    flag_harga_berubah: 0,
    total_bayar: 150_000,
    flag_lunas: 0,
    kunci_pesanan: 'kunci-pesanan-0123456789abcdef',
  },
};

function run(logic: ReturnType<typeof reserve>, idempotencyKey: string | null, holdToken: string | null = null) {
  return toPromise(createActor(logic, { input: { request, idempotencyKey, holdToken } }).start());
}

describe('reserve effect: the idempotency key', () => {
  it('sends the reservation as the reservasi body', async () => {
    const { client, bodies } = clientReplying(reserved);
    await run(reserve(client), 'key-00000001');
    expect(bodies[0]).toEqual({
      operator_kode_pergi: 'XTR',
      jadwal_kode_pergi: 'XTR-BDG-JKT-0800',
      tanggal_berangkat_pergi: '2030-01-10',
      kursi_pergi: [{ no: '1', penumpang_nama: 'Budi Santoso' }],
      kursi_pulang: [],
      connecting: [],
      flag_connecting: 0,
      flag_pp: 0,
      voucher_kode: null,
      tipe_admin_fee: 'persen',
      admin_fee: 0,
      jenis_pembayaran_kode: null,
      flag_asuransi: 0,
      donasi: 0,
      flag_point: 0,
      pemesan_nama: 'Budi Santoso',
      pemesan_telp: '081234567890',
      pemesan_email: 'budi@mail.com',
      total_bayar: 150_000,
      ads_kode: null,
      url_referer: null,
      komentar_donasi: null,
    });
  });

  it('sends the confirmation key as the Idempotency-Key header', async () => {
    const { client, headers } = clientReplying(reserved);
    const outcome = await run(reserve(client), '0b7c5e1e-2f5a-4c55-9d0e-8d7f1c3a9b21');
    expect(outcome).toEqual({ kind: 'ok', results: reserved.results });
    expect(headers[0]?.[RESERVATION_HEADER.idempotencyKey]).toBe('0b7c5e1e-2f5a-4c55-9d0e-8d7f1c3a9b21');
  });

  it('a reservation stored mid-call by an earlier version sends the body it stored', async () => {
    const { client, bodies } = clientReplying(reserved);
    const body = { ...reservasiBody(request), pemesan_nama: 'Siti Aminah' };
    const input = { body, idempotencyKey: 'key-00000002', holdToken: null } as unknown as ReserveInput;
    await toPromise(createActor(reserve(client), { input }).start());
    expect(bodies[0]).toEqual(body);
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

describe('reserve effect: the limits on reservations', () => {
  it.each([
    ['RSV-5', 409, 'Masih ada 3 pesanan yang belum dibayar untuk nomor HP atau email ini.'],
    ['REQ-2', 429, 'Terlalu banyak permintaan reservasi. Coba lagi dalam 1 menit.'],
  ] as const)(
    '%s is a refusal the passenger reads, not "Tidak dapat melakukan reservasi"',
    async (code, status, message) => {
      const { client } = clientReplying({ status: 'ERROR', code, message }, status);
      await expect(run(reserve(client), 'key-00000003')).resolves.toEqual({ kind: 'api', code, message });
    },
  );
});

describe('reserve effect: the hold and the order key', () => {
  it('sends the hold token as X-Hold-Token', async () => {
    const { client, headers } = clientReplying(reserved);
    await run(reserve(client), 'key-00000001', 'hold-token-0000000001');
    expect(headers[0]?.[RESERVATION_HEADER.holdToken]).toBe('hold-token-0000000001');
  });

  it("without a hold answer the device's token is sent: a hold whose answer a reload lost is converted", async () => {
    const { client, headers } = clientReplying(reserved);
    await run(
      reserve(client, () => 'device-token-00000001'),
      'key-00000001',
      null,
    );
    expect(headers[0]?.[RESERVATION_HEADER.holdToken]).toBe('device-token-00000001');
  });

  it('without any token (no storage at all) no X-Hold-Token is sent', async () => {
    const { client, headers } = clientReplying(reserved);
    await run(
      reserve(client, () => null),
      'key-00000001',
      null,
    );
    expect(headers[0]).not.toHaveProperty(RESERVATION_HEADER.holdToken);
  });

  it('remembers the order key of a made reservation, so the order pages can open it', async () => {
    localStorage.clear();
    const { client } = clientReplying({ ...reserved, results: { ...reserved.results, reservasi_kode: 'Q8RT4Z' } });
    await run(reserve(client), 'key-00000002');
    expect(orderKeyOf('Q8RT4Z')).toBe('kunci-pesanan-0123456789abcdef');
  });

  it('a refusal remembers no order key', async () => {
    localStorage.clear();
    const { client } = clientReplying({ status: 'ERROR', code: 'RSV-2', message: 'Kursi 1 sudah dipesan' }, 409);
    await run(reserve(client), 'key-00000003');
    expect(localStorage.getItem('berangkat:order-keys')).toBeNull();
  });
});

const leg = (patch: Partial<HoldLeg> = {}): HoldLeg => ({
  direction: 'pergi',
  legIndex: 0,
  operatorCode: 'XTR',
  scheduleCode: 'XTR-BDG-JKT-0800',
  date: '2030-01-10',
  seats: ['1', '2'],
  ...patch,
});
const heldReply = (token: string, kursi: string[]) => ({
  status: 'OK',
  results: { hold_token: token, kursi, berakhir_pada: kursi.length ? '2030-01-01T00:10:00.000Z' : null },
});
const TOKEN = 'hold-token-0000000001';

function hold(logic: ReturnType<typeof holdSeats>, legs: HoldLeg[], token: string | null = null) {
  return toPromise(createActor(logic, { input: { token, legs } }).start());
}

describe('holdSeats effect', () => {
  it("holds each leg in turn under one token: the device's when the booking has none yet", async () => {
    const second = leg({ legIndex: 1, scheduleCode: 'DAY-JKT-SMG-1300', seats: ['4'] });
    const { client, bodies, urls } = clientReplying(heldReply(TOKEN, ['1', '2']), 200, [
      { body: heldReply(TOKEN, ['4']), status: 200 },
    ]);
    const outcome = await hold(
      holdSeats(
        client,
        () => 1_000,
        () => TOKEN,
      ),
      [leg(), second],
    );
    expect(urls.every((url) => url.endsWith('/hold-kursi'))).toBe(true);
    expect(bodies).toEqual([
      {
        operator_kode: 'XTR',
        jadwal_kode: 'XTR-BDG-JKT-0800',
        tanggal_berangkat: '2030-01-10',
        kursi: ['1', '2'],
        hold_token: TOKEN,
      },
      {
        operator_kode: 'XTR',
        jadwal_kode: 'DAY-JKT-SMG-1300',
        tanggal_berangkat: '2030-01-10',
        kursi: ['4'],
        hold_token: TOKEN,
      },
    ]);
    expect(outcome).toEqual({
      token: TOKEN,
      endsAt: '2030-01-01T00:10:00.000Z',
      deadline: 1_000 + 10 * 60_000,
      held: [leg(), second],
      refusal: null,
    });
  });

  it('409: a seat just taken stops there with the server message', async () => {
    const message = 'Kursi 4 sudah tidak tersedia';
    const second = leg({ legIndex: 1, seats: ['4'] });
    const { client } = clientReplying(heldReply(TOKEN, ['1', '2']), 200, [
      { body: { status: 'ERROR', code: 'RSV-2', message }, status: 409 },
    ]);
    const outcome = await hold(holdSeats(client), [leg(), second]);
    expect(outcome.held).toEqual([leg()]);
    expect(outcome.refusal).toEqual({ kind: 'taken', message, leg: second });
  });

  it('429: too many calls is a refusal with the server message', async () => {
    const message = 'Terlalu banyak permintaan tahan kursi. Silakan coba lagi dalam 1 menit';
    const { client } = clientReplying({ status: 'ERROR', code: 'REQ-2', message }, 429);
    const outcome = await hold(holdSeats(client), [leg()], TOKEN);
    expect(outcome).toMatchObject({ token: TOKEN, held: [], refusal: { kind: 'limited', message } });
  });

  it('a network failure before any reply rejects (the machine stays silent)', async () => {
    const { client } = clientReplying(null, 0);
    await expect(hold(holdSeats(client), [leg()])).rejects.toThrow();
  });

  it('releaseHold sends every leg with an empty list under the token', async () => {
    const { client, bodies } = clientReplying(heldReply(TOKEN, []));
    releaseHold(client, {
      token: TOKEN,
      legs: [leg(), leg({ direction: 'pulang', scheduleCode: 'XTR-JKT-BDG-1700' })],
    });
    await vi.waitFor(() => expect(bodies).toHaveLength(2));
    expect(bodies).toEqual([
      expect.objectContaining({ jadwal_kode: 'XTR-BDG-JKT-0800', kursi: [], hold_token: TOKEN }),
      expect.objectContaining({ jadwal_kode: 'XTR-JKT-BDG-1700', kursi: [], hold_token: TOKEN }),
    ]);
  });
});

describe('seat layout and price check carry the hold token', () => {
  it('kursi sends X-Hold-Token when the flow holds seats', async () => {
    const { client, headers } = clientReplying({ status: 'ERROR', code: 'NFD-1', message: 'x' }, 404);
    const layout = loadLayout(client, () => TOKEN);
    const actor = createActor(layout, {
      input: { leg: { operatorCode: 'XTR', scheduleCode: 'S', date: '2030-01-10' }, connectingCode: null },
    } as never);
    await toPromise(actor.start()).catch(() => undefined);
    expect(headers[0]?.[RESERVATION_HEADER.holdToken]).toBe(TOKEN);
  });

  it('cek-harga sends X-Hold-Token, and none without a hold', async () => {
    const { client, headers } = clientReplying({ status: 'ERROR', code: 'REQ-1', message: 'x' }, 400);
    let token: string | null = TOKEN;
    const logic = checkPrice(client, () => token);
    const input: PriceRequest = {
      trip: { kind: 'direct', outbound: { leg: XTR, seats: ['1'], headCount: null }, return: null },
      options: noOptions,
    };
    await toPromise(createActor(logic, { input }).start()).catch(() => undefined);
    token = null;
    await toPromise(createActor(logic, { input }).start()).catch(() => undefined);
    expect(headers).toHaveLength(2);
    expect(headers[0]?.[RESERVATION_HEADER.holdToken]).toBe(TOKEN);
    expect(headers[1]).not.toHaveProperty(RESERVATION_HEADER.holdToken);
  });
});

describe('loadProfile effect: the booker prefill', () => {
  const profile = {
    nama: 'Dewi Lestari',
    email: '',
    telp: '085711223344',
    jenis_kelamin: null,
    tanggal_lahir: null,
    pekerjaan_id: null,
    pekerjaan_lainnya: null,
  };

  it('reads customer-profil and keeps nama, telp and email (an empty one stays empty)', async () => {
    const { client, urls } = clientReplying({ status: 'OK', results: profile });
    const booker = await toPromise(createActor(loadProfile(client, () => null)).start());
    expect(booker).toEqual({ name: 'Dewi Lestari', phone: '085711223344', email: '' });
    expect(urls.map((url) => new URL(url, 'http://localhost').pathname)).toEqual(['/api/berangkat/customer-profil']);
  });

  it('the session copy of the profile spares the call', async () => {
    const { client, fetchImpl } = clientReplying({ status: 'OK', results: profile });
    const copy = { ...profile, nama: 'Budi Santoso', email: 'budi@mail.com', telp: '081234567890' };
    const booker = await toPromise(createActor(loadProfile(client, () => copy)).start());
    expect(booker).toEqual({ name: 'Budi Santoso', phone: '081234567890', email: 'budi@mail.com' });
    expect(fetchImpl).not.toHaveBeenCalled();
  });

  it('a refused call rejects (the machine stays silent)', async () => {
    const { client } = clientReplying(
      { status: 'ERROR', code: 'AUT-1', message: 'Masuk untuk bisa gunakan fitur ini' },
      401,
    );
    await expect(toPromise(createActor(loadProfile(client, () => null)).start())).rejects.toBeTruthy();
  });
});
