import { z } from 'zod';
import { DateSchema } from './common';
import { FIELD_LIMITS } from './fields';

/**
 * POST {prefix}/hold-kursi (beyond the spec): when seats are saved on the seat page the server
 * holds them for a while under a hold token the booking flow keeps, so nobody else takes them
 * while the passenger types names. Another call with the same token replaces that token's seats
 * on the leg; an empty kursi list releases them. reservasi with the token converts the hold.
 */

/** Minutes a hold keeps its seats. */
export const HOLD_MINUTES = 10;

/** Request headers of the reservation calls. */
export const RESERVATION_HEADER = {
  idempotencyKey: 'idempotency-key',
  holdToken: 'x-hold-token',
} as const;

export const HoldTokenSchema = z
  .string({ error: 'hold_token harus berupa teks' })
  .regex(/^[A-Za-z0-9_-]{16,64}$/, 'hold_token tidak valid');

export const IdempotencyKeySchema = z
  .string()
  .regex(/^[\x21-\x7e]{8,128}$/, 'Idempotency-Key harus 8 sampai 128 karakter tanpa spasi');

export const HoldKursiBodySchema = z.object({
  operator_kode: z.string().min(1, 'operator_kode wajib diisi').max(32),
  jadwal_kode: z.string().min(1, 'jadwal_kode wajib diisi').max(64),
  tanggal_berangkat: DateSchema,
  kursi: z
    .array(z.string().min(1, 'nomor kursi tidak boleh kosong').max(8, 'nomor kursi tidak valid'), {
      error: 'daftar kursi harus berupa array',
    })
    .max(
      FIELD_LIMITS.maxPassengersPerLeg,
      `Sudah mencapai batas maksimum (${FIELD_LIMITS.maxPassengersPerLeg}) penumpang per perjalanan`,
    ),
  hold_token: HoldTokenSchema.optional(),
});
export type HoldKursiBody = z.input<typeof HoldKursiBodySchema>;

export const HoldKursiResultsSchema = z.object({
  hold_token: HoldTokenSchema,
  /** The seats this token now holds on the leg. */
  kursi: z.array(z.string()),
  /** ISO time the hold ends; null when the token holds nothing on the leg. */
  berakhir_pada: z.string().nullable(),
});
export type HoldKursiResults = z.infer<typeof HoldKursiResultsSchema>;
