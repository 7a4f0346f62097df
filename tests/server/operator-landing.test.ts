import { afterAll, beforeAll, expect, it } from 'vitest';
import { OPERATOR_MESSAGES } from '../../contract';
import { createApp, type App } from '../../server/app';
import { addDays } from '../../server/lib/dates';
import { fails, ok } from './api-support';
import { TEST_TODAY, testNow, createTestDatabase, type TestDatabase, describeEachDatabase } from './helpers/test-db';

const DAY = addDays(TEST_TODAY, 10);
// Seed: Bandung is city 1, Jakarta city 2 (the default search).
const BDG_JKT = { asal_id: 1, asal_tipe: 'kota', tujuan_id: 2, tujuan_tipe: 'kota', tanggal_berangkat: DAY } as const;

describeEachDatabase('operator landing page and highlighted operators on %s', (kind) => {
  let handle: TestDatabase;
  let app: App;

  beforeAll(async () => {
    handle = await createTestDatabase(kind);
    app = createApp({ db: handle.db, today: () => TEST_TODAY, now: testNow });
  });
  afterAll(async () => {
    await handle.destroy();
  });

  it("answers an operator's routes with the next three departures of each, earliest first", async () => {
    const landing = await ok(app, 'detailOperator', { operator_kode: 'XTR' });
    expect(landing.operator).toEqual({
      kode: 'XTR',
      nama: 'Xpress Trans Raya',
      logo: expect.any(String),
      tipe: 'shuttle',
    });
    expect(landing.jurusan.length).toBeGreaterThan(1);
    // Seed: XTR's Pasteur -> Blok M line leaves at 04:00, 06:00, 08:00, ... for Rp 150.000.
    const line = landing.jurusan.find((route) => route.asal_kota === 'Bandung' && route.tujuan_kota === 'Jakarta');
    expect(line).toBeDefined();
    expect(line!.keberangkatan.map((d) => [d.tanggal, d.jam_berangkat, d.harga])).toEqual([
      [TEST_TODAY, '04:00', 150000],
      [TEST_TODAY, '06:00', 150000],
      [TEST_TODAY, '08:00', 150000],
    ]);
    expect(line!.keberangkatan.every((d) => d.sisa_kursi > 0 && d.jadwal_kode.startsWith('XTR-'))).toBe(true);
    // The departure books through the normal search: the same code is listed on that route and day.
    const search = await ok(app, 'searchJadwal', {
      asal_id: line!.asal_id,
      asal_tipe: line!.asal_tipe,
      tujuan_id: line!.tujuan_id,
      tujuan_tipe: line!.tujuan_tipe,
      tanggal_berangkat: TEST_TODAY,
      operator: 'XTR',
    });
    const codes = search.list.flatMap((group) => group.jadwal.map((schedule) => schedule.code_schedule));
    expect(codes).toContain(line!.keberangkatan[0]!.jadwal_kode);
  });

  it('refuses an unknown operator with 404 and a malformed code with 400, in Indonesian', async () => {
    expect(await fails(app, 'detailOperator', { operator_kode: 'TIDAKADA' })).toMatchObject({
      httpStatus: 404,
      message: OPERATOR_MESSAGES.notFound,
    });
    expect((await fails(app, 'detailOperator', { operator_kode: '<script>' })).message).toContain(
      OPERATOR_MESSAGES.code,
    );
    expect((await fails(app, 'detailOperator', {})).httpStatus).toBe(400);
  });

  it("applies search-jadwal's filters to the highlighted operators", async () => {
    const all = await ok(app, 'listHighlightOperator', BDG_JKT);
    expect(all.list.length).toBeGreaterThan(2);
    const xtrAll = all.list.find((o) => o.operator_kode === 'XTR');
    expect(xtrAll).toMatchObject({ jam_pertama: '04:00' });

    const onlyXtr = await ok(app, 'listHighlightOperator', { ...BDG_JKT, operator: 'XTR' });
    expect(onlyXtr.list.map((o) => o.operator_kode)).toEqual(['XTR']);

    // "Malam" (18:00-23:59): XTR's Pasteur line leaves at 19:00 and 21:30.
    const evening = await ok(app, 'listHighlightOperator', { ...BDG_JKT, jam: 'malam', operator: 'XTR' });
    expect(evening.list[0]!.jam_pertama >= '18:00').toBe(true);
    expect(evening.list[0]!.jumlah_jadwal).toBeLessThan(xtrAll!.jumlah_jadwal);

    // Each operator's count equals the departures the filtered list shows for it.
    const filters = { jam: 'pagi', fasilitas: 'ac', harga_max: 140000 };
    const highlighted = await ok(app, 'listHighlightOperator', { ...BDG_JKT, ...filters });
    expect(highlighted.list.length).toBeGreaterThan(0);
    const search = await ok(app, 'searchJadwal', { ...BDG_JKT, ...filters });
    const perOperator = new Map<string, number>();
    for (const group of search.list) {
      perOperator.set(group.operator_code, (perOperator.get(group.operator_code) ?? 0) + group.jadwal.length);
    }
    expect(search.total_page).toBe(1);
    expect(Object.fromEntries(highlighted.list.map((o) => [o.operator_kode, o.jumlah_jadwal]))).toEqual(
      Object.fromEntries(perOperator),
    );
    expect(highlighted.list.every((o) => o.harga_mulai <= 140000 && o.jam_pertama >= '06:00')).toBe(true);

    expect(
      await fails(app, 'listHighlightOperator', { ...BDG_JKT, harga_min: 200000, harga_max: 100000 }),
    ).toMatchObject({
      httpStatus: 400,
    });
    expect((await fails(app, 'listHighlightOperator', { ...BDG_JKT, jam: 'subuh' })).httpStatus).toBe(400);
  });
});
