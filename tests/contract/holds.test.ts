import { describe, expect, it } from 'vitest';
import {
  ErrorCodeSchema,
  HoldKursiBodySchema,
  HoldKursiResultsSchema,
  HoldTokenSchema,
  IdempotencyKeySchema,
  ReservasiBodySchema,
  endpoints,
} from '../../contract';

const leg = { operator_kode: 'XTR', jadwal_kode: 'XTR-BDG-JKT-0800', tanggal_berangkat: '2026-12-01' };
const reservation = {
  operator_kode_pergi: 'XTR',
  jadwal_kode_pergi: 'XTR-BDG-JKT-0800',
  tanggal_berangkat_pergi: '2026-12-01',
  kursi_pergi: [{ no: '2', penumpang_nama: 'Rina Kartika' }],
  pemesan_nama: 'Rina Kartika',
  pemesan_telp: '081234567890',
  pemesan_email: 'rina@contoh.id',
  total_bayar: 150000,
};

describe('hold-kursi contract', () => {
  it('is a POST under the product prefix', () => {
    expect(endpoints.holdKursi).toMatchObject({ method: 'POST', path: '/berangkat/hold-kursi' });
  });

  it('takes up to 3 seats of one leg, an empty list to release, and an optional token', () => {
    expect(HoldKursiBodySchema.safeParse({ ...leg, kursi: ['1', '2', '3'] }).success).toBe(true);
    expect(HoldKursiBodySchema.safeParse({ ...leg, kursi: [] }).success).toBe(true);
    const four = HoldKursiBodySchema.safeParse({ ...leg, kursi: ['1', '2', '3', '4'] });
    expect(four.success).toBe(false);
    expect(four.error?.issues[0]?.message).toBe('Sudah mencapai batas maksimum (3) penumpang per perjalanan');
    expect(HoldKursiBodySchema.safeParse({ ...leg, kursi: ['1'], hold_token: 'holdTokenAAAAAAAAAAAA' }).success).toBe(
      true,
    );
    expect(HoldKursiBodySchema.safeParse({ ...leg, kursi: ['1'], tanggal_berangkat: '01-12-2026' }).success).toBe(
      false,
    );
  });

  it('accepts url-safe tokens of 16 to 64 characters only', () => {
    expect(HoldTokenSchema.safeParse('a'.repeat(16)).success).toBe(true);
    expect(HoldTokenSchema.safeParse('a-b_C'.repeat(12)).success).toBe(true);
    expect(HoldTokenSchema.safeParse('a'.repeat(15)).success).toBe(false);
    expect(HoldTokenSchema.safeParse('a'.repeat(65)).success).toBe(false);
    expect(HoldTokenSchema.safeParse('has space in it!!').success).toBe(false);
  });

  it('answers the token, its seats and when the hold ends', () => {
    expect(
      HoldKursiResultsSchema.safeParse({
        hold_token: 'holdTokenAAAAAAAAAAAA',
        kursi: ['2'],
        berakhir_pada: '2026-11-23T01:10:00.000Z',
      }).success,
    ).toBe(true);
    expect(
      HoldKursiResultsSchema.safeParse({ hold_token: 'holdTokenAAAAAAAAAAAA', kursi: [], berakhir_pada: null }).success,
    ).toBe(true);
  });
});

describe('reservasi headers and codes', () => {
  it('takes the hold token in the body too', () => {
    expect(ReservasiBodySchema.safeParse({ ...reservation, hold_token: 'holdTokenAAAAAAAAAAAA' }).success).toBe(true);
    expect(ReservasiBodySchema.safeParse({ ...reservation, hold_token: 'short' }).success).toBe(false);
  });

  it('takes Idempotency-Keys of 8 to 128 visible characters', () => {
    expect(IdempotencyKeySchema.safeParse('0f8fad5b-d9cb-469f-a165-70867728950e').success).toBe(true);
    expect(IdempotencyKeySchema.safeParse('short').success).toBe(false);
    expect(IdempotencyKeySchema.safeParse('with space inside').success).toBe(false);
  });

  it('names a code for a departed schedule, a reused key and too many requests', () => {
    for (const code of ['RSV-2', 'RSV-3', 'RSV-4', 'REQ-2']) {
      expect(ErrorCodeSchema.safeParse(code).success).toBe(true);
    }
  });
});
