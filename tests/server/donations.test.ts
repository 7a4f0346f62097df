import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp, type App } from '../../server/app';
import { addDays } from '../../server/lib/dates';
import { shortName } from '../../server/services/donations';
import { fails, ok } from './api-support';
import { reserveSeat, withKey } from './helpers/orders';
import { TEST_TODAY, createTestDatabase, type TestDatabase, describeEachDatabase } from './helpers/test-db';

const START = new Date(`${TEST_TODAY}T08:00:00+07:00`);
const DAY = addDays(TEST_TODAY, 9);

describeEachDatabase('donasi on %s', (kind) => {
  let handle: TestDatabase;
  let app: App;

  beforeAll(async () => {
    handle = await createTestDatabase(kind);
    app = createApp({ db: handle.db, today: () => TEST_TODAY, now: () => START });
  });
  afterAll(async () => {
    await handle.destroy();
  });

  it("a paid reservation's donation and message count; a pending or cancelled one never does", async () => {
    const before = await ok(app, 'donasiSummary');
    const donate = (donasi: number, komentar_donasi: string) =>
      reserveSeat(app, DAY, { extra: { donasi, komentar_donasi } });

    const paid = await donate(5000, '  Semoga selamat sampai tujuan  ');
    const cancelled = await donate(20_000, 'Tidak jadi');
    const pending = await donate(10_000, 'Belum dibayar');
    expect(await ok(app, 'donasiSummary')).toEqual(before);

    await ok(app, 'gantiPembayaran', { reservasi_kode: paid.code, jenis_pembayaran_kode: 'VA_BCA' }, withKey(paid.key));
    await ok(app, 'simulasiBayar', { reservasi_kode: paid.code }, withKey(paid.key));
    await ok(app, 'batalReservasi', { reservasi_kode: cancelled.code, jenis_batal: 'lainnya' }, withKey(cancelled.key));
    expect(pending.code).toBeTruthy();

    const after = await ok(app, 'donasiSummary');
    expect(after).toMatchObject({
      judul: 'Donasi Berkah',
      total_donasi: before.total_donasi + 5000,
      jumlah_donatur: before.jumlah_donatur + 1,
      jumlah_komentar: before.jumlah_komentar + 1,
    });
    const comments = await ok(app, 'donasiListKomentar', { page: 1 });
    expect(comments.list[0]).toMatchObject({ nama: 'Rina K.', komentar: 'Semoga selamat sampai tujuan', donasi: 5000 });
    expect(comments.list.map((c) => c.komentar)).not.toContain('Tidak jadi');
    expect(comments.list.map((c) => c.komentar)).not.toContain('Belum dibayar');
    // Never the booker's whole name, phone or email.
    expect(JSON.stringify(comments)).not.toMatch(/Kartika|0812|@/);
  });

  it('answers a bad page with a 4xx envelope', async () => {
    for (const page of [0, 'dua', 1_000_000]) {
      expect((await fails(app, 'donasiListKomentar', { page })).httpStatus).toBe(400);
    }
  });
});

describe('shortName', () => {
  it.each([
    ['Rina Kartika', 'Rina K.'],
    ['Budi', 'Budi'],
    ['  ahmad  dani  sabri ', 'ahmad S.'],
  ])('%s -> %s', (name, short) => {
    expect(shortName(name)).toBe(short);
  });
});
