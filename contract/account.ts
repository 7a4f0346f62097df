import { z } from 'zod';
import { DateSchema, RupiahSchema, TimeSchema, pageParam } from './common';
import { EmailSchema, FIELD_LIMITS, PhoneSchema, messages } from './fields';
import { OrderStatusSchema } from './order';

/**
 * Accounts (spec sections 6 and 7 "Login", "Profile", points and history): sign-in by a one-time
 * code sent to a phone or an email, the customer's profile, bookings and points. The spec lists
 * the calls; what they answer is ours.
 */

// ---------------------------------------------------------------- login by one-time code

export const OTP = {
  length: 6,
  /** A code works this long after it is sent. */
  ttlSeconds: 300,
  /** Wrong tries one code allows; then a new code is needed. */
  maxAttempts: 5,
  /** A new code may be asked for this long after the last one. */
  resendSeconds: 60,
} as const;

/** The `_atx` cookie and the session behind it last one year (spec section 9). */
export const SESSION_DAYS = 365;

export const LoginChannelSchema = z.enum(['telp', 'email'], { error: 'Pilih masuk dengan nomor handphone atau email' });
export type LoginChannel = z.infer<typeof LoginChannelSchema>;

export const ACCOUNT_MESSAGE = {
  otpFormat: `Kode OTP harus ${OTP.length} digit angka`,
  otpWrong: (left: number) =>
    left > 0 ? `Kode OTP salah. Sisa ${left} kali percobaan` : 'Kode OTP salah. Silakan minta kode baru',
  otpExpired: 'Kode OTP sudah kedaluwarsa. Silakan kirim ulang kode',
  otpUsed: 'Kode OTP sudah digunakan. Silakan minta kode baru',
  otpTooManyAttempts: 'Terlalu banyak percobaan kode OTP yang salah. Silakan minta kode baru',
  otpNotRequested: 'Kode OTP belum dikirim. Silakan minta kode terlebih dahulu',
  /** Resend asked before the timer ran out (429 REQ-2). */
  otpWait: (seconds: number) => `Tunggu ${seconds} detik sebelum mengirim ulang kode`,
  /** Too many codes for one phone or email, or from one client (429 REQ-2). */
  otpTooMany: 'Terlalu banyak permintaan kode OTP. Silakan coba lagi nanti',
  loginTooMany: 'Terlalu banyak percobaan masuk. Silakan coba lagi dalam 1 menit',
  authUnsupported: 'Metode masuk ini belum tersedia',
  /** A bearer token that is unknown, expired or revoked (401 AUT-3): the app drops it and goes on as a guest. */
  sessionInvalid: 'Sesi kamu sudah berakhir. Silakan masuk kembali',
  /** A customer-only call made with the platform's basic credentials (401 AUT-1). */
  signInRequired: 'Masuk untuk bisa gunakan fitur ini',
} as const;

const contactRefine = (
  value: { tipe: LoginChannel; telp?: string | undefined; email?: string | undefined },
  ctx: z.RefinementCtx,
) => {
  const field = value.tipe;
  const schema = field === 'telp' ? PhoneSchema : EmailSchema;
  const checked = schema.safeParse(value[field] ?? '');
  if (!checked.success) {
    ctx.addIssue({ code: 'custom', path: [field], message: checked.error.issues[0]?.message ?? messages.required });
  }
};

const contactFields = {
  tipe: LoginChannelSchema,
  telp: z
    .string()
    .trim()
    .max(FIELD_LIMITS.phoneAllowance + 4, messages.phoneMax)
    .optional(),
  email: z.string().trim().max(64, messages.maxChars32).optional(),
};

/** POST {prefix}/request-customer-login-alternative (tipe, telp, email): sends a code. */
export const RequestLoginBodySchema = z.object(contactFields).superRefine(contactRefine);
export type RequestLoginBody = z.input<typeof RequestLoginBodySchema>;

export const RequestLoginResultsSchema = z.object({
  tipe: LoginChannelSchema,
  /** Where the code went, masked (0812****7890, ri***@contoh.id). */
  tujuan: z.string(),
  berlaku_detik: z.number().int().positive(),
  kirim_ulang_detik: z.number().int().nonnegative(),
  panjang_kode: z.number().int().positive(),
});
export type RequestLoginResults = z.infer<typeof RequestLoginResultsSchema>;

/** POST {prefix}/customer-login (tipe, auth, telp, email, otp, token_firebase). */
export const CustomerLoginBodySchema = z
  .object({
    ...contactFields,
    /** How the customer proves the contact: only `otp` is offered. */
    auth: z.literal('otp', { error: ACCOUNT_MESSAGE.authUnsupported }).default('otp'),
    otp: z
      .string({ error: ACCOUNT_MESSAGE.otpFormat })
      .trim()
      .regex(new RegExp(`^\\d{${OTP.length}}$`), ACCOUNT_MESSAGE.otpFormat),
    /** Push token of the native app, kept with the session; absent on the web. */
    token_firebase: z.string().trim().max(4096, 'token_firebase terlalu panjang').optional(),
  })
  .superRefine(contactRefine);
