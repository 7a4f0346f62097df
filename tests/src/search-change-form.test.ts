import { describe, expect, it } from 'vitest';
import {
  changeFormInitial,
  changeFormSearchSchema,
  defaultScheduleSearch,
  toChangeFormSearch,
} from '../../src/lib/schedule-search';

const TODAY = '2026-11-23';
const TOMORROW = '2026-11-24';
const places = {
  departCity: 'Bandung',
  dropCity: 'Semarang',
  departPool: 'Pool Pasteur',
  dropPool: 'Pool Simpang Lima',
};

describe('change form ("Ubah" on the schedule list)', () => {
  it('carries the current places, with names as the search typed them, and the days', () => {
    const search = {
      ...defaultScheduleSearch(),
      tujuan_id: 12,
      tanggal: '2026-11-30',
      pp: true,
      tanggal_pulang: '2026-12-02',
    };
    const change = toChangeFormSearch(search, false, places);
    expect(change).toMatchObject({
      asal_nama: 'Bandung',
      tujuan_id: 12,
      tujuan_nama: 'Semarang',
      tanggal: '2026-11-30',
    });
    const initial = changeFormInitial(changeFormSearchSchema.parse(change), TODAY, TOMORROW);
    expect(initial).toEqual({
      origin: { id: 1, type: 'kota', name: 'Bandung' },
      destination: { id: 12, type: 'kota', name: 'Semarang' },
      date: '2026-11-30',
      roundTrip: true,
      returnDate: '2026-12-02',
    });
  });

  it('names pools by their pool name and reads the return list the other way round', () => {
    const search = { ...defaultScheduleSearch(), asal_tipe: 'cabang' as const, asal_id: 3 };
    expect(toChangeFormSearch(search, false, places)).toMatchObject({
      asal_nama: 'Pool Pasteur',
      tujuan_nama: 'Semarang',
    });
    expect(toChangeFormSearch(search, true, places)).toMatchObject({
      asal_nama: 'Pool Simpang Lima',
      tujuan_nama: 'Bandung',
    });
  });

  it('falls back to the default places without names, and to tomorrow for a past or bad day', () => {
    const parsed = changeFormSearchSchema.parse({
      asal_id: 'x',
      tujuan_id: 12,
      tanggal: '2020-01-01',
      tanggal_pulang: 'nope',
      pp: 'maybe',
    });
    const initial = changeFormInitial(parsed, TODAY, TOMORROW);
    expect(initial.origin.name).toBe('Bandung');
    expect(initial.destination.name).toBe('Jakarta');
    expect(initial.date).toBe(TOMORROW);
    expect(initial.returnDate).toBe(TOMORROW);
    expect(initial.roundTrip).toBe(false);
  });
});
