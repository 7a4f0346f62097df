import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  activeFilterCount,
  scheduleSearchSchema,
  toScheduleFilters,
  toScheduleSearchParams,
  withoutFilters,
} from '../../src/lib/schedule-search';

const NOW = new Date('2026-11-22T16:30:00Z');
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
});
afterEach(() => {
  vi.useRealTimers();
});

const parse = (input: unknown) => scheduleSearchSchema.parse(input);

describe('schedule search filters and sort in the URL', () => {
  it('has no filter and the default sort without params', () => {
    const search = parse({});
    expect(search.operator).toBeUndefined();
    expect(search.jam).toBeUndefined();
    expect(search.fasilitas).toBeUndefined();
    expect(search.harga_min).toBeUndefined();
    expect(search.harga_max).toBeUndefined();
    expect(search.sort).toBeUndefined();
    expect(toScheduleFilters(search)).toEqual({
      operators: [],
      timeRanges: [],
      facilities: [],
      priceMin: null,
      priceMax: null,
      sort: 'berangkat',
    });
    expect(activeFilterCount(search)).toBe(0);
  });

  it('reads arrays (router JSON) and comma lists', () => {
    const search = parse({
      operator: ['PRM', 'CPT'],
      jam: 'pagi,malam',
      fasilitas: ['ac'],
      harga_min: '100000',
      harga_max: 250000,
      sort: 'termurah',
    });
    expect(search).toMatchObject({
      operator: ['PRM', 'CPT'],
      jam: ['pagi', 'malam'],
      fasilitas: ['ac'],
      harga_min: 100000,
      harga_max: 250000,
      sort: 'termurah',
    });
    expect(activeFilterCount(search)).toBe(6);
  });

  it('drops bad items one by one and bad values entirely', () => {
    const search = parse({
      operator: ['PRM', 42, ''],
      jam: ['pagi', 'fajar'],
      fasilitas: 'wifi',
      harga_min: -5,
      harga_max: 'murah',
      sort: 'acak',
    });
    expect(search.operator).toEqual(['PRM']);
    expect(search.jam).toEqual(['pagi']);
    expect(search.fasilitas).toBeUndefined();
    expect(search.harga_min).toBeUndefined();
    expect(search.harga_max).toBeUndefined();
    expect(search.sort).toBeUndefined();
  });

  it('removes duplicates and non-list values', () => {
    expect(parse({ jam: ['pagi', 'pagi'] }).jam).toEqual(['pagi']);
    expect(parse({ operator: { a: 1 } }).operator).toBeUndefined();
    expect(parse({ operator: null }).operator).toBeUndefined();
  });

  it('drops an upper price bound below the lower one', () => {
    const search = parse({ harga_min: 300000, harga_max: 100000 });
    expect(search.harga_min).toBe(300000);
    expect(search.harga_max).toBeUndefined();
  });

  it('keeps the rest of the search valid when filters are bad', () => {
    const search = parse({ asal_id: 'abc', tanggal: 'kemarin', operator: 7, sort: 1 });
    expect(search).toMatchObject({ asal_id: 1, tujuan_id: 2, tanggal: '2026-11-23', pp: false });
  });

  it('sends the filters with both legs and clears them on reset', () => {
    const search = parse({ pp: true, tanggal_pulang: '2026-11-25', operator: 'PRM', sort: 'termurah' });
    expect(toScheduleSearchParams(search, false).filters).toMatchObject({ operators: ['PRM'], sort: 'termurah' });
    expect(toScheduleSearchParams(search, true).filters).toMatchObject({ operators: ['PRM'], sort: 'termurah' });
    const reset = withoutFilters(search);
    expect(reset).not.toHaveProperty('operator');
    expect(reset).not.toHaveProperty('sort');
    expect(reset).toMatchObject({ pp: true, tanggal_pulang: '2026-11-25' });
  });
});

describe('list view in the URL', () => {
  it('keeps ringkas or daftar and drops anything else', () => {
    expect(scheduleSearchSchema.parse({ view: 'ringkas' }).view).toBe('ringkas');
    expect(scheduleSearchSchema.parse({ view: 'daftar' }).view).toBe('daftar');
    expect(scheduleSearchSchema.parse({ view: 'grid' }).view).toBeUndefined();
    expect(scheduleSearchSchema.parse({}).view).toBeUndefined();
  });
});
