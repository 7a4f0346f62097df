import { describe, expect, it } from 'vitest';
import {
  CekHargaBodySchema,
  DetailVoucherQuerySchema,
  ErrorCodeSchema,
  ErrorEnvelopeSchema,
  FIELD_LIMITS,
  ListVoucherQuerySchema,
  PassengerCountSchema,
  ReservasiBodySchema,
  ValidasiVoucherQuerySchema,
  describeIssues,
  endpoints,
} from '../../contract';

const query = {
  voucher_kode: 'HEMAT10',
  email: 'rina.kartika@contoh.id',
  telp: '081234567890',
  operator_kode_pergi: 'XTR',
  jadwal_kode_pergi: 'XTR-BDG-JKT-0800',
  tanggal_berangkat_pergi: '2026-11-24',
  total_amount: '150000',
};

function refusal(schema: { safeParse: (v: unknown) => { success: boolean; error?: unknown } }, value: unknown) {
  const result = schema.safeParse(value);
  expect(result.success).toBe(false);
  return describeIssues(result.error as Parameters<typeof describeIssues>[0]);
}

describe('validasi-voucher query', () => {
  it('reads query strings: amount as a number, flag_pp as 0/1 (0 when absent)', () => {
    expect(ValidasiVoucherQuerySchema.parse(query)).toMatchObject({ total_amount: 150000, flag_pp: 0 });
    expect(ValidasiVoucherQuerySchema.parse({ ...query, flag_pp: 0 }).flag_pp).toBe(0);
    const roundTrip = ValidasiVoucherQuerySchema.parse({
      ...query,
      flag_pp: '1',
      operator_kode_pulang: 'XTR',
      jadwal_kode_pulang: 'XTR-JKT-BDG-0700',
      tanggal_berangkat_pulang: '2026-11-26',
    });
    expect(roundTrip.flag_pp).toBe(1);
  });

  it('leaves the payment method out until one is chosen', () => {
    expect(ValidasiVoucherQuerySchema.parse(query).jenis_pembayaran_kode).toBeUndefined();
    expect(ValidasiVoucherQuerySchema.parse({ ...query, jenis_pembayaran_kode: 'QRIS' }).jenis_pembayaran_kode).toBe(
      'QRIS',
    );
  });

  it.each([
    [{ voucher_kode: '' }, 'voucher_kode wajib diisi'],
    [{ voucher_kode: 'A'.repeat(33) }, 'voucher_kode maksimal 32 karakter'],
    [{ total_amount: '-5' }, 'total_amount tidak boleh negatif'],
    [{ total_amount: '12.5' }, 'total_amount harus bilangan bulat'],
    [{ total_amount: 'lima' }, 'total_amount wajib diisi dengan angka'],
    [{ email: 'rina@' }, 'email: Format email tidak valid'],
    [{ telp: '0812' }, 'telp: Masukan min 9 & max 15 digit angka'],
    [{ flag_pp: 'ya' }, 'flag_pp: nilai flag harus 0 atau 1'],
    [{ flag_pp: '1' }, 'jadwal pulang wajib diisi untuk pulang pergi'],
  ])('%j is refused with "%s"', (patch, message) => {
    expect(refusal(ValidasiVoucherQuerySchema, { ...query, ...patch })).toContain(message);
  });
});

describe('list-voucher and detail-voucher queries', () => {
  it('lists everything without a search', () => {
    expect(ListVoucherQuerySchema.parse({})).toEqual({ search: '' });
    expect(ListVoucherQuerySchema.parse({ search: ' hemat ', email: 'a@b.id', telp: '0812' })).toEqual({
      search: 'hemat',
      email: 'a@b.id',
      telp: '0812',
    });
  });

  it('needs a code for the detail', () => {
    expect(refusal(DetailVoucherQuerySchema, {})).toContain('voucher_kode wajib diisi');
    expect(DetailVoucherQuerySchema.parse({ voucher_kode: ' HEMAT10 ' })).toEqual({ voucher_kode: 'HEMAT10' });
  });
});

