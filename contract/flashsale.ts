import { z } from 'zod';
import { DateSchema, ID_MAX, RupiahSchema, pageParam, recordIdParam } from './common';
import { BookerNameSchema, EmailSchema, PhoneSchema } from './fields';
import { PaymentMethodSchema } from './payment';

/**
 * Flash sale (spec section 7 "Flash sale"; shapes not shown there). A day has sessions (sesi), each
 * with timed sub-sessions (sesi_sub) whose cards (a trip at a flash price) are on sale only while
 * the sub-session runs. Every card has a quiz question: the right answer gives a one-purchase
 * key (key_auth) that payment methods and the purchase need, good only for the client that answered
 * (the signed-in customer, or the guest's address); a wrong answer blocks that card for the client
 * until the sub-session ends. Stock and each client's purchase cap are enforced by the database.
 */

export const FLASH_SALE_MESSAGES = {
  notRunning: 'Sesi flash sale ini belum dimulai atau sudah berakhir',
  wrongAnswer: 'Jawaban kamu salah. Kamu tidak dapat membeli kartu ini di sesi ini',
  keyInvalid: 'Waktu pembelian habis atau kunci tidak berlaku. Jawab soal lagi untuk membeli',
  soldOut: 'Maaf, kartu flash sale ini sudah habis terjual',
  notYourKey: 'Kunci pembelian ini didapat oleh pembeli lain. Jawab soal sendiri untuk membeli kartu ini',
  limitReached: 'Kamu sudah mencapai batas pembelian kartu ini di sesi ini',
  cardUnknown: 'Kartu flash sale tidak ditemukan',
  transactionUnknown: 'Transaksi flash sale tidak ditemukan',
  signIn: 'Masuk untuk melihat riwayat transaksi flash sale',
} as const;

/** How long a right answer's key stays valid for its one purchase. */
export const FLASH_SALE_KEY_MINUTES = 15;
/**
 * Purchases of one card one buyer may hold in its session (paid or still awaiting payment) unless the
 * server's FLASH_SALE_PURCHASES_PER_CARD says otherwise. The spec gives no number.
 */
export const FLASH_SALE_PURCHASES_PER_CARD = 1;
/** How long a flash-sale transaction waits for its payment. */
export const FLASH_SALE_PAY_MINUTES = 30;

export const FlashSaleStatusSchema = z.enum(['berlangsung', 'akan-datang', 'selesai']);
export type FlashSaleStatus = z.infer<typeof FlashSaleStatusSchema>;

export const FlashSaleSessionSchema = z.object({
  sesi_sub_id: z.number().int().positive(),
  sesi_id: z.number().int().positive(),
  /** "Sesi 06.00". */
  nama: z.string(),
  tanggal: z.string(),
  /** ISO instants. */
  mulai: z.string(),
  selesai: z.string(),
  status: FlashSaleStatusSchema,
});
export type FlashSaleSession = z.infer<typeof FlashSaleSessionSchema>;

export const FlashSaleCardSchema = z.object({
  card_id: z.number().int().positive(),
  sesi_sub_id: z.number().int().positive(),
  judul: z.string(),
  operator_kode: z.string(),
  operator_nama: z.string(),
  operator_logo: z.string(),
  asal: z.string(),
  tujuan: z.string(),
  harga_normal: RupiahSchema,
  harga_flashsale: RupiahSchema,
  stok: z.number().int().nonnegative(),
  terjual: z.number().int().nonnegative(),
  sisa: z.number().int().nonnegative(),
  /** The trip the card buys may depart between these dates (inclusive). */
  berlaku_mulai: z.string(),
  berlaku_sampai: z.string(),
});
export type FlashSaleCard = z.infer<typeof FlashSaleCardSchema>;

/** GET flashsale/beranda: the flash-sale home. `waktu_server` lets countdowns follow the server's clock. */
export const FlashSaleBerandaResultsSchema = z.object({
  judul: z.string(),
  deskripsi: z.string(),
  syarat: z.array(z.string()),
  /** Days that have sessions, from today. */
  tanggal: z.array(z.string()),
  sesi_berlangsung: FlashSaleSessionSchema.nullable(),
  sesi_berikutnya: FlashSaleSessionSchema.nullable(),
  waktu_server: z.string(),
});
export type FlashSaleBerandaResults = z.infer<typeof FlashSaleBerandaResultsSchema>;

