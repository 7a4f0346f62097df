import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp, type App } from '../../server/app';
import { SEED_FIXTURES } from '../../server/db/seed';
import { POINT_PAGE_SIZE } from '../../server/services/points';
import { TEST_TODAY, testNow, createTestDatabase, type TestDatabase, describeEachDatabase } from './helpers/test-db';
import { fails, ok } from './api-support';

const { bandung, jakarta } = SEED_FIXTURES.cityIds;

describeEachDatabase('origin and destination pickers on %s', (kind) => {
  let handle: TestDatabase;
  let app: App;

  beforeAll(async () => {
    handle = await createTestDatabase(kind);
    app = createApp({ db: handle.db, today: () => TEST_TODAY, now: testNow });
  });
  afterAll(async () => {
    await handle.destroy();
  });

  describe('search-point-asal / search-point-tujuan', () => {
    it('finds Bandung and its pools case-insensitively, the city first', async () => {
      const results = await ok(app, 'searchPointAsal', { text: 'bAnD' });
      expect(results.list[0]).toMatchObject({ id: bandung, tipe: 'kota', nama: 'Bandung', alamat: null });
      const pools = results.list.filter((p) => p.tipe === 'cabang');
      expect(pools.length).toBeGreaterThan(0);
      for (const pool of pools) {
        expect(pool.kota_id).toBe(bandung);
        expect(pool.alamat).toBeTruthy();
        expect(pool.lat).not.toBeNull();
      }
      expect(results.total).toBe(results.list.length);
    });

    it('matches a pool by its own name', async () => {
      const results = await ok(app, 'searchPointTujuan', { text: 'blok m' });
      expect(results.list.some((p) => p.tipe === 'cabang' && p.nama === 'Pool Blok M' && p.kota_id === jakarta)).toBe(
        true,
      );
    });

    it('lists everything with empty text, popular cities first, paged by 20 without overlap', async () => {
      const first = await ok(app, 'searchPointAsal', { page: 1 });
      expect(first.per_page).toBe(POINT_PAGE_SIZE);
      expect(first.list).toHaveLength(Math.min(POINT_PAGE_SIZE, first.total));
      expect(first.total).toBeGreaterThan(POINT_PAGE_SIZE);
      expect(first.list[0]).toMatchObject({ id: bandung, tipe: 'kota' });
      const seen = new Set<string>();
      const pages = Math.ceil(first.total / POINT_PAGE_SIZE);
      for (let page = 1; page <= pages; page += 1) {
        const results = await ok(app, 'searchPointAsal', { page });
        expect(results.total).toBe(first.total);
        for (const point of results.list) {
          const key = `${point.tipe}:${point.id}`;
          expect(seen.has(key)).toBe(false);
          seen.add(key);
        }
      }
      expect(seen.size).toBe(first.total);
      const beyond = await ok(app, 'searchPointAsal', { page: pages + 1 });
      expect(beyond.list).toEqual([]);
      expect(beyond.total).toBe(first.total);
    });

    it('takes % and _ literally and answers nothing for no match', async () => {
      expect((await ok(app, 'searchPointAsal', { text: '%' })).total).toBe(0);
      expect((await ok(app, 'searchPointAsal', { text: 'zzzz' })).list).toEqual([]);
    });

    it('v2 keeps only the places an operator serves', async () => {
      const all = await ok(app, 'searchPointAsalV2', {});
      const xtr = await ok(app, 'searchPointAsalV2', { operator_kode: 'XTR' });
      expect(xtr.total).toBeGreaterThan(0);
      expect(xtr.total).toBeLessThan(all.total);
      const departures = await ok(app, 'listKeberangkatanOperatorV2', { operator_kode: 'XTR' });
      const allowed = new Set(departures.list.map((p) => `${p.tipe}:${p.id}`));
      for (const point of xtr.list) expect(allowed.has(`${point.tipe}:${point.id}`)).toBe(true);
      const tujuan = await ok(app, 'searchPointTujuanV2', { text: 'jakarta', operator_kode: 'XTR' });
      expect(tujuan.list[0]).toMatchObject({ id: jakarta, tipe: 'kota' });
    });

    it('v2 with an unknown operator is a 404', async () => {
      const error = await fails(app, 'searchPointTujuanV2', { operator_kode: 'NOPE' });
      expect(error).toMatchObject({ httpStatus: 404, code: 'NFD-1' });
      expect(error.message).toContain('NOPE');
    });

    it('refuses a bad page or an over-long text', async () => {
      expect(await fails(app, 'searchPointAsal', { page: 'dua' })).toMatchObject({ httpStatus: 400, code: 'REQ-1' });
      expect(await fails(app, 'searchPointAsal', { page: 0 })).toMatchObject({ httpStatus: 400, code: 'REQ-1' });
      const long = await fails(app, 'searchPointAsal', { text: 'a'.repeat(65) });
      expect(long.message).toContain('text');
    });
  });

  describe('list-tujuan', () => {
    it('from a city lists the places its routes reach, Jakarta among them', async () => {
      const results = await ok(app, 'listTujuan', { asal_id: bandung, asal_tipe: 'kota' });
      expect(results.list.some((p) => p.tipe === 'kota' && p.id === jakarta)).toBe(true);
      expect(results.list.some((p) => p.tipe === 'cabang' && p.kota_id === jakarta)).toBe(true);
      expect(results.total).toBe(results.list.length);
      // Semarang is reached by a connecting trip from Bandung.
      expect(results.list.some((p) => p.nama === 'Semarang')).toBe(true);
    });

    it('from one pool lists no more than from its whole city', async () => {
      const city = await ok(app, 'listTujuan', { asal_id: bandung, asal_tipe: 'kota' });
      const pasteur = (await ok(app, 'searchPointAsal', { text: 'Pasteur' })).list.find((p) => p.tipe === 'cabang');
      expect(pasteur).toBeDefined();
      const pool = await ok(app, 'listTujuan', { asal_id: pasteur?.id, asal_tipe: 'cabang' });
      expect(pool.total).toBeGreaterThan(0);
      expect(pool.total).toBeLessThanOrEqual(city.total);
    });

    it('v2 narrows to one operator', async () => {
      const all = await ok(app, 'listTujuanV2', { asal_id: bandung, asal_tipe: 'kota' });
      const xtr = await ok(app, 'listTujuanV2', { asal_id: bandung, asal_tipe: 'kota', operator_kode: 'XTR' });
      expect(xtr.total).toBeGreaterThan(0);
      expect(xtr.total).toBeLessThan(all.total);
    });

    it('answers 404 for an origin that does not exist and 400 for bad parameters', async () => {
      expect(await fails(app, 'listTujuan', { asal_id: 9999, asal_tipe: 'kota' })).toMatchObject({
        httpStatus: 404,
        code: 'NFD-1',
      });
      const missing = await fails(app, 'listTujuan', {});
      expect(missing).toMatchObject({ httpStatus: 400, code: 'REQ-1' });
      expect(missing.message).toContain('asal_id');
      const notNumber = await fails(app, 'listTujuan', { asal_id: 'satu', asal_tipe: 'kota' });
      expect(notNumber.message).toContain('asal_id harus berupa angka');
      const badType = await fails(app, 'listTujuan', { asal_id: 1, asal_tipe: 'desa' });
      expect(badType.message).toContain('kota atau cabang');
    });
  });

  describe('list-keberangkatan-operator', () => {
    it('v1 lists the operator pools, v2 the cities too', async () => {
      const v1 = await ok(app, 'listKeberangkatanOperator', { operator_kode: 'XTR' });
      expect(v1.list.length).toBeGreaterThan(0);
      expect(v1.list.every((p) => p.tipe === 'cabang')).toBe(true);
      const v2 = await ok(app, 'listKeberangkatanOperatorV2', { operator_kode: 'XTR' });
      const cities = v2.list.filter((p) => p.tipe === 'kota');
      expect(cities.some((p) => p.id === bandung)).toBe(true);
      expect(v2.total).toBe(v1.total + cities.length);
    });
    it('answers 404 for an unknown operator and 400 without one', async () => {
      expect(await fails(app, 'listKeberangkatanOperator', { operator_kode: 'ZZZ' })).toMatchObject({
        httpStatus: 404,
        code: 'NFD-1',
      });
      const missing = await fails(app, 'listKeberangkatanOperatorV2', {});
      expect(missing).toMatchObject({ httpStatus: 400, code: 'REQ-1' });
      expect(missing.message).toContain('operator_kode');
    });
  });

  describe('kota-populer', () => {
    it('lists popular cities in rank order, Bandung and Jakarta first', async () => {
      const results = await ok(app, 'kotaPopuler');
      expect(results.list.slice(0, 2).map((c) => c.id)).toEqual([bandung, jakarta]);
      expect(results.list[0]).toMatchObject({ nama: 'Bandung', provinsi: 'Jawa Barat' });
    });
  });
});