describe('voucher error codes', () => {
  it('has one code per refusal rule, carried by the error envelope', () => {
    for (const code of ['VCR-1', 'VCR-2', 'VCR-3', 'VCR-4', 'VCR-5']) {
      expect(ErrorCodeSchema.safeParse(code).success, code).toBe(true);
      expect(
        ErrorEnvelopeSchema.safeParse({ status: 'ERROR', code, message: 'Kuota voucher sudah habis' }).success,
      ).toBe(true);
    }
  });
});

describe('passenger count of a leg without seat selection', () => {
  it('takes 1 up to the per-leg cap', () => {
    expect(FIELD_LIMITS.maxPassengersPerLeg).toBe(3);
    for (const count of [1, 2, 3]) expect(PassengerCountSchema.safeParse(count).success).toBe(true);
    expect(refusal(PassengerCountSchema, 0)).toContain('jumlah penumpang minimal 1');
    expect(refusal(PassengerCountSchema, 4)).toContain('Sudah mencapai batas maksimum (3) penumpang per perjalanan');
    expect(refusal(PassengerCountSchema, 2.5)).toContain('jumlah penumpang harus bilangan bulat');
  });

  it('is optional on the price check, its return leg and its connecting legs', () => {
    const body = CekHargaBodySchema.parse({
      operator_kode_pergi: 'PSK',
      jadwal_kode_pergi: 'PSK-BDG-JKT-0900',
      tanggal_berangkat_pergi: '2026-11-24',
      jumlah_penumpang_pergi: 2,
      jumlah_penumpang_pulang: 1,
    });
    expect(body).toMatchObject({ jumlah_penumpang_pergi: 2, jumlah_penumpang_pulang: 1, kursi_pergi: [] });
    const connecting = CekHargaBodySchema.parse({
      flag_connecting: 1,
      connecting: [
        { operator_kode: 'PSK', jadwal_kode: 'A', tanggal_berangkat: '2026-11-24', kursi: [], jumlah_penumpang: 2 },
        { operator_kode: 'NRS', jadwal_kode: 'B', tanggal_berangkat: '2026-11-24', kursi: ['2', '3'] },
      ],
    });
    expect(connecting.connecting.map((leg) => leg.jumlah_penumpang)).toEqual([2, undefined]);
    expect(
      CekHargaBodySchema.safeParse({
        operator_kode_pergi: 'PSK',
        jadwal_kode_pergi: 'PSK-BDG-JKT-0900',
        tanggal_berangkat_pergi: '2026-11-24',
        jumlah_penumpang_pergi: 4,
      }).success,
    ).toBe(false);
  });

  it('is optional on the reservation too', () => {
    const body = ReservasiBodySchema.parse({
      operator_kode_pergi: 'PSK',
      jadwal_kode_pergi: 'PSK-BDG-JKT-0900',
      tanggal_berangkat_pergi: '2026-11-24',
      kursi_pergi: [
        { no: null, penumpang_nama: 'Rina Kartika' },
        { no: null, penumpang_nama: 'Budi Santoso' },
      ],
      jumlah_penumpang_pergi: 2,
      pemesan_nama: 'Rina Kartika',
      pemesan_telp: '081234567890',
      pemesan_email: 'rina.kartika@contoh.id',
      total_bayar: 220000,
    });
    expect(body.jumlah_penumpang_pergi).toBe(2);
  });
});

describe('endpoint table', () => {
  it('lists the voucher, profile and reservation calls under the product prefix', () => {
    expect(endpoints.validasiVoucher).toMatchObject({ method: 'GET', path: '/berangkat/validasi-voucher' });
    expect(endpoints.listVoucher).toMatchObject({ method: 'GET', path: '/berangkat/list-voucher' });
    expect(endpoints.detailVoucher).toMatchObject({ method: 'GET', path: '/berangkat/detail-voucher' });
    expect(endpoints.customerProfil).toMatchObject({ method: 'GET', path: '/berangkat/customer-profil' });
    expect(endpoints.reservasi).toMatchObject({ method: 'POST', path: '/berangkat/reservasi' });
  });
});
