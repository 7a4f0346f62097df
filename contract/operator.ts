import { z } from 'zod';
import { DateSchema, OperatorTypeSchema, PointTypeSchema, RupiahSchema, TimeSchema } from './common';

/**
 * The operator ("mitra") landing page (spec section 2, route landing-page-mitra): one operator,
 * the routes it serves and the next departures on each. The spec names the page, not its call.
 */

export const OPERATOR_MESSAGES = {
  code: 'operator_kode hanya boleh huruf, angka dan - (maksimal 20)',
  notFound: 'Operator tidak ditemukan',
} as const;

/** How many days from today the page looks ahead, and how many departures it shows per route. */
export const OPERATOR_LOOKAHEAD_DAYS = 7;
export const OPERATOR_DEPARTURES_PER_ROUTE = 3;

export const OperatorCodeSchema = z
  .string({ error: 'operator_kode wajib diisi' })
  .regex(/^[A-Za-z0-9-]{1,20}$/, OPERATOR_MESSAGES.code);

export const DetailOperatorQuerySchema = z.object({ operator_kode: OperatorCodeSchema });
export type DetailOperatorQuery = z.input<typeof DetailOperatorQuerySchema>;

export const OperatorDepartureSchema = z.object({
  jadwal_kode: z.string(),
  tanggal: DateSchema,
  jam_berangkat: TimeSchema,
  harga: RupiahSchema,
  sisa_kursi: z.number().int().nonnegative(),
});
export type OperatorDeparture = z.infer<typeof OperatorDepartureSchema>;

export const OperatorRouteSchema = z.object({
  jurusan_id: z.number().int().positive(),
  asal_id: z.number().int().positive(),
  asal_tipe: PointTypeSchema,
  asal_nama: z.string(),
  asal_kota: z.string(),
  tujuan_id: z.number().int().positive(),
  tujuan_tipe: PointTypeSchema,
  tujuan_nama: z.string(),
  tujuan_kota: z.string(),
  /** The earliest departures from now, at most OPERATOR_DEPARTURES_PER_ROUTE; empty when none is sold. */
  keberangkatan: z.array(OperatorDepartureSchema),
});
export type OperatorRoute = z.infer<typeof OperatorRouteSchema>;

export const DetailOperatorResultsSchema = z.object({
  operator: z.object({ kode: z.string(), nama: z.string(), logo: z.string(), tipe: OperatorTypeSchema }),
  jurusan: z.array(OperatorRouteSchema),
});
export type DetailOperatorResults = z.infer<typeof DetailOperatorResultsSchema>;
