import { readFileSync } from 'node:fs';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createApp, type App } from '../../server/app';
import { reservations, vouchers } from '../../server/db/schema';
import { addDays } from '../../server/lib/dates';
import { call, defaultHeaders, fails, ok } from './api-support';
import { XTR, freeSeats } from './helpers/orders';
import { TEST_TODAY, testNow, createTestDatabase, describeEachDatabase, type TestDatabase } from './helpers/test-db';

/**
 * Issue 21: a voucher allowed once was used four times as duakali, Duakali, dUakali, DUAKALI. An
 * order stores its voucher's own code, so every case the passenger types counts against one quota.
 */

const VARIANTS = ['duakali', 'Duakali', 'dUakali', 'DUAKALI', 'duaKALI', 'DuaKali'];

const MIGRATION = readFileSync(
  new URL('../../server/db/migrations/0012_voucher_code_canonical.sql', import.meta.url),
  'utf8',
);

/** Each request its own booker and client, so the reservation limits never decide these tests. */
function bookerNo(i: number) {
  return {
    pemesan_nama: 'Rina Kartika',
    pemesan_telp: `0812000${String(i).padStart(5, '0')}`,
    pemesan_email: `rina${i}@contoh.id`,
  };
}
/** validasi-voucher's trip and booker fields (no rule reads them). */
const validation = (voucher_kode: string) => ({
  email: 'rina@contoh.id',
  telp: '081234567890',
  operator_kode_pergi: XTR.operator,
  jadwal_kode_pergi: XTR.code,
  tanggal_berangkat_pergi: addDays(TEST_TODAY, 40),
  voucher_kode,
  total_amount: XTR.price,
});
const clientNo = (i: number) => ({ headers: { ...defaultHeaders(), 'x-forwarded-for': `198.51.100.${i}` } });

function oneWay(date: string, seat: string, voucher: string, i: number) {
  return {
    operator_kode_pergi: XTR.operator,
    jadwal_kode_pergi: XTR.code,
    tanggal_berangkat_pergi: date,
    kursi_pergi: [{ no: seat, penumpang_nama: 'Budi Santoso' }],
    ...bookerNo(i),
    voucher_kode: voucher,
    total_bayar: XTR.price - 10000,
  };
}

