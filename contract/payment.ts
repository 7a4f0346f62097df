import { z } from 'zod';
import { MAX_AMOUNT, RupiahSchema } from './common';
import { FeeTypeSchema } from './price';

/**
 * Payment (spec section 7 "Payment" and "After booking"): the methods with their fees, choosing
 * or changing the method of an order (ganti-pembayaran), and what the payment page shows. The
 * provider is an adapter on the server; the built-in one is simulated, and in demo mode it offers
 * "Simulasikan pembayaran" (simulasi-bayar), which settles the order the way a provider's
 * notification would.
 */

/** Request header that proves the caller may act on an order: the key reservasi answered with. */
export const ORDER_KEY_HEADER = 'x-order-key';

export const OrderCodeSchema = z
  .string({ error: 'reservasi_kode wajib diisi' })
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9]{4,16}$/, 'reservasi_kode tidak valid');

export const OrderKeySchema = z.string().regex(/^[A-Za-z0-9_-]{16,128}$/, 'kunci pesanan tidak valid');

export const PaymentKindSchema = z.enum(['va', 'qris', 'retail', 'card']);
export type PaymentKind = z.infer<typeof PaymentKindSchema>;

/** GET list-jenis-pembayaran (amount, voucher_kode, reservasi_kode). */
export const ListJenisPembayaranQuerySchema = z.object({
  amount: z.coerce
    .number({ error: 'amount harus berupa angka' })
    .int()
    .nonnegative()
    // The same ceiling as a voucher check's total_amount: fees on more overflow safe integers.
    .max(MAX_AMOUNT, 'amount terlalu besar')
    .optional(),
  voucher_kode: z.string().max(32).optional(),
  reservasi_kode: OrderCodeSchema.optional(),
});

export const PaymentMethodSchema = z.object({
  kode: z.string(),
  nama: z.string(),
  /** Virtual Account, E-Wallet & QRIS, Gerai Retail, Kartu Kredit/Debit. */
  grup: z.string(),
  jenis: PaymentKindSchema,
  /** The fee as configured: rupiah (nominal) or percent of the amount (persen). */
  fee: z.number().nonnegative(),
  tipe_fee: FeeTypeSchema,
  /** The fee on this amount, in rupiah (0 when no amount was given). */
  biaya: RupiahSchema,
  /** amount + biaya. */
  total: RupiahSchema,
  /** A voucher bound to another method makes this one unavailable. */
  tersedia: z.boolean(),
});
export type PaymentMethod = z.infer<typeof PaymentMethodSchema>;

export const ListJenisPembayaranResultsSchema = z.object({
  amount: RupiahSchema,
  list: z.array(PaymentMethodSchema),
});
export type ListJenisPembayaranResults = z.infer<typeof ListJenisPembayaranResultsSchema>;

/** POST ganti-pembayaran: choose or change the method of an unpaid order (header X-Order-Key). */
export const GantiPembayaranBodySchema = z.object({
  reservasi_kode: OrderCodeSchema,
  jenis_pembayaran_kode: z.string().min(1, 'jenis_pembayaran_kode wajib diisi').max(32),
});
export type GantiPembayaranBody = z.input<typeof GantiPembayaranBodySchema>;

/**
 * The card's browser step (Midtrans's new3ds script): card data goes from the page to the gateway
 * with the client key, which answers a one-time token; only the token reaches our server.
 */
export const CardSetupSchema = z.object({
  client_key: z.string(),
  /** The gateway's script (MidtransNew3ds): getCardToken and the 3DS redirect. */
  script_url: z.string(),
  lingkungan: z.enum(['sandbox', 'production']),
  /** How the last card attempt of this order ended: still at 3DS, or refused; null before any. */
  percobaan_terakhir: z.enum(['menunggu', 'ditolak']).nullable(),
});
export type CardSetup = z.infer<typeof CardSetupSchema>;

