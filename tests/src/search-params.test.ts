import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  DEFAULT_DESTINATION,
  DEFAULT_ORIGIN,
  defaultScheduleSearch,
  isReturnParam,
  isSamePlace,
  scheduleSearchSchema,
  toScheduleSearchParams,
} from '../../src/lib/schedule-search';
import { Route as SelectSeatRoute } from '../../src/routes/app/select-seat.{-$return}';
import { Route as StandaloneRoute } from '../../src/routes/app/detail-schedule-standalone';

// 2026-11-22 23:30 in Jakarta: "today" is the 22nd there, tomorrow the 23rd.
const NOW = new Date('2026-11-22T16:30:00Z');

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
});
afterEach(() => {
  vi.useRealTimers();
});

const parse = (input: unknown) => scheduleSearchSchema.parse(input);

describe('schedule search params', () => {
  it('defaults to Bandung -> Jakarta tomorrow, one way', () => {
    expect(defaultScheduleSearch()).toEqual({
      asal_id: DEFAULT_ORIGIN.id,
      asal_tipe: 'kota',
      tujuan_id: DEFAULT_DESTINATION.id,
      tujuan_tipe: 'kota',
      tanggal: '2026-11-23',
      pp: false,
      tanggal_pulang: undefined,
    });
    expect(DEFAULT_ORIGIN).toMatchObject({ id: 1, name: 'Bandung' });
    expect(DEFAULT_DESTINATION).toMatchObject({ id: 2, name: 'Jakarta' });
  });

  it('keeps good values', () => {
    expect(
      parse({
        asal_id: 7,
        asal_tipe: 'cabang',
        tujuan_id: 12,
        tujuan_tipe: 'kota',
        tanggal: '2026-12-01',
        pp: true,
        tanggal_pulang: '2026-12-03',
      }),
    ).toEqual({
      asal_id: 7,
      asal_tipe: 'cabang',
      tujuan_id: 12,
      tujuan_tipe: 'kota',
      tanggal: '2026-12-01',
      pp: true,
      tanggal_pulang: '2026-12-03',
    });
  });

  it('replaces each bad value with its default instead of failing', () => {
    expect(
      parse({
        asal_id: 'abc',
        asal_tipe: 'desa',
        tujuan_id: -4,
        tujuan_tipe: 42,
        tanggal: '2026-02-30',
        pp: 'mungkin',
      }),
    ).toEqual(defaultScheduleSearch());
    expect(parse({ asal_id: 1.5 }).asal_id).toBe(1);
    expect(parse({ tanggal: 20261201 }).tanggal).toBe('2026-11-23');
  });

  it('moves a past departure day to tomorrow', () => {
    expect(parse({ tanggal: '2026-11-21' }).tanggal).toBe('2026-11-23');
    expect(parse({ tanggal: '2026-11-22' }).tanggal).toBe('2026-11-22');
  });

  it('reads the round-trip flag in its URL spellings', () => {
    for (const pp of [true, 1, '1', 'true']) expect(parse({ pp }).pp).toBe(true);
    for (const pp of [false, 0, '0', 'false', undefined]) expect(parse({ pp }).pp).toBe(false);
  });

  it('keeps the return day on or after departure, and drops it for one way', () => {
    expect(parse({ tanggal: '2026-12-05', pp: true, tanggal_pulang: '2026-12-01' }).tanggal_pulang).toBe('2026-12-05');
    expect(parse({ tanggal: '2026-12-05', pp: true }).tanggal_pulang).toBe('2026-12-05');
    expect(parse({ tanggal: '2026-12-05', pp: true, tanggal_pulang: 'lusa' }).tanggal_pulang).toBe('2026-12-05');
    expect(parse({ tanggal: '2026-12-05', pp: false, tanggal_pulang: '2026-12-09' }).tanggal_pulang).toBeUndefined();
  });

  it('swaps origin and destination on the return leg', () => {
    const search = parse({ asal_id: 1, tujuan_id: 2, tanggal: '2026-12-01', pp: true, tanggal_pulang: '2026-12-04' });
    expect(toScheduleSearchParams(search, false)).toMatchObject({
      originId: 1,
      originType: 'kota',
      destinationId: 2,
      destinationType: 'kota',
      date: '2026-12-01',
      roundTrip: true,
    });
    expect(toScheduleSearchParams(search, true)).toMatchObject({
      originId: 2,
      originType: 'kota',
      destinationId: 1,
      destinationType: 'kota',
      date: '2026-12-04',
      roundTrip: true,
    });
  });

  it('spots the same origin and destination', () => {
    expect(isSamePlace(parse({ asal_id: 3, tujuan_id: 3 }))).toBe(true);
    expect(isSamePlace(parse({ asal_id: 3, tujuan_id: 3, tujuan_tipe: 'cabang' }))).toBe(false);
  });

  it('treats only the literal "return" as the return leg', () => {
    expect(isReturnParam('return')).toBe(true);
    expect(isReturnParam(undefined)).toBe(false);
    expect(isReturnParam('pulang')).toBe(false);
  });
});

async function validate(route: { options: { validateSearch?: unknown } }, input: Record<string, unknown>) {
  const schema = route.options.validateSearch as { '~standard': { validate: (v: unknown) => unknown } };
  const result = (await schema['~standard'].validate(input)) as { value?: unknown; issues?: unknown };
  expect(result.issues).toBeUndefined();
  return result.value;
}

describe('other route search params', () => {
  it('select-seat drops bad sa, connecting_route and type values', async () => {
    expect(
      await validate(SelectSeatRoute, { sa: 2, connecting_route: 2, type: 'fallback-confirmation-order' }),
    ).toEqual({
      sa: 2,
      connecting_route: 2,
      type: 'fallback-confirmation-order',
    });
    expect(await validate(SelectSeatRoute, { sa: 'x', connecting_route: 0, type: 'lain' })).toEqual({
      sa: undefined,
      connecting_route: undefined,
      type: undefined,
    });
  });

  it('detail-schedule-standalone keeps its codes and drops a bad date', async () => {
    expect(await validate(StandaloneRoute, { operator_code: 'OPR', schedule_code: 'J1', date: '2026-13-01' })).toEqual({
      operator_code: 'OPR',
      schedule_code: 'J1',
      date: undefined,
    });
  });
});
