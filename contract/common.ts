import { z } from 'zod';

/** Largest id a record can have: the database's integer (2^31 - 1); a larger one names nothing. */
export const ID_MAX = 2_147_483_647;

/** Largest amount in rupiah a call accepts: far above any booking, far below unsafe integers. */
export const MAX_AMOUNT = 1_000_000_000_000;

/** Query values arrive as strings: these coerce and explain in Indonesian. */
export const idParam = (name: string) =>
  z.coerce
    .number({ error: `${name} harus berupa angka` })
    .int(`${name} harus bilangan bulat`)
    .positive(`${name} tidak valid`);

/**
 * The id of one record looked up by it (a card, a product, a feedback): past ID_MAX it names
 * nothing and is refused here, before the database meets a number its column cannot hold.
 * Search filters keep idParam: a huge place or route id there simply matches no schedule.
 */
export const recordIdParam = (name: string) => idParam(name).max(ID_MAX, `${name} tidak valid`);

export const pageParam = z.coerce
  .number({ error: 'page harus berupa angka' })
  .int('page harus bilangan bulat')
  .min(1, 'page dimulai dari 1')
  .max(1000, 'page terlalu besar')
  .default(1);

export const DATE_FORMAT_HINT = 'YYYY-MM-DD';
const ISO_DATE = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;

/** A calendar date `YYYY-MM-DD` that exists (rejects 2026-02-30). */
export const DateSchema = z
  .string({ error: `tanggal wajib diisi (${DATE_FORMAT_HINT})` })
  .regex(ISO_DATE, `format tanggal harus ${DATE_FORMAT_HINT}`)
  .refine((value) => {
    const [y, m, d] = value.split('-').map(Number) as [number, number, number];
    const date = new Date(Date.UTC(y, m - 1, d));
    return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
  }, 'tanggal tidak ada di kalender');

/** 0/1 flags as the wire sends them ("0", "1", 0, 1, true, false). */
export const flagParam = z
  .union(
    [z.literal('0'), z.literal('1'), z.literal('true'), z.literal('false'), z.literal(0), z.literal(1), z.boolean()],
    {
      error: 'nilai flag harus 0 atau 1',
    },
  )
  .transform((value) => value === '1' || value === 'true' || value === 1 || value === true);

export const PointTypeSchema = z.enum(['kota', 'cabang'], { error: 'tipe titik harus kota atau cabang' });
export type PointType = z.infer<typeof PointTypeSchema>;

export const FacilitySchema = z.enum(['mineral-water', 'ac', 'baggage']);
export type Facility = z.infer<typeof FacilitySchema>;

export const OperatorTypeSchema = z.enum(['shuttle', 'bus']);
export type OperatorType = z.infer<typeof OperatorTypeSchema>;

/** Wall-clock time of departure in WIB, `HH:mm`. */
export const TimeSchema = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'format jam harus HH:mm');

/** Money on the wire: whole rupiah. */
export const RupiahSchema = z.number().int().nonnegative();