/** What the payment page shows: where and how much to pay, and until when. */
export const PaymentInstructionSchema = z.object({
  reservasi_kode: z.string(),
  jenis_pembayaran_kode: z.string(),
  jenis_pembayaran_nama: z.string(),
  jenis: PaymentKindSchema,
  /** Ticket total plus the method's fee. */
  total_bayar: RupiahSchema,
  biaya_admin: RupiahSchema,
  /** Virtual account or retail payment number; null for QRIS and card. */
  nomor_bayar: z.string().nullable(),
  /** Mandiri bill payment's biller code (shown beside the bill key); null otherwise. */
  kode_biller: z.string().nullable().default(null),
  /** The QRIS payload to draw as a QR code; null for other methods. */
  qris: z.string().nullable(),
  /** Where the traveller finishes paying (GoPay's app link); null otherwise. */
  url_bayar: z.string().nullable().default(null),
  /** ISO instant of the payment deadline. */
  batas_bayar: z.string(),
  /** True when the server offers "Simulasikan pembayaran" (demo mode only). */
  simulasi: z.boolean(),
  /** Card through a gateway: what the page needs to make the card token in the browser; null otherwise. */
  kartu: CardSetupSchema.nullable().default(null),
});
export type PaymentInstruction = z.infer<typeof PaymentInstructionSchema>;

/** GET detail-pembayaran (reservasi_kode; header X-Order-Key): the instruction of the chosen method. */
export const DetailPembayaranQuerySchema = z.object({ reservasi_kode: OrderCodeSchema });

/** POST simulasi-bayar (demo mode only; header X-Order-Key): pays the order as the provider would. */
export const SimulasiBayarBodySchema = z.object({ reservasi_kode: OrderCodeSchema });

export const SimulasiBayarResultsSchema = z.object({
  reservasi_kode: z.string(),
  flag_lunas: z.union([z.literal(0), z.literal(1)]),
  /** Cashback points credited to the signed-in booker by this payment (0 on a repeat). */
  cashback_point: z.number().int().nonnegative(),
});
export type SimulasiBayarResults = z.infer<typeof SimulasiBayarResultsSchema>;

/**
 * POST cek-status-pembayaran (header X-Order-Key): "Cek Status Pembayaran". With a gateway the
 * server asks it for the order's charges first (a lost notification is not a lost payment), then
 * answers the order's status.
 */
export const CekStatusPembayaranBodySchema = z.object({ reservasi_kode: OrderCodeSchema });

export const CekStatusPembayaranResultsSchema = z.object({
  reservasi_kode: z.string(),
  flag_lunas: z.union([z.literal(0), z.literal(1)]),
  status: z.enum(['pending', 'paid', 'cancelled', 'expired']),
});
export type CekStatusPembayaranResults = z.infer<typeof CekStatusPembayaranResultsSchema>;

/** POST bayar-kartu (header X-Order-Key): charges the order's card with the browser's one-time token. */
export const BayarKartuBodySchema = z.object({
  reservasi_kode: OrderCodeSchema,
  token_id: z
    .string({ error: 'token_id wajib diisi' })
    .min(8, 'token_id tidak valid')
    .max(128, 'token_id tidak valid')
    .regex(/^[A-Za-z0-9-]+$/, 'token_id tidak valid'),
});
export type BayarKartuBody = z.input<typeof BayarKartuBodySchema>;

export const BayarKartuResultsSchema = z.object({
  reservasi_kode: z.string(),
  /** paid: captured without a 3DS step; pending: the bank's 3DS page (url_3ds) comes next. */
  status: z.enum(['paid', 'pending']),
  /** The gateway's 3DS page; null once paid. */
  url_3ds: z.string().nullable(),
});
export type BayarKartuResults = z.infer<typeof BayarKartuResultsSchema>;

/** POST demo/ubah-harga (demo mode only): the operator changes a departure's fare (e2e and demos). */
export const UbahHargaBodySchema = z.object({
  operator_kode: z.string().min(1).max(32),
  jadwal_kode: z.string().min(1).max(64),
  harga: RupiahSchema,
});
export type UbahHargaBody = z.input<typeof UbahHargaBodySchema>;