describeEachDatabase('a voucher typed in any case on %s', (kind) => {
  let handle: TestDatabase;
  let app: App;

  beforeAll(async () => {
    handle = await createTestDatabase(kind, { max: 20 });
    app = createApp({ db: handle.db, today: () => TEST_TODAY, now: testNow });
  });
  afterAll(async () => {
    await handle.destroy();
  });

  async function addVoucher(code: string, quota: number | null) {
    await handle.db.insert(vouchers).values({
      code,
      name: `Voucher ${code}`,
      discountType: 'nominal',
      discountValue: 10000,
      validFrom: addDays(TEST_TODAY, -1),
      validUntil: addDays(TEST_TODAY, 90),
      quota,
    });
  }

  it('concurrent case variants of a quota-1 voucher give exactly one order, stored under its own code', async () => {
    await addVoucher('DUAKALI', 1);
    const date = addDays(TEST_TODAY, 40);
    const seats = (await freeSeats(app, XTR, date)).slice(0, VARIANTS.length);
    expect(seats).toHaveLength(VARIANTS.length);
    const replies = await Promise.all(
      VARIANTS.map((code, i) => call(app, 'reservasi', oneWay(date, seats[i] as string, code, i), clientNo(i))),
    );
    const made = replies.filter((r) => r.ok);
    expect(made).toHaveLength(1);
    for (const r of replies) if (!r.ok) expect([r.status, r.error.code]).toEqual([422, 'VCR-3']);

    const rows = await handle.db
      .select({ voucherCode: reservations.voucherCode })
      .from(reservations)
      .where(sql`upper(${reservations.voucherCode}) = 'DUAKALI'`);
    expect(rows).toEqual([{ voucherCode: 'DUAKALI' }]);
  });

  it('once a voucher is used up under one case, every call refuses or hides it under every case', async () => {
    await addVoucher('SEKALI', 1);
    const date = addDays(TEST_TODAY, 41);
    const [seat, second] = await freeSeats(app, XTR, date);
    await ok(app, 'reservasi', oneWay(date, seat as string, 'sekali', 100), clientNo(100));

    const again = await fails(app, 'reservasi', oneWay(date, second as string, 'SeKaLi', 101), clientNo(101));
    expect([again.httpStatus, again.code]).toEqual([422, 'VCR-3']);
    for (const code of ['SEKALI', 'sekali', 'Sekali']) {
      expect((await fails(app, 'validasiVoucher', validation(code))).code).toBe('VCR-3');
      const price = await fails(app, 'cekHarga', {
        operator_kode_pergi: XTR.operator,
        jadwal_kode_pergi: XTR.code,
        tanggal_berangkat_pergi: date,
        kursi_pergi: [second],
        voucher_kode: code,
      });
      expect(price.code).toBe('VCR-3');
      const detail = await ok(app, 'detailVoucher', { voucher_kode: code });
      expect(detail.voucher_kode).toBe('SEKALI');
      expect(detail.syarat).toContain('Kuota voucher sudah habis');
    }
    const list = await ok(app, 'listVoucher', { search: 'sekali' });
    expect(list.list.map((v) => v.voucher_kode)).not.toContain('SEKALI');
  });

  it('validasi-voucher and cek-harga answer the voucher under its own code, whatever case was typed', async () => {
    await addVoucher('HEMATCASE', null);
    const date = addDays(TEST_TODAY, 42);
    expect((await ok(app, 'validasiVoucher', validation('hematCase'))).voucher_kode).toBe('HEMATCASE');
    const price = await ok(app, 'cekHarga', {
      operator_kode_pergi: XTR.operator,
      jadwal_kode_pergi: XTR.code,
      tanggal_berangkat_pergi: date,
      kursi_pergi: [(await freeSeats(app, XTR, date))[0]],
      voucher_kode: 'hematcase',
    });
    expect(price.total_bayar).toBe(XTR.price - 10000);
  });

  it('migration 0012 gives orders typed in another case their voucher own code, so they count', async () => {
    await addVoucher('LAMA', 1);
    await addVoucher('Beda', null);
    await addVoucher('BEDA', null);
    const order = (code: string, voucherCode: string) => ({
      code,
      bookerName: 'Rina Kartika',
      bookerPhone: '081200000999',
      bookerEmail: 'lama@contoh.id',
      voucherCode,
      subTotal: XTR.price,
      total: XTR.price - 10000,
      expiresAt: new Date(Date.now() + 30 * 60_000),
    });
    // Orders as the old code stored them: the case the passenger typed.
    await handle.db
      .insert(reservations)
      .values([
        order('LAMA000001', 'lama'),
        order('LAMA000002', 'Beda'),
        order('LAMA000003', 'beda'),
        order('LAMA000004', 'TIDAKADA'),
      ]);
    // What the migration repairs: the legacy use is not counted yet.
    const before = await call(app, 'validasiVoucher', validation('LAMA'));
    expect(before.ok).toBe(true);

    await handle.db.execute(sql.raw(MIGRATION));

    const rows = await handle.db
      .select({ code: reservations.code, voucherCode: reservations.voucherCode })
      .from(reservations)
      .where(inArray(reservations.code, ['LAMA000001', 'LAMA000002', 'LAMA000003', 'LAMA000004']))
      .orderBy(reservations.code);
    expect(rows.map((r) => r.voucherCode)).toEqual([
      'LAMA',
      // An exact match stays with its own voucher; another case goes to the one the look-up picks.
      'Beda',
      'Beda',
      'TIDAKADA',
    ]);
    const after = await fails(app, 'validasiVoucher', validation('lama'));
    expect(after.code).toBe('VCR-3');
    await handle.db.delete(reservations).where(eq(reservations.bookerEmail, 'lama@contoh.id'));
  });
});
