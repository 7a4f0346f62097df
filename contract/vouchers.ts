import { z } from 'zod';
import { DateSchema, MAX_AMOUNT, RupiahSchema } from './common';
import { EmailSchema, PhoneSchema } from './fields';
import { FeeTypeSchema } from './price';

/**
 * Vouchers (spec section 7 "Vouchers (GET)"): the list the booker picks from, one voucher's
 * terms, and the check of a code against the trip before it is applied. A refused voucher
 * answers HTTP 422 with its own code (VCR-1 ... VCR-5, contract/envelope.ts) and an Indonesian
 * reason; the price check refuses the same voucher with the same code and message.
 */

export const VOUCHER_CODE_MAX = 32;

const voucherKode = z
  .string({ error: 'voucher_kode wajib diisi' })
  .trim()
  .min(1, 'voucher_kode wajib diisi')
  .max(VOUCHER_CODE_MAX, `voucher_kode maksimal ${VOUCHER_CODE_MAX} karakter`);

const code = (name: string) =>
  z
    .string({ error: `${name} wajib diisi` })
    .trim()
    .min(1, `${name} wajib diisi`)
    .max(64, `${name} terlalu panjang`);

/** Query strings carry "0"/"1"; the JSON-minded client may pass 0/1. */
const flagQuery = z
  .union([z.literal('0'), z.literal('1'), z.literal(0), z.literal(1)], { error: 'nilai flag harus 0 atau 1' })
  .transform((value): 0 | 1 => (value === 1 || value === '1' ? 1 : 0));

/** The amount the voucher is measured against: the tickets' subtotal, as the price check computes it. */
const totalAmount = z.coerce
  .number({ error: 'total_amount wajib diisi dengan angka' })
  .int('total_amount harus bilangan bulat')
  .nonnegative('total_amount tidak boleh negatif')
  .max(MAX_AMOUNT, 'total_amount terlalu besar');

/** GET validasi-voucher. */
export const ValidasiVoucherQuerySchema = z
  .object({
    voucher_kode: voucherKode,
    email: EmailSchema,
    telp: PhoneSchema,
    /** Absent while no payment method is chosen yet. */
    jenis_pembayaran_kode: z.string().trim().max(32, 'jenis_pembayaran_kode terlalu panjang').optional(),
    operator_kode_pergi: code('operator_kode_pergi'),
    jadwal_kode_pergi: code('jadwal_kode_pergi'),
    tanggal_berangkat_pergi: DateSchema,
    operator_kode_pulang: code('operator_kode_pulang').optional(),
    jadwal_kode_pulang: code('jadwal_kode_pulang').optional(),
    tanggal_berangkat_pulang: DateSchema.optional(),
    flag_pp: flagQuery.default(0),
    total_amount: totalAmount,
  })
  .superRefine((query, ctx) => {
    if (
      query.flag_pp === 1 &&
      (!query.operator_kode_pulang || !query.jadwal_kode_pulang || !query.tanggal_berangkat_pulang)
    ) {
      ctx.addIssue({
        code: 'custom',
        path: ['jadwal_kode_pulang'],
        message: 'jadwal pulang wajib diisi untuk pulang pergi',
      });
    }
  });
export type ValidasiVoucherQuery = z.input<typeof ValidasiVoucherQuerySchema>;

export const ValidasiVoucherResultsSchema = z.object({
  voucher_kode: z.string(),
  voucher_nama: z.string(),
  /** The discount in rupiah for total_amount: never more than total_amount. */
  potongan: RupiahSchema,
  tipe_potongan: FeeTypeSchema,
  /** Percent (tipe persen) or rupiah (tipe nominal). */
  nilai_potongan: z.number().int().nonnegative(),
  maks_potongan: RupiahSchema.nullable(),
  min_transaksi: RupiahSchema,
  berlaku_sampai: DateSchema,
});
export type ValidasiVoucherResults = z.infer<typeof ValidasiVoucherResultsSchema>;

/** GET list-voucher: email and telp identify the booker; the list does not depend on them yet. */
export const ListVoucherQuerySchema = z.object({
  search: z.string().trim().max(64, 'search maksimal 64 karakter').default(''),
  email: z.string().trim().max(64, 'email terlalu panjang').optional(),
  telp: z.string().trim().max(32, 'telp terlalu panjang').optional(),
});
export type ListVoucherQuery = z.input<typeof ListVoucherQuerySchema>;

/** A voucher as the list and the detail show it. */
export const VoucherItemSchema = z.object({
  voucher_kode: z.string(),
  voucher_nama: z.string(),
  deskripsi: z.string(),
  tipe_potongan: FeeTypeSchema,
  nilai_potongan: z.number().int().nonnegative(),
  maks_potongan: RupiahSchema.nullable(),
  min_transaksi: RupiahSchema,
  berlaku_sampai: DateSchema,
  /** Code of the only payment method it works with, or null for any. */
  metode_pembayaran: z.string().nullable(),
  metode_pembayaran_nama: z.string().nullable(),
});
export type VoucherItem = z.infer<typeof VoucherItemSchema>;

export const ListVoucherResultsSchema = z.object({ list: z.array(VoucherItemSchema) });
export type ListVoucherResults = z.infer<typeof ListVoucherResultsSchema>;

/** GET detail-voucher. */
export const DetailVoucherQuerySchema = z.object({ voucher_kode: voucherKode });
export type DetailVoucherQuery = z.input<typeof DetailVoucherQuerySchema>;

export const DetailVoucherResultsSchema = VoucherItemSchema.extend({
  /** Terms in Indonesian, one sentence each, built from the voucher's own rules. */
  syarat: z.array(z.string()),
});
export type DetailVoucherResults = z.infer<typeof DetailVoucherResultsSchema>;