export type CustomerLoginBody = z.input<typeof CustomerLoginBodySchema>;

// ---------------------------------------------------------------- profile

export const GenderSchema = z.enum(['L', 'P'], { error: 'Pilih jenis kelamin' });
export type Gender = z.infer<typeof GenderSchema>;
export const GENDER_LABEL: Record<Gender, string> = { L: 'Laki-laki', P: 'Perempuan' };

/** Occupations offered on the profile form; "Lainnya" asks for the occupation in words. */
export const OCCUPATIONS = [
  { id: 1, nama: 'Pelajar / Mahasiswa' },
  { id: 2, nama: 'Karyawan Swasta' },
  { id: 3, nama: 'Pegawai Negeri / TNI / Polri' },
  { id: 4, nama: 'Wiraswasta' },
  { id: 5, nama: 'Ibu Rumah Tangga' },
  { id: 6, nama: 'Profesional (Dokter, Guru, dll.)' },
  { id: 7, nama: 'Tidak Bekerja / Pensiun' },
  { id: 99, nama: 'Lainnya' },
] as const;
export const OTHER_OCCUPATION_ID = 99;
export const OCCUPATION_OTHER_MAX = 50;

/** GET {prefix}/customer-profil (bearer): missing details come back empty or null. */
export const CustomerProfilResultsSchema = z.object({
  nama: z.string(),
  email: z.string(),
  telp: z.string(),
  jenis_kelamin: GenderSchema.nullable(),
  tanggal_lahir: DateSchema.nullable(),
  pekerjaan_id: z.number().int().nullable(),
  pekerjaan_lainnya: z.string().nullable(),
});
export type CustomerProfilResults = z.infer<typeof CustomerProfilResultsSchema>;

export const PROFILE_MESSAGE = {
  birthDateFuture: 'Tanggal lahir tidak boleh melebihi hari ini',
  birthDateTooOld: 'Tanggal lahir tidak valid',
  occupation: 'Pilih pekerjaan',
  occupationOtherRequired: 'Harap isi pekerjaan lainnya',
  occupationOtherMax: `Maksimal ${OCCUPATION_OTHER_MAX} karakter`,
  saved: 'Profil berhasil disimpan',
} as const;

/** Earliest birth date accepted; anything before is a typo. */
export const BIRTH_DATE_MIN = '1900-01-01';

/** Tomorrow's UTC date: no time zone is a day ahead of it, so a birth date after it is in the future everywhere. */
const tomorrow = () => new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);

/**
 * POST customer-update-data, form-encoded (nama, jenis_kelamin, tanggal_lahir, pekerjaan_id,
 * pekerjaan_lainnya). Every value arrives as text; pekerjaan_lainnya counts only with "Lainnya".
 */
export const CustomerUpdateDataBodySchema = z
  .object({
    nama: z
      .string({ error: messages.required })
      .trim()
      .min(1, messages.required)
      .regex(/^[A-Za-z ]+$/, messages.lettersOnly)
      .min(FIELD_LIMITS.nameMin, 'Masukan min 3 karakter, maksimal 32 karakter')
      .max(FIELD_LIMITS.nameMax, messages.maxChars32),
    jenis_kelamin: GenderSchema,
    tanggal_lahir: DateSchema.refine((value) => value >= BIRTH_DATE_MIN, PROFILE_MESSAGE.birthDateTooOld).refine(
      // A day of slack: the phone's calendar may be a day ahead of the server's.
      (value) => value <= tomorrow(),
      PROFILE_MESSAGE.birthDateFuture,
    ),
    pekerjaan_id: z.coerce
      .number({ error: PROFILE_MESSAGE.occupation })
      .int(PROFILE_MESSAGE.occupation)
      .refine((id) => OCCUPATIONS.some((o) => o.id === id), PROFILE_MESSAGE.occupation),
    pekerjaan_lainnya: z.string().trim().max(OCCUPATION_OTHER_MAX, PROFILE_MESSAGE.occupationOtherMax).optional(),
  })
  .superRefine((value, ctx) => {
    if (value.pekerjaan_id === OTHER_OCCUPATION_ID && !value.pekerjaan_lainnya) {
      ctx.addIssue({ code: 'custom', path: ['pekerjaan_lainnya'], message: PROFILE_MESSAGE.occupationOtherRequired });
    }
  })
  .transform((value) => ({
    ...value,
    pekerjaan_lainnya: value.pekerjaan_id === OTHER_OCCUPATION_ID ? (value.pekerjaan_lainnya ?? null) : null,
  }));
export type CustomerUpdateDataBody = z.input<typeof CustomerUpdateDataBodySchema>;

