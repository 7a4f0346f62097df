import { RETURN_ROUTE_PARAM } from '../../machines/constants';
import { z } from 'zod';
import { FacilitySchema, PointTypeSchema, type Facility, type PointType } from '../../contract/common';
import { SortSchema, TimeRangeCodeSchema, type Sort, type TimeRangeCode } from '../../contract/schedules';
import type { ScheduleFilters, ScheduleSearchParams } from '../api/queries';
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

/**
 * A list filter in the URL: an array (the router's JSON) or a comma list ("a,b"). Unknown items
 * are dropped one by one, so one bad value does not clear the others; empty means no filter.
 */
function listParam<T extends string>(item: z.ZodType<T>) {
  return z
    .unknown()
    .transform((value): T[] | undefined => {
      const raw = Array.isArray(value) ? value : typeof value === 'string' ? value.split(',') : [];
      const items = raw
        .map((part) => (typeof part === 'string' ? part.trim() : part))
        .filter((part): part is T => item.safeParse(part).success);
      const unique = [...new Set(items)];
      return unique.length > 0 ? unique : undefined;
    })
    .optional();
}

/** A price bound in rupiah: a whole, non-negative number, or no bound. */
const rupiahBound = z.coerce.number().int().nonnegative().optional().catch(undefined);

/** Filters and sort of the list (`list-filter-search-jadwal` choices), all optional. */
const filterShape = {
  operator: listParam(z.string().min(1).max(40)),
  jam: listParam(TimeRangeCodeSchema),
  fasilitas: listParam(FacilitySchema),
  harga_min: rupiahBound,
  harga_max: rupiahBound,
  /** Absent means the default order (earliest departure first). */
  sort: SortSchema.optional().catch(undefined),
};

/**
 * How the schedule list draws its departures, kept in the URL as `view` so a shared link keeps
 * it: `daftar` (full cards, the default) or `ringkas` (one compact line per departure).
 */
export const SCHEDULE_VIEWS = ['daftar', 'ringkas'] as const;
export type ScheduleView = (typeof SCHEDULE_VIEWS)[number];
export const DEFAULT_SCHEDULE_VIEW: ScheduleView = 'daftar';
/** Any other value falls back to the default. */
export const scheduleViewSchema = z.enum(SCHEDULE_VIEWS).default(DEFAULT_SCHEDULE_VIEW).catch(DEFAULT_SCHEDULE_VIEW);

export const FILTER_KEYS = ['operator', 'jam', 'fasilitas', 'harga_min', 'harga_max', 'sort'] as const;

