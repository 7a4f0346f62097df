import { z } from 'zod';
import { ID_MAX, flagParam, pageParam, recordIdParam } from './common';
import { OrderCodeSchema } from './payment';

/**
 * Feedback (spec section 7: feedback-kategori, feedback-riwayat, feedback-detail; sending one is
 * beyond the spec's list): a signed-in customer writes to the support team and reads the reply.
 */

export const FEEDBACK_LIMITS = { subjectMin: 5, subjectMax: 80, messageMin: 20, messageMax: 1000 } as const;

export const FEEDBACK_MESSAGES = {
  category: 'Pilih kategori masukan',
  subject: `Judul minimal ${FEEDBACK_LIMITS.subjectMin} dan maksimal ${FEEDBACK_LIMITS.subjectMax} karakter`,
  message: `Pesan minimal ${FEEDBACK_LIMITS.messageMin} dan maksimal ${FEEDBACK_LIMITS.messageMax} karakter`,
  signIn: 'Masuk untuk mengirim dan melihat masukan',
  notFound: 'Masukan tidak ditemukan',
  sent: 'Terima kasih, masukanmu sudah kami terima',
} as const;

export const FeedbackCategorySchema = z.object({ kategori_id: z.number().int().positive(), nama: z.string() });
export const FeedbackKategoriResultsSchema = z.object({ list: z.array(FeedbackCategorySchema) });
export type FeedbackKategoriResults = z.infer<typeof FeedbackKategoriResultsSchema>;

export const FeedbackSubjectSchema = z
  .string({ error: FEEDBACK_MESSAGES.subject })
  .trim()
  .min(FEEDBACK_LIMITS.subjectMin, FEEDBACK_MESSAGES.subject)
  .max(FEEDBACK_LIMITS.subjectMax, FEEDBACK_MESSAGES.subject);
export const FeedbackMessageSchema = z
  .string({ error: FEEDBACK_MESSAGES.message })
  .trim()
  .min(FEEDBACK_LIMITS.messageMin, FEEDBACK_MESSAGES.message)
  .max(FEEDBACK_LIMITS.messageMax, FEEDBACK_MESSAGES.message);

/** POST feedback-create (bearer). */
export const FeedbackCreateBodySchema = z.object({
  kategori_id: z.coerce
    .number({ error: FEEDBACK_MESSAGES.category })
    .int()
    .positive(FEEDBACK_MESSAGES.category)
    .max(ID_MAX, FEEDBACK_MESSAGES.category),
  judul: FeedbackSubjectSchema,
  pesan: FeedbackMessageSchema,
  reservasi_kode: OrderCodeSchema.nullable().default(null),
});
export type FeedbackCreateBody = z.input<typeof FeedbackCreateBodySchema>;

export const FeedbackSchema = z.object({
  feedback_id: z.number().int().positive(),
  kategori: z.string(),
  judul: z.string(),
  pesan: z.string(),
  reservasi_kode: z.string().nullable(),
  status: z.enum(['terkirim', 'dibalas']),
  balasan: z.string().nullable(),
  /** A reply the customer has not opened yet. */
  balasan_baru: z.boolean(),
  dibuat_pada: z.string(),
  dibalas_pada: z.string().nullable(),
});
export type Feedback = z.infer<typeof FeedbackSchema>;

export const FeedbackRiwayatQuerySchema = z.object({ page: pageParam });
export const FeedbackRiwayatResultsSchema = z.object({
  list: z.array(FeedbackSchema),
  page: z.number().int().positive(),
  total_page: z.number().int().nonnegative(),
});
export type FeedbackRiwayatResults = z.infer<typeof FeedbackRiwayatResultsSchema>;

/** flag_read 1 marks the reply read (the detail page opened). */
export const FeedbackDetailQuerySchema = z.object({
  feedback_id: recordIdParam('feedback_id'),
  flag_read: flagParam.default(false),
});
