import { afterAll, beforeAll, expect, it } from 'vitest';
import { CONTENT_MESSAGES, FEATURE_OFF_MESSAGES } from '../../contract';
import { createApp, type App } from '../../server/app';
import { DEFAULT_CONFIG } from '../../server/services/config';
import { addDays } from '../../server/lib/dates';
import { FAQS } from '../../server/db/seed-data/content';
import { fails, ok } from './api-support';
import { XTR, freeSeats, oneWay } from './helpers/orders';
import { TEST_TODAY, testNow, createTestDatabase, type TestDatabase, describeEachDatabase } from './helpers/test-db';

const DAY = addDays(TEST_TODAY, 10);

describeEachDatabase('content and configuration on %s', (kind) => {
  let handle: TestDatabase;
  let app: App;

  beforeAll(async () => {
    handle = await createTestDatabase(kind);
    app = createApp({ db: handle.db, today: () => TEST_TODAY, now: testNow });
  });
  afterAll(async () => {
    await handle.destroy();
  });

  it('lists banner categories and the banners of each, sized and linked', async () => {
    const { list: categories } = await ok(app, 'listBannerKategori');
    expect(categories.map((c) => c.nama)).toEqual(['Beranda', 'Promo', 'Oleh-oleh']);
    const home = await ok(app, 'listBanner', { kategori_id: categories[0]!.kategori_id });
    expect(home.list.map((b) => b.tautan)).toEqual(['/app/flash-sale', '/app/oleh-oleh', '/app/berkah-info']);
    expect(home.list.every((b) => b.gambar.lebar === 1200 && b.gambar.tinggi === 400)).toBe(true);
    const souvenir = await ok(app, 'listBanner', { kategori_id: categories[2]!.kategori_id });
    expect(souvenir.list.every((b) => b.tautan?.startsWith('/app/oleh-oleh?kategori='))).toBe(true);
    expect(await fails(app, 'listBanner', { kategori_id: 999 })).toMatchObject({
      httpStatus: 404,
      message: CONTENT_MESSAGES.bannerCategory,
    });
    expect((await fails(app, 'listBanner', {})).httpStatus).toBe(400);
  });

  it("answers a campaign's popup by its ads code, whatever the case, and null for another", async () => {
    expect((await ok(app, 'bannerPopup', { ads_kode: 'mudik2026' })).popup).toMatchObject({
      ads_kode: 'MUDIK2026',
      tautan: '/app/event/mudik-hemat',
    });
    expect((await ok(app, 'bannerPopup', { ads_kode: 'LAINNYA' })).popup).toBeNull();
    expect((await fails(app, 'bannerPopup', { ads_kode: '<script>' })).message).toContain(CONTENT_MESSAGES.adsCode);
    expect((await fails(app, 'bannerPopup', {})).httpStatus).toBe(400);
  });

  it('lists running events only, with their vouchers still valid today', async () => {
    const events = await ok(app, 'listBannerEvent');
    expect(events.list.map((e) => e.event_kode).sort()).toEqual(['liburan-akhir-tahun', 'mudik-hemat']);
    const mudik = await ok(app, 'listVoucherEvent', { kode: 'mudik-hemat' });
    expect(mudik.event.judul).toBe('Mudik Hemat');
    expect(mudik.list.map((v) => v.voucher_kode)).toEqual(['MUDIK15', 'QRISHEMAT']);
    expect(await fails(app, 'listVoucherEvent', { kode: 'promo-kemerdekaan' })).toMatchObject({
      httpStatus: 404,
      message: CONTENT_MESSAGES.eventNotFound,
    });
    expect((await fails(app, 'listVoucherEvent', { kode: '../etc/passwd' })).message).toContain(CONTENT_MESSAGES.slug);
  });

  it('answers the FAQ, its recommended questions, and a blog post', async () => {
    expect((await ok(app, 'listFaq')).list).toHaveLength(FAQS.length);
    const recommended = await ok(app, 'rekomendasiFaq');
    expect(recommended.list.map((f) => f.pertanyaan)).toEqual(FAQS.filter((f) => f.recommended).map((f) => f.question));
    const post = await ok(app, 'detailBlog', { kode: 'oleh-oleh-khas-bandung' });
    expect(post).toMatchObject({ penulis: 'Sari Wulandari', terbit: addDays(TEST_TODAY, -5) });
    expect(post.isi.length).toBeGreaterThan(2);
    expect(await fails(app, 'detailBlog', { kode: 'tidak-ada' })).toMatchObject({
      httpStatus: 404,
      message: CONTENT_MESSAGES.blogNotFound,
    });
    expect((await fails(app, 'detailBlog', { kode: 'DROP TABLE' })).httpStatus).toBe(400);
  });

  it('lists the most travelled city pairs and the operators of one route on a day, from the timetable', async () => {
    const paths = await ok(app, 'listPath');
    expect(paths.list.length).toBeGreaterThan(3);
    expect(paths.list.every((p) => p.harga_mulai > 0 && p.asal_id !== p.tujuan_id)).toBe(true);
    const top = paths.list[0]!;
    const operators = await ok(app, 'listHighlightOperator', {
      asal_id: top.asal_id,
      asal_tipe: top.asal_tipe,
      tujuan_id: top.tujuan_id,
      tujuan_tipe: top.tujuan_tipe,
      tanggal_berangkat: DAY,
    });
    expect(operators.list.length).toBeGreaterThan(1);
    const fares = operators.list.map((o) => o.harga_mulai);
    expect(fares).toEqual([...fares].sort((a, b) => a - b));
    expect(Math.min(...fares)).toBe(top.harga_mulai);
    expect(operators.list.every((o) => /^\d\d:\d\d$/.test(o.jam_pertama) && o.jumlah_jadwal > 0)).toBe(true);
    expect((await fails(app, 'listHighlightOperator', { asal_id: 1, asal_tipe: 'kota' })).httpStatus).toBe(400);
    expect(
      (
        await fails(app, 'listHighlightOperator', {
          asal_id: 1,
          asal_tipe: 'planet',
          tujuan_id: 2,
          tujuan_tipe: 'kota',
          tanggal_berangkat: DAY,
        })
      ).httpStatus,
    ).toBe(400);
  });

  it('answers the configuration: every feature on, the call centre and social links', async () => {
    const config = await ok(app, 'konfigurasi');
    expect(config.fitur).toEqual({ refundable: true, berkah: true, point: true });
    expect(config.call_center.whatsapp).toMatch(/^62\d+$/);
    expect(config.sosial.map((s) => s.nama)).toContain('Instagram');
  });
});

