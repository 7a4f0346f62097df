import { z } from 'zod';
import { DateSchema, RupiahSchema } from './common';
import { FIELD_LIMITS } from './fields';

const flag01 = z.union([z.literal(0), z.literal(1)], { error: 'nilai flag harus 0 atau 1' });
const seatList = z
  .array(z.string().min(1, 'nomor kursi tidak boleh kosong').max(8, 'nomor kursi tidak valid'), {
    error: 'daftar kursi harus berupa array',
  })
  .max(10, 'terlalu banyak kursi');

/**
 * Passengers on a leg whose schedule has no seat selection (select_seat false): the operator
 * assigns the seats, so the leg is priced by head count. Ignored on legs with seat selection.
 */
export const PassengerCountSchema = z
  .number({ error: 'jumlah penumpang harus berupa angka' })
  .int('jumlah penumpang harus bilangan bulat')
  .min(1, 'jumlah penumpang minimal 1')
  .max(
    FIELD_LIMITS.maxPassengersPerLeg,
    `Sudah mencapai batas maksimum (${FIELD_LIMITS.maxPassengersPerLeg}) penumpang per perjalanan`,
  );

export const TripLegInputSchema = z.object({
  operator_kode: z.string().min(1, 'operator_kode wajib diisi'),
  jadwal_kode: z.string().min(1, 'jadwal_kode wajib diisi'),
  tanggal_berangkat: DateSchema,
  kursi: seatList,
  jumlah_penumpang: PassengerCountSchema.optional(),
});
export type TripLegInput = z.infer<typeof TripLegInputSchema>;

export const FeeTypeSchema = z.enum(['persen', 'nominal']);

/** The trip fields shared by price check and reservation. */
interface TripShape {
  flag_connecting: 0 | 1;
  flag_pp: 0 | 1;
  connecting: unknown[];
  operator_kode_pergi?: string | undefined;
  jadwal_kode_pergi?: string | undefined;
  tanggal_berangkat_pergi?: string | undefined;
  operator_kode_pulang?: string | undefined;
  jadwal_kode_pulang?: string | undefined;
  tanggal_berangkat_pulang?: string | undefined;
}

/** A connecting trip needs two legs or more; otherwise an outbound schedule, and a return one for a round trip. */
export function refineTripShape(body: TripShape, ctx: z.RefinementCtx): void {
  if (body.flag_connecting === 1) {
    if (body.connecting.length < 2) {
      ctx.addIssue({ code: 'custom', path: ['connecting'], message: 'perjalanan pindah armada butuh minimal 2 rute' });
    }
    return;
  }
  if (!body.operator_kode_pergi || !body.jadwal_kode_pergi || !body.tanggal_berangkat_pergi) {
    ctx.addIssue({ code: 'custom', path: ['jadwal_kode_pergi'], message: 'jadwal pergi wajib diisi' });
  }
  if (
    body.flag_pp === 1 &&
    (!body.operator_kode_pulang || !body.jadwal_kode_pulang || !body.tanggal_berangkat_pulang)
  ) {
    ctx.addIssue({
      code: 'custom',
      path: ['jadwal_kode_pulang'],
      message: 'jadwal pulang wajib diisi untuk pulang pergi',
    });
  }
}

/** POST {prefix}/cek-harga. The server prices from its own data; client fee fields are hints only. */
export const CekHargaBodySchema = z
  .object({
    operator_kode_pergi: z.string().min(1, 'operator_kode_pergi wajib diisi').optional(),
    jadwal_kode_pergi: z.string().min(1, 'jadwal_kode_pergi wajib diisi').optional(),
    tanggal_berangkat_pergi: DateSchema.optional(),
    kursi_pergi: seatList.default([]),
    jumlah_penumpang_pergi: PassengerCountSchema.optional(),
    operator_kode_pulang: z.string().min(1).optional(),
    jadwal_kode_pulang: z.string().min(1).optional(),
    tanggal_berangkat_pulang: DateSchema.optional(),
    kursi_pulang: seatList.default([]),
    jumlah_penumpang_pulang: PassengerCountSchema.optional(),
    connecting: z.array(TripLegInputSchema).max(4, 'maksimal 4 rute').default([]),
    flag_connecting: flag01.default(0),
    flag_pp: flag01.default(0),
    voucher_kode: z.string().max(32).nullable().default(null),
    voucher_diskon: RupiahSchema.optional(),
    jenis_pembayaran_kode: z.string().max(32).nullable().default(null),
    tipe_admin_fee: FeeTypeSchema.optional(),
    admin_fee: z.number().nonnegative().optional(),
    flag_asuransi: flag01.default(0),
    donasi: RupiahSchema.nullable().default(null),
    flag_point: flag01.default(0),
  })
  .superRefine(refineTripShape);
export type CekHargaBody = z.input<typeof CekHargaBodySchema>;

export const PriceLineTypeSchema = z.enum(['less', 'add', 'total', 'cashback-point', 'potongan-point', 'normal']);
export type PriceLineType = z.infer<typeof PriceLineTypeSchema>;

export const PriceLineSchema = z.object({ title: z.string(), price: z.number().int(), type: PriceLineTypeSchema });
export type PriceLine = z.infer<typeof PriceLineSchema>;

export const CekHargaResultsSchema = z.object({
  sub_total: RupiahSchema,
  total_bayar: RupiahSchema,
  biaya_asuransi: RupiahSchema,
  flag_status_asuransi: flag01,
  max_point: z.number().int().nonnegative(),
  total_point: z.number().int().nonnegative(),
  flag_status_point: flag01,
  list_harga: z.array(PriceLineSchema),
});
export type CekHargaResults = z.infer<typeof CekHargaResultsSchema>;