export const FlashSaleListSesiQuerySchema = z.object({ tanggal: DateSchema });
export const FlashSaleListSesiResultsSchema = z.object({
  tanggal: z.string(),
  list: z.array(FlashSaleSessionSchema),
  waktu_server: z.string(),
});
export type FlashSaleListSesiResults = z.infer<typeof FlashSaleListSesiResultsSchema>;

export const FlashSaleListCardQuerySchema = z.object({ sesi_sub_id: recordIdParam('sesi_sub_id') });
export const FlashSaleListCardResultsSchema = z.object({
  sesi: FlashSaleSessionSchema,
  list: z.array(FlashSaleCardSchema),
  waktu_server: z.string(),
});
export type FlashSaleListCardResults = z.infer<typeof FlashSaleListCardResultsSchema>;

export const FlashSaleCardQuerySchema = z.object({ card_id: recordIdParam('card_id') });
export const FlashSaleDetailCardResultsSchema = FlashSaleCardSchema.extend({
  deskripsi: z.string(),
  syarat: z.array(z.string()),
  sesi: FlashSaleSessionSchema,
  waktu_server: z.string(),
});
export type FlashSaleDetailCardResults = z.infer<typeof FlashSaleDetailCardResultsSchema>;

export const QuizOptionCodeSchema = z.enum(['A', 'B', 'C', 'D'], { error: 'jawaban harus A, B, C atau D' });
export type QuizOptionCode = z.infer<typeof QuizOptionCodeSchema>;

/** GET flashsale/soal-card: the question, never its answer. */
export const FlashSaleSoalResultsSchema = z.object({
  card_id: z.number().int().positive(),
  soal: z.string(),
  pilihan: z.array(z.object({ kode: QuizOptionCodeSchema, teks: z.string() })).min(2),
});
export type FlashSaleSoalResults = z.infer<typeof FlashSaleSoalResultsSchema>;

export const FlashSaleCekSoalQuerySchema = z.object({
  card_id: recordIdParam('card_id'),
  jawaban: z.string({ error: 'jawaban wajib diisi' }).trim().toUpperCase().pipe(QuizOptionCodeSchema),
});
/** A right answer: the purchase key. A wrong one is a 403 FLS-2 envelope. */
export const FlashSaleCekSoalResultsSchema = z.object({
  benar: z.literal(true),
  key_auth: z.string(),
  /** ISO instant the key stops working. */
  berlaku_sampai: z.string(),
  /** The server's clock at the answer: the app counts the key's time from it, not the phone's. */
  waktu_server: z.string(),
});
export type FlashSaleCekSoalResults = z.infer<typeof FlashSaleCekSoalResultsSchema>;

export const KeyAuthSchema = z
  .string({ error: 'key_auth wajib diisi' })
  .regex(/^[A-Za-z0-9_-]{32,64}$/, 'key_auth tidak valid');

export const FlashSaleJenisPembayaranQuerySchema = z.object({
  card_id: recordIdParam('card_id'),
  key_auth: KeyAuthSchema,
});
export const FlashSaleJenisPembayaranResultsSchema = z.object({
  amount: RupiahSchema,
  list: z.array(PaymentMethodSchema),
});
export type FlashSaleJenisPembayaranResults = z.infer<typeof FlashSaleJenisPembayaranResultsSchema>;

/** POST flashsale/transaksi: the booker fields follow the booking's rules. */
export const FlashSaleTransaksiBodySchema = z.object({
  card_id: z.coerce
    .number({ error: 'card_id harus berupa angka' })
    .int()
    .positive('card_id tidak valid')
    .max(ID_MAX, 'card_id tidak valid'),
  key_auth: KeyAuthSchema,
  pemesan_nama: BookerNameSchema,
  pemesan_email: EmailSchema,
  pemesan_telp: PhoneSchema,
  jenis_pembayaran_kode: z.string().min(1, 'jenis_pembayaran_kode wajib diisi').max(32),
});
export type FlashSaleTransaksiBody = z.input<typeof FlashSaleTransaksiBodySchema>;