describeEachDatabase('feature flags switched off on %s', (kind) => {
  let handle: TestDatabase;
  let app: App;

  beforeAll(async () => {
    handle = await createTestDatabase(kind);
    app = createApp({
      db: handle.db,
      today: () => TEST_TODAY,
      now: testNow,
      config: { ...DEFAULT_CONFIG, features: { refundable: false, berkah: false, point: false } },
    });
  });
  afterAll(async () => {
    await handle.destroy();
  });

  it('says so in the configuration, offers no cover or points in the price, and refuses each option', async () => {
    expect((await ok(app, 'konfigurasi')).fitur).toEqual({ refundable: false, berkah: false, point: false });
    const [seat] = await freeSeats(app, XTR, DAY);
    const trip = {
      operator_kode_pergi: XTR.operator,
      jadwal_kode_pergi: XTR.code,
      tanggal_berangkat_pergi: DAY,
      kursi_pergi: [seat!],
    };
    const price = await ok(app, 'cekHarga', trip);
    expect(price).toMatchObject({ flag_status_asuransi: 0, biaya_asuransi: 0, flag_status_point: 0, max_point: 0 });
    for (const [option, feature] of [
      [{ flag_asuransi: 1 }, 'refundable'],
      [{ donasi: 5000 }, 'berkah'],
      [{ flag_point: 1 }, 'point'],
    ] as const) {
      expect(await fails(app, 'cekHarga', { ...trip, ...option })).toMatchObject({
        httpStatus: 422,
        code: 'FTR-1',
        message: FEATURE_OFF_MESSAGES[feature],
      });
      expect(await fails(app, 'reservasi', oneWay(DAY, seat!, option))).toMatchObject({
        httpStatus: 422,
        code: 'FTR-1',
        message: FEATURE_OFF_MESSAGES[feature],
      });
    }
    // Without the options the same seat is still reserved.
    expect((await ok(app, 'reservasi', oneWay(DAY, seat!))).reservasi_kode).toBeTruthy();
  });
});
