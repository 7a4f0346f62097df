import { afterAll, beforeAll, expect, it } from 'vitest';
import { createApp, type App } from '../../server/app';
import { SEED_FIXTURES } from '../../server/db/seed';
import { TEST_TODAY, testNow, createTestDatabase, type TestDatabase, describeEachDatabase } from './helpers/test-db';
import { fails, ok } from './api-support';

const { demo, zeroPoints } = SEED_FIXTURES.customers;

describeEachDatabase('customer profile on %s', (kind) => {
  let handle: TestDatabase;
  let app: App;

  beforeAll(async () => {
    handle = await createTestDatabase(kind);
    app = createApp({ db: handle.db, today: () => TEST_TODAY, now: testNow });
  });
  afterAll(async () => {
    await handle.destroy();
  });

  it('answers the signed-in customer', async () => {
    expect(await ok(app, 'customerProfil', {}, { bearer: demo.token })).toEqual({
      nama: 'Rina Kartika',
      email: 'rina.kartika@contoh.id',
      telp: '081234567890',
      jenis_kelamin: null,
      tanggal_lahir: null,
      pekerjaan_id: null,
      pekerjaan_lainnya: null,
    });
    expect(await ok(app, 'customerProfil', {}, { bearer: zeroPoints.token })).toEqual({
      nama: 'Budi Santoso',
      email: zeroPoints.email,
      telp: zeroPoints.phone,
      jenis_kelamin: null,
      tanggal_lahir: null,
      pekerjaan_id: null,
      pekerjaan_lainnya: null,
    });
  });

  it.each(['WEB', 'APP-ANDROID', 'APP-IOS'] as const)(
    'refuses the %s basic credentials with 401 AUT-1: a guest has no profile',
    async (platform) => {
      expect(await fails(app, 'customerProfil', {}, { platform })).toEqual({
        httpStatus: 401,
        status: 'ERROR',
        code: 'AUT-1',
        message: 'Masuk untuk bisa gunakan fitur ini',
      });
    },
  );

  it('refuses an unknown token as an ended session (AUT-3), so the app drops it', async () => {
    expect(await fails(app, 'customerProfil', {}, { bearer: 'bukan-token-siapa-pun' })).toMatchObject({
      httpStatus: 401,
      code: 'AUT-3',
      message: 'Sesi kamu sudah berakhir. Silakan masuk kembali',
    });
  });
});
