import { describe, expect, it } from 'vitest';
import {
  DateSchema,
  describeIssues,
  envelope,
  SearchJadwalQuerySchema,
  CekHargaBodySchema,
  SEARCH_MESSAGE,
  searchTripError,
} from '../../contract';
import { z } from 'zod';

const base = { asal_id: '1', asal_tipe: 'kota', tujuan_id: '2', tujuan_tipe: 'kota', tanggal_berangkat: '2026-11-24' };

describe('search-jadwal query', () => {
  it('coerces query strings and applies defaults', () => {
    const q = SearchJadwalQuerySchema.parse({ ...base, show_connecting: '1', operator: 'XTR, DTR', jam: 'pagi' });
    expect(q).toMatchObject({
      asal_id: 1,
      tujuan_id: 2,
      page: 1,
      show_connecting: true,
      flag_pp: false,
      sort: 'berangkat',
    });
    expect(q.operator).toEqual(['XTR', 'DTR']);
    expect(q.jam).toEqual(['pagi']);
  });

  it.each([
    [{ tanggal_berangkat: '2026-02-30' }, 'tanggal tidak ada di kalender'],
    [{ tanggal_berangkat: '24-11-2026' }, 'format tanggal harus YYYY-MM-DD'],
    [{ asal_id: 'abc' }, 'asal_id harus berupa angka'],
    [{ asal_tipe: 'desa' }, 'tipe titik harus kota atau cabang'],
    [{ tujuan_id: '1' }, 'Asal dan tujuan tidak boleh sama'],
    [{ page: '0' }, 'page dimulai dari 1'],
    [{ harga_min: '200000', harga_max: '100000' }, 'harga_min tidak boleh lebih dari harga_max'],
  ])('%j is refused with "%s"', (patch, message) => {
    const result = SearchJadwalQuerySchema.safeParse({ ...base, ...patch });
    expect(result.success).toBe(false);
    if (!result.success) expect(describeIssues(result.error)).toContain(message);
  });

  it('rejects a date that does not exist', () => {
    expect(DateSchema.safeParse('2027-02-29').success).toBe(false);
    expect(DateSchema.safeParse('2028-02-29').success).toBe(true);
  });
});

describe("the search form's trip (spec section 1)", () => {
  const today = '2026-11-24';
  const trip = {
    asal_id: 1,
    asal_tipe: 'kota' as const,
    tujuan_id: 2,
    tujuan_tipe: 'kota' as const,
    tanggal_berangkat: today,
    tanggal_pulang: null,
  };

  it('a trip between two places from today on, back not before out, may be searched', () => {
    expect(searchTripError(trip, today)).toBeNull();
    expect(searchTripError({ ...trip, tanggal_pulang: today }, today)).toBeNull();
    // A city and a pool may share an id: they are two places.
    expect(searchTripError({ ...trip, tujuan_id: 1, tujuan_tipe: 'cabang' }, today)).toBeNull();
  });

  it('says the first rule broken, in the words the server uses for the same place', () => {
    expect(searchTripError({ ...trip, tujuan_id: 1, tanggal_berangkat: '2026-11-23' }, today)).toBe(
      SEARCH_MESSAGE.samePlace,
    );
    expect(SEARCH_MESSAGE.samePlace).toBe('Asal dan tujuan tidak boleh sama');
    expect(searchTripError({ ...trip, tanggal_berangkat: '2026-11-23' }, today)).toBe(SEARCH_MESSAGE.departurePast);
    expect(searchTripError({ ...trip, tanggal_berangkat: '2026-02-30' }, '2026-01-01')).toBe(
      SEARCH_MESSAGE.departurePast,
    );
    expect(searchTripError({ ...trip, tanggal_pulang: '2026-11-23' }, today)).toBe(
      SEARCH_MESSAGE.returnBeforeDeparture,
    );
    expect(searchTripError({ ...trip, tanggal_pulang: '2026-13-01' }, today)).toBe(
      SEARCH_MESSAGE.returnBeforeDeparture,
    );
  });
});

describe('cek-harga body', () => {
  it('needs an outbound schedule, and a return one for a round trip', () => {
    expect(CekHargaBodySchema.safeParse({}).success).toBe(false);
    const oneWay = {
      operator_kode_pergi: 'XTR',
      jadwal_kode_pergi: 'J1',
      tanggal_berangkat_pergi: '2026-11-24',
      kursi_pergi: ['1'],
    };
    expect(CekHargaBodySchema.safeParse(oneWay).success).toBe(true);
    expect(CekHargaBodySchema.safeParse({ ...oneWay, flag_pp: 1 }).success).toBe(false);
  });

  it('needs at least two legs for a connecting trip', () => {
    const leg = { operator_kode: 'XTR', jadwal_kode: 'J1', tanggal_berangkat: '2026-11-24', kursi: ['1'] };
    expect(CekHargaBodySchema.safeParse({ flag_connecting: 1, connecting: [leg] }).success).toBe(false);
    expect(CekHargaBodySchema.safeParse({ flag_connecting: 1, connecting: [leg, leg] }).success).toBe(true);
  });
});

describe('envelope', () => {
  const schema = envelope(z.object({ n: z.number() }));
  it('parses OK with results and the error shape, and refuses anything else', () => {
    expect(schema.parse({ status: 'OK', results: { n: 1 } })).toEqual({ status: 'OK', results: { n: 1 } });
    expect(schema.parse({ status: 'ERROR', code: 'RSV-2', message: 'Kursi sudah tidak tersedia' }).status).toBe(
      'ERROR',
    );
    expect(schema.safeParse({ status: 'OK' }).success).toBe(false);
    expect(schema.safeParse({ status: 'ERROR', code: 'NOPE', message: 'x' }).success).toBe(false);
  });
});