/** customer-login answers the token (cookie `_atx` and bearer) and the profile it opens. */
export const CustomerLoginResultsSchema = z.object({
  token: z.string(),
  /** ISO instant the session ends. */
  kedaluwarsa: z.string(),
  /** True when this code created the account. */
  pelanggan_baru: z.boolean(),
  profil: CustomerProfilResultsSchema,
});
export type CustomerLoginResults = z.infer<typeof CustomerLoginResultsSchema>;

// ---------------------------------------------------------------- bookings (history)

export const ListReservasiQuerySchema = z.object({ page: pageParam });

/** One leg as a booking card shows it. */
export const OrderCardLegSchema = z.object({
  operator_nama: z.string(),
  operator_logo: z.string(),
  asal_kota_nama: z.string(),
  asal_cabang_nama: z.string(),
  tujuan_kota_nama: z.string(),
  tujuan_cabang_nama: z.string(),
  tanggal_berangkat: DateSchema,
  jam_berangkat: TimeSchema,
});
export type OrderCardLeg = z.infer<typeof OrderCardLegSchema>;

export const OrderCardSchema = z.object({
  reservasi_kode: z.string(),
  status: OrderStatusSchema,
  total_bayar: RupiahSchema,
  /** ISO instants. */
  dibuat_pada: z.string(),
  batas_bayar: z.string(),
  jumlah_penumpang: z.number().int().nonnegative(),
  /** Outbound (first leg of a connecting trip). */
  pergi: OrderCardLegSchema,
  pulang: OrderCardLegSchema.nullable(),
  /** Legs of a connecting trip (0 otherwise). */
  jumlah_leg: z.number().int().nonnegative(),
});
export type OrderCard = z.infer<typeof OrderCardSchema>;

/**
 * GET {prefix}/list-reservasi (active: unpaid within its deadline, or paid and not yet travelled)
 * and {prefix}/list-riwayat-reservasi (the rest), paged, bearer only; only the caller's own.
 */
export const OrderCardPageSchema = z.object({
  page: z.number().int(),
  per_page: z.number().int(),
  total: z.number().int(),
  list: z.array(OrderCardSchema),
});
export type OrderCardPage = z.infer<typeof OrderCardPageSchema>;

// ---------------------------------------------------------------- points

/** GET customer-point (spec "Points response": status_api, total_point). */
export const CustomerPointResultsSchema = z.object({ total_point: z.number().int().nonnegative() });
export type CustomerPointResults = z.infer<typeof CustomerPointResultsSchema>;

/** What moved the balance. */
export const PointEntryKindSchema = z.enum(['potongan', 'kembali', 'cashback', 'bonus']);
export type PointEntryKind = z.infer<typeof PointEntryKindSchema>;
export const POINT_ENTRY_LABEL: Record<PointEntryKind, string> = {
  potongan: 'Tukar point untuk pesanan',
  kembali: 'Point dikembalikan',
  cashback: 'Cashback point',
  bonus: 'Bonus point',
};

export const PointEntrySchema = z.object({
  id: z.number().int(),
  tipe: PointEntryKindSchema,
  /** Signed: spent points are negative. */
  point: z.number().int(),
  keterangan: z.string(),
  reservasi_kode: z.string().nullable(),
  /** ISO instant. */
  tanggal: z.string(),
});
export type PointEntry = z.infer<typeof PointEntrySchema>;

/** GET customer-history-point (page), newest first. */
export const CustomerHistoryPointQuerySchema = z.object({ page: pageParam });
export const CustomerHistoryPointResultsSchema = z.object({
  total_point: z.number().int().nonnegative(),
  page: z.number().int(),
  per_page: z.number().int(),
  total: z.number().int(),
  list: z.array(PointEntrySchema),
});
export type CustomerHistoryPointResults = z.infer<typeof CustomerHistoryPointResultsSchema>;

// ---------------------------------------------------------------- development outbox

/** GET {prefix}/demo/otp-outbox (tujuan): demo mode only (404 otherwise), newest first. */
export const OtpOutboxQuerySchema = z.object({
  tujuan: z
    .string({ error: 'tujuan wajib diisi' })
    .trim()
    .min(1, 'tujuan wajib diisi')
    .max(64, 'tujuan terlalu panjang'),
});
export const OtpOutboxResultsSchema = z.object({
  list: z.array(
    z.object({
      tipe: LoginChannelSchema,
      tujuan: z.string(),
      pesan: z.string(),
      kode: z.string(),
      dibuat_pada: z.string(),
    }),
  ),
});
export type OtpOutboxResults = z.infer<typeof OtpOutboxResultsSchema>;

/** Phones are kept as 08…: +62 8… and 62 8… mean the same number. */
export function normalizePhone(raw: string): string {
  const digits = raw.replace(/[\s-]/g, '').replace(/^\+/, '');
  return digits.startsWith('62') ? `0${digits.slice(2)}` : digits;
}
