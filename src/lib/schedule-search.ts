import { RETURN_ROUTE_PARAM } from '../../machines/constants';
import { z } from 'zod';
import { PointTypeSchema, type PointType } from '../../contract/common';
import type { ScheduleSearchParams } from '../api/queries';
import { isCalendarDate, todayInJakarta, tomorrowInJakarta } from './format';

/**
 * Search params of the schedule list (`/app/schedule`, `/tiket-bus`): what the home form sends.
 * Every field falls back to a safe default, so a hand-edited or stale URL still shows a search.
 */

/** Spec section 1: the default trip is Bandung (city 1) to Jakarta (city 2). */
export const DEFAULT_ORIGIN = { id: 1, type: 'kota', name: 'Bandung' } as const satisfies {
  id: number;
  type: PointType;
  name: string;
};
export const DEFAULT_DESTINATION = { id: 2, type: 'kota', name: 'Jakarta' } as const satisfies {
  id: number;
  type: PointType;
  name: string;
};

const placeId = (fallback: number) => z.number().int().positive().default(fallback).catch(fallback);
const placeType = (fallback: PointType) => PointTypeSchema.default(fallback).catch(fallback);

/** A day from today (Jakarta) on; anything else becomes tomorrow. */
const travelDate = z
  .string()
  .refine((value) => isCalendarDate(value) && value >= todayInJakarta())
  .default(() => tomorrowInJakarta())
  .catch(() => tomorrowInJakarta());

/** `pp=true`, `pp=1` and `pp="1"` all mean round trip; anything else is one way. */
const flag = z
  .union([z.boolean(), z.literal(1), z.literal(0), z.enum(['1', '0', 'true', 'false'])])
  .transform((value) => value === true || value === 1 || value === '1' || value === 'true')
  .default(false)
  .catch(false);

export const scheduleSearchSchema = z
  .object({
    asal_id: placeId(DEFAULT_ORIGIN.id),
    asal_tipe: placeType(DEFAULT_ORIGIN.type),
    tujuan_id: placeId(DEFAULT_DESTINATION.id),
    tujuan_tipe: placeType(DEFAULT_DESTINATION.type),
    tanggal: travelDate,
    pp: flag,
    tanggal_pulang: z
      .string()
      .refine((value) => isCalendarDate(value))
      .optional()
      .catch(undefined),
  })
  .transform((search) => {
    if (!search.pp) return { ...search, tanggal_pulang: undefined };
    // A round trip needs a return day on or after departure.
    const back = search.tanggal_pulang;
    return { ...search, tanggal_pulang: back && back >= search.tanggal ? back : search.tanggal };
  });

export type ScheduleSearch = z.output<typeof scheduleSearchSchema>;
export type ScheduleSearchInput = z.input<typeof scheduleSearchSchema>;

/** Defaults of a search without params (used by the home form and tests). */
export function defaultScheduleSearch(): ScheduleSearch {
  return scheduleSearchSchema.parse({});
}

/**
 * The query the schedule list sends. On the return leg (`/app/schedule/return`) origin and
 * destination swap and the return day is searched.
 */
export function toScheduleSearchParams(search: ScheduleSearch, isReturn: boolean): Omit<ScheduleSearchParams, 'page'> {
  if (isReturn) {
    return {
      originId: search.tujuan_id,
      originType: search.tujuan_tipe,
      destinationId: search.asal_id,
      destinationType: search.asal_tipe,
      date: search.tanggal_pulang ?? search.tanggal,
      roundTrip: true,
    };
  }
  return {
    originId: search.asal_id,
    originType: search.asal_tipe,
    destinationId: search.tujuan_id,
    destinationType: search.tujuan_tipe,
    date: search.tanggal,
    roundTrip: search.pp,
  };
}

export function isSamePlace(search: ScheduleSearch): boolean {
  return search.asal_id === search.tujuan_id && search.asal_tipe === search.tujuan_tipe;
}

/** `/app/schedule/{-$return}`: only the literal `return` selects the return leg. */
export const RETURN_PARAM = RETURN_ROUTE_PARAM;
export const isReturnParam = (value: string | undefined): boolean => value === RETURN_PARAM;
