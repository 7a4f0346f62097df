import { afterAll, beforeAll, expect, it } from 'vitest';
import { SOUVENIR_LIMITS, SOUVENIR_MESSAGES } from '../../contract';
import { createApp, type App } from '../../server/app';
import { DEFAULT_CONFIG } from '../../server/services/config';
import { SOUVENIRS } from '../../server/db/seed-data/souvenirs';
import { fails, ok } from './api-support';
import { TEST_TODAY, testNow, createTestDatabase, type TestDatabase, describeEachDatabase } from './helpers/test-db';

describeEachDatabase('oleh-oleh on %s', (kind) => {
  let handle: TestDatabase;
  let app: App;

  beforeAll(async () => {
    handle = await createTestDatabase(kind);
    app = createApp({
      db: handle.db,
      today: () => TEST_TODAY,
      now: testNow,
      config: { ...DEFAULT_CONFIG, callCenter: { ...DEFAULT_CONFIG.callCenter, whatsapp: '6281299998888' } },
    });
  });
  afterAll(async () => {
    await handle.destroy();
  });

  it('pages through the whole catalogue with its categories, every product once', async () => {
    const first = await ok(app, 'listProdukOlehOleh', { per_page: 10 });
    expect(first).toMatchObject({ page: 1, per_page: 10, total: SOUVENIRS.length, total_page: 3 });
    expect(first.kategori.map((c) => c.nama)).toEqual([
      'Makanan Khas',
      'Kue & Camilan',
      'Kopi & Teh',
      'Sambal & Bumbu',
      'Kerajinan',
      'Batik & Kain',
    ]);
    const names: string[] = [];
    for (let page = 1; page <= first.total_page; page++) {
      const reply = await ok(app, 'listProdukOlehOleh', { per_page: 10, page });
      names.push(...reply.list.map((p) => p.nama));
    }
    expect(names).toHaveLength(SOUVENIRS.length);
    expect(new Set(names)).toEqual(new Set(SOUVENIRS.map((s) => s.name)));
    const beyond = await ok(app, 'listProdukOlehOleh', { per_page: 10, page: 4 });
    expect(beyond.list).toEqual([]);
    // Default page size.
    expect((await ok(app, 'listProdukOlehOleh')).list).toHaveLength(SOUVENIR_LIMITS.perPageDefault);
  });

  it('filters by category and searches name or town, taking % and _ literally', async () => {
    const { kategori } = await ok(app, 'listProdukOlehOleh');
    const kopi = kategori.find((c) => c.nama === 'Kopi & Teh')!;
    const inKopi = await ok(app, 'listProdukOlehOleh', { kategori_id: kopi.kategori_id });
    expect(inKopi.list.map((p) => p.nama)).toEqual([
      'Kopi Java Preanger',
      'Kopi Robusta Temanggung',
      'Teh Tambi Hitam',
    ]);
    expect(inKopi.list.every((p) => p.kategori === 'Kopi & Teh')).toBe(true);

    const bandung = await ok(app, 'listProdukOlehOleh', { search: '  bandung ', per_page: 50 });
    expect(bandung.list.map((p) => p.nama).sort()).toEqual(
      SOUVENIRS.filter((s) => s.origin === 'Bandung' || /bandung/i.test(s.name))
        .map((s) => s.name)
        .sort(),
    );
    const both = await ok(app, 'listProdukOlehOleh', { search: 'kopi', kategori_id: kopi.kategori_id });
    expect(both.total).toBe(2);
    expect((await ok(app, 'listProdukOlehOleh', { search: '%' })).total).toBe(0);
    expect((await ok(app, 'listProdukOlehOleh', { search: "'; DROP TABLE souvenir_products; --" })).total).toBe(0);
    expect((await ok(app, 'listProdukOlehOleh')).total).toBe(SOUVENIRS.length);
  });

  it('answers a product with its details, and recommendations', async () => {
    const { list } = await ok(app, 'rekomendasiProdukOlehOleh');
    expect(list.map((p) => p.nama)).toEqual(SOUVENIRS.filter((s) => s.recommended).map((s) => s.name));
    const detail = await ok(app, 'detailProdukOlehOleh', { produk_id: list[0]!.produk_id });
    expect(detail).toMatchObject({
      nama: 'Bolu Susu Lembang',
      harga: 45000,
      asal: 'Bandung',
      penjual: 'Dapur Lembang',
      tahan_hari: 4,
      gambar: { url: '/media/oleh-oleh/bolu-susu-lembang.svg', lebar: 400, tinggi: 300 },
    });
  });

  it('answers the greeting, the banners and the order format with the configured WhatsApp number', async () => {
    expect((await ok(app, 'messageSouvenir')).judul).toBe('Oleh-oleh khas kota tujuanmu');
    const banners = await ok(app, 'bannerOlehOleh');
    expect(banners.list.map((b) => b.judul)).toEqual([
      'Kopi dan teh dataran tinggi',
      'Batik tulis langsung dari perajin',
    ]);
    expect(banners.list.every((b) => b.kategori_id !== null)).toBe(true);
    const format = await ok(app, 'formatPesanOlehOleh');
    expect(format.whatsapp).toBe('6281299998888');
    expect(format.format).toContain('{daftar}');
    expect(format.baris).toContain('{nama}');
  });

  it('refuses bad input with a 4xx envelope', async () => {
    expect(await fails(app, 'detailProdukOlehOleh', { produk_id: 999999 })).toMatchObject({
      httpStatus: 404,
      message: SOUVENIR_MESSAGES.notFound,
    });
    expect(await fails(app, 'detailProdukOlehOleh', { produk_id: 'abc' })).toMatchObject({
      httpStatus: 400,
      code: 'REQ-1',
    });
    expect(await fails(app, 'detailProdukOlehOleh', {})).toMatchObject({ httpStatus: 400 });
    expect(await fails(app, 'listProdukOlehOleh', { kategori_id: 999 })).toMatchObject({
      httpStatus: 404,
      message: SOUVENIR_MESSAGES.category,
    });
    expect((await fails(app, 'listProdukOlehOleh', { per_page: 500 })).message).toContain(SOUVENIR_MESSAGES.perPage);
    expect((await fails(app, 'listProdukOlehOleh', { page: 0 })).httpStatus).toBe(400);
    expect((await fails(app, 'listProdukOlehOleh', { search: 'x'.repeat(61) })).message).toContain(
      SOUVENIR_MESSAGES.search,
    );
  });
});
