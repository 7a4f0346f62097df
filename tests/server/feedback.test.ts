import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { FEEDBACK_MESSAGES } from '../../contract';
import { createApp, type App } from '../../server/app';
import { feedbacks } from '../../server/db/schema';
import { DEMO_TOKEN, ZERO_POINTS_TOKEN } from '../../server/db/seed-data/accounts';
import { fails, ok } from './api-support';
import { TEST_TODAY, createTestDatabase, type TestDatabase, describeEachDatabase } from './helpers/test-db';

const START = new Date(`${TEST_TODAY}T08:00:00+07:00`);
const MESSAGE = 'Armada berangkat tepat waktu, tetapi AC di baris belakang kurang dingin.';

describeEachDatabase('feedback on %s', (kind) => {
  let handle: TestDatabase;
  let app: App;

  beforeAll(async () => {
    handle = await createTestDatabase(kind);
    app = createApp({ db: handle.db, today: () => TEST_TODAY, now: () => START });
  });
  afterAll(async () => {
    await handle.destroy();
  });

  it('a customer sends feedback in a category and finds it in their history; no one else does', async () => {
    const { list: categories } = await ok(app, 'feedbackKategori');
    expect(categories.map((c) => c.nama)).toEqual([
      'Pemesanan & Pembayaran',
      'Jadwal & Armada',
      'Pelayanan Operator',
      'Aplikasi & Website',
      'Lainnya',
    ]);
    const sent = await ok(
      app,
      'feedbackCreate',
      { kategori_id: categories[1]!.kategori_id, judul: '  AC kurang dingin  ', pesan: MESSAGE },
      { bearer: DEMO_TOKEN },
    );
    expect(sent).toMatchObject({
      kategori: 'Jadwal & Armada',
      judul: 'AC kurang dingin',
      status: 'terkirim',
      balasan: null,
    });
    const history = await ok(app, 'feedbackRiwayat', { page: 1 }, { bearer: DEMO_TOKEN });
    expect(history.list[0]?.feedback_id).toBe(sent.feedback_id);
    expect((await ok(app, 'feedbackRiwayat', { page: 1 }, { bearer: ZERO_POINTS_TOKEN })).list).toEqual([]);
    const other = await fails(app, 'feedbackDetail', { feedback_id: sent.feedback_id }, { bearer: ZERO_POINTS_TOKEN });
    expect(other).toMatchObject({ httpStatus: 404, message: FEEDBACK_MESSAGES.notFound });
  });

  it('a reply is new until the detail is opened with flag_read', async () => {
    const sent = await ok(
      app,
      'feedbackCreate',
      {
        kategori_id: 1,
        judul: 'Pembayaran ganda',
        pesan: 'Saldo saya terpotong dua kali untuk satu pesanan yang sama.',
      },
      { bearer: DEMO_TOKEN },
    );
    await handle.db
      .update(feedbacks)
      .set({ reply: 'Dana kedua sudah kami kembalikan.', repliedAt: START })
      .where(eq(feedbacks.id, sent.feedback_id));
    const peek = await ok(app, 'feedbackDetail', { feedback_id: sent.feedback_id }, { bearer: DEMO_TOKEN });
    expect(peek).toMatchObject({ status: 'dibalas', balasan_baru: true });
    const read = await ok(
      app,
      'feedbackDetail',
      { feedback_id: sent.feedback_id, flag_read: 1 },
      { bearer: DEMO_TOKEN },
    );
    expect(read.balasan_baru).toBe(false);
    expect(
      (await ok(app, 'feedbackDetail', { feedback_id: sent.feedback_id }, { bearer: DEMO_TOKEN })).balasan_baru,
    ).toBe(false);
  });

  it('refuses guests and bad input with 4xx envelopes', async () => {
    expect((await fails(app, 'feedbackRiwayat', { page: 1 })).httpStatus).toBe(401);
    expect(
      (await fails(app, 'feedbackCreate', { kategori_id: 1, judul: 'Halo dunia', pesan: MESSAGE })).httpStatus,
    ).toBe(401);
    const bad: Record<string, unknown>[] = [
      { kategori_id: 1, judul: 'Hai', pesan: MESSAGE },
      { kategori_id: 1, judul: 'Judul cukup', pesan: 'pendek' },
      { kategori_id: 1, judul: 'Judul cukup', pesan: 'x'.repeat(1001) },
      { kategori_id: 'satu', judul: 'Judul cukup', pesan: MESSAGE },
      { kategori_id: 999, judul: 'Judul cukup', pesan: MESSAGE },
      { kategori_id: 1, judul: 'Judul cukup', pesan: MESSAGE, reservasi_kode: '<script>' },
    ];
    for (const body of bad) {
      const refused = await fails(app, 'feedbackCreate', body, { bearer: DEMO_TOKEN });
      expect(refused.httpStatus, JSON.stringify(body)).toBeGreaterThanOrEqual(400);
      expect(refused.httpStatus).toBeLessThan(500);
    }
    expect((await fails(app, 'feedbackDetail', { feedback_id: 'x' }, { bearer: DEMO_TOKEN })).httpStatus).toBe(400);
  });
});
