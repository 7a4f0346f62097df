import { z } from 'zod';
import { DateSchema, RupiahSchema } from './common';

/** Tile codes: P seat, PS seat near smoking, SMK smoking area, K/PX empty, T toilet, S driver. */
export const SeatTypeSchema = z.enum(['P', 'PS', 'SMK', 'K', 'PX', 'T', 'S']);
export type SeatType = z.infer<typeof SeatTypeSchema>;
export const BOOKABLE_SEAT_TYPES: readonly SeatType[] = ['P', 'PS'];

export const SeatSchema = z.object({
  no: z.string(),
  tipe: SeatTypeSchema,
  flag_booking: z.union([z.literal(0), z.literal(1)]),
  flag_promo: z.union([z.literal(0), z.literal(1)]),
  harga_tiket: RupiahSchema,
  promo_kode: z.string().nullable(),
});
export type Seat = z.infer<typeof SeatSchema>;

/** `"row-col"`, both from 1. */
export const SeatKeySchema = z.string().regex(/^\d+-\d+$/);

export const FloorSchema = z.object({
  nama: z.string(),
  baris: z.number().int().positive(),
  kolom: z.number().int().positive(),
  sisa_kursi: z.number().int().nonnegative(),
  kursi: z.record(SeatKeySchema, SeatSchema),
});
export type Floor = z.infer<typeof FloorSchema>;

export const KursiQuerySchema = z.object({
  operator_kode: z.string().min(1, 'operator_kode wajib diisi'),
  jadwal_kode: z.string().min(1, 'jadwal_kode wajib diisi'),
  tanggal_berangkat: DateSchema,
  jadwal_kode_connecting: z.string().min(1).optional(),
});
export type KursiQuery = z.infer<typeof KursiQuerySchema>;

export const KursiResultsSchema = z.object({
  operator_kode: z.string(),
  jadwal_kode: z.string(),
  tanggal_berangkat: DateSchema,
  select_seat: z.boolean(),
  layout_kursi: z.array(FloorSchema).min(1),
  flag_multi_harga: z.union([z.literal(0), z.literal(1)]),
  maks_penumpang: z.number().int().min(0),
  harga_tiket_normal: RupiahSchema,
});
export type KursiResults = z.infer<typeof KursiResultsSchema>;