export const FlashSaleTransactionStatusSchema = z.enum(['menunggu-pembayaran', 'lunas', 'kedaluwarsa']);

export const FlashSaleTransactionCodeSchema = z
  .string({ error: 'transaksi_kode wajib diisi' })
  .trim()
  .toUpperCase()
  .regex(/^FS[A-Z0-9]{8}$/, 'transaksi_kode tidak valid');

export const FlashSaleTransactionSchema = z.object({
  transaksi_kode: z.string(),
  status: FlashSaleTransactionStatusSchema,
  card: FlashSaleCardSchema.pick({
    card_id: true,
    judul: true,
    operator_kode: true,
    operator_nama: true,
    operator_logo: true,
    asal: true,
    tujuan: true,
    berlaku_mulai: true,
    berlaku_sampai: true,
  }),
  pemesan_nama: z.string(),
  pemesan_email: z.string(),
  pemesan_telp: z.string(),
  jenis_pembayaran_kode: z.string(),
  jenis_pembayaran_nama: z.string(),
  harga: RupiahSchema,
  biaya_admin: RupiahSchema,
  total_bayar: RupiahSchema,
  /** Virtual account, retail number or Mandiri's bill key; null for QRIS and card. */
  nomor_bayar: z.string().nullable(),
  /**
   * As the order's PaymentInstruction: Mandiri's biller code (shown beside the bill key), the QRIS
   * payload to draw, GoPay's app link; null otherwise (and in replies older than these fields).
   */
  kode_biller: z.string().nullable().default(null),
  qris: z.string().nullable().default(null),
  url_bayar: z.string().nullable().default(null),
  dibuat_pada: z.string(),
  batas_bayar: z.string(),
  /**
   * Paid with the simulated provider (demo mode): the page offers "Simulasikan pembayaran"
   * (flashsale/simulasi-bayar), as an order's payment page does. False in replies older than this.
   */
  simulasi: z.boolean().default(false),
});
export type FlashSaleTransaction = z.infer<typeof FlashSaleTransactionSchema>;

/** The purchase's answer: the transaction and its key (header X-Order-Key) for reading it later. */
export const FlashSaleTransaksiResultsSchema = FlashSaleTransactionSchema.extend({ kunci: z.string() });
export type FlashSaleTransaksiResults = z.infer<typeof FlashSaleTransaksiResultsSchema>;

/** Header X-Order-Key (the purchase's key) or the buyer's bearer token. */
export const FlashSaleDetailTransaksiQuerySchema = z.object({ transaksi_kode: FlashSaleTransactionCodeSchema });

/**
 * POST flashsale/cek-status ("Cek Status Pembayaran"; header X-Order-Key or the buyer's bearer token):
 * with a gateway the server asks it about the purchase's open charges first, then answers the
 * purchase as detail-transaksi does.
 */
export const FlashSaleCekStatusBodySchema = z.object({ transaksi_kode: FlashSaleTransactionCodeSchema });

/**
 * POST flashsale/simulasi-bayar (demo mode with the simulated provider only; 404 otherwise; header
 * X-Order-Key or the buyer's bearer token): settles the purchase as a provider's notification
 * would, once. Answers the purchase as detail-transaksi does.
 */
export const FlashSaleSimulasiBayarBodySchema = z.object({ transaksi_kode: FlashSaleTransactionCodeSchema });

export const FlashSaleListTransaksiQuerySchema = z.object({ page: pageParam });
export const FlashSaleListTransaksiResultsSchema = z.object({
  list: z.array(FlashSaleTransactionSchema),
  page: z.number().int().positive(),
  total_page: z.number().int().nonnegative(),
});
export type FlashSaleListTransaksiResults = z.infer<typeof FlashSaleListTransaksiResultsSchema>;
