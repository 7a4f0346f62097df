import { z } from 'zod';
import { DateSchema, RupiahSchema } from './common';
import { envelope } from './envelope';
import { BookerNameSchema, DonationMessageSchema, EmailSchema, PassengerNameSchema, PhoneSchema } from './fields';
import { HoldTokenSchema } from './holds';
import { FeeTypeSchema, PassengerCountSchema, refineTripShape } from './price';

/**
 * POST {prefix}/reservasi (spec section 7 "Reservation"): the price-check trip fields, with
 * seat lists carrying penumpang_nama, plus the booker, the payment code, the total the
 * passenger saw and the extras. The reply (spec section 3 "Reservation response") carries the
 * order code, whether the price changed, the total and whether it is already paid; errors come
 * as the error envelope (RSV-2: a seat is no longer available).
 */

const flag01 = z.union([z.literal(0), z.literal(1)], { error: 'nilai flag harus 0 atau 1' });

/** Mirrors the price check's cap: at most 10 seat entries per list. */
const MAX_SEAT_ENTRIES = 10;
const MAX_CONNECTING_LEGS = 4;

export const ReservedSeatSchema = z.object({
  /** null on a schedule without seat selection (select_seat false): the operator assigns the seat. */
  no: z.string().min(1, 'nomor kursi tidak boleh kosong').max(8, 'nomor kursi tidak valid').nullable(),
  penumpang_nama: PassengerNameSchema,
});
export type ReservedSeat = z.infer<typeof ReservedSeatSchema>;

const reservedSeatList = z
  .array(ReservedSeatSchema, { error: 'daftar kursi harus berupa array' })
  .max(MAX_SEAT_ENTRIES, 'terlalu banyak kursi');

export const ReservasiLegSchema = z.object({
  operator_kode: z.string().min(1, 'operator_kode wajib diisi'),
  jadwal_kode: z.string().min(1, 'jadwal_kode wajib diisi'),
  tanggal_berangkat: DateSchema,
  kursi: reservedSeatList.min(1, 'kursi wajib dipilih'),
  /** As in the price check: the head count of a leg without seat selection. */
  jumlah_penumpang: PassengerCountSchema.optional(),
});
export type ReservasiLeg = z.infer<typeof ReservasiLegSchema>;

export const ReservasiBodySchema = z
  .object({
    operator_kode_pergi: z.string().min(1, 'operator_kode_pergi wajib diisi').optional(),
    jadwal_kode_pergi: z.string().min(1, 'jadwal_kode_pergi wajib diisi').optional(),
    tanggal_berangkat_pergi: DateSchema.optional(),
    kursi_pergi: reservedSeatList.default([]),
    jumlah_penumpang_pergi: PassengerCountSchema.optional(),
    operator_kode_pulang: z.string().min(1).optional(),
    jadwal_kode_pulang: z.string().min(1).optional(),
    tanggal_berangkat_pulang: DateSchema.optional(),
    kursi_pulang: reservedSeatList.default([]),
    jumlah_penumpang_pulang: PassengerCountSchema.optional(),
    connecting: z.array(ReservasiLegSchema).max(MAX_CONNECTING_LEGS, 'maksimal 4 rute').default([]),
    flag_connecting: flag01.default(0),
    flag_pp: flag01.default(0),
    voucher_kode: z.string().max(32).nullable().default(null),
    voucher_diskon: RupiahSchema.optional(),
    tipe_admin_fee: FeeTypeSchema.optional(),
    admin_fee: z.number().nonnegative().optional(),
    pemesan_nama: BookerNameSchema,
    pemesan_telp: PhoneSchema,
    pemesan_email: EmailSchema,
    jenis_pembayaran_kode: z.string().max(32).nullable().default(null),
    /** The total the passenger was shown; the server answers flag_harga_berubah when its own differs. */
    total_bayar: RupiahSchema,
    ads_kode: z.string().max(64).nullable().default(null),
    url_referer: z.string().max(2048).nullable().default(null),
    komentar_donasi: DonationMessageSchema.nullable().default(null),
    donasi: RupiahSchema.default(0),
    flag_asuransi: flag01.default(0),
    flag_point: flag01.default(0),
    /** The seat hold to convert (also accepted as the X-Hold-Token header). */
    hold_token: HoldTokenSchema.optional(),
  })
  .superRefine((body, ctx) => {
    refineTripShape(body, ctx);
    if (body.flag_connecting === 1) return;
    if (body.kursi_pergi.length === 0) {
      ctx.addIssue({ code: 'custom', path: ['kursi_pergi'], message: 'kursi pergi wajib dipilih' });
    }
    if (body.flag_pp === 1 && body.kursi_pulang.length === 0) {
      ctx.addIssue({ code: 'custom', path: ['kursi_pulang'], message: 'kursi pulang wajib dipilih' });
    }
  });
export type ReservasiBody = z.input<typeof ReservasiBodySchema>;
export type ReservasiParsedBody = z.output<typeof ReservasiBodySchema>;

export const ReservasiResultsSchema = z.object({
  /** Temporary order code until payment. */
  reservasi_kode: z.string().min(1),
  /** 1 when the server's total differs from the body's total_bayar. */
  flag_harga_berubah: flag01,
  total_bayar: RupiahSchema,
  /** 1 when nothing is left to pay (free ticket, fully covered by points or voucher). */
  flag_lunas: flag01,
  /**
   * The order's key: sent back as the X-Order-Key header it lets this browser open the order,
   * choose the payment and cancel. A code alone opens nothing (the guest page also needs the
   * booker's email or phone).
   */
  kunci_pesanan: z.string().min(16),
});
export type ReservasiResults = z.infer<typeof ReservasiResultsSchema>;

/** The whole reply: results, or the error envelope (code RSV-2 when a seat was taken meanwhile). */
export const ReservasiReplySchema = envelope(ReservasiResultsSchema);
export type ReservasiReply = z.infer<typeof ReservasiReplySchema>;
