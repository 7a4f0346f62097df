import { z } from 'zod';
import { DateSchema, OperatorTypeSchema, RupiahSchema, TimeSchema } from './common';
import { OrderCodeSchema, PaymentKindSchema } from './payment';
import { PriceLineSchema } from './price';

/**
 * After booking (spec section 7): the order (ticket) detail, the guest's look-up by code plus
 * email or phone, and cancelling. detail-reservasi needs the order's key (header X-Order-Key,
 * from the reservasi reply or from a successful guest look-up) or the signed-in booker's token;
 * without either it answers NFD-1 exactly as for an unknown code, so a code alone reveals nothing.
 */

export const OrderStatusSchema = z.enum(['pending', 'paid', 'cancelled', 'expired']);
export type OrderStatus = z.infer<typeof OrderStatusSchema>;

/** The Indonesian label of each status, shown on the order pages. */
export const ORDER_STATUS_LABEL: Record<OrderStatus, string> = {
  pending: 'Menunggu Pembayaran',
  paid: 'Lunas',
  cancelled: 'Dibatalkan',
  expired: 'Kedaluwarsa',
};

export const OrderPassengerSchema = z.object({
  /** Seat number; null until the operator assigns it (schedule without seat selection). */
  kursi: z.string().nullable(),
  nama: z.string(),
});

/** One leg of the order, as the ticket shows it (spec: operator_nama, asal_cabang_nama, tujuan_cabang_nama). */
export const OrderLegSchema = z.object({
  operator_kode: z.string(),
  operator_nama: z.string(),
  operator_tipe: OperatorTypeSchema,
  operator_logo: z.string(),
  jadwal_kode: z.string(),
  tanggal_berangkat: DateSchema,
  jam_berangkat: TimeSchema,
  asal_kota_nama: z.string(),
  asal_cabang_nama: z.string(),
  asal_alamat: z.string(),
  asal_lat: z.number(),
  asal_lon: z.number(),
  tujuan_kota_nama: z.string(),
  tujuan_cabang_nama: z.string(),
  penumpang: z.array(OrderPassengerSchema),
});
export type OrderLeg = z.infer<typeof OrderLegSchema>;

export const OrderDetailSchema = z.object({
  reservasi_kode: z.string(),
  status: OrderStatusSchema,
  /** 1 once paid (spec "Ticket detail response"). */
  flag_lunas: z.union([z.literal(0), z.literal(1)]),
  pemesan_nama: z.string(),
  pemesan_email: z.string(),
  pemesan_telp: z.string(),
  /** Outbound leg; for a connecting trip its first leg. */
  pergi: OrderLegSchema,
  /** Return leg of a round trip, else null. */
  pulang: OrderLegSchema.nullable(),
  /** Every leg of a connecting trip in order (empty otherwise). */
  connecting: z.array(OrderLegSchema),
  sub_total: RupiahSchema,
  /** What is left to pay: the ticket total plus the chosen method's fee. */
  total_bayar: RupiahSchema,
  biaya_admin: RupiahSchema,
  list_harga: z.array(PriceLineSchema),
  jenis_pembayaran: z.object({ kode: z.string(), nama: z.string(), jenis: PaymentKindSchema }).nullable(),
  /** ISO instant: the payment deadline of an unpaid order. */
  batas_bayar: z.string(),
  /** ISO instant of the server's clock when it answered, so a countdown does not trust the phone's clock. */
  waktu_server: z.string(),
  /** ISO instant of payment, else null. */
  dibayar_pada: z.string().nullable(),
  cashback_point: z.number().int().nonnegative(),
  /** An unpaid order that has not expired may be cancelled. */
  bisa_batal: z.boolean(),
});
export type OrderDetail = z.infer<typeof OrderDetailSchema>;

/** GET detail-reservasi (reservasi_kode; header X-Order-Key or the booker's bearer token). */
export const DetailReservasiQuerySchema = z.object({ reservasi_kode: OrderCodeSchema });

/** GET web-detail-reservasi (reservasi_kode, pemesan_email_telp): the guest look-up, rate limited. */
export const WebDetailReservasiQuerySchema = z.object({
  reservasi_kode: OrderCodeSchema,
  pemesan_email_telp: z
    .string({ error: 'Email atau nomor handphone wajib diisi' })
    .trim()
    .min(1, 'Email atau nomor handphone wajib diisi')
    .max(64, 'Email atau nomor handphone tidak valid'),
});

/** The guest look-up also hands over the order's key, so the guest page can change payment or cancel. */
export const WebDetailReservasiResultsSchema = OrderDetailSchema.extend({ kunci_pesanan: z.string() });
export type WebDetailReservasiResults = z.infer<typeof WebDetailReservasiResultsSchema>;

/** The one answer for an unknown code and for a contact that does not match. */
export const GUEST_LOOKUP_REFUSED = 'Kode pesanan atau email/nomor handphone tidak cocok';

/** Reasons offered when cancelling (jenis_batal). */
export const CANCEL_REASONS = [
  { kode: 'ganti-jadwal', label: 'Ingin mengganti jadwal' },
  { kode: 'salah-data', label: 'Salah memasukkan data' },
  { kode: 'batal-pergi', label: 'Tidak jadi berangkat' },
  { kode: 'lainnya', label: 'Alasan lainnya' },
] as const;
export const CancelReasonSchema = z.enum(['ganti-jadwal', 'salah-data', 'batal-pergi', 'lainnya'], {
  error: 'Pilih alasan pembatalan',
});

/** POST batal-reservasi (reservasi_kode, jenis_batal; header X-Order-Key or the booker's token). */
export const BatalReservasiBodySchema = z.object({
  reservasi_kode: OrderCodeSchema,
  jenis_batal: CancelReasonSchema,
});
export type BatalReservasiBody = z.input<typeof BatalReservasiBodySchema>;

export const BatalReservasiResultsSchema = z.object({
  reservasi_kode: z.string(),
  status: z.literal('cancelled'),
});
