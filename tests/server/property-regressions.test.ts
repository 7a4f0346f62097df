import { afterAll, beforeAll, expect, it } from 'vitest';
import { API_BASE, ErrorEnvelopeSchema, endpoints } from '../../contract';
import { createApp, type App } from '../../server/app';
import { SEED_FIXTURES } from '../../server/db/seed';
import { call, defaultHeaders } from './api-support';
import { signIn } from './helpers/accounts';
import { createTestDatabase, type TestDatabase, describeEachDatabase } from './helpers/test-db';

/** Inputs the generated suites once found answered 5xx: each stays refused with a clear 4xx. */
describeEachDatabase('bad input found by generation, on %s', (kind) => {
  let handle: TestDatabase;
  let app: App;

  beforeAll(async () => {
    handle = await createTestDatabase(kind);
    app = createApp({ db: handle.db, today: () => '2026-11-23' });
  }, 120_000);
  afterAll(async () => {
    await handle.destroy();
  });

  const get = async (path: string, query: Record<string, string>) => {
    const response = await app.request(`${API_BASE}${path}?${new URLSearchParams(query).toString()}`, {
      headers: defaultHeaders(),
    });
    return { status: response.status, body: (await response.json()) as unknown };
  };

  it.each([
    ['9999-12-31', '62'],
    ['9999-12-01', '40'],
    ['9999-11-30', '33'],
  ])('list-tanggal-jadwal from %s for %s days is a 400 that names the range', async (start, days) => {
    const reply = await get(endpoints.listTanggalJadwal.path, {
      asal_id: '1',
      asal_tipe: 'kota',
      tujuan_id: '2',
      tujuan_tipe: 'kota',
      tanggal_mulai: start,
      jumlah_hari: days,
    });
    expect(reply.status).toBe(400);
    const error = ErrorEnvelopeSchema.parse(reply.body);
    expect(error.code).toBe('REQ-1');
    expect(error.message).toContain('jumlah_hari');
    expect(error.message).toContain('9999-12-31');
  });

  it('list-tanggal-jadwal-available from 9999-12-31 for 62 days is a 400 that names the range', async () => {
    const reply = await get(endpoints.listTanggalJadwalAvailable.path, {
      operator_kode: SEED_FIXTURES.nearlyFull.operatorCode,
      jadwal_kode: SEED_FIXTURES.nearlyFull.scheduleCode,
      tanggal_mulai: '9999-12-31',
      jumlah_hari: '62',
    });
    expect(reply.status).toBe(400);
    const error = ErrorEnvelopeSchema.parse(reply.body);
    expect(error.code).toBe('REQ-1');
    expect(error.message).toContain('9999-12-31');
  });

  it('the last days of the calendar are still answered (9999-12-31 for one day)', async () => {
    const reply = await get(endpoints.listTanggalJadwal.path, {
      asal_id: '1',
      asal_tipe: 'kota',
      tujuan_id: '2',
      tujuan_tipe: 'kota',
      tanggal_mulai: '9999-12-31',
      jumlah_hari: '1',
    });
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({
      status: 'OK',
      results: { list: [{ tanggal: '9999-12-31', jumlah_jadwal: 0, harga_min: null }] },
    });
  });

  // Past PostgreSQL's integer (2^31 - 1) and JavaScript's safe integers (2^53 - 1).
  const HUGE = ['2147483648', '9007199254740991', '9007199254740993'];
  const ROUTE = {
    asal_id: '1',
    asal_tipe: 'kota',
    tujuan_id: '2',
    tujuan_tipe: 'kota',
    tanggal_berangkat: '2026-11-25',
  };
  const cases: [Parameters<typeof call>[1], Record<string, string>, string][] = [
    ['listJenisPembayaran', {}, 'amount'],
    ['searchJadwal', ROUTE, 'asal_id'],
    ['searchJadwal', ROUTE, 'tujuan_id'],
    ['searchJadwal', ROUTE, 'harga_min'],
    ['searchJadwal', ROUTE, 'harga_max'],
    ['searchJadwal', { ...ROUTE, flag_pp: '1' }, 'pulang_jurusan_id'],
    ['listFilterSearchJadwal', ROUTE, 'asal_id'],
    ['listJadwal', { operator_kode: 'XTR', tanggal_berangkat: '2026-11-25' }, 'jurusan_id'],
    ['listTujuan', { asal_tipe: 'kota' }, 'asal_id'],
    ['listTujuanV2', { asal_tipe: 'kota', operator_kode: 'XTR' }, 'asal_id'],
    ['listBanner', {}, 'kategori_id'],
    ['listHighlightOperator', ROUTE, 'asal_id'],
    ['listHighlightOperator', ROUTE, 'tujuan_id'],
    ['listVoucherEvent', { asal_tipe: 'kota', tujuan_tipe: 'kota', tujuan_id: '2' }, 'asal_id'],
    ['flashsaleListCard', {}, 'sesi_sub_id'],
    ['flashsaleDetailCard', {}, 'card_id'],
    ['flashsaleSoalCard', {}, 'card_id'],
    ['flashsaleCekSoalCard', { jawaban: 'a' }, 'card_id'],
    ['listProdukOlehOleh', {}, 'kategori_id'],
    ['detailProdukOlehOleh', {}, 'produk_id'],
    ['feedbackDetail', {}, 'feedback_id'],
  ];

  it.each(cases)('%s with %s past the integer ranges answers by the contract, never 5xx', async (name, base, field) => {
    const bearer = await signIn(app);
    for (const value of HUGE) {
      // call() parses every reply with the contract's envelope and the call's results schema.
      const reply = await call(app, name, { ...base, [field]: value }, { bearer });
      expect(reply.status, `${field}=${value}`).toBeLessThan(500);
    }
  });
});