export const scheduleSearchSchema = z
  .object({
    ...filterShape,
    /** Absent means the full cards (`daftar`). */
    view: z.enum(SCHEDULE_VIEWS).optional().catch(undefined),
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
  .transform((input) => {
    // Swapped price bounds would find nothing: drop the upper one instead.
    const search =
      input.harga_min !== undefined && input.harga_max !== undefined && input.harga_min > input.harga_max
        ? { ...input, harga_max: undefined }
        : input;
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
      filters: toScheduleFilters(search),
    };
  }
  return {
    originId: search.asal_id,
    originType: search.asal_tipe,
    destinationId: search.tujuan_id,
    destinationType: search.tujuan_tipe,
    date: search.tanggal,
    roundTrip: search.pp,
    filters: toScheduleFilters(search),
  };
}

/** The URL's filters in the app's words (what search-jadwal is sent). */
export function toScheduleFilters(search: ScheduleSearch): ScheduleFilters {
  return {
    operators: search.operator ?? [],
    timeRanges: search.jam ?? [],
    facilities: search.fasilitas ?? [],
    priceMin: search.harga_min ?? null,
    priceMax: search.harga_max ?? null,
    sort: search.sort ?? 'berangkat',
  };
}

/** How many filters are on (the sort is not counted). */
export function activeFilterCount(search: ScheduleSearch): number {
  return (
    (search.operator?.length ?? 0) +
    (search.jam?.length ?? 0) +
    (search.fasilitas?.length ?? 0) +
    (search.harga_min !== undefined || search.harga_max !== undefined ? 1 : 0)
  );
}

/** The same search without any filter or sort ("Reset"). */
export function withoutFilters<T extends Partial<ScheduleSearch>>(search: T): T {
  const next = { ...search };
  for (const key of FILTER_KEYS) delete next[key];
  return next;
}

/**
 * A search as plain query values for a navigation the booking machine emits (it knows no
 * booleans or lists): flags become 1/0, lists comma text, empty values are dropped. The target
 * route's own schema reads them back.
 */
export function toQueryValues(search: Record<string, unknown>): Record<string, string | number> {
  const values: Record<string, string | number> = {};
  for (const [key, value] of Object.entries(search)) {
    if (value === undefined || value === null) continue;
    if (typeof value === 'boolean') values[key] = value ? 1 : 0;
    else if (typeof value === 'number' || typeof value === 'string') values[key] = value;
    else if (Array.isArray(value)) {
      if (value.length > 0) values[key] = value.join(',');
    }
  }
  return values;
}

export type { Facility, Sort, TimeRangeCode };

// The contract's rule: the list shows it before asking the server, which refuses the same search.
export { isSamePlace } from '../../contract/schedules';

/** `/app/schedule/{-$return}`: only the literal `return` selects the return leg. */
export const RETURN_PARAM = RETURN_ROUTE_PARAM;
export const isReturnParam = (value: string | undefined): boolean => value === RETURN_PARAM;

/** The change form (`/app-m-web/change-form`): the current search plus the place names it shows. */
export const changeFormSearchSchema = z.object({
  asal_id: placeId(DEFAULT_ORIGIN.id),
  asal_tipe: placeType(DEFAULT_ORIGIN.type),
  tujuan_id: placeId(DEFAULT_DESTINATION.id),
  tujuan_tipe: placeType(DEFAULT_DESTINATION.type),
  asal_nama: z.string().trim().min(1).max(80).optional().catch(undefined),
  tujuan_nama: z.string().trim().min(1).max(80).optional().catch(undefined),
  tanggal: z.string().optional().catch(undefined),
  pp: flag,
  tanggal_pulang: z.string().optional().catch(undefined),
});
export type ChangeFormSearch = z.output<typeof changeFormSearchSchema>;

export interface SearchFormInitial {
  origin: { id: number; type: PointType; name: string };
  destination: { id: number; type: PointType; name: string };
  date: string;
  roundTrip: boolean;
  returnDate: string;
}

/**
 * What the change form starts with: the passenger's current search. A place whose name did not
 * come along falls back to the default pair, so the form never shows an unnamed place.
 */
export function changeFormInitial(search: ChangeFormSearch, today: string, tomorrow: string): SearchFormInitial {
  const named = search.asal_nama !== undefined && search.tujuan_nama !== undefined;
  const origin = named ? { id: search.asal_id, type: search.asal_tipe, name: search.asal_nama ?? '' } : DEFAULT_ORIGIN;
  const destination = named
    ? { id: search.tujuan_id, type: search.tujuan_tipe, name: search.tujuan_nama ?? '' }
    : DEFAULT_DESTINATION;
  const date = search.tanggal && isCalendarDate(search.tanggal) && search.tanggal >= today ? search.tanggal : tomorrow;
  const returnDate =
    search.tanggal_pulang && isCalendarDate(search.tanggal_pulang) && search.tanggal_pulang >= date
      ? search.tanggal_pulang
      : date;
  return { origin, destination, date, roundTrip: search.pp, returnDate };
}

/** Names of the searched places as a result shows them (city or pool, by the search's type). */
interface ResultPlaces {
  departCity: string;
  dropCity: string;
  departPool: string;
  dropPool: string;
}

/**
 * The change form's search for the list being shown: the same places and days, with the names
 * read off a result (the return list runs the other way). No result: no names, so the form
 * falls back to the defaults for the places but keeps the days.
 */
export function toChangeFormSearch(search: ScheduleSearch, isReturn: boolean, result?: ResultPlaces): ChangeFormSearch {
  const from =
    result &&
    (isReturn
      ? { city: result.dropCity, pool: result.dropPool }
      : { city: result.departCity, pool: result.departPool });
  const to =
    result &&
    (isReturn
      ? { city: result.departCity, pool: result.departPool }
      : { city: result.dropCity, pool: result.dropPool });
  return {
    asal_id: search.asal_id,
    asal_tipe: search.asal_tipe,
    tujuan_id: search.tujuan_id,
    tujuan_tipe: search.tujuan_tipe,
    asal_nama: from && (search.asal_tipe === 'kota' ? from.city : from.pool),
    tujuan_nama: to && (search.tujuan_tipe === 'kota' ? to.city : to.pool),
    tanggal: search.tanggal,
    pp: search.pp,
    tanggal_pulang: search.tanggal_pulang,
  };
}
